#include "cli/dfg_arguments.h"

#include "eval/arith.h"
#include "eval/memref.h"

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <map>
#include <random>
#include <sstream>

namespace loom::cli {

namespace {

struct BadArg {
  std::string message;
};

// "INDEX=TEXT"
std::pair<size_t, std::string> splitAssignment(const std::string& s, const char* option) {
  size_t eq = s.find('=');
  if (eq == std::string::npos || eq == 0)
    throw BadArg{std::string(option) + " " + s +
                 ": expected INDEX=VALUE (the argument's position, from 0)"};
  char* end = nullptr;
  unsigned long i = std::strtoul(s.c_str(), &end, 10);
  if (end != s.c_str() + eq)
    throw BadArg{std::string(option) + " " + s + ": '" + s.substr(0, eq) +
                 "' is not an argument index"};
  return {i, s.substr(eq + 1)};
}

Bits parseScalar(const std::string& text, const Type& t, const std::string& what) {
  if (t.isI1() && (text == "true" || text == "false")) return text == "true";
  errno = 0;
  char* end = nullptr;
  if (t.isFloat()) {
    double d = std::strtod(text.c_str(), &end);
    if (end == text.c_str() || *end)
      throw BadArg{what + ": '" + text + "' is not a " + t.str() + " value"};
    return bitsFromDouble(d, t);
  }
  long long v = std::strtoll(text.c_str(), &end, 0);
  if (end == text.c_str() || *end || errno == ERANGE)
    throw BadArg{what + ": '" + text + "' is not an integer"};
  return static_cast<Bits>(v) & widthMask(t.width);
}

// SPEC = zeros | random:SEED | FILE, optionally followed by :SHAPE (e.g. 8x8) when the
// memref type has dynamic sizes: {source, shape text}.
std::pair<std::string, std::string> splitMemorySpec(const std::string& spec, const Type& t) {
  auto lastColon = spec.rfind(':');
  if (lastColon != std::string::npos &&
      spec.find_first_not_of("0123456789x", lastColon + 1) == std::string::npos &&
      spec.find('x', lastColon) != std::string::npos)
    return {spec.substr(0, lastColon), spec.substr(lastColon + 1)};
  // random:SEED:N (1-D): the colon after "random:" must be a second one.
  bool randomSeedOnly =
      spec.rfind("random:", 0) == 0 && lastColon == std::string("random:").size() - 1;
  if (lastColon != std::string::npos && !randomSeedOnly &&
      spec.find_first_not_of("0123456789", lastColon + 1) == std::string::npos &&
      t.mem->shape.size() == 1)
    return {spec.substr(0, lastColon), spec.substr(lastColon + 1)};
  return {spec, ""};
}

bool isFileSource(const std::string& source) {
  return source != "zeros" && source.rfind("random:", 0) != 0;
}

// Whether a buffer created here (row-major from offset 0) is a value of the memref type:
// the identity layout, or a strided one that leaves those open, as LOOM's
// `strided<[1], offset: ?>` does.
bool admitsRowMajor(const MemRefInfo& m, const std::vector<int64_t>& shape) {
  if (m.identity) return true;
  if (m.offset != 0 && m.offset != kDynamic) return false;
  std::vector<int64_t> rowMajor = identityStrides(shape);
  if (m.strides.size() != rowMajor.size()) return false;
  for (size_t d = 0; d < rowMajor.size(); ++d)
    if (m.strides[d] != kDynamic && m.strides[d] != rowMajor[d]) return false;
  return true;
}

std::shared_ptr<MemRefView> parseMemory(const std::string& spec, const Type& t,
                                        const std::string& what) {
  auto [source, shapeText] = splitMemorySpec(spec, t);
  std::vector<int64_t> shape = t.mem->shape;
  if (!shapeText.empty()) {
    std::vector<int64_t> given;
    std::stringstream ss(shapeText);
    std::string dim;
    while (std::getline(ss, dim, 'x')) {
      if (dim.empty() || dim.size() > 18 ||
          dim.find_first_not_of("0123456789") != std::string::npos)
        throw BadArg{what + ": shape " + shapeText + " is not a list of sizes like 8x8"};
      given.push_back(std::stoll(dim));
    }
    if (given.size() != shape.size())
      throw BadArg{what + ": shape " + shapeText + " does not fit " + t.str()};
    for (size_t d = 0; d < shape.size(); ++d)
      if (shape[d] != kDynamic && shape[d] != given[d])
        throw BadArg{what + ": shape " + shapeText + " does not fit " + t.str()};
    shape = given;
  }
  for (int64_t d : shape)
    if (d == kDynamic)
      throw BadArg{what + ": " + t.str() + " has dynamic sizes: give the shape, e.g. zeros:8x8"};
  if (!admitsRowMajor(*t.mem, shape))
    throw BadArg{what + ": " + t.str() +
                 " has a layout a fresh row-major buffer does not fit: only layouts with "
                 "offset 0 or ? and row-major (or ?) strides can be created here"};
  // As much as a program may allocate (interpreter.h): a shape from the command line
  // could ask for any amount.
  uint64_t n = 1;
  for (int64_t d : shape)
    n = d && n > kMaxLiveElements / static_cast<uint64_t>(d) ? kMaxLiveElements + 1
                                                             : n * static_cast<uint64_t>(d);
  if (n > kMaxLiveElements)
    throw BadArg{what + ": more than " + std::to_string(kMaxLiveElements) +
                 " elements are not supported"};
  auto v = std::make_shared<MemRefView>();
  v->buf = std::make_shared<Buffer>();
  v->buf->elem = t.mem->elem;
  v->sizes = shape;
  v->strides = identityStrides(shape);
  v->buf->data.assign(n, 0);
  const Type& e = t.mem->elem;
  if (source == "zeros") return v;
  if (source.rfind("random:", 0) == 0) {
    std::mt19937_64 rng(std::strtoull(source.c_str() + 7, nullptr, 10));
    for (Bits& b : v->buf->data)
      b = e.isFloat() ? bitsFromDouble(static_cast<double>(rng() % 1000) / 100.0, e)
                      : bitsFromInt(static_cast<int64_t>(rng() % 100), e);
    return v;
  }
  std::ifstream in(source);
  if (!in)
    throw BadArg{what + ": cannot open '" + source +
                 "' (expected zeros, random:SEED or a file of values)"};
  std::string word;
  size_t k = 0;
  while (in >> std::setw(64) >> word) { // a word at most that long: /dev/zero is one word
    if (k == n)
      throw BadArg{what + ": '" + source + "' has more than " + std::to_string(n) + " values"};
    Bits x = parseScalar(word, e, what + " element " + std::to_string(k));
    v->buf->data[k++] = x;
  }
  if (k != n)
    throw BadArg{what + ": '" + source + "' has " + std::to_string(k) +
                 " values, the memref needs " + std::to_string(n)};
  return v;
}

} // namespace

std::optional<std::string> parseDfgArguments(const dfg::Graph& g,
                                             const std::vector<std::string>& args,
                                             const std::vector<std::string>& mems,
                                             DfgArguments& out) {
  const auto& types = g.argTypes;
  out.scalars.assign(types.size(), 0);
  out.memories.assign(types.size(), nullptr);
  try {
    std::map<size_t, std::string> scalars, memories;
    for (const std::string& a : args)
      scalars.insert(splitAssignment(a, "--arg"));
    for (const std::string& m : mems)
      memories.insert(splitAssignment(m, "--mem"));
    for (auto& [i, v] : scalars)
      if (i >= types.size() || types[i].isAnyMemRef() || types[i].isNone())
        throw BadArg{"--arg " + std::to_string(i) + ": the function has no scalar argument " +
                     std::to_string(i) +
                     (i < types.size() && types[i].isNone()
                          ? " (it is a control input: its token needs no value)"
                          : "")};
    for (auto& [i, v] : memories)
      if (i >= types.size() || !types[i].isMemRef())
        throw BadArg{"--mem " + std::to_string(i) + ": the function has no memref argument " +
                     std::to_string(i)};
    for (size_t i = 0; i < types.size(); ++i) {
      const Type& t = types[i];
      std::string what = "argument " + std::to_string(i) + " (" + t.str() + ")";
      if (t.isMemRef()) {
        auto it = memories.find(i);
        if (it == memories.end())
          throw BadArg{what + " needs --mem " + std::to_string(i) + "=zeros|random:SEED|FILE"};
        out.memories[i] = parseMemory(it->second, t, "--mem " + std::to_string(i));
      } else if (!t.isNone()) {
        auto it = scalars.find(i);
        if (it == scalars.end())
          throw BadArg{what + " needs --arg " + std::to_string(i) + "=VALUE"};
        out.scalars[i] = parseScalar(it->second, t, "--arg " + std::to_string(i));
      }
    }
  } catch (BadArg& e) {
    return e.message;
  }
  return std::nullopt;
}

std::vector<std::pair<std::string, std::string>> memoryFiles(const std::vector<std::string>& mems,
                                                             const dfg::Graph& g) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const std::string& m : mems) {
    size_t eq = m.find('=');
    char* end = nullptr;
    unsigned long i = std::strtoul(m.c_str(), &end, 10);
    if (eq == std::string::npos || eq == 0 || end != m.c_str() + eq) continue;
    if (i >= g.argTypes.size() || !g.argTypes[i].isMemRef()) continue;
    std::string source = splitMemorySpec(m.substr(eq + 1), g.argTypes[i]).first;
    if (isFileSource(source)) out.push_back({"the --mem " + std::to_string(i) + " file", source});
  }
  return out;
}

} // namespace loom::cli
