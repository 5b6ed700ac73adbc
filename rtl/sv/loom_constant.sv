// handshake.constant (models/constant.h): one VALUE per control token.
//
//   needs: ctrl valid, value ready | does: pop ctrl, push VALUE
module loom_constant #(
    parameter int W = 32,
    parameter logic [W-1:0] VALUE = '0
) (
    input  logic         clk,
    input  logic         rst,
    input  logic         ctrl_valid,
    output logic         ctrl_pop,
    input  logic         value_ready,
    output logic         value_push,
    output logic [W-1:0] value_data
);
  assign value_push = ctrl_valid && value_ready;
  assign ctrl_pop = value_push;
  assign value_data = VALUE;

  logic unused;
  assign unused = clk ^ rst;
endmodule
