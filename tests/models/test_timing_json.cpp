// The timing file: valid files (complete, partial, the written defaults read back),
// and every kind of bad file rejected with the key named.
#include "models/timing_json.h"

#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>

using namespace loom::models;

TEST_CASE("timing file: valid", "[timing]") {
  SECTION("a partial file overrides only its keys") {
    TimingConfig t;
    REQUIRE_FALSE(readTimingJson(R"({"channelCapacity": 4, "extmemoryLatency": 20})", t));
    CHECK(t.channelCapacity == 4);
    CHECK(t.extmemoryLatency == 20);
    CHECK(t.intMulLatency == 3); // default kept
  }
  SECTION("an empty object is the defaults") {
    TimingConfig t;
    REQUIRE_FALSE(readTimingJson("{}", t));
    CHECK(writeTimingJson(t) == writeTimingJson(TimingConfig{}));
  }
  SECTION("written, then read back") {
    TimingConfig t;
    t.floatDivLatency = 30;
    t.loadsPerCycle = 2;
    TimingConfig back;
    REQUIRE_FALSE(readTimingJson(writeTimingJson(t), back));
    CHECK(back.floatDivLatency == 30);
    CHECK(back.loadsPerCycle == 2);
    CHECK(writeTimingJson(back) == writeTimingJson(t));
  }
  SECTION("the written defaults list every key in timingFields() order") {
    CHECK(writeTimingJson(TimingConfig{}) == "{\n"
                                             "  \"channelCapacity\": 2,\n"
                                             "  \"intAluLatency\": 1,\n"
                                             "  \"intMulLatency\": 3,\n"
                                             "  \"intDivLatency\": 8,\n"
                                             "  \"floatAddLatency\": 4,\n"
                                             "  \"floatMulLatency\": 4,\n"
                                             "  \"floatDivLatency\": 12,\n"
                                             "  \"floatSignLatency\": 1,\n"
                                             "  \"floatRoundLatency\": 2,\n"
                                             "  \"floatSqrtLatency\": 12,\n"
                                             "  \"floatFmaLatency\": 4,\n"
                                             "  \"floatFuncLatency\": 20,\n"
                                             "  \"memoryLatency\": 1,\n"
                                             "  \"extmemoryLatency\": 10,\n"
                                             "  \"loadsPerCycle\": 1,\n"
                                             "  \"storesPerCycle\": 1\n"
                                             "}\n");
  }
  SECTION("from a file") {
    std::string path = "timing_json_test.json";
    std::ofstream(path) << R"({"memoryLatency": 3})";
    TimingConfig t;
    REQUIRE_FALSE(readTimingFile(path, t));
    CHECK(t.memoryLatency == 3);
    std::remove(path.c_str());
  }
}

namespace {
// The error for `text`; the config must come back unchanged.
std::string errorFor(const std::string& text) {
  TimingConfig t;
  t.channelCapacity = 5;
  auto err = readTimingJson(text, t);
  CHECK(t.channelCapacity == 5);
  CHECK(t.intAluLatency == 1);
  return err ? *err : "(no error)";
}
} // namespace

TEST_CASE("timing file: errors name the key", "[timing]") {
  CHECK(errorFor(R"({"channelCapacity": 3, "memLatency": 2})") ==
        "timing key 'memLatency': unknown key (known keys: channelCapacity, intAluLatency, "
        "intMulLatency, intDivLatency, floatAddLatency, floatMulLatency, floatDivLatency, "
        "floatSignLatency, floatRoundLatency, floatSqrtLatency, floatFmaLatency, floatFuncLatency, "
        "memoryLatency, extmemoryLatency, loadsPerCycle, storesPerCycle, channels)");
  CHECK(errorFor(R"({"intMulLatency": "3"})") ==
        "timing key 'intMulLatency': expected an integer, got a string");
  CHECK(errorFor(R"({"intMulLatency": 2.5})") ==
        "timing key 'intMulLatency': expected an integer, got a non-integer number (2.5)");
  CHECK(errorFor(R"({"intMulLatency": true})") ==
        "timing key 'intMulLatency': expected an integer, got a boolean");
  CHECK(errorFor(R"({"channelCapacity": 0})") ==
        "timing key 'channelCapacity': must be >= 1, got 0");
  CHECK(errorFor(R"({"loadsPerCycle": -2})") == "timing key 'loadsPerCycle': must be >= 1, got -2");
  CHECK(errorFor(R"({"memoryLatency": 3000000000})") ==
        "timing key 'memoryLatency': value 3000000000 is too large");
  CHECK(errorFor(R"([1, 2])") == "timing file must be a JSON object of keys, got an array");
  CHECK(errorFor(R"({"channelCapacity": })").rfind("timing file is not valid JSON: ", 0) == 0);
  TimingConfig t;
  auto missing = readTimingFile("/nonexistent/timing.json", t);
  REQUIRE(missing);
  CHECK(*missing == "/nonexistent/timing.json: cannot open timing file");
}

