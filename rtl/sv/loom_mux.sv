// handshake.mux (models/mux.h): the select token picks one data input.
//
//   needs: select valid, data input `select` valid, out ready
//   does:  pop select and that data input, push its value
// Only the selected input is consumed. The model stops with an op error on a select
// >= N; the circuit never fires on one.
module loom_mux #(
    parameter int W = 32,
    parameter int N = 2,
    parameter int SW = 1
) (
    input  logic                clk,
    input  logic                rst,
    input  logic                select_valid,
    input  logic [SW-1:0]       select_data,
    output logic                select_pop,
    input  logic [N-1:0]        data_valid,
    input  logic [N*W-1:0]   data_data,
    output logic [N-1:0]        data_pop,
    input  logic                out_ready,
    output logic                out_push,
    output logic [W-1:0]        out_data
);
  logic [N-1:0] chosen;  // one-hot: the data input the select names

  always_comb begin
    chosen   = '0;
    out_data = '0;
    for (int i = 0; i < N; i = i + 1)
    if (select_valid && 64'(select_data) == 64'(i)) begin
      chosen[i] = 1'b1;
      out_data  = data_data[i*W+:W];
    end
  end

  assign out_push = |(chosen & data_valid) && out_ready;
  assign select_pop = out_push;
  assign data_pop = out_push ? chosen : '0;

  logic unused;
  assign unused = clk ^ rst;
endmodule
