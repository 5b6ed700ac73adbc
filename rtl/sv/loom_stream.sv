// dataflow.stream (spec-dataflow "Operation: dataflow.stream", models/stream.h): a
// two-phase index generator.
//
//   phase | needs                    | does                                   | next
//   ------+--------------------------+----------------------------------------+-----
//   A     | start, step, bound valid | pop all three, latch next_idx = start  | B
//   B     | idx and cont ready       | cont = next_idx CONT_COND bound;       |
//         |                          | push idx = next_idx, push cont;        |
//         |                          | cont: next_idx = next_idx STEP_OP step | B
//         |                          | !cont:                                 | A
//
// STEP_OP and CONT_COND are ops::StepOp and ops::ContCond in the op table's order:
// STEP_OP 0 +=, 1 -=, 2 *=, 3 /= (unsigned), 4 <<=, 5 >>= (logical); CONT_COND 0 <, 1 <=,
// 2 >, 3 >=, 4 != (signed). The model stops with an op error on an undefined update (/= 0, a
// shift amount outside [0, W-1]); the circuit cannot report one and computes on.
module loom_stream #(
    parameter int W = 64,
    parameter int STEP_OP = 0,
    parameter int CONT_COND = 0
) (
    input  logic         clk,
    input  logic         rst,
    input  logic         start_valid,
    input  logic [W-1:0] start_data,
    output logic         start_pop,
    input  logic         step_valid,
    input  logic [W-1:0] step_data,
    output logic         step_pop,
    input  logic         bound_valid,
    input  logic [W-1:0] bound_data,
    output logic         bound_pop,
    input  logic         idx_ready,
    output logic         idx_push,
    output logic [W-1:0] idx_data,
    input  logic         cont_ready,
    output logic         cont_push,
    output logic         cont_data,
    output logic         phase
);
  typedef enum logic {
    A = 1'b0,
    B = 1'b1
  } phase_t;
  phase_t state, state_next;
  logic [W-1:0] next_idx, step, bound;
  logic [W-1:0] next_idx_next, step_next, bound_next;
  logic activate, emit;
  assign phase = state;

  function automatic logic continues(logic [W-1:0] i, logic [W-1:0] b);
    case (CONT_COND)
      0: continues = $signed(i) < $signed(b);
      1: continues = $signed(i) <= $signed(b);
      2: continues = $signed(i) > $signed(b);
      3: continues = $signed(i) >= $signed(b);
      default: continues = i != b;
    endcase
  endfunction

  function automatic logic [W-1:0] advance(logic [W-1:0] i, logic [W-1:0] s);
    case (STEP_OP)
      0: advance = i + s;
      1: advance = i - s;
      2: advance = i * s;
      3: advance = s == '0 ? i : i / s;
      4: advance = i << s;
      default: advance = i >> s;
    endcase
  endfunction

  assign activate = state == A && start_valid && step_valid && bound_valid;
  assign emit = state == B && idx_ready && cont_ready;
  assign start_pop = activate;
  assign step_pop = activate;
  assign bound_pop = activate;
  assign idx_push = emit;
  assign cont_push = emit;
  assign idx_data = next_idx;
  assign cont_data = continues(next_idx, bound);

  always_comb begin
    state_next = state;
    next_idx_next = next_idx;
    step_next = step;
    bound_next = bound;
    if (activate) begin
      next_idx_next = start_data;
      step_next = step_data;
      bound_next = bound_data;
      state_next = B;
    end else if (emit) begin
      if (cont_data) next_idx_next = advance(next_idx, step);
      else state_next = A;
    end
  end

  always_ff @(posedge clk) begin
    if (rst) begin
      state <= A;
      next_idx <= '0;
      step <= '0;
      bound <= '0;
    end else begin
      state <= state_next;
      next_idx <= next_idx_next;
      step <= step_next;
      bound <= bound_next;
    end
  end
endmodule
