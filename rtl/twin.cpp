#include "rtl/twin.h"

#include "eval/arith.h"
#include "support/text.h"

#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <filesystem>
#include <fstream>
#include <spdlog/spdlog.h>
#include <sstream>
#include <unistd.h>

namespace loom::rtl {

// rtl/driver's files, embedded at build time (embed_text.cmake).
extern const char* const kTwinDriverSource;
extern const char* const kTwinAbiSource;
extern const char* const kTwinDpiSource;

namespace {

namespace fs = std::filesystem;

// The flags of every twin build: Verilator's own optimizations (-O3) do most; the
// model's C++ at -O2 (-O3 costs build time for little), or at -O0 for a fast build
// (equivalence runs: a short simulation, most of the time is the build).
const char* const kVerilatorFlags =
    "--cc --exe --build -j 2 -O3 --x-assign fast --x-initial fast --noassert -Wno-fatal "
    "-Wno-lint -Wno-style -LDFLAGS -shared";
const char* const kOptimized = "-MAKEFLAGS 'OPT_FAST=-O2 OPT_SLOW=-O1 OPT_GLOBAL=-O2'";
const char* const kFastBuild = "-MAKEFLAGS 'OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0'";
// --rtl-trace: Verilator's VCD tracing, and the driver's dumps (LOOM_TWIN_TRACE).
const char* const kTraced = "--trace -CFLAGS -DLOOM_TWIN_TRACE";

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s)
    q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// Whether `name` is an executable file in a directory of PATH.
bool onPath(const std::string& name) {
  const char* path = std::getenv("PATH");
  if (!path) return false;
  std::stringstream dirs(path);
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    if (dir.empty()) continue;
    std::string f = dir + "/" + name;
    if (access(f.c_str(), X_OK) == 0) return true;
  }
  return false;
}

// The C++ compiler Verilator's makefiles use ($CXX, else g++).
std::string compiler() {
  const char* cxx = std::getenv("CXX");
  return cxx && *cxx ? cxx : "g++";
}

// The first line a command prints (versions for the cache key).
std::string firstLine(const std::string& command) {
  std::string out;
  if (FILE* p = popen((command + " 2>/dev/null").c_str(), "r")) {
    char buf[256];
    if (fgets(buf, sizeof buf, p)) out = buf;
    pclose(p);
  }
  return out;
}

// FNV-1a (support/text.h) over several texts, each ended by a separator.
struct Hash {
  uint64_t h = 1469598103934665603ull;
  void add(const std::string& s) {
    h = fnv1a(s, h);
    h = (h ^ 0xff) * 1099511628211ull; // separator: ("ab","c") != ("a","bc")
  }
};

// SystemVerilog without its comment lines (they name source files by the path given).
std::string code(const std::string& sv) {
  std::string out;
  std::istringstream in(sv);
  for (std::string line; std::getline(in, line);)
    if (line.find_first_not_of(' ') == std::string::npos ||
        line.compare(line.find_first_not_of(' '), 2, "//") != 0)
      out += line + "\n";
  return out;
}

bool writeFile(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
  return static_cast<bool>(out.flush());
}

std::string tail(const fs::path& log, size_t lines) {
  std::ifstream in(log);
  std::vector<std::string> all;
  for (std::string l; std::getline(in, l);)
    all.push_back(l);
  std::string out;
  for (size_t i = all.size() > lines ? all.size() - lines : 0; i < all.size(); ++i)
    out += "\n  " + all[i];
  return out;
}

Type typeOfCode(int code) {
  return Type{static_cast<TypeKind>(code >> 8), static_cast<unsigned>(code & 0xff), nullptr};
}

} // namespace

uint64_t twinArith(int op, int attr, int operandType, int resultType, const uint64_t* operands) {
  ArithAttrs attrs;
  attrs.cmpf = static_cast<CmpFPred>(attr);
  Bits result = 0;
  if (evalArith(static_cast<OpKind>(op), attrs, typeOfCode(operandType), typeOfCode(resultType),
                operands, result) != EvalError::None)
    return 0;
  return result;
}

std::optional<std::string> missingTwinTools() {
  std::vector<std::string> missing;
  if (!onPath("verilator")) missing.push_back("verilator");
  if (!onPath("make")) missing.push_back("make");
  if (!onPath(compiler())) missing.push_back(compiler());
  if (missing.empty()) return std::nullopt;
  std::string list;
  for (size_t i = 0; i < missing.size(); ++i)
    list += (i ? ", " : "") + missing[i];
  return "--engine verilator needs " + list +
         " on PATH: install them (apt install verilator make g++)";
}

std::string defaultTwinCache() {
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x)
    return (fs::path(x) / "loom-sim" / "rtl").string();
  if (const char* h = std::getenv("HOME"); h && *h)
    return (fs::path(h) / ".cache" / "loom-sim" / "rtl").string();
  return (fs::temp_directory_path() / "loom-sim-rtl").string();
}

