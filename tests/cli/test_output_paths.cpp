// checkOutputPaths (cli/output_paths.h): an output naming an input, or two outputs
// naming one file, however spelled; devices and pipes are never refused.
#include "cli/output_paths.h"

#include <catch2/catch.hpp>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace loom;
namespace fs = std::filesystem;

namespace {

// A fresh directory, made the current one for the test's life (relative spellings).
struct TempDir {
  fs::path dir, oldCwd = fs::current_path();
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "loom-output-paths-XXXXXX").string();
    REQUIRE(::mkdtemp(tmpl.data()));
    dir = tmpl;
    fs::current_path(dir);
  }
  ~TempDir() {
    fs::current_path(oldCwd);
    fs::remove_all(dir);
  }
  void write(const std::string& name) { std::ofstream(dir / name) << "x\n"; }
};

std::optional<std::string> check(std::vector<NamedPath> inputs, std::vector<NamedPath> outputs) {
  return checkOutputPaths(inputs, outputs);
}

} // namespace

TEST_CASE("an output naming the input, however spelled, is refused", "[output_paths]") {
  TempDir t;
  t.write("k.mlir");
  fs::create_directory("dir");
  fs::create_symlink("k.mlir", "link.mlir");
  fs::create_hard_link("k.mlir", "hard.mlir");
  std::string abs = (t.dir / "k.mlir").string();
  for (const std::string& spelling :
       std::vector<std::string>{"k.mlir", "./k.mlir", "dir/../k.mlir", "dir/.././/k.mlir",
                                "link.mlir", "hard.mlir", abs}) {
    INFO(spelling);
    CHECK(check({{"the input program", "k.mlir"}}, {{"--vcd", spelling}}) ==
          "--vcd " + spelling + " is the input program k.mlir; refusing to overwrite it");
  }
  // The input spelled otherwise too, and any input of the list.
  CHECK(check({{"the input program", "a.mlir"}, {"the --timing file", "./link.mlir"}},
              {{"--stats", "dir/../hard.mlir"}}) ==
        "--stats dir/../hard.mlir is the --timing file ./link.mlir; refusing to overwrite it");
}

TEST_CASE("two outputs naming one file are refused, existing or not", "[output_paths]") {
  TempDir t;
  t.write("out.json");
  CHECK(check({}, {{"--report", "out.json"}, {"--stats", "out.json"}}) ==
        "--report and --stats both name out.json");
  CHECK(check({}, {{"--report", "out.json"}, {"--stats", "./out.json"}}) ==
        "--report out.json and --stats ./out.json name the same file");
  // Not there yet: the path a write would create.
  fs::create_directory("d");
  CHECK(check({}, {{"--vcd", "new.vcd"}, {"--tokens", "new.vcd"}}) ==
        "--vcd and --tokens both name new.vcd");
  CHECK(check({}, {{"--vcd", "new.vcd"}, {"--tokens", "d/../new.vcd"}}) ==
        "--vcd new.vcd and --tokens d/../new.vcd name the same file");
  CHECK(
      check({}, {{"--vcd", (t.dir / "new.vcd").string()}, {"--tokens", "./new.vcd"}}).has_value());
  // Through a symlinked directory, and through a dangling symlink to where it points.
  fs::create_directory_symlink("d", "dlink");
  CHECK(check({}, {{"-o", "d/x.mlir"}, {"--dot", "dlink/x.mlir"}}).has_value());
  fs::create_symlink("target.vcd", "dangling.vcd");
  CHECK(check({}, {{"--vcd", "dangling.vcd"}, {"--stats", "target.vcd"}}) ==
        "--vcd dangling.vcd and --stats target.vcd name the same file");
  // An output that names the input wins over a pair of outputs.
  CHECK(check({{"the input program", "out.json"}},
              {{"--report", "x.json"}, {"--stats", "x.json"}, {"--vcd", "out.json"}}) ==
        "--vcd out.json is the input program out.json; refusing to overwrite it");
}

TEST_CASE("different files, devices and absent outputs pass", "[output_paths]") {
  TempDir t;
  t.write("k.mlir");
  t.write("other.vcd");
  CHECK_FALSE(
      check({{"the input program", "k.mlir"}, {"the --timing file", ""}},
            {{"--vcd", "other.vcd"}, {"--stats", "s.txt"}, {"--report", ""}, {"--tokens", ""}}));
  // /dev/null and /dev/full are no files that could be lost: any number of times.
  CHECK_FALSE(check({{"the input program", "k.mlir"}},
                    {{"--vcd", "/dev/null"}, {"--stats", "/dev/null"}, {"--tokens", "/dev/full"}}));
  CHECK_FALSE(check({{"the input program", "/dev/null"}}, {{"--vcd", "/dev/null"}}));
  // A symlink to /dev/null is /dev/null.
  fs::create_symlink("/dev/null", "null");
  CHECK_FALSE(check({}, {{"--vcd", "null"}, {"--stats", "/dev/null"}}));
  // A pipe neither.
  int p[2];
  REQUIRE(::pipe(p) == 0);
  CHECK_FALSE(check({}, {{"stdout", "", p[1]}, {"--vcd", "/dev/fd/" + std::to_string(p[1])}}));
  ::close(p[0]);
  ::close(p[1]);
  CHECK_FALSE(check({}, {}));
}

TEST_CASE("stdout redirected to a regular file is an output", "[output_paths]") {
  TempDir t;
  t.write("k.mlir");
  int fd = ::open("out.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  REQUIRE(fd >= 0);
  NamedPath out{"stdout", "", fd};
  CHECK(check({}, {{"--report", "out.txt"}, out}) ==
        "--report out.txt and stdout name the same file");
  CHECK_FALSE(check({}, {{"--report", "r.txt"}, out}));
  ::close(fd);
  fd = ::open("k.mlir", O_WRONLY | O_APPEND);
  REQUIRE(fd >= 0);
  CHECK(check({{"the input program", "./k.mlir"}}, {NamedPath{"stdout", "", fd}}) ==
        "stdout is the input program ./k.mlir; refusing to overwrite it");
  ::close(fd);
  // A closed descriptor is nothing to lose.
  CHECK_FALSE(check({{"the input program", "k.mlir"}}, {NamedPath{"stdout", "", fd}}));
  CHECK(stdoutPath().fd == STDOUT_FILENO);
}
