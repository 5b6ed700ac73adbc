// README.md, "The lowering as a tool": `lower` lowers every function but main (the
// host's entry); a file with nothing else is bad input, reported against the file.
// RUN: not %loom-sim lower %s 2>&1 | FileCheck %s -DFILE=%s --match-full-lines --implicit-check-not=error --implicit-check-not=note

// CHECK: [[FILE]]: error: no function to lower (only 'main' and declarations)
func.func private @ext(i32) -> i32

func.func @main() {
  func.return
}
