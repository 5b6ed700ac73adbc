// Reading a sweep manifest (sweep/manifest.h) with toml++, whose every node knows its
// place in the file.
#include "sweep/manifest.h"

#include "dfg/mutate.h"
#include "models/timing_json.h"
#include "sim/engine.h"
#include "support/text.h"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <toml++/toml.h>

namespace loom::sweep {

std::string Where::text() const {
  if (line == 0) return file;
  return file + ":" + std::to_string(line) + ":" + std::to_string(column);
}

std::string ManifestError::text() const {
  return where.text() + ": error: " + message;
}

namespace {

const std::vector<std::string> kTopKeys{"kernels",    "engines", "checks",
                                        "max_cycles", "timing",  "generator",
                                        "grid",       "mode",    "mutate_operators"};
const std::vector<std::string> kGeneratorKeys{"seeds", "size"};
const std::vector<std::string> kSizes{"small", "medium", "large"};
const std::vector<std::string> kEngines{"event", "clocked", "verilator"};
const std::vector<std::string> kModes{"run", "mutate"};

std::vector<std::string> mutationOperatorNames() {
  std::vector<std::string> names;
  for (dfg::MutationOp op : dfg::allMutationOps())
    names.push_back(dfg::mutationName(op));
  return names;
}

// Reads one manifest: each read* function returns the first problem it finds.
class Reader {
public:
  Reader(std::string file, Manifest& m) : file_(std::move(file)), m_(m) {}

  std::optional<ManifestError> read(const toml::table& top);

private:
  std::string file_;
  Manifest& m_;
  // Where the keys a mutation sweep constrains were given, for the errors read() finds
  // once every key is read (the keys come in any order).
  std::optional<Where> verilatorWhere_, checksOffWhere_, operatorsWhere_;

  Where at(const toml::node& n) const {
    const toml::source_region& r = n.source();
    return {file_, r.begin.line, r.begin.column};
  }
  ManifestError error(const toml::node& n, std::string message) const {
    return {at(n), std::move(message)};
  }
  ManifestError error(const toml::key& k, std::string message) const {
    const toml::source_region& r = k.source();
    return {{file_, r.begin.line, r.begin.column}, std::move(message)};
  }
  // "unknown key 'engine' (did you mean engines?); the keys are ..."
  ManifestError unknownKey(const toml::key& k, const std::string& where,
                           const std::vector<std::string>& known) const;

  std::optional<ManifestError> readKernels(const toml::node& n);
  std::optional<ManifestError> readEngines(const toml::node& n);
  std::optional<ManifestError> readMode(const toml::node& n);
  std::optional<ManifestError> readOperators(const toml::node& n);
  std::optional<ManifestError> checkMode() const;
  std::optional<ManifestError> readTiming(const toml::node& n);
  std::optional<ManifestError> readGenerator(const toml::node& n);
  std::optional<ManifestError> readGrid(const toml::node& n);
  std::optional<ManifestError> readAxis(const toml::key& name, const toml::node& n);
  std::optional<ManifestError> readCount(const toml::node& n, const std::string& what,
                                         int64_t minimum, uint64_t& out);
};

// A table's entries in the order the file writes them (toml++ keeps them sorted by key):
// the grid's axes keep the user's order, and the first error is the first in the file.
struct Entry {
  std::string key;
  const toml::key* name; // where the key is written
  const toml::node* node;
};
std::vector<Entry> inFileOrder(const toml::table& t) {
  std::vector<Entry> entries;
  for (auto&& [key, node] : t)
    entries.push_back({std::string(key.str()), &key, &node});
  std::stable_sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    const toml::source_position &x = a.name->source().begin, &y = b.name->source().begin;
    return x.line != y.line ? x.line < y.line : x.column < y.column;
  });
  return entries;
}

std::string joined(const std::vector<std::string>& words) {
  std::string s;
  for (const std::string& w : words)
    s += (s.empty() ? "" : ", ") + w;
  return s;
}

ManifestError Reader::unknownKey(const toml::key& k, const std::string& where,
                                 const std::vector<std::string>& known) const {
  std::string key(k.str());
  std::string near = closest(key, known);
  return error(k, "unknown key '" + key + "'" + where +
                      (near.empty() ? "" : " (did you mean " + near + "?)") + "; the keys are " +
                      joined(known));
}

