// The --html page's data: JSON that cannot end its <script> element early, whatever the
// run's strings hold (a source line, an op name), and the page that carries it.
#include "present/html_report.h"

#include <catch2/catch.hpp>
#include <string>

using namespace loom;

namespace {

// The text of the page's data element, as a browser reads it: up to the first "</script".
std::string dataElement(const std::string& page) {
  const std::string open = "<script type=\"application/json\" id=\"loom-data\">";
  size_t start = page.find(open);
  REQUIRE(start != std::string::npos);
  start += open.size();
  size_t end = page.find("</script", start);
  REQUIRE(end != std::string::npos);
  return page.substr(start, end - start);
}

} // namespace

TEST_CASE("html page JSON: no '<' survives, and it reads back the same", "[html]") {
  nlohmann::json j = {{"summary", "</script><script>alert(1)</script>"},
                      {"line", "<!-- a comment --> if (a < b && c > d)"},
                      {"nested", {{"k", "</SCRIPT >"}}},
                      {"list", {"x</script", "<"}}};
  std::string text = scriptSafeJson(j);
  CHECK(text.find('<') == std::string::npos);
  CHECK(text.find("\\u003c/script>") != std::string::npos);
  CHECK(nlohmann::json::parse(text) == j);
}

TEST_CASE("html page JSON: invalid UTF-8 is replaced, not thrown", "[html]") {
  nlohmann::json j = {{"line", std::string("int caf\xe9 = 1; // Latin-1")}};
  std::string text;
  REQUIRE_NOTHROW(text = scriptSafeJson(j));
  CHECK(nlohmann::json::parse(text)["line"] == "int caf\xef\xbf\xbd = 1; // Latin-1");
}

TEST_CASE("html page: the data stands whole in its element", "[html]") {
  nlohmann::json data = {{"file", "k.mlir"},
                         {"summary", "1 accelerated call(s), </script> cycles"},
                         {"sources", {{"k.c", {{"lines", {{"3", "x = a </script> b;"}}}}}}}};
  std::string page = htmlReportPage(data);
  CHECK(page.find("{{LOOM_PAGE_DATA}}") == std::string::npos);
  CHECK(page.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(nlohmann::json::parse(dataElement(page)) == data);
  // Self-contained: nothing is fetched from anywhere.
  for (const char* ref : {"<link", "<script src", "@import", "url(http", "src=\"http"})
    CHECK(page.find(ref) == std::string::npos);
}
