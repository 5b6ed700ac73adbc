#include "eval/c_library.h"

#include "eval/arith.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>

namespace loom {
namespace {

using Fn1 = double (*)(double);
using Fn1f = float (*)(float);
using Fn2 = double (*)(double, double);
using Fn2f = float (*)(float, float);

// libm by name: the float and the double function of each family.
struct LibmEntry {
  Fn1f f1 = nullptr;
  Fn1 d1 = nullptr;
  Fn2f f2 = nullptr;
  Fn2 d2 = nullptr;
};

const std::map<std::string, LibmEntry, std::less<>>& libm() {
  static const std::map<std::string, LibmEntry, std::less<>> m = {
      {"sin", {::sinf, ::sin}},
      {"cos", {::cosf, ::cos}},
      {"tan", {::tanf, ::tan}},
      {"asin", {::asinf, ::asin}},
      {"acos", {::acosf, ::acos}},
      {"atan", {::atanf, ::atan}},
      {"sinh", {::sinhf, ::sinh}},
      {"cosh", {::coshf, ::cosh}},
      {"tanh", {::tanhf, ::tanh}},
      {"exp", {::expf, ::exp}},
      {"exp2", {::exp2f, ::exp2}},
      {"log", {::logf, ::log}},
      {"log2", {::log2f, ::log2}},
      {"log10", {::log10f, ::log10}},
      {"sqrt", {::sqrtf, ::sqrt}},
      {"fabs", {::fabsf, ::fabs}},
      {"floor", {::floorf, ::floor}},
      {"ceil", {::ceilf, ::ceil}},
      {"trunc", {::truncf, ::trunc}},
      {"round", {::roundf, ::round}},
      {"pow", {nullptr, nullptr, ::powf, ::pow}},
      {"atan2", {nullptr, nullptr, ::atan2f, ::atan2}},
      {"fmod", {nullptr, nullptr, ::fmodf, ::fmod}},
      {"fmin", {nullptr, nullptr, ::fminf, ::fmin}},
      {"fmax", {nullptr, nullptr, ::fmaxf, ::fmax}},
  };
  return m;
}

// An intrinsic's type suffix: `i32`, `f64`.
std::optional<Type> suffixType(std::string_view s) {
  if (s == "f32") return Type::f32();
  if (s == "f64") return Type::f64();
  if (s.size() > 1 && s[0] == 'i') {
    unsigned w = 0;
    for (char c : s.substr(1)) {
      if (c < '0' || c > '9') return std::nullopt;
      w = w * 10 + static_cast<unsigned>(c - '0');
      if (w > 64) return std::nullopt;
    }
    if (w == 8 || w == 16 || w == 32 || w == 64) return Type::integer(w);
  }
  return std::nullopt;
}

CFunction pure(std::string_view name, std::vector<Type> args, Type result) {
  return CFunction{std::string(name), CFunctionKind::Pure, std::move(args), {result}};
}

// llvm.<op>.<type>: the value intrinsics.
std::optional<CFunction> valueIntrinsic(std::string_view name) {
  size_t dot = name.rfind('.');
  std::optional<Type> t = suffixType(name.substr(dot + 1));
  if (!t) return std::nullopt;
  std::string_view op = name.substr(5, dot - 5);
  if (t->isFloat()) {
    if (op == "fabs" || op == "sqrt" || op == "floor" || op == "ceil" || op == "trunc")
      return pure(name, {*t}, *t);
    if (op == "fmuladd" || op == "fma") return pure(name, {*t, *t, *t}, *t);
    if (op == "minnum" || op == "maxnum") return pure(name, {*t, *t}, *t);
    return std::nullopt;
  }
  if (op == "umin" || op == "umax" || op == "smin" || op == "smax") return pure(name, {*t, *t}, *t);
  if (op == "fshl" || op == "fshr") return pure(name, {*t, *t, *t}, *t);
  if (op == "ctpop" || op == "bswap" || op == "bitreverse") return pure(name, {*t}, *t);
  return std::nullopt;
}

// llvm.memcpy.p0.p0.i64 and the like: the effect intrinsics, arguments checked by shape.
std::optional<CFunction> memoryIntrinsic(std::string_view name) {
  auto starts = [&](std::string_view p) { return name.substr(0, p.size()) == p; };
  CFunction f{std::string(name), CFunctionKind::NoEffect, {}, {}};
  if (starts("llvm.lifetime.start.") || starts("llvm.lifetime.end.") ||
      starts("llvm.var.annotation."))
    return f;
  if (starts("llvm.memcpy.") || starts("llvm.memmove.")) {
    f.kind = CFunctionKind::MemCopy;
    return f;
  }
  if (starts("llvm.memset.")) {
    f.kind = CFunctionKind::MemSet;
    return f;
  }
  return std::nullopt;
}

bool isPointer(const Type& t) {
  return t.isMemRef() || (t.isInteger() && t.width == 64);
}

uint64_t rotate(uint64_t hi, uint64_t lo, uint64_t by, unsigned w, bool left) {
  by %= w;
  if (by == 0) return left ? hi : lo;
  uint64_t m = widthMask(w);
  return left ? ((hi << by) | (lo >> (w - by))) & m : ((hi << (w - by)) | (lo >> by)) & m;
}

Bits evalIntIntrinsic(std::string_view op, const Type& t, const std::vector<Bits>& a) {
  unsigned w = t.width;
  int64_t x = signExtend(a[0], w), y = a.size() > 1 ? signExtend(a[1], w) : 0;
  if (op == "umin") return std::min(a[0], a[1]);
  if (op == "umax") return std::max(a[0], a[1]);
  if (op == "smin") return bitsFromInt(std::min(x, y), t);
  if (op == "smax") return bitsFromInt(std::max(x, y), t);
  if (op == "fshl") return rotate(a[0], a[1], a[2], w, true);
  if (op == "fshr") return rotate(a[0], a[1], a[2], w, false);
  if (op == "ctpop") return static_cast<Bits>(__builtin_popcountll(a[0]));
  Bits r = 0;
  for (unsigned i = 0; i < w; ++i) {
    bool bit = (a[0] >> i) & 1;
    unsigned to = op == "bswap" ? (w / 8 - 1 - i / 8) * 8 + i % 8 : w - 1 - i;
    r |= Bits(bit) << to;
  }
  return r;
}

Bits evalFloatIntrinsic(std::string_view op, const Type& t, const std::vector<Bits>& a) {
  bool f32 = t.width == 32;
  auto d = [&](size_t i) { return doubleFromBits(a[i], t); };
  if (op == "fmuladd" || op == "fma") // fused, as LOOM lowers it (math.fma)
    return f32 ? bitsFromF32(std::fma(f32FromBits(a[0]), f32FromBits(a[1]), f32FromBits(a[2])))
               : bitsFromF64(std::fma(d(0), d(1), d(2)));
  if (op == "minnum")
    return f32 ? bitsFromF32(std::fmin(f32FromBits(a[0]), f32FromBits(a[1])))
               : bitsFromF64(std::fmin(d(0), d(1)));
  if (op == "maxnum")
    return f32 ? bitsFromF32(std::fmax(f32FromBits(a[0]), f32FromBits(a[1])))
               : bitsFromF64(std::fmax(d(0), d(1)));
  const LibmEntry& e = libm().find(op)->second;
  return f32 ? bitsFromF32(e.f1(f32FromBits(a[0]))) : bitsFromF64(e.d1(d(0)));
}

// ---- printf ------------------------------------------------------------------------

struct Conversion {
  size_t begin = 0, end = 0; // the spec in the format: "%-8.3lf"
  std::string length;        // hh h l ll z j t
  char conv = 0;
};

// The conversions of `format` in order (%% included), or why one is not supported.
std::optional<std::string> parseFormat(const std::string& f, std::vector<Conversion>& out) {
  for (size_t i = 0; i < f.size(); ++i) {
    if (f[i] != '%') continue;
    Conversion c;
    c.begin = i++;
    while (i < f.size() && std::strchr("-+ #0", f[i]))
      ++i;
    auto digits = [&] {
      while (i < f.size() && f[i] >= '0' && f[i] <= '9')
        ++i;
    };
    if (i < f.size() && f[i] == '*') return std::string("a '*' width is not supported");
    digits();
    if (i < f.size() && f[i] == '.') {
      ++i;
      if (i < f.size() && f[i] == '*') return std::string("a '*' precision is not supported");
      digits();
    }
    size_t l = i;
    while (i < f.size() && std::strchr("hlzjtL", f[i]))
      ++i;
    c.length = f.substr(l, i - l);
    if (i == f.size()) return std::string("the format ends inside a conversion");
    c.conv = f[i];
    c.end = i + 1;
    std::string spec = f.substr(c.begin, c.end - c.begin);
    if (c.conv == 'n') return "'" + spec + "' writes to memory; it is not supported";
    if (!std::strchr("diouxXcsfFeEgGaAp%", c.conv))
      return "'" + spec + "' is no conversion of C's printf";
    if (c.length == "L") return "'" + spec + "' takes a long double, which is not supported";
    if (!c.length.empty() && c.length != "hh" && c.length != "h" && c.length != "l" &&
        c.length != "ll" && c.length != "z" && c.length != "j" && c.length != "t")
      return "'" + spec + "' has an unknown length modifier";
    out.push_back(c);
    i = c.end - 1;
  }
  return std::nullopt;
}

bool isIntConv(char c) {
  return std::strchr("diouxXc", c) != nullptr;
}
bool isFloatConv(char c) {
  return std::strchr("fFeEgGaA", c) != nullptr;
}

// The width of the integer argument a conversion reads after C's promotions.
unsigned intArgWidth(const Conversion& c) {
  return c.length.empty() || c.length == "h" || c.length == "hh" || c.conv == 'c' ? 32 : 64;
}

} // namespace

std::optional<CFunction> findCFunction(std::string_view name) {
  if (name == "puts")
    return CFunction{"puts", CFunctionKind::Puts, {Type::integer(64)}, {Type::integer(32)}};
  if (name == "printf")
    return CFunction{
        "printf", CFunctionKind::Printf, {Type::integer(64)}, {Type::integer(32)}, true};
  if (name.substr(0, 5) == "llvm.") {
    if (auto f = valueIntrinsic(name)) return f;
    return memoryIntrinsic(name);
  }
  // libm: `sinf` (float) or `sin` (double).
  bool f32 = !name.empty() && name.back() == 'f' && libm().count(name.substr(0, name.size() - 1));
  auto it = libm().find(f32 ? name.substr(0, name.size() - 1) : name);
  if (it == libm().end()) return std::nullopt;
  Type t = f32 ? Type::f32() : Type::f64();
  return pure(name, std::vector<Type>(it->second.f1 ? 1 : 2, t), t);
}

std::optional<std::string> checkCCall(const CFunction& f, const std::vector<Type>& args,
                                      const std::vector<Type>& results) {
  auto sig = [](const std::vector<Type>& ts) {
    std::string s;
    for (const Type& t : ts)
      s += (s.empty() ? "" : ", ") + t.str();
    return "(" + s + ")";
  };
  switch (f.kind) {
  case CFunctionKind::Pure:
  case CFunctionKind::Puts:
  case CFunctionKind::Printf: {
    bool argsOk = f.variadic ? args.size() >= f.args.size() &&
                                   std::equal(f.args.begin(), f.args.end(), args.begin())
                             : args == f.args;
    if (argsOk && results == f.results) return std::nullopt;
    return "'@" + f.name + "' takes " + sig(f.args) + (f.variadic ? " and more" : "") +
           " and returns " + sig(f.results) + ", not " + sig(args) + " -> " + sig(results);
  }
  case CFunctionKind::NoEffect:
    if (results.empty()) return std::nullopt;
    return "'@" + f.name + "' returns nothing";
  case CFunctionKind::MemCopy:
  case CFunctionKind::MemSet: {
    bool second = f.kind == CFunctionKind::MemCopy ? isPointer(args.size() > 1 ? args[1] : Type())
                                                   : args.size() > 1 && args[1] == Type::integer(8);
    if (args.size() == 4 && isPointer(args[0]) && second && args[2].isInteger() && args[3].isI1() &&
        results.empty())
      return std::nullopt;
    return "'@" + f.name + "' takes " +
           (f.kind == CFunctionKind::MemCopy ? "(dst, src, bytes, i1)" : "(dst, i8, bytes, i1)") +
           " and returns nothing, not " + sig(args) + " -> " + sig(results);
  }
  }
  return std::nullopt;
}

Bits evalCFunction(const CFunction& f, const std::vector<Bits>& a) {
  const Type& t = f.results.front();
  if (f.isIntrinsic()) {
    std::string_view n = f.name;
    std::string_view op = n.substr(5, n.rfind('.') - 5);
    return t.isFloat() ? evalFloatIntrinsic(op, t, a) : evalIntIntrinsic(op, t, a);
  }
  bool f32 = t.width == 32;
  const LibmEntry& e = libm().find(f32 ? f.name.substr(0, f.name.size() - 1) : f.name)->second;
  if (e.f1)
    return f32 ? bitsFromF32(e.f1(f32FromBits(a[0]))) : bitsFromF64(e.d1(f64FromBits(a[0])));
  return f32 ? bitsFromF32(e.f2(f32FromBits(a[0]), f32FromBits(a[1])))
             : bitsFromF64(e.d2(f64FromBits(a[0]), f64FromBits(a[1])));
}

std::string cFunctionList() {
  std::string s = "puts, printf, libm's functions of one or two floats (";
  bool first = true;
  for (const auto& [n, e] : libm()) {
    s += (first ? "" : ", ") + n + "[f]";
    first = false;
  }
  return s + "), llvm.fabs/sqrt/floor/ceil/trunc/fma/fmuladd/minnum/maxnum, "
             "llvm.umin/umax/smin/smax/fshl/fshr/ctpop/bswap/bitreverse, llvm.memcpy, "
             "llvm.memmove, llvm.memset, llvm.lifetime.*, llvm.var.annotation";
}

std::optional<std::string> checkPrintfFormat(const std::string& format,
                                             const std::vector<Type>& args) {
  std::vector<Conversion> convs;
  if (auto err = parseFormat(format, convs)) return err;
  size_t k = 0;
  for (const Conversion& c : convs) {
    if (c.conv == '%') continue;
    std::string spec = format.substr(c.begin, c.end - c.begin);
    if (k == args.size())
      return "'" + spec + "' has no argument (" + std::to_string(args.size()) + " given)";
    const Type& t = args[k++];
    std::string want;
    if (isIntConv(c.conv) && !(t.isInteger() && t.width == intArgWidth(c)))
      want = "an i" + std::to_string(intArgWidth(c));
    else if (isFloatConv(c.conv) && t != Type::f64())
      want = "an f64 (C passes a float as a double)";
    else if ((c.conv == 's' || c.conv == 'p') && t != Type::integer(64))
      want = "a pointer";
    if (!want.empty())
      return "'" + spec + "' takes " + want + ", but argument #" + std::to_string(k) + " is " +
             t.str();
  }
  if (k != args.size())
    return "the format has " + std::to_string(k) + " conversion(s) for " +
           std::to_string(args.size()) + " argument(s)";
  return std::nullopt;
}

PrintfResult
formatPrintf(const std::string& format, const std::vector<Bits>& args,
             const std::vector<Type>& argTypes,
             const std::function<std::optional<std::string>(Bits, std::string&)>& readString) {
  PrintfResult r;
  std::vector<Conversion> convs;
  parseFormat(format, convs);
  size_t at = 0, k = 0;
  char buf[512];
  for (const Conversion& c : convs) {
    r.text += format.substr(at, c.begin - at);
    at = c.end;
    std::string spec = format.substr(c.begin, c.end - c.begin);
    if (c.conv == '%') {
      r.text += '%';
      continue;
    }
    Bits a = args[k];
    const Type& t = argTypes[k++];
    int n = 0;
    // Each conversion through the C library's own snprintf, with the C type it reads.
    if (c.conv == 's') {
      std::string why;
      std::optional<std::string> s = readString(a, why);
      if (!s) {
        r.error = "'" + spec + "' of argument #" + std::to_string(k) + ": " + why;
        return r;
      }
      std::vector<char> big(s->size() + sizeof buf);
      n = std::snprintf(big.data(), big.size(), spec.c_str(), s->c_str());
      if (n < 0 || static_cast<size_t>(n) >= big.size()) {
        r.error =
            "'" + spec + "' prints more than " + std::to_string(big.size() - 1) + " characters";
        return r;
      }
      r.text.append(big.data(), static_cast<size_t>(n));
      continue;
    }
    if (c.conv == 'p') {
      n = std::snprintf(buf, sizeof buf, spec.c_str(), reinterpret_cast<void*>(a));
    } else if (isFloatConv(c.conv)) {
      n = std::snprintf(buf, sizeof buf, spec.c_str(), f64FromBits(a));
    } else if (t.width == 64) {
      std::string s = spec.substr(0, spec.size() - 1 - c.length.size()) + "ll" + c.conv;
      n = std::snprintf(buf, sizeof buf, s.c_str(), static_cast<long long>(a));
    } else {
      n = std::snprintf(buf, sizeof buf, spec.c_str(), static_cast<int>(static_cast<uint32_t>(a)));
    }
    if (n < 0 || static_cast<size_t>(n) >= sizeof buf) {
      r.error = "'" + spec + "' prints more than " + std::to_string(sizeof buf - 1) + " characters";
      return r;
    }
    r.text.append(buf, static_cast<size_t>(n));
  }
  r.text += format.substr(at);
  return r;
}

} // namespace loom
