#include "present/html_report.h"

#include "present/run_graph.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>

namespace loom {

// present/report_page.html, embedded by present/CMakeLists.txt.
extern const char* const kReportPage;

namespace {

namespace fs = std::filesystem;

constexpr const char* kDataSlot = "{{LOOM_PAGE_DATA}}";
// Lines around a finding's place in its excerpt, and the longest line kept.
constexpr uint32_t kExcerptContext = 3;
constexpr size_t kMaxLineLength = 400;

// A place in a source file the page shows: `name` as the location names it, `path`
// where it was read.
struct Place {
  std::string name, path, kind; // kind: "c" (the front end's source) or "mlir"
  uint32_t line = 0, col = 0;
};

// The source files the page quotes, each read once, and the lines it keeps of them.
class SourceFiles {
public:
  // The lines of `path`; null if it cannot be read.
  const std::vector<std::string>* lines(const std::string& path) {
    auto [it, added] = files_.try_emplace(path);
    if (added) it->second = read(path);
    return it->second ? &*it->second : nullptr;
  }
  // Keeps the lines of `p` within `context` of its line.
  void keep(const Place& p, uint32_t context) {
    const std::vector<std::string>* text = lines(p.path);
    if (!text) return;
    Kept& k = kept_[p.name];
    k.path = p.path;
    uint32_t first = p.line > context ? p.line - context : 1;
    for (uint32_t l = first; l <= p.line + context && l <= text->size(); ++l)
      k.lines.emplace(l, (*text)[l - 1].substr(0, kMaxLineLength));
  }
  // {name: {"path": path, "lines": {"7": text, ...}}}
  nlohmann::json json() const {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [name, k] : kept_) {
      nlohmann::json lines = nlohmann::json::object();
      for (const auto& [l, text] : k.lines)
        lines[std::to_string(l)] = text;
      out[name] = {{"path", k.path}, {"lines", lines}};
    }
    return out;
  }

private:
  struct Kept {
    std::string path;
    std::map<uint32_t, std::string> lines;
  };
  static std::optional<std::vector<std::string>> read(const std::string& path) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return std::nullopt;
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);) {
      if (!l.empty() && l.back() == '\r') l.pop_back();
      lines.push_back(std::move(l));
    }
    return lines;
  }
  std::map<std::string, std::optional<std::vector<std::string>>> files_;
  std::map<std::string, Kept> kept_;
};

// The front end's position a location records ("scale.c:7:13", also the first of
// "lib.h:3:7 called from scale.c:15:2" and "scale.c:9:7 'acc'"), looked for where a C
// file of the program lives: beside the .mlir file, in its src/ folder, or as named.
std::optional<Place> frontEndPlace(const Loc& loc, SourceFiles& files) {
  if (!loc.source) return std::nullopt;
  static const std::regex position(R"(^([^:'\s][^:]*):(\d+):(\d+))");
  std::smatch m;
  if (!std::regex_search(*loc.source, m, position)) return std::nullopt;
  Place p{m[1].str(), "", "c", static_cast<uint32_t>(std::stoul(m[2].str())),
          static_cast<uint32_t>(std::stoul(m[3].str()))};
  fs::path named(p.name);
  std::vector<fs::path> candidates;
  if (loc.file && !named.is_absolute()) {
    fs::path dir = fs::path(*loc.file).parent_path();
    candidates = {dir / named, dir / "src" / named};
  }
  candidates.push_back(named);
  for (const fs::path& c : candidates)
    if (const auto* text = files.lines(c.string()); text && p.line <= text->size()) {
      p.path = c.string();
      return p;
    }
  return std::nullopt;
}

// Where the page can show a location's text: the front end's line first, then the .mlir
// line; either may be missing (a file that is not there is simply not quoted).
std::vector<Place> placesOf(const Loc& loc, SourceFiles& files, uint32_t context) {
  std::vector<Place> out;
  if (auto c = frontEndPlace(loc, files)) out.push_back(*c);
  if (loc.file && loc.line) {
    Place m{*loc.file, *loc.file, "mlir", loc.line, loc.col};
    bool same = !out.empty() && out[0].path == m.path && out[0].line == m.line;
    if (!same && files.lines(m.path)) out.push_back(m);
  }
  for (const Place& p : out)
    files.keep(p, context);
  return out;
}

