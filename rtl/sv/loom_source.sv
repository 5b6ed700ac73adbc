// handshake.source (models/source.h): pushes a control token in every cycle its output
// has room.
module loom_source (
    input  logic clk,
    input  logic rst,
    input  logic out0_ready,
    output logic out0_push
);
  assign out0_push = out0_ready;

  logic unused;
  assign unused = clk ^ rst;
endmodule
