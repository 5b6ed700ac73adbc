#!/usr/bin/env bash
# fuzz-cli.sh [OPTIONS] N|SECONDSs     random command lines through loom-sim
#
# Builds N random command lines (or as many as fit in SECONDS, written with an `s`:
# `fuzz-cli.sh 600s`) and runs each: a random subcommand (or none, or a wrong one) with
# random options of its own and of others, option values that are negative, huge, empty
# or not numbers, input files that exist (shipped kernels, a lowered DFG, memory files,
# good and bad timing JSON, an empty file, binary garbage, a directory, /dev/null,
# /dev/zero, a symlink, a program 300 levels deep, DFGs in LOOM's form) or do not, and
# outputs that are new, missing a directory, devices, or the very inputs of the command.
#
# Every run must end within the timeout with exit 0, 1 or 2, no signal, no sanitizer
# report (ASan, UBSan, LeakSanitizer) and no uncaught exception; must leave each input
# file as it was (each run works in a fresh copy of them) and write nothing into the
# source tree. A failing run is kept under OUT/run-I/ (the command, its stderr) and
# printed as `FAIL I: why: command`; the last line counts the runs by outcome; the exit
# code is 1 if anything failed.
#
# Options:
#   --seed S       the first command line's seed (default 1); run I uses seed S + I, so a
#                  failure reruns alone with `--seed S+I 1`
#   -j N           runs in parallel (default 1)
#   --timeout SEC  per run (default 60; under the sanitizers give more)
#   --out DIR      failures (default out/fuzz-cli)
#   -v             print every command line with its exit code
# Environment: LOOM_SIM (default build/loom-sim).
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SIM=${LOOM_SIM:-$root/build/loom-sim}
[ -x "$SIM" ] || { echo "fuzz-cli.sh: $SIM not found (build first)" >&2; exit 2; }
exec python3 - "$root" "$SIM" "$@" <<'PY'
import concurrent.futures, hashlib, os, random, re, shlex, shutil, subprocess, sys, tempfile, time

root, sim = sys.argv[1], sys.argv[2]
argv = sys.argv[3:]
seed, jobs, timeout, out, verbose, budget = 1, 1, 60, "out/fuzz-cli", False, None
i = 0
while i < len(argv):
    a = argv[i]
    if a in ("--seed", "-j", "--timeout", "--out") and i + 1 < len(argv):
        v = argv[i + 1]
        if a == "--seed": seed = int(v)
        elif a == "-j": jobs = int(v)
        elif a == "--timeout": timeout = float(v)
        else: out = v
        i += 2
    elif a == "-v":
        verbose, i = True, i + 1
    elif re.fullmatch(r"\d+s?", a) and budget is None:
        budget, i = a, i + 1
    else:
        sys.exit("usage: fuzz-cli.sh [--seed S] [-j N] [--timeout SEC] [--out DIR] [-v] N|SECONDSs")
if budget is None:
    sys.exit("usage: fuzz-cli.sh [--seed S] [-j N] [--timeout SEC] [--out DIR] [-v] N|SECONDSs")

# ---- the inputs: one master copy; each run gets a fresh copy of it -----------------------
master = tempfile.mkdtemp(prefix="fuzz-cli.")
kernels = sorted(f for f in os.listdir(os.path.join(root, "kernels")) if f.endswith(".mlir"))
for k in kernels:
    shutil.copy(os.path.join(root, "kernels", k), master)
inputs_dir = os.path.join(root, "tests", "cli", "inputs")
for f in sorted(os.listdir(inputs_dir)):
    # No program that runs forever: with a random --max-steps 0 it would.
    if "runaway" not in f and not f.endswith(".py"):
        shutil.copy(os.path.join(inputs_dir, f), master)
shutil.copy(os.path.join(root, "tests", "regress", "mlir14_spelling.mlir"), master)
# DFGs in LOOM's form (handshake.func), read by verify, sim and run --dfg.
loom_inputs = os.path.join(root, "tests", "dfg", "loom", "inputs")
if os.path.isdir(loom_inputs):
    for f in sorted(os.listdir(loom_inputs)):
        if f.endswith(".mlir"):
            shutil.copy(os.path.join(loom_inputs, f), os.path.join(master, "loom_" + f))
