// A sweep's plots (sweep/plots.h): data files and gnuplot scripts written here, drawn by
// gnuplot run on a few scripts at a time.
#include "sweep/plots.h"

#include "support/process.h"
#include "sweep/results.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>
#include <thread>

namespace loom::sweep {

namespace fs = std::filesystem;

namespace {

// A task's standing in a plot: passed, ran and did not pass, or has no result yet.
enum Status { kMissing = -1, kNotPassed = 0, kPassed = 1 };

Status statusOf(const std::optional<TaskResult>& r) {
  return !r ? kMissing : r->verdict == "PASS" ? kPassed : kNotPassed;
}

// A gnuplot single-quoted string, in which nothing but the quote (doubled) is special.
// Line breaks and other control characters, which would end the command, become '?'.
std::string gpString(const std::string& s) {
  std::string q = "'";
  for (unsigned char c : s)
    q += c == '\'' ? std::string("''") : std::string(1, c < 0x20 ? '?' : static_cast<char>(c));
  return q + "'";
}

// Letters, digits, '_' and '-' only: safe in any file system and shell, and never '.',
// which separates a file name's parts here.
std::string safeName(const std::string& s) {
  std::string out;
  for (unsigned char c : s)
    out += std::isalnum(c) || c == '_' || c == '-' ? static_cast<char>(c) : '_';
  return out.empty() ? "_" : out;
}

// A program's folders (no "." or "..") and its file's stem: what its name is made of.
std::vector<std::string> nameParts(const Task& t) {
  if (t.seed) return {"seed-" + std::to_string(*t.seed)};
  std::vector<std::string> parts;
  fs::path p(t.kernel);
  for (const fs::path& part : p.parent_path())
    if (part != "." && part != ".." && part != "/" && !part.empty()) parts.push_back(part.string());
  parts.push_back(p.stem().string());
  return parts;
}

// The last `depth` + 1 of `parts`, joined by '-'.
std::string nameAt(const std::vector<std::string>& parts, size_t depth) {
  std::string name;
  for (size_t i = parts.size() - depth - 1; i < parts.size(); ++i)
    name += (name.empty() ? "" : "-") + safeName(parts[i]);
  return name;
}

// The values each parameter takes, least first.
std::vector<std::vector<int>> axesOf(const Plan& plan) {
  std::vector<std::vector<int>> axes(plan.parameters.size());
  for (const std::vector<int>& p : plan.points)
    for (size_t i = 0; i < p.size(); ++i)
      if (std::find(axes[i].begin(), axes[i].end(), p[i]) == axes[i].end()) axes[i].push_back(p[i]);
  for (std::vector<int>& a : axes)
    std::sort(a.begin(), a.end());
  return axes;
}

size_t indexIn(const std::vector<int>& axis, int v) {
  return static_cast<size_t>(std::find(axis.begin(), axis.end(), v) - axis.begin());
}

// One program on one engine: the task of each point.
struct Group {
  const Task* first = nullptr;
  std::vector<size_t> taskOfPoint;
};

std::vector<Group> groupsOf(const Plan& plan) {
  std::vector<Group> groups;
  std::map<std::pair<std::string, std::string>, size_t> index;
  for (const Task& t : plan.tasks) {
    auto [it, added] = index.try_emplace({programName(t), t.engine}, groups.size());
    if (added) groups.push_back({&t, std::vector<size_t>(plan.points.size(), SIZE_MAX)});
    groups[it->second].taskOfPoint[t.point] = t.id;
  }
  return groups;
}

// A data file's row: task, x, y (0 where unused), cycles ("NaN" without a result), status
// (1 passed, 0 did not, -1 no result) and verdict; what every plot reads.
std::string dataRow(size_t task, int x, int y, const std::optional<TaskResult>& r) {
  return std::to_string(task) + " " + std::to_string(x) + " " + std::to_string(y) + " " +
         (r ? std::to_string(r->cycles) : "NaN") + " " + std::to_string(statusOf(r)) + " " +
         (r ? r->verdict : "MISSING") + "\n";
}
const char* kColumns =
    "# task x y cycles status verdict (status: 1 passed, 0 did not, -1 no result)\n";

// The lowest and highest cycles of the passing tasks among `tasks`, and how many passed.
struct Span {
  double lo = 0, hi = 0;
  size_t passed = 0, notPassed = 0;
};
Span spanOf(const std::vector<size_t>& tasks, const Results& results) {
  Span s;
  for (size_t id : tasks) {
    Status st = statusOf(results[id]);
    if (st == kNotPassed) ++s.notPassed;
    if (st != kPassed) continue;
    double c = static_cast<double>(results[id]->cycles);
    s.lo = s.passed ? std::min(s.lo, c) : c;
    s.hi = s.passed ? std::max(s.hi, c) : c;
    ++s.passed;
  }
  return s;
}

std::string gpNumber(double v) {
  std::ostringstream os;
  os.precision(12);
  os << v;
  return os.str();
}

// Draws the plot set up before it into NAME.png, then the same into NAME.svg.
std::string drawBoth(const std::string& name, const std::string& plot) {
  return "set terminal pngcairo size 900,540 noenhanced font 'sans,10'\n"
         "set output " +
         gpString(name + ".png") + "\n" + plot +
         "set terminal svg size 900,540 noenhanced font 'sans,10' background '#ffffff'\n"
         "set output " +
         gpString(name + ".svg") + "\nreplot\nunset output\n\n";
}

// The x axis of a parameter's values (least first): logarithmic when they span a factor of 8 or
// more.
std::string xAxis(const std::string& parameter, const std::vector<int>& values) {
  double lo = values.front(), hi = values.back();
  std::string s = "set xlabel " + gpString(parameter) + "\nset xtics (";
  for (size_t i = 0; i < values.size(); ++i)
    s += (i ? ", " : "") + std::to_string(values[i]);
  s += ")\n";
  if (lo > 0 && hi / lo >= 8)
    return s + "set logscale x 2\nset xrange [" + gpNumber(lo / 1.4) + ":" + gpNumber(hi * 1.4) +
           "]\n";
  double pad = hi > lo ? (hi - lo) * 0.08 : 1;
  return s + "set xrange [" + gpNumber(lo - pad) + ":" + gpNumber(hi + pad) + "]\n";
}

// Cycles are whole: an axis spanning only a few of them gets a tick per cycle, not
// fractions of one that would print as the same number twice.
std::string wholeTics(const char* axis, double span) {
  return std::string("set format ") + axis + " '%.0f'\n" +
         (span < 10 ? std::string("set ") + axis + "tics 1\n" : "");
}

// The y axis of cycles, with a band below the lowest passing point where the tasks that
// did not pass are drawn; `bottom` is that band's height.
std::string yAxis(const Span& s) {
  if (!s.passed)
    return "set yrange [0:1]\nunset ytics\nset ylabel 'no point passed'\nbottom = 0.5\n";
  double pad = s.hi > s.lo ? (s.hi - s.lo) * 0.1 : std::max(1.0, s.lo * 0.05);
  double lo = s.lo - 2 * pad, hi = s.hi + 1.5 * pad;
  return "set ylabel 'cycles'\n" + wholeTics("y", hi - lo) + "set yrange [" + gpNumber(lo) + ":" +
         gpNumber(hi) + "]\nbottom = " + gpNumber(s.lo - 1.2 * pad) + "\n";
}

// Lines that lie on one another stay apart to the eye: each has its own colour (never red,
// which marks the tasks that did not pass), point shape and dashes, and points shrink from
// line to line so that coinciding ones nest.
std::string lineStyle(size_t i) {
  static const char* colours[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd",
                                  "#8c564b", "#17becf", "#7f7f7f", "#bcbd22"};
  static const int shapes[] = {7, 5, 9, 11, 13};
  return "lc rgb '" + std::string(colours[i % 8]) + "' pt " + std::to_string(shapes[i % 5]) +
         " ps " + gpNumber(1.8 - 0.4 * (i % 3)) + " dt " + std::to_string(i % 4 + 1) + " lw 1.5";
}

// A plot's file name and what the data file, script and caption say of it.
struct PlotText {
  Plot plot;
  std::string data, script;
};

// A plot's title: the program and engine, and under them what it shows (a long path would
// push the caption out of the picture).
std::string titleOf(const Task& t, const std::string& caption) {
  return gpString(programName(t) + " on " + t.engine) + " . \"\\n\" . " + gpString(caption);
}

// Points at most this many are labelled with their cycles; more would cover the lines.
constexpr size_t kMaxLabels = 40;

// A line of a plot against one parameter: its legend (the other parameters' values) and
// its tasks, least value of that parameter first.
struct Line {
  std::string title;
  std::vector<size_t> tasks;
};

std::vector<Line> linesOf(const Plan& plan, const Group& g, size_t k) {
  std::vector<std::vector<int>> keys; // the other parameters' values of each line
  std::vector<Line> lines;
  for (size_t p = 0; p < plan.points.size(); ++p) {
    std::vector<int> key = plan.points[p];
    key.erase(key.begin() + static_cast<std::ptrdiff_t>(k));
    size_t i = static_cast<size_t>(std::find(keys.begin(), keys.end(), key) - keys.begin());
    if (i == keys.size()) {
      keys.push_back(key);
      lines.emplace_back();
      for (size_t j = 0, o = 0; j < plan.parameters.size(); ++j)
        if (j != k)
          lines[i].title += (lines[i].title.empty() ? "" : " ") + plan.parameters[j] + "=" +
                            std::to_string(key[o++]);
      if (lines[i].title.empty()) lines[i].title = "cycles"; // the only line
    }
    lines[i].tasks.push_back(g.taskOfPoint[p]);
  }
  for (Line& l : lines)
    std::sort(l.tasks.begin(), l.tasks.end(), [&](size_t a, size_t b) {
      return plan.points[plan.tasks[a].point][k] < plan.points[plan.tasks[b].point][k];
    });
  return lines;
}

// Cycles against parameter `k`: a line per combination of the other parameters' values,
// each point labelled with its cycles; the tasks that did not pass as red crosses in a
// band below.
std::optional<PlotText> linePlot(const Plan& plan, const Results& results, const Group& g,
                                 const std::string& prefix, size_t k,
                                 const std::vector<std::vector<int>>& axes) {
  Span all = spanOf(g.taskOfPoint, results);
  if (!all.passed && !all.notPassed) return std::nullopt;
  const std::string& param = plan.parameters[k];
  PlotText t;
  t.plot = {prefix + ".cycles-vs-" + safeName(param), "cycles against " + param};
  std::string file = gpString(t.plot.name + ".dat"), plots;
  t.data = "# " + programName(*g.first) + " on " + g.first->engine + ": cycles against " + param +
           ", a block per line\n" + kColumns;
  std::vector<Line> lines = linesOf(plan, g, k);
  for (size_t i = 0; i < lines.size(); ++i) {
    t.data += (i ? "\n\n# " : "# ") + lines[i].title + "\n";
    for (size_t id : lines[i].tasks)
      t.data += dataRow(id, plan.points[plan.tasks[id].point][k], 0, results[id]);
    if (!spanOf(lines[i].tasks, results).passed) continue;
    std::string pass = " index " + std::to_string(i) + " using 2:($5 == 1 ? $4 : NaN)";
    plots += (plots.empty() ? "plot " : ", \\\n     ") + file + pass + " with linespoints " +
             lineStyle(i) + " title " + gpString(lines[i].title);
    if (all.passed <= kMaxLabels)
      plots += ", \\\n     " + file + pass + ":4 with labels offset 0,0.9 notitle";
  }
  if (all.notPassed)
    plots += (plots.empty() ? "plot " : ", \\\n     ") + file +
             " using 2:($5 == 0 ? bottom : NaN) with points pt 2 ps 1.8 lw 2 lc rgb 'red' "
             "title 'did not pass (failing.txt)'";
  t.script = "reset\nset title " + titleOf(*g.first, t.plot.caption) +
             "\nset key outside right top\nset grid\n" + xAxis(param, axes[k]) + yAxis(all) +
             drawBoth(t.plot.name, plots + "\n");
  return t;
}

// Ticks at 0, 1, ... named by an axis's values (the heat map's cells are evenly spaced).
std::string indexTics(const char* axis, const std::vector<int>& values) {
  std::string s = std::string("set ") + axis + "tics (";
  for (size_t i = 0; i < values.size(); ++i)
    s += (i ? ", " : "") + gpString(std::to_string(values[i])) + " " + std::to_string(i);
  return s + ")\nset " + axis + "range [-0.5:" + gpNumber(values.size() - 0.5) + "]\n";
}

// The heat map's cells: the points whose other parameters are at their first value,
// their tasks and data rows (x and y the values' places, least first).
std::vector<size_t> heatCells(const Plan& plan, const Results& results, const Group& g,
                              const std::vector<std::vector<int>>& axes, std::string& rows) {
  std::vector<size_t> cells;
  for (size_t p = 0; p < plan.points.size(); ++p) {
    const std::vector<int>& v = plan.points[p];
    if (!std::equal(v.begin() + 2, v.end(), plan.points[0].begin() + 2)) continue;
    size_t id = g.taskOfPoint[p];
    cells.push_back(id);
    rows += dataRow(id, static_cast<int>(indexIn(axes[0], v[0])),
                    static_cast<int>(indexIn(axes[1], v[1])), results[id]);
  }
  return cells;
}

// A cell per point, coloured and labelled with its cycles; grey with a red cross and its
// verdict when it did not pass; its verdict in grey when it has no result.
std::string heatClauses(const std::string& file, const Span& s) {
  std::string plot = "plot ";
  const std::string next = ", \\\n     " + file;
  if (s.passed)
    plot += file + " using 2:($5 == 1 ? $3 : NaN):(0.5):(0.5):4 with boxxyerror fc palette " +
            "fs solid 1.0 noborder" + next + " using 2:($5 == 1 ? $3 : NaN):4 with labels" + next;
  if (s.notPassed)
    plot += file + " using 2:($5 == 0 ? $3 : NaN):(0.5):(0.5) with boxxyerror " +
            "fc rgb '#dddddd' fs solid 1.0 noborder" + next +
            " using 2:($5 == 0 ? $3 : NaN) with points pt 2 ps 2.5 lw 2 lc rgb 'red'" + next +
            " using 2:($5 == 0 ? $3 : NaN):6 with labels offset 0,-1.6 tc rgb 'red'" + next;
  return plot + " using 2:($5 == -1 ? $3 : NaN):6 with labels tc rgb '#888888'\n";
}

// Cycles over the first two parameters, the others at their first value.
std::optional<PlotText> heatMap(const Plan& plan, const Results& results, const Group& g,
                                const std::string& prefix,
                                const std::vector<std::vector<int>>& axes) {
  std::string rows, others;
  Span s = spanOf(heatCells(plan, results, g, axes, rows), results);
  if (!s.passed && !s.notPassed) return std::nullopt;
  for (size_t j = 2; j < axes.size(); ++j)
    others +=
        (others.empty() ? "" : " ") + plan.parameters[j] + "=" + std::to_string(plan.points[0][j]);
  const std::string &px = plan.parameters[0], &py = plan.parameters[1];
  PlotText t;
  t.plot = {prefix + ".heatmap-" + safeName(px) + "-" + safeName(py),
            "cycles over " + px + " and " + py +
                (others.empty() ? "" : " (others at their first value: " + others + ")")};
  t.data = "# " + programName(*g.first) + " on " + g.first->engine + ": " + t.plot.caption +
           "; x and y are the values' places, least first\n" + kColumns + rows;
  double lo = s.lo, hi = s.hi > s.lo ? s.hi : s.lo + 1;
  t.script = "reset\nset title " + titleOf(*g.first, t.plot.caption) + "\nunset key\nset xlabel " +
             gpString(px) + "\nset ylabel " + gpString(py) + "\n" + indexTics("x", axes[0]) +
             indexTics("y", axes[1]) +
             (s.passed ? "set cblabel 'cycles' offset 1.5,0\n" + wholeTics("cb", hi - lo) +
                             "set cbrange [" + gpNumber(lo) + ":" + gpNumber(hi) + "]\n"
                       : "unset colorbox\n") +
             "set palette defined (0 '#f7fbff', 1 '#c6dbef', 2 '#6baed6')\n" +
             drawBoth(t.plot.name, heatClauses(gpString(t.plot.name + ".dat"), s));
  return t;
}

// One program on one engine: its data files and the script that draws them.
std::optional<std::string> writeGroup(const Plan& plan, const Results& results, const Group& g,
                                      const std::vector<std::vector<int>>& axes,
                                      const fs::path& folder, PlotGroup& out,
                                      std::vector<std::string>& files) {
  std::string prefix = out.stem + "." + safeName(out.engine);
  std::vector<PlotText> texts;
  if (axes.size() >= 2)
    if (auto t = heatMap(plan, results, g, prefix, axes)) texts.push_back(std::move(*t));
  for (size_t k = 0; k < axes.size(); ++k)
    if (auto t = linePlot(plan, results, g, prefix, k, axes)) texts.push_back(std::move(*t));
  if (texts.empty()) return std::nullopt;
  out.script = prefix + ".gp";
  std::string script = "# The plots of " + programName(*g.first) + " on " + out.engine +
                       " (loom-sim sweep report); `gnuplot " + out.script +
                       "` in this folder draws them again.\n\n";
  for (PlotText& t : texts) {
    script += t.script;
    if (auto err = writeAtomically((folder / (t.plot.name + ".dat")).string(), t.data)) return err;
    for (const char* ext : {".dat", ".png", ".svg"})
      files.push_back(t.plot.name + ext);
    out.plots.push_back(std::move(t.plot));
  }
  files.push_back(out.script);
  return writeAtomically((folder / out.script).string(), script);
}

} // namespace

std::vector<std::string> PlotSet::images() const {
  std::vector<std::string> out;
  for (const PlotGroup& g : groups)
    for (const Plot& p : g.plots)
      out.push_back(p.name + ".png"), out.push_back(p.name + ".svg");
  return out;
}

std::map<std::string, std::string> programStems(const Plan& plan) {
  std::vector<std::string> programs;
  std::vector<std::vector<std::string>> parts;
  for (const Task& t : plan.tasks)
    if (std::find(programs.begin(), programs.end(), programName(t)) == programs.end())
      programs.push_back(programName(t)), parts.push_back(nameParts(t));
  // Programs sharing a name take one more of their folders until none do, or they run out.
  std::vector<size_t> depth(programs.size(), 0);
  for (bool again = true; again;) {
    again = false;
    std::map<std::string, std::vector<size_t>> byName;
    for (size_t i = 0; i < programs.size(); ++i)
      byName[nameAt(parts[i], depth[i])].push_back(i);
    for (const auto& [name, ids] : byName)
      for (size_t i : ids)
        if (ids.size() > 1 && depth[i] + 1 < parts[i].size()) ++depth[i], again = true;
  }
  // Names still shared (the same path spelt two ways) get a number.
  std::map<std::string, std::string> stems;
  std::set<std::string> used;
  for (size_t i = 0; i < programs.size(); ++i) {
    std::string base = nameAt(parts[i], depth[i]), name = base;
    for (int n = 2; used.count(name); ++n)
      name = base + "-" + std::to_string(n);
    used.insert(name);
    stems[programs[i]] = name;
  }
  return stems;
}

std::string failingList(const Plan& plan, const Results& results) {
  std::string out;
  auto oneLine = [](std::string s) {
    std::replace_if(
        s.begin(), s.end(), [](char c) { return c == '\t' || c == '\n' || c == '\r'; }, ' ');
    return s;
  };
  for (const Task& t : plan.tasks) {
    const std::optional<TaskResult>& r = results[t.id];
    if (statusOf(r) != kNotPassed) continue;
    out += std::to_string(t.id) + "\t" + oneLine(programName(t)) + "\t" + t.engine + "\t" +
           pointText(plan, t.point) + "\t" + r->verdict + "\t" + oneLine(r->firstError) + "\n";
  }
  return out;
}

std::optional<std::string> writePlotSources(const Plan& plan, const Results& results,
                                            const std::string& folder, PlotSet& out) {
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (ec) return "cannot make the folder '" + folder + "': " + ec.message();
  std::map<std::string, std::string> stems = programStems(plan);
  std::vector<std::vector<int>> axes = axesOf(plan);
  out = PlotSet{};
  for (const Group& g : groupsOf(plan)) {
    PlotGroup pg{programName(*g.first), stems[programName(*g.first)], g.first->engine, "", {}};
    if (auto err = writeGroup(plan, results, g, axes, folder, pg, out.files)) return err;
    out.groups.push_back(std::move(pg));
  }
  out.files.push_back("failing.txt");
  return writeAtomically((fs::path(folder) / "failing.txt").string(), failingList(plan, results));
}

std::optional<DrawError> drawPlots(const PlotSet& set, const std::string& folder, unsigned jobs) {
  std::vector<std::string> scripts;
  for (const PlotGroup& g : set.groups)
    if (!g.script.empty()) scripts.push_back(g.script);
  if (scripts.empty()) return std::nullopt;
  // A gnuplot per batch of scripts: starting one per script would cost more than drawing.
  size_t n = std::max<size_t>(1, std::min<size_t>(jobs, scripts.size()));
  std::string cd = "cd " + gpString(fs::absolute(folder).string());
  std::vector<std::vector<std::string>> argv(n, {"gnuplot", "-e", cd});
  for (size_t i = 0; i < scripts.size(); ++i)
    argv[i % n].push_back(scripts[i]);
  std::vector<ProcessResult> done(n);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < n; ++i)
    threads.emplace_back([&, i] { done[i] = runProcess(argv[i]); });
  for (std::thread& t : threads)
    t.join();
  for (const ProcessResult& r : done) {
    if (!r.started)
      return DrawError{true, "cannot run gnuplot (" + r.why +
                                 "): the plots need it; install it with `bash "
                                 "scripts/install-deps.sh` (Debian: gnuplot-nox), or pass "
                                 "--no-plots"};
    if (r.exitCode != 0)
      return DrawError{false, "gnuplot failed (exit code " + std::to_string(r.exitCode) +
                                  ") on the scripts in '" + folder + "':\n" + r.err};
  }
  std::error_code ec;
  for (const std::string& image : set.images())
    if (fs::file_size(fs::path(folder) / image, ec) == 0 || ec)
      return DrawError{false, "gnuplot did not draw '" + folder + "/" + image + "'"};
  return std::nullopt;
}

} // namespace loom::sweep
