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
    input  logic               clk,
    input  logic               rst,
    input  logic [SN-1:0]      st_data_valid,
    input  logic [SN*W-1:0]    st_data_data,
    output logic [SN-1:0]      st_data_pop,
    input  logic [SN-1:0]      st_addr_valid,
    input  logic [SN*AW-1:0]   st_addr_data,
    output logic [SN-1:0]      st_addr_pop,
    input  logic [LN-1:0]      ld_addr_valid,
    input  logic [LN*AW-1:0]   ld_addr_data,
    output logic [LN-1:0]      ld_addr_pop,
    input  logic [LN-1:0]      ld_data_ready,
    output logic [LN-1:0]      ld_data_push,
    output logic [LN*W-1:0]    ld_data_data,
    input  logic [SN-1:0]      st_done_ready,
    output logic [SN-1:0]      st_done_push,
    input  logic [LN-1:0]      ld_done_ready,
    output logic [LN-1:0]      ld_done_push,
    input  logic               host_we,
    input  logic [AW-1:0]      host_addr,
    input  logic [W-1:0]       host_wdata,
    output logic [W-1:0]       host_rdata
);
  // A group of zero ports still has one (never valid) in the port lists.
  localparam int SN = S > 0 ? S : 1;
  localparam int LN = L > 0 ? L : 1;
  localparam int P = SN + LN;  // queues: stores 0 .. SN-1, then loads
  localparam int QW = LAT > 1 ? $clog2(LAT) : 1;
  localparam int CW = $clog2(LAT + 1);
  localparam int IW = SIZE > 1 ? $clog2(SIZE) : 1;

  // A request is one vector {addr, data, due, seq}: data for stores only, due the first
  // cycle it may complete in, seq its arrival number. (Flat vectors and arrays of
  // vectors, not structs: yosys 0.23 reads no arrays of structs.)
  localparam int RW = AW + W + 64;
  function automatic logic [RW-1:0] request(logic [AW-1:0] addr, logic [W-1:0] data,
                                            logic [31:0] due, logic [31:0] seq);
    request = {addr, data, due, seq};
  endfunction
  // Each field function reads one field of the request.
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [AW-1:0] addr_of(logic [RW-1:0] r);
    addr_of = r[RW-1-:AW];
  endfunction
  function automatic logic [W-1:0] data_of(logic [RW-1:0] r);
    data_of = r[64+:W];
  endfunction
  function automatic logic [31:0] due_of(logic [RW-1:0] r);
    due_of = r[32+:32];
  endfunction
  function automatic logic [31:0] seq_of(logic [RW-1:0] r);
    seq_of = r[0+:32];
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  logic [W-1:0] mem[SIZE];
  logic [31:0] now, seq;  // the cycle; the next arrival number
  logic [RW-1:0] queue[P*LAT];  // port p's queue: entries p*LAT .. p*LAT + LAT-1
  logic [P*QW-1:0] head_at;
  logic [P*CW-1:0] count;
  logic [31:0] st_scan, ld_scan;  // the first port scanned, per group

  function automatic logic in_range(logic [AW-1:0] addr);
    in_range = addr < AW'(SIZE);  // unsigned: a negative index is out of range too
  endfunction

  function automatic logic [W-1:0] read(logic [AW-1:0] addr);
    read = in_range(addr) ? mem[IW'(addr)] : '0;
  endfunction

  // --- Issue: the first offering port from the scan start, stores before loads -------
  logic [P-1:0] offer, issue;
  logic [P*RW-1:0] incoming;
  logic [31:0] st_last, ld_last;

  always_comb begin
    for (int s = 0; s < SN; s = s + 1) begin
      offer[s] = S > 0 && st_data_valid[s] && st_addr_valid[s] &&
                 count[s*CW+:CW] < CW'(LAT);
      incoming[s*RW+:RW] = request(st_addr_data[s*AW+:AW], st_data_data[s*W+:W],
                                   now + 32'(LAT - 1), seq);
    end
    for (int l = 0; l < LN; l = l + 1) begin
      offer[SN+l] = L > 0 && ld_addr_valid[l] && count[(SN+l)*CW+:CW] < CW'(LAT);
      incoming[(SN+l)*RW+:RW] = request(ld_addr_data[l*AW+:AW], '0, now + 32'(LAT - 1), seq);
    end
    issue = '0;
    st_last = st_scan;
    ld_last = ld_scan;
    for (int k = SN - 1; k >= 0; k = k - 1)  // the last assignment is the first in scan order
    if (offer[st_scan+32'(k) >= 32'(SN) ? st_scan + 32'(k) - 32'(SN) : st_scan + 32'(k)])
      st_last = st_scan + 32'(k) >= 32'(SN) ? st_scan + 32'(k) - 32'(SN) : st_scan + 32'(k);
    for (int k = LN - 1; k >= 0; k = k - 1)
    if (offer[32'(SN)+(ld_scan+32'(k) >= 32'(LN) ? ld_scan + 32'(k) - 32'(LN) : ld_scan + 32'(k))])
      ld_last = ld_scan + 32'(k) >= 32'(LN) ? ld_scan + 32'(k) - 32'(LN) : ld_scan + 32'(k);
    if (offer[st_last]) issue[st_last] = 1'b1;
    if (offer[32'(SN)+ld_last]) begin
      issue[32'(SN)+ld_last] = 1'b1;
      if (|issue[SN-1:0]) incoming[(32'(SN)+ld_last)*RW+:32] = seq + 1;
    end
  end

  // --- Complete: every port's due head whose outputs have room ------------------------
  // A head is the oldest queued request or, on an empty queue with LAT = 1, the one
  // issued now.
  logic [P*RW-1:0] head;
  logic [P-1:0] has_head, complete, room;
  always_comb begin
    for (int s = 0; s < SN; s = s + 1) room[s] = st_done_ready[s];
    for (int l = 0; l < LN; l = l + 1) room[SN+l] = ld_data_ready[l] && ld_done_ready[l];
    for (int p = 0; p < P; p = p + 1) begin
      has_head[p] = count[p*CW+:CW] != '0 || (LAT == 1 && issue[p]);
      head[p*RW+:RW] = count[p*CW+:CW] != '0 ? queue[p*LAT+32'(head_at[p*QW+:QW])]
                                             : incoming[p*RW+:RW];
      complete[p] = has_head[p] && $signed(now - due_of(head[p*RW+:RW])) >= 0 && room[p];
    end
  end

  // What a completing load reads: the array, or the latest earlier store completing
  // in the same cycle to the same address.
  logic [LN*W-1:0] loaded;
  logic [SN-1:0] writes;  // completing stores not overwritten by a later one this cycle
  logic [LN*32-1:0] best;  // per load: the seq of the store it reads, if forwarded
  logic [LN-1:0] forwarded;
  always_comb begin
    for (int l = 0; l < LN; l = l + 1) begin
      forwarded[l] = 1'b0;
      best[l*32+:32] = '0;
      loaded[l*W+:W] = read(addr_of(head[(SN+l)*RW+:RW]));
      for (int s = 0; s < SN; s = s + 1)
      if (complete[s] && addr_of(head[s*RW+:RW]) == addr_of(head[(SN+l)*RW+:RW]) &&
          $signed(seq_of(head[s*RW+:RW]) - seq_of(head[(SN+l)*RW+:RW])) < 0 &&
          (!forwarded[l] || $signed(seq_of(head[s*RW+:RW]) - best[l*32+:32]) > 0)) begin
        loaded[l*W+:W] = data_of(head[s*RW+:RW]);
        best[l*32+:32] = seq_of(head[s*RW+:RW]);
        forwarded[l] = 1'b1;
      end
    end
    for (int s = 0; s < SN; s = s + 1) begin
      writes[s] = complete[s];
      for (int t = 0; t < SN; t = t + 1)
      if (t != s && complete[t] && addr_of(head[t*RW+:RW]) == addr_of(head[s*RW+:RW]) &&
          $signed(seq_of(head[t*RW+:RW]) - seq_of(head[s*RW+:RW])) > 0)
        writes[s] = 1'b0;
    end
  end

  // --- Ports --------------------------------------------------------------------------
  assign st_data_pop = issue[SN-1:0];
  assign st_addr_pop = issue[SN-1:0];
  assign st_done_push = complete[SN-1:0];
  assign ld_addr_pop = issue[P-1:SN];
  assign ld_data_push = complete[P-1:SN];
  assign ld_done_push = complete[P-1:SN];
  assign ld_data_data = loaded;
  assign host_rdata = read(host_addr);

  // --- State --------------------------------------------------------------------------
  // Where port p's next request goes: its head slot plus its count, modulo LAT.
  logic [P*QW-1:0] tail_at;
  always_comb begin
    for (int p = 0; p < P; p = p + 1)
    if ({1'b0, CW'(head_at[p*QW+:QW])} + {1'b0, count[p*CW+:CW]} >= (CW + 1)'(LAT))
      tail_at[p*QW+:QW] = QW'({1'b0, CW'(head_at[p*QW+:QW])} + {1'b0, count[p*CW+:CW]} - (CW + 1)'(LAT));
    else tail_at[p*QW+:QW] = QW'({1'b0, CW'(head_at[p*QW+:QW])} + {1'b0, count[p*CW+:CW]});
  end

  always_ff @(posedge clk) begin
    if (rst) begin
      now <= '0;
      seq <= '0;
      st_scan <= '0;
      ld_scan <= '0;
      head_at <= '0;
      count <= '0;
    end else begin
      now <= now + 1;
      seq <= seq + 32'(issue[SN-1:0] != '0) + 32'(issue[P-1:SN] != '0);
      if (issue[SN-1:0] != '0) st_scan <= st_last + 1 >= 32'(SN) ? '0 : st_last + 1;
      if (issue[P-1:SN] != '0) ld_scan <= ld_last + 1 >= 32'(LN) ? '0 : ld_last + 1;
      for (int p = 0; p < P; p = p + 1) begin
        if (complete[p])
          head_at[p*QW+:QW] <= head_at[p*QW+:QW] == QW'(LAT - 1) ? '0 : head_at[p*QW+:QW] + 1'b1;
        count[p*CW+:CW] <= count[p*CW+:CW] + CW'(issue[p]) - CW'(complete[p]);
      end
    end
  end

  // The queues' storage needs no reset: count guards every read.
  always_ff @(posedge clk) begin
    for (int p = 0; p < P; p = p + 1)
    if (!rst && issue[p]) queue[p*LAT+32'(tail_at[p*QW+:QW])] <= incoming[p*RW+:RW];
  end

  // The array: performed stores and the host's writes; no reset (a memory).
  always_ff @(posedge clk) begin
    for (int s = 0; s < SN; s = s + 1)
    if (writes[s] && in_range(addr_of(head[s*RW+:RW])))
      mem[IW'(addr_of(head[s*RW+:RW]))] <= data_of(head[s*RW+:RW]);
    if (host_we && in_range(host_addr)) mem[IW'(host_addr)] <= host_wdata;
  end
endmodule
