// Host code calling C, as a program LOOM compiled does (docs/loom.md "LOOM's programs"):
// printf's formats, puts, libm and LLVM intrinsics called by name, llvm.memset and
// llvm.memcpy on a stack buffer, strings and a table in memref.globals, their addresses
// through memref.extract_aligned_pointer_as_index and llvm.inttoptr, scf.index_switch,
// and an accelerated call reading a constant global. c_library.expected is the output of
// MLIR 22's mlir-runner (scripts/oracle.sh).
module {
  memref.global "private" constant @fmt_int : memref<36xi8> = dense<[105, 110, 116, 32, 37, 100, 44, 32, 117, 110, 115, 105, 103, 110, 101, 100, 32, 37, 117, 44, 32, 104, 101, 120, 32, 37, 120, 32, 37, 88, 32, 37, 35, 111, 10, 0]>
  memref.global "private" constant @fmt_width : memref<25xi8> = dense<[91, 37, 53, 100, 124, 37, 45, 53, 100, 124, 37, 48, 53, 100, 124, 37, 43, 100, 124, 37, 32, 100, 93, 10, 0]>
  memref.global "private" constant @fmt_long : memref<19xi8> = dense<[108, 111, 110, 103, 32, 37, 108, 100, 32, 37, 108, 117, 32, 37, 108, 108, 120, 10, 0]>
  memref.global "private" constant @fmt_float : memref<37xi8> = dense<[102, 108, 111, 97, 116, 32, 37, 46, 49, 102, 32, 37, 46, 50, 102, 32, 37, 101, 32, 37, 103, 32, 91, 37, 49, 48, 46, 51, 102, 93, 32, 37, 46, 48, 102, 10, 0]>
  memref.global "private" constant @fmt_char : memref<40xi8> = dense<[99, 104, 97, 114, 32, 37, 99, 44, 32, 115, 116, 114, 105, 110, 103, 32, 39, 37, 115, 39, 32, 91, 37, 56, 115, 124, 37, 45, 56, 115, 93, 44, 32, 49, 48, 48, 37, 37, 10, 0]>
  memref.global "private" constant @fmt_libm : memref<53xi8> = dense<[115, 105, 110, 102, 40, 48, 46, 53, 41, 32, 61, 32, 37, 46, 57, 103, 44, 32, 115, 113, 114, 116, 40, 50, 41, 32, 61, 32, 37, 46, 49, 55, 103, 44, 32, 102, 97, 98, 115, 102, 40, 45, 50, 46, 53, 41, 32, 61, 32, 37, 103, 10, 0]>
  memref.global "private" constant @fmt_bits : memref<29xi8> = dense<[102, 115, 104, 108, 32, 37, 48, 56, 120, 44, 32, 117, 109, 105, 110, 32, 37, 117, 44, 32, 115, 109, 97, 120, 32, 37, 100, 10, 0]>
  memref.global "private" constant @fmt_switch : memref<17xi8> = dense<[115, 119, 105, 116, 99, 104, 32, 37, 100, 32, 45, 62, 32, 37, 100, 10, 0]>
  memref.global "private" constant @fmt_ret : memref<38xi8> = dense<[112, 114, 105, 110, 116, 102, 32, 114, 101, 116, 117, 114, 110, 101, 100, 32, 37, 100, 44, 32, 112, 117, 116, 115, 32, 114, 101, 116, 117, 114, 110, 101, 100, 32, 37, 100, 10, 0]>
  memref.global "private" constant @fmt_sum : memref<16xi8> = dense<[116, 97, 98, 108, 101, 95, 115, 117, 109, 32, 61, 32, 37, 100, 10, 0]>
  memref.global "private" constant @msg_hello : memref<12xi8> = dense<[104, 101, 108, 108, 111, 44, 32, 112, 117, 116, 115, 0]>
  memref.global "private" constant @word : memref<5xi8> = dense<[108, 111, 111, 109, 0]>
  memref.global "private" constant @table : memref<8xi32> = dense<[3, 1, 4, 1, 5, 9, 2, 6]>
  func.func private @sinf(f32) -> f32
  func.func private @sqrt(f64) -> f64
  func.func private @fabsf(f32) -> f32
  func.func private @llvm.fshl.i32(i32, i32, i32) -> i32
  func.func private @llvm.umin.i32(i32, i32) -> i32
  func.func private @llvm.smax.i32(i32, i32) -> i32
  func.func private @llvm.memset.p0.i64(!llvm.ptr, i8, i64, i1)
  func.func private @llvm.memcpy.p0.p0.i64(!llvm.ptr, !llvm.ptr, i64, i1)
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.func @puts(!llvm.ptr) -> i32

  // The accelerated function: a loop over the table main passes it.
  func.func @table_sum(%t: memref<8xi32>, %n: index) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
      %x = memref.load %t[%i] : memref<8xi32>
      %a = arith.addi %acc, %x : i32
      scf.yield %a : i32
    }
    return %r : i32
  }

  func.func @main() {
    %m1 = arith.constant -1 : i32
    %c42 = arith.constant 42 : i32
    %c255 = arith.constant 255 : i32
    %c8 = arith.constant 8 : i32
    %cbig = arith.constant -81985529216486896 : i64
    %c7 = arith.constant 7 : i32
    %fmt_int_g = memref.get_global @fmt_int : memref<36xi8>
    %fmt_int_a = memref.extract_aligned_pointer_as_index %fmt_int_g : memref<36xi8> -> index
    %fmt_int_i = arith.index_cast %fmt_int_a : index to i64
    %fmt_int_p = llvm.inttoptr %fmt_int_i : i64 to !llvm.ptr
    %r_fmt_int_10 = llvm.call @printf(%fmt_int_p, %m1, %m1, %c255, %c255, %c8) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32, i32, i32) -> i32
    %fmt_width_g = memref.get_global @fmt_width : memref<25xi8>
    %fmt_width_a = memref.extract_aligned_pointer_as_index %fmt_width_g : memref<25xi8> -> index
    %fmt_width_i = arith.index_cast %fmt_width_a : index to i64
    %fmt_width_p = llvm.inttoptr %fmt_width_i : i64 to !llvm.ptr
    %r_fmt_width_15 = llvm.call @printf(%fmt_width_p, %c42, %c42, %c42, %c7, %c42) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32, i32, i32) -> i32
    %fmt_long_g = memref.get_global @fmt_long : memref<19xi8>
    %fmt_long_a = memref.extract_aligned_pointer_as_index %fmt_long_g : memref<19xi8> -> index
    %fmt_long_i = arith.index_cast %fmt_long_a : index to i64
    %fmt_long_p = llvm.inttoptr %fmt_long_i : i64 to !llvm.ptr
    %r_fmt_long_20 = llvm.call @printf(%fmt_long_p, %cbig, %cbig, %cbig) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64) -> i32
    %f1 = arith.constant 2.25 : f64
    %f2 = arith.constant 2.675 : f64
    %f3 = arith.constant -12345.678 : f64
    %f4 = arith.constant 1.0e-5 : f64
    %f5 = arith.constant 3.14159 : f64
    %f6 = arith.constant 2.5 : f64
    %fmt_float_g = memref.get_global @fmt_float : memref<37xi8>
    %fmt_float_a = memref.extract_aligned_pointer_as_index %fmt_float_g : memref<37xi8> -> index
    %fmt_float_i = arith.index_cast %fmt_float_a : index to i64
    %fmt_float_p = llvm.inttoptr %fmt_float_i : i64 to !llvm.ptr
    %r_fmt_float_31 = llvm.call @printf(%fmt_float_p, %f1, %f2, %f3, %f4, %f5, %f6) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64, f64, f64, f64, f64, f64) -> i32
    %c65 = arith.constant 65 : i32
    %word_g = memref.get_global @word : memref<5xi8>
    %word_a = memref.extract_aligned_pointer_as_index %word_g : memref<5xi8> -> index
    %word_i = arith.index_cast %word_a : index to i64
    %word_p = llvm.inttoptr %word_i : i64 to !llvm.ptr
    %fmt_char_g = memref.get_global @fmt_char : memref<40xi8>
    %fmt_char_a = memref.extract_aligned_pointer_as_index %fmt_char_g : memref<40xi8> -> index
    %fmt_char_i = arith.index_cast %fmt_char_a : index to i64
    %fmt_char_p = llvm.inttoptr %fmt_char_i : i64 to !llvm.ptr
    %r_fmt_char_41 = llvm.call @printf(%fmt_char_p, %c65, %word_p, %word_p, %word_p) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> i32
    %h = arith.constant 0.5 : f32
    %two = arith.constant 2.0 : f64
    %mh = arith.constant -2.5 : f32
    %s = func.call @sinf(%h) : (f32) -> f32
    %sd = arith.extf %s : f32 to f64
    %q = func.call @sqrt(%two) : (f64) -> f64
    %ab = func.call @fabsf(%mh) : (f32) -> f32
    %abd = arith.extf %ab : f32 to f64
    %fmt_libm_g = memref.get_global @fmt_libm : memref<53xi8>
    %fmt_libm_a = memref.extract_aligned_pointer_as_index %fmt_libm_g : memref<53xi8> -> index
    %fmt_libm_i = arith.index_cast %fmt_libm_a : index to i64
    %fmt_libm_p = llvm.inttoptr %fmt_libm_i : i64 to !llvm.ptr
    %r_fmt_libm_54 = llvm.call @printf(%fmt_libm_p, %sd, %q, %abd) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64, f64, f64) -> i32
    %x = arith.constant 305419896 : i32
    %y = arith.constant -1698898192 : i32
    %k4 = arith.constant 36 : i32
    %m5 = arith.constant -5 : i32
    %c3 = arith.constant 3 : i32
    %fs = func.call @llvm.fshl.i32(%x, %y, %k4) : (i32, i32, i32) -> i32
    %um = func.call @llvm.umin.i32(%m5, %c3) : (i32, i32) -> i32
    %sm = func.call @llvm.smax.i32(%m5, %c3) : (i32, i32) -> i32
    %fmt_bits_g = memref.get_global @fmt_bits : memref<29xi8>
    %fmt_bits_a = memref.extract_aligned_pointer_as_index %fmt_bits_g : memref<29xi8> -> index
    %fmt_bits_i = arith.index_cast %fmt_bits_a : index to i64
    %fmt_bits_p = llvm.inttoptr %fmt_bits_i : i64 to !llvm.ptr
    %r_fmt_bits_67 = llvm.call @printf(%fmt_bits_p, %fs, %um, %sm) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32) -> i32
    %buf = memref.alloca() : memref<16xi8>
    %buf_a = memref.extract_aligned_pointer_as_index %buf : memref<16xi8> -> index
    %buf_i = arith.index_cast %buf_a : index to i64
    %buf_p = llvm.inttoptr %buf_i : i64 to !llvm.ptr
    %cA = arith.constant 65 : i8
    %c16_64 = arith.constant 16 : i64
    %c5_64 = arith.constant 5 : i64
    %false = arith.constant false
    %zero8 = arith.constant 0 : i8
    func.call @llvm.memset.p0.i64(%buf_p, %zero8, %c16_64, %false) : (!llvm.ptr, i8, i64, i1) -> ()
    func.call @llvm.memset.p0.i64(%buf_p, %cA, %c5_64, %false) : (!llvm.ptr, i8, i64, i1) -> ()
    %pr1 = llvm.call @puts(%buf_p) : (!llvm.ptr) -> i32
    %msg_hello_g = memref.get_global @msg_hello : memref<12xi8>
    %msg_hello_a = memref.extract_aligned_pointer_as_index %msg_hello_g : memref<12xi8> -> index
    %msg_hello_i = arith.index_cast %msg_hello_a : index to i64
    %msg_hello_p = llvm.inttoptr %msg_hello_i : i64 to !llvm.ptr
    %c12_64 = arith.constant 12 : i64
    func.call @llvm.memcpy.p0.p0.i64(%buf_p, %msg_hello_p, %c12_64, %false) : (!llvm.ptr, !llvm.ptr, i64, i1) -> ()
    %pr2 = llvm.call @puts(%buf_p) : (!llvm.ptr) -> i32
    %fmt_ret_g = memref.get_global @fmt_ret : memref<38xi8>
    %fmt_ret_a = memref.extract_aligned_pointer_as_index %fmt_ret_g : memref<38xi8> -> index
    %fmt_ret_i = arith.index_cast %fmt_ret_a : index to i64
    %fmt_ret_p = llvm.inttoptr %fmt_ret_i : i64 to !llvm.ptr
    %r_fmt_ret_91 = llvm.call @printf(%fmt_ret_p, %pr1, %pr2) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32) -> i32
    %pr3 = llvm.call @printf(%fmt_ret_p, %pr2, %pr1) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32) -> i32
    %r_fmt_ret_93 = llvm.call @printf(%fmt_ret_p, %pr3, %pr3) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32) -> i32
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %i4 = arith.constant 4 : index
    scf.for %iv = %i0 to %i4 step %i1 {
      %v = scf.index_switch %iv -> i32
      case 0 {
        %a = arith.constant 100 : i32
        scf.yield %a : i32
      }
      case 2 {
        %b = arith.constant 200 : i32
        scf.yield %b : i32
      }
      default {
        %d = arith.constant -1 : i32
        scf.yield %d : i32
      }
      %ivi = arith.index_cast %iv : index to i32
      %fmt_switch_g = memref.get_global @fmt_switch : memref<17xi8>
      %fmt_switch_a = memref.extract_aligned_pointer_as_index %fmt_switch_g : memref<17xi8> -> index
      %fmt_switch_i = arith.index_cast %fmt_switch_a : index to i64
      %fmt_switch_p = llvm.inttoptr %fmt_switch_i : i64 to !llvm.ptr
      %r_fmt_switch_116 = llvm.call @printf(%fmt_switch_p, %ivi, %v) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32) -> i32
    }
    %tab = memref.get_global @table : memref<8xi32>
    %n8 = arith.constant 8 : index
    %sum = func.call @table_sum(%tab, %n8) : (memref<8xi32>, index) -> i32
    %fmt_sum_g = memref.get_global @fmt_sum : memref<16xi8>
    %fmt_sum_a = memref.extract_aligned_pointer_as_index %fmt_sum_g : memref<16xi8> -> index
    %fmt_sum_i = arith.index_cast %fmt_sum_a : index to i64
    %fmt_sum_p = llvm.inttoptr %fmt_sum_i : i64 to !llvm.ptr
    %r_fmt_sum_125 = llvm.call @printf(%fmt_sum_p, %sum) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
    return
  }
}
