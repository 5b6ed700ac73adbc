// The token log: a channel table, then one line per token, at the cycle it was pushed.
#include "fixture.h"
#include "traces/token_log.h"
#include "traces/value_text.h"

#include <catch2/catch.hpp>
#include <cstring>
#include <sstream>

using namespace loom;
using namespace loom::traces;
using namespace loom::traces::test;

namespace {

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);)
    out.push_back(l);
  return out;
}

} // namespace

TEST_CASE("the token log has a channel table and one line per token", "[tokens]") {
  SumRun run;
  std::ostringstream text;
  TokenLog log(text);
  Reference ref(run.circuit());
  run.tap->add(log.addNetwork(run.net));
  run.tap->add(ref);
  run.call(0, 3, 10, 13);
  log.close();
  std::vector<std::string> all = lines(text.str());
  const sim::Circuit& c = run.circuit();

  // The table: one '#' line per channel, numbered as the circuit numbers them.
  uint32_t start = run.channel("f/entry:0 -> f/loop0.stream:0");
  std::string startLine =
      "# channel " + std::to_string(start) + " index " + c.channel(start).name();
  CHECK(std::find(all.begin(), all.end(), startLine) != all.end());
  size_t table = 0, tokens = 0;
  for (const std::string& l : all)
    (l[0] == '#' ? table : tokens) += 1;
  CHECK(table == 1 + c.numChannels());

  // One line per push, in cycle order.
  uint64_t pushes = 0;
  for (uint32_t i = 0; i < c.numChannels(); ++i)
    pushes += c.channel(i).pushes();
  CHECK(tokens == pushes);
  CHECK(log.tokens() == pushes);

  // Derived by hand: the entry pushes lb = 0, ub = 3, init = 10 in cycle 0; the stream
  // emits idx 0..3 and cont 1, 1, 1, 0; the return gets 13.
  uint32_t ub = run.channel("f/entry:1 -> f/loop0.stream:2");
  uint32_t init = run.channel("f/entry:2 -> f/loop0.carry:1");
  uint32_t cont = run.channel("f/loop0.stream:1 -> f/loop0.cont.fork:0");
  uint32_t result = run.channel("f/return:0 -> f/return.result0:0");
  std::map<uint32_t, std::vector<std::string>> values;
  std::map<uint32_t, std::vector<uint64_t>> cycles;
  for (const std::string& l : all) {
    if (l[0] == '#') continue;
    std::istringstream in(l);
    uint64_t cycle;
    uint32_t ch;
    std::string v;
    in >> cycle >> ch >> v;
    values[ch].push_back(v);
    cycles[ch].push_back(cycle);
  }
  CHECK(values[start] == std::vector<std::string>{"0"});
  CHECK(cycles[start] == std::vector<uint64_t>{0});
  CHECK(values[ub] == std::vector<std::string>{"3"});
  CHECK(values[init] == std::vector<std::string>{"10"});
  CHECK(values[cont] == std::vector<std::string>{"1", "1", "1", "0"});
  CHECK(values[result] == std::vector<std::string>{"13"});
  // Every line's cycle is a cycle the engine pushed that channel in.
  for (const auto& [ch, cs] : cycles)
    for (uint64_t cy : cs)
      CHECK(ref.pushes[cy].count(ch));
  // The first stream pair leaves in cycle 4 (activation in 3, see test_vcd.cpp).
  CHECK(cycles[cont].front() == 4);
}

TEST_CASE("token values are printed as their types read", "[tokens]") {
  float f = 1.5f;
  uint32_t fb;
  std::memcpy(&fb, &f, sizeof fb);
  double d = 0.1;
  Bits db;
  std::memcpy(&db, &d, sizeof db);
  CHECK(valueText(0xFF, Type::integer(8)) == "-1");
  CHECK(valueText(7, Type::integer(32)) == "7");
  CHECK(valueText(1, Type::i1()) == "1");
  CHECK(valueText(static_cast<Bits>(-5), Type::index()) == "-5");
  CHECK(valueText(fb, Type::f32()) == "1.5");
  CHECK(valueText(db, Type::f64()) == "0.1");
  CHECK(valueText(0, Type::none()) == "-");
}
