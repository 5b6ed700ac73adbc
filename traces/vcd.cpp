#include "traces/vcd.h"

#include "support/version.h"
#include "traces/phase_names.h"

#include <algorithm>

namespace loom::traces {

namespace {

// Every room() that may hold a time stamp keeps 32 bytes for it.
static_assert(TimeStamp::kMaxStamp <= 32, "a time stamp must fit the slack");

// A small unsigned value in a variable of `width` bits.
template <class E>
char* putInt(char* p, unsigned width, uint64_t value, const typename E::Code& code) {
  return width == 1 ? E::scalar(p, value & 1, code) : E::vector(p, value, code);
}

std::string rangeSuffix(unsigned width) {
  return width > 1 ? " " + vcdRange(width) : "";
}

// "phase: 0 NeedInit, 1 NeedCond, 2 NeedLoop": the legend of an op's `phase` variable,
// as a comment in its scope (an FST file has the names as an enum instead).
std::string phaseLegend(const std::vector<std::string>& names) {
  std::string s = "phase:";
  for (size_t i = 0; i < names.size(); ++i)
    s += (i ? ", " : " ") + std::to_string(i) + " " + names[i];
  return s;
}

// Scope depth of an op: loop bodies nest, so the deeper an op, the more often its
// channels change.
int depth(const std::string& name) {
  return static_cast<int>(std::count(name.begin(), name.end(), '/'));
}

} // namespace

template <class E> struct WaveWriter<E>::ChannelSig {
  const models::Channel* ch = nullptr;
  Code valid, ready, data, transfer;
  DataShape shape = DataShape::None;
  // What the file says now (or will say, at the end of the cycle being reported).
  bool validOn = false, readyOn = false, transferOn = false, dataKnown = false;
  bool poppedNow = false; // popped in the cycle being reported
  Bits value = 0;
};

template <class E> struct WaveWriter<E>::PhaseSig {
  Code code;
  std::vector<std::string> names; // of the phases, by number
  unsigned width = 1;
  int value = 0; // what the file says now
};

template <class E> class WaveWriter<E>::NetObserver : public sim::CycleObserver {
public:
  NetObserver(WaveWriter& w, Net& n, NetClock clock) : w_(w), n_(n), clock_(clock) {}
  void channelChanged(uint64_t cycle, uint32_t index, const models::Channel& ch,
                      sim::ChannelChange change) override;
  void channelsChanged(uint64_t cycle, const sim::ChannelReport* reports, size_t n,
                       const models::Channel* channels) override;
  void phaseChanged(uint64_t cycle, uint32_t index, const models::Model& op, int oldPhase,
                    int newPhase) override;
  void cycleEnd(uint64_t cycle) override;
  // A time step's value changes may come in any order; sorting the channels of every
  // cycle costs ~7% of a traced run.
  bool needsChannelOrder() const override { return false; }

private:
  static inline bool startsTransfer(ChannelSig& s, sim::ChannelChange change);
  static inline char* putState(char* p, const models::Channel& ch, ChannelSig& s);

  WaveWriter& w_;
  Net& n_;
  NetClock clock_;
};

template <class E> struct WaveWriter<E>::Net {
  TracedNetwork info;
  ScopeNode tree;
  std::vector<ChannelSig> channels; // by channel index; sized once
  std::vector<int32_t> phaseOf;     // op index -> phases index, -1 without phases
  std::vector<PhaseSig> phases;
  Code invocation;
  uint64_t invocations = 0;
  std::unique_ptr<NetObserver> observer;
};

template <class E>
WaveWriter<E>::WaveWriter(std::ostream& out) : WaveWriter(std::make_unique<TraceOut>(out)) {}

template <class E>
WaveWriter<E>::WaveWriter(std::unique_ptr<TraceOut> out) : out_(std::move(out)) {}

template <class E> WaveWriter<E>::~WaveWriter() {
  close();
}

template <class E>
sim::CycleObserver& WaveWriter<E>::addNetwork(const TracedNetwork& n, NetClock clock) {
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
    const models::Model& op = c.op(i);
    if (op.phaseCount() <= 0) continue;
    net->phaseOf[i] = static_cast<int32_t>(net->phases.size());
    PhaseSig p;
    p.code = nextCode();
    p.names = phaseNames(op);
    p.width = phaseWidth(op);
    p.value = op.phase();
    net->phases.push_back(p);
  }
  net->invocation = nextCode();
  channels_ += c.numChannels();
  phases_ += net->phases.size();
  high_.reserve(channels_);
  net->observer = std::make_unique<NetObserver>(*this, *net, clock);
  nets_.push_back(std::move(net));
  return *nets_.back()->observer;
}

template <class E> WavePaths WaveWriter<E>::paths(size_t i) const {
  const Net& net = *nets_.at(i);
  return WavePaths::of(net.tree, net.phaseOf.size(), net.channels.size());
}

