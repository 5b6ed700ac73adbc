// dataflow.gate (spec-dataflow "Operation: dataflow.gate", models/gate.h): shifts a
// one-step-ahead before-region stream (N+1 pairs) into a body-region stream (N values,
// N conds).
//
//   phase     | before_cond | pops        | pushes                      | next
//   ----------+-------------+-------------+-----------------------------+----------
//   NEED_HEAD | true        | value, cond | after_value = before_value  | NEED_NEXT
//   NEED_HEAD | false       | value, cond | nothing                     | NEED_HEAD
//   NEED_NEXT | true        | value, cond | after_value, after_cond = T | NEED_NEXT
//   NEED_NEXT | false       | value, cond | after_cond = F              | NEED_HEAD
//
// Each row needs both inputs valid and room on exactly the outputs it pushes.
module loom_gate #(
    parameter int W = 32
) (
    input  logic         clk,
    input  logic         rst,
    input  logic         before_value_valid,
    input  logic [W-1:0] before_value_data,
    output logic         before_value_pop,
    input  logic         before_cond_valid,
    input  logic         before_cond_data,
    output logic         before_cond_pop,
    input  logic         after_value_ready,
    output logic         after_value_push,
    output logic [W-1:0] after_value_data,
    input  logic         after_cond_ready,
    output logic         after_cond_push,
    output logic         after_cond_data,
    output logic         phase
);
  typedef enum logic {
    NEED_HEAD = 1'b0,
    NEED_NEXT = 1'b1
  } phase_t;
  phase_t state, state_next;
  logic both, cond, fire;
  assign phase = state;
  assign both = before_value_valid && before_cond_valid;
  assign cond = before_cond_data;
  assign after_value_data = before_value_data;
  assign after_cond_data = cond;
  assign before_value_pop = fire;
  assign before_cond_pop = fire;

  always_comb begin
    fire = 1'b0;
    after_value_push = 1'b0;
    after_cond_push = 1'b0;
    state_next = state;
    if (both) begin
      case (state)
        NEED_HEAD:
        if (!cond) fire = 1'b1;
        else if (after_value_ready) begin
          fire = 1'b1;
          after_value_push = 1'b1;
          state_next = NEED_NEXT;
        end
        NEED_NEXT:
        if (cond && after_value_ready && after_cond_ready) begin
          fire = 1'b1;
          after_value_push = 1'b1;
          after_cond_push = 1'b1;
        end else if (!cond && after_cond_ready) begin
          fire = 1'b1;
          after_cond_push = 1'b1;
          state_next = NEED_HEAD;
        end
        default: state_next = NEED_HEAD;
      endcase
    end
  end

  always_ff @(posedge clk) begin
    if (rst) state <= NEED_HEAD;
    else state <= state_next;
  end
endmodule
