#include "traces/vcd.h"

#include "traces/phase_names.h"

namespace loom::traces {

namespace {

constexpr size_t kSpillBytes = 1 << 20;

unsigned bitsFor(int count) {
  unsigned w = 1;
  while ((1 << w) < count)
    ++w;
  return w;
}

// A small unsigned value in a variable of `width` bits.
void appendInt(std::string& out, unsigned width, uint64_t value, const VcdCode& code) {
  if (width == 1)
    appendScalar(out, value & 1, code);
  else
    appendVector(out, value, code);
}

std::string rangeSuffix(unsigned width) {
  return width > 1 ? " [" + std::to_string(width - 1) + ":0]" : "";
}

// "phase_NeedInit0_NeedCond1_NeedLoop2": the legend a viewer shows next to the number.
std::string phaseVarName(const models::Op& op) {
  std::string s = "phase";
  std::vector<std::string> names = phaseNames(op);
  for (size_t i = 0; i < names.size(); ++i)
    s += "_" + vcdName(names[i]) + std::to_string(i);
  return s;
}

} // namespace

struct VcdWriter::ChannelSig {
  const models::Channel* ch = nullptr;
  VcdCode valid, ready, data, transfer;
  DataShape shape = DataShape::None;
  bool validOn = false, readyOn = false, transferOn = false, dataKnown = false;
  Bits value = 0;
  uint64_t poppedNext = 0; // one past the global cycle of the last pop
};

struct VcdWriter::PhaseSig {
  VcdCode code;
  std::string name;
  unsigned width = 1;
  int value = 0;
};

class VcdWriter::NetObserver : public sim::CycleObserver {
public:
  NetObserver(VcdWriter& w, Net& n) : w_(w), n_(n) {}
  void channelChanged(uint64_t cycle, uint32_t index, const models::Channel& ch,
                      sim::ChannelChange change) override;
  void phaseChanged(uint64_t cycle, uint32_t index, const models::Op& op, int oldPhase,
                    int newPhase) override;
  void cycleEnd(uint64_t cycle) override;

private:
  VcdWriter& w_;
  Net& n_;
};

struct VcdWriter::Net {
  TracedNetwork info;
  ScopeNode tree;
  std::vector<ChannelSig> channels; // by channel index; sized once
  std::vector<int32_t> phaseOf;     // op index -> phases index, -1 without phases
  std::vector<PhaseSig> phases;
  VcdCode invocation;
  uint64_t invocations = 0;
  std::unique_ptr<NetObserver> observer;
};

void VcdWriter::NetObserver::channelChanged(uint64_t cycle, uint32_t index,
                                            const models::Channel& ch, sim::ChannelChange change) {
  w_.channel(cycle, n_.channels[index], ch, change);
}

void VcdWriter::NetObserver::phaseChanged(uint64_t cycle, uint32_t index, const models::Op&, int,
                                          int newPhase) {
  if (int32_t k = n_.phaseOf[index]; k >= 0) w_.phase(cycle, n_.phases[k], newPhase);
}

void VcdWriter::NetObserver::cycleEnd(uint64_t cycle) {
  w_.endCycle(cycle, n_);
}

VcdWriter::VcdWriter(std::ostream& out) : stream_(out) {
  now_.reserve(1 << 12);
  next_.reserve(1 << 12);
  out_.reserve(kSpillBytes + (1 << 16));
}

VcdWriter::~VcdWriter() {
  close();
}

sim::CycleObserver& VcdWriter::addNetwork(const TracedNetwork& n) {
  auto net = std::make_unique<Net>();
  net->info = n;
  net->tree = buildHierarchy(n);
  const sim::Circuit& c = n.circuit();
  net->channels.resize(c.numChannels());
  for (uint32_t i = 0; i < c.numChannels(); ++i) {
    ChannelSig& s = net->channels[i];
    s.ch = &c.channel(i);
    s.shape = dataShape(s.ch->type());
    s.valid = nextCode();
    s.ready = nextCode();
    s.transfer = nextCode();
    if (s.shape != DataShape::None) s.data = nextCode();
    // The state the engine's reports will be changes against.
    s.validOn = s.ch->count() > 0;
    s.readyOn = s.ch->count() < s.ch->capacity();
    s.dataKnown = s.validOn;
    if (s.validOn) s.value = s.ch->front();
  }
  net->phaseOf.assign(c.numOps(), -1);
  for (uint32_t i = 0; i < c.numOps(); ++i) {
    const models::Op& op = c.op(i);
    if (op.phaseCount() <= 0) continue;
    net->phaseOf[i] = static_cast<int32_t>(net->phases.size());
    net->phases.push_back({nextCode(), phaseVarName(op), bitsFor(op.phaseCount()), op.phase()});
  }
  net->invocation = nextCode();
  net->observer = std::make_unique<NetObserver>(*this, *net);
  nets_.push_back(std::move(net));
  return *nets_.back()->observer;
}

// ---- events ------------------------------------------------------------------------

void VcdWriter::channel(uint64_t cycle, ChannelSig& s, const models::Channel& ch,
                        sim::ChannelChange chg) {
  ensureHeader();
  enter(cycle);
  if (chg.popped) {
    s.poppedNext = cycle + 1;
    if (!s.transferOn) {
      appendScalar(now_, true, s.transfer);
      s.transferOn = true;
      high_.push_back(&s);
    }
  }
  // The state after the commit is the next cycle's start-of-cycle state.
  int count = ch.count();
  bool valid = count > 0, ready = count < ch.capacity();
  if (valid != s.validOn) {
    appendScalar(next_, valid, s.valid);
    s.validOn = valid;
  }
  if (ready != s.readyOn) {
    appendScalar(next_, ready, s.ready);
    s.readyOn = ready;
  }
  if (valid && s.shape != DataShape::None) {
    Bits v = ch.front();
    if (!s.dataKnown || v != s.value) {
      appendData(next_, s.shape, ch.type(), v, s.data);
      s.value = v;
      s.dataKnown = true;
    }
  }
}

void VcdWriter::phase(uint64_t cycle, PhaseSig& s, int value) {
  ensureHeader();
  enter(cycle);
  if (value == s.value) return;
  appendInt(next_, s.width, static_cast<uint64_t>(value), s.code);
  s.value = value;
}

void VcdWriter::endCycle(uint64_t cycle, Net& net) {
  ensureHeader();
  enter(cycle);
  // begin() counted the invocation before its first cycle: it shows at that cycle.
  uint64_t inv = net.info.network->invocations();
  if (inv != net.invocations) {
    appendVector(now_, inv, net.invocation);
    net.invocations = inv;
  }
  finishCycle();
}

// Cycles between cur_ and `cycle` had no events (or the caller skipped them): the
// pending changes still land on their own time stamps.
void VcdWriter::advance(uint64_t cycle) {
  if (cycle < cur_) return; // time never runs backwards; late news joins the current stamp
  for (int k = 0; k < 2 && cur_ < cycle; ++k)
    finishCycle();
  cur_ = cycle;
}

// Ends time cur_: transfers not repeated in it fall, its changes are written, and the
// next time's changes become current.
void VcdWriter::finishCycle() {
  size_t keep = 0;
  for (ChannelSig* s : high_) {
    if (s->poppedNext == cur_ + 1) {
      high_[keep++] = s;
      continue;
    }
    appendScalar(now_, false, s->transfer);
    s->transferOn = false;
  }
  high_.resize(keep);
  emit(cur_, now_);
  now_.swap(next_);
  next_.clear();
  ++cur_;
}

void VcdWriter::emit(uint64_t time, const std::string& changes) {
  if (changes.empty()) return;
  if (time != lastStamp_) {
    out_.push_back('#');
    out_.append(std::to_string(time));
    out_.push_back('\n');
    lastStamp_ = time;
  }
  out_.append(changes);
  if (out_.size() >= kSpillBytes) spill();
}

void VcdWriter::spill() {
  stream_.write(out_.data(), static_cast<std::streamsize>(out_.size()));
  written_ += out_.size();
  out_.clear();
}

void VcdWriter::close() {
  if (closed_) return;
  ensureHeader();
  while (!now_.empty() || !next_.empty() || !high_.empty())
    finishCycle();
  // A last stamp, so that viewers draw the final values for one cycle.
  if (cur_ > lastStamp_) out_ += "#" + std::to_string(cur_) + "\n";
  spill();
  stream_.flush();
  closed_ = true;
}

// ---- header ------------------------------------------------------------------------

void VcdWriter::writeHeader() {
  headerDone_ = true;
  out_ += "$version loom-sim $end\n";
  out_ += "$comment one time unit is one clock cycle; time is the run's global cycle "
          "(networks placed back to back in the order they ran) $end\n";
  out_ += "$timescale 1ns $end\n";
  for (const auto& net : nets_)
    writeScope(*net, net->tree);
  out_ += "$enddefinitions $end\n";
  writeInitialValues();
}

void VcdWriter::writeScope(const Net& net, const ScopeNode& s) {
  out_ += "$scope module " + s.name + " $end\n";
  if (&s == &net.tree) out_ += "$var integer 32 " + net.invocation.str() + " invocation $end\n";
  for (const ScopeNode& child : s.scopes)
    writeScope(net, child);
  for (const OpNode& op : s.ops)
    writeOp(net, op);
  out_ += "$upscope $end\n";
}

void VcdWriter::writeOp(const Net& net, const OpNode& op) {
  out_ += "$scope module " + op.name + " $end\n";
  if (int32_t k = net.phaseOf[op.op]; k >= 0) {
    const PhaseSig& p = net.phases[k];
    out_ += "$var reg " + std::to_string(p.width) + " " + p.code.str() + " " + p.name +
            rangeSuffix(p.width) + " $end\n";
  }
  for (const PortNode& port : op.ports) {
    out_ += "$scope module " + port.name + " $end\n";
    writeChannelVars(net.channels[port.channel]);
    out_ += "$upscope $end\n";
  }
  out_ += "$upscope $end\n";
}

void VcdWriter::writeChannelVars(const ChannelSig& s) {
  out_ += "$var wire 1 " + s.valid.str() + " valid $end\n";
  out_ += "$var wire 1 " + s.ready.str() + " ready $end\n";
  if (s.shape == DataShape::Real) out_ += "$var real 64 " + s.data.str() + " data $end\n";
  if (s.shape == DataShape::Bit || s.shape == DataShape::Vector) {
    unsigned w = dataWidth(s.ch->type());
    out_ += "$var wire " + std::to_string(w) + " " + s.data.str() + " data" + rangeSuffix(w) +
            " $end\n";
  }
  out_ += "$var wire 1 " + s.transfer.str() + " transfer $end\n";
}

// Every variable's value when tracing starts: channels and phases as they were when
// their network was added (the engine reports changes against that state: attach the
// observer right after addNetwork, before a cycle runs), the invocation count as the
// host has it now (begin() of the first invocation may already have counted).
void VcdWriter::writeInitialValues() {
  out_ += "#" + std::to_string(cur_) + "\n$dumpvars\n";
  lastStamp_ = cur_;
  for (auto& net : nets_) {
    net->invocations = net->info.network->invocations();
    appendVector(out_, net->invocations, net->invocation);
    for (PhaseSig& p : net->phases)
      appendInt(out_, p.width, static_cast<uint64_t>(p.value), p.code);
    for (const ChannelSig& s : net->channels) {
      appendScalar(out_, s.validOn, s.valid);
      appendScalar(out_, s.readyOn, s.ready);
      appendScalar(out_, false, s.transfer);
      if (s.shape == DataShape::None) continue;
      if (s.dataKnown)
        appendData(out_, s.shape, s.ch->type(), s.value, s.data);
      else
        appendUnknown(out_, s.shape, s.data);
    }
  }
  out_ += "$end\n";
}

} // namespace loom::traces
