#!/usr/bin/env python3
"""perf-baselines.py SIM OUTDIR KERNEL...: the performance baselines `run --baseline` reads.

Runs `SIM run KERNEL --report` for each kernel and writes OUTDIR/<kernel>.json: the
report cut to what a baseline holds (docs/performance-analysis.md "Performance gating"):
each call's function, invocation and cycles, and each of its loops' source, copy and
ii_achieved. Run it from the checkout's top (the sources are paths as given) and commit
the files when a change makes kernels faster on purpose; `perf.baselines` holds every
shipped kernel to them.
"""
import json
import os
import subprocess
import sys
import tempfile


def slim(report):
    calls = []
    for c in report["calls"]:
        loops = [{"source": l["source"], "copy": l["copy"], "ii_achieved": l["ii_achieved"]}
                 for l in c["loops"]]
        calls.append({"function": c["function"], "invocation": c["invocation"],
                      "cycles": c["cycles"], "loops": loops})
    return {"command": "run", "file": report["file"], "engine": report["engine"], "calls": calls}


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        return 2
    sim, out, kernels = argv[0], argv[1], argv[2:]
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory() as d:
        for k in kernels:
            name = os.path.basename(k)[:-len(".mlir")]
            r = os.path.join(d, name + ".json")
            run = subprocess.run([sim, "run", k, "--report", r], capture_output=True, text=True)
            if run.returncode != 0:
                print("perf-baselines: %s: exit %d: %s" % (k, run.returncode, run.stderr[-300:]),
                      file=sys.stderr)
                return 1
            with open(r) as f:
                base = slim(json.load(f))
            with open(os.path.join(out, name + ".json"), "w") as f:
                json.dump(base, f, indent=1, sort_keys=True)
                f.write("\n")
    print("perf-baselines: %d baseline(s) in %s" % (len(kernels), out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
