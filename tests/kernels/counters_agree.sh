#!/usr/bin/env bash
# counters_agree.sh LOOM_SIM KERNEL: every figure of a run agrees with every other, as
# docs/counters.md defines them. The kernel runs on the event and the clocked engine
# with --stats (text, then JSON), --report, --vcd and --tokens, and:
#   - the stats files are byte-identical between the engines (text and JSON): same
#     per-op counters (stall classes included), loops and cycles;
#   - per engine, the run's cycles are one number: the summary line's, the sum of the
#     report's calls, the stats header's (text and JSON), the VCD's final time stamp;
#   - the report's calls tile the run's axis: each call starts where the one before it
#     ended (start_cycle = the cycles of the calls before it);
#   - per network, the stats' cycles and invocations are the sum and number of the
#     report's calls of that function; per op, active + input stall + output stall +
#     idle = the network's cycles;
#   - the token log: every token lies in a call's span, before its last cycle (the
#     drain's quiet cycle moves nothing); a call's tokens number its transfers, and all
#     of them the summary's; a completed call's done token is pushed in cycle
#     start + latency - 2 (the host takes it in the next, its last cycle of latency).
set -uo pipefail
sim=$1 kernel=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for e in event clocked; do
  if ! "$sim" run "$kernel" --engine "$e" --stats "$tmp/$e.txt" --report "$tmp/$e.report.json" \
      --vcd "$tmp/$e.vcd" --tokens "$tmp/$e.tokens" >"$tmp/$e.out" 2>"$tmp/$e.err"; then
    echo "loom-sim run --engine $e failed:" >&2
    cat "$tmp/$e.err" >&2
    exit 1
  fi
  if ! "$sim" run "$kernel" --engine "$e" --stats "$tmp/$e.json" >/dev/null 2>&1; then
    echo "loom-sim run --engine $e --stats FILE.json failed" >&2
    exit 1
  fi
done
status=0
for f in txt json; do
  if ! cmp -s "$tmp/event.$f" "$tmp/clocked.$f"; then
    echo "--stats (.$f) differs between the engines (event < > clocked):" >&2
    diff "$tmp/event.$f" "$tmp/clocked.$f" | head -20 >&2
    status=1
  fi
done
for e in event clocked; do
  python3 - "$tmp" "$e" <<'EOF' || status=1
import json, re, sys

tmp, engine = sys.argv[1:]
errors = []


def check(ok, what):
    if not ok:
        errors.append(what)


def number(text):
    return int(text.replace(",", ""))


err = open(f"{tmp}/{engine}.err").read()
m = re.search(r"loom-sim: (\d+) accelerated call\(s\), ([\d,]+) cycles, ([\d,]+) transfers", err)
if not m:
    print(f"{engine}: no summary line on stderr", file=sys.stderr)
    sys.exit(1)
summary_calls, summary_cycles, summary_transfers = (number(g) for g in m.groups())
report = json.load(open(f"{tmp}/{engine}.report.json"))
calls = report["calls"]
stats_text = open(f"{tmp}/{engine}.txt").read()
m = re.match(r"loom-sim stats: (\d+) network\(s\), (\d+) cycles\n", stats_text)
check(m is not None, "the stats text has no header line")
stats_header = int(m.group(2)) if m else None
stats = json.load(open(f"{tmp}/{engine}.json"))

# The run's cycles, one number everywhere.
stamps = [int(line[1:]) for line in open(f"{tmp}/{engine}.vcd") if line.startswith("#")]
vcd_end = stamps[-1] if stamps else 0
report_cycles = sum(c["cycles"] for c in calls)
figures = {"summary line": summary_cycles, "report (sum of calls)": report_cycles,
           "stats header": stats_header, "stats JSON": stats["cycles"], "VCD end": vcd_end}
check(len(set(figures.values())) == 1, f"the run's cycles disagree: {figures}")
check(max(stamps, default=0) == vcd_end, "a VCD time stamp lies after the VCD's end")
check(summary_calls == len(calls), f"summary: {summary_calls} call(s), report: {len(calls)}")

# The calls tile the axis.
at = 0
for c in calls:
    check(c["start_cycle"] == at, f"@{c['function']} call {c['invocation']} starts in {c['start_cycle']}, "
          f"the calls before it end in {at}")
    at = c["start_cycle"] + c["cycles"]

# Per network: the report's calls; per op: the four classes fill the network's cycles.
for n in stats["networks"]:
    mine = [c for c in calls if c["function"] == n["function"]]
    check(n["cycles"] == sum(c["cycles"] for c in mine),
          f"@{n['function']}: stats {n['cycles']} cycles, its calls {sum(c['cycles'] for c in mine)}")
    check(n["invocations"] == len(mine), f"@{n['function']}: stats {n['invocations']} invocations, "
          f"report {len(mine)} calls")
    for o in n["ops"]:
        total = o["active_cycles"] + o["input_stall_cycles"] + o["output_stall_cycles"] + o["idle_cycles"]
        check(total == n["cycles"], f"op {o['name']}: classes add up to {total}, not {n['cycles']}")

# The token log, on the same axis.
channels, tokens = {}, []
for line in open(f"{tmp}/{engine}.tokens"):
    if line.startswith("# channel "):
        index, _, name = line[len("# channel "):].rstrip("\n").split(" ", 2)
        channels[int(index)] = name
    elif not line.startswith("#"):
        cycle, channel, _ = line.split(" ", 2)
        tokens.append((int(cycle), int(channel)))
check(len(tokens) == summary_transfers, f"{len(tokens)} tokens logged, the summary says {summary_transfers} transfers")
check(sum(c["transfers"] for c in calls) == summary_transfers, "the report's transfers do not add up to the summary's")
k = 0
counts = [0] * len(calls)
for cycle, channel in tokens:
    while k < len(calls) and cycle >= calls[k]["start_cycle"] + calls[k]["cycles"]:
        k += 1
    if k == len(calls) or cycle < calls[k]["start_cycle"]:
        check(False, f"token in cycle {cycle} (channel {channel}) lies in no call")
        break
    check(cycle < calls[k]["start_cycle"] + calls[k]["cycles"] - 1,
          f"token in cycle {cycle}: the last cycle of a call (its quiet cycle) moves nothing")
    counts[k] += 1
for c, n in zip(calls, counts):
    check(c["transfers"] == n, f"@{c['function']} call {c['invocation']}: {c['transfers']} transfers, {n} tokens")

# A completed call's done token: pushed in start + latency - 2, taken in the next cycle.
done_channels = {i for i, name in channels.items() if re.search(r"/return:\d+ -> \S+/return\.done:0$", name)}
for c in calls:
    if c["latency"] is None:
        continue
    end = c["start_cycle"] + c["cycles"]
    pushed = [cy for cy, ch in tokens if ch in done_channels and c["start_cycle"] <= cy < end]
    check(pushed == [c["start_cycle"] + c["latency"] - 2],
          f"@{c['function']} call {c['invocation']}: latency {c['latency']}, done token pushed in {pushed}")
    check(c["latency"] <= c["cycles"], f"@{c['function']} call {c['invocation']}: latency beyond the span")

for e in errors[:20]:
    print(f"{engine}: {e}", file=sys.stderr)
sys.exit(1 if errors else 0)
EOF
done
[ $status -eq 0 ] || exit 1
calls=$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print(len(r["calls"]), sum(c["cycles"] for c in r["calls"]))' "$tmp/event.report.json")
echo "counters agree: ${calls% *} call(s), ${calls#* } cycles, on both engines"
