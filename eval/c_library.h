// The C library functions and LLVM intrinsics the host code of a program LOOM compiled
// calls (docs/loom.md "LOOM's programs"): what each computes, as C's does, and printf's
// formats. The verifier checks calls against this list; the interpreter runs them.
// A pointer is an address (an i64, interp/interpreter.h says how buffers get one).
#pragma once

#include "ir/types.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace loom {

enum class CFunctionKind : uint8_t {
  Pure,     // a value of its arguments (libm, llvm.fabs, llvm.umin, llvm.fshl, ...)
  NoEffect, // nothing the program can observe (llvm.lifetime.*, llvm.var.annotation)
  MemCopy,  // llvm.memcpy / llvm.memmove (dst, src, bytes, volatile)
  MemSet,   // llvm.memset (dst, byte, bytes, volatile)
  Puts,     // puts(s): s and a newline
  Printf,   // printf(format, ...)
};

struct CFunction {
  std::string name;
  CFunctionKind kind;
  std::vector<Type> args; // Printf: the fixed ones (the format)
  std::vector<Type> results;
  bool variadic = false;
  bool isIntrinsic() const { return name.rfind("llvm.", 0) == 0; }
};

// The function called `name`, or nullopt when loom-sim does not model it. An intrinsic's
// name spells its types (`llvm.umin.i32`, `llvm.fabs.f64`); memory intrinsics take the
// memrefs LOOM passes for pointers (`types` of the call, checked by shape only).
std::optional<CFunction> findCFunction(std::string_view name);
// Why a call of `f` with these types is not one loom-sim runs (nullopt: it is).
std::optional<std::string> checkCCall(const CFunction& f, const std::vector<Type>& args,
                                      const std::vector<Type>& results);
// A Pure function of `args`: C's result bit for bit (libm's own functions are called).
Bits evalCFunction(const CFunction& f, const std::vector<Bits>& args);
// The C functions and intrinsics modelled, for messages ("puts, printf, sinf, ...").
std::string cFunctionList();

// printf's format: why it cannot be printed with arguments of these types (the
// arguments after the format), or nullopt. Every conversion of C99 but %n, `*` widths
// and long double is supported; an argument must have the type C's promotions give it
// (int and unsigned: i32; long: i64; double: f64; a pointer or %s: the address, i64).
std::optional<std::string> checkPrintfFormat(const std::string& format,
                                             const std::vector<Type>& args);
// The text printf prints; `readString` gives the C string at an address (for %s), or
// nullopt and the reason. The format must have passed checkPrintfFormat.
struct PrintfResult {
  std::string text;
  std::optional<std::string> error;
};
PrintfResult
formatPrintf(const std::string& format, const std::vector<Bits>& args,
             const std::vector<Type>& argTypes,
             const std::function<std::optional<std::string>(Bits, std::string&)>& readString);

} // namespace loom