TEST_CASE("timing file: per-channel capacities", "[timing]") {
  SECTION("read by function ('@' or not) and channel, written back in name order") {
    TimingConfig t;
    REQUIRE_FALSE(readTimingJson(R"({"extmemoryLatency": 3, "channels": {
        "@dot": {"dot/for0/carry:0 -> dot/for0/cond_br:1": 4, "dot/a:0 -> dot/b:0": 1},
        "gemm": {}}})",
                                 t));
    REQUIRE(t.channels);
    CHECK(t.channels->at("dot").at("dot/for0/carry:0 -> dot/for0/cond_br:1") == 4);
    CHECK(t.channels->at("dot").at("dot/a:0 -> dot/b:0") == 1);
    CHECK(t.channels->at("gemm").empty());
    std::string text = writeTimingJson(t);
    CHECK(text.find("  \"storesPerCycle\": 1,\n"
                    "  \"channels\": {\n"
                    "    \"@dot\": {\n"
                    "      \"dot/a:0 -> dot/b:0\": 1,\n"
                    "      \"dot/for0/carry:0 -> dot/for0/cond_br:1\": 4\n"
                    "    },\n"
                    "    \"@gemm\": {}\n"
                    "  }\n"
                    "}\n") != std::string::npos);
    TimingConfig back;
    REQUIRE_FALSE(readTimingJson(text, back));
    CHECK(writeTimingJson(back) == text);
    CHECK(back.extmemoryLatency == 3);
  }
  SECTION("a copy shares them, and a file without the key has none") {
    TimingConfig t;
    REQUIRE_FALSE(readTimingJson(R"({"channels": {"f": {"a:0 -> b:0": 3}}})", t));
    TimingConfig copy = t;
    CHECK(copy.channels == t.channels);
    TimingConfig none;
    REQUIRE_FALSE(readTimingJson(R"({"memoryLatency": 2})", none));
    CHECK_FALSE(none.channels);
  }
  SECTION("errors name the function and the channel") {
    CHECK(errorFor(R"({"channels": [1]})") ==
          "timing key 'channels': expected an object of functions, got an array");
    CHECK(errorFor(R"({"channels": {"@f": 3}})") ==
          "timing key 'channels': '@f': expected an object of channels, got 3");
    CHECK(errorFor(R"({"channels": {"@f": {"a:0 -> b:0": 0}}})") ==
          "timing key 'channels': '@f' channel 'a:0 -> b:0': must be >= 1, got 0");
    CHECK(errorFor(R"({"channels": {"@f": {"a:0 -> b:0": "2"}}})") ==
          "timing key 'channels': '@f' channel 'a:0 -> b:0': expected an integer, got a string");
    CHECK(errorFor(R"({"channels": {"@f": {"a:0 -> b:0": 100000}}})") ==
          "timing key 'channels': '@f' channel 'a:0 -> b:0': more than 65536 slots");
    CHECK(errorFor(R"({"channels": {"@": {}}})") ==
          "timing key 'channels': a function name is empty");
    CHECK(errorFor(R"({"channels": {"f": {"": 2}}})") ==
          "timing key 'channels': 'f': a channel name is empty");
  }
}
