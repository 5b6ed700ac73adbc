#include "cli/usage.h"

#include <algorithm>
#include <charconv>
#include <iostream>

namespace loom::cli {

namespace {

// Every long and short name of `app`'s options ("--engine", "-o"), and of the top
// level's (-v, --help) which every subcommand accepts too.
std::vector<std::string> optionNames(const CLI::App& app) {
  std::vector<std::string> out;
  for (const CLI::App* a = &app; a; a = a->get_parent())
    for (const CLI::Option* o : a->get_options()) {
      for (const std::string& l : o->get_lnames())
        out.push_back("--" + l);
      for (const std::string& s : o->get_snames())
        out.push_back("-" + s);
    }
  return out;
}

std::vector<std::string> commandNames(const CLI::App& app) {
  std::vector<std::string> out;
  for (const CLI::App* c : app.get_subcommands([](const CLI::App*) { return true; }))
    out.push_back(c->get_name());
  return out;
}

std::string didYouMean(const std::string& word, const std::vector<std::string>& names) {
  std::string c = closest(word, names);
  return c.empty() ? "" : " (did you mean " + c + "?)";
}

// The subcommand the words name (the first word that is not an option), or nullptr;
// `word` is that word.
CLI::App* chosenCommand(CLI::App& app, const std::vector<std::string>& args, std::string& word) {
  for (const std::string& a : args) {
    if (!a.empty() && a[0] == '-') continue;
    word = a;
    try {
      return app.get_subcommand(a);
    } catch (const CLI::OptionNotFound&) {
      return nullptr;
    }
  }
  return nullptr;
}

// CLI11's message without its final period.
std::string plain(const CLI::ParseError& e) {
  std::string m = e.what();
  if (!m.empty() && m.back() == '.') m.pop_back();
  return m;
}

} // namespace

int usageError(CLI::App& app, const CLI::ParseError& e, const std::vector<std::string>& args) {
  std::string word;
  CLI::App* cmd = chosenCommand(app, args, word);
  std::string name = cmd ? "loom-sim " + cmd->get_name() : "loom-sim";
  std::string message;
  if (!cmd && !word.empty()) {
    message = "unknown command '" + word + "'" + didYouMean(word, commandNames(app)) +
              "; the commands: " + CLI::detail::join(commandNames(app), ", ");
  } else if (!cmd && dynamic_cast<const CLI::RequiredError*>(&e)) {
    message = "no command given; the commands: " + CLI::detail::join(commandNames(app), ", ");
  } else if (dynamic_cast<const CLI::ExtrasError*>(&e)) {
    const CLI::App& where = cmd ? *cmd : app;
    std::vector<std::string> extras = where.remaining();
    auto option = std::find_if(extras.begin(), extras.end(),
                               [](const std::string& x) { return x.size() > 1 && x[0] == '-'; });
    if (option != extras.end()) {
      std::string flag = option->substr(0, option->find('='));
      std::vector<std::string> own = optionNames(app); // -v, --version: loom-sim's own
      if (cmd && std::count(own.begin(), own.end(), flag))
        message = "'" + flag + "' is an option of loom-sim itself, not of `" + name +
                  "`: put it before the command (`loom-sim " + flag + " " + cmd->get_name() +
                  " ...`)";
      else
        message = "unknown option '" + flag + "' of `" + name + "`" +
                  didYouMean(flag, optionNames(where));
    } else {
      message = "unexpected argument '" + (extras.empty() ? std::string() : extras[0]) + "' of `" +
                name + "`";
    }
  } else {
    message = plain(e);
    if (cmd) message = "`" + name + "`: " + message;
  }
  printError(message);
  std::cerr << "(`" << name << " --help` lists the options)\n";
  return kBadInput;
}

CLI::Validator countValidator() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        uint64_t v = 0;
        const char* end = text.data() + text.size();
        auto r = std::from_chars(text.data(), end, v);
        if (r.ec == std::errc::result_out_of_range)
          return "'" + text + "' is too large (at most 18446744073709551615)";
        if (text.empty() || r.ec != std::errc() || r.ptr != end)
          return "'" + text + "' is not a whole number from 0 to 18446744073709551615";
        return "";
      },
      "COUNT");
}

} // namespace loom::cli
