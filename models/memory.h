// handshake.memory and handshake.extmemory: one memory interface serving the loads and
// stores of one root-memref group (spec-dataflow-memory "Operand Packing Rule").
// The two differ only in default latency and in what backs them: an internal memory
// (alloc/alloca) owns a VectorBacking; an external one (a function memref argument)
// is backed by the host's buffer through the MemoryBacking interface.
//
// Ports, for S stores and L loads:
//   inputs:  st0.data, st0.addr, ..., st{S-1}.data, st{S-1}.addr, ld0.addr, ..., ld{L-1}.addr
//   outputs: ld0.data, ..., ld{L-1}.data, st0.done, ..., st{S-1}.done, ld0.done, ..., ld{L-1}.done
// Addresses are linear element indices into the root memref (signed index values).
//
// Timing. Each port keeps its requests in order in a queue of at most `latency`
// entries.
//   part     | needs                                   | does
//   ---------+-----------------------------------------+-------------------------------
//   issue    | a store port's data and addr valid (a   | pop them; the request becomes
//            | load port's addr valid), fewer than     | due at cycle now + latency - 1;
//            | `latency` requests queued on that port, | an address outside [0, size)
//            | per-cycle limit not reached             | is an op error
//   complete | a port's oldest request due, its        | perform it (read or write the
//            | outputs ready (load: data and done;     | backing), push load data + load
//            | store: done)                            | done, or store done
// So a request popped in cycle t completes in t + latency - 1 at the earliest and its
// consumer sees the data/done token in t + latency; the access is performed in the
// cycle its tokens leave (a store's done leaves when the write is performed).
// Arbitration: per cycle at most loadsPerCycle load requests and storesPerCycle store
// requests are issued. Ports are scanned round-robin: the scan starts at the port
// after the last one issued (separately for loads and for stores), so a port that
// keeps offering cannot starve another. Issue in one cycle: stores before loads, each
// in scan order; that is the request's arrival order. Completions are not limited per
// cycle (each port completes at most one per cycle); accesses completing in the same
// cycle are performed in arrival order, so a load completing together with an earlier
// store to the same address reads the stored value.
//
// A transport (MemoryTransport, set by the SystemC network: a TLM-2.0 socket) times
// each request instead of the fixed latency: when a request is issued the memory hands
// it to the transport, which performs the access then (a load's value is kept with the
// request) and says how many cycles the request takes; it completes as above, in
// issue + latency - 1 at the earliest, in order on its port. Without one (the event and
// clocked engines) nothing changes: no call per request, the access performed when its
// tokens leave.
#pragma once

#include "models/model.h"
#include "models/ring.h"
#include "models/timing.h"

#include <memory>
#include <string>
#include <vector>

namespace loom::models {

class MemoryBacking {
public:
  virtual ~MemoryBacking() = default;
  virtual uint64_t size() const = 0; // elements
  virtual Bits read(uint64_t addr) const = 0;
  virtual void write(uint64_t addr, Bits value) = 0;
};

// What times and performs a memory's requests when the fixed latency does not: the
// SystemC network's TLM-2.0 socket (systemc/sc_memory_socket.h). One call per request.
class MemoryTransport {
public:
  virtual ~MemoryTransport() = default;
  // Performs the access now (a store writes `data`; a load reads into `data`) at
  // element index `addr` (in bounds: the memory checked it). Returns the request's
  // latency in cycles (>= 1), or 0 with `error` set if the access failed.
  virtual uint64_t transport(bool isStore, uint64_t addr, Bits& data, std::string& error) = 0;
};

// A memory of its own (handshake.memory for alloc/alloca).
class VectorBacking : public MemoryBacking {
public:
  explicit VectorBacking(size_t size, Bits fill = 0) : data_(size, fill) {}
  uint64_t size() const override { return data_.size(); }
  Bits read(uint64_t addr) const override { return data_[addr]; }
  void write(uint64_t addr, Bits value) override { data_[addr] = value; }
  std::vector<Bits>& data() { return data_; }

private:
  std::vector<Bits> data_;
};

enum class MemoryKind : uint8_t { Memory, ExtMemory };

struct MemoryConfig {
  int numLoads = 0;
  int numStores = 0;
  int latency = 1; // >= 1
  int loadsPerCycle = 1;
  int storesPerCycle = 1;
};

// The config of a memory of `kind` with `loads` loads and `stores` stores, timing from
// `t` (memoryLatency or extmemoryLatency, loadsPerCycle, storesPerCycle).
MemoryConfig memoryConfig(MemoryKind kind, int loads, int stores, const TimingConfig& t);

// One performed access, for the harness's ordering check.
struct MemoryAccess {
  uint64_t cycle;
  bool isStore;
  int port; // store or load port index
  uint64_t addr;
};

class Memory : public Model {
public:
  Memory(std::string name, MemoryKind kind, MemoryConfig config,
         std::shared_ptr<MemoryBacking> backing);

