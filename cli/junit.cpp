#include "cli/junit.h"

#include "support/text.h"

#include <sstream>

namespace loom::cli {

namespace {

std::string seconds(double s) {
  std::ostringstream o;
  o.setf(std::ios::fixed);
  o.precision(3);
  o << s;
  return o.str();
}

std::string firstLine(const std::string& s) {
  return s.substr(0, s.find('\n'));
}

struct Counts {
  size_t tests = 0, failures = 0, errors = 0;
};

// The testcase of the whole run.
std::string programCase(const KernelVerdict& k, Counts& n) {
  ++n.tests;
  std::string out = "    <testcase classname=\"" + htmlText(k.file) +
                    "\" name=\"program\" time=\"" + seconds(k.seconds) + "\"";
  bool failed = k.exitCode == 1 && !k.signal, error = k.exitCode == 2 || k.signal;
  if (!failed && !error) return out + "/>\n";
  out += ">\n";
  if (failed) {
    ++n.failures;
    out += "      <failure type=\"failed\" message=\"" +
           htmlText(k.summary.empty() ? firstLine(k.log) : k.summary) + "\">" + htmlText(k.log) +
           "</failure>\n";
  } else {
    ++n.errors;
    std::string message = k.signal ? "killed by signal " + std::to_string(k.signal)
                                   : "bad input: " + firstLine(k.log);
    out += "      <error type=\"" + std::string(k.signal ? "crash" : "bad-input") +
           "\" message=\"" + htmlText(message) + "\">" + htmlText(k.log) + "</error>\n";
  }
  return out + "    </testcase>\n";
}

std::string callCase(const KernelVerdict& k, const CallVerdict& c, Counts& n) {
  ++n.tests;
  std::string out =
      "    <testcase classname=\"" + htmlText(k.file) + "\" name=\"" + htmlText(c.name) + "\">\n";
  for (const std::string& f : c.findings) {
    ++n.failures;
    out += "      <failure type=\"finding\" message=\"" + htmlText(firstLine(f)) + "\">" +
           htmlText(f) + "</failure>\n";
  }
  if (!c.passed && c.findings.empty()) {
    ++n.failures;
    out += "      <failure type=\"failed\" message=\"its results differ from the reference\"/>\n";
  }
  return out + "      <system-out>" + htmlText(c.detail) + "</system-out>\n    </testcase>\n";
}

} // namespace

std::string junitXml(const std::vector<KernelVerdict>& kernels) {
  Counts total;
  double time = 0;
  std::string suites;
  for (const KernelVerdict& k : kernels) {
    Counts n;
    std::string cases = programCase(k, n);
    for (const CallVerdict& c : k.calls)
      cases += callCase(k, c, n);
    suites += "  <testsuite name=\"" + htmlText(k.file) + "\" tests=\"" + std::to_string(n.tests) +
              "\" failures=\"" + std::to_string(n.failures) + "\" errors=\"" +
              std::to_string(n.errors) + "\" time=\"" + seconds(k.seconds) + "\">\n" + cases +
              "  </testsuite>\n";
    total.tests += n.tests, total.failures += n.failures, total.errors += n.errors;
    time += k.seconds;
  }
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"loom-sim run\" tests=\"" +
         std::to_string(total.tests) + "\" failures=\"" + std::to_string(total.failures) +
         "\" errors=\"" + std::to_string(total.errors) + "\" time=\"" + seconds(time) + "\">\n" +
         suites + "</testsuites>\n";
}

} // namespace loom::cli
