// A sweep's HTML page (sweep/report_page.h).
#include "sweep/report_page.h"

#include "sweep/table.h"

#include <filesystem>
#include <fstream>

namespace loom::sweep {

namespace fs = std::filesystem;

namespace {

const char* kStyle = R"(body { font-family: sans-serif; margin: 1.5em; color: #222; }
table { border-collapse: collapse; font-size: 90%; }
td, th { border: 1px solid #ccc; padding: 0.2em 0.5em; text-align: left; vertical-align: top; }
th { background: #f0f0f0; }
td.bad { color: #b00; font-weight: bold; }
figure { display: inline-block; margin: 0.5em; }
figure img { width: 600px; border: 1px solid #ddd; }
nav a { margin-right: 0.8em; }
)";

std::string link(const std::string& href, const std::string& text) {
  return "<a href=\"" + htmlText(href) + "\">" + htmlText(text) + "</a>";
}

// "channelCapacity = 1, 2, 4; memoryLatency = 1, 4, 16"
std::string gridLine(const Plan& plan) {
  std::string s;
  for (size_t i = 0; i < plan.parameters.size(); ++i) {
    std::vector<int> seen;
    s += (i ? "; " : "") + plan.parameters[i] + " = ";
    for (const std::vector<int>& p : plan.points)
      if (std::find(seen.begin(), seen.end(), p[i]) == seen.end())
        s += (seen.empty() ? "" : ", ") + std::to_string(p[i]), seen.push_back(p[i]);
  }
  return s;
}

std::string failingTable(const Plan& plan, const Results& results) {
  std::string rows;
  size_t n = 0;
  for (const Task& t : plan.tasks) {
    const std::optional<TaskResult>& r = results[t.id];
    if (!r || r->verdict == "PASS") continue;
    ++n;
    rows += "<tr><td>" + std::to_string(t.id) + "</td><td>" + htmlText(programName(t)) +
            "</td><td>" + htmlText(t.engine) + "</td><td>" + htmlText(pointText(plan, t.point)) +
            "</td><td class=\"bad\">" + htmlText(r->verdict) + "</td><td>" +
            htmlText(r->firstError) + "</td></tr>\n";
  }
  std::string head =
      "<h2 id=\"failing\">Tasks that did not pass (" + std::to_string(n) + ")</h2>\n";
  if (!n) return head + "<p>None.</p>\n";
  return head +
         "<table>\n<tr><th>task</th><th>kernel</th><th>engine</th><th>point</th>"
         "<th>verdict</th><th>first error</th></tr>\n" +
         rows + "</table>\n";
}

// "9 of 9 points passed"
std::string passedLine(const Plan& plan, const Results& results, const PlotGroup& g) {
  size_t passed = 0, total = 0;
  for (const Task& t : plan.tasks)
    if (t.engine == g.engine && programName(t) == g.program)
      ++total, passed += results[t.id] && results[t.id]->verdict == "PASS";
  return std::to_string(passed) + " of " + std::to_string(total) + " points passed";
}

std::string figures(const PlotGroup& g, const std::string& plots) {
  if (g.plots.empty()) return "<p>No results yet.</p>\n";
  std::string s;
  for (const Plot& p : g.plots)
    s += "<figure><a href=\"" + htmlText(plots + "/" + p.name + ".png") + "\"><img src=\"" +
         htmlText(plots + "/" + p.name + ".svg") + "\" alt=\"" +
         htmlText(g.program + " on " + g.engine + ": " + p.caption) +
         "\" loading=\"lazy\"></a><figcaption>" + htmlText(p.caption) + " (" +
         link(plots + "/" + p.name + ".dat", "data") + ", " +
         link(plots + "/" + g.script, "script") + ")</figcaption></figure>\n";
  return s;
}

// A section per program, a part per engine, in the plan's order.
std::string programSections(const Plan& plan, const Results& results, const PlotSet& set,
                            const std::string& plots) {
  std::string nav = "<nav>", body;
  for (size_t i = 0; i < set.groups.size(); ++i) {
    const PlotGroup& g = set.groups[i];
    if (!i || set.groups[i - 1].program != g.program) {
      std::string id = "k-" + g.stem;
      nav += link("#" + id, g.stem) + "\n";
      body += "<section id=\"" + htmlText(id) + "\">\n<h3>" + htmlText(g.program) + "</h3>\n";
    }
    body += "<h4>" + htmlText(g.engine) + ": " + passedLine(plan, results, g) + "</h4>\n" +
            figures(g, plots);
    if (i + 1 == set.groups.size() || set.groups[i + 1].program != g.program)
      body += "</section>\n";
  }
  return "<h2>Kernels</h2>\n" + nav + "</nav>\n" + body;
}

} // namespace

std::string hrefTo(const std::string& file, const std::string& pageFolder) {
  std::error_code ec;
  fs::path target = fs::weakly_canonical(fs::absolute(file), ec);
  fs::path from = fs::weakly_canonical(fs::absolute(pageFolder), ec);
  std::string rel = target.lexically_relative(from).string();
  if (rel.empty()) rel = target.string();
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : rel)
    if (std::isalnum(c) || std::string("-._~/").find(static_cast<char>(c)) != std::string::npos)
      out += static_cast<char>(c);
    else
      out += std::string("%") + hex[c >> 4] + hex[c & 15];
  return out;
}

std::string reportPage(const Plan& plan, const Results& results, const PlotSet& plots,
                       const std::string& pageFolder, const PageInputs& in) {
  std::string tables;
  for (const std::string& f : {in.csv, in.json})
    if (!f.empty() && f != "-")
      tables += (tables.empty() ? "" : ", ") + link(hrefTo(f, pageFolder), fs::path(f).filename());
  std::string title = "loom-sim sweep: " + in.sweepDir;
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" +
         htmlText(title) + "</title>\n<style>\n" + kStyle + "</style>\n</head>\n<body>\n<h1>" +
         htmlText(title) + "</h1>\n<p id=\"counts\">" +
         htmlText(countsLine(countVerdicts(results))) +
         "</p>\n<p>Grid: " + htmlText(gridLine(plan)) + ". " +
         (tables.empty() ? "" : "Table: " + tables + ". ") +
         "Tasks that did not pass: " + link(in.plotsFolder + "/" + in.failing, in.failing) +
         ". Each plot's data and gnuplot script are in " +
         link(in.plotsFolder + "/", in.plotsFolder + "/") + ".</p>\n" +
         failingTable(plan, results) + programSections(plan, results, plots, in.plotsFolder) +
         "</body>\n</html>\n";
}

std::optional<std::string> writeReportPage(const std::string& path, const Plan& plan,
                                           const Results& results, const PlotSet& plots,
                                           const PageInputs& in) {
  std::string folder = fs::path(path).parent_path().string();
  return writeAtomically(path, reportPage(plan, results, plots, folder.empty() ? "." : folder, in));
}

} // namespace loom::sweep
