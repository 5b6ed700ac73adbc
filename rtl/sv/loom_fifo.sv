// loom_fifo: one DFG channel, an elastic FIFO of capacity C >= 1 and latency 1
// (docs/design.md "The timing model", models/channel.h, docs/rtl.md).
//
// valid = count > 0 and ready = count < C both come from registers, so nothing runs
// combinationally from the push side to the pop side: a token pushed in cycle t is
// visible to the consumer in t + 1, a slot freed in t is visible to the producer in
// t + 1. Its producer pushes only when ready and its consumer pops only when valid;
// one push and one pop per cycle.
module loom_fifo #(
    parameter int W = 32,
    parameter int C = 2
) (
    input  logic         clk,
    input  logic         rst,
    // producer side
    input  logic         push,
    input  logic [W-1:0] push_data,
    output logic         ready,
    // consumer side
    output logic         valid,
    output logic [W-1:0] head,
    input  logic         pop
);
  localparam int CW = $clog2(C + 1);
  localparam int PW = C > 1 ? $clog2(C) : 1;
  localparam logic [CW-1:0] Capacity = CW'(C);
  localparam logic [PW:0] Slots = (PW + 1)'(C);

  logic [W-1:0] slots[C];
  logic [CW-1:0] count;
  logic [PW-1:0] head_at;
  logic [PW-1:0] tail_at;
  logic [PW:0] tail_sum;

  assign valid = count != '0;
  assign ready = count < Capacity;
  assign head  = slots[head_at];

  // The slot behind the start-of-cycle tail: free (ready), and not the head a pop reads.
  assign tail_sum = {1'b0, head_at} + (PW + 1)'(count);
  assign tail_at = tail_sum >= Slots ? PW'(tail_sum - Slots) : PW'(tail_sum);

  function automatic logic [PW-1:0] next_slot(logic [PW-1:0] at);
    next_slot = {1'b0, at} == Slots - 1'b1 ? '0 : at + 1'b1;
  endfunction

  always_ff @(posedge clk) begin
    if (rst) begin
      count   <= '0;
      head_at <= '0;
    end else begin
      if (pop) head_at <= next_slot(head_at);
      count <= count + CW'(push) - CW'(pop);
    end
  end

  // Storage needs no reset: valid guards every read.
  always_ff @(posedge clk) begin
    if (push) slots[tail_at] <= push_data;
  end
endmodule
