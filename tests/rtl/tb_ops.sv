// tb_ops: the per-op test bench of the RTL library (tests/rtl/test_rtl_ops.cpp). One
// Verilated model holds every op variant under test, each between loom_fifo channels
// like the model tests' benches (tests/models/testbench.h): the C++ test is the
// scripted source on each input channel and the recording sink on each output channel.
// `sel` picks the variant whose channels the ports reach; the others see no tokens.
// Data ports are 64 bits wide; i1 and none ports use the low bit or none of them.

// N channels of 64 bits; bit i of CAP1 gives channel i capacity 1 (else 2).
module tb_fifos #(
    parameter int N = 1,
    parameter logic [3:0] CAP1 = '0
) (
    input  logic                 clk,
    input  logic                 rst,
    input  logic [N-1:0]         push,
    input  logic [N-1:0][63:0]   push_data,
    output logic [N-1:0]         ready,
    output logic [N-1:0]         valid,
    output logic [N-1:0][63:0]   head,
    input  logic [N-1:0]         pop
);
  for (genvar i = 0; i < N; ++i) begin : ch
    loom_fifo #(
        .W(64),
        .C(CAP1[i] ? 1 : 2)
    ) fifo (
        .clk,
        .rst,
        .push(push[i]),
        .push_data(push_data[i]),
        .ready(ready[i]),
        .valid(valid[i]),
        .head(head[i]),
        .pop(pop[i])
    );
  end
endmodule

// The channels around one op: `in_*` reach the producer side of the input channels,
// `out_*` the consumer side of the output channels; `iv/ih/ip` and `or_/op/od` are
// what the op sees.
`define TB_CHANNELS(NI, NO)                                                          \
  logic [NI-1:0] iv, ip;                                                             \
  logic [NI-1:0][63:0] ih;                                                           \
  logic [NO-1:0] or_, op;                                                            \
  logic [NO-1:0][63:0] od;                                                           \
  tb_fifos #(.N(NI), .CAP1(IN_CAP1)) ins (.clk, .rst, .push(in_push[NI-1:0]),        \
      .push_data(in_data[NI-1:0]), .ready(in_ready[NI-1:0]), .valid(iv), .head(ih),  \
      .pop(ip));                                                                     \
  tb_fifos #(.N(NO), .CAP1(OUT_CAP1)) outs (.clk, .rst, .push(op), .push_data(od),   \
      .ready(or_), .valid(out_valid[NO-1:0]), .head(out_data[NO-1:0]),               \
      .pop(out_pop[NO-1:0]));

`define TB_PORTS                                                                     \
    input  logic clk, input logic rst,                                               \
    input  logic [3:0] in_push, input logic [3:0][63:0] in_data,                     \
    output logic [3:0] in_ready,                                                     \
    input  logic [3:0] out_pop, output logic [3:0] out_valid,                        \
    output logic [3:0][63:0] out_data,                                               \
    input  logic host_we, input logic [63:0] host_addr, input logic [63:0] host_wdata,\
    output logic [63:0] host_rdata

`define TB_PARAMS parameter logic [3:0] IN_CAP1 = '0, parameter logic [3:0] OUT_CAP1 = '0

module tb_carry #(`TB_PARAMS) (`TB_PORTS);
  `TB_CHANNELS(3, 1)
  loom_carry #(.W(64)) dut (
      .clk, .rst,
      .d_valid(iv[0]), .d_data(ih[0][0]), .d_pop(ip[0]),
      .a_valid(iv[1]), .a_data(ih[1]), .a_pop(ip[1]),
      .b_valid(iv[2]), .b_data(ih[2]), .b_pop(ip[2]),
      .o_ready(or_[0]), .o_push(op[0]), .o_data(od[0]),
      .phase());
endmodule

