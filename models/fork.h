// handshake.fork (eager, as CIRCT's): one input token copied to N outputs. Each output
// is sent independently, as soon as it has space; a per-output "sent" bit remembers
// which copies already left. The input is popped in the cycle its last copy is sent,
// and the sent bits clear.
//
//   part       | needs                                   | does
//   -----------+-----------------------------------------+---------------------------
//   output i   | input valid, i not yet sent, i ready    | push copy on i, mark sent
//   (complete) | every output sent (now or earlier)      | pop input, clear sent bits
//
// Each copy sent is one firing. isQuiescent() is false while some but not all copies of a
// token have been sent ("half-sent").
#pragma once

#include "models/model.h"

namespace loom::models {

class Fork : public Model {
public:
  enum Input : int { kIn };

  Fork(std::string name, int numOutputs)
      : Model(std::move(name), 1, numOutputs), sent_(static_cast<size_t>(numOutputs), 0) {}

  ops::NodeKind nodeKind() const override { return ops::NodeKind::Fork; }
  bool isQuiescent() const override { return numSent_ == 0; }
  bool sent(int output) const { return sent_[output] != 0; }

protected:
  bool step() override;

private:
  std::vector<uint8_t> sent_; // per output: its copy of the current token left
  int numSent_ = 0;
};

} // namespace loom::models
