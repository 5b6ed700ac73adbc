// README.md, "The lowering as a tool": `lower --func NAME` lowers one function; a name
// with no function body in the file is bad input (exit 2), reported against the file.
// RUN: not %loom-sim lower --func nope %s 2>&1 | FileCheck %s -DFILE=%s --match-full-lines --implicit-check-not=error --implicit-check-not=note
// RUN: not %loom-sim lower --func decl %s 2>&1 | FileCheck %s -DFILE=%s --match-full-lines --check-prefix=DECL

// CHECK: [[FILE]]: error: no function '@nope' with a body to lower
// DECL: [[FILE]]: error: no function '@decl' with a body to lower
func.func private @decl(i32) -> i32

func.func @f(%x: i32) -> i32 {
  func.return %x : i32
}
