#include "host/baseline.h"

#include "support/numbers.h"

#include <cstdio>
#include <fstream>

namespace loom {

namespace {

// A loop by its place in the source file (without the file's folder: a baseline written
// in another checkout still pairs) and its copy ("" or a while loop's "before"/"after").
std::string loopKey(const nlohmann::json& loop) {
  std::string source = loop.value("source", std::string());
  size_t slash = source.rfind('/');
  if (slash != std::string::npos) source.erase(0, slash + 1);
  const nlohmann::json copy = loop.value("copy", nlohmann::json());
  return source + (copy.is_string() && !copy.get<std::string>().empty()
                       ? " (" + copy.get<std::string>() + ")"
                       : std::string());
}

std::string percent(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.1f%%", v);
  return buf;
}

// How much `now` exceeds `base`, in percent of `base` (0 for a zero base).
double growth(double now, double base) {
  return base > 0 ? (now - base) / base * 100.0 : 0.0;
}

} // namespace

std::optional<std::string> readBaseline(const std::string& path, Baseline& out) {
  std::ifstream in(path);
  if (!in) return path + ": cannot open the baseline";
  nlohmann::json j;
  try {
    in >> j;
  } catch (const nlohmann::json::exception& e) {
    return path + ": the baseline is not JSON: " + e.what();
  }
  if (!j.is_object() || j.value("command", "") != "run" || !j.contains("calls") ||
      !j["calls"].is_array())
    return path + ": the baseline is not a report `loom-sim run --report` wrote";
  out = Baseline{};
  out.file = path;
  try {
    for (const nlohmann::json& c : j["calls"]) {
      Baseline::Call call;
      call.cycles = c.at("cycles").get<uint64_t>();
      for (const nlohmann::json& l : c.value("loops", nlohmann::json::array()))
        if (l.contains("ii_achieved") && l["ii_achieved"].is_number())
          call.ii[loopKey(l)] = l["ii_achieved"].get<double>();
      out.cycles += call.cycles;
      out.calls[{c.at("function").get<std::string>(), c.at("invocation").get<uint64_t>()}] =
          std::move(call);
    }
  } catch (const nlohmann::json::exception& e) {
    return path + ": a call of the baseline lacks its figures: " + e.what();
  }
  return std::nullopt;
}

BaselineComparison compareWithBaseline(const Baseline& b, const harness::Report& now,
                                       uint64_t cycles, double tolerancePercent) {
  BaselineComparison c;
  c.tolerance = tolerancePercent;
  c.cycles = cycles;
  c.baselineCycles = b.cycles;
  auto weigh = [&](const std::string& what, double v, double base, const std::string& shown,
                   const std::string& baseShown) {
    double g = growth(v, base);
    std::string line =
        what + ": " + shown + ", the baseline's " + baseShown + " (" + percent(g) + ")";
    if (g > tolerancePercent)
      c.slower.push_back(line);
    else if (v < base)
      c.faster.push_back(line);
  };
  weigh("cycles", static_cast<double>(cycles), static_cast<double>(b.cycles), withCommas(cycles),
        withCommas(b.cycles));
  std::map<std::pair<std::string, uint64_t>, bool> seen;
  for (const harness::Report::Call& call : now.calls) {
    std::string name = "@" + call.function + " call " + std::to_string(call.invocation);
    auto it = b.calls.find({call.function, call.invocation});
    if (it == b.calls.end()) {
      c.unpaired.push_back(name + ": not in the baseline");
      continue;
    }
    seen[it->first] = true;
    weigh(name + " cycles", static_cast<double>(call.cycles),
          static_cast<double>(it->second.cycles), withCommas(call.cycles),
          withCommas(it->second.cycles));
    for (const nlohmann::json& l : call.loops) {
      if (!l.contains("ii_achieved") || !l["ii_achieved"].is_number()) continue;
      auto base = it->second.ii.find(loopKey(l));
      std::string loop = name + " loop " + loopKey(l);
      if (base == it->second.ii.end()) {
        c.unpaired.push_back(loop + ": not in the baseline");
        continue;
      }
      double ii = l["ii_achieved"].get<double>();
      weigh(loop + " II", ii, base->second, twoDecimals(ii), twoDecimals(base->second));
    }
  }
  for (const auto& [key, call] : b.calls)
    if (!seen.count(key))
      c.unpaired.push_back("@" + key.first + " call " + std::to_string(key.second) +
                           ": in the baseline only");
  if (!c.slower.empty()) {
    harness::Finding f;
    f.check = "performance";
    char tol[32];
    std::snprintf(tol, sizeof tol, "%g%%", tolerancePercent);
    f.summary = std::to_string(c.slower.size()) + " figure(s) beyond the baseline's by more than " +
                tol + " (" + b.file + ")";
    f.details = c.slower;
    c.finding = std::move(f);
  }
  return c;
}

nlohmann::json BaselineComparison::json(const std::string& file) const {
  return {{"file", file},         {"tolerance_percent", tolerance},
          {"cycles", cycles},     {"baseline_cycles", baselineCycles},
          {"slower", slower},     {"faster", faster},
          {"unpaired", unpaired}, {"passed", slower.empty()}};
}

} // namespace loom
