#include "cli/graph_files.h"

#include "cli/command.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <optional>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace loom::cli {

namespace {

// `dot -Tsvg -o SVG` on the text (through a temporary file, so that Graphviz's messages
// name a file), with its messages on our stderr. Returns what went wrong, each message
// naming `what` (the option); `missing` tells that Graphviz is not installed.
std::optional<std::string> runDot(const std::string& svgPath, const std::string& dot,
                                  const std::string& what, bool& missing) {
  std::string tmp = "/tmp/loom-sim-dot-XXXXXX";
  int fd = mkstemp(tmp.data());
  if (fd < 0) return what + ": cannot make a temporary file: " + tmp;
  close(fd);
  {
    std::ofstream os(tmp, std::ios::binary);
    os << dot;
    if (!os.flush()) return std::remove(tmp.c_str()), what + ": cannot write " + tmp;
  }
  std::string out = svgPath;
  char* argv[] = {const_cast<char*>("dot"),
                  const_cast<char*>("-Tsvg"),
                  const_cast<char*>("-o"),
                  out.data(),
                  tmp.data(),
                  nullptr};
  pid_t pid = 0;
  int err = posix_spawnp(&pid, "dot", nullptr, nullptr, argv, environ);
  int status = 0;
  if (!err) waitpid(pid, &status, 0);
  std::remove(tmp.c_str());
  missing = err == ENOENT;
  if (missing)
    return what + " renders the graph with Graphviz's `dot`, which is not installed "
                  "(Debian: apt install graphviz)";
  if (err) return what + ": cannot run `dot`: " + std::strerror(err);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return what + ": Graphviz's `dot` could not render the graph to '" + svgPath + "'";
  return std::nullopt;
}

bool renderSvg(const std::string& svgPath, const std::string& dot) {
  if (svgPath == "-") { // Graphviz's own -o cannot name stdout: through a temporary file
    std::string why;
    std::optional<std::string> svg = svgOfDot(dot, "--svg", why);
    if (!svg) return printError(why), false;
    return writeOutput(svgPath, [&](std::ostream& os) { os << *svg; });
  }
  bool missing = false;
  std::optional<std::string> err = runDot(svgPath, dot, "--svg", missing);
  if (missing) *err += "; --dot writes the text";
  return err ? (printError(*err), false) : true;
}

} // namespace

bool writeGraphFiles(const std::string& dotPath, const std::string& svgPath,
                     const std::string& dot) {
  bool ok = true;
  if (!dotPath.empty()) ok = writeOutput(dotPath, [&](std::ostream& os) { os << dot; });
  if (ok && !svgPath.empty()) ok = renderSvg(svgPath, dot);
  return ok;
}

std::optional<std::string> svgOfDot(const std::string& dot, const std::string& what,
                                    std::string& why) {
  std::string svg = "/tmp/loom-sim-svg-XXXXXX";
  int fd = mkstemp(svg.data());
  if (fd < 0) return why = what + ": cannot make a temporary file: " + svg, std::nullopt;
  close(fd);
  bool missing = false;
  std::optional<std::string> err = runDot(svg, dot, what, missing);
  std::ifstream in(svg, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::remove(svg.c_str());
  if (err) return why = *err, std::nullopt;
  return text;
}

} // namespace loom::cli
