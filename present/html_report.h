// `run --html PAGE`: one self-contained HTML page per run, for people and for CI
// artefacts (docs/debugging.md "Seeing it"). The page is present/report_page.html,
// embedded at build time, with the run's data as one JSON document in it; its inline
// script draws everything from that document, so it opens without a network:
//   - the summary line, exactly as the terminal prints it, and the report's verdict;
//   - each root cause with the findings it explains and a source excerpt of each (the
//     C line where a finding's location names a C file found beside the program or in
//     its src/ folder, and the .mlir lines);
//   - per call, the report's loop table (activations, iterations, N vs N + 1 expected
//     and observed, II) and the transfers per cycle bucket (traces/activity.h);
//   - the networks as Graphviz renders them (present/run_graph.h), findings in red, with
//     every op and channel clickable: its ports, token counts and source line.
// Every number is the report's (the "report" member is the --report document of the
// run), so the page, `--report` and the terminal agree.
#pragma once

#include "host/program_run.h"

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace loom {

// Graphviz: the SVG of a DOT text, or nothing with `why` said (not installed, failed).
using SvgRenderer =
    std::function<std::optional<std::string>(const std::string& dot, std::string& why)>;

struct HtmlInputs {
  std::string file;      // the program, as the command line names it
  std::string summary;   // the summary line as the terminal shows it (no "loom-sim: ")
  nlohmann::json report; // the --report document of the same run
  SvgRenderer renderSvg; // null: the page says there is no graph
};

// The page's data (what the page's script reads): "file", "summary", "report",
// "sources", "excerpts", "graph" and "activity". After run().
nlohmann::json htmlReportData(const ProgramRun& run, const HtmlInputs& in);

// `j` as JSON text that can stand inside a <script> element: every '<' is written as
// \u003c, so neither "</script>" nor "<!--" can end or bend the element, and invalid
// UTF-8 (a source line in another encoding) becomes U+FFFD instead of an exception.
std::string scriptSafeJson(const nlohmann::json& j);

// The page with `data` in it.
std::string htmlReportPage(const nlohmann::json& data);

// Writes the page of the run to `path`. Returns an error message if it cannot be written.
std::optional<std::string> writeHtmlReport(const std::string& path, const ProgramRun& run,
                                           const HtmlInputs& in);

} // namespace loom