  ops::NodeKind nodeKind() const override;
  bool advancesNextCycle() const override;
  // The oldest due cycle among the ports that can complete (outputs ready), and the due
  // cycle of a request not yet due behind full outputs (its port stalls from then on:
  // that cycle's class is counted by an evaluation).
  Wake nextWake() const override;
  bool isQuiescent() const override { return !hasWorkInFlight(); }
  bool hasWorkInFlight() const override;
  // Completions need output room; issuing does not.
  bool freedOutputMatters() const override { return hasWorkInFlight(); }

  MemoryKind kind() const { return kind_; }
  const MemoryConfig& config() const { return config_; }
  MemoryBacking& backing() { return *backing_; }
  // Requests go through `t` from now on (null: the fixed latency); set before a run.
  void setTransport(MemoryTransport* t) { transport_ = t; }
  MemoryTransport* transport() const { return transport_; }
  // Appends every performed access (in the order performed) to `log`; null stops it.
  void setAccessLog(std::vector<MemoryAccess>* log) { accessLog_ = log; }

  // Port numbering (see the file comment).
  int storeDataInput(int s) const { return 2 * s; }
  int storeAddrInput(int s) const { return 2 * s + 1; }
  int loadAddrInput(int l) const { return 2 * config_.numStores + l; }
  int loadDataOutput(int l) const { return l; }
  int storeDoneOutput(int s) const { return config_.numLoads + s; }
  int loadDoneOutput(int l) const { return config_.numLoads + config_.numStores + l; }

  // Port conflicts: the cycles a request on the port of input `input` (a store's data or
  // address, a load's address) could have issued but the cycle's loadsPerCycle or
  // storesPerCycle went to other ports; over the memory's life (take differences).
  uint64_t conflictCycles(int input) const;
  // Summed over every port.
  uint64_t conflictCycles() const;

protected:
  bool step() override;

private:
  struct Request {
    uint64_t addr;
    Bits data;    // stores; a transported load's value
    uint64_t due; // first cycle in which it may complete
    uint64_t seq; // arrival order
  };
  // A port's requests in arrival order; a port never queues more than `latency`.
  using Queue = Ring<Request>;
  // A port: one load or one store.
  struct Port {
    bool isStore;
    int index;
    Queue queue;
    uint64_t conflicts = 0; // conflictCycles
  };

  bool issueStores();
  bool issueLoads();
  bool completeDue();
  bool addressOk(const char* what, int index, Bits addr);
  bool transported(bool isStore, int index, uint64_t addr, Bits& data, uint64_t& due);
  bool outputsReady(const Port& p) const;
  // After a scan that reached the per-cycle limit: the ports it did not get to that
  // could have issued lost the cycle to the others.
  void countConflicts(std::vector<Port>& ports, int scan, int scanned, bool isStore);

  MemoryKind kind_;
  MemoryConfig config_;
  std::shared_ptr<MemoryBacking> backing_;
  std::vector<Port> stores_;
  std::vector<Port> loads_;
  int storeScan_ = 0; // first store port scanned next cycle
  int loadScan_ = 0;  // first load port scanned next cycle
  uint64_t nextSeq_ = 0;
  std::vector<Port*> due_; // completeDue's scratch list (sized once)
  std::vector<MemoryAccess>* accessLog_ = nullptr;
  MemoryTransport* transport_ = nullptr;
};

} // namespace loom::models