def write(name, data):
    with open(os.path.join(master, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
write("empty.mlir", "")
write("garbage.bin", bytes(random.Random(7).randrange(256) for _ in range(4096)))
write("empty.json", "")
write("array.json", "[1, 2]")
write("unknown_key.json", '{"frob": 1}')
write("negative.json", '{"channelCapacity": -1}')
write("zero.json", '{"channelCapacity": 0, "intAluLatency": 0}')
write("huge.json", '{"channelCapacity": 1e300, "extmemoryLatency": 18446744073709551616}')
write("string.json", '{"channelCapacity": "two"}')
write("truncated.json", '{"channelCapacity": ')
write("values.txt", "1 2 3 4\n")
write("bad_values.txt", "1 two 3 4\n")
subprocess.run([sys.executable, os.path.join(root, "tests", "robust", "gen.py"), "if", "300",
                os.path.join(master, "deep.mlir")], stdout=subprocess.DEVNULL, check=True)
subprocess.run([sys.executable, os.path.join(root, "tests", "robust", "gen.py"), "accel-for", "129",
                os.path.join(master, "deep_accel.mlir")], stdout=subprocess.DEVNULL, check=True)
os.mkdir(os.path.join(master, "dir"))
os.symlink("dot.mlir", os.path.join(master, "link.mlir"))
for k in ("dot", "gemm", "gcd", "histogram"):
    subprocess.run([sim, "lower", k + ".mlir", "-o", k + ".dfg.mlir"], cwd=master,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    subprocess.run([sim, "lower", k + ".mlir", "--format", "loom", "-o", k + ".loom.dfg.mlir"],
                   cwd=master, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()
files = sorted(f for f in os.listdir(master) if os.path.isfile(os.path.join(master, f))
               and not os.path.islink(os.path.join(master, f)))
hashes = {f: digest(os.path.join(master, f)) for f in files}
programs = [f for f in files if f.endswith(".mlir") and ".dfg." not in f and not f.startswith("loom_")]
dfgs = [f for f in files if ".dfg." in f or f.startswith("loom_")]
jsons = [f for f in files if f.endswith(".json")]
texts = [f for f in files if f.endswith(".txt")]
odd = ["dir", "missing.mlir", "/dev/null", "/dev/zero", "", "-", "link.mlir", "garbage.bin",
       "empty.mlir", os.path.join(root, "kernels", "dot.mlir"), "dir/../dot.mlir", "./gcd.mlir"]

# The source tree must be left alone: the file runs read from it keeps its content, and
# none of the names runs write appears next to it or at the top (other files there may
# change under a concurrent edit, which is not the run's doing).
SOURCE_INPUT = os.path.join(root, "kernels", "dot.mlir")
OUT_NAMES = {"o.vcd", "out.json", "s.txt", "s.json", "t.log", "new.mlir", "x.vcd"}
def tree_state():
    names = set()
    for d in (os.path.join(root, "kernels"), root):
        names |= {os.path.join(d, f) for f in os.listdir(d) if f in OUT_NAMES}
    return names, digest(SOURCE_INPUT)
tree_before = tree_state()

# ---- random command lines --------------------------------------------------------------
# Each value is a sensible one three times in four, else anything.
def either(good, bad):
    return lambda r: r.choice(good) if r.random() < 0.75 else r.choice(bad + good)

NUMBERS = either(["0", "1", "2", "7", "100", "5000", "65536", "9223372036854775807"],
                 ["-1", "2147483648", "-2147483649", "9223372036854775808", "18446744073709551616",
                  "99999999999999999999999", "", "abc", "1e3", "0x10", " 5", "-0", "+3", "nan", "3.5"])
NAMES = either(["main", "dot", "gemm", "gcd"], ["nope", "", "@main", "main main", "x" * 300, "k0"])
INJECT = either(["body-ctrl-raw", "mem-ctrl-raw", "invariant-raw", "iter-carry-gated",
                 "no-zero-trip-guard", "no-branch-gate", "no-mem-order"], ["frob", ""])
ENGINES = either(["event", "clocked"], ["", "warp", "EVENT"])
OUTS = ["o.vcd", "out.json", "s.txt", "s.json", "t.log", "dir", "dir/x.vcd", "/dev/null",
        "/dev/full", "/nonexistent/x", "", "-", "new.mlir", "./o.vcd", "dir/../o.vcd"]

def pick_file(r, pool):
    return r.choice(pool) if r.random() < 0.85 else r.choice(odd + files)

def output(r):
    return r.choice(OUTS) if r.random() < 0.75 else r.choice(files + ["link.mlir"])

def mem_spec(r, idx=None):
    idx = idx or either(["0", "1"], ["2", "9", "-1", "", "x"])(r)
    src = either(["zeros", "random:1", "values.txt", "mem4.txt"],
                 ["random:x", "random:1:8", "random:1:99999999999", "bad_values.txt",
                  "/dev/zero", "missing.txt", "dir", ""])(r)
    shape = either([":4"], ["", ":8", ":0", ":4x4", ":99999999999", ":-1", ":x", ":4x"])(r)
    return idx + "=" + src + shape if r.random() < 0.9 else r.choice(["=", "0=", "zeros", ""])

def dfg_for(r):
    return either(["dot", "gemm", "gcd", "dotk"], ["main", "nope", ""])(r) + "=" + pick_file(r, dfgs)

def scalar_arg(r):
    return either(["2"], ["0", "1", "9", "-1", "x", ""])(r) + "=" + NUMBERS(r)

# Each option: (flag, how to make its value or None for a flag).
OPTIONS = {
    "run": [("--entry", NAMES), ("--accel", NAMES),
            ("--no-accel", None), ("--max-steps", NUMBERS),
            ("--max-cycles", NUMBERS), ("--inject", INJECT),
            ("--timing", lambda r: pick_file(r, jsons)), ("--engine", ENGINES),
            ("--no-checks", None), ("--systemc", None), ("--report", output), ("--vcd", output),
            ("--stats", output), ("--tokens", output), ("--dfg", dfg_for), ("--sc-trace", output)],
    "check": [("--print", None)],
    "upgrade": [("-o", output), ("--output", output)],
    "lower": [("--func", NAMES), ("-o", output), ("--dot", output),
              ("--inject", INJECT), ("--format", either(["loom", "loom.dfg"], ["", "dot", "LOOM"]))],
    "verify": [],
    "sim": [("--func", NAMES), ("--arg", scalar_arg), ("--mem", mem_spec),
            ("--timing", lambda r: pick_file(r, jsons)), ("--engine", ENGINES),
            ("--max-cycles", NUMBERS), ("--vcd", output), ("--tokens", output)],
    "timing": [("--defaults", None), ("--check", lambda r: pick_file(r, jsons))],
}
FILE_POOL = {"run": programs, "check": programs, "upgrade": programs, "lower": programs,
             "verify": dfgs, "sim": dfgs}

def command_line(r):
    cmd = [sim]
    if r.random() < 0.1:
        cmd += r.choice([["-v"], ["-vv"], ["--help"], ["-x"]])
    sub = r.choice(list(OPTIONS)) if r.random() < 0.95 else r.choice(["", "frob", "help", "RUN"])
    if sub:
        cmd.append(sub)
    opts = OPTIONS.get(sub, [])
    words = []
    if sub in FILE_POOL and r.random() < 0.95:
        words.append([pick_file(r, FILE_POOL[sub])])
    if sub == "sim" and r.random() < 0.7:  # what dot's DFG needs, often
        words += [["--mem", mem_spec(r, "0")], ["--mem", mem_spec(r, "1")], ["--arg", "2=" + NUMBERS(r)]]
    for _ in range(r.randint(0, 4)):
        pool = opts if opts and r.random() < 0.95 else [o for v in OPTIONS.values() for o in v]
        flag, value = r.choice(pool)
        words.append([flag] if value is None else [flag, value(r)])
    if r.random() < 0.05:
        words.append([r.choice(["--frobnicate", "extra.mlir", "--", "-", "--max-steps"])])
    r.shuffle(words)
    for w in words:
        cmd += w
    return cmd

# ---- running -----------------------------------------------------------------------------
REPORTS = re.compile(r"ERROR: AddressSanitizer|ERROR: LeakSanitizer|runtime error:|"
                     r"uncaught exception|terminate called|Segmentation fault|Assertion .* failed|"
                     r"stack-overflow|AddressSanitizer:DEADLYSIGNAL")

OUTPUT_FLAGS = {"-o", "--output", "--dot", "--vcd", "--report", "--stats", "--tokens"}
INPUT_FLAGS = {"--timing", "--check"}

# A file of the copy that changed: fine only if the command named it as an output and not
# as an input (no command may overwrite what it reads; any may write where it is told).
def changed_inputs(cmd, cwd):
    outs, ins = set(), set()
    valued = {flag for opts in OPTIONS.values() for flag, value in opts if value}
    for k, w in enumerate(cmd[1:], 1):
        prev = cmd[k - 1]
        path = os.path.realpath(os.path.join(cwd, w)) if w else None
        if prev in OUTPUT_FLAGS:
            outs.add(path)
        elif prev in INPUT_FLAGS or (prev not in valued and not w.startswith("-")):
            ins.add(path)
        elif prev == "--dfg" and "=" in w:
            ins.add(os.path.realpath(os.path.join(cwd, w.split("=", 1)[1])))
        elif prev == "--mem" and "=" in w:
            src = w.split("=", 1)[1].split(":")[0]
            ins.add(os.path.realpath(os.path.join(cwd, src)))
    for f, h in hashes.items():
        p = os.path.join(cwd, f)
        if os.path.isfile(p) and digest(p) == h:
            continue
        real = os.path.realpath(p)
        if real in ins or real not in outs:
            return "input %s changed" % f
    return None

def run_one(index):
    r = random.Random(seed + index)
    cmd = command_line(r)
    work = tempfile.mkdtemp(prefix="run.", dir=master + ".runs")
    shutil.copytree(master, os.path.join(work, "in"), symlinks=True)
    cwd = os.path.join(work, "in")
    stdout_to = r.choice(["file", "file", "null"])
    sout = open(os.path.join(work, "stdout") if stdout_to == "file" else os.devnull, "wb")
    serr_path = os.path.join(work, "stderr")
    why, rc = None, None
    start = time.time()
    with open(serr_path, "wb") as serr:
        try:
            rc = subprocess.run(cmd, cwd=cwd, stdin=subprocess.DEVNULL, stdout=sout, stderr=serr,
                                timeout=timeout).returncode
        except subprocess.TimeoutExpired:
            why = "timeout after %gs" % timeout
    sout.close()
    with open(serr_path, "rb") as f:
        err = f.read().decode("utf-8", "replace")
    if why is None and rc not in (0, 1, 2):
        why = "killed by signal %d" % -rc if rc < 0 else "exit code %d" % rc
    m = REPORTS.search(err)
    if why is None and m:
        why = "report on stderr: " + m.group(0)
    if why is None:
        why = changed_inputs(cmd, cwd)
    line = " ".join(shlex.quote(c) for c in cmd[1:])
    if why:
        keep = os.path.join(out, "run-%d" % (seed + index))
        shutil.rmtree(keep, ignore_errors=True)
        os.makedirs(keep)
        shutil.copy(serr_path, keep)
        with open(os.path.join(keep, "command"), "w") as f:
            f.write("cd <inputs> && loom-sim %s\n%s\n" % (line, why))
    shutil.rmtree(work, ignore_errors=True)
    return index, rc, why, line, time.time() - start

os.makedirs(master + ".runs", exist_ok=True)
counts = {"0": 0, "1": 0, "2": 0}
failures = 0
total = 0
deadline = time.time() + int(budget[:-1]) if budget.endswith("s") else None
limit = None if deadline else int(budget)

def indices():
    k = 0
    while (limit is None or k < limit) and (deadline is None or time.time() < deadline):
        yield k
        k += 1

try:
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        pending = set()
        it = indices()
        def refill():
            for k in it:
                pending.add(pool.submit(run_one, k))
                if len(pending) >= jobs * 2:
                    return
        refill()
        while pending:
            done, _ = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for fut in done:
                pending.discard(fut)
                index, rc, why, line, secs = fut.result()
                total += 1
                if why:
                    failures += 1
                    print("FAIL %d: %s: loom-sim %s" % (seed + index, why, line), flush=True)
                else:
                    counts[str(rc)] += 1
                if verbose:
                    print("%d: exit %s (%.1fs): loom-sim %s" % (seed + index, rc, secs, line), flush=True)
            refill()
finally:
    shutil.rmtree(master + ".runs", ignore_errors=True)
    shutil.rmtree(master, ignore_errors=True)

tree_after = tree_state()
if tree_after != tree_before:
    failures += 1
    print("FAIL: written into the source tree: %s" %
          (", ".join(sorted(tree_after[0] - tree_before[0])) or SOURCE_INPUT))
print("%d command lines: %d exit 0, %d exit 1, %d exit 2; %d failed (signal, timeout, other "
      "exit code, sanitizer report, changed input or source tree)" %
      (total, counts["0"], counts["1"], counts["2"], failures))
sys.exit(1 if failures else 0)
PY
