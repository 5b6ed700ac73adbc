// handshake.load (models/load.h): two independent halves, each firing on its own (both
// may fire in the same cycle). The load holds no state: the memory returns the data of
// its addresses in order.
//
//   half    | needs                              | does
//   --------+------------------------------------+----------------------------------
//   address | addr and ctrl valid, mem_addr ready | pop addr and ctrl, push mem_addr
//   data    | mem_data valid, data ready          | pop mem_data, push data
module loom_load #(
    parameter int W = 32,
    parameter int AW = 64
) (
    input  logic          clk,
    input  logic          rst,
    input  logic          addr_valid,
    input  logic [AW-1:0] addr_data,
    output logic          addr_pop,
    input  logic          mem_data_valid,
    input  logic [W-1:0]  mem_data_data,
    output logic          mem_data_pop,
    input  logic          ctrl_valid,
    output logic          ctrl_pop,
    input  logic          data_ready,
    output logic          data_push,
    output logic [W-1:0]  data_data,
    input  logic          mem_addr_ready,
    output logic          mem_addr_push,
    output logic [AW-1:0] mem_addr_data
);
  assign mem_addr_push = addr_valid && ctrl_valid && mem_addr_ready;
  assign addr_pop = mem_addr_push;
  assign ctrl_pop = mem_addr_push;
  assign mem_addr_data = addr_data;

  assign data_push = mem_data_valid && data_ready;
  assign mem_data_pop = data_push;
  assign data_data = mem_data_data;

  logic unused;
  assign unused = clk ^ rst;
endmodule
