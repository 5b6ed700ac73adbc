// Tracer: everything `loom-sim run` can record about a run, behind one object: the VCD
// (--vcd FILE) and the same as FST (--fst FILE), the token log (--tokens FILE), the
// stats file (--stats FILE), each call's activity (for --html) and the progress line on
// a terminal. It owns the files, the global time axis (timeline.h) and, per network,
// the observer it attaches to that network's engine: the one tracer asked for, or a
// NetworkTap feeding several.
//
//   traces::Tracer tracer(options);
//   if (auto err = tracer.open()) ...                  // cannot create a file
//   for each elaborated network: tracer.addNetwork(traces::TracedNetwork::of(g, elab));
//   ... run the program (every invocation, drains included) ...
//   if (auto err = tracer.finish()) ...                // completes and closes the files
//
// Add every network before the first cycle runs, and call finish() while the networks
// still exist: it reads their counters and detaches from their engines. When nothing is
// asked for (no file, stderr not a terminal) nothing is attached, so the run costs
// exactly what it costs without tracing.
#pragma once

#include "terminal/progress.h"
#include "traces/activity.h"
#include "traces/stats.h"
#include "traces/timeline.h"
#include "traces/token_log.h"
#include "traces/traced_network.h"
#include "traces/vcd.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace loom::traces {

struct TraceOptions {
  std::string vcd;       // --vcd FILE: change-only VCD of every network
  std::string stats;     // --stats FILE: JSON if FILE ends in .json, text tables otherwise
  std::string tokens;    // --tokens FILE: one line per token
  bool progress = true;  // the progress line (shown only when stderr is a terminal)
  bool activity = false; // transfers per cycle bucket of every call (activity.h), for --html
  std::string fst;       // --fst FILE: the same trace as FST (fst.h)
};

class Tracer {
public:
  explicit Tracer(TraceOptions options);
  ~Tracer();
  Tracer(const Tracer&) = delete;
  Tracer& operator=(const Tracer&) = delete;

  // Creates the output files. Returns a message naming the first that cannot be.
  std::optional<std::string> open();
  void addNetwork(const TracedNetwork& n);
  // Completes the VCD and the token log, writes the stats, erases the progress line and
  // detaches from every engine. Returns the first error (a file that could not be
  // written).
  std::optional<std::string> finish();

  // Anything to attach at all?
  bool active() const {
    return vcd_ || fst_ || tokens_ || stats_ || activity_ || progress_.enabled();
  }
  uint64_t vcdBytes() const { return vcd_ ? vcd_->bytesWritten() : 0; }
  // The networks traced into a VCD or FST file, in the order added, each with the names
  // of its signals there (hierarchy.h); empty without either file.
  struct Waves {
    TracedNetwork network;
    WavePaths paths;
  };
  std::vector<Waves> waves() const;
  // The token log (--tokens), for tokens no engine reports (the RTL twin); null if none.
  TokenLog* tokenLog() const { return tokens_.get(); }
  // The transfers of every call per cycle bucket (TraceOptions::activity); null if not asked.
  const ActivityCollector* activity() const { return activity_.get(); }

private:
  TraceOptions options_;
  Timeline timeline_;
  std::unique_ptr<VcdWriter> vcd_;
  std::unique_ptr<FstWriter> fst_;
  std::unique_ptr<TokenLog> tokens_;
  std::unique_ptr<StatsCollector> stats_;
  std::unique_ptr<ActivityCollector> activity_;
  terminal::Progress progress_;
  std::vector<std::unique_ptr<NetworkTap>> taps_;
  std::vector<TracedNetwork> traced_; // every network attached to, as added
  bool finished_ = false;
};

} // namespace loom::traces
