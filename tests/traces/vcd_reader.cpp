#include "vcd_reader.h"

#include <sstream>

namespace loom::traces::test {

namespace {

std::string join(const std::vector<std::string>& parts) {
  std::string s;
  for (const std::string& p : parts)
    s += (s.empty() ? "" : ".") + p;
  return s;
}

// Reads tokens up to and including "$end".
std::vector<std::string> untilEnd(std::istringstream& in) {
  std::vector<std::string> out;
  for (std::string t; in >> t && t != "$end";)
    out.push_back(t);
  return out;
}

} // namespace

std::string canonicalValue(const std::string& v) {
  if (v.empty() || (v[0] != 'b' && v[0] != 'B')) return v;
  std::string bits = v.substr(1);
  size_t first = bits.find_first_not_of('0');
  if (first == std::string::npos) return "b0";
  bits = bits.substr(first);
  if (bits.find_first_not_of('x') == std::string::npos) return "bx";
  return "b" + bits;
}

VcdFile readVcd(const std::string& text) {
  VcdFile f;
  std::istringstream in(text);
  std::vector<std::string> scope;
  std::map<std::string, bool> declared;
  bool definitions = true;
  uint64_t time = 0;
  bool haveTime = false;
  auto fail = [&](const std::string& why) {
    if (f.error.empty()) f.error = why;
  };
  auto change = [&](const std::string& code, const std::string& value) {
    if (!declared.count(code)) fail("change of undeclared code '" + code + "'");
    if (!haveTime) fail("change before the first time stamp");
    f.changes[code].push_back({time, value});
    if (!f.blockSizes.empty()) ++f.blockSizes.back().second;
  };
  for (std::string t; in >> t;) {
    if (definitions) {
      if (t == "$scope") {
        auto body = untilEnd(in);
        if (body.size() < 2) fail("bad $scope");
        scope.push_back(body.size() > 1 ? body[1] : "?");
        f.scopes.push_back(join(scope));
      } else if (t == "$upscope") {
        untilEnd(in);
        if (scope.empty())
          fail("unbalanced $upscope");
        else
          scope.pop_back();
      } else if (t == "$var") {
        auto body = untilEnd(in);
        if (body.size() < 4) {
          fail("bad $var");
          continue;
        }
        VcdVar v{body[0], static_cast<unsigned>(std::stoul(body[1])), body[2], ""};
        std::vector<std::string> path = scope;
        path.push_back(body[3]);
        v.path = join(path);
        declared[v.code] = true;
        f.vars.push_back(v);
      } else if (t == "$timescale") {
        auto body = untilEnd(in);
        for (auto& b : body)
          f.timescale += b;
      } else if (t == "$enddefinitions") {
        untilEnd(in);
        if (!scope.empty()) fail("scopes left open");
        definitions = false;
      } else if (t[0] == '$') {
        untilEnd(in);
      } else {
        fail("unexpected token in the header: " + t);
      }
      continue;
    }
    if (t[0] == '#') {
      uint64_t next = std::stoull(t.substr(1));
      if (haveTime && next <= time) fail("time stamp " + t + " does not increase");
      time = next;
      haveTime = true;
      f.stamps.push_back(time);
      f.blockSizes.push_back({time, 0});
    } else if (t == "$dumpvars" || t == "$end") {
    } else if (t == "$comment") {
      untilEnd(in);
    } else if (t[0] == 'b' || t[0] == 'B' || t[0] == 'r' || t[0] == 'R') {
      std::string code;
      in >> code;
      change(code, t);
    } else if (t[0] == '0' || t[0] == '1' || t[0] == 'x' || t[0] == 'z') {
      change(t.substr(1), t.substr(0, 1));
    } else {
      fail("unexpected token: " + t);
    }
  }
  if (definitions) fail("no $enddefinitions");
  return f;
}

const VcdVar* VcdFile::find(const std::string& path) const {
  for (const VcdVar& v : vars)
    if (v.path == path) return &v;
  return nullptr;
}

std::string VcdFile::at(const std::string& path, uint64_t t) const {
  const VcdVar* v = find(path);
  if (!v) return "";
  auto it = changes.find(v->code);
  if (it == changes.end()) return "";
  std::string value;
  for (const VcdChange& c : it->second) {
    if (c.time > t) break;
    value = c.value;
  }
  return value;
}

std::vector<uint64_t> VcdFile::times(const std::string& path) const {
  std::vector<uint64_t> out;
  const VcdVar* v = find(path);
  if (!v) return out;
  auto it = changes.find(v->code);
  if (it == changes.end()) return out;
  for (const VcdChange& c : it->second)
    out.push_back(c.time);
  return out;
}

} // namespace loom::traces::test
