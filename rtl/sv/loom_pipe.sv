// The pipeline and handshake of a compute unit (models/compute.h), shared by
// loom_compute (integer ops) and loom_fcompute (the DPI-C ones): a result computed
// combinationally from the operand heads is accepted when every operand is valid and
// carried by L - 1 stage registers, so operands popped in cycle t give a result pushed
// in t + L - 1.
//
//   part    | needs                                     | does
//   --------+-------------------------------------------+-----------------------------
//   accept  | every operand valid, pipeline not stalled | pop all operands, enter the
//           | (L = 1: the output ready)                 | pipeline
//   advance | pipeline not stalled                      | every stage moves one on
//   emit    | a result in the last stage, output ready  | push it
//
// The pipeline stalls as a whole when its last stage holds a result the full output
// cannot take.
module loom_pipe #(
    parameter int W = 32,
    parameter int L = 1
) (
    input  logic         clk,
    input  logic         rst,
    input  logic         operands_valid,  // every operand valid
    input  logic [W-1:0] result,          // computed from the operand heads
    output logic         accept,          // pop every operand
    input  logic         out0_ready,
    output logic         out0_push,
    output logic [W-1:0] out0_data
);
  if (L == 1) begin : g_comb
    assign accept = operands_valid && out0_ready;
    assign out0_push = accept;
    assign out0_data = result;
    logic unused;
    assign unused = clk ^ rst;
  end else begin : g_pipe
    // full[k] and stage k (k = 1 .. L-1, bits [(k-1)*W +: W]): what was accepted k
    // cycles ago, if anything.
    logic [L-1:1] full, full_next;
    logic [(L-1)*W-1:0] stage, stage_next;
    logic stall;
    assign stall = full[L-1] && !out0_ready;
    assign accept = operands_valid && !stall;
    assign out0_push = full[L-1] && out0_ready;
    assign out0_data = stage[(L-2)*W+:W];
    always_comb begin
      full_next = full;
      stage_next = stage;
      full_next[1] = accept;
      stage_next[0+:W] = result;
      for (int k = 2; k < L; k = k + 1) begin
        full_next[k] = full[k-1];
        stage_next[(k-1)*W+:W] = stage[(k-2)*W+:W];
      end
    end
    always_ff @(posedge clk) begin
      if (rst) full <= '0;
      else if (!stall) full <= full_next;
    end
    always_ff @(posedge clk) begin
      if (!stall) stage <= stage_next;
    end
  end
endmodule
