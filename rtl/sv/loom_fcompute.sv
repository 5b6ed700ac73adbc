// A compute unit the integer library does not build (models/compute.h): float arith and
// math (addf .. divf, cmpf, negf, sitofp, fptosi, math.exp ..), and any other op
// evalArith knows. SIMULATION ONLY: the arithmetic is a DPI-C call, loom_dpi_arith,
// whose C side (the twin's driver, rtl/driver/twin_driver.cpp) calls loom-sim's
// evalArith (eval/arith.h), the one definition of the arithmetic, so the twin cannot
// round differently from the models. For synthesis this module is a black box, as a
// vendor's float IP would be. The pipeline and handshake are loom_compute's (loom_pipe):
//
//   part    | needs                                     | does
//   --------+-------------------------------------------+-----------------------------
//   accept  | every operand valid, pipeline not stalled | pop all operands, evaluate,
//           | (L = 1: the output ready)                 | enter the pipeline
//   advance | pipeline not stalled                      | every stage moves one on
//   emit    | a result in the last stage, output ready  | push it
//
// OP is the op's OpKind number (ir/opkind.h), ATTR its cmpf predicate (CmpFPred), TI and
// TO the operand and result types coded (TypeKind << 8) | width. Operands are WI bits
// wide, element i of in_data at [i*WI +: WI]; the result WO bits. Where the model stops
// with an op error (fptosi of a value out of range) the circuit gives 0.
//
// yosys (which defines SYNTHESIS and reads no DPI) sees the ports only, as a black box.
`ifdef SYNTHESIS
(* blackbox *)
`endif
module loom_fcompute #(
    parameter int OP = 0,
    parameter int ATTR = 0,
    parameter int TI = 0,
    parameter int TO = 0,
    parameter int N = 2,
    parameter int WI = 32,
    parameter int WO = 32,
    parameter int L = 1
) (
    input  logic            clk,
    input  logic            rst,
    input  logic [N-1:0]    in_valid,
    input  logic [N*WI-1:0] in_data,
    output logic [N-1:0]    in_pop,
    input  logic            out0_ready,
    output logic            out0_push,
    output logic [WO-1:0]   out0_data
);
`ifndef SYNTHESIS
  import "DPI-C" pure function longint unsigned loom_dpi_arith(
    input int op, input int attr, input int operand_type, input int result_type,
    input longint unsigned a, input longint unsigned b, input longint unsigned c);

  // --- Datapath ---------------------------------------------------------------------
  logic [63:0] a, b, c, r;
  logic [WO-1:0] result;
  assign a = 64'(in_data[0+:WI]);
  assign b = N > 1 ? 64'(in_data[(N > 1 ? 1 : 0)*WI+:WI]) : '0;
  assign c = N > 2 ? 64'(in_data[(N > 2 ? 2 : 0)*WI+:WI]) : '0;
  always_comb r = loom_dpi_arith(OP, ATTR, TI, TO, a, b, c);
  assign result = r[WO-1:0];
  if (WO < 64) begin : g_dropped
    logic unused_r;
    assign unused_r = ^r[63:WO];
  end

  // --- Pipeline (loom_pipe) ----------------------------------------------------------
  logic accept;
  loom_pipe #(.W(WO), .L(L)) pipe (
      .clk, .rst,
      .operands_valid(&in_valid), .result, .accept,
      .out0_ready, .out0_push, .out0_data);
  assign in_pop = {N{accept}};
`endif
endmodule
