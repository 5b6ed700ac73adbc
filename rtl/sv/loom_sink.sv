// handshake.sink (models/sink.h): pops its input whenever it is valid.
module loom_sink #(
    parameter int W = 32
) (
    input  logic         clk,
    input  logic         rst,
    input  logic         in0_valid,
    input  logic [W-1:0] in0_data,
    output logic         in0_pop
);
  assign in0_pop = in0_valid;

  logic unused;
  assign unused = clk ^ rst ^ (^in0_data);
endmodule
