// `loom-sim rtl FILE -o DIR`: the RTL twin (docs/rtl.md). Lowers the accelerated
// functions as `lower` does (or, with --dfg, reads a DFG file as `sim` does) and writes
// into DIR the SystemVerilog library (one module per op kind, the channel FIFO) and one
// top module per function, `<top>.sv` (with --probes also `<top>_bind.h`).
#include "cli/command.h"
#include "dfg/loom/file_kind.h"
#include "dfg/loom/loom_form.h"
#include "lowering/lower.h"
#include "models/timing_json.h"
#include "rtl/generate.h"
#include "sim/elaborate.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <spdlog/spdlog.h>

namespace loom::cli {

namespace {

struct RtlArgs {
  std::string file, dir, timingFile;
  std::vector<std::string> funcs;
  uint64_t extWords = 0;
  bool probes = false, dfgFlag = false; // --dfg: FILE's kind is now recognised, see isDfgInput
  bool dfgInput = false;
};

// The graphs to generate: lowered from the program, or read from a DFG file.
bool graphsOf(const RtlArgs& a, std::vector<dfg::Graph>& graphs) {
  if (a.dfgInput) {
    dfg::ReadResult rr = dfg::readDfgFile(a.file);
    if (rr.error) return print(*rr.error), false;
    for (dfg::Graph& g : rr.graphs)
      if (a.funcs.empty() || std::count(a.funcs.begin(), a.funcs.end(), g.function))
        graphs.push_back(std::move(g));
    for (const std::string& f : a.funcs)
      if (std::none_of(graphs.begin(), graphs.end(),
                       [&](const dfg::Graph& g) { return g.function == f; }))
        return printError("no function '@" + f + "' in " + a.file), false;
    if (graphs.empty()) printError("no function in " + a.file);
    return !graphs.empty();
  }
  LoadedProgram prog = loadProgram(a.file);
  if (!printed(prog)) return false;
  std::vector<const Function*> funcs;
  if (auto err = selectFunctions(*prog.module, a.funcs, funcs)) return print(*err), false;
  graphs.resize(funcs.size());
  for (size_t i = 0; i < funcs.size(); ++i)
    if (auto err = lowerFunction(*prog.module, *funcs[i], LowerOptions{}, graphs[i]))
      return print(*err), false;
  return true;
}

int rtl(RtlArgs& a) {
  // A DFG file (either form, or a program LOOM compiled: its networks are what it
  // accelerates) is read as `sim` reads it; an SCF program is lowered. --dfg insists on
  // a DFG, as it did before the kind was recognised.
  dfg::FileKind kind = dfg::fileKindOfPath(a.file);
  a.dfgInput = a.dfgFlag || dfg::isDfgKind(kind);
  std::vector<NamedPath> inputs = {{a.dfgInput ? "the input DFG" : "the input program", a.file},
                                   {"the --timing file", a.timingFile}};
  if (refusesOutputs(inputs, {{"-o", a.dir}})) return kBadInput;
  rtl::RtlOptions options;
  options.extWords = a.extWords;
  options.probes = a.probes;
  if (!a.timingFile.empty())
    if (auto err = models::readTimingFile(a.timingFile, options.timing))
      return printError(*err), kBadInput;
  std::vector<dfg::Graph> graphs;
  if (!graphsOf(a, graphs)) return kBadInput;
  for (dfg::Graph& g : graphs)
    if (auto err = sim::applyChannelCapacities(options.timing, g.function, g))
      return printError(a.timingFile + ": " + *err), kBadInput;
  std::vector<std::pair<std::string, std::string>> files; // name, text
  std::map<std::string, std::string> functionOfTop;
  for (const dfg::Graph& g : graphs) {
    std::string top = rtl::topModuleName(g), text;
    // "@a.b" and "@a_b" are one identifier: two tops of one name cannot share a directory.
    auto [it, fresh] = functionOfTop.emplace(top, g.function);
    if (!fresh)
      return printError("@" + it->second + " and @" + g.function + " both make the top module " +
                        top + "; rename one, or generate them apart with --func"),
             kBadInput;
    if (auto err = rtl::generateTop(g, options, text))
      return printError("@" + g.function + ": " + *err), kBadInput;
    files.emplace_back(top + ".sv", std::move(text));
    if (!a.probes) continue;
    if (auto err = rtl::testbenchBinding(g, options, text))
      return printError("@" + g.function + ": " + *err), kBadInput;
    files.emplace_back(top + "_bind.h", std::move(text));
  }
  for (const rtl::SvFile& f : rtl::library())
    files.emplace_back(f.name, f.text);
  // Each file DIR/NAME is an output: one of them may be an input (the program, kept in
  // DIR under a generated file's name).
  std::vector<NamedPath> outputs;
  for (const auto& file : files)
    outputs.push_back({"-o", (std::filesystem::path(a.dir) / file.first).string()});
  if (refusesOutputs(inputs, outputs)) return kBadInput;
  std::error_code ec;
  std::filesystem::create_directories(a.dir, ec);
  if (ec) return printError("cannot create '" + a.dir + "': " + ec.message()), kBadInput;
  for (size_t i = 0; i < files.size(); ++i) {
    const std::string& path = outputs[i].path;
    if (!writeOutput(path, [&](std::ostream& os) { os << files[i].second; })) return kBadInput;
    spdlog::info("wrote {}", path);
  }
  return kOk;
}

} // namespace

Command addRtlCommand(CLI::App& app) {
  auto a = std::make_shared<RtlArgs>();
  CLI::App* c = app.add_subcommand(
      "rtl", "Write the SystemVerilog twin of the accelerated functions (docs/rtl.md)");
  c->add_option("file", a->file,
                "An SCF program (its functions are lowered) or a DFG file (`lower`'s, LOOM's)")
      ->required();
  c->add_option("-o,--output", a->dir, "Directory to write the library and the tops into")
      ->required();
  addFunctionOption(c, a->funcs, "Function to generate (default: every function but main)");
  c->add_flag("--dfg", a->dfgFlag,
              "Read FILE as a DFG (no longer needed: a DFG file is recognised; kept for old "
              "scripts)");
  c->add_option("--timing", a->timingFile, "Timing file (JSON): capacities and latencies");
  c->add_option("--ext-words", a->extWords,
                "Depth of an extmemory whose memref shape is dynamic (default: refuse it)")
      ->check(CLI::Range(uint64_t(1), rtl::kMaxTwinWords));
  c->add_flag("--probes", a->probes,
              "Probe every channel and write <top>_bind.h for a testbench (docs/rtl.md)");
  return {c, [a] { return rtl(*a); }};
}

} // namespace loom::cli
