// `loom-sim lower FILE`: SCF functions to the handshake + dataflow DFG, written as MLIR
// text (and DOT), then the static verifier: a violation is a failed check (exit 1).
// `loom-sim verify DFG`: the static verifier on a DFG file (either form, dfg/loom).
#include "analysis/rates.h"
#include "cli/command.h"
#include "cli/graph_files.h"
#include "dfg/loom/loom_form.h"
#include "dfg/op_names.h"
#include "dfg/print_dot.h"
#include "host/program_run.h"
#include "lowering/lower.h"

#include <algorithm>
#include <spdlog/spdlog.h>
#include <sstream>

namespace loom::cli {

namespace {

struct LowerArgs {
  std::string file, out, dot, svg, format = "loom.dfg";
  std::vector<std::string> funcs, inject;
  int width = -1;
  bool expand = false;
};

// What loom-sim added to a graph read from LOOM's form, which leaves fan-out, unused
// results and i1 tokens implicit (dfg::Node::added): "3 fork(s) and 1 sink(s) added by
// loom-sim", with the others (token adapters, sources of untriggered constants) if any.
std::string addedNodes(const dfg::Graph& g) {
  size_t forks = 0, sinks = 0, others = 0;
  for (dfg::Vertex v = 0; v < g.numNodes(); ++v) {
    const dfg::Node& n = g.node(v);
    if (!n.added) continue;
    ++(n.kind == dfg::NodeKind::Fork ? forks : n.kind == dfg::NodeKind::Sink ? sinks : others);
  }
  std::string s = std::to_string(forks) + " fork(s) and " + std::to_string(sinks) + " sink(s)";
  if (others) s += " and " + std::to_string(others) + " other node(s)";
  return s + " added by loom-sim";
}

// Every graph's first violation of the static verifier (rates inferred where the file
// gives none), as `width` and `expand` show it.
int verifyAll(const std::vector<dfg::Graph>& graphs, int width, bool expand) {
  std::vector<std::string> functions;
  for (const dfg::Graph& g : graphs)
    functions.push_back(g.function);
  TerminalText shown = terminalView(width, expand, functions);
  int rc = kOk;
  for (const dfg::Graph& g : graphs) {
    if (!g.scfOrigins) spdlog::info("@{}: {}", g.function, addedNodes(g));
    if (std::vector<GraphFinding> f = checkGraphInferring(g); !f.empty()) {
      Diag d = f.front().diag;
      d.message = dfg::nameOps(d.message, dfg::opNames(g)); // "op 12" by its place
      std::string tag = shown.shortens() ? " [@" + g.function + ", static]" : "";
      std::cerr << shown(d.str("error") + tag) << std::endl, rc = kFailed;
    } else
      spdlog::info("@{}: static verifier passed ({} ops, {} channels)", g.function, g.numNodes(),
                   g.numEdges());
  }
  return rc;
}

int lower(const LowerArgs& a) {
  if (auto w = widthProblem(a.width)) return printError(*w), kBadInput;
  bool toStdout = a.out.empty() || a.out == "-";
  if (refusesOutputs({{"the input program", a.file}}, {{"-o", toStdout ? "" : a.out},
                                                       {"--dot", a.dot},
                                                       {"--svg", a.svg},
                                                       toStdout ? stdoutPath() : NamedPath{}}))
    return kBadInput;
  LowerOptions opts;
  opts.verify = false; // below, so that a violation is a failed check (1), not bad input
  if (auto err = parseInjections(a.inject, opts.inject)) return printError(*err), kBadInput;
  dfg::DfgFormat format;
  dfg::dfgFormatFromName(a.format, format); // CLI11 checked the name
  LoadedProgram prog = loadProgram(a.file);
  if (!printed(prog)) return kBadInput;
  std::vector<const Function*> funcs;
  if (auto err = selectFunctions(*prog.module, a.funcs, funcs)) return print(*err), kBadInput;
  std::vector<dfg::Graph> graphs(funcs.size());
  std::set<Injection> applied;
  opts.applied = &applied;
  std::vector<std::string> names;
  for (const Function* f : funcs)
    names.push_back(f->name);
  for (size_t i = 0; i < funcs.size(); ++i) {
    if (auto err = lowerFunction(*prog.module, *funcs[i], opts, graphs[i]))
      return print(*err), kBadInput;
    spdlog::info("lowered @{}: {} ops, {} channels", funcs[i]->name, graphs[i].numNodes(),
                 graphs[i].numEdges());
  }
  if (auto err = unusedInjections(*prog.module, opts.inject, applied, names))
    return print(*err), kBadInput;
  std::optional<std::string> err;
  bool ok = writeOutput(a.out, [&](std::ostream& os) { err = printDfg(graphs, format, os); });
  if (err) return printError(*err), kBadInput;
  if (ok && (!a.dot.empty() || !a.svg.empty())) {
    std::ostringstream dot;
    dfg::printDot(graphs, dot);
    ok = writeGraphFiles(a.dot, a.svg, dot.str());
  }
  return ok ? verifyAll(graphs, a.width, a.expand) : kBadInput;
}

struct VerifyArgs {
  std::string file, dot;
  std::vector<std::string> funcs;
  int width = -1;
  bool expand = false;
};

// The graphs of `read` that --func names (all of them without --func); false with a
// message on a name the file does not define.
bool chooseGraphs(const std::vector<std::string>& funcs, const std::string& file,
                  std::vector<dfg::Graph>& graphs) {
  if (funcs.empty()) return true;
  std::vector<dfg::Graph> chosen;
  for (const std::string& f : funcs) {
    auto it = std::find_if(graphs.begin(), graphs.end(),
                           [&](const dfg::Graph& g) { return g.function == f; });
    if (it == graphs.end())
      return print({Loc{std::make_shared<const std::string>(file), 0, 0},
                    "no function '@" + f + "' in the file"}),
             false;
    chosen.push_back(*it);
  }
  graphs = std::move(chosen);
  return true;
}

int verify(const VerifyArgs& a) {
  const std::string& file = a.file;
  if (auto w = widthProblem(a.width)) return printError(*w), kBadInput;
  if (refusesOutputs({{"the input DFG", file}}, {{"--dot", a.dot}})) return kBadInput;
  dfg::ReadResult read = dfg::readDfgFile(file);
  if (read.error) return print(*read.error), kBadInput;
  if (read.graphs.empty())
    return print({Loc{std::make_shared<const std::string>(file), 0, 0}, "no function"}), kBadInput;
  if (!chooseGraphs(a.funcs, file, read.graphs)) return kBadInput;
  spdlog::info("read {} function(s) from {}", read.graphs.size(), file);
  if (!a.dot.empty() &&
      !writeOutput(a.dot, [&](std::ostream& os) { dfg::printDot(read.graphs, os); }))
    return kBadInput;
  return verifyAll(read.graphs, a.width, a.expand);
}

} // namespace

Command addLowerCommand(CLI::App& app) {
  auto a = std::make_shared<LowerArgs>();
  CLI::App* c = app.add_subcommand(
      "lower", "Lower SCF functions to the handshake + dataflow graph and run the static verifier");
  c->add_option("file", a->file, "MLIR file")->required();
  addFunctionOption(c, a->funcs, "Function to lower (default: every function but main)");
  c->add_option("-o,--output", a->out, "Write the DFG text here (default: stdout)");
  c->add_option("--format", a->format, "loom.dfg (loom-sim's, default) or loom (LOOM's handshake)")
      ->capture_default_str()
      ->check(CLI::IsMember({"loom.dfg", "loom"}));
  c->add_option("--dot", a->dot, "Also write Graphviz DOT here");
  c->add_option("--svg", a->svg, "Also write the graph as SVG here (rendered by Graphviz's dot)");
  c->add_option("--inject", a->inject, "Commit a known lowering bug on purpose (repeatable)");
  addWidthOption(c, a->width);
  c->add_flag("--expand", a->expand, "Print the finding's lines whole (see --width)");
  return {c, [a] { return lower(*a); }};
}

Command addVerifyCommand(CLI::App& app) {
  auto a = std::make_shared<VerifyArgs>();
  CLI::App* c =
      app.add_subcommand("verify", "Run the static verifier on a DFG file (`lower`'s or LOOM's)");
  c->add_option("file", a->file,
                "DFG file (loom.dfg, or LOOM's: handshake.funcs, possibly in a "
                "whole compiled module)")
      ->required();
  addFunctionOption(c, a->funcs, "Function to verify (default: every one in the file)");
  c->add_option("--dot", a->dot, "Also write the graphs as Graphviz DOT here");
  addWidthOption(c, a->width);
  c->add_flag("--expand", a->expand, "Print each finding's lines whole (see --width)");
  return {c, [a] { return verify(*a); }};
}

} // namespace loom::cli
