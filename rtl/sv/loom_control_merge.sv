// handshake.control_merge (models/control_merge.h): a merge that also says which
// input won (the lowest valid one).
//
//   needs: some input valid, out0 and out1 ready
//   does:  pop the winner, push its value on out0 and its number on out1
module loom_control_merge #(
    parameter int W = 32,
    parameter int N = 2,
    parameter int IW = 64
) (
    input  logic                clk,
    input  logic                rst,
    input  logic [N-1:0]        in_valid,
    input  logic [N*W-1:0]   in_data,
    output logic [N-1:0]        in_pop,
    input  logic                out0_ready,
    output logic                out0_push,
    output logic [W-1:0]        out0_data,
    input  logic                out1_ready,
    output logic                out1_push,
    output logic [IW-1:0]       out1_data
);
  logic [N-1:0] first;
  assign first = in_valid & (~in_valid + 1'b1);
  assign out0_push = |in_valid && out0_ready && out1_ready;
  assign out1_push = out0_push;
  assign in_pop = out0_push ? first : '0;

  always_comb begin
    out0_data = '0;
    out1_data = '0;
    for (int i = 0; i < N; i = i + 1)
    if (first[i]) begin
      out0_data = in_data[i*W+:W];
      out1_data = IW'(i);
    end
  end

  logic unused;
  assign unused = clk ^ rst;
endmodule
