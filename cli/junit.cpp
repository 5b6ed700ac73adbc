#include "cli/junit.h"

#include <sstream>

namespace loom::cli {

namespace {

// Text as XML character data or an attribute value. Characters XML 1.0 cannot hold at
// all (control characters but tab, newline, carriage return) become '?'.
std::string xml(const std::string& s) {
  std::string out;
  for (unsigned char c : s) {
    switch (c) {
    case '&': out += "&amp;"; break;
    case '<': out += "&lt;"; break;
    case '>': out += "&gt;"; break;
    case '"': out += "&quot;"; break;
    case '\'': out += "&apos;"; break;
    default: out += c < 0x20 && c != '\t' && c != '\n' && c != '\r' ? '?' : static_cast<char>(c);
    }
  }
  return out;
}

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
  std::string out = "    <testcase classname=\"" + xml(k.file) + "\" name=\"program\" time=\"" +
                    seconds(k.seconds) + "\"";
  bool failed = k.exitCode == 1 && !k.signal, error = k.exitCode == 2 || k.signal;
  if (!failed && !error) return out + "/>\n";
  out += ">\n";
  if (failed) {
    ++n.failures;
    out += "      <failure type=\"failed\" message=\"" +
           xml(k.summary.empty() ? firstLine(k.log) : k.summary) + "\">" + xml(k.log) +
           "</failure>\n";
  } else {
    ++n.errors;
    std::string message = k.signal ? "killed by signal " + std::to_string(k.signal)
                                   : "bad input: " + firstLine(k.log);
    out += "      <error type=\"" + std::string(k.signal ? "crash" : "bad-input") +
           "\" message=\"" + xml(message) + "\">" + xml(k.log) + "</error>\n";
  }
  return out + "    </testcase>\n";
}

std::string callCase(const KernelVerdict& k, const CallVerdict& c, Counts& n) {
  ++n.tests;
  std::string out =
      "    <testcase classname=\"" + xml(k.file) + "\" name=\"" + xml(c.name) + "\">\n";
  for (const std::string& f : c.findings) {
    ++n.failures;
    out += "      <failure type=\"finding\" message=\"" + xml(firstLine(f)) + "\">" + xml(f) +
           "</failure>\n";
  }
  if (!c.passed && c.findings.empty()) {
    ++n.failures;
    out += "      <failure type=\"failed\" message=\"its results differ from the reference\"/>\n";
  }
  return out + "      <system-out>" + xml(c.detail) + "</system-out>\n    </testcase>\n";
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
    suites += "  <testsuite name=\"" + xml(k.file) + "\" tests=\"" + std::to_string(n.tests) +
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
