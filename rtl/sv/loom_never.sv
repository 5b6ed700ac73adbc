// handshake.never (models/never.h): never pushes a token.
module loom_never #(
    parameter int W = 32
) (
    input  logic         clk,
    input  logic         rst,
    input  logic         out0_ready,
    output logic         out0_push,
    output logic [W-1:0] out0_data
);
  assign out0_push = 1'b0;
  assign out0_data = '0;

  logic unused;
  assign unused = clk ^ rst ^ out0_ready;
endmodule
