// handshake.join (models/join.h): waits for a token on every input, then emits one
// control token.
//
//   needs: every input valid, output ready | does: pop every input, push out0
module loom_join #(
    parameter int N = 2
) (
    input  logic         clk,
    input  logic         rst,
    input  logic [N-1:0] in_valid,
    output logic [N-1:0] in_pop,
    input  logic         out0_ready,
    output logic         out0_push
);
  assign out0_push = &in_valid && out0_ready;
  assign in_pop = {N{out0_push}};

  // Stateless: clk and rst are there for a uniform instance shape.
  logic unused;
  assign unused = clk ^ rst;
endmodule
