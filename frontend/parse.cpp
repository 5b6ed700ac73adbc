// The front end's driver: MLIR's parser and verifier (mlir_text.h), then the import
// (import.h), on a large stack; the MLIR-14 upgrade when MLIR 22 rejects old spelling.
// Nothing is printed from here: diagnostics come back as Diags.

#include "frontend/parse.h"

#include "frontend/import.h"
#include "frontend/mlir_text.h"
#include "frontend/upgrade.h"
#include "support/big_stack.h"

#include <filesystem>
#include <fstream>

namespace loom {
namespace {

using namespace frontend;

std::optional<Diag> parseInto(const std::string& text,
                              const std::shared_ptr<const std::string>& file,
                              const Upgraded* upgrade, Module& out) {
  auto ctx = makeInputContext();
  MlirText t(*ctx, text, file, upgrade);
  if (auto err = t.parse()) return err;
  if (auto err = t.verify()) return err;
  return importModule(t, out);
}

} // namespace

ParseResult parseModule(std::string text, const std::string& filename) {
  ParseResult res;
  auto mod = std::make_unique<Module>();
  mod->file = std::make_shared<const std::string>(filename);
  mod->source = std::move(text);
  // MLIR's parser, verifier and the destruction of deeply nested IR recurse per level.
  runOnLargeStack([&] {
    std::optional<Diag> err = parseInto(mod->source, mod->file, nullptr, *mod);
    if (err && looksLikeMlir14(mod->source)) {
      // MLIR 22 rejects MLIR 14 spellings: read the file upgraded, and say so.
      Upgraded up = upgradeMlir14(mod->source);
      auto again = std::make_unique<Module>();
      again->file = mod->file;
      again->source = mod->source;
      std::string what;
      for (const std::string& c : up.changes)
        what += (what.empty() ? "" : ", ") + c;
      Diag note{Loc{mod->file, 0, 0}, "read in MLIR 14 spelling, upgraded (" + what +
                                          "); `loom-sim upgrade " + *mod->file +
                                          "` writes the current form"};
      err = parseInto(up.text, mod->file, &up, *again);
      if (err) {
        err->notes.push_back(note);
      } else {
        mod = std::move(again);
        res.notes.push_back(note);
      }
    }
    if (err) {
      res.error = std::move(err);
      mod.reset();
    }
  });
  res.module = std::move(mod);
  return res;
}

std::optional<std::string> readSourceFile(const std::string& path, std::optional<Diag>& error) {
  auto fail = [&](const std::string& why) {
    error = Diag{Loc{std::make_shared<const std::string>(path), 0, 0}, why};
    return std::nullopt;
  };
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return fail("cannot open file: it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail("cannot open file");
  // Read up to the limit, not to the end: /dev/zero or a runaway pipe has none.
  std::string text;
  char chunk[1 << 16];
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
    text.append(chunk, static_cast<size_t>(in.gcount()));
    if (text.size() > kMaxSourceBytes)
      return fail("file larger than " + std::to_string(kMaxSourceBytes >> 20) +
                  " MiB; larger inputs are not supported");
  }
  if (in.bad()) return fail("cannot read file");
  return text;
}

ParseResult parseFile(const std::string& path) {
  ParseResult r;
  std::optional<std::string> text = readSourceFile(path, r.error);
  return text ? parseModule(std::move(*text), path) : std::move(r);
}

} // namespace loom
