// `loom-sim rtl FILE -o DIR`: the RTL twin (docs/rtl.md). Lowers the accelerated
// functions as `lower` does and writes into DIR the SystemVerilog library (one module
// per op kind, the channel FIFO) and one top module per function, `<top>.sv`.
#include "cli/command.h"
#include "lowering/lower.h"
#include "models/timing_json.h"
#include "rtl/generate.h"

#include <filesystem>
#include <spdlog/spdlog.h>

namespace loom::cli {

namespace {

struct RtlArgs {
  std::string file, func, dir, timingFile;
  uint64_t extWords = 0;
};

// DIR/name with `text`; false (with a message) when it cannot be written.
bool writeFile(const std::filesystem::path& dir, const std::string& name, const std::string& text) {
  return writeOutput((dir / name).string(), [&](std::ostream& os) { os << text; });
}

int rtl(const RtlArgs& a) {
  if (refusesOutputs({{"the input program", a.file}, {"the timing file", a.timingFile}},
                     {{"-o", a.dir}}))
    return kBadInput;
  rtl::RtlOptions options;
  options.extWords = a.extWords;
  if (!a.timingFile.empty())
    if (auto err = models::readTimingFile(a.timingFile, options.timing))
      return printError(*err), kBadInput;
  LoadedProgram prog = loadProgram(a.file);
  if (!printed(prog)) return kBadInput;
  std::vector<const Function*> funcs;
  if (auto err = selectFunctions(*prog.module, a.func, funcs)) return print(*err), kBadInput;
  std::vector<std::pair<std::string, std::string>> tops; // file name, text
  for (const Function* f : funcs) {
    dfg::Graph g;
    if (auto err = lowerFunction(*prog.module, *f, LowerOptions{}, g))
      return print(*err), kBadInput;
    std::string text;
    if (auto err = rtl::generateTop(g, options, text))
      return printError("@" + f->name + ": " + *err), kBadInput;
    tops.emplace_back(rtl::topModuleName(g) + ".sv", std::move(text));
  }
  std::error_code ec;
  std::filesystem::create_directories(a.dir, ec);
  if (ec) return printError("cannot create '" + a.dir + "': " + ec.message()), kBadInput;
  for (const rtl::SvFile& f : rtl::library())
    if (!writeFile(a.dir, f.name, f.text)) return kBadInput;
  for (const auto& [name, text] : tops) {
    if (!writeFile(a.dir, name, text)) return kBadInput;
    spdlog::info("wrote {}", (std::filesystem::path(a.dir) / name).string());
  }
  return kOk;
}

} // namespace

Command addRtlCommand(CLI::App& app) {
  auto a = std::make_shared<RtlArgs>();
  CLI::App* c = app.add_subcommand(
      "rtl", "Write the SystemVerilog twin of the accelerated functions (docs/rtl.md)");
  c->add_option("file", a->file, "MLIR file")->required();
  c->add_option("-o,--output", a->dir, "Directory to write the library and the tops into")
      ->required();
  c->add_option("--func", a->func, "Function to generate (default: every function but main)");
  c->add_option("--timing", a->timingFile, "Timing file (JSON): capacities and latencies");
  c->add_option("--ext-words", a->extWords,
                "Depth of an extmemory whose memref shape is dynamic (default: refuse it)");
  return {c, [a] { return rtl(*a); }};
}

} // namespace loom::cli
