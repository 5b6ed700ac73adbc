#include "embed/loomsim.h"

#include "eval/arith.h"
#include "frontend/parse.h"
#include "host/host_memory.h"
#include "host/program_run.h"
#include "models/timing_json.h"
#include "verify/verifier.h"

#include <fstream>
#include <spdlog/spdlog.h>
#include <sstream>

namespace loomsim {

using namespace loom;

std::string readFile(const std::string& path) {
  std::optional<Diag> error;
  std::optional<std::string> text = readSourceFile(path, error);
  if (!text) throw Error(error ? error->str() : "cannot read " + path);
  return *text;
}

void replaceOp(const std::string& kind, systemc::ScUserOpFactory factory) {
  try {
    systemc::registerOpModule(kind, std::move(factory));
  } catch (const systemc::ScContractError& e) {
    throw Error(std::string("loomsim::replaceOp: ") + e.what());
  }
}

namespace {

Bits toBits(double v, const Type& t) {
  return t.isFloat() ? bitsFromDouble(v, t) : bitsFromInt(static_cast<int64_t>(v), t);
}

double fromBits(Bits b, const Type& t) {
  if (t.isFloat()) return doubleFromBits(b, t);
  if (t.width == 0 || t.width >= 64) return static_cast<double>(static_cast<int64_t>(b));
  if (t.width == 1) return static_cast<double>(b & 1); // i1: 0 or 1
  const unsigned shift = 64 - t.width;                 // sign-extend iN
  return static_cast<double>(static_cast<int64_t>(b << shift) >> shift);
}

// Buffer ids of the kernels' memrefs: far from the interpreter's own (1, 2, ...).
uint64_t nextBufferId() {
  static uint64_t id = uint64_t(1) << 48;
  return id++;
}

} // namespace

Memref::Memref(std::vector<int64_t> shape, std::vector<double> values)
    : shape_(std::move(shape)), init_(std::move(values)) {
  int64_t n = 1;
  for (int64_t d : shape_) {
    if (d < 0) throw Error("loomsim::Memref: a negative dimension");
    n *= d;
  }
  if (static_cast<size_t>(n) != init_.size())
    throw Error("loomsim::Memref: " + std::to_string(init_.size()) + " value(s) for " +
                std::to_string(n) + " element(s)");
}

std::vector<double> Memref::values() const {
  if (!buffer_) return init_;
  std::vector<double> v;
  for (Bits b : buffer_->data)
    v.push_back(fromBits(b, buffer_->elem));
  return v;
}

struct Kernel::Impl {
  std::string function;
  std::unique_ptr<Module> module;
  std::ostringstream hostOutput; // what the golden runs print (nothing, usually)
  std::unique_ptr<Interpreter> interp;
  std::unique_ptr<Accelerator> accel;
  const Function* f = nullptr;
  models::TimingConfig timing;
  bool calling = false; // a call() is running (in some thread)
};

namespace {
// SystemC elaborates once: a module made after sc_start is refused by SystemC deep in
// its kernel. Say so first, by name.
const sc_core::sc_module_name& beforeStart(const sc_core::sc_module_name& name) {
  if (sc_core::sc_get_status() != sc_core::SC_ELABORATION)
    throw Error(std::string("loomsim::Kernel '") + static_cast<const char*>(name) +
                "': SystemC has already elaborated (sc_start ran); build every Kernel before "
                "the first sc_start");
  return name;
}
} // namespace

Kernel::Kernel(sc_core::sc_module_name name, const std::string& mlir, const std::string& function,
               Options options)
    : sc_core::sc_module(beforeStart(name)), clk("clk"), impl_(std::make_unique<Impl>()) {
  Impl& k = *impl_;
  k.function = function;
  if (!options.verbose) spdlog::set_level(spdlog::level::warn);
  const std::string where = std::string("loomsim::Kernel '") + this->name() + "': ";
  ParseResult parsed = parseModule(mlir, function + ".mlir");
  if (!parsed.module) throw Error(where + (parsed.error ? parsed.error->str() : "cannot parse"));
  if (auto err = verifyModule(*parsed.module)) throw Error(where + err->str());
  k.module = std::move(parsed.module);
  k.f = k.module->lookup(function);
  if (!k.f || k.f->isDeclaration) {
    std::string names;
    for (auto& g : k.module->functions)
      if (!g->isDeclaration) names += (names.empty() ? "" : ", ") + g->name;
    throw Error(where + "no function '@" + function +
                "' with a body in the program (it has: " + names + ")");
  }
  AccelOptions a;
  a.entry = ""; // no entry function: the testbench calls
  a.accel = {function};
  a.engine = CallEngineKind::Systemc;
  a.systemc.clock = &clk;
  a.systemc.period = options.period;
  a.maxCycles = options.maxCycles;
  a.checks = options.checks;
  if (!options.timingFile.empty())
    if (auto err = models::readTimingFile(options.timingFile, a.timing)) throw Error(where + *err);
  k.timing = a.timing;
  k.interp = std::make_unique<Interpreter>(*k.module, k.hostOutput);
  k.accel = std::make_unique<Accelerator>(*k.module, *k.interp, a);
  // The network is built here, inside this module's constructor: it is our child.
  try {
    if (auto err = k.accel->prepare()) throw Error(where + err->str());
  } catch (const systemc::ScContractError& e) {
    throw Error(where + e.what());
  }
}

Kernel::~Kernel() = default;

systemc::ScNetwork& Kernel::network() {
  return *impl_->accel->scNetwork(impl_->function);
}

systemc::ScMemoryInitiatorSocket& Kernel::memorySocket(unsigned argIndex) {
  systemc::ScMemoryPort* port = network().memoryPort(static_cast<int>(argIndex));
  if (!port)
    throw Error(std::string("loomsim::Kernel '") + name() + "': argument #" +
                std::to_string(argIndex) + " of '@" + impl_->function +
                "' has no extmemory (it is not a memref, or the function never loads or stores "
                "through it)");
  return port->socket;
}

models::MemoryBacking& Kernel::memoryBacking(unsigned argIndex) {
  memorySocket(argIndex); // the same check
  return network().network().externalMemory(static_cast<int>(argIndex))->backing();
}

uint64_t Kernel::memoryLatency() const {
  return static_cast<uint64_t>(std::max(impl_->timing.extmemoryLatency, 1));
}

CallResult Kernel::call(const std::vector<Arg>& args) {
  Impl& k = *impl_;
  const std::string where = std::string("loomsim::Kernel '") + name() + "'.call: ";
  sc_core::sc_process_handle self = sc_core::sc_get_current_process_handle();
  if (!self.valid() || self.proc_kind() != sc_core::SC_THREAD_PROC_)
    throw Error(where + "call it from an SC_THREAD (it waits for the clock's edges)");
  if (k.calling)
    throw Error(where + "another call() of this kernel is still running (one call at a time)");
  const Function& f = *k.f;
  if (args.size() != f.argTypes.size())
    throw Error(where + "'@" + f.name + "' takes " + std::to_string(f.argTypes.size()) +
                " argument(s), not " + std::to_string(args.size()));
  std::vector<RtValue> values;
  for (size_t i = 0; i < args.size(); ++i) {
    const Type& t = f.argTypes[i];
    const std::string arg = "argument #" + std::to_string(i) + " (" + t.str() + ")";
    if (!t.isMemRef()) {
      if (args[i].memref) throw Error(where + arg + " is a scalar, not a Memref");
      values.push_back(RtValue{toBits(args[i].number, t), nullptr});
      continue;
    }
    Memref* m = args[i].memref;
    if (!m) throw Error(where + arg + " needs a loomsim::Memref");
    const MemRefInfo& info = *t.mem;
    if (info.shape.size() != m->shape_.size() || !info.identity)
      throw Error(where + arg + ": the Memref has rank " + std::to_string(m->shape_.size()) +
                  (info.identity ? "" : "; strided layouts are not supported"));
    for (size_t d = 0; d < info.shape.size(); ++d)
      if (info.shape[d] != kDynamic && info.shape[d] != m->shape_[d])
        throw Error(where + arg + ": dimension " + std::to_string(d) + " is " +
                    std::to_string(m->shape_[d]));
    if (!m->buffer_) {
      auto b = std::make_shared<Buffer>();
      b->id = nextBufferId();
      b->elem = info.elem;
      b->origin = "loomsim::Memref";
      for (double v : m->init_)
        b->data.push_back(toBits(v, info.elem));
      m->buffer_ = std::move(b);
    } else if (m->buffer_->elem != info.elem) {
      throw Error(where + arg + ": the Memref holds " + m->buffer_->elem.str() + " elements");
    }
    auto view = std::make_shared<MemRefView>();
    view->buf = m->buffer_;
    view->sizes = m->shape_;
    view->strides = identityStrides(m->shape_);
    values.push_back(RtValue{0, view});
  }
  const Op& site = *f.body.front().ops.front(); // findings of a call are located here
  std::optional<Diag> error;
  k.calling = true;
  std::optional<std::vector<RtValue>> results;
  try {
    results = k.accel->call(site, f, values, error);
  } catch (...) {
    k.calling = false;
    throw;
  }
  k.calling = false;
  CallResult r;
  if (!k.accel->report().calls.empty()) r.cycles = k.accel->report().calls.back().cycles;
  if (error || !results) {
    r.error = error ? error->str() : "the call did not run";
    return r;
  }
  r.ok = true;
  for (size_t i = 0; i < results->size(); ++i) {
    r.results.push_back(fromBits((*results)[i].bits, f.resultTypes[i]));
    r.printed.push_back(formatVectorPrint((*results)[i].bits, f.resultTypes[i]));
  }
  return r;
}

uint64_t Kernel::cycles() const {
  return impl_->accel->totalCycles();
}

size_t Kernel::calls() const {
  return impl_->accel->report().calls.size();
}

bool Kernel::passed() const {
  const harness::Report& r = impl_->accel->report();
  for (const auto& c : r.calls)
    if (!c.passed) return false;
  return !r.failed();
}

const harness::Report& Kernel::harnessReport() const {
  return impl_->accel->report();
}

bool Kernel::report(std::ostream& out) const {
  const harness::Report& r = impl_->accel->report();
  for (const harness::Finding& f : r.findings)
    out << f.text() << "\n";
  out << "loomsim: " << name() << ": " << calls() << " call(s), " << withCommas(cycles())
      << " cycles, " << (passed() ? "all checks passed" : "checks FAILED") << " ("
      << r.findings.size() << " finding(s))\n";
  return passed();
}

} // namespace loomsim