std::optional<ManifestError> Reader::read(const toml::table& top) {
  for (const Entry& e : inFileOrder(top)) {
    const std::string& k = e.key;
    const toml::node& node = *e.node;
    std::optional<ManifestError> err;
    if (k == "kernels")
      err = readKernels(node);
    else if (k == "engines")
      err = readEngines(node);
    else if (k == "checks") {
      if (!node.is_boolean()) return error(node, "'checks' is true or false");
      m_.checks = node.as_boolean()->get();
      if (!m_.checks) checksOffWhere_ = at(node);
    } else if (k == "max_cycles")
      err = readCount(node, "'max_cycles'", 0, m_.maxCycles);
    else if (k == "timing")
      err = readTiming(node);
    else if (k == "generator")
      err = readGenerator(node);
    else if (k == "grid")
      err = readGrid(node);
    else if (k == "mode")
      err = readMode(node);
    else if (k == "mutate_operators")
      err = readOperators(node);
    else
      return unknownKey(*e.name, "", kTopKeys);
    if (err) return err;
  }
  if (m_.kernels.empty() && m_.seeds.empty())
    return ManifestError{{file_, 1, 1},
                         "the manifest names no kernels and no [generator] seeds: nothing to run"};
  if (!top.contains("grid"))
    return ManifestError{{file_, 1, 1},
                         "the manifest has no [grid]: give each swept timing field its values, "
                         "e.g. [grid] channelCapacity = [1, 2, 4]"};
  return checkMode();
}

// The keys that do not go with the mode, at the value that does not.
std::optional<ManifestError> Reader::checkMode() const {
  if (m_.mode == "run") {
    if (operatorsWhere_)
      return ManifestError{*operatorsWhere_, "'mutate_operators' is for mode = \"mutate\" (the "
                                             "manifest's mode is \"run\")"};
    return std::nullopt;
  }
  if (verilatorWhere_)
    return ManifestError{*verilatorWhere_,
                         "engine 'verilator' with mode = \"mutate\": a campaign runs the event "
                         "or clocked engine (the twin is checked against them, docs/rtl.md)"};
  if (checksOffWhere_)
    return ManifestError{*checksOffWhere_, "'checks = false' with mode = \"mutate\": a campaign "
                                           "runs every check, they are what it measures"};
  return std::nullopt;
}

std::optional<ManifestError> Reader::readKernels(const toml::node& n) {
  const toml::array* a = n.as_array();
  if (!a) return error(n, "'kernels' is a list of files, folders and globs");
  for (const toml::node& k : *a) {
    if (!k.is_string()) return error(k, "a kernel is a path or a glob, in quotes");
    std::string p = k.as_string()->get();
    if (p.empty()) return error(k, "an empty kernel path");
    m_.kernels.push_back({p, at(k)});
  }
  return std::nullopt;
}

std::optional<ManifestError> Reader::readEngines(const toml::node& n) {
  const toml::array* a = n.as_array();
  if (!a || a->empty()) return error(n, "'engines' is a non-empty list: " + joined(kEngines));
  m_.engines.clear();
  for (const toml::node& e : *a) {
    std::string name = e.is_string() ? e.as_string()->get() : "";
    sim::EngineKind kind;
    if (name != "verilator" && !sim::engineKindFromName(name, kind)) {
      std::string near = closest(name, kEngines);
      return error(e, "unknown engine" + (name.empty() ? std::string() : " '" + name + "'") +
                          (near.empty() ? "" : " (did you mean " + near + "?)") +
                          "; the engines are " + joined(kEngines));
    }
    for (const std::string& seen : m_.engines)
      if (seen == name) return error(e, "engine '" + name + "' is named twice");
    if (name == "verilator") verilatorWhere_ = at(e);
    m_.engines.push_back(name);
  }
  return std::nullopt;
}

std::optional<ManifestError> Reader::readMode(const toml::node& n) {
  std::string mode = n.is_string() ? n.as_string()->get() : "";
  if (std::find(kModes.begin(), kModes.end(), mode) == kModes.end()) {
    std::string near = closest(mode, kModes);
    return error(n, "unknown mode" + (mode.empty() ? std::string() : " '" + mode + "'") +
                        (near.empty() ? "" : " (did you mean " + near + "?)") +
                        "; 'mode' is \"run\" (each task a run) or \"mutate\" (each task a "
                        "mutation campaign)");
  }
  m_.mode = mode;
  return std::nullopt;
}

std::optional<ManifestError> Reader::readOperators(const toml::node& n) {
  const toml::array* a = n.as_array();
  std::vector<std::string> known = mutationOperatorNames();
  if (!a || a->empty()) return error(n, "'mutate_operators' is a non-empty list: " + joined(known));
  operatorsWhere_ = at(n);
  for (const toml::node& o : *a) {
    std::string name = o.is_string() ? o.as_string()->get() : "";
    dfg::MutationOp op;
    if (!dfg::mutationFromName(name, op)) {
      std::string near = closest(name, known);
      return error(o, "unknown mutation operator" +
                          (name.empty() ? std::string() : " '" + name + "'") +
                          (near.empty() ? "" : " (did you mean " + near + "?)") +
                          "; the operators are " + joined(known));
    }
    for (const std::string& seen : m_.mutateOperators)
      if (seen == name) return error(o, "operator '" + name + "' is named twice");
    m_.mutateOperators.push_back(name);
  }
  return std::nullopt;
}