module tb_invariant #(`TB_PARAMS) (`TB_PORTS);
  `TB_CHANNELS(2, 1)
  loom_invariant #(.W(64)) dut (
      .clk, .rst,
      .d_valid(iv[0]), .d_data(ih[0][0]), .d_pop(ip[0]),
      .a_valid(iv[1]), .a_data(ih[1]), .a_pop(ip[1]),
      .o_ready(or_[0]), .o_push(op[0]), .o_data(od[0]),
      .phase());
endmodule

module tb_gate #(`TB_PARAMS) (`TB_PORTS);
  `TB_CHANNELS(2, 2)
  logic cond;
  loom_gate #(.W(64)) dut (
      .clk, .rst,
      .before_value_valid(iv[0]), .before_value_data(ih[0]), .before_value_pop(ip[0]),
      .before_cond_valid(iv[1]), .before_cond_data(ih[1][0]), .before_cond_pop(ip[1]),
      .after_value_ready(or_[0]), .after_value_push(op[0]), .after_value_data(od[0]),
      .after_cond_ready(or_[1]), .after_cond_push(op[1]), .after_cond_data(cond),
      .phase());
  assign od[1] = 64'(cond);
endmodule

module tb_stream #(`TB_PARAMS, parameter int STEP_OP = 0, parameter int CONT_COND = 0)
    (`TB_PORTS);
  `TB_CHANNELS(3, 2)
  logic cont;
  loom_stream #(.W(64), .STEP_OP(STEP_OP), .CONT_COND(CONT_COND)) dut (
      .clk, .rst,
      .start_valid(iv[0]), .start_data(ih[0]), .start_pop(ip[0]),
      .step_valid(iv[1]), .step_data(ih[1]), .step_pop(ip[1]),
      .bound_valid(iv[2]), .bound_data(ih[2]), .bound_pop(ip[2]),
      .idx_ready(or_[0]), .idx_push(op[0]), .idx_data(od[0]),
      .cont_ready(or_[1]), .cont_push(op[1]), .cont_data(cont),
      .phase());
  assign od[1] = 64'(cont);
endmodule

module tb_fork #(`TB_PARAMS, parameter int N = 2) (`TB_PORTS);
  `TB_CHANNELS(1, N)
  loom_fork #(.W(64), .N(N)) dut (
      .clk, .rst,
      .in0_valid(iv[0]), .in0_data(ih[0]), .in0_pop(ip[0]),
      .out_ready(or_), .out_push(op), .out_data(od));
endmodule

module tb_join #(`TB_PARAMS, parameter int N = 2) (`TB_PORTS);
  `TB_CHANNELS(N, 1)
  loom_join #(.N(N)) dut (
      .clk, .rst,
      .in_valid(iv), .in_pop(ip),
      .out0_ready(or_[0]), .out0_push(op[0]));
  assign od[0] = '0;
endmodule

module tb_sink #(`TB_PARAMS) (`TB_PORTS);
  `TB_CHANNELS(1, 1)
  loom_sink #(.W(64)) dut (.clk, .rst, .in0_valid(iv[0]), .in0_data(ih[0]), .in0_pop(ip[0]));
  assign op = '0;
  assign od = '0;
endmodule

module tb_source #(`TB_PARAMS) (`TB_PORTS);
  `TB_CHANNELS(1, 1)
  loom_source dut (.clk, .rst, .out0_ready(or_[0]), .out0_push(op[0]));
  assign od[0] = '0;
  assign ip = '0;
endmodule

module tb_constant #(`TB_PARAMS) (`TB_PORTS);
  `TB_CHANNELS(1, 1)
  loom_constant #(.W(64), .VALUE(64'd42)) dut (
      .clk, .rst,
      .ctrl_valid(iv[0]), .ctrl_pop(ip[0]),
      .value_ready(or_[0]), .value_push(op[0]), .value_data(od[0]));
endmodule

module tb_br #(`TB_PARAMS) (`TB_PORTS);
  `TB_CHANNELS(1, 1)
  loom_br #(.W(64)) dut (
      .clk, .rst,
      .in0_valid(iv[0]), .in0_data(ih[0]), .in0_pop(ip[0]),
      .out0_ready(or_[0]), .out0_push(op[0]), .out0_data(od[0]));
