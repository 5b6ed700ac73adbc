#!/usr/bin/env python3
"""examples_check.py BUILD SOURCE LOOM_SIM [CXX_FLAGS]: installs loom-sim from the build tree into a
fresh temporary prefix, configures and builds examples/embed_tlm_memory and
examples/custom_op against that prefix only, runs them, and checks what they print
against independent expectations:

  embed_tlm_memory  both kernels' results are the reference interpreter's (loom-sim run
                    --no-accel of kernels/dot.mlir, whose main makes the same calls);
                    every call behind the slower memory takes more cycles than the same
                    call on the shipped one, whose cycles are loom-sim run's (the event
                    engine); both report all checks passed; exit 0.
  custom_op         both kernels' results are the interpreter's (inputs/gcd_calls.mlir
                    makes the same calls); the user's remainder unit computed exactly as
                    many remainders as the interpreter's calls count (their second
                    results); the shipped kernel takes loom-sim run's cycles; all checks
                    passed; exit 0.

CXX_FLAGS (e.g. the sanitizers of a LOOM_SANITIZE build, whose libraries need them at
link time too) are passed to the examples' builds.
"""
import os
import re
import subprocess
import sys
import tempfile


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        sys.exit(f"FAILED ({r.returncode}): {' '.join(cmd)}\n{r.stdout}\n{r.stderr}")
    return r.stdout


def check(cond, what, out=""):
    if not cond:
        sys.exit(f"FAILED: {what}\n{out}")


def event_cycles(loomsim, program, env):
    """The cycles of `loom-sim run PROGRAM` on the event engine (its summary line)."""
    r = subprocess.run([loomsim, "run", program], capture_output=True, text=True, env=env)
    m = re.search(r"accelerated call\(s\), ([\d,]+) cycles", r.stderr)
    check(r.returncode == 0 and m, f"loom-sim run {program}", r.stderr)
    return int(m.group(1).replace(",", ""))


def main():
    build, source, loomsim = sys.argv[1:4]
    flags = sys.argv[4] if len(sys.argv) > 4 else ""
    source = os.path.realpath(source)
    env = dict(os.environ, SYSTEMC_DISABLE_COPYRIGHT_MESSAGE="1")
    with tempfile.TemporaryDirectory(prefix="loomsim-examples-") as tmp:
        prefix = os.path.join(tmp, "prefix")
        run(["cmake", "--install", build, "--prefix", prefix])
        check(os.path.exists(os.path.join(prefix, "lib", "cmake", "loomsim", "loomsimConfig.cmake")),
              "no package config installed")
        exe = {}
        for ex in ("embed_tlm_memory", "custom_op"):
            b = os.path.join(tmp, ex)
            run(["cmake", "-S", os.path.join(source, "examples", ex), "-B", b, "-G", "Ninja",
                 "-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_PREFIX_PATH=" + prefix,
                 "-DCMAKE_CXX_FLAGS=" + flags, "-DCMAKE_EXE_LINKER_FLAGS=" + flags])
            # Against the prefix only: nothing of the source or build tree on the command
            # lines but the example's own sources.
            ninja = open(os.path.join(b, "build.ninja")).read()
            ninja = ninja.replace(os.path.join(source, "examples", ex), "<example>")
            for tree in (source, os.path.realpath(source), os.path.realpath(build)):
                check(tree + "/" not in ninja, f"{ex} builds with a path into {tree}",
                      "\n".join(l for l in ninja.splitlines() if tree + "/" in l)[:2000])
            run(["cmake", "--build", b, "-j", "2"])
            exe[ex] = os.path.join(b, ex)

        # embed_tlm_memory
        dot = os.path.join(source, "kernels", "dot.mlir")
        expected = run([loomsim, "run", dot, "--no-accel"], env=env).split()
        out = run([exe["embed_tlm_memory"], dot], env=env)
        print(out, end="")
        calls = {"shipped": [], "slow": []}
        for m in re.finditer(r"^(shipped|slow): (\S+) \((\d+) cycles\)$", out, re.M):
            calls[m.group(1)].append((m.group(2), int(m.group(3))))
        for k in calls:
            check([v for v, _ in calls[k]] == expected, f"{k}'s results are not {expected}", out)
        for (_, fast), (_, slow) in zip(calls["shipped"], calls["slow"]):
            check(slow > fast, "a call behind the slower memory is not slower", out)
        check(len(re.findall(r"^loomsim: \w+: 3 call\(s\), .* all checks passed \(0 finding", out, re.M)) == 2,
              "the checks did not all pass", out)
        # The shipped memory's kernel takes the event engine's cycles (loom-sim run).
        check(f"shipped: {event_cycles(loomsim, dot, env)} cycles\n" in out,
              "the shipped kernel's cycles are not loom-sim run's", out)

        # custom_op
        gcd = os.path.join(source, "kernels", "gcd.mlir")
        calls = os.path.join(source, "tests", "embed", "inputs", "gcd_calls.mlir")
        expected = run([loomsim, "run", calls, "--no-accel"], env=env).split()
        out = run([exe["custom_op"], gcd], env=env)
        for k in ("shipped", "custom"):
            got = re.findall(rf"^{k} result: (\S+)$", out, re.M)
            check(got == expected, f"{k}'s results are {got}, not {expected}", out)
        check(f"shipped: {event_cycles(loomsim, calls, env)} cycles\n" in out,
              "the shipped kernel's cycles are not loom-sim run's", out)
        remainders = sum(int(v) for v in expected[1::2])
        m = re.search(r"^PipelinedRem: (\d+) remainders$", out, re.M)
        check(m and int(m.group(1)) == remainders,
              f"PipelinedRem did not compute the {remainders} remainders", out)
        check(len(re.findall(r"^loomsim: \w+: 3 call\(s\), .* all checks passed \(0 finding", out, re.M)) == 2,
              "the checks did not all pass", out)
        print(out, end="")
        print("examples: installed, built against the prefix, results and cycles as expected")


if __name__ == "__main__":
    main()
