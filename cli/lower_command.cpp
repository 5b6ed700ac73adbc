#include "cli/lower_command.h"

#include "dfg/text/dfg_text.h"
#include "dfg/print_dot.h"
#include "lowering/lower.h"
#include "lowering/static_verify.h"
#include "frontend/parse.h"
#include "ir/verify/verifier.h"
#include "cli/output_paths.h"

#include <fstream>
#include <iostream>
#include <memory>
#include <spdlog/spdlog.h>

namespace loom {

namespace {

constexpr int kOk = 0, kCheckFailed = 1, kBadInput = 2;

void printDiag(const Diag& d) {
  std::cerr << d.str() << std::endl;
}

void usageError(const std::string& message) {
  std::cerr << "loom-sim: error: " << message << std::endl;
}

std::string joined(const std::vector<std::string>& names) {
  std::string s;
  for (const std::string& n : names)
    s += (s.empty() ? "" : ", ") + n;
  return s;
}

bool parseInjections(const std::vector<std::string>& names, std::set<Injection>& out) {
  for (const std::string& name : names) {
    Injection inj;
    if (!injectionFromName(name, inj)) {
      usageError("unknown injection '" + name + "' (known: " + joined(injectionNames()) + ")");
      return false;
    }
    out.insert(inj);
  }
  return true;
}

// The named function, or every defined function except main (the host's entry).
bool selectFunctions(const Module& m, const LowerCommandOptions& opts,
                     std::vector<const Function*>& out) {
  Loc fileLoc{m.file, 0, 0};
  if (!opts.func.empty()) {
    const Function* f = m.lookup(opts.func);
    if (!f || f->isDeclaration) {
      printDiag({fileLoc, "no function '@" + opts.func + "' with a body to lower"});
      return false;
    }
    out.push_back(f);
    return true;
  }
  for (const auto& f : m.functions)
    if (f->name != "main" && !f->isDeclaration) out.push_back(f.get());
  if (out.empty()) printDiag({fileLoc, "no function to lower (only 'main' and declarations)"});
  return !out.empty();
}

// Writes through `write` to `path`, or to stdout when `path` is empty.
template <typename Write> bool writeTo(const std::string& path, Write&& write) {
  if (path.empty()) {
    write(std::cout);
    std::cout.flush();
    return true;
  }
  std::ofstream os(path, std::ios::binary);
  if (os) write(os);
  if (!os) usageError("cannot write '" + path + "'");
  return static_cast<bool>(os);
}

// Runs the static verifier on each graph; prints every graph's first violation.
int verifyAll(const std::vector<dfg::Graph>& graphs) {
  int rc = kOk;
  for (const dfg::Graph& g : graphs) {
    if (std::optional<Diag> d = verifyGraph(g)) {
      printDiag(*d);
      rc = kCheckFailed;
    } else {
      spdlog::info("@{}: static verifier passed ({} ops, {} channels)", g.function, g.numNodes(),
                   g.numEdges());
    }
  }
  return rc;
}

bool writeOutputs(const LowerCommandOptions& opts, const std::vector<dfg::Graph>& graphs) {
  bool ok = writeTo(opts.out, [&](std::ostream& os) {
    for (const dfg::Graph& g : graphs)
      dfg::printMlir(g, os);
  });
  if (ok && !opts.dot.empty()) {
    std::vector<const dfg::Graph*> ptrs;
    for (const dfg::Graph& g : graphs)
      ptrs.push_back(&g);
    ok = writeTo(opts.dot, [&](std::ostream& os) { dfg::printDot(ptrs, os); });
  }
  return ok;
}

} // namespace

int lowerCommand(const LowerCommandOptions& opts) {
  // Every file the command reads, and every file it writes (a new output is one more line).
  if (refusesOutputs(
          {{"the input program", opts.file}},
          {{"-o", opts.out}, {"--dot", opts.dot}, opts.out.empty() ? stdoutPath() : NamedPath{}}))
    return kBadInput;
  LowerOptions lower;
  lower.verify = false; // run below, so that a violation is a failed check (1), not bad input
  if (!parseInjections(opts.inject, lower.inject)) return kBadInput;
  ParseResult parsed = parseFile(opts.file);
  for (const Diag& n : parsed.notes) std::cerr << n.str("note") << std::endl;
  if (parsed.error) return printDiag(*parsed.error), kBadInput;
  const Module& m = *parsed.module;
  if (auto err = verifyModule(m)) return printDiag(*err), kBadInput;
  std::vector<const Function*> funcs;
  if (!selectFunctions(m, opts, funcs)) return kBadInput;

  std::vector<dfg::Graph> graphs(funcs.size());
  for (size_t i = 0; i < funcs.size(); ++i) {
    if (auto err = lowerFunction(m, *funcs[i], lower, graphs[i])) return printDiag(*err), kBadInput;
    spdlog::info("lowered @{}: {} ops, {} channels", funcs[i]->name, graphs[i].numNodes(),
                 graphs[i].numEdges());
  }
  if (!writeOutputs(opts, graphs)) return kBadInput;
  return verifyAll(graphs);
}

int verifyDfgCommand(const std::string& file) {
  // verify writes nothing but stderr; an output it gets goes in the second list.
  if (refusesOutputs({{"the input DFG", file}}, {})) return kBadInput;
  dfg::ReadResult read = dfg::readMlirFile(file);
  if (read.error) return printDiag(*read.error), kBadInput;
  if (read.graphs.empty()) {
    printDiag({Loc{std::make_shared<const std::string>(file), 0, 0}, "no 'loom.dfg' function"});
    return kBadInput;
  }
  spdlog::info("read {} function(s) from {}", read.graphs.size(), file);
  return verifyAll(read.graphs);
}

} // namespace loom
