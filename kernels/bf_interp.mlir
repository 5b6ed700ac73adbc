// kernel: bf_interp — a Brainfuck interpreter as one scf.while over the program counter whose after-region dispatches on the loaded opcode through a 7-deep chain of scf.if/else (each level yields three values), with an i8 tape (wrapping increments, data-dependent tape addresses), output stores at a carried position, and bracket matching by inner scf.while scans forward or backward (depth counting with extui of i1 compares) inside two levels of scf.if; the program text is unpacked in main from i64 words; returns the step and output counts.
func.func private @printMemrefI32(memref<*xi32>)

func.func @bf(%prog: memref<?xi8>, %plen: index, %tape: memref<?xi8>, %out: memref<?xi32>) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one8 = arith.constant 1 : i8
  %z8 = arith.constant 0 : i8
  %plus = arith.constant 43 : i8
  %minus = arith.constant 45 : i8
  %right = arith.constant 62 : i8
  %left = arith.constant 60 : i8
  %dot = arith.constant 46 : i8
  %open = arith.constant 91 : i8
  %close = arith.constant 93 : i8
  %r:4 = scf.while (%pc = %c0, %ptr = %c0, %nout = %c0, %steps = %c0) : (index, index, index, index) -> (index, index, index, index) {
    %more = arith.cmpi ult, %pc, %plen : index
    scf.condition(%more) %pc, %ptr, %nout, %steps : index, index, index, index
  } do {
  ^bb0(%pc: index, %ptr: index, %nout: index, %steps: index):
    %op = memref.load %prog[%pc] : memref<?xi8>
    %pc1 = arith.addi %pc, %c1 : index
    %isplus = arith.cmpi eq, %op, %plus : i8
    %n:3 = scf.if %isplus -> (index, index, index) {
      %v = memref.load %tape[%ptr] : memref<?xi8>
      %v1 = arith.addi %v, %one8 : i8
      memref.store %v1, %tape[%ptr] : memref<?xi8>
      scf.yield %pc1, %ptr, %nout : index, index, index
    } else {
      %isminus = arith.cmpi eq, %op, %minus : i8
      %n2:3 = scf.if %isminus -> (index, index, index) {
        %v = memref.load %tape[%ptr] : memref<?xi8>
        %v1 = arith.subi %v, %one8 : i8
        memref.store %v1, %tape[%ptr] : memref<?xi8>
        scf.yield %pc1, %ptr, %nout : index, index, index
      } else {
        %isright = arith.cmpi eq, %op, %right : i8
        %n3:3 = scf.if %isright -> (index, index, index) {
          %p1 = arith.addi %ptr, %c1 : index
          scf.yield %pc1, %p1, %nout : index, index, index
        } else {
          %isleft = arith.cmpi eq, %op, %left : i8
          %n4:3 = scf.if %isleft -> (index, index, index) {
            %p1 = arith.subi %ptr, %c1 : index
            scf.yield %pc1, %p1, %nout : index, index, index
          } else {
            %isdot = arith.cmpi eq, %op, %dot : i8
            %n5:3 = scf.if %isdot -> (index, index, index) {
              %v = memref.load %tape[%ptr] : memref<?xi8>
              %v32 = arith.extsi %v : i8 to i32
              memref.store %v32, %out[%nout] : memref<?xi32>
              %o1 = arith.addi %nout, %c1 : index
              scf.yield %pc1, %ptr, %o1 : index, index, index
            } else {
              %isopen = arith.cmpi eq, %op, %open : i8
              %n6:3 = scf.if %isopen -> (index, index, index) {
                %v = memref.load %tape[%ptr] : memref<?xi8>
                %zero = arith.cmpi eq, %v, %z8 : i8
                %np = scf.if %zero -> (index) {
                  // forward to the matching ']'
                  %m:2 = scf.while (%q = %pc, %d = %c1) : (index, index) -> (index, index) {
                    %pos = arith.cmpi ugt, %d, %c0 : index
                    scf.condition(%pos) %q, %d : index, index
                  } do {
                  ^bb0(%q: index, %d: index):
                    %q1 = arith.addi %q, %c1 : index
                    %ch = memref.load %prog[%q1] : memref<?xi8>
                    %o = arith.cmpi eq, %ch, %open : i8
                    %c = arith.cmpi eq, %ch, %close : i8
                    %oi = arith.extui %o : i1 to i64
                    %ci = arith.extui %c : i1 to i64
                    %oix = arith.index_cast %oi : i64 to index
                    %cix = arith.index_cast %ci : i64 to index
                    %d1 = arith.addi %d, %oix : index
                    %d2 = arith.subi %d1, %cix : index
                    scf.yield %q1, %d2 : index, index
                  }
                  %after = arith.addi %m#0, %c1 : index
                  scf.yield %after : index
                } else {
                  scf.yield %pc1 : index
                }
                scf.yield %np, %ptr, %nout : index, index, index
              } else {
                %isclose = arith.cmpi eq, %op, %close : i8
                %n7:3 = scf.if %isclose -> (index, index, index) {
                  %v = memref.load %tape[%ptr] : memref<?xi8>
                  %nz = arith.cmpi ne, %v, %z8 : i8
                  %np = scf.if %nz -> (index) {
                    // back to the matching '['
                    %m:2 = scf.while (%q = %pc, %d = %c1) : (index, index) -> (index, index) {
                      %pos = arith.cmpi ugt, %d, %c0 : index
                      scf.condition(%pos) %q, %d : index, index
                    } do {
                    ^bb0(%q: index, %d: index):
                      %q1 = arith.subi %q, %c1 : index
                      %ch = memref.load %prog[%q1] : memref<?xi8>
                      %o = arith.cmpi eq, %ch, %open : i8
                      %c = arith.cmpi eq, %ch, %close : i8
                      %oi = arith.extui %o : i1 to i64
                      %ci = arith.extui %c : i1 to i64
                      %oix = arith.index_cast %oi : i64 to index
                      %cix = arith.index_cast %ci : i64 to index
                      %d1 = arith.addi %d, %cix : index
                      %d2 = arith.subi %d1, %oix : index
                      scf.yield %q1, %d2 : index, index
                    }
                    %after = arith.addi %m#0, %c1 : index
                    scf.yield %after : index
                  } else {
                    scf.yield %pc1 : index
                  }
                  scf.yield %np, %ptr, %nout : index, index, index
                } else {
                  // any other byte is a comment
                  scf.yield %pc1, %ptr, %nout : index, index, index
                }
                scf.yield %n7#0, %n7#1, %n7#2 : index, index, index
              }
              scf.yield %n6#0, %n6#1, %n6#2 : index, index, index
            }
            scf.yield %n5#0, %n5#1, %n5#2 : index, index, index
          }
          scf.yield %n4#0, %n4#1, %n4#2 : index, index, index
        }
        scf.yield %n3#0, %n3#1, %n3#2 : index, index, index
      }
      scf.yield %n2#0, %n2#1, %n2#2 : index, index, index
    }
    %s1 = arith.addi %steps, %c1 : index
    scf.yield %n#0, %n#1, %n#2, %s1 : index, index, index, index
  }
  func.return %r#3, %r#2, %r#1 : index, index, index
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c62 = arith.constant 62 : index
  %c64 = arith.constant 64 : index
  %prog = memref.alloc() : memref<64xi8>
  %words = memref.alloc() : memref<8xi64>
  %tape = memref.alloc() : memref<16xi8>
  %out = memref.alloc() : memref<8xi32>
  // "++++++[>+++++++<-]>.>+++[>++[>+++<-]<-]>>.<<<[-]>[-]-.[>]<+++." packed little-endian, 8 bytes per word
  %w0 = arith.constant 4493232517640039211 : i64
  %w1 = arith.constant 4335606530682071851 : i64
  %w2 = arith.constant 3110627513693265197 : i64
  %w3 = arith.constant 3110648528916659803 : i64
  %w4 = arith.constant 4493797740470156331 : i64
  %w5 = arith.constant 6714122933746019902 : i64
  %w6 = arith.constant 4493235825603861310 : i64
  %w7 = arith.constant 50762942725213 : i64
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  memref.store %w0, %words[%c0] : memref<8xi64>
  memref.store %w1, %words[%c1] : memref<8xi64>
  memref.store %w2, %words[%c2] : memref<8xi64>
  memref.store %w3, %words[%c3] : memref<8xi64>
  memref.store %w4, %words[%c4] : memref<8xi64>
  memref.store %w5, %words[%c5] : memref<8xi64>
  memref.store %w6, %words[%c6] : memref<8xi64>
  memref.store %w7, %words[%c7] : memref<8xi64>
  %eight = arith.constant 8 : i64
  scf.for %k = %c0 to %c64 step %c1 {
    %wi = arith.divui %k, %c8 : index
    %bi = arith.remui %k, %c8 : index
    %w = memref.load %words[%wi] : memref<8xi64>
    %b64 = arith.index_cast %bi : index to i64
    %sh = arith.muli %b64, %eight : i64
    %x = arith.shrui %w, %sh : i64
    %ch = arith.trunci %x : i64 to i8
    memref.store %ch, %prog[%k] : memref<64xi8>
  }
  %z8 = arith.constant 0 : i8
  %neg = arith.constant -99 : i32
  scf.for %k = %c0 to %c16 step %c1 {
    memref.store %z8, %tape[%k] : memref<16xi8>
  }
  scf.for %k = %c0 to %c8 step %c1 {
    memref.store %neg, %out[%k] : memref<8xi32>
  }
  %pd = memref.cast %prog : memref<64xi8> to memref<?xi8>
  %td = memref.cast %tape : memref<16xi8> to memref<?xi8>
  %od = memref.cast %out : memref<8xi32> to memref<?xi32>
  %r:3 = func.call @bf(%pd, %c62, %td, %od) : (memref<?xi8>, index, memref<?xi8>, memref<?xi32>) -> (index, index, index)
  vector.print %r#0 : index
  vector.print %r#1 : index
  vector.print %r#2 : index
  %ou = memref.cast %out : memref<8xi32> to memref<*xi32>
  func.call @printMemrefI32(%ou) : (memref<*xi32>) -> ()
  memref.dealloc %prog : memref<64xi8>
  memref.dealloc %words : memref<8xi64>
  memref.dealloc %tape : memref<16xi8>
  memref.dealloc %out : memref<8xi32>
  func.return
}
