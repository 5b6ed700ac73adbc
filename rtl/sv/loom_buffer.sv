// handshake.buffer (models/buffer.h): N slots of storage in front of the output, FIFO
// order, one token accepted and one emitted per cycle. FIFO = 1 (kind fifo): a token
// may leave in the cycle it is popped (bypass when nothing older waits); FIFO = 0 (kind
// seq): it leaves N - 1 cycles after it was popped at the earliest (it passes N stages;
// elastic: tokens queue behind a full output, so up to N are held). A buffer with
// MINAGE = 0 (fifo, or seq with N = 1) passes a token straight through when nothing waits.
//
//   part   | needs                                           | does
//   -------+-------------------------------------------------+--------------------------
//   emit   | oldest held token old enough, output ready      | push it, drop it
//   accept | input valid, fewer than N held after the emit   | pop input, hold it (or
//          |                                                 | push it now: fifo bypass)
//
// The first NINIT elements of INIT (element i at [i*W +: W]) are held at reset, old
// enough at once, and leave first. A held token's age is a countdown `rem`: it may leave
// in a cycle that starts with rem = 0.
module loom_buffer #(
    parameter int W = 32,
    parameter int N = 2,
    parameter int FIFO = 1,
    parameter int NINIT = 0,
    parameter logic [N*W-1:0] INIT = '0
) (
    input  logic         clk,
    input  logic         rst,
    input  logic         in0_valid,
    input  logic [W-1:0] in0_data,
    output logic         in0_pop,
    input  logic         out0_ready,
    output logic         out0_push,
    output logic [W-1:0] out0_data
);
  localparam int MINAGE = FIFO != 0 ? 0 : N - 1;
  localparam int CW = $clog2(N + 1);
  localparam int RW = N > 1 ? $clog2(N) : 1;
  localparam logic [RW-1:0] FRESH = RW'(MINAGE > 0 ? MINAGE - 1 : 0);

  logic [N*W-1:0] q, q_next;      // element 0 is the oldest
  logic [N*RW-1:0] rem, rem_next;
  logic [CW-1:0] count, count_next, left;
  logic emit, accept, bypass;

  assign emit = count != '0 && rem[0+:RW] == '0 && out0_ready;
  assign left = count - CW'(emit);
  assign accept = in0_valid && left < CW'(N);
  assign bypass = MINAGE == 0 && accept && count == '0 && out0_ready;
  assign out0_push = emit || bypass;
  assign out0_data = emit ? q[0+:W] : in0_data;
  assign in0_pop = accept;

  always_comb begin
    q_next = q;
    rem_next = rem;
    if (emit) begin
      q_next = q >> W;
      rem_next = rem >> RW;
    end
    for (int i = 0; i < N; i = i + 1)
      if (rem_next[i*RW+:RW] != '0) rem_next[i*RW+:RW] = rem_next[i*RW+:RW] - 1'b1;
    for (int i = 0; i < N; i = i + 1)
      if (accept && !bypass && CW'(i) == left) begin
        q_next[i*W+:W] = in0_data;
        rem_next[i*RW+:RW] = FRESH;
      end
    count_next = left + CW'(accept && !bypass);
  end

  always_ff @(posedge clk) begin
    if (rst) begin
      q <= INIT;
      rem <= '0;
      count <= CW'(NINIT);
    end else begin
      q <= q_next;
      rem <= rem_next;
      count <= count_next;
    end
  end
endmodule