nlohmann::json placesJson(const std::vector<Place>& places) {
  nlohmann::json out = nlohmann::json::array();
  for (const Place& p : places)
    out.push_back({{"file", p.name}, {"line", p.line}, {"col", p.col}, {"kind", p.kind}});
  return out;
}

// The clickable elements of one network: its ops and channels by their SVG ids, each
// with what the side panel shows, and the ids of each finding's op and channel.
class GraphElements {
public:
  GraphElements(SourceFiles& files, nlohmann::json& elements,
                std::vector<std::vector<std::string>>& marks)
      : files_(files), elements_(elements), marks_(marks) {}

  void add(size_t index, const dfg::Graph& g, const dfg::DotRun* run,
           const std::vector<harness::Finding>& findings) {
    std::vector<std::vector<std::string>> inCh(g.numNodes()), outCh(g.numNodes());
    std::map<std::string, std::string> byName; // channel as Graph::describe names it -> id
    size_t k = 0;
    for (dfg::EdgeId e : g.edges()) {
      std::string id = dfg::dotEdgeId(index, k);
      const dfg::Edge& ed = g.edge(e);
      place(inCh[g.dst(e)], ed.dstPort) = id;
      place(outCh[g.src(e)], ed.srcPort) = id;
      byName[g.describe(e)] = id;
      elements_[id] = channel(index, g, e, run, k++);
    }
    for (dfg::Vertex v = 0; v < g.numNodes(); ++v)
      elements_[dfg::dotNodeId(index, v)] = op(g, v, inCh[v], outCh[v]);
    markFindings(index, g, findings, byName);
  }

private:
  static std::string& place(std::vector<std::string>& ports, unsigned port) {
    if (ports.size() <= port) ports.resize(port + 1);
    return ports[port];
  }

  nlohmann::json op(const dfg::Graph& g, dfg::Vertex v, const std::vector<std::string>& in,
                    const std::vector<std::string>& out) {
    const dfg::Node& n = g.node(v);
    nlohmann::json j = {
        {"t", "op"}, {"name", n.name}, {"op", n.opName()}, {"fn", g.function}, {"added", n.added}};
    const Loc& loc = n.origin.loc;
    if (loc.line || loc.source) j["where"] = loc.where();
    j["at"] = placesJson(placesOf(loc, files_, 0));
    j["in"] = ports(n, true, n.inTypes.size(), in);
    j["out"] = ports(n, false, n.outTypes.size(), out);
    return j;
  }
  static nlohmann::json ports(const dfg::Node& n, bool input, size_t count,
                              const std::vector<std::string>& channels) {
    nlohmann::json out = nlohmann::json::array();
    for (size_t p = 0; p < std::max(count, channels.size()); ++p) {
      const std::string ch = p < channels.size() ? channels[p] : std::string();
      out.push_back({{"port", n.portName(input, static_cast<unsigned>(p))},
                     {"ch", ch.empty() ? nlohmann::json(nullptr) : nlohmann::json(ch)}});
    }
    return out;
  }

  nlohmann::json channel(size_t index, const dfg::Graph& g, dfg::EdgeId e, const dfg::DotRun* run,
                         size_t k) {
    const dfg::Edge& ed = g.edge(e);
    const dfg::Node& from = g.node(g.src(e));
    const dfg::Node& to = g.node(g.dst(e));
    nlohmann::json j = {{"t", "channel"},
                        {"name", g.describe(e)},
                        {"fn", g.function},
                        {"from", dfg::dotNodeId(index, g.src(e))},
                        {"fromPort", from.portName(false, ed.srcPort)},
                        {"to", dfg::dotNodeId(index, g.dst(e))},
                        {"toPort", to.portName(true, ed.dstPort)},
                        {"type", ed.type.str()},
                        {"role", dfg::roleName(ed.role)},
                        {"rate", ed.rate.str()}};
    if (ed.rate.known()) j["formula"] = ed.rate.formula();
    if (run && k < run->observed.size() && k < run->expected.size()) {
      j["observed"] = run->observed[k];
      if (run->expected[k] >= 0) j["expected"] = run->expected[k];
    }
    // The producer's source: the line whose value the channel carries.
    j["at"] = placesJson(placesOf(from.origin.loc, files_, 0));
    return j;
  }

