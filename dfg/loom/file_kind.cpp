#include "dfg/loom/file_kind.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

namespace loom::dfg {

namespace {

bool isWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$' ||
         c == '-';
}

std::string wordAt(const std::string& s, size_t i) {
  size_t j = i;
  while (j < s.size() && isWordChar(s[j]))
    ++j;
  return s.substr(i, j - i);
}

// Past the string literal that starts at i (a '"').
size_t skipString(const std::string& s, size_t i) {
  for (++i; i < s.size() && s[i] != '"'; ++i)
    if (s[i] == '\\') ++i;
  return std::min(i + 1, s.size());
}

// The op name a token at an op start spells: `name`, or `"name"` (the generic form).
std::string opNameAt(const std::string& s, size_t i) {
  if (s[i] != '"') return wordAt(s, i);
  std::string w = wordAt(s, i + 1);
  return s.compare(i + 1 + w.size(), 1, "\"") == 0 ? w : "";
}

// What one top-level op name says of the file: handshake.func and loom.dfg are
// networks; func.func, and MLIR 14's func and builtin.func, are host code.
enum class Evidence { None, Handshake, LoomDfg, Host };

Evidence evidenceOf(const std::string& op) {
  if (op == "handshake.func") return Evidence::Handshake;
  if (op == "loom.dfg") return Evidence::LoomDfg;
  if (op == "func.func" || op == "func" || op == "builtin.func") return Evidence::Host;
  return Evidence::None;
}

} // namespace

SniffedKind sniffFileKind(const std::string& text) {
  SniffedKind first[3]; // where each kind of evidence (Evidence - 1) was first seen
  bool opStart = true;
  unsigned line = 1;
  size_t lineStart = 0;
  for (size_t i = 0; i < text.size();) {
    char c = text[i];
    if (c == '\n') {
      opStart = true, ++i, ++line, lineStart = i;
      continue;
    }
    if (c == '{' || std::isspace(static_cast<unsigned char>(c))) {
      opStart = opStart || c == '{', ++i;
      continue;
    }
    if (text.compare(i, 2, "//") == 0) {
      i = std::min(text.find('\n', i), text.size());
      continue;
    }
    if (opStart)
      if (Evidence e = evidenceOf(opNameAt(text, i)); e != Evidence::None) {
        SniffedKind& f = first[static_cast<int>(e) - 1];
        if (!f.line) f.line = line, f.column = static_cast<unsigned>(i - lineStart + 1);
      }
    opStart = false;
    if (c != '"') {
      i += std::max<size_t>(wordAt(text, i).size(), 1);
      continue;
    }
    size_t end = skipString(text, i); // a string may span lines: none of them starts an op
    for (; (i = text.find('\n', i)) < end; lineStart = ++i)
      ++line;
    i = end;
  }
  const SniffedKind &handshake = first[0], &loomDfg = first[1], &host = first[2];
  SniffedKind k;
  if (handshake.line)
    k = handshake, k.kind = host.line ? FileKind::LoomProgram : FileKind::LoomNetworks;
  else if (loomDfg.line)
    k = loomDfg, k.kind = FileKind::LoomSimDfg;
  else if (host.line)
    k = host, k.kind = FileKind::ScfProgram;
  return k;
}

FileKind fileKindOfPath(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return in ? sniffFileKind(text.str()).kind : FileKind::Unknown;
}

const char* fileKindName(FileKind kind) {
  switch (kind) {
  case FileKind::ScfProgram: return "an SCF program";
  case FileKind::LoomSimDfg: return "a dataflow graph in loom-sim's form (loom.dfg)";
  case FileKind::LoomNetworks: return "LOOM's dataflow networks (handshake.func, no host code)";
  case FileKind::LoomProgram: return "a program LOOM compiled (host code and handshake.funcs)";
  case FileKind::Unknown: break;
  }
  return "no function";
}

bool isProgramKind(FileKind kind) {
  return kind == FileKind::ScfProgram || kind == FileKind::LoomProgram;
}

bool isDfgKind(FileKind kind) {
  return kind == FileKind::LoomSimDfg || kind == FileKind::LoomNetworks ||
         kind == FileKind::LoomProgram;
}

std::string wrongKindMessage(FileKind kind, const std::string& file, bool wantedProgram) {
  std::string m = std::string("this file holds ") + fileKindName(kind) + ", not ";
  if (wantedProgram)
    return m + "a program: `loom-sim sim " + file + "` simulates a call of it, `loom-sim verify " +
           file + "` checks it";
  return m + "a dataflow graph: `loom-sim lower " + file +
         "` lowers it to one (and verifies it), `loom-sim run " + file + "` runs it";
}

} // namespace loom::dfg
