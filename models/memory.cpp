#include "models/memory.h"

#include <algorithm>

namespace loom::models {

MemoryConfig memoryConfig(MemoryKind kind, int loads, int stores, const TimingConfig& t) {
  MemoryConfig c;
  c.numLoads = loads;
  c.numStores = stores;
  c.latency = kind == MemoryKind::Memory ? t.memoryLatency : t.extmemoryLatency;
  c.loadsPerCycle = t.loadsPerCycle;
  c.storesPerCycle = t.storesPerCycle;
  return c;
}

Memory::Memory(std::string name, MemoryKind kind, MemoryConfig config,
               std::shared_ptr<MemoryBacking> backing)
    : Model(std::move(name), 2 * config.numStores + config.numLoads,
            2 * config.numLoads + config.numStores),
      kind_(kind), config_(config), backing_(std::move(backing)) {
  config_.latency = std::max(config_.latency, 1);
  config_.loadsPerCycle = std::max(config_.loadsPerCycle, 1);
  config_.storesPerCycle = std::max(config_.storesPerCycle, 1);
  for (int s = 0; s < config_.numStores; ++s)
    stores_.push_back({true, s, Queue(config_.latency)});
  for (int l = 0; l < config_.numLoads; ++l)
    loads_.push_back({false, l, Queue(config_.latency)});
  due_.reserve(stores_.size() + loads_.size());
  setCanAdvanceAlone();
}

ops::NodeKind Memory::nodeKind() const {
  return kind_ == MemoryKind::Memory ? ops::NodeKind::Memory : ops::NodeKind::ExtMemory;
}

bool Memory::step() {
  bool s = issueStores();
  if (failed()) return s;
  bool l = issueLoads();
  if (failed()) return s || l;
  bool c = completeDue();
  return s || l || c;
}

bool Memory::addressOk(const char* what, int index, Bits addr) {
  int64_t a = static_cast<int64_t>(addr);
  if (a >= 0 && static_cast<uint64_t>(a) < backing_->size()) return true;
  bool store = std::string(what) == "store";
  fail(std::string(what) + " port " + std::to_string(index) + ": address " + std::to_string(a) +
           " out of bounds (size " + std::to_string(backing_->size()) + ")",
       store ? storeAddrInput(index) : loadAddrInput(index));
  return false;
}

// The transport performed the access; its latency replaces the fixed one.
bool Memory::transported(bool isStore, int index, uint64_t addr, Bits& data, uint64_t& due) {
  std::string error;
  uint64_t latency = transport_->transport(isStore, addr, data, error);
  if (latency == 0) {
    fail(std::string(isStore ? "store" : "load") + " port " + std::to_string(index) + ": address " +
         std::to_string(addr) + ": " + error);
    return false;
  }
  due = now() + latency - 1;
  return true;
}

uint64_t Memory::conflictCycles(int input) const {
  if (input < 2 * config_.numStores) return stores_[static_cast<size_t>(input / 2)].conflicts;
  size_t l = static_cast<size_t>(input - 2 * config_.numStores);
  return l < loads_.size() ? loads_[l].conflicts : 0;
}

uint64_t Memory::conflictCycles() const {
  uint64_t n = 0;
  for (const Port& p : stores_)
    n += p.conflicts;
  for (const Port& p : loads_)
    n += p.conflicts;
  return n;
}

void Memory::countConflicts(std::vector<Port>& ports, int scan, int scanned, bool isStore) {
  const int n = static_cast<int>(ports.size());
  for (int k = scanned; k < n; ++k) {
    int i = scan + k < n ? scan + k : scan + k - n;
    Port& p = ports[static_cast<size_t>(i)];
    bool offered = isStore ? in(storeDataInput(i)).valid() && in(storeAddrInput(i)).valid()
                           : in(loadAddrInput(i)).valid();
    if (offered && p.queue.size() < static_cast<size_t>(config_.latency)) ++p.conflicts;
  }
}

bool Memory::issueStores() {
  int n = config_.numStores;
  int issued = 0;
  int last = -1;
  int k = 0;
  for (; k < n && issued < config_.storesPerCycle; ++k) {
    int s = storeScan_ + k < n ? storeScan_ + k : storeScan_ + k - n;
    Port& p = stores_[s];
    InPort data = in(storeDataInput(s));
    InPort addr = in(storeAddrInput(s));
    if (!data.valid() || !addr.valid()) continue;
    if (p.queue.size() >= static_cast<size_t>(config_.latency)) continue;
    if (!addressOk("store", s, addr.front())) return issued > 0;
    Bits value = data.front();
    uint64_t due = now() + config_.latency - 1;
    if (transport_ && !transported(true, s, addr.front(), value, due)) return issued > 0;
    p.queue.push_back({addr.front(), value, due, nextSeq_++});
    data.pop();
    addr.pop();
    fired();
    ++issued;
    last = s;
  }
  if (issued == config_.storesPerCycle) countConflicts(stores_, storeScan_, k, true);
  if (last >= 0) storeScan_ = (last + 1) % n;
  return issued > 0;
}

bool Memory::issueLoads() {
  int n = config_.numLoads;
  int issued = 0;
  int last = -1;
  int k = 0;
  for (; k < n && issued < config_.loadsPerCycle; ++k) {
    int l = loadScan_ + k < n ? loadScan_ + k : loadScan_ + k - n;
    Port& p = loads_[l];
    InPort addr = in(loadAddrInput(l));
    if (!addr.valid()) continue;
    if (p.queue.size() >= static_cast<size_t>(config_.latency)) continue;
    if (!addressOk("load", l, addr.front())) return issued > 0;
    Bits value = 0;
    uint64_t due = now() + config_.latency - 1;
    if (transport_ && !transported(false, l, addr.front(), value, due)) return issued > 0;
    p.queue.push_back({addr.front(), value, due, nextSeq_++});
    addr.pop();
    fired();
    ++issued;
    last = l;
  }
  if (issued == config_.loadsPerCycle) countConflicts(loads_, loadScan_, k, false);
  if (last >= 0) loadScan_ = (last + 1) % n;
  return issued > 0;
}

bool Memory::outputsReady(const Port& p) const {
  if (p.isStore) return outputChannel(storeDoneOutput(p.index))->ready();
  return outputChannel(loadDataOutput(p.index))->ready() &&
         outputChannel(loadDoneOutput(p.index))->ready();
}

bool Memory::completeDue() {
  // The due heads of all ports, in arrival order (a handful of ports: insertion sort
  // into a list sized once).
  std::vector<Port*>& due = due_;
  due.clear();
  auto add = [&](Port& p) {
    if (p.queue.empty() || p.queue.front().due > now()) return;
    uint64_t seq = p.queue.front().seq;
    due.push_back(&p);
    size_t i = due.size() - 1;
    for (; i > 0 && due[i - 1]->queue.front().seq > seq; --i)
      due[i] = due[i - 1];
    due[i] = &p;
  };
  for (Port& p : stores_)
    add(p);
  for (Port& p : loads_)
    add(p);
  if (due.empty()) return false;
  bool any = false;
  for (Port* p : due) {
    const Request& r = p->queue.front();
    if (p->isStore) {
      if (!room(storeDoneOutput(p->index))) continue;
      if (!transport_) backing_->write(r.addr, r.data);
      out(storeDoneOutput(p->index)).push(0);
    } else {
      if (!room({loadDataOutput(p->index), loadDoneOutput(p->index)})) continue;
      out(loadDataOutput(p->index)).push(transport_ ? r.data : backing_->read(r.addr));
      out(loadDoneOutput(p->index)).push(0);
    }
    if (accessLog_) accessLog_->push_back({now(), p->isStore, p->index, r.addr});
    p->queue.pop_front();
    fired();
    any = true;
  }
  return any;
}

bool Memory::advancesNextCycle() const {
  // A queued request completes by itself once due, unless its outputs are full (then a
  // pop on the output wakes the memory).
  for (const Port& p : stores_)
    if (!p.queue.empty() && outputsReady(p)) return true;
  for (const Port& p : loads_)
    if (!p.queue.empty() && outputsReady(p)) return true;
  return false;
}

Wake Memory::nextWake() const {
  // Exactly the ports advancesNextCycle() looks at make the memory busy; a port whose outputs are
  // full is woken by the pop that frees them. Before its head is due a port cannot complete, and it
  // cannot issue without a change on its inputs (or a completion, which is a push: activity). A
  // head coming due behind full outputs turns the memory's cycles into output stalls without any
  // channel activity: it is evaluated in that cycle.
  Wake w;
  auto consider = [&](const Port& p) {
    if (p.queue.empty()) return;
    uint64_t due = p.queue.front().due;
    if (outputsReady(p)) {
      w.advancing = true;
      w.cycle = std::min(w.cycle, std::max(due, now() + 1));
    } else if (due > now() && !failed()) {
      w.cycle = std::min(w.cycle, due);
    }
  };
  for (const Port& p : stores_)
    consider(p);
  for (const Port& p : loads_)
    consider(p);
  return w;
}

bool Memory::hasWorkInFlight() const {
  for (const Port& p : stores_)
    if (!p.queue.empty()) return true;
  for (const Port& p : loads_)
    if (!p.queue.empty()) return true;
  return false;
}

} // namespace loom::models
