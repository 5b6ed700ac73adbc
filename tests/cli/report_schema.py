#!/usr/bin/python3
"""report_schema.py LOOM-SIM SOURCE-DIR CORPUS-DIR RTL-CACHE

Every kind of --report that `run` and `sim` write validates against
docs/report.schema.json (JSON Schema 2020-12, with Debian's python3-jsonschema, hence
/usr/bin/python3), and the schema is strict enough to reject a broken one:

  * `run --report` on every shipped kernel, on several --inject bugs (findings and
    causes), with --try-fix, with runtime errors (out of bounds, division by zero, a
    race, aliasing, the cycle cap), with --vcd (findings name their signal), --no-checks,
    --dfg, --engine clocked, --systemc, --engine verilator (one small kernel; the twin is
    kept in RTL-CACHE), and on every program of the LOOM corpus that `run` accepts;
  * `sim --report` on DFGs written by `lower` and in LOOM's form: passing, with a static
    finding and a latched token, deadlocked, stopped by an op error and by the cycle cap;
  * each report's `passed` agrees with the exit code;
  * mutations of valid reports (a required field removed; an unknown field at the top, in
    a call and in a finding; a count as a string; schema_version 1; a mistake with
    an unknown code or no instance; a loop table or an
    entry in a sim report) are each rejected.

Commands run two at a time. Prints how many reports were checked. Exit 0 if all is well.
"""

import concurrent.futures
import copy
import glob
import json
import os
import subprocess
import sys
import tempfile

import jsonschema

SIM, SRC, CORPUS, RTL_CACHE = map(os.path.abspath, sys.argv[1:5])
KERNELS = os.path.join(SRC, "kernels")
CLI_IN = os.path.join(SRC, "tests", "cli", "inputs")
LOOM_IN = os.path.join(SRC, "tests", "dfg", "loom", "inputs")
HARNESS_IN = os.path.join(SRC, "tests", "harness", "inputs")

failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg, file=sys.stderr)


# ------------------------------------------------------------------------ the jobs

def run_jobs(work):
    """(name, argv with {out} for the report path) of every report to produce."""
    jobs = []
    for k in sorted(glob.glob(os.path.join(KERNELS, "*.mlir"))):
        jobs.append(("kernel " + os.path.basename(k), ["run", k]))
    injections = [("body-ctrl-raw", "bicg"), ("mem-ctrl-raw", "gcd"), ("invariant-raw", "gemm"),
                  ("iter-carry-gated", "dot"), ("no-zero-trip-guard", "triangular"),
                  ("no-branch-gate", "cond_reduce"), ("no-mem-order", "bicg")]
    for inj, k in injections:
        jobs.append(("inject %s %s" % (inj, k),
                     ["run", os.path.join(KERNELS, k + ".mlir"), "--inject", inj]))
    gcd = os.path.join(KERNELS, "gcd.mlir")
    jobs += [
        ("try-fix verified", ["run", gcd, "--inject", "mem-ctrl-raw", "--try-fix"]),
        ("try-fix nothing to try", ["run", os.path.join(KERNELS, "triangular.mlir"),
                                    "--inject", "no-zero-trip-guard", "--try-fix"]),
        ("try-fix invariant", ["run", os.path.join(HARNESS_IN, "invariant.mlir"),
                               "--inject", "mem-ctrl-raw", "--try-fix"]),
        ("runtime error: out of bounds", ["run", os.path.join(CLI_IN, "accel_oob.mlir")]),
        ("runtime error: division by zero", ["run", os.path.join(CLI_IN, "accel_divzero.mlir")]),
        ("runtime error: poison", ["run", os.path.join(CLI_IN, "accel_poison.mlir")]),
        ("runtime error: cycle cap", ["run", os.path.join(CLI_IN, "accel_runaway.mlir"),
                                      "--max-cycles", "1000"]),
        ("race", ["run", os.path.join(CLI_IN, "parallel_race.mlir")]),
        ("alias", ["run", os.path.join(CLI_IN, "alias_args.mlir")]),
        ("--vcd names the signals", ["run", gcd, "--inject", "mem-ctrl-raw", "--vcd",
                                     os.path.join(work, "gcd.vcd")]),
        ("--no-checks", ["run", gcd, "--inject", "mem-ctrl-raw", "--no-checks"]),
        ("--dfg", ["run", os.path.join(LOOM_IN, "dotk_src.mlir"), "--dfg",
                   "dotk=" + os.path.join(LOOM_IN, "dotk_raw_ctrl.mlir")]),
        ("--engine clocked", ["run", os.path.join(KERNELS, "gemm.mlir"), "--engine", "clocked"]),
        ("--engine clocked, inject", ["run", gcd, "--engine", "clocked",
                                      "--inject", "invariant-raw"]),
        ("--systemc", ["run", os.path.join(KERNELS, "triangular.mlir"), "--systemc"]),
        ("--systemc, inject", ["run", os.path.join(KERNELS, "dot.mlir"), "--systemc",
                               "--inject", "mem-ctrl-raw"]),
        ("--engine verilator", ["run", os.path.join(KERNELS, "dot.mlir"), "--engine", "verilator",
                                "--rtl-fast-build", "--rtl-cache", RTL_CACHE]),
    ]
    for name, verdict in corpus_programs():
        jobs.append(("corpus %s (%s)" % (name, verdict), ["run", os.path.join(CORPUS, name)]))
    return jobs