// Shorter codes make shorter lines: the one-character codes go to the signals that
// change most, valid and transfer of the channels deepest in loops, then data, then
// ready.
template <class E> void WaveWriter<E>::assignChannelCodes(Net& net) {
  const sim::Circuit& c = net.info.circuit();
  std::vector<uint32_t> order(c.numChannels());
  std::vector<int> deep(c.numChannels());
  for (uint32_t i = 0; i < c.numChannels(); ++i) {
    order[i] = i;
    const models::Model* consumer = c.channel(i).consumer();
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

// A channel is reported once per cycle, after the cycle's commits: the state it has
// now is the one the ops see next cycle, written straight to the next cycle's text
// (putState). A pop starts a transfer this cycle unless one is on already.
template <class E>
bool WaveWriter<E>::NetObserver::startsTransfer(ChannelSig& s, sim::ChannelChange change) {
  if (!change.popped) return false;
  s.poppedNow = true;
  if (s.transferOn) return false;
  s.transferOn = true;
  return true;
}

// The lines of `s` whose values differ from what the file says (at most 3 lines).
template <class E>
char* WaveWriter<E>::NetObserver::putState(char* p, const models::Channel& ch, ChannelSig& s) {
  const int count = ch.count();
  const bool valid = count > 0, ready = count < ch.capacity();
  if (valid != s.validOn) {
    p = E::scalar(p, valid, s.valid);
    s.validOn = valid;
  }
  if (ready != s.readyOn) {
    p = E::scalar(p, ready, s.ready);
    s.readyOn = ready;
  }
  if (valid && s.shape != DataShape::None) {
    const Bits v = ch.front();
    if (!s.dataKnown || v != s.value) {
      s.value = v;
      s.dataKnown = true;
      p = E::data(p, s.shape, ch.type(), v, s.data);
    }
  }
  return p;
}

template <class E>
void WaveWriter<E>::NetObserver::channelChanged(uint64_t, uint32_t index, const models::Channel& ch,
                                                sim::ChannelChange change) {
  w_.ensureHeader(); // its initial values are the state before this change
  ChannelSig& s = n_.channels[index];
  if (startsTransfer(s, change)) {
    w_.high_.push(&s);
    w_.now_.commit(E::scalar(w_.now_.room(kMaxLine), true, s.transfer));
  }
  w_.next_.commit(putState(w_.next_.room(3 * kMaxLine), ch, s));
}

template <class E>
void WaveWriter<E>::NetObserver::channelsChanged(uint64_t, const sim::ChannelReport* reports,
                                                 size_t n, const models::Channel* channels) {
  w_.ensureHeader();
  // Locals, not members, in the loop: the text is written through char pointers, which
  // may alias any member, so members would be read again after every line.
  char* next = w_.next_.room(n * 3 * kMaxLine);
  char* rises = w_.now_.room(n * kMaxLine);
  ChannelSig** high = w_.high_.data();
  size_t highs = w_.high_.size();
  ChannelSig* sigs = n_.channels.data();
  for (const sim::ChannelReport* r = reports; r != reports + n; ++r) {
    ChannelSig& s = sigs[r->index];
    if (startsTransfer(s, r->change)) {
      high[highs++] = &s;
      rises = E::scalar(rises, true, s.transfer);
    }
    next = putState(next, channels[r->index], s);
  }
  w_.next_.commit(next);
  w_.now_.commit(rises);
  w_.high_.resize(highs);
}

template <class E>
void WaveWriter<E>::NetObserver::phaseChanged(uint64_t, uint32_t index, const models::Model&, int,
                                              int newPhase) {
  int32_t k = n_.phaseOf[index];
  if (k < 0) return;
  w_.ensureHeader();
  PhaseSig& ph = n_.phases[k];
  if (newPhase == ph.value) return;
  ph.value = newPhase;
  w_.next_.commit(
      putInt<E>(w_.next_.room(kMaxLine), ph.width, static_cast<uint64_t>(newPhase), ph.code));
}

template <class E> void WaveWriter<E>::NetObserver::cycleEnd(uint64_t cycle) {
  uint64_t g = clock_.global(cycle);
  w_.endCycle(g, n_);
  clock_.endCycle(g);
}

// The text of cycle `cycle` goes out in time order: at `cycle` the invocation count
// (begin() counts an invocation before its first cycle), the transfers that start and
// those that end; at `cycle` + 1 the state after it.
template <class E> void WaveWriter<E>::endCycle(uint64_t cycle, Net& net) {
  ensureHeader();
  char* p = out_->room(3 * high_.size() * kMaxLine + now_.size() + next_.size() + kMaxLine + 96);
  // A cycle nobody reported (an observer attached late, a gap between networks run
  // without a timeline): transfers still on fall right after the last known cycle, and
  // those popped again now rise again now.
  if (anyCycle_ && cycle > lastCycle_ + 1 && highBefore_ > 0) {
    p = stampIfNew(p, lastCycle_ + 1);
    size_t keep = 0;
    for (size_t i = 0; i < high_.size(); ++i) {
      ChannelSig* s = high_[i];
      if (i >= highBefore_) { // rose in this cycle's reports: was not on
        high_[keep++] = s;
        continue;
      }
      p = E::scalar(p, false, s->transfer);
      s->transferOn = s->poppedNow;
      if (s->poppedNow) {
        now_.commit(E::scalar(now_.room(kMaxLine), true, s->transfer));
        high_[keep++] = s;
      }
    }
    high_.resize(keep);
  }
  uint64_t inv = net.info.network->invocations();
  if (inv != net.invocations) {
    p = stampIfNew(p, cycle);
    p = E::vector(p, inv, net.invocation);
    net.invocations = inv;
  }
  if (!now_.empty()) {
    p = stampIfNew(p, cycle);
    std::memcpy(p, now_.data(), now_.size());
    p += now_.size();
    now_.clear();
  }
  size_t keep = 0;
  for (ChannelSig* s : high_) {
    if (s->poppedNow) {
      s->poppedNow = false;
      high_[keep++] = s;
      continue;
    }
    p = stampIfNew(p, cycle);
    p = E::scalar(p, false, s->transfer);
    s->transferOn = false;
  }
  high_.resize(keep);
  highBefore_ = keep;
  if (!next_.empty()) {
    p = stampIfNew(p, cycle + 1);
    std::memcpy(p, next_.data(), next_.size());
    p += next_.size();
    next_.clear();
  }
  out_->commit(p);
  lastCycle_ = cycle;
  anyCycle_ = true;
  out_->poll();
}

template <class E> std::optional<std::string> WaveWriter<E>::close() {
  if (closed_) return out_->close();
  ensureHeader();
  uint64_t end = anyCycle_ ? lastCycle_ + 1 : lastStamp_;
  char* p = out_->room(high_.size() * kMaxLine + 64);
  for (ChannelSig* s : high_) {
    p = stampIfNew(p, end);
    p = E::scalar(p, false, s->transfer);
    s->transferOn = false;
  }
  high_.clear();
  highBefore_ = 0;
  // The run ends at `end`: a last stamp, so that viewers draw the final values.
  p = stampIfNew(p, end);
  out_->commit(p);
  closed_ = true;
  return out_->close();
}

// ---- header ------------------------------------------------------------------------

template <class E> void WaveWriter<E>::writeHeader() {
  headerDone_ = true;
  std::string h = "$version " + versionLine() +
                  " $end\n"
                  "$comment one time unit is one clock cycle; time is the run's global cycle "
                  "(networks placed back to back in the order they ran) $end\n"
                  "$timescale 1ns $end\n";
  for (const auto& net : nets_) {
    for (const PhaseSig& p : net->phases)
      out_->declareEnum(p.code.str(), p.names);
    writeScope(h, *net, net->tree);
  }
  h += "$enddefinitions $end\n";
  out_->append(h);
  writeInitialValues();
}

template <class E>
void WaveWriter<E>::writeScope(std::string& h, const Net& net, const ScopeNode& s) const {
  h += "$scope module " + s.name + " $end\n";
  if (&s == &net.tree) h += "$var integer 32 " + net.invocation.str() + " invocation $end\n";
  for (const ScopeNode& child : s.scopes)
    writeScope(h, net, child);
  for (const OpNode& op : s.ops)
    writeOp(h, net, op);
  h += "$upscope $end\n";
}

template <class E>
void WaveWriter<E>::writeOp(std::string& h, const Net& net, const OpNode& op) const {
  h += "$scope module " + op.name + " $end\n";
  if (!op.source.empty()) h += "$comment " + op.source + " $end\n";
  if (int32_t k = net.phaseOf[op.op]; k >= 0) {
    const PhaseSig& p = net.phases[k];
    h += "$comment " + phaseLegend(p.names) + " $end\n";
    h += "$var reg " + std::to_string(p.width) + " " + p.code.str() + " phase" +
         rangeSuffix(p.width) + " $end\n";
  }
  for (const PortNode& port : op.ports) {
    h += "$scope module " + port.name + " $end\n";
    writeChannelVars(h, net.channels[port.channel]);
    h += "$upscope $end\n";
  }
  h += "$upscope $end\n";
}

template <class E> void WaveWriter<E>::writeChannelVars(std::string& h, const ChannelSig& s) const {
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
template <class E> void WaveWriter<E>::writeInitialValues() {
  out_->commit(stamp_.put(out_->room(32), 0));
  out_->append(E::kValuesBegin);
  lastStamp_ = 0;
  for (auto& net : nets_) {
    net->invocations = net->info.network->invocations();
    out_->commit(E::vector(out_->room(kMaxLine), net->invocations, net->invocation));
    for (PhaseSig& p : net->phases)
      out_->commit(
          putInt<E>(out_->room(kMaxLine), p.width, static_cast<uint64_t>(p.value), p.code));
    for (const ChannelSig& s : net->channels) {
      char* p = out_->room(4 * kMaxLine);
      p = E::scalar(p, s.validOn, s.valid);
      p = E::scalar(p, s.readyOn, s.ready);
      p = E::scalar(p, false, s.transfer);
      if (s.shape != DataShape::None)
        p = s.dataKnown ? E::data(p, s.shape, s.ch->type(), s.value, s.data)
                        : E::unknown(p, s.shape, s.data);
      out_->commit(p);
    }
  }
  out_->append(E::kValuesEnd);
}

template class WaveWriter<VcdText>;
template class WaveWriter<ChangeRecords>;

} // namespace loom::traces
