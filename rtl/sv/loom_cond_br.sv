// handshake.cond_br (models/cond_br.h): routes a data token to the true or the false
// output.
//
//   needs: cond and data valid, the chosen output ready (the other need not be)
//   does:  pop cond and data, push data on true (cond) or false
module loom_cond_br #(
    parameter int W = 32
) (
    input  logic         clk,
    input  logic         rst,
    input  logic         cond_valid,
    input  logic         cond_data,
    output logic         cond_pop,
    input  logic         data_valid,
    input  logic [W-1:0] data_data,
    output logic         data_pop,
    input  logic         true_ready,
    output logic         true_push,
    output logic [W-1:0] true_data,
    input  logic         false_ready,
    output logic         false_push,
    output logic [W-1:0] false_data
);
  logic both;
  assign both = cond_valid && data_valid;
  assign true_push = both && cond_data && true_ready;
  assign false_push = both && !cond_data && false_ready;
  assign cond_pop = true_push || false_push;
  assign data_pop = cond_pop;
  assign true_data = data_data;
  assign false_data = data_data;

  logic unused;
  assign unused = clk ^ rst;
endmodule
