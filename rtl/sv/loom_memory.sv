// handshake.memory and handshake.extmemory (models/memory.h): one memory interface
// serving S store ports and L load ports of one root memref, latency LAT >= 1
// (docs/timing.md: memory 1, extmemory 10), one store and one load issued per cycle.
//
//   part     | needs                                   | does
//   ---------+-----------------------------------------+-------------------------------
//   issue    | a store port's data and addr valid (a   | pop them; the request is due
//            | load port's addr valid), fewer than LAT | LAT - 1 cycles later
//            | requests queued on that port; the first |
//            | such port in round-robin order          |
//   complete | a port's oldest request due, its        | perform it: write, or read and
//            | outputs ready (load: data and done;     | push data; push the done token
//            | store: done)                            |
//
// Each port keeps its requests in order in a queue of at most LAT entries. Arbitration:
// the scan starts at the port after the last one issued (stores and loads apart);
// stores are issued before loads, which is the arrival order. Accesses completing in
// the same cycle are performed in arrival order: a load reads the value of an earlier
// store completing in the same cycle (forwarded), and of two such stores to one address
// the later one is written. With LAT = 1 a request is issued and performed in the same
// cycle.
//
// The host port (`host_*`) reads and writes the array between calls (an extmemory's
// argument buffer, a test's initial contents). The model stops with an op error on an
// address outside [0, SIZE); the circuit ignores such a write and reads 0.
module loom_memory #(
    parameter int W = 32,
    parameter int AW = 64,
    parameter int S = 1,
    parameter int L = 1,
    parameter int LAT = 1,
    parameter int SIZE = 16
) (
    input  logic                  clk,
    input  logic                  rst,
    input  logic [SN-1:0]         st_data_valid,
    input  logic [SN-1:0][W-1:0]  st_data_data,
    output logic [SN-1:0]         st_data_pop,
    input  logic [SN-1:0]         st_addr_valid,
    input  logic [SN-1:0][AW-1:0] st_addr_data,
    output logic [SN-1:0]         st_addr_pop,
    input  logic [LN-1:0]         ld_addr_valid,
    input  logic [LN-1:0][AW-1:0] ld_addr_data,
    output logic [LN-1:0]         ld_addr_pop,
    input  logic [LN-1:0]         ld_data_ready,
    output logic [LN-1:0]         ld_data_push,
    output logic [LN-1:0][W-1:0]  ld_data_data,
    input  logic [SN-1:0]         st_done_ready,
    output logic [SN-1:0]         st_done_push,
    input  logic [LN-1:0]         ld_done_ready,
    output logic [LN-1:0]         ld_done_push,
    input  logic                  host_we,
    input  logic [AW-1:0]         host_addr,
    input  logic [W-1:0]          host_wdata,
    output logic [W-1:0]          host_rdata
);
  // A group of zero ports still has one (never valid) in the port lists.
  localparam int SN = S > 0 ? S : 1;
  localparam int LN = L > 0 ? L : 1;
  localparam int P = SN + LN;  // queues: stores 0 .. SN-1, then loads
  localparam int QW = LAT > 1 ? $clog2(LAT) : 1;
  localparam int CW = $clog2(LAT + 1);
  localparam int IW = SIZE > 1 ? $clog2(SIZE) : 1;

  typedef struct packed {
    logic [AW-1:0] addr;
    logic [W-1:0]  data;  // stores only
    logic [31:0]   due;   // the first cycle it may complete in
    logic [31:0]   seq;   // arrival order
  } request_t;

  logic [W-1:0] mem[SIZE];
  logic [31:0] now, seq;  // the cycle; the next arrival number
  request_t queue[P][LAT];
  logic [QW-1:0] head_at[P];
  logic [CW-1:0] count[P];
  int unsigned st_scan, ld_scan;  // the first port scanned, per group

  function automatic logic in_range(logic [AW-1:0] addr);
    return addr < AW'(SIZE);  // unsigned: a negative index is out of range too
  endfunction

  function automatic logic [W-1:0] read(logic [AW-1:0] addr);
    return in_range(addr) ? mem[IW'(addr)] : '0;
  endfunction

  // --- Issue: the first offering port from the scan start, stores before loads -------
  logic [P-1:0] offer, issue;
  request_t incoming[P];
  int unsigned st_last, ld_last;

  always_comb begin
    for (int p = 0; p < P; ++p) begin
      logic store = p < SN;
      logic room = count[p] < CW'(LAT);
      offer[p] = store ? S > 0 && st_data_valid[p] && st_addr_valid[p] && room
                       : L > 0 && ld_addr_valid[p-SN] && room;
      incoming[p].addr = store ? st_addr_data[p] : ld_addr_data[p-SN];
      incoming[p].data = store ? st_data_data[p] : '0;
      incoming[p].due = now + 32'(LAT - 1);
      incoming[p].seq = seq;
    end
    issue = '0;
    st_last = st_scan;
    ld_last = ld_scan;
    for (int k = SN - 1; k >= 0; --k) begin  // the last assignment is the first in scan order
      int unsigned s = st_scan + k >= SN ? st_scan + k - SN : st_scan + k;
      if (offer[s]) st_last = s;
    end
    for (int k = LN - 1; k >= 0; --k) begin
      int unsigned l = ld_scan + k >= LN ? ld_scan + k - LN : ld_scan + k;
      if (offer[SN+l]) ld_last = l;
    end
    if (offer[st_last]) issue[st_last] = 1'b1;
    if (offer[SN+ld_last]) begin
      issue[SN+ld_last] = 1'b1;
      if (|issue[SN-1:0]) incoming[SN+ld_last].seq = seq + 1;
    end
  end

  // --- Complete: every port's due head whose outputs have room ------------------------
  // A head is the oldest queued request or, on an empty queue with LAT = 1, the one
  // issued now.
  request_t head[P];
  logic [P-1:0] has_head, complete;
  always_comb begin
    for (int p = 0; p < P; ++p) begin
      logic ready = p < SN ? st_done_ready[p] : ld_data_ready[p-SN] && ld_done_ready[p-SN];
      has_head[p] = count[p] != '0 || (LAT == 1 && issue[p]);
      head[p] = count[p] != '0 ? queue[p][head_at[p]] : incoming[p];
      complete[p] = has_head[p] && $signed(now - head[p].due) >= 0 && ready;
    end
  end

  // What a completing load reads: the array, or the latest earlier store completing
  // in the same cycle to the same address.
  logic [LN-1:0][W-1:0] loaded;
  logic [SN-1:0] writes;  // completing stores not overwritten by a later one this cycle
  always_comb begin
    for (int l = 0; l < LN; ++l) begin
      logic [31:0] best;
      logic forwarded = 1'b0;
      best = '0;
      loaded[l] = read(head[SN+l].addr);
      for (int s = 0; s < SN; ++s)
      if (complete[s] && head[s].addr == head[SN+l].addr &&
          $signed(head[s].seq - head[SN+l].seq) < 0 &&
          (!forwarded || $signed(head[s].seq - best) > 0)) begin
        loaded[l] = head[s].data;
        best = head[s].seq;
        forwarded = 1'b1;
      end
    end
    for (int s = 0; s < SN; ++s) begin
      writes[s] = complete[s];
      for (int t = 0; t < SN; ++t)
      if (t != s && complete[t] && head[t].addr == head[s].addr &&
          $signed(head[t].seq - head[s].seq) > 0)
        writes[s] = 1'b0;
    end
  end

  // --- Ports --------------------------------------------------------------------------
  for (genvar s = 0; s < SN; ++s) begin : g_store
    assign st_data_pop[s] = issue[s];
    assign st_addr_pop[s] = issue[s];
    assign st_done_push[s] = complete[s];
  end
  for (genvar l = 0; l < LN; ++l) begin : g_load
    assign ld_addr_pop[l] = issue[SN+l];
    assign ld_data_push[l] = complete[SN+l];
    assign ld_done_push[l] = complete[SN+l];
    assign ld_data_data[l] = loaded[l];
  end
  assign host_rdata = read(host_addr);

  // --- State --------------------------------------------------------------------------
  always_ff @(posedge clk) begin
    if (rst) begin
      now <= '0;
      seq <= '0;
      st_scan <= 0;
      ld_scan <= 0;
      for (int p = 0; p < P; ++p) begin
        head_at[p] <= '0;
        count[p] <= '0;
      end
    end else begin
      now <= now + 1;
      seq <= seq + 32'(issue[SN-1:0] != '0) + 32'(issue[P-1:SN] != '0);
      if (issue[SN-1:0] != '0) st_scan <= st_last + 1 >= SN ? 0 : st_last + 1;
      if (issue[P-1:SN] != '0) ld_scan <= ld_last + 1 >= LN ? 0 : ld_last + 1;
      for (int p = 0; p < P; ++p) begin
        logic [CW:0] tail = {1'b0, CW'(head_at[p])} + {1'b0, count[p]};
        if (issue[p]) queue[p][tail >= (CW+1)'(LAT) ? QW'(tail - (CW+1)'(LAT)) : QW'(tail)] <= incoming[p];
        if (complete[p]) head_at[p] <= head_at[p] == QW'(LAT - 1) ? '0 : head_at[p] + 1'b1;
        count[p] <= count[p] + CW'(issue[p]) - CW'(complete[p]);
      end
    end
  end

  // The array: performed stores and the host's writes; no reset (a memory).
  always_ff @(posedge clk) begin
    for (int s = 0; s < SN; ++s) if (writes[s] && in_range(head[s].addr)) mem[IW'(head[s].addr)] <= head[s].data;
    if (host_we && in_range(host_addr)) mem[IW'(host_addr)] <= host_wdata;
  end
endmodule
