#include "dfg/op_names.h"

#include "ir/ir.h"

#include <cctype>
#include <cstdint>

namespace loom::dfg {

namespace {

std::string baseName(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// "vecsum.cpp:32" from a source position "tests/app/vecsum/vecsum.cpp:32:0"; else the
// .mlir file's "gcd.mlir:23".
std::string place(const Loc& loc) {
  if (loc.source) {
    std::string s = baseName(*loc.source);
    size_t last = s.rfind(':');
    if (last != std::string::npos && s.find(':') != last) s.resize(last); // the column
    return s;
  }
  return (loc.file ? baseName(*loc.file) : std::string("line")) + ":" + std::to_string(loc.line);
}

} // namespace

OpNames opNames(const Module& m) {
  OpNames names;
  for (const Op* op : m.opsById())
    if (op && !op->regions.empty() && op->loc.line)
      names[op->id] = "the " + std::string(op->name()) + " at " + place(op->loc);
  return names;
}

OpNames opNames(const Graph& g) {
  OpNames names;
  for (Vertex v = 0; v < g.numNodes(); ++v) {
    const Origin& o = g.node(v).origin;
    if (o.op && !o.op->regions.empty() && o.op->loc.line)
      names[o.op->id] = "the " + std::string(o.op->name()) + " at " + place(o.op->loc);
    else if (g.node(v).kind == NodeKind::Stream && o.opId != Origin::kNoOp && o.loc.line)
      names.emplace(o.opId, "the loop at " + place(o.loc));
  }
  return names;
}

std::string nameOps(const std::string& text, const OpNames& names) {
  if (names.empty()) return text;
  std::string out;
  size_t at = 0;
  while (at < text.size()) {
    size_t ref = text.find("op ", at);
    if (ref == std::string::npos) break;
    // A word of its own: not the end of "loop " or "scf.if-op ".
    bool word = ref == 0 || !std::isalnum(static_cast<unsigned char>(text[ref - 1]));
    size_t digits = ref + 3 + (ref + 3 < text.size() && text[ref + 3] == '#');
    size_t end = digits;
    while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end])))
      ++end;
    unsigned long long id =
        end > digits && end - digits <= 10 ? std::stoull(text.substr(digits, end - digits)) : ~0ull;
    auto it = word && id <= UINT32_MAX ? names.find(static_cast<uint32_t>(id)) : names.end();
    if (it == names.end()) {
      out += text.substr(at, ref + 3 - at);
      at = ref + 3;
      continue;
    }
    out += text.substr(at, ref - at) + it->second;
    at = end;
  }
  return out + text.substr(std::min(at, text.size()));
}

} // namespace loom::dfg