endmodule

module tb_never #(`TB_PARAMS) (`TB_PORTS);
  `TB_CHANNELS(1, 1)
  loom_never #(.W(64)) dut (.clk, .rst, .out0_ready(or_[0]), .out0_push(op[0]), .out0_data(od[0]));
  assign ip = '0;
endmodule

module tb_cond_br #(`TB_PARAMS) (`TB_PORTS);
  `TB_CHANNELS(2, 2)
  loom_cond_br #(.W(64)) dut (
      .clk, .rst,
      .cond_valid(iv[0]), .cond_data(ih[0][0]), .cond_pop(ip[0]),
      .data_valid(iv[1]), .data_data(ih[1]), .data_pop(ip[1]),
      .true_ready(or_[0]), .true_push(op[0]), .true_data(od[0]),
      .false_ready(or_[1]), .false_push(op[1]), .false_data(od[1]));
endmodule

module tb_merge #(`TB_PARAMS, parameter int N = 2) (`TB_PORTS);
  `TB_CHANNELS(N, 1)
  loom_merge #(.W(64), .N(N)) dut (
      .clk, .rst,
      .in_valid(iv), .in_data(ih), .in_pop(ip),
      .out0_ready(or_[0]), .out0_push(op[0]), .out0_data(od[0]));
endmodule

module tb_control_merge #(`TB_PARAMS, parameter int N = 2) (`TB_PORTS);
  `TB_CHANNELS(N, 2)
  loom_control_merge #(.W(64), .N(N), .IW(64)) dut (
      .clk, .rst,
      .in_valid(iv), .in_data(ih), .in_pop(ip),
      .out0_ready(or_[0]), .out0_push(op[0]), .out0_data(od[0]),
      .out1_ready(or_[1]), .out1_push(op[1]), .out1_data(od[1]));
endmodule

module tb_mux #(`TB_PARAMS, parameter int N = 2) (`TB_PORTS);
  `TB_CHANNELS(N + 1, 1)
  loom_mux #(.W(64), .N(N), .SW(64)) dut (
      .clk, .rst,
      .select_valid(iv[0]), .select_data(ih[0]), .select_pop(ip[0]),
      .data_valid(iv[N:1]), .data_data(ih[N:1]), .data_pop(ip[N:1]),
      .out_ready(or_[0]), .out_push(op[0]), .out_data(od[0]));
endmodule

module tb_sync #(`TB_PARAMS, parameter int N = 2) (`TB_PORTS);
  `TB_CHANNELS(N, N)
  loom_sync #(.W(64), .N(N)) dut (
      .clk, .rst,
      .in_valid(iv), .in_data(ih), .in_pop(ip),
      .out_ready(or_), .out_push(op), .out_data(od));
endmodule

module tb_compute #(`TB_PARAMS, parameter bit [127:0] OP = "addi", parameter int N = 2,
    parameter int WI = 64, parameter int WO = 64, parameter int L = 1, parameter int PRED = 0)
    (`TB_PORTS);
  `TB_CHANNELS(N, 1)
  logic [N-1:0][WI-1:0] operands;
  logic [WO-1:0] result;
  for (genvar i = 0; i < N; ++i) assign operands[i] = ih[i][WI-1:0];
  loom_compute #(.OP(OP), .N(N), .WI(WI), .WO(WO), .L(L), .PRED(PRED)) dut (
      .clk, .rst,
      .in_valid(iv), .in_data(operands), .in_pop(ip),
      .out0_ready(or_[0]), .out0_push(op[0]), .out0_data(result));
  assign od[0] = 64'(result);
endmodule