def corpus_programs():
    """The LOOM programs `run` accepts: every one corpus_runs.txt does not pin as
    `elaborate` (exit 2, no report). Empty without the corpus."""
    runs = os.path.join(SRC, "tests", "dfg", "loom", "corpus_runs.txt")
    if not os.path.isdir(CORPUS):
        print("note: no LOOM corpus in %s: its programs are not run" % CORPUS)
        return []
    out = []
    for line in open(runs):
        words = line.split()
        if len(words) == 2 and not line.startswith("#") and words[1] != "elaborate":
            if os.path.exists(os.path.join(CORPUS, words[0])):
                out.append((words[0], words[1]))
    return out


def sim_jobs(work):
    """DFGs for `sim --report`: written by `lower` here, or kept in the tests."""
    def lower(src, out, *extra):
        r = subprocess.run([SIM, "lower", src, "-o", out] + list(extra),
                           capture_output=True, text=True)
        if not os.path.exists(out):
            fail("lower %s: %s" % (src, r.stderr))
    dot = os.path.join(work, "dot.dfg.mlir")
    lower(os.path.join(KERNELS, "dot.mlir"), dot, "--func", "dot")
    oob = os.path.join(work, "oob.dfg.mlir")
    lower(os.path.join(CLI_IN, "accel_oob.mlir"), oob)
    spin = os.path.join(work, "spin.dfg.mlir")
    lower(os.path.join(CLI_IN, "accel_runaway.mlir"), spin, "--func", "spin")
    bad = os.path.join(work, "bad.dfg.mlir")
    lower(os.path.join(HARNESS_IN, "invariant.mlir"), bad, "--inject", "mem-ctrl-raw")
    dot_args = ["--mem", "0=random:1:8", "--mem", "1=zeros:8", "--arg", "2=8"]
    dotk_args = ["--mem", "0=" + os.path.join(LOOM_IN, "a8.txt"),
                 "--mem", "1=" + os.path.join(LOOM_IN, "b8.txt"), "--arg", "2=4", "--arg", "3=3"]
    dotk_raw = os.path.join(LOOM_IN, "dotk_raw_ctrl.mlir")
    jobs = [
        ("sim lowered dot", ["sim", dot] + dot_args),
        ("sim lowered dot, clocked, --stats", ["sim", dot, "--engine", "clocked", "--stats",
                                               os.path.join(work, "dot.stats.json")] + dot_args),
        ("sim LOOM's form", ["sim", os.path.join(LOOM_IN, "dotk.mlir")] + dotk_args),
        ("sim static finding and latched token", ["sim", dotk_raw] + dotk_args),
        ("sim --no-checks", ["sim", dotk_raw, "--no-checks"] + dotk_args),
        ("sim deadlock", ["sim", bad, "--mem", "0=random:1", "--arg", "1=4", "--arg", "2=3"]),
        ("sim op error", ["sim", oob, "--mem", "0=zeros", "--arg", "1=9"]),
        ("sim cycle cap", ["sim", spin, "--arg", "0=5", "--max-cycles", "1000"]),
    ]
    stream_only = os.path.join(CORPUS, "main_stream_only.mlir")
    if os.path.exists(stream_only):
        jobs.append(("sim corpus main_stream_only", ["sim", stream_only, "--arg", "0=0",
                                                      "--arg", "1=1", "--arg", "2=2"]))
    return jobs