std::unique_ptr<Twin> Twin::load(const dfg::Graph& g, RtlOptions options,
                                 const std::string& cacheArg, bool fastBuild, std::string& error,
                                 const std::string& tracePath, const std::string* generatedTop) {
  // Absolute: the build runs in a directory of its own (a relative --rtl-cache once made
  // the compiler look for the binding header in the wrong place).
  std::error_code ec;
  const std::string cacheDir = fs::absolute(cacheArg, ec).string();
  std::string flags = std::string(kVerilatorFlags) + " " + (fastBuild ? kFastBuild : kOptimized);
  if (!tracePath.empty()) flags += std::string(" ") + kTraced;
  options.probes = true;
  std::string top = topModuleName(g), sv, bind;
  if (generatedTop)
    sv = *generatedTop;
  else if (auto err = generateTop(g, options, sv))
    return error = *err, nullptr;
  if (auto err = testbenchBinding(g, options, bind)) return error = *err, nullptr;
  static const std::string tools =
      firstLine("verilator --version") + firstLine(compiler() + " --version");
  Hash h;
  for (const SvFile& f : library())
    h.add(f.name), h.add(f.text);
  h.add(code(sv)), h.add(bind), h.add(tools);
  h.add(kTwinDriverSource), h.add(kTwinAbiSource), h.add(kTwinDpiSource), h.add(flags);
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h.h));
  fs::path dir = fs::path(cacheDir) / (top + "-" + hex);
  fs::path so = dir / "twin.so";
  auto twin = std::unique_ptr<Twin>(new Twin);
  twin->cached_ = fs::exists(so, ec);
  if (twin->cached_) {
    spdlog::info("@{}: the Verilated twin is cached in {}", g.function, dir.string());
  } else {
    // Built in a directory of its own, then renamed into place: runs sharing a cache
    // never see half a build.
    fs::create_directories(cacheDir, ec);
    fs::path tmp = fs::path(cacheDir) / (top + "-" + hex + ".tmp" + std::to_string(getpid()));
    fs::remove_all(tmp, ec);
    fs::create_directories(tmp, ec);
    if (ec) return error = "cannot create " + tmp.string() + ": " + ec.message(), nullptr;
    std::string sources;
    bool ok = writeFile(tmp / (top + ".sv"), sv) && writeFile(tmp / (top + "_bind.h"), bind) &&
              writeFile(tmp / "twin_driver.cpp", kTwinDriverSource) &&
              writeFile(tmp / "twin_abi.h", kTwinAbiSource) &&
              writeFile(tmp / "twin_dpi.h", kTwinDpiSource);
    for (const SvFile& f : library()) {
      ok = ok && writeFile(tmp / f.name, f.text);
      sources += std::string(" ") + f.name;
    }
    if (!ok) return error = "cannot write into " + tmp.string(), nullptr;
    std::string cmd = "cd " + quote(tmp.string()) + " && verilator " + flags + " --top-module " +
                      top + " -Mdir obj -CFLAGS " +
                      quote("-fPIC -fvisibility=hidden -fno-gnu-unique -include " +
                            (tmp / (top + "_bind.h")).string()) +
                      " " + top + ".sv" + sources +
                      " twin_driver.cpp -o ../twin.so > build.log 2>&1";
    spdlog::info("@{}: building the Verilated twin in {}", g.function, tmp.string());
    if (std::system(cmd.c_str()) != 0)
      return error = "building the Verilated twin of @" + g.function + " failed (" +
                     (tmp / "build.log").string() + "):" + tail(tmp / "build.log", 20),
             nullptr;
    fs::remove_all(tmp / "obj", ec); // the objects: only twin.so is used
    fs::rename(tmp, dir, ec);
    if (ec) fs::remove_all(tmp, ec); // another run put it there first
    spdlog::info("@{}: built the Verilated twin in {}", g.function, dir.string());
  }
  twin->so_ = dlopen(so.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!twin->so_) return error = std::string("cannot load the twin: ") + dlerror(), nullptr;
  auto sym = [&](const char* name) { return dlsym(twin->so_, name); };
  auto abi = reinterpret_cast<int (*)()>(sym("loom_twin_abi"));
  auto open = reinterpret_cast<void* (*)()>(sym("loom_twin_open"));
  auto setArith = reinterpret_cast<void (*)(LoomTwinArith)>(sym("loom_twin_set_arith"));
  auto channels = reinterpret_cast<int (*)()>(sym("loom_twin_channels"));
  auto rets = reinterpret_cast<int (*)()>(sym("loom_twin_return_ports"));
  auto trace = reinterpret_cast<int (*)(void*, const char*)>(sym("loom_twin_trace"));
  twin->call_ = reinterpret_cast<void (*)(void*, LoomTwinCall*)>(sym("loom_twin_call"));
  twin->close_ = reinterpret_cast<void (*)(void*)>(sym("loom_twin_close"));
  if (!abi || !open || !setArith || !channels || !rets || !trace || !twin->call_ || !twin->close_ ||
      abi() != LOOM_TWIN_ABI)
    return error = so.string() + " is not a twin of this loom-sim", nullptr;
  setArith(twinArith);
  twin->channels_ = channels();
  twin->returnPorts_ = rets();
  twin->words_ = options.extWords;
  twin->handle_ = open();
  if (!tracePath.empty() && trace(twin->handle_, tracePath.c_str()) != 0)
    return error = "cannot write the twin's trace " + tracePath, nullptr;
  return twin;
}

Twin::~Twin() {
  if (handle_) close_(handle_);
  // The shared object stays loaded: Verilator's runtime registers exit handlers.
}

} // namespace loom::rtl
