// TokenLog: every token of a run, one line each, for --tokens FILE.
//
//   # loom-sim token log: <cycle> <channel> <value> per token ...
//   # channel 0 index gemm/entry:out0 -> gemm/br.c0:data
//   ...
//   17 0 4
//   18 12 -1
//
// <cycle> is the global cycle (the VCD's time) in which the producer pushed the token;
// its consumer sees it from the next cycle on. <channel> numbers run over all networks
// in the order they were added; the '#' table maps each to its type and name. <value>
// as value_text.h prints it. Tokens of one channel appear in FIFO order, so a channel's
// lines are exactly the sequence its consumer received.
#pragma once

#include "sim/observer.h"
#include "traces/timeline.h"
#include "traces/trace_out.h"
#include "traces/traced_network.h"

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace loom::traces {

class TokenLog {
public:
  explicit TokenLog(std::ostream& out);
  // Writes to a file of its own (TraceOut::create).
  explicit TokenLog(std::unique_ptr<TraceOut> out);
  ~TokenLog();
  TokenLog(const TokenLog&) = delete;
  TokenLog& operator=(const TokenLog&) = delete;

  // Writes the network's channel table; returns the observer for its engine or tap.
  // `clock`: see timeline.h (default: the observer is given global cycles).
  sim::CycleObserver& addNetwork(const TracedNetwork& n, NetClock clock = {});
  // Hands on the rest and closes the output; returns why not all of it was written.
  std::optional<std::string> close();

  uint64_t tokens() const { return tokens_; }

  // One token pushed outside an engine (the RTL twin, rtl/twin.h): global cycle, channel
  // number as the table gives it, raw bits of its type.
  void token(uint64_t cycle, uint32_t channel, Bits value, const Type& type);

private:
  class NetObserver;
  void token(uint64_t cycle, uint32_t channel, const models::Channel& ch);

  std::unique_ptr<TraceOut> out_;
  std::vector<std::unique_ptr<NetObserver>> nets_;
  uint32_t channels_ = 0; // numbers handed out so far
  uint64_t tokens_ = 0;
};

} // namespace loom::traces
