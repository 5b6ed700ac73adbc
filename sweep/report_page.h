// A sweep's HTML page (`sweep report`, DIR/report/index.html): the counts, the tasks that
// did not pass, each program's plots (sweep/plots.h) and links to the tables. It needs no
// network: its images are the SVGs in plots/, next to it, by relative links.
#pragma once

#include "support/text.h"
#include "sweep/plots.h"

#include <optional>
#include <string>

namespace loom::sweep {

struct PageInputs {
  std::string sweepDir;                // what the page is of, as given on the command line
  std::string csv, json;               // the tables' files; "" or "-" when not written to one
  std::string plotsFolder = "plots";   // from the page's folder
  std::string failing = "failing.txt"; // in the plots folder
};

// Text as HTML character data or a quoted attribute's value (support/text.h).
using loom::htmlText;

// A link from a page in `pageFolder` to `file`: its relative path, percent-encoded where a
// URL needs it (spaces, '#', '?', '%', non-ASCII bytes).
std::string hrefTo(const std::string& file, const std::string& pageFolder);

std::string reportPage(const Plan& plan, const Results& results, const PlotSet& plots,
                       const std::string& pageFolder, const PageInputs& in);

// Writes the page to `path`; the problem if it could not.
std::optional<std::string> writeReportPage(const std::string& path, const Plan& plan,
                                           const Results& results, const PlotSet& plots,
                                           const PageInputs& in);

} // namespace loom::sweep
