// `loom-sim timing --defaults | --check FILE`: print the timing file, completed.
#include "cli/command.h"
#include "models/timing_json.h"

namespace loom::cli {

Command addTimingCommand(CLI::App& app) {
  struct Args {
    bool defaults = false;
    std::string file;
  };
  auto a = std::make_shared<Args>();
  CLI::App* c = app.add_subcommand("timing", "Print or check a timing file (JSON)");
  c->add_flag("--defaults", a->defaults, "Print the default timing file");
  c->add_option("--check", a->file, "Read a timing file and print it with defaults filled in");
  return {c, [a] {
            if (refusesOutputs({{"the --timing file", a->file}}, {stdoutPath()})) return kBadInput;
            models::TimingConfig t;
            if (!a->file.empty()) {
              if (auto err = models::readTimingFile(a->file, t)) return printError(*err), kBadInput;
            } else if (!a->defaults) {
              printError("`loom-sim timing`: give --defaults or --check FILE");
              return kBadInput;
            }
            std::cout << models::writeTimingJson(t);
            return kOk;
          }};
}

} // namespace loom::cli
