// LOOM_ALWAYS_INLINE: for the few small functions of the engines' per-cycle loops that
// the compiler would otherwise call out of line (their callers are templates or large):
// a call there costs more than the function's body (register saves around it).
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define LOOM_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define LOOM_ALWAYS_INLINE inline
#endif
