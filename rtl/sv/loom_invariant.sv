// dataflow.invariant (spec-dataflow "Operation: dataflow.invariant",
// models/invariant.h): stores one value and replays it while the condition stays true.
//
//   phase     | needs                   | does                          | next
//   ----------+-------------------------+-------------------------------+----------
//   NEED_INIT | a valid, o ready        | pop a, store it, push o = a   | NEED_COND
//   NEED_COND | d valid (true), o ready | pop d, push o = stored        | NEED_COND
//   NEED_COND | d valid (false)         | pop d, forget stored, no push | NEED_INIT
module loom_invariant #(
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
    input  logic         o_ready,
    output logic         o_push,
    output logic [W-1:0] o_data,
    output logic         phase
);
  typedef enum logic {
    NEED_INIT = 1'b0,
    NEED_COND = 1'b1
  } phase_t;
  phase_t state, state_next;
  logic [W-1:0] stored, stored_next;
  assign phase = state;

  always_comb begin
    d_pop = 1'b0;
    a_pop = 1'b0;
    o_push = 1'b0;
    o_data = stored;
    state_next = state;
    stored_next = stored;
    case (state)
      NEED_INIT:
      if (a_valid && o_ready) begin
        a_pop = 1'b1;
        o_push = 1'b1;
        o_data = a_data;
        stored_next = a_data;
        state_next = NEED_COND;
      end
      NEED_COND:
      if (d_valid && !d_data) begin
        d_pop = 1'b1;
        stored_next = '0;
        state_next = NEED_INIT;
      end else if (d_valid && o_ready) begin
        d_pop  = 1'b1;
        o_push = 1'b1;
      end
      default: state_next = NEED_INIT;
    endcase
  end

  always_ff @(posedge clk) begin
    if (rst) begin
      state  <= NEED_INIT;
      stored <= '0;
    end else begin
      state  <= state_next;
      stored <= stored_next;
    end
  end
endmodule