module tb_load #(`TB_PARAMS) (`TB_PORTS);
  `TB_CHANNELS(3, 2)
  logic [31:0] data;
  loom_load #(.W(32), .AW(64)) dut (
      .clk, .rst,
      .addr_valid(iv[0]), .addr_data(ih[0]), .addr_pop(ip[0]),
      .mem_data_valid(iv[1]), .mem_data_data(ih[1][31:0]), .mem_data_pop(ip[1]),
      .ctrl_valid(iv[2]), .ctrl_pop(ip[2]),
      .data_ready(or_[0]), .data_push(op[0]), .data_data(data),
      .mem_addr_ready(or_[1]), .mem_addr_push(op[1]), .mem_addr_data(od[1]));
  assign od[0] = 64'(data);
endmodule

module tb_store #(`TB_PARAMS) (`TB_PORTS);
  `TB_CHANNELS(3, 2)
  logic [31:0] data;
  loom_store #(.W(32), .AW(64)) dut (
      .clk, .rst,
      .addr_valid(iv[0]), .addr_data(ih[0]), .addr_pop(ip[0]),
      .data_valid(iv[1]), .data_data(ih[1][31:0]), .data_pop(ip[1]),
      .ctrl_valid(iv[2]), .ctrl_pop(ip[2]),
      .mem_data_ready(or_[0]), .mem_data_push(op[0]), .mem_data_data(data),
      .mem_addr_ready(or_[1]), .mem_addr_push(op[1]), .mem_addr_data(od[1]));
  assign od[0] = 64'(data);
endmodule

module tb_lazy_fork #(`TB_PARAMS, parameter int N = 2) (`TB_PORTS);
  `TB_CHANNELS(1, N)
  loom_lazy_fork #(.W(64), .N(N)) dut (
      .clk, .rst,
      .in0_valid(iv[0]), .in0_data(ih[0]), .in0_pop(ip[0]),
      .out_ready(or_), .out_push(op), .out_data(od));
endmodule

// handshake.buffer: N slots, FIFO = 1 (kind fifo) or 0 (seq), the first NINIT elements
// of INIT (element i at [i*64 +: 64]) held at reset.
module tb_buffer #(`TB_PARAMS, parameter int N = 2, parameter int FIFO = 1,
    parameter int NINIT = 0, parameter logic [N*64-1:0] INIT = '0) (`TB_PORTS);
  `TB_CHANNELS(1, 1)
  loom_buffer #(.W(64), .N(N), .FIFO(FIFO), .NINIT(NINIT), .INIT(INIT)) dut (
      .clk, .rst,
      .in0_valid(iv[0]), .in0_data(ih[0]), .in0_pop(ip[0]),
      .out0_ready(or_[0]), .out0_push(op[0]), .out0_data(od[0]));
endmodule

// A float compute unit (evalArith through DPI-C): OP the OpKind number, ATTR the cmpf
// predicate, TI and TO the types coded (TypeKind << 8) | width; operand i is the low WI
// bits of input i, the result the low WO bits of the output.
module tb_fcompute #(`TB_PARAMS, parameter int OP = 0, parameter int ATTR = 0,
    parameter int TI = 0, parameter int TO = 0, parameter int N = 2, parameter int WI = 32,
    parameter int WO = 32, parameter int L = 1) (`TB_PORTS);
  `TB_CHANNELS(N, 1)
  logic [N-1:0][WI-1:0] operands;
  logic [WO-1:0] result;
  for (genvar i = 0; i < N; ++i) assign operands[i] = ih[i][WI-1:0];
  loom_fcompute #(.OP(OP), .ATTR(ATTR), .TI(TI), .TO(TO), .N(N), .WI(WI), .WO(WO), .L(L)) dut (
      .clk, .rst,
      .in_valid(iv), .in_data(operands), .in_pop(ip),
      .out0_ready(or_[0]), .out0_push(op[0]), .out0_data(result));
  assign od[0] = 64'(result);
endmodule

