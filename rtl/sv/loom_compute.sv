// A compute unit (models/compute.h): one integer arith or math op, pipelined with
// latency L >= 1 (docs/timing.md: integer ALU 1, multiply 3, divide and remainder 8).
//
//   part    | needs                                     | does
//   --------+-------------------------------------------+-----------------------------
//   accept  | every operand valid, pipeline not stalled | pop all operands, evaluate,
//           | (L = 1: the output ready)                 | enter the pipeline
//   advance | pipeline not stalled                      | every stage moves one on
//   emit    | a result in the last stage, output ready  | push it
//
// Operands popped in cycle t give a result pushed in t + L - 1. The pipeline stalls as
// a whole when its last stage holds a result the full output cannot take. The result is
// computed combinationally from the operand heads at accept time and carried by L - 1
// stage registers.
//
// OP is the op's MLIR name without the dialect ("addi", "cmpi", "index_cast"); PRED the
// cmpi predicate in MLIR's numbering (eq ne slt sle sgt sge ult ule ugt uge). Operands
// are WI bits wide (select: in0 is the i1 condition in bit 0), the result WO bits.
// OP is a string as a 128-bit vector (yosys 0.23 has no `parameter string`).
// Float ops are loom_fcompute's (DPI-C). The model stops with an op error where the
// result is undefined (division by zero, signed overflow of a division, a shift amount
// >= WI); the circuit computes some value.
module loom_compute #(
    parameter bit [127:0] OP = "addi",
    parameter int N = 2,
    parameter int WI = 32,
    parameter int WO = 32,
    parameter int L = 1,
    parameter int PRED = 0
) (
    input  logic                 clk,
    input  logic                 rst,
    input  logic [N-1:0]         in_valid,
    input  logic [N*WI-1:0]      in_data,
    output logic [N-1:0]         in_pop,
    input  logic                 out0_ready,
    output logic                 out0_push,
    output logic [WO-1:0]        out0_data
);
  // --- Datapath ---------------------------------------------------------------------
  logic [WI-1:0] a, b, c;
  logic [WO-1:0] result;
  assign a = in_data[0+:WI];
  // A unary op reads a only; b = a keeps the binary expressions well-formed.
  assign b = in_data[(N > 1 ? 1 : 0)*WI+:WI];
  assign c = N > 2 ? in_data[(N > 2 ? 2 : 0)*WI+:WI] : '0;

  // Bit counts (math.ctlz, cttz, ctpop), as integers: the caller sizes them to WI.
  function automatic int ctlz(logic [WI-1:0] x);
    int n;
    n = WI;
    for (int i = 0; i < WI; i = i + 1) if (x[i]) n = WI - 1 - i;
    ctlz = n;
  endfunction

  function automatic int cttz(logic [WI-1:0] x);
    int n;
    n = WI;
    for (int i = WI - 1; i >= 0; i = i - 1) if (x[i]) n = i;
    cttz = n;
  endfunction

  function automatic int ctpop(logic [WI-1:0] x);
    int n;
    n = 0;
    for (int i = 0; i < WI; i = i + 1) n = n + (x[i] ? 1 : 0);
    ctpop = n;
  endfunction

  function automatic logic compare(logic [WI-1:0] x, logic [WI-1:0] y);
    case (PRED)
      0: compare = x == y;
      1: compare = x != y;
      2: compare = $signed(x) < $signed(y);
      3: compare = $signed(x) <= $signed(y);
      4: compare = $signed(x) > $signed(y);
      5: compare = $signed(x) >= $signed(y);
      6: compare = x < y;
      7: compare = x <= y;
      8: compare = x > y;
      default: compare = x >= y;
    endcase
  endfunction

  logic [WI-1:0] sq, sr, uq, ur;  // signed and unsigned quotient and remainder
  logic b_zero, inexact_s, inexact_u;
  assign b_zero = b == '0;
  assign sq = b_zero ? '0 : WI'($signed(a) / $signed(b));
  assign sr = b_zero ? '0 : WI'($signed(a) % $signed(b));
  assign uq = b_zero ? '0 : a / b;
  assign ur = b_zero ? '0 : a % b;
  assign inexact_s = sr != '0;
  assign inexact_u = ur != '0;

  logic [WI-1:0] r;
  always_comb begin
    if (OP == "addi") r = a + b;
    else if (OP == "subi") r = a - b;
    else if (OP == "muli") r = a * b;
    else if (OP == "divsi") r = sq;
    else if (OP == "divui") r = uq;
    else if (OP == "remsi") r = sr;
    else if (OP == "remui") r = ur;
    else if (OP == "ceildivsi") r = sq + WI'(inexact_s && (a[WI-1] == b[WI-1]));
    else if (OP == "ceildivui") r = uq + WI'(inexact_u);
    else if (OP == "floordivsi") r = sq - WI'(inexact_s && (a[WI-1] != b[WI-1]));
    else if (OP == "andi") r = a & b;
    else if (OP == "ori") r = a | b;
    else if (OP == "xori") r = a ^ b;
    else if (OP == "shli") r = a << b;
    else if (OP == "shrsi") r = WI'($signed(a) >>> b);
    else if (OP == "shrui") r = a >> b;
    else if (OP == "maxsi") r = $signed(a) > $signed(b) ? a : b;
    else if (OP == "maxui") r = a > b ? a : b;
    else if (OP == "minsi") r = $signed(a) < $signed(b) ? a : b;
    else if (OP == "minui") r = a < b ? a : b;
    else if (OP == "cmpi") r = WI'(compare(a, b));
    else if (OP == "select") r = a[0] ? b : c;
    else if (OP == "absi") r = a[WI-1] ? -a : a;
    else if (OP == "ctlz") r = WI'(ctlz(a));
    else if (OP == "cttz") r = WI'(cttz(a));
    else if (OP == "ctpop") r = WI'(ctpop(a));
    else r = a;  // casts: extended or truncated below
  end

  // Casts change the width: extsi and index_cast sign-extend (or truncate), extui and
  // index_castui zero-extend, trunci truncates; every other op keeps WI = WO (cmpi: bit 0).
  if (WO > WI) begin : g_extend
    assign result = OP == "extui" || OP == "index_castui" ? {{(WO - WI) {1'b0}}, r}
                                                          : {{(WO - WI) {r[WI-1]}}, r};
  end else begin : g_narrow
    assign result = r[WO-1:0];
    if (WO < WI) begin : g_dropped
      logic unused;
      assign unused = ^r[WI-1:WO];
    end
  end

  // --- Pipeline (loom_pipe) ----------------------------------------------------------
  logic accept;
  loom_pipe #(.W(WO), .L(L)) pipe (
      .clk, .rst,
      .operands_valid(&in_valid), .result, .accept,
      .out0_ready, .out0_push, .out0_data);
  assign in_pop = {N{accept}};
endmodule
