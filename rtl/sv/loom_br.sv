// handshake.br (models/br.h): passes each token on unchanged.
module loom_br #(
    parameter int W = 32
) (
    input  logic         clk,
    input  logic         rst,
    input  logic         in0_valid,
    input  logic [W-1:0] in0_data,
    output logic         in0_pop,
    input  logic         out0_ready,
    output logic         out0_push,
    output logic [W-1:0] out0_data
);
  assign out0_push = in0_valid && out0_ready;
  assign in0_pop = out0_push;
  assign out0_data = in0_data;

  logic unused;
  assign unused = clk ^ rst;
endmodule
