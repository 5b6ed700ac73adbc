#include "host/systemc_engine.h"

#include "systemc/sc_names.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace loom {

ScSession::ScSession(const SystemcOptions& options) : options_(options) {
  if (!options_.clock) clock_ = std::make_unique<systemc::ScRisingClock>("clk", options_.period);
}

ScSession::~ScSession() {
  closeTrace();
}

std::unique_ptr<systemc::ScNetwork> ScSession::module(const std::string& function,
                                                      sim::Network& net) {
  std::string base = systemc::scSafeName(function), scName = base;
  for (int k = 1; !taken_.insert(scName).second; ++k)
    scName = base + "_" + std::to_string(k);
  auto sc = std::make_unique<systemc::ScNetwork>(scName.c_str(), net, options_.period);
  if (options_.clock) {
    sc->clk(*options_.clock);
    sc->setEmbedded(true);
  } else {
    sc->clk(*clock_);
  }
  return sc;
}

// SystemC names its file <base>.vcd and writes it with plain stdio: it goes to a
// directory of our own, and the close copies it to the user's file like any other
// output (a device, a pipe, a file that must not be replaced by a rename).
std::optional<std::string> ScSession::openTrace(const std::vector<systemc::ScNetwork*>& networks) {
  std::string error;
  out_ = traces::TraceOut::create(options_.trace, error);
  if (!out_) return "cannot create the SystemC trace file '" + options_.trace + "': " + error;
  std::string dir = (std::filesystem::temp_directory_path() / "loom-sc-trace-XXXXXX").string();
  if (!mkdtemp(dir.data())) return "cannot make a temporary directory for --sc-trace: " + dir;
  dir_ = dir;
  trace_ = sc_core::sc_create_vcd_trace_file((dir + "/trace").c_str());
  trace_->set_time_unit(1, sc_core::SC_NS);
  for (systemc::ScNetwork* sc : networks)
    sc->trace(trace_);
  return std::nullopt;
}

std::optional<std::string> ScSession::closeTrace() {
  if (!trace_) return std::nullopt;
  sc_core::sc_close_vcd_trace_file(trace_);
  trace_ = nullptr;
  std::ifstream in(dir_ + "/trace.vcd", std::ios::binary);
  std::vector<char> block(traces::TraceOut::kBlock);
  while (in) {
    in.read(block.data(), static_cast<std::streamsize>(block.size()));
    out_->append(std::string_view(block.data(), static_cast<size_t>(in.gcount())));
    out_->poll();
  }
  auto err = out_->close();
  out_.reset();
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
  if (err) return "--sc-trace " + options_.trace + ": " + *err;
  return std::nullopt;
}

} // namespace loom