std::optional<ManifestError> Reader::readTiming(const toml::node& n) {
  if (!n.is_string()) return error(n, "'timing' is the path of a timing file, in quotes");
  m_.timingFile = n.as_string()->get();
  std::filesystem::path p = std::filesystem::path(m_.folder) / m_.timingFile;
  if (auto err = models::readTimingFile(p.lexically_normal().string(), m_.base))
    return error(n, *err);
  return std::nullopt;
}

std::optional<ManifestError> Reader::readCount(const toml::node& n, const std::string& what,
                                               int64_t minimum, uint64_t& out) {
  if (!n.is_integer() || n.as_integer()->get() < minimum)
    return error(n, what + " is a whole number of at least " + std::to_string(minimum));
  out = static_cast<uint64_t>(n.as_integer()->get());
  return std::nullopt;
}

std::optional<ManifestError> Reader::readGenerator(const toml::node& n) {
  const toml::table* t = n.as_table();
  if (!t) return error(n, "[generator] is a table: seeds = [1, 2, 3], size = \"small\"");
  m_.generatorWhere = at(n);
  m_.generatorSize = "small";
  for (const Entry& e : inFileOrder(*t)) {
    const std::string& k = e.key;
    const toml::node& node = *e.node;
    if (k == "seeds") {
      const toml::array* a = node.as_array();
      if (!a || a->empty()) return error(node, "'seeds' is a non-empty list of whole numbers");
      for (const toml::node& s : *a) {
        uint64_t seed = 0;
        if (auto err = readCount(s, "a seed", 0, seed)) return err;
        for (uint64_t seen : m_.seeds)
          if (seen == seed) return error(s, "seed " + std::to_string(seed) + " is named twice");
        m_.seeds.push_back(seed);
      }
    } else if (k == "size") {
      std::string size = node.is_string() ? node.as_string()->get() : "";
      bool known = false;
      for (const std::string& s : kSizes)
        known = known || s == size;
      if (!known) return error(node, "'size' is one of " + joined(kSizes));
      m_.generatorSize = size;
    } else
      return unknownKey(*e.name, " in [generator]", kGeneratorKeys);
  }
  if (m_.seeds.empty()) return error(n, "[generator] needs seeds = [...]");
  return std::nullopt;
}

std::optional<ManifestError> Reader::readGrid(const toml::node& n) {
  const toml::table* t = n.as_table();
  if (!t) return error(n, "[grid] is a table: each timing field and its values");
  if (t->empty())
    return error(n, "the grid is empty: give each swept timing field its values, e.g. "
                    "channelCapacity = [1, 2, 4]");
  for (const Entry& e : inFileOrder(*t))
    if (auto err = readAxis(*e.name, *e.node)) return err;
  return std::nullopt;
}

std::optional<ManifestError> Reader::readAxis(const toml::key& name, const toml::node& n) {
  std::string key(name.str());
  const models::TimingField* field = nullptr;
  std::vector<std::string> keys;
  for (const models::TimingField& f : models::timingFields()) {
    keys.push_back(f.key);
    if (key == f.key) field = &f;
  }
  if (!field) {
    std::string near = closest(key, keys);
    return error(name, "unknown timing field '" + key + "'" +
                           (near.empty() ? "" : " (did you mean " + near + "?)") +
                           "; `loom-sim timing --defaults` lists them");
  }
  const toml::array* a = n.as_array();
  if (!a) return error(n, "grid." + key + " is a list of values, e.g. [1, 2, 4]");
  if (a->empty()) return error(n, "grid." + key + " has no values");
  Axis axis{key, {}, at(n)};
  for (const toml::node& v : *a) {
    int64_t x = v.is_integer() ? v.as_integer()->get() : std::numeric_limits<int64_t>::min();
    if (x < field->minimum || x > std::numeric_limits<int>::max())
      return error(v, "grid." + key + ": a value is a whole number from " +
                          std::to_string(field->minimum) + " to " +
                          std::to_string(std::numeric_limits<int>::max()));
    for (int seen : axis.values)
      if (seen == x) return error(v, "grid." + key + ": " + std::to_string(x) + " is named twice");
    axis.values.push_back(static_cast<int>(x));
  }
  m_.grid.push_back(std::move(axis));
  return std::nullopt;
}

} // namespace

std::optional<ManifestError> readManifest(const std::string& path, Manifest& out) {
  out = Manifest{};
  out.path = path;
  out.folder = std::filesystem::path(path).parent_path().string();
  if (out.folder.empty()) out.folder = ".";
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec))
    return ManifestError{{path, 0, 0}, "no such manifest file"};
  toml::table top;
  try {
    top = toml::parse_file(path);
  } catch (const toml::parse_error& e) {
    const toml::source_position& p = e.source().begin;
    return ManifestError{{path, p.line, p.column}, std::string(e.description())};
  }
  return Reader(path, out).read(top);
}

} // namespace loom::sweep