// Inputs st0.data, st0.addr, ..., ld0.addr, ...; outputs ld0.data, ..., st0.done, ...,
// ld0.done, ... (the model's numbering); W = 32, 16 words.
module tb_memory #(`TB_PARAMS, parameter int S = 1, parameter int L = 1, parameter int LAT = 1)
    (`TB_PORTS);
  localparam int SN = S > 0 ? S : 1;
  localparam int LN = L > 0 ? L : 1;
  `TB_CHANNELS(2 * S + L, L + S + L)
  logic [SN-1:0] sdv, sdp, sav, sap, sdr, sdn;
  logic [SN-1:0][31:0] sdd;
  logic [SN-1:0][63:0] sad;
  logic [LN-1:0] lav, lap, ldr, ldp, lnr, lnp;
  logic [LN-1:0][63:0] lad;
  logic [LN-1:0][31:0] ldd;
  logic [31:0] rdata;
  for (genvar s = 0; s < S; ++s) begin : g_s
    assign sdv[s] = iv[2*s];
    assign sdd[s] = ih[2*s][31:0];
    assign ip[2*s] = sdp[s];
    assign sav[s] = iv[2*s+1];
    assign sad[s] = ih[2*s+1];
    assign ip[2*s+1] = sap[s];
    assign sdr[s] = or_[L+s];
    assign op[L+s] = sdn[s];
    assign od[L+s] = '0;
  end
  if (S == 0) begin : g_no_s
    assign sdv = '0; assign sav = '0; assign sdr = '0; assign sdd = '0; assign sad = '0;
  end
  for (genvar l = 0; l < L; ++l) begin : g_l
    assign lav[l] = iv[2*S+l];
    assign lad[l] = ih[2*S+l];
    assign ip[2*S+l] = lap[l];
    assign ldr[l] = or_[l];
    assign op[l] = ldp[l];
    assign od[l] = 64'(ldd[l]);
    assign lnr[l] = or_[L+S+l];
    assign op[L+S+l] = lnp[l];
    assign od[L+S+l] = '0;
  end
  if (L == 0) begin : g_no_l
    assign lav = '0; assign lad = '0; assign ldr = '0; assign lnr = '0;
  end
  loom_memory #(.W(32), .AW(64), .S(S), .L(L), .LAT(LAT), .SIZE(16)) dut (
      .clk, .rst,
      .st_data_valid(sdv), .st_data_data(sdd), .st_data_pop(sdp),
      .st_addr_valid(sav), .st_addr_data(sad), .st_addr_pop(sap),
      .ld_addr_valid(lav), .ld_addr_data(lad), .ld_addr_pop(lap),
      .ld_data_ready(ldr), .ld_data_push(ldp), .ld_data_data(ldd),
      .st_done_ready(sdr), .st_done_push(sdn),
      .ld_done_ready(lnr), .ld_done_push(lnp),
      .host_we, .host_addr, .host_wdata(host_wdata[31:0]), .host_rdata(rdata));
  assign host_rdata = 64'(rdata);
endmodule

// The top: every variant, numbered as test_rtl_ops.cpp's Variant enum.
module tb_ops (
    input  logic        clk,
    input  logic        rst,
    input  logic [7:0]  sel,
    input  logic [3:0]  in_push,
    input  logic [63:0] in_data  [4],
    output logic [3:0]  in_ready,
    input  logic [3:0]  out_pop,
    output logic [3:0]  out_valid,
    output logic [63:0] out_data [4],
    input  logic        host_we,
    input  logic [63:0] host_addr,
    input  logic [63:0] host_wdata,
    output logic [63:0] host_rdata
);
  localparam int NV = 93;
  logic [3:0][63:0] data;
  logic [3:0] ready[NV];
  logic [3:0] valid[NV];
  logic [3:0][63:0] head[NV];
  logic [63:0] rdata[NV];
  for (genvar i = 0; i < 4; ++i) assign data[i] = in_data[i];
  assign in_ready = sel < NV ? ready[sel] : '0;
  assign out_valid = sel < NV ? valid[sel] : '0;
  for (genvar i = 0; i < 4; ++i) assign out_data[i] = sel < NV ? head[sel][i] : '0;
  assign host_rdata = sel < NV ? rdata[sel] : '0;