def produce(work, index, name, argv):
    """Runs one command with --report; returns (name, report or None, exit code)."""
    out = os.path.join(work, "r%03d.json" % index)
    r = subprocess.run([SIM] + argv + ["--report", out], capture_output=True, text=True,
                       cwd=work)
    if not os.path.exists(out):
        fail("%s: no report (exit %d): %s" % (name, r.returncode, r.stderr[-800:]))
        return name, None, r.returncode
    with open(out) as f:
        return name, json.load(f), r.returncode


# ------------------------------------------------------------------------ checking

def errors(validator, report):
    return sorted(validator.iter_errors(report), key=lambda e: list(e.absolute_path))


def check_reports(validator, reports):
    for name, report, rc in reports:
        if report is None:
            continue
        errs = errors(validator, report)
        for e in errs[:5]:
            fail("%s: %s at %s" % (name, e.message[:300], "/".join(map(str, e.absolute_path))))
        if report.get("passed") != (rc == 0):
            fail("%s: passed is %s but the exit code is %d" % (name, report.get("passed"), rc))
        check_mistakes(name, report)


def check_mistakes(name, report):
    """Every finding belongs to a mistake, a combination or the unexplained, each index is
    a finding, and a report with no finding has no mistake."""
    n = len(report.get("findings", []))
    if n == 0 and report.get("mistakes"):
        fail("%s: mistakes without a finding" % name)
    placed = set(report.get("unexplained", []))
    for m in report.get("mistakes", []):
        placed |= set(m["explains"])
        for i in m["instances"]:
            if i["finding"] >= n:
                fail("%s: %s instance names finding %d of %d" % (name, m["code"], i["finding"], n))
    for c in report.get("combinations", []):
        placed |= set(c["removes"])
    if any(i >= n for i in placed):
        fail("%s: a mistake explains a finding that is not there" % name)
    if len(placed) != n:
        fail("%s: %d of %d findings belong to no mistake and are not listed as unexplained"
             % (name, n - len(placed), n))


def coverage(reports):
    """What the valid reports hold, to show the set is as wide as it claims."""
    seen = {"run": 0, "sim": 0, "findings": 0, "causes": 0, "try_fix": 0, "verilator": 0,
            "loops": 0, "wave": 0}
    checks = {}
    for _, r, _ in reports:
        if r is None:
            continue
        seen[r["command"]] += 1
        seen["findings"] += len(r["findings"])
        seen["causes"] += len(r["causes"])
        seen["try_fix"] += "try_fix" in r
        seen["verilator"] += r["engine"] == "verilator"
        seen["loops"] += sum(len(c.get("loops", [])) for c in r["calls"])
        for f in r["findings"]:
            checks[f["check"]] = checks.get(f["check"], 0) + 1
            seen["wave"] += "wave" in f
    return seen, checks


def find(reports, pred):
    for _, r, _ in reports:
        if r is not None and pred(r):
            return r
    return None


