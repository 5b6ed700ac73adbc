// --dot FILE and --svg FILE of `run` and `lower`: a graph's DOT text as is, or rendered
// to SVG by Graphviz's `dot` (found on PATH).
#pragma once

#include <optional>
#include <string>

namespace loom::cli {

// Writes `dot` to dotPath and its rendering to svgPath (each only if non-empty). False,
// with a message, when either cannot be written or Graphviz cannot render it.
bool writeGraphFiles(const std::string& dotPath, const std::string& svgPath,
                     const std::string& dot);

// Graphviz's SVG of `dot`, or nothing with `why` said (`what` names the option asking,
// e.g. "--html"): for a page that embeds the graph.
std::optional<std::string> svgOfDot(const std::string& dot, const std::string& what,
                                    std::string& why);

} // namespace loom::cli
