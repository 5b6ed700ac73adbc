// Port signatures: how many inputs and outputs a node of each kind has and which types
// they carry, as the token models define them (models/*.h); messages name ports as
// Node::portName does:
//
//   kind                 | inputs                               | outputs
//   ---------------------+--------------------------------------+-------------------------------
//   loom.entry           | -                                    | arg0..argN-1 (any), ctrl none
//   handshake.return     | result0..N-1, ctrl none              | result0..N-1, done none
//   dataflow.stream      | start, step, bound: T (int-like)     | idx T, cont i1
//   dataflow.gate        | before_value T, before_cond i1       | after_value T, after_cond i1
//   dataflow.carry       | d i1, a T, b T                       | o T
//   dataflow.invariant   | d i1, a T                            | o T
//   handshake.fork,      | in T                                 | out0..outN-1 T (N >= 1)
//     lazy_fork          |                                      |
//   handshake.join       | in0..inN-1 (any, N >= 1)             | out none
//   handshake.sync       | in0..inN-1 (N >= 1)                  | out_i = in_i's type
//   handshake.cond_br    | cond i1, data T                      | true T, false T
//   handshake.mux        | select (int-like), data0..N-1 T      | out T
//   handshake.merge      | in0..inN-1 T (N >= 1)                | out T
//   handshake.control_merge | in0..inN-1 T (N >= 1)             | result T, index (int-like)
//   handshake.buffer     | in T                                 | out T
//   handshake.sink       | in (any)                             | -
//   handshake.source     | -                                    | out none
//   handshake.constant   | ctrl none                            | value (scalar)
//   handshake.load       | addr A, mem_data T, ctrl none        | data T, mem_addr A (int-like)
//   handshake.store      | addr A, data T, ctrl none            | mem_data T, mem_addr A
//   handshake.(ext)memory| st_i.data E, st_i.addr, ld_j.addr    | ld_j.data E, st_i.done none,
//                        |   (S stores, L loads; E = element)   |   ld_j.done none
//   arith.*              | as the arith op (binary, cmp -> i1, select, casts)
#pragma once

#include "dfg/dfg.h"

#include <optional>
#include <string>

namespace loom::dfg {

// Returns what is wrong with `n`'s port counts and types (and the attributes they
// depend on: memory port counts, buffer slots), or nothing. Uses n.inTypes/outTypes.
std::optional<std::string> checkSignature(const Node& n);

} // namespace loom::dfg
