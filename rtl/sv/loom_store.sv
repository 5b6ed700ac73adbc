// handshake.store (models/store.h): one (data, address) pair to memory per control
// token; its completion is the memory's done token.
//
//   needs: addr, data and ctrl valid; mem_data and mem_addr ready
//   does:  pop all three, push mem_data and mem_addr
module loom_store #(
    parameter int W = 32,
    parameter int AW = 64
) (
    input  logic          clk,
    input  logic          rst,
    input  logic          addr_valid,
    input  logic [AW-1:0] addr_data,
    output logic          addr_pop,
    input  logic          data_valid,
    input  logic [W-1:0]  data_data,
    output logic          data_pop,
    input  logic          ctrl_valid,
    output logic          ctrl_pop,
    input  logic          mem_data_ready,
    output logic          mem_data_push,
    output logic [W-1:0]  mem_data_data,
    input  logic          mem_addr_ready,
    output logic          mem_addr_push,
    output logic [AW-1:0] mem_addr_data
);
  logic fire;
  assign fire = addr_valid && data_valid && ctrl_valid && mem_data_ready && mem_addr_ready;
  assign addr_pop = fire;
  assign data_pop = fire;
  assign ctrl_pop = fire;
  assign mem_data_push = fire;
  assign mem_addr_push = fire;
  assign mem_data_data = data_data;
  assign mem_addr_data = addr_data;

  logic unused;
  assign unused = clk ^ rst;
endmodule
