// A float sum: the carried value goes round carry -> cond_br (the split by
// raw_will_continue) -> addf -> carry.b. docs/timing.md: carry 1, cond_br 1, addf
// floatAddLatency (4): ii_bound 6, and nothing else holds the loop back: ii_achieved 6.
func.func @fsum(%x: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    %s = arith.addf %acc, %x : f32
    scf.yield %s : f32
  }
  func.return %r : f32
}

func.func @main() {
  %c32 = arith.constant 32 : index
  %x = arith.constant 0.5 : f32
  %r = func.call @fsum(%x, %c32) : (f32, index) -> f32
  vector.print %r : f32
  func.return
}
