// `loom-sim upgrade FILE [-o OUT]`: rewrite MLIR 14 spelling into the current one
// (frontend/upgrade.h), after checking that MLIR 22 reads the result.
#include "cli/command.h"
#include "dfg/loom/file_kind.h"
#include "frontend/parse.h"
#include "frontend/upgrade.h"

namespace loom::cli {

namespace {

int upgrade(const std::string& file, const std::string& out) {
  bool toStdout = out.empty() || out == "-";
  if (refusesOutputs({{"the input program", file}},
                     {{"-o", toStdout ? "" : out}, toStdout ? stdoutPath() : NamedPath{}}))
    return kBadInput;
  std::optional<Diag> error;
  std::optional<std::string> text = readSourceFile(file, error);
  if (!text) return print(*error), kBadInput;
  // Networks are not MLIR 14 programs: say which command reads them.
  if (dfg::SniffedKind k = dfg::sniffFileKind(*text); dfg::isDfgKind(k.kind)) {
    Loc at{std::make_shared<const std::string>(file), k.line, k.column};
    if (k.kind != dfg::FileKind::LoomProgram)
      return print({at, dfg::wrongKindMessage(k.kind, file, true)}), kBadInput;
    return print({at, "this file holds " + std::string(dfg::fileKindName(k.kind)) +
                          ", which `loom-sim run " + file +
                          "` reads as it is: `upgrade` rewrites SCF programs written in MLIR "
                          "14's spelling"}),
           kBadInput;
  }
  Upgraded up = upgradeMlir14(*text);
  // The result must be a program MLIR 22 reads: check it before writing anything.
  ParseResult check = parseModule(up.text, file);
  if (check.error) {
    Diag d = *check.error;
    if (d.loc.line) d.loc.col = originalColumn(up, d.loc.line, d.loc.col);
    return print(d), kBadInput;
  }
  for (const std::string& c : up.changes)
    std::cerr << "upgraded: " << c << "\n";
  if (up.changes.empty())
    std::cerr << "loom-sim: " << file << " is already in the current spelling\n";
  return writeOutput(out, [&](std::ostream& os) { os << up.text; }) ? kOk : kFailed;
}

} // namespace

Command addUpgradeCommand(CLI::App& app) {
  auto a = std::make_shared<std::pair<std::string, std::string>>();
  CLI::App* c = app.add_subcommand(
      "upgrade",
      "Rewrite a program in MLIR 14 spelling (func @f, return, call, select, arith.maxf, "
      "print_memref_*) into the current one");
  c->add_option("file", a->first, "MLIR file")->required();
  c->add_option("-o,--output", a->second, "Write here (default: stdout); never the input");
  return {c, [a] { return upgrade(a->first, a->second); }};
}

} // namespace loom::cli
