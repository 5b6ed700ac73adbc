// handshake.fork, eager (models/fork.h): one input token copied to N outputs. Each
// output is sent as soon as it has room; a sent bit per output remembers the copies
// that left. The input is popped in the cycle its last copy is sent, and the sent bits
// clear.
module loom_fork #(
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
  logic [N-1:0] sent, sent_next;

  assign out_push = {N{in0_valid}} & ~sent & out_ready;
  assign out_data = {N{in0_data}};
  assign in0_pop = in0_valid && &(sent | out_push);
  assign sent_next = in0_pop ? '0 : sent | out_push;

  always_ff @(posedge clk) begin
    if (rst) sent <= '0;
    else sent <= sent_next;
  end
endmodule
