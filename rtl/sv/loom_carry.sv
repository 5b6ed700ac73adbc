// dataflow.carry (spec-dataflow "Operation: dataflow.carry", models/carry.h): one
// loop-carried value.
//
//   phase     | needs              | does                      | next
//   ----------+--------------------+---------------------------+----------
//   NEED_INIT | a valid, o ready   | pop a, push o = a         | NEED_COND
//   NEED_COND | d valid            | pop d (no output)         | d ? NEED_LOOP : NEED_INIT
//   NEED_LOOP | b valid, o ready   | pop b, push o = b         | NEED_COND
//
// A firing is a combinational function of the channel heads and the phase register;
// the phase moves at the clock edge.
module loom_carry #(
    parameter int W = 32
) (
    input  logic         clk,
    input  logic         rst,
    input  logic         d_valid,
    input  logic         d_data,
    output logic         d_pop,
    input  logic         a_valid,
    input  logic [W-1:0] a_data,
    output logic         a_pop,
    input  logic         b_valid,
    input  logic [W-1:0] b_data,
    output logic         b_pop,
    input  logic         o_ready,
    output logic         o_push,
    output logic [W-1:0] o_data,
    output logic [1:0]   phase
);
  typedef enum logic [1:0] {
    NEED_INIT = 2'd0,
    NEED_COND = 2'd1,
    NEED_LOOP = 2'd2
  } phase_t;
  phase_t state, state_next;
  assign phase = state;

  always_comb begin
    d_pop = 1'b0;
    a_pop = 1'b0;
    b_pop = 1'b0;
    o_push = 1'b0;
    o_data = a_data;
    state_next = state;
    case (state)
      NEED_INIT:
      if (a_valid && o_ready) begin
        a_pop = 1'b1;
        o_push = 1'b1;
        state_next = NEED_COND;
      end
      NEED_COND:
      if (d_valid) begin
        d_pop = 1'b1;
        state_next = d_data ? NEED_LOOP : NEED_INIT;
      end
      NEED_LOOP:
      if (b_valid && o_ready) begin
        b_pop = 1'b1;
        o_push = 1'b1;
        o_data = b_data;
        state_next = NEED_COND;
      end
      default: state_next = NEED_INIT;
    endcase
  end

  always_ff @(posedge clk) begin
    if (rst) state <= NEED_INIT;
    else state <= state_next;
  end
endmodule
