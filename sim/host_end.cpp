#include "sim/host_end.h"

namespace loom::sim {

EntrySource::EntrySource(std::string name, int numOutputs)
    : Model(std::move(name), 0, numOutputs), tokens_(static_cast<size_t>(numOutputs), 0),
      pending_(static_cast<size_t>(numOutputs), false) {}

bool EntrySource::arm(const std::vector<Bits>& tokens) {
  if (sending() || tokens.size() != tokens_.size()) return false;
  tokens_ = tokens;
  pending_.assign(pending_.size(), true);
  unsent_ = numOutputs();
  return true;
}

bool EntrySource::step() {
  bool any = false;
  for (int i = 0; i < numOutputs(); ++i) {
    if (!pending_[i] || !room(i)) continue;
    out(i).push(tokens_[i]);
    pending_[i] = false;
    --unsent_;
    fired();
    any = true;
  }
  return any;
}

bool HostSink::step() {
  if (!in(0).valid()) return false;
  log_.push_back({now(), in(0).front()});
  in(0).pop();
  fired();
  return true;
}

} // namespace loom::sim
