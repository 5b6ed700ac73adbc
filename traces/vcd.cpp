#include "traces/vcd.h"

#include "traces/phase_names.h"

#include <algorithm>

namespace loom::traces {

namespace {

// Every room() that may hold a time stamp keeps 32 bytes for it.
static_assert(TimeStamp::kMaxStamp <= 32, "a time stamp must fit the slack");

unsigned bitsFor(int count) {
  unsigned w = 1;
  while ((1 << w) < count)
    ++w;
  return w;
}

// A small unsigned value in a variable of `width` bits.
char* putInt(char* p, unsigned width, uint64_t value, const VcdCode& code) {
  return width == 1 ? putScalar(p, value & 1, code) : putVector(p, value, code);
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

// Scope depth of an op: loop bodies nest, so the deeper an op, the more often its
// channels change.
int depth(const std::string& name) {
  return static_cast<int>(std::count(name.begin(), name.end(), '/'));
}

} // namespace

struct VcdWriter::ChannelSig {
  const models::Channel* ch = nullptr;
  VcdCode valid, ready, data, transfer;
  DataShape shape = DataShape::None;
  // What the file says now.
  bool validOn = false, readyOn = false, transferOn = false, dataKnown = false;
  Bits value = 0;
  bool dirty = false;     // on dirty_
  bool poppedNow = false; // popped in the current cycle (cleared with dirty)
  // The channel's state after this cycle, taken when it is reported (the engine has
  // just committed it, so it is in cache; writeStates() reads only these).
  bool nowValid = false, nowReady = false;
  Bits nowFront = 0;
};

struct VcdWriter::PhaseSig {
  VcdCode code;
  std::string name;
  unsigned width = 1;
  int value = 0;   // what the file says now
  int pending = 0; // reported for the end of the current cycle
  bool dirty = false;
};

class VcdWriter::NetObserver : public sim::CycleObserver {
public:
  NetObserver(VcdWriter& w, Net& n, NetClock clock) : w_(w), n_(n), clock_(clock) {}
  void channelChanged(uint64_t cycle, uint32_t index, const models::Channel& ch,
                      sim::ChannelChange change) override;
  void phaseChanged(uint64_t cycle, uint32_t index, const models::Op& op, int oldPhase,
                    int newPhase) override;
  void cycleEnd(uint64_t cycle) override;
  // A time step's value changes may come in any order; sorting the channels of every
  // cycle costs ~7% of a traced run.
  bool needsChannelOrder() const override { return false; }

private:
  VcdWriter& w_;
  Net& n_;
  NetClock clock_;
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

VcdWriter::VcdWriter(std::ostream& out) : VcdWriter(std::make_unique<TraceOut>(out)) {}

VcdWriter::VcdWriter(std::unique_ptr<TraceOut> out) : out_(std::move(out)) {}

VcdWriter::~VcdWriter() {
  close();
}

sim::CycleObserver& VcdWriter::addNetwork(const TracedNetwork& n, NetClock clock) {
  auto net = std::make_unique<Net>();
  net->info = n;
  net->tree = buildHierarchy(n);
  // Each network is a top scope: two of one name (the same function elaborated twice)
  // would merge in a viewer.
  std::string base = net->tree.name;
  for (int k = 2; std::any_of(nets_.begin(), nets_.end(),
                              [&](const auto& o) { return o->tree.name == net->tree.name; });
       ++k)
    net->tree.name = base + "_" + std::to_string(k);
  const sim::Circuit& c = n.circuit();
  net->channels.resize(c.numChannels());
  for (uint32_t i = 0; i < c.numChannels(); ++i) {
    ChannelSig& s = net->channels[i];
    s.ch = &c.channel(i);
    s.shape = dataShape(s.ch->type());
    // The state the engine's reports will be changes against.
    s.validOn = s.ch->count() > 0;
    s.readyOn = s.ch->count() < s.ch->capacity();
    s.dataKnown = s.validOn;
    if (s.validOn) s.value = s.ch->front();
  }
  assignChannelCodes(*net);
  net->phaseOf.assign(c.numOps(), -1);
  for (uint32_t i = 0; i < c.numOps(); ++i) {
    const models::Op& op = c.op(i);
    if (op.phaseCount() <= 0) continue;
    net->phaseOf[i] = static_cast<int32_t>(net->phases.size());
    PhaseSig p;
    p.code = nextCode();
    p.name = phaseVarName(op);
    p.width = bitsFor(op.phaseCount());
    p.value = p.pending = op.phase();
    net->phases.push_back(p);
  }
  net->invocation = nextCode();
  channels_ += c.numChannels();
  phases_ += net->phases.size();
  dirty_.reserve(channels_);
  rises_.reserve(channels_);
  high_.reserve(channels_);
  dirtyPhases_.reserve(phases_);
  net->observer = std::make_unique<NetObserver>(*this, *net, clock);
  nets_.push_back(std::move(net));
  return *nets_.back()->observer;
}

// Shorter codes make shorter lines: the one-character codes go to the signals that
// change most, valid and transfer of the channels deepest in loops, then data, then
// ready.
void VcdWriter::assignChannelCodes(Net& net) {
  const sim::Circuit& c = net.info.circuit();
  std::vector<uint32_t> order(c.numChannels());
  std::vector<int> deep(c.numChannels());
  for (uint32_t i = 0; i < c.numChannels(); ++i) {
    order[i] = i;
    const models::Op* consumer = c.channel(i).consumer();
    deep[i] = consumer ? depth(consumer->name()) : 0;
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](uint32_t a, uint32_t b) { return deep[a] > deep[b]; });
  for (uint32_t i : order) {
    net.channels[i].valid = nextCode();
    net.channels[i].transfer = nextCode();
  }
  for (uint32_t i : order)
    if (net.channels[i].shape != DataShape::None) net.channels[i].data = nextCode();
  for (uint32_t i : order)
    net.channels[i].ready = nextCode();
}

// ---- events ------------------------------------------------------------------------

void VcdWriter::NetObserver::channelChanged(uint64_t, uint32_t index, const models::Channel& ch,
                                            sim::ChannelChange change) {
  ChannelSig& s = n_.channels[index];
  const int count = ch.count();
  s.nowValid = count > 0;
  s.nowReady = count < ch.capacity();
  if (s.nowValid) s.nowFront = ch.front();
  if (change.popped) {
    s.poppedNow = true;
    if (!s.transferOn) {
      s.transferOn = true;
      w_.rises_.push(&s);
    }
  }
  if (!s.dirty) {
    s.dirty = true;
    w_.dirty_.push(&s);
  }
}

void VcdWriter::NetObserver::phaseChanged(uint64_t, uint32_t index, const models::Op&, int,
                                          int newPhase) {
  int32_t k = n_.phaseOf[index];
  if (k < 0) return;
  PhaseSig& p = n_.phases[k];
  p.pending = newPhase;
  if (!p.dirty) {
    p.dirty = true;
    w_.dirtyPhases_.push(&p);
  }
}

void VcdWriter::NetObserver::cycleEnd(uint64_t cycle) {
  uint64_t g = clock_.global(cycle);
  w_.endCycle(g, n_);
  clock_.endCycle(g);
}

void VcdWriter::endCycle(uint64_t cycle, Net& net) {
  ensureHeader();
  // A cycle nobody reported (an observer attached late, a gap between networks run
  // without a timeline): transfers still on fall right after the last known cycle.
  if (anyCycle_ && cycle > lastCycle_ + 1 && !high_.empty()) {
    char* p = out_->room(high_.size() * kMaxLine + 32);
    p = stampIfNew(p, lastCycle_ + 1);
    for (ChannelSig* s : high_) {
      p = putScalar(p, false, s->transfer);
      s->transferOn = false;
      if (s->poppedNow) { // popped again now: rises again now
        s->transferOn = true;
        rises_.push(s);
      }
    }
    out_->commit(p);
    high_.clear();
  }
  writeTransfers(cycle, net);
  writeStates(cycle + 1);
  lastCycle_ = cycle;
  anyCycle_ = true;
  out_->poll();
}

// Time `cycle`: the invocation count (begin() counts an invocation before its first
// cycle), transfers that start, transfers that end.
void VcdWriter::writeTransfers(uint64_t cycle, Net& net) {
  char* p = out_->room((rises_.size() + high_.size() + 1) * kMaxLine + 32);
  uint64_t inv = net.info.network->invocations();
  if (inv != net.invocations) {
    p = stampIfNew(p, cycle);
    p = putVector(p, inv, net.invocation);
    net.invocations = inv;
  }
  for (ChannelSig* s : rises_) {
    p = stampIfNew(p, cycle);
    p = putScalar(p, true, s->transfer);
  }
  size_t keep = 0;
  for (ChannelSig* s : high_) {
    if (s->poppedNow) {
      high_[keep++] = s;
      continue;
    }
    p = stampIfNew(p, cycle);
    p = putScalar(p, false, s->transfer);
    s->transferOn = false;
  }
  high_.resize(keep);
  for (ChannelSig* s : rises_)
    high_.push(s);
  rises_.clear();
  out_->commit(p);
}

// Time `time` = the cycle after the one that just ended: the state the ops see then.
void VcdWriter::writeStates(uint64_t time) {
  char* p = out_->room((3 * dirty_.size() + dirtyPhases_.size()) * kMaxLine + 32);
  for (ChannelSig* s : dirty_) {
    s->dirty = s->poppedNow = false;
    const bool valid = s->nowValid, ready = s->nowReady;
    bool data = valid && s->shape != DataShape::None && (!s->dataKnown || s->nowFront != s->value);
    if (valid == s->validOn && ready == s->readyOn && !data) continue;
    p = stampIfNew(p, time);
    if (valid != s->validOn) {
      p = putScalar(p, valid, s->valid);
      s->validOn = valid;
    }
    if (ready != s->readyOn) {
      p = putScalar(p, ready, s->ready);
      s->readyOn = ready;
    }
    if (data) {
      s->value = s->nowFront;
      s->dataKnown = true;
      p = putData(p, s->shape, s->ch->type(), s->value, s->data);
    }
  }
  dirty_.clear();
  for (PhaseSig* ph : dirtyPhases_) {
    ph->dirty = false;
    if (ph->pending == ph->value) continue;
    p = stampIfNew(p, time);
    p = putInt(p, ph->width, static_cast<uint64_t>(ph->pending), ph->code);
    ph->value = ph->pending;
  }
  dirtyPhases_.clear();
  out_->commit(p);
}

std::optional<std::string> VcdWriter::close() {
  if (closed_) return out_->close();
  ensureHeader();
  uint64_t end = anyCycle_ ? lastCycle_ + 1 : lastStamp_;
  char* p = out_->room(high_.size() * kMaxLine + 64);
  for (ChannelSig* s : high_) {
    p = stampIfNew(p, end);
    p = putScalar(p, false, s->transfer);
    s->transferOn = false;
  }
  high_.clear();
  // The run ends at `end`: a last stamp, so that viewers draw the final values.
  p = stampIfNew(p, end);
  out_->commit(p);
  closed_ = true;
  return out_->close();
}

// ---- header ------------------------------------------------------------------------

void VcdWriter::writeHeader() {
  headerDone_ = true;
  std::string h = "$version loom-sim $end\n"
                  "$comment one time unit is one clock cycle; time is the run's global cycle "
                  "(networks placed back to back in the order they ran) $end\n"
                  "$timescale 1ns $end\n";
  for (const auto& net : nets_)
    writeScope(h, *net, net->tree);
  h += "$enddefinitions $end\n";
  out_->append(h);
  writeInitialValues();
}

void VcdWriter::writeScope(std::string& h, const Net& net, const ScopeNode& s) const {
  h += "$scope module " + s.name + " $end\n";
  if (&s == &net.tree) h += "$var integer 32 " + net.invocation.str() + " invocation $end\n";
  for (const ScopeNode& child : s.scopes)
    writeScope(h, net, child);
  for (const OpNode& op : s.ops)
    writeOp(h, net, op);
  h += "$upscope $end\n";
}

void VcdWriter::writeOp(std::string& h, const Net& net, const OpNode& op) const {
  h += "$scope module " + op.name + " $end\n";
  if (int32_t k = net.phaseOf[op.op]; k >= 0) {
    const PhaseSig& p = net.phases[k];
    h += "$var reg " + std::to_string(p.width) + " " + p.code.str() + " " + p.name +
         rangeSuffix(p.width) + " $end\n";
  }
  for (const PortNode& port : op.ports) {
    h += "$scope module " + port.name + " $end\n";
    writeChannelVars(h, net.channels[port.channel]);
    h += "$upscope $end\n";
  }
  h += "$upscope $end\n";
}

void VcdWriter::writeChannelVars(std::string& h, const ChannelSig& s) const {
  h += "$var wire 1 " + s.valid.str() + " valid $end\n";
  h += "$var wire 1 " + s.ready.str() + " ready $end\n";
  if (s.shape == DataShape::Real) h += "$var real 64 " + s.data.str() + " data $end\n";
  if (s.shape == DataShape::Bit || s.shape == DataShape::Vector) {
    unsigned w = dataWidth(s.ch->type());
    h += "$var wire " + std::to_string(w) + " " + s.data.str() + " data" + rangeSuffix(w) +
         " $end\n";
  }
  h += "$var wire 1 " + s.transfer.str() + " transfer $end\n";
}

// Every variable's value when tracing starts: channels and phases as they were when
// their network was added (the engine reports changes against that state: attach the
// observer right after addNetwork, before a cycle runs), the invocation count as the
// host has it now (begin() of the first invocation may already have counted).
void VcdWriter::writeInitialValues() {
  out_->commit(stamp_.put(out_->room(32), 0));
  out_->append("$dumpvars\n");
  lastStamp_ = 0;
  for (auto& net : nets_) {
    net->invocations = net->info.network->invocations();
    out_->commit(putVector(out_->room(kMaxLine), net->invocations, net->invocation));
    for (PhaseSig& p : net->phases)
      out_->commit(putInt(out_->room(kMaxLine), p.width, static_cast<uint64_t>(p.value), p.code));
    for (const ChannelSig& s : net->channels) {
      char* p = out_->room(4 * kMaxLine);
      p = putScalar(p, s.validOn, s.valid);
      p = putScalar(p, s.readyOn, s.ready);
      p = putScalar(p, false, s.transfer);
      if (s.shape != DataShape::None)
        p = s.dataKnown ? putData(p, s.shape, s.ch->type(), s.value, s.data)
                        : putUnknown(p, s.shape, s.data);
      out_->commit(p);
    }
  }
  out_->append("$end\n");
}

} // namespace loom::traces