def mutations(run_report, sim_report):
    """(what, the keyword that must reject it, mutated report): each must be rejected."""
    def mutate(base, edit):
        m = copy.deepcopy(base)
        edit(m)
        return m
    call = lambda m: m["calls"][0]
    finding = lambda m: m["findings"][0]
    looped = lambda m: [c for c in m["calls"] if c["loops"]][0]["loops"][0]
    run, sim = run_report, sim_report
    return [
        ("required top-level field removed (summary)", "required",
         mutate(run, lambda m: m.pop("summary"))),
        ("required call field removed (cycles)", "required",
         mutate(run, lambda m: call(m).pop("cycles"))),
        ("required finding field removed (check)", "required",
         mutate(run, lambda m: finding(m).pop("check"))),
        ("required cause field removed (explains)", "required",
         mutate(run, lambda m: m["causes"][0].pop("explains"))),
        ("unknown field at top level", "additionalProperties",
         mutate(run, lambda m: m.update(extra=1))),
        ("unknown field in a call", "additionalProperties",
         mutate(run, lambda m: call(m).update(extra=1))),
        ("unknown field in a finding", "additionalProperties",
         mutate(run, lambda m: finding(m).update(extra=1))),
        ("unknown field in a loop", "additionalProperties",
         mutate(run, lambda m: looped(m).update(extra=1))),
        ("a count as a string (call cycles)", "type",
         mutate(run, lambda m: call(m).update(cycles=str(call(m)["cycles"])))),
        ("a count as a string (firings)", "type",
         mutate(run, lambda m: m.update(firings=str(m["firings"])))),
        ("a count as a fraction (transfers)", "type",
         mutate(run, lambda m: call(m).update(transfers=call(m)["transfers"] + 0.5))),
        ("schema_version 1", "const", mutate(run, lambda m: m.update(schema_version=1))),
        ("a mistake with an unknown code", "pattern",
         mutate(run, lambda m: m["mistakes"][0].update(code="X1"))),
        ("a mistake without instances", "minItems",
         mutate(run, lambda m: m["mistakes"][0].update(instances=[]))),
        ("an unknown check", "enum", mutate(run, lambda m: finding(m).update(check="hunch"))),
        ("a run report without entry", "required", mutate(run, lambda m: m.pop("entry"))),
        ("a sim report with a loop table", "not",
         mutate(sim, lambda m: call(m).update(loops=[]))),
        ("a sim report with an entry", "not", mutate(sim, lambda m: m.update(entry="main"))),
        ("a sim report without its function", "required",
         mutate(sim, lambda m: m.pop("function"))),
        ("a sim report with two calls", "maxItems",
         mutate(sim, lambda m: m["calls"].append(copy.deepcopy(call(m))))),
        ("unknown field in a sim finding", "additionalProperties",
         mutate(sim, lambda m: finding(m).update(extra=1))),
    ]


def keywords(errs):
    """The keywords that failed, nested ones (under anyOf, if/then) included."""
    out = set()
    for e in errs:
        out.add(e.validator)
        out |= keywords(e.context)
    return out


def main():
    schema = json.load(open(os.path.join(SRC, "docs", "report.schema.json")))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    with tempfile.TemporaryDirectory() as work:
        jobs = run_jobs(work) + sim_jobs(work)
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            reports = list(pool.map(lambda ij: produce(work, ij[0], *ij[1]), enumerate(jobs)))
    check_reports(validator, reports)
    seen, checks = coverage(reports)
    checked = sum(1 for _, r, _ in reports if r is not None)
    print("%d reports checked against docs/report.schema.json: %d run, %d sim; %d findings "
          "(%s), %d causes, %d loops, %d with try_fix, %d verilator, %d findings with wave"
          % (checked, seen["run"], seen["sim"], seen["findings"],
             ", ".join("%s %d" % kv for kv in sorted(checks.items())), seen["causes"],
             seen["loops"], seen["try_fix"], seen["verilator"], seen["wave"]))
    for need in ["findings", "causes", "try_fix", "verilator", "loops", "wave", "sim"]:
        if not seen[need]:
            fail("no report has any " + need)

    run_report = find(reports, lambda r: r["command"] == "run" and r["mistakes"] and r["causes"]
                      and any(c["loops"] for c in r["calls"]))
    sim_report = find(reports, lambda r: r["command"] == "sim" and r["findings"])
    if run_report is None or sim_report is None:
        fail("no report to mutate (a run with findings, causes and loops; a sim with findings)")
    else:
        for what, keyword, m in mutations(run_report, sim_report):
            found = keywords(errors(validator, m))
            if not found:
                fail("the schema accepts a report with " + what)
            elif keyword not in found:
                fail("%s: rejected by %s, not by %s" % (what, ", ".join(sorted(found)), keyword))
            else:
                print("rejected (%s): %s" % (keyword, what))
    if failures:
        print("%d failure(s)" % len(failures), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
