// handshake.buffer: fifo and seq latency, capacity under back-pressure, initial values.
#include "models/buffer.h"
#include "testbench.h"

#include <catch2/catch.hpp>

using namespace loom;
using namespace loom::models;
using namespace loom::models::test;

MODEL_TEST_CASE("buffer: fifo adds one cycle when empty", "[buffer]") {
  // Direct source -> sink would pop in c1, c2, c3. Through a fifo buffer: the buffer
  // pops in c1..c3 and bypasses each token to its output in the same cycle; the sink
  // pops in c2..c4.
  Bench b;
  auto& buf = b.add<Buffer>("buf", BufferKind::Fifo, 2);
  b.feed(buf, Buffer::kIn, Type::index(), {1, 2, 3});
  auto& o = b.collect(buf, Buffer::kOut, Type::index());
  b.run(8);
  CHECK(o.got() == Got{{2, 1}, {3, 2}, {4, 3}});
  CHECK(buf.isQuiescent());
  CHECK(b.quiescent());
}

MODEL_TEST_CASE("buffer: seq of N stages adds N cycles", "[buffer]") {
  // N = 3: a token popped in t is pushed in t+2. Pops in c1, c2, c3 -> pushes in c3,
  // c4, c5 -> sink pops in c4, c5, c6 (direct: c1, c2, c3).
  Bench b;
  auto& buf = b.add<Buffer>("buf", BufferKind::Seq, 3);
  b.feed(buf, Buffer::kIn, Type::index(), {1, 2, 3});
  auto& o = b.collect(buf, Buffer::kOut, Type::index());
  b.run(10);
  CHECK(o.got() == Got{{4, 1}, {5, 2}, {6, 3}});
  CHECK(b.quiescent());
  checkEnginesAgree(
      [](Bench& x) {
        auto& buf = x.add<Buffer>("buf", BufferKind::Seq, 3);
        x.feed(buf, Buffer::kIn, Type::index(), {1, 2, 3});
        x.collect(buf, Buffer::kOut, Type::index());
      },
      12);
}

MODEL_TEST_CASE("buffer: fifo holds N tokens under back-pressure, in order", "[buffer]") {
  // Output capacity 1, sink pops from c6.
  //   c1 bypass 1 (output now full)      c2 hold 2            c3 hold 3 (2 held: full)
  //   c4, c5, c6: output full, no space to accept 4 (c6's pop is visible in c7)
  //   c7 emit 2, accept 4  c9 emit 3, accept 5  c11 emit 4  c13 emit 5
  // (each push fills the capacity-1 output; the sink's pop frees it a cycle later).
  auto build = [](Bench& x) -> RecordSink& {
    auto& buf = x.add<Buffer>("buf", BufferKind::Fifo, 2);
    x.feed(buf, Buffer::kIn, Type::index(), {1, 2, 3, 4, 5});
    return x.collect(
        buf, Buffer::kOut, Type::index(), [](uint64_t c) { return c >= 6; }, 1);
  };
  Bench b;
  RecordSink& o = build(b);
  b.run(4);
  auto* buf = dynamic_cast<Buffer*>(&b.circuit.op(0));
  REQUIRE(buf);
  CHECK(buf->held() == 2);
  b.run(12);
  CHECK(o.got() == Got{{6, 1}, {8, 2}, {10, 3}, {12, 4}, {14, 5}});
  CHECK(b.quiescent());
  checkEnginesAgree([&](Bench& x) { build(x); }, 18);
}

MODEL_TEST_CASE("buffer: initial values leave first", "[buffer]") {
  // Init [7]: pushed in c0 (no input needed). Token 1 (pushed by the source in c0)
  // bypasses in c1.
  Bench b;
  auto& buf = b.add<Buffer>("buf", BufferKind::Fifo, 2, Tokens{7});
  CHECK(buf.isQuiescent()); // holds its reset contents
  b.feed(buf, Buffer::kIn, Type::index(), {1});
  auto& o = b.collect(buf, Buffer::kOut, Type::index());
  b.run(5);
  CHECK(o.got() == Got{{1, 7}, {2, 1}});
  CHECK_FALSE(buf.isQuiescent()); // its initial token has left and not come back
}

MODEL_TEST_CASE("buffer: seq with initial values", "[buffer]") {
  // Seq N = 2, init [7, 8]: 7 leaves in c0, 8 in c1. Token 1 (visible from c1) is
  // popped in c1 and, N = 2, may leave one cycle later: c2.
  Bench b;
  auto& buf = b.add<Buffer>("buf", BufferKind::Seq, 2, Tokens{7, 8});
  b.feed(buf, Buffer::kIn, Type::index(), {1});
  auto& o = b.collect(buf, Buffer::kOut, Type::index());
  b.run(6);
  CHECK(o.got() == Got{{1, 7}, {2, 8}, {3, 1}});
}
