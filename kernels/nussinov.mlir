// kernel: nussinov — PolyBench nussinov RNA-folding DP in i32 over a 12-base i8 sequence: i runs downward via iv arithmetic (i = n-1-ii), j in [i+1, n), guards `j-1 >= 0`, `i+1 < n` and their conjunction as i32 compares combined with andi feeding scf.if (one with an else that yields), nested if inside if, match() as select on (s[i]+s[j] == 3), and a k in [i+1, j) max-reduction carried as an iter_arg (zero trips when j = i+1) seeded from the table; the DP reads cells written on earlier outer iterations.
func.func private @printMemrefI32(memref<*xi32>)

func.func @nussinov(%seq: memref<?xi8>, %table: memref<?x?xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %three = arith.constant 3 : i32
  %n32 = arith.index_cast %n : index to i32
  scf.for %ii = %c0 to %n step %c1 {
    %nm1 = arith.subi %n, %c1 : index
    %i = arith.subi %nm1, %ii : index
    %i32 = arith.index_cast %i : index to i32
    %ip1 = arith.addi %i, %c1 : index
    %ip1_32 = arith.addi %i32, %one : i32
    %i_ok = arith.cmpi slt, %ip1_32, %n32 : i32
    scf.for %j = %ip1 to %n step %c1 {
      %j32 = arith.index_cast %j : index to i32
      %jm1_32 = arith.subi %j32, %one : i32
      %j_ok = arith.cmpi sge, %jm1_32, %zero : i32
      %jm1 = arith.subi %j, %c1 : index
      scf.if %j_ok {
        %a = memref.load %table[%i, %j] : memref<?x?xi32>
        %b = memref.load %table[%i, %jm1] : memref<?x?xi32>
        %m = arith.maxsi %a, %b : i32
        memref.store %m, %table[%i, %j] : memref<?x?xi32>
      }
      scf.if %i_ok {
        %a = memref.load %table[%i, %j] : memref<?x?xi32>
        %b = memref.load %table[%ip1, %j] : memref<?x?xi32>
        %m = arith.maxsi %a, %b : i32
        memref.store %m, %table[%i, %j] : memref<?x?xi32>
      }
      %both = arith.andi %j_ok, %i_ok : i1
      scf.if %both {
        %a = memref.load %table[%i, %j] : memref<?x?xi32>
        %d = memref.load %table[%ip1, %jm1] : memref<?x?xi32>
        %lt = arith.cmpi slt, %i32, %jm1_32 : i32
        %cand = scf.if %lt -> (i32) {
          %si = memref.load %seq[%i] : memref<?xi8>
          %sj = memref.load %seq[%j] : memref<?xi8>
          %si32 = arith.extsi %si : i8 to i32
          %sj32 = arith.extsi %sj : i8 to i32
          %sum = arith.addi %si32, %sj32 : i32
          %pair = arith.cmpi eq, %sum, %three : i32
          %match = arith.select %pair, %one, %zero : i32
          %c = arith.addi %d, %match : i32
          scf.yield %c : i32
        } else {
          scf.yield %d : i32
        }
        %m = arith.maxsi %a, %cand : i32
        memref.store %m, %table[%i, %j] : memref<?x?xi32>
      }
      %t0 = memref.load %table[%i, %j] : memref<?x?xi32>
      %best = scf.for %k = %ip1 to %j step %c1 iter_args(%acc = %t0) -> (i32) {
        %kp1 = arith.addi %k, %c1 : index
        %x = memref.load %table[%i, %k] : memref<?x?xi32>
        %y = memref.load %table[%kp1, %j] : memref<?x?xi32>
        %s = arith.addi %x, %y : i32
        %m = arith.maxsi %acc, %s : i32
        scf.yield %m : i32
      }
      memref.store %best, %table[%i, %j] : memref<?x?xi32>
    }
  }
  %nm1b = arith.subi %n, %c1 : index
  %res = memref.load %table[%c0, %nm1b] : memref<?x?xi32>
  func.return %res : i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %c12 = arith.constant 12 : index
  %seq = memref.alloc() : memref<12xi8>
  %table = memref.alloc() : memref<12x12xi32>
  %zero = arith.constant 0 : i32
  // seq[i] = (i*i + 7*i) mod 11 mod 4 (bases 0..3; pairs are 0+3 and 1+2)
  scf.for %i = %c0 to %c12 step %c1 {
    %sq = arith.muli %i, %i : index
    %i7 = arith.muli %i, %c7 : index
    %s = arith.addi %sq, %i7 : index
    %r11 = arith.remui %s, %c11 : index
    %r = arith.remui %r11, %c4 : index
    %ri = arith.index_cast %r : index to i8
    memref.store %ri, %seq[%i] : memref<12xi8>
    scf.for %j = %c0 to %c12 step %c1 {
      memref.store %zero, %table[%i, %j] : memref<12x12xi32>
    }
  }
  %sd = memref.cast %seq : memref<12xi8> to memref<?xi8>
  %td = memref.cast %table : memref<12x12xi32> to memref<?x?xi32>
  %r = func.call @nussinov(%sd, %td, %c12) : (memref<?xi8>, memref<?x?xi32>, index) -> i32
  vector.print %r : i32
  %tu = memref.cast %table : memref<12x12xi32> to memref<*xi32>
  func.call @printMemrefI32(%tu) : (memref<*xi32>) -> ()
  memref.dealloc %seq : memref<12xi8>
  memref.dealloc %table : memref<12x12xi32>
  func.return
}
