// Host code whose handshake.esi_instance runs a function the file does not have: the
// module is refused at the instance (exit 2).
module {
  func.func @main() -> i32 {
    %true = arith.constant true
    %false = arith.constant false
    %clk = seq.const_clock low
    %ch, %ready = esi.wrap.vr %true, %true : i1
    %done = handshake.esi_instance @twice_esi "twice_inst0" clk %clk rst %false(%ch)
        : (!esi.channel<i1>) -> !esi.channel<i1>
    %c0 = arith.constant 0 : i32
    return %c0 : i32
  }
  handshake.func @twice(%x: i32, %start: none, ...) -> (i32, none) {
    %y = arith.addi %x, %x : i32
    handshake.return %y, %start : i32, none
  }
}
