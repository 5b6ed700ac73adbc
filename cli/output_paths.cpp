#include "cli/output_paths.h"

#include <cctype>
#include <filesystem>
#include <iostream>
#include <sys/stat.h>
#include <unistd.h>

namespace loom {

namespace {

namespace fs = std::filesystem;

// Which file a path or descriptor is: device + inode if it exists, otherwise where a
// write would create it.
struct Identity {
  bool exists = false;
  bool regular = false;
  dev_t dev = 0;
  ino_t ino = 0;
  std::string where; // normalized absolute path, when it does not exist
};

// The file a write to `path` would create: dangling symlinks followed (bounded, as the
// kernel's own limit), then made absolute, with the symlinks of the part that exists
// resolved and the rest normalized.
std::string whereCreated(const std::string& path) {
  std::error_code ec;
  fs::path p = path;
  for (int hops = 0; hops < 40 && fs::is_symlink(fs::symlink_status(p, ec)); ++hops) {
    fs::path target = fs::read_symlink(p, ec);
    if (ec) break;
    p = target.is_absolute() ? target : p.parent_path() / target;
  }
  fs::path abs = fs::absolute(p, ec);
  if (ec) abs = p;
  fs::path normal = fs::weakly_canonical(abs, ec);
  return (ec ? abs.lexically_normal() : normal).string();
}

Identity identify(const NamedPath& n) {
  Identity id;
  struct stat st;
  id.exists = n.fd >= 0 ? ::fstat(n.fd, &st) == 0 : ::stat(n.path.c_str(), &st) == 0;
  if (id.exists) {
    id.regular = S_ISREG(st.st_mode);
    id.dev = st.st_dev;
    id.ino = st.st_ino;
  } else if (n.fd < 0) {
    id.where = whereCreated(n.path);
  }
  return id;
}

bool same(const Identity& a, const Identity& b) {
  if (a.exists != b.exists) return false;
  if (a.exists) return a.dev == b.dev && a.ino == b.ino;
  return !a.where.empty() && a.where == b.where;
}

bool given(const NamedPath& n) {
  return n.fd >= 0 || !n.path.empty();
}

std::string spelled(const NamedPath& n) {
  return n.fd >= 0 ? n.role : n.role + " " + n.path;
}

} // namespace

NamedPath stdoutPath() {
  return {"stdout", "", STDOUT_FILENO};
}

std::optional<std::string> checkOutputPaths(const std::vector<NamedPath>& inputs,
                                            const std::vector<NamedPath>& outputs) {
  // Only files that could be lost: regular files, and files a write would create.
  std::vector<std::pair<const NamedPath*, Identity>> outs;
  for (const NamedPath& o : outputs) {
    if (!given(o)) continue;
    Identity id = identify(o);
    if (id.exists && !id.regular) continue; // /dev/null, a terminal, a pipe
    if (!id.exists && o.fd >= 0) continue;  // a closed descriptor: nothing to lose
    outs.emplace_back(&o, std::move(id));
  }
  for (const NamedPath& in : inputs) {
    if (!given(in)) continue;
    Identity id = identify(in);
    for (const auto& [o, oid] : outs)
      if (same(oid, id)) return spelled(*o) + " is " + spelled(in) + "; refusing to overwrite it";
  }
  for (size_t i = 0; i < outs.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (same(outs[j].second, outs[i].second)) {
        const NamedPath &a = *outs[j].first, &b = *outs[i].first;
        if (a.fd < 0 && b.fd < 0 && a.path == b.path)
          return a.role + " and " + b.role + " both name " + a.path;
        return spelled(a) + " and " + spelled(b) + " name the same file";
      }
  return std::nullopt;
}

std::optional<std::string> checkTraceFormat(const std::string& role, const std::string& path,
                                            const std::string& format) {
  std::string ext = fs::path(path).extension().string();
  for (char& c : ext)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const std::string other = format == "VCD" ? "FST" : "VCD";
  if (ext != (format == "VCD" ? ".fst" : ".vcd")) return std::nullopt;
  std::string text = format == "VCD" ? "VCD text" : "FST";
  return role + " " + path + ": the name says " + other + ", but " + role + " writes " + text +
         " (for " + other + ": " + (format == "VCD" ? "--fst " : "--vcd ") + path + ")";
}

namespace {

// The format each trace option writes, by the role the commands give it.
const char* traceFormat(const std::string& role) {
  if (role == "--vcd" || role == "--sc-trace" || role == "--rtl-trace") return "VCD";
  if (role == "--fst") return "FST";
  return nullptr;
}

} // namespace

std::optional<std::string> outputsProblem(const std::vector<NamedPath>& inputs,
                                          const std::vector<NamedPath>& outputs) {
  for (const NamedPath& o : outputs)
    if (const char* format = traceFormat(o.role); format && !o.path.empty())
      if (auto err = checkTraceFormat(o.role, o.path, format)) return err;
  return checkOutputPaths(inputs, outputs);
}

bool refusesOutputs(const std::vector<NamedPath>& inputs, const std::vector<NamedPath>& outputs) {
  std::optional<std::string> err = outputsProblem(inputs, outputs);
  if (err) std::cerr << "loom-sim: error: " << *err << std::endl;
  return err.has_value();
}

} // namespace loom