`define TB_VARIANT(K, INST)                                                           \
  INST v``K (.clk, .rst, .in_push(sel == K ? in_push : '0), .in_data(data),           \
      .in_ready(ready[K]), .out_pop(sel == K ? out_pop : '0), .out_valid(valid[K]),   \
      .out_data(head[K]), .host_we(sel == K && host_we), .host_addr, .host_wdata,          \
      .host_rdata(rdata[K]));

  `TB_VARIANT(0, tb_carry)
  `TB_VARIANT(1, tb_invariant)
  `TB_VARIANT(2, tb_invariant #(.OUT_CAP1(4'b0001)))
  `TB_VARIANT(3, tb_gate)
  `TB_VARIANT(4, tb_stream #(.OUT_CAP1(4'b0011)))
  `TB_VARIANT(5, tb_fork)
  `TB_VARIANT(6, tb_fork #(.OUT_CAP1(4'b0010)))
  `TB_VARIANT(7, tb_fork #(.N(3)))
  `TB_VARIANT(8, tb_join #(.N(3)))
  `TB_VARIANT(9, tb_sync #(.OUT_CAP1(4'b0010)))
  `TB_VARIANT(10, tb_sink)
  `TB_VARIANT(11, tb_source)
  `TB_VARIANT(12, tb_constant)
  `TB_VARIANT(13, tb_br)
  `TB_VARIANT(14, tb_cond_br)
  `TB_VARIANT(15, tb_cond_br #(.OUT_CAP1(4'b0001)))
  `TB_VARIANT(16, tb_merge)
  `TB_VARIANT(17, tb_control_merge)
  `TB_VARIANT(18, tb_mux)
  `TB_VARIANT(19, tb_sync)
  // 20..49: dataflow.stream with STEP_OP = (K - 20) / 5, CONT_COND = (K - 20) % 5.
  for (genvar k = 20; k < 50; ++k) begin : streams
    tb_stream #(.STEP_OP((k - 20) / 5), .CONT_COND((k - 20) % 5)) v (
        .clk, .rst, .in_push(sel == k ? in_push : '0), .in_data(data), .in_ready(ready[k]),
        .out_pop(sel == k ? out_pop : '0), .out_valid(valid[k]), .out_data(head[k]),
        .host_we(1'b0), .host_addr, .host_wdata, .host_rdata(rdata[k]));
  end
  // 50..: compute units (docs/timing.md's default latencies).
  `TB_VARIANT(50, tb_compute #(.OP("addi")))
  `TB_VARIANT(51, tb_compute #(.OP("muli"), .L(3)))
  `TB_VARIANT(52, tb_compute #(.OP("divsi"), .L(8)))
  `TB_VARIANT(53, tb_compute #(.OP("cmpi"), .WO(1), .PRED(2)))
  `TB_VARIANT(54, tb_compute #(.OP("select"), .N(3)))
  `TB_VARIANT(55, tb_compute #(.OP("subi"), .L(2)))
  `TB_VARIANT(56, tb_compute #(.OP("remsi"), .L(8)))
  `TB_VARIANT(57, tb_compute #(.OP("shrsi")))
  `TB_VARIANT(58, tb_compute #(.OP("maxui")))
  `TB_VARIANT(59, tb_compute #(.OP("floordivsi"), .L(8)))
  `TB_VARIANT(60, tb_compute #(.OP("ceildivsi"), .L(8)))
  `TB_VARIANT(61, tb_compute #(.OP("extsi"), .N(1), .WI(32), .WO(64)))
  `TB_VARIANT(62, tb_compute #(.OP("trunci"), .N(1), .WI(64), .WO(8)))
  `TB_VARIANT(63, tb_compute #(.OP("ctpop"), .N(1)))
  `TB_VARIANT(64, tb_compute #(.OP("index_cast"), .N(1), .WI(64), .WO(32)))
  `TB_VARIANT(65, tb_compute #(.OP("subi"), .L(3), .OUT_CAP1(4'b0001)))
  `TB_VARIANT(66, tb_load)
  `TB_VARIANT(67, tb_store)
  `TB_VARIANT(68, tb_lazy_fork #(.OUT_CAP1(4'b0010)))
  // 69..: memories of 16 i32 words (S stores, L loads, latency LAT).
  `TB_VARIANT(69, tb_memory #(.S(1), .L(1), .LAT(1)))
  `TB_VARIANT(70, tb_memory #(.S(1), .L(1), .LAT(10)))
  `TB_VARIANT(71, tb_memory #(.S(0), .L(1), .LAT(3)))
  `TB_VARIANT(72, tb_memory #(.S(0), .L(1), .LAT(1), .OUT_CAP1(4'b0001)))
  `TB_VARIANT(73, tb_memory #(.S(0), .L(2), .LAT(1)))
  `TB_VARIANT(74, tb_memory #(.S(1), .L(1), .LAT(3)))
  // 75..: buffers (models/buffer.h): kind fifo (FIFO = 1) or seq, N slots, initial values.
  `TB_VARIANT(75, tb_buffer #(.N(2), .FIFO(1)))
  `TB_VARIANT(76, tb_buffer #(.N(3), .FIFO(0)))
  `TB_VARIANT(77, tb_buffer #(.N(2), .FIFO(1), .OUT_CAP1(4'b0001)))
  `TB_VARIANT(78, tb_buffer #(.N(1), .FIFO(0)))
  `TB_VARIANT(79, tb_buffer #(.N(2), .FIFO(1), .NINIT(1), .INIT({64'd0, 64'd7})))
  `TB_VARIANT(80, tb_buffer #(.N(2), .FIFO(0), .NINIT(2), .INIT({64'd8, 64'd7})))
  `TB_VARIANT(81, tb_buffer #(.N(3), .FIFO(0), .OUT_CAP1(4'b0001)))
  `TB_VARIANT(82, tb_buffer #(.N(1), .FIFO(1)))
  // 83..: float compute units at docs/timing.md's default latencies (FloatAdd 4, FloatMul
  // 4, FloatDiv 12). OP: addf 24, subf 25, mulf 26, divf 27, cmpf 33, sitofp 42 (OpKind,
  // static_asserted by test_rtl_ops.cpp); types: i1 257, i32 288, f32 1056, f64 1344.
  `TB_VARIANT(83, tb_fcompute #(.OP(24), .TI(1056), .TO(1056), .L(4)))
  `TB_VARIANT(84, tb_fcompute #(.OP(26), .TI(1056), .TO(1056), .L(4)))
  `TB_VARIANT(85, tb_fcompute #(.OP(27), .TI(1056), .TO(1056), .L(12)))
  `TB_VARIANT(86, tb_fcompute #(.OP(33), .ATTR(4), .TI(1056), .TO(257), .WO(1), .L(4)))
  `TB_VARIANT(87, tb_fcompute #(.OP(24), .TI(1344), .TO(1344), .WI(64), .WO(64), .L(4)))
  `TB_VARIANT(88, tb_fcompute #(.OP(27), .TI(1344), .TO(1344), .WI(64), .WO(64), .L(12)))
  `TB_VARIANT(89, tb_fcompute #(.OP(33), .ATTR(13), .TI(1344), .TO(257), .WI(64), .WO(1), .L(4)))
  `TB_VARIANT(90, tb_fcompute #(.OP(25), .TI(1056), .TO(1056), .L(4), .OUT_CAP1(4'b0001)))
  `TB_VARIANT(91, tb_fcompute #(.OP(42), .TI(288), .TO(1344), .N(1), .WI(32), .WO(64), .L(4)))
  `TB_VARIANT(92, tb_never)
endmodule
