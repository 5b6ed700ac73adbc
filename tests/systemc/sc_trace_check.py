#!/usr/bin/env python3
"""sc_trace_check.py LOOM_SIM KERNEL: `run --sc-trace` writes a VCD through SystemC's
sc_trace that GTKWave reads as written, and that tells the run's transfers.

  1. GTKWave: vcd2fst converts it, fst2vcd converts that back, and every signal's
     waveform comes back unchanged (vcd2fst alone exits 0 even on garbage);
  2. the signals: each channel's valid, ready and transfer (data when it has bits) and
     the phase of every state machine, under the SystemC hierarchy;
  3. the transfers: at every time c (cycle c), the number of channels whose transfer is
     1 is the number of tokens the token log (--tokens, the event engine's numbering)
     gives cycle c;
  4. the program's stdout is a plain run's: SystemC's reports go to the log, not there.
"""
import collections
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from vcd_waves import waveforms  # noqa: E402


def main():
    sim, kernel = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as tmp:
        vcd, tok = os.path.join(tmp, "sc.vcd"), os.path.join(tmp, "run.tok")
        env = dict(os.environ, SYSTEMC_DISABLE_COPYRIGHT_MESSAGE="1")
        r = subprocess.run([sim, "run", kernel, "--sc-trace", vcd, "--tokens", tok],
                           env=env, capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit("loom-sim run --sc-trace failed:\n" + r.stderr)
        # SystemC's own reports (I703 when the trace's time unit is set) stay out of the
        # program's output: stdout is the event engine's, byte for byte.
        plain = subprocess.run([sim, "run", kernel], env=env, capture_output=True, text=True)
        if r.stdout != plain.stdout:
            sys.exit("stdout of run --sc-trace differs from run's:\n--- run --sc-trace\n" +
                     r.stdout[:2000] + "\n--- run\n" + plain.stdout[:2000])
        fst, back = os.path.join(tmp, "sc.fst"), os.path.join(tmp, "back.vcd")
        subprocess.run(["vcd2fst", vcd, fst], check=True, capture_output=True)
        with open(back, "w") as out:
            subprocess.run(["fst2vcd", fst], check=True, stdout=out, stderr=subprocess.DEVNULL)
        with open(vcd) as a, open(back) as b:
            ours, theirs = waveforms(a.read())[0], waveforms(b.read())[0]
        bad = [n for n in ours if theirs.get(n) != ours[n]]
        if bad or len(ours) != len(theirs):
            sys.exit("GTKWave's round trip changed %d signal(s), e.g. %s" % (len(bad), bad[:3]))

        fields = collections.Counter(n.rsplit(".", 1)[1] for n in ours)
        if not (fields["valid"] == fields["ready"] == fields["transfer"] > 0 and fields["phase"] > 0):
            sys.exit("unexpected signals: %s" % dict(fields))

        tokens = collections.Counter()
        with open(tok) as f:
            for line in f:
                if not line.startswith("#"):
                    tokens[int(line.split()[0])] += 1
        moved = collections.Counter()
        for name, wave in ours.items():
            if not name.endswith(".transfer"):
                continue
            for k, (t, v) in enumerate(wave):
                if v != "1":
                    continue
                end = wave[k + 1][0] if k + 1 < len(wave) else t + 1
                for c in range(t, end):
                    moved[c] += 1
        if moved != tokens:
            diff = sorted(set(moved.items()) ^ set(tokens.items()))[:5]
            sys.exit("transfers per cycle differ from the token log: %s" % diff)
        print("sc_trace: %d signals (%d channels, %d phases), GTKWave round trip unchanged, "
              "%d transfers in %d cycles as the token log" %
              (len(ours), fields["valid"], fields["phase"], sum(tokens.values()), len(tokens)))


if __name__ == "__main__":
    main()
