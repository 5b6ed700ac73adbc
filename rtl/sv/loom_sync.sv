// handshake.sync (models/sync.h): N inputs pass to N outputs together (input i to
// output i). Lanes of narrower types use the low bits of W.
//
//   needs: every input valid, every output ready | does: pop all, push each
module loom_sync #(
    parameter int W = 32,
    parameter int N = 2
) (
    input  logic                clk,
    input  logic                rst,
    input  logic [N-1:0]        in_valid,
    input  logic [N*W-1:0]   in_data,
    output logic [N-1:0]        in_pop,
    input  logic [N-1:0]        out_ready,
    output logic [N-1:0]        out_push,
    output logic [N*W-1:0]   out_data
);
  logic fire;
  assign fire = &in_valid && &out_ready;
  assign in_pop = {N{fire}};
  assign out_push = {N{fire}};
  assign out_data = in_data;

  logic unused;
  assign unused = clk ^ rst;
endmodule
