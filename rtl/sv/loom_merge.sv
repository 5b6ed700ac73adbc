// handshake.merge (models/merge.h): forwards one token from any input; when several
// are valid the lowest-numbered input wins (the others wait).
module loom_merge #(
    parameter int W = 32,
    parameter int N = 2
) (
    input  logic                clk,
    input  logic                rst,
    input  logic [N-1:0]        in_valid,
    input  logic [N*W-1:0]   in_data,
    output logic [N-1:0]        in_pop,
    input  logic                out0_ready,
    output logic                out0_push,
    output logic [W-1:0]        out0_data
);
  // The lowest valid input: in_valid with every bit above its lowest set bit cleared.
  logic [N-1:0] first;
  assign first = in_valid & (~in_valid + 1'b1);
  assign out0_push = |in_valid && out0_ready;
  assign in_pop = out0_push ? first : '0;

  always_comb begin
    out0_data = '0;
    for (int i = 0; i < N; i = i + 1) if (first[i]) out0_data = in_data[i*W+:W];
  end

  logic unused;
  assign unused = clk ^ rst;
endmodule