  void markFindings(size_t index, const dfg::Graph& g,
                    const std::vector<harness::Finding>& findings,
                    const std::map<std::string, std::string>& byName) {
    for (size_t i = 0; i < findings.size(); ++i) {
      const harness::Finding& f = findings[i];
      if (f.function != g.function) continue;
      std::vector<std::string> ids;
      for (dfg::Vertex v : {f.vertex, f.producer})
        if (v != harness::Finding::kNoVertex && v < g.numNodes())
          ids.push_back(dfg::dotNodeId(index, v));
      if (auto it = byName.find(findingChannel(f, g)); it != byName.end())
        ids.push_back(it->second);
      for (const std::string& id : ids) {
        nlohmann::json& list = elements_[id]["findings"];
        if (list.is_null() || list.empty() || list.back() != i) list.push_back(i);
        if (std::find(marks_[i].begin(), marks_[i].end(), id) == marks_[i].end())
          marks_[i].push_back(id);
      }
    }
  }

  SourceFiles& files_;
  nlohmann::json& elements_;
  std::vector<std::vector<std::string>>& marks_;
};

// The networks rendered by Graphviz, and the table of their clickable elements.
nlohmann::json graphJson(const ProgramRun& run, const HtmlInputs& in, SourceFiles& files,
                         std::vector<std::vector<std::string>>& marks) {
  nlohmann::json j = {{"svg", nullptr}, {"note", nullptr}, {"elements", nlohmann::json::object()}};
  RunGraphs rg = runGraphs(run);
  if (rg.graphs.empty()) {
    j["note"] = "No network to draw.";
    return j;
  }
  GraphElements elements(files, j["elements"], marks);
  for (size_t i = 0; i < rg.graphs.size(); ++i) {
    auto it = rg.runs.find(rg.graphs[i]);
    elements.add(i, *rg.graphs[i], it == rg.runs.end() ? nullptr : &it->second,
                 run.report().findings);
  }
  std::string why = "no renderer was given";
  std::optional<std::string> svg =
      in.renderSvg ? in.renderSvg(runGraphDot(rg, true), why) : std::nullopt;
  size_t start = svg ? svg->find("<svg") : std::string::npos;
  if (start != std::string::npos)
    j["svg"] = svg->substr(start); // without the XML prolog and doctype
  else
    j["note"] = "The graph needs Graphviz: " + why;
  return j;
}

} // namespace

nlohmann::json htmlReportData(const ProgramRun& run, const HtmlInputs& in) {
  SourceFiles files;
  const std::vector<harness::Finding>& findings = run.report().findings;
  std::vector<std::vector<std::string>> marks(findings.size());
  nlohmann::json graph = graphJson(run, in, files, marks);
  nlohmann::json places = nlohmann::json::array();
  for (size_t i = 0; i < findings.size(); ++i)
    places.push_back({{"at", placesJson(placesOf(findings[i].loc, files, kExcerptContext))},
                      {"marks", marks[i]}});
  nlohmann::json activity = traces::activityJson(run.activity());
  return {{"file", in.file},        {"summary", in.summary}, {"report", in.report},
          {"findings", places},     {"graph", graph},        {"activity", activity},
          {"sources", files.json()}};
}

std::string scriptSafeJson(const nlohmann::json& j) {
  std::string text = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string out;
  out.reserve(text.size());
  // '<' occurs only inside JSON strings, where \u003c means the same character.
  for (char c : text)
    if (c == '<')
      out += "\\u003c";
    else
      out += c;
  return out;
}

std::string htmlReportPage(const nlohmann::json& data) {
  std::string page = kReportPage;
  size_t slot = page.find(kDataSlot);
  if (slot != std::string::npos)
    page.replace(slot, std::string(kDataSlot).size(), scriptSafeJson(data));
  return page;
}

std::optional<std::string> writeHtmlReport(const std::string& path, const ProgramRun& run,
                                           const HtmlInputs& in) {
  std::string page = htmlReportPage(htmlReportData(run, in));
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return "cannot create the page '" + path + "'";
  out << page;
  out.close();
  if (!out) return "cannot write the page '" + path + "'";
  return std::nullopt;
}

} // namespace loom
