// handshake.lazy_fork (models/lazy_fork.h): one input token copied to N outputs in a
// single firing, only when every output has room.
module loom_lazy_fork #(
    parameter int W = 32,
    parameter int N = 2
) (
    input  logic                clk,
    input  logic                rst,
    input  logic                in0_valid,
    input  logic [W-1:0]        in0_data,
    output logic                in0_pop,
    input  logic [N-1:0]        out_ready,
    output logic [N-1:0]        out_push,
    output logic [N*W-1:0]   out_data
);
  assign in0_pop = in0_valid && &out_ready;
  assign out_push = {N{in0_pop}};
  assign out_data = {N{in0_data}};

  logic unused;
  assign unused = clk ^ rst;
endmodule
