#!/usr/bin/env python3
"""cli_table.py LOOM_SIM SOURCE_DIR: README's "Command-line reference" against the tool.

Three tables of README.md's section "## Command-line reference" are checked:

  Options      | command | option | argument | default | what it does |
      against `loom-sim --help` and `loom-sim CMD --help` for every command the main help
      lists (CLI11's format: "  -o,--output TEXT REQUIRED   description"). Every option
      of every --help must have a row and every row an option; a row's option names
      (short form and aliases) must be the help's exactly; its argument must be empty for
      a flag, `N` for a number (CLI11 UINT...), the choices joined by `|` where CLI11
      checks a set ({loom.dfg,loom}), and end in ` ...` exactly when the option is
      repeatable; its default must be CLI11's (`=main`, `=50000000`; commas allowed) or
      `required` for a required option, and empty otherwise; an option that excludes
      another (`Excludes: --expand`) must name it in its description. The row `every
      command` stands for an option of every command and of `loom-sim` itself; the row
      `loom-sim` for an option of `loom-sim` itself.
  Exit codes   | command | 0 (`kOk`) | 1 (`kFailed`) | 2 (`kBadInput`) |
      its header's codes against the constants of cli/usage.h, and a row for every
      command.
  stdout and stderr   | command | stdout | stderr |
      every row is run: CHECKS below holds, for each row's command cell, real
      invocations (on kernels/*.mlir, a DFG `lower` writes, ...) that check the stream
      the row names is where the output lands, and the exit code the exit-code table
      gives. A row without a check, or a check without a row, fails.

Before any of that, the comparison is shown to fail (self_test): copies of the section
with an option row dropped, a row added, an alias or a short form dropped, an argument
given to a flag, a repeatable option made single, a default changed, a number made text,
a choice dropped, `required` dropped, an exclusion left unnamed, the exit codes swapped
and an exit-code row dropped must each be reported, naming the option. Exit 0 if
everything matches; otherwise every difference, one per line, and exit 1.
"""

import json
import os
import re
import subprocess
import sys
import tempfile
import time

SECTION = "## Command-line reference"
# A sanitizer build runs every command about 5x slower: ctest passes its factor.
TIMEOUT = 300 * int(os.environ.get("LOOM_TIMEOUT_SCALE", "1"))


class Failure(Exception):
    pass


# ---------------------------------------------------------------------------- README side

def section_text(readme):
    """The section, after as many empty lines as README has before it (so that a line
    number in it is README's)."""
    start = readme.find("\n" + SECTION + "\n")
    if start < 0:
        raise Failure(f"README.md has no section '{SECTION}'")
    rest = readme[start + 1:]
    end = re.search(r"^## ", rest[len(SECTION):], re.M)
    body = rest if end is None else rest[:len(SECTION) + end.start()]
    return "\n" * readme[:start + 1].count("\n") + body


def split_row(line):
    """The cells of a markdown table row; `\\|` is a | inside a cell."""
    body = line.strip()
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|") and not body.endswith("\\|"):
        body = body[:-1]
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", body)]


def tables(text):
    """Each table of the text as (header cells, [(line number, cells)])."""
    out, cur = [], None
    for n, line in enumerate(text.split("\n"), 1):
        if line.startswith("|"):
            cells = split_row(line)
            if cur is None:
                cur = (cells, [])
                out.append(cur)
            elif all(re.fullmatch(r":?-+:?", c) for c in cells):
                continue
            else:
                cur[1].append((n, cells))
        else:
            cur = None
    return out


def find_table(all_tables, test, what):
    found = [t for t in all_tables if test([c.lower() for c in t[0]])]
    if len(found) != 1:
        raise Failure(f"README '{SECTION}': expected one {what} table, found {len(found)}")
    return found[0]


def unquote(cell):
    return cell.replace("`", "").strip()


def command_of(cell):
    """A row's command cell without its backquotes: `run` -> run, `run` with several
    kernels or a folder -> run with several kernels or a folder, every command."""
    return unquote(cell)


class Row:
    def __init__(self, line, command, names, arg, default, desc):
        self.line, self.command, self.names = line, command, names
        self.arg, self.default, self.desc = arg, default, desc


def readme_options(section):
    header, rows = find_table(tables(section),
                              lambda h: h[:2] == ["command", "option"], "options")
    want = ["command", "option", "argument", "default", "what it does"]
    if [h.lower() for h in header] != want:
        raise Failure(f"the options table's header is {header}, expected {want}")
    out = []
    for line, cells in rows:
        if len(cells) != len(want):
            raise Failure(f"README line {line}: {len(cells)} cells, expected {len(want)}")
        names = re.findall(r"`([^`]+)`", cells[1])
        if not names or any(not n.startswith("-") for n in names):
            raise Failure(f"README line {line}: the option cell '{cells[1]}' is not "
                          "a list of `-x`, `--xyz` names")
        out.append(Row(line, command_of(cells[0]), frozenset(names), unquote(cells[2]),
                       unquote(cells[3]).replace(",", ""), cells[4]))
    return out


# ---------------------------------------------------------------------------- --help side

class HelpOption:
    def __init__(self, names, kind, choices, repeat, default, required, excludes, line):
        self.names, self.kind, self.choices = names, kind, choices
        self.repeat, self.default, self.required = repeat, default, required
        self.excludes, self.line = excludes, line


TYPE = r"(?P<type>[A-Z]+(?::(?:\{(?P<choices>[^}]*)\}|[A-Z]+(?: in \[[^\]]*\])?))?(?:=(?P<default>\S+))?)"
SPEC = re.compile(r"^(?P<names>-[^\s]+)(?: " + TYPE + r")?(?P<repeat> \.\.\.)?(?P<required> REQUIRED)?"
                  r"(?: Excludes: (?P<excludes>.+))?$")


def parse_help(text, where):
    """Options of a CLI11 help text."""
    opts, in_options = [], False
    for line in text.split("\n"):
        if re.match(r"^\S.*:$", line):
            in_options = line == "Options:"
            continue
        if not in_options or not line.startswith("  -"):
            continue
        spec = re.split(r"\s{2,}", line.strip(), maxsplit=1)[0]
        m = SPEC.match(spec)
        if not m:
            raise Failure(f"{where}: cannot read the --help line '{line.strip()}'")
        t = m.group("type")
        kind = None if t is None else "number" if t.startswith("UINT") or t.startswith("INT") else "text"
        choices = tuple(m.group("choices").split(",")) if m.group("choices") else None
        opts.append(HelpOption(frozenset(m.group("names").split(",")), kind, choices,
                               bool(m.group("repeat")), m.group("default"),
                               bool(m.group("required")),
                               (m.group("excludes") or "").split(), line.strip()))
    return opts


def subcommands(main_help):
    out, inside = [], False
    for line in main_help.split("\n"):
        if re.match(r"^\S.*:$", line):
            inside = line == "Subcommands:"
            continue
        m = re.match(r"^  (\S+)", line)
        if inside and m:
            out.append(m.group(1))
    return out


# ---------------------------------------------------------------------------- comparison

def show(names):
    return ",".join(sorted(names, key=lambda n: (n.startswith("--"), n)))


def compare_options(helps, rows):
    """helps: {command: [HelpOption]} ('loom-sim' for the tool itself); the differences."""
    diffs = []
    by_cmd = {}
    for r in rows:
        targets = list(helps) if r.command == "every command" else [r.command]
        if r.command != "every command" and r.command not in helps:
            diffs.append(f"README line {r.line}: the table names command '{r.command}', which "
                         f"`loom-sim --help` does not list")
            continue
        for c in targets:
            by_cmd.setdefault(c, []).append(r)
    for cmd, opts in helps.items():
        prog = "loom-sim" if cmd == "loom-sim" else f"loom-sim {cmd}"
        table = by_cmd.get(cmd, [])
        used = set()
        for o in opts:
            match = [r for r in table if r.names & o.names]
            if not match:
                diffs.append(f"`{prog} --help` has {show(o.names)}, the README table does not")
                continue
            if len(match) > 1:
                diffs.append(f"the README table has {len(match)} rows for `{prog}` {show(o.names)} "
                             f"(lines {', '.join(str(r.line) for r in match)})")
            r = match[0]
            used.update(id(m) for m in match)
            where = f"`{prog}` {show(o.names)} (README line {r.line})"
            if r.names != o.names:
                diffs.append(f"{where}: --help spells it {show(o.names)}, the table "
                             f"{show(r.names)}")
            arg = r.arg
            repeat = arg.endswith(" ...")
            if repeat:
                arg = arg[:-4].strip()
            if o.kind is None:
                if arg:
                    diffs.append(f"{where}: a flag in --help, the table gives it an argument "
                                 f"'{r.arg}'")
            elif not arg:
                diffs.append(f"{where}: takes an argument in --help ({o.line.split('  ')[0]}), "
                             "the table gives none")
            elif o.choices is not None and tuple(arg.split("|")) != o.choices:
                diffs.append(f"{where}: --help's choices are {'|'.join(o.choices)}, the table's "
                             f"'{arg}'")
            elif (o.kind == "number") != (arg == "N"):
                diffs.append(f"{where}: --help's argument is "
                             f"{'a number' if o.kind == 'number' else 'text'}, the table's "
                             f"'{arg}' (N is for a number)")
            if o.kind is not None and repeat != o.repeat:
                diffs.append(f"{where}: {'repeatable' if o.repeat else 'given once'} in --help, "
                             f"{'repeatable' if repeat else 'given once'} in the table "
                             "(an argument ending in ' ...')")
            want_default = "required" if o.required else (o.default or "")
            if r.default != want_default:
                diffs.append(f"{where}: default '{r.default}' in the table, "
                             f"'{want_default}' in --help")
            for ex in o.excludes:
                if ex not in r.desc:
                    diffs.append(f"{where}: --help says it excludes {ex}, the table's "
                                 "description does not name it")
        for r in table:
            if id(r) not in used and not any(r.names & o.names for o in opts):
                diffs.append(f"README line {r.line}: the table has `{prog}` {show(r.names)}, "
                             f"`{prog} --help` does not")
    return diffs


def constants(usage_h):
    text = open(usage_h, encoding="utf-8").read()
    m = re.search(r"constexpr int ([^;]+);", text)
    if not m:
        raise Failure(f"{usage_h}: no 'constexpr int kOk = 0, ...;'")
    return {k.strip(): int(v) for k, v in (p.split("=") for p in m.group(1).split(","))}


def compare_exit_codes(section, consts, commands):
    diffs = []
    header, rows = find_table(tables(section),
                              lambda h: h[0] == "command" and any("kok" in c for c in h),
                              "exit-code")
    for cell in header[1:]:
        m = re.fullmatch(r"(\d+) \(`(k\w+)`\)", cell)
        if not m:
            diffs.append(f"exit-code table: header cell '{cell}' is not 'N (`kName`)'")
            continue
        code, name = int(m.group(1)), m.group(2)
        if name not in consts:
            diffs.append(f"exit-code table: {name} is not a constant of cli/usage.h "
                         f"({', '.join(sorted(consts))})")
        elif consts[name] != code:
            diffs.append(f"exit-code table: the column {code} is {name}, which cli/usage.h "
                         f"makes {consts[name]}")
    named = {re.findall(r"`([^`]+)`", c[0])[0].split()[0] for _, c in rows
             if re.findall(r"`([^`]+)`", c[0])}
    for c in commands:
        if c not in named:
            diffs.append(f"exit-code table: no row for `{c}`")
    for _, cells in rows:
        if len(cells) != len(header):
            diffs.append(f"exit-code table: row '{cells[0]}' has {len(cells)} cells")
    return diffs


# ---------------------------------------------------------------------------- real runs

class Runner:
    def __init__(self, sim, src, work):
        self.sim, self.src, self.work = sim, src, work
        self.kernels = os.path.join(src, "kernels")
        self.inputs = os.path.join(src, "tests", "cli", "inputs")
        self.problems = []

    def run(self, *args, rc=0, env=None):
        argv = [self.sim] + [str(a) for a in args]
        for attempt in range(3):  # the binary may be relinked by a build for a moment
            try:
                p = subprocess.run(argv, cwd=self.work, stdin=subprocess.DEVNULL,
                                   capture_output=True, text=True, timeout=TIMEOUT, env=env)
                break
            except OSError:  # "Permission denied", or an empty binary mid-link
                if attempt == 2:
                    raise
                time.sleep(30)
        if p.returncode != rc:
            self.problems.append(f"`loom-sim {' '.join(map(str, args))}` exited {p.returncode}, "
                                 f"expected {rc}; stderr: {p.stderr[-400:]}")
        return p

    def expect(self, cond, what):
        if not cond:
            self.problems.append(what)

    def k(self, name):
        return os.path.join(self.kernels, name)

    def i(self, name):
        return os.path.join(self.inputs, name)


def strip_ptr(text):
    return re.sub(r"base@ = 0x[0-9a-fA-F]+", "base@ = 0x?", text)


SUMMARY = re.compile(r"^loom-sim: \d+ accelerated call\(s\), .* ms$")


def last_line(text):
    lines = text.rstrip("\n").split("\n")
    return lines[-1] if lines else ""


def check_every(r):
    p = r.run("--help")
    r.expect(p.stdout.startswith("loom-sim: ") and "Subcommands:" in p.stdout and not p.stderr,
             "`loom-sim --help`: not on stdout")
    p = r.run("run", "--help")
    r.expect("Options:" in p.stdout and not p.stderr, "`loom-sim run --help`: not on stdout")
    p = r.run("--version")
    r.expect(p.stdout.startswith("loom-sim ") and not p.stderr, "`loom-sim --version`: not on stdout")
    p = r.run("run", "--engin", "clocked", r.k("gemm.mlir"), rc=2)
    r.expect(not p.stdout and p.stderr.startswith("loom-sim: error: "),
             "a usage error: not `loom-sim: error:` on stderr alone")
    p = r.run("check", r.i("unknown_op.mlir"), rc=2)
    r.expect(not p.stdout and re.match(r"^\S+unknown_op\.mlir:3:8: error: ", p.stderr),
             "a located error: not `FILE:LINE:COL: error:` on stderr alone")
    p = r.run("-v", "verify", r.i("dot.dfg.mlir"))
    r.expect(not p.stdout and "[info]" in p.stderr, "`loom-sim -v`: the log is not on stderr")


def check_run(r):
    expected = strip_ptr(open(r.k("gemm.expected")).read())
    p = r.run("run", r.k("gemm.mlir"))
    r.expect(strip_ptr(p.stdout) == expected,
             "`run kernels/gemm.mlir`: stdout is not the program's output (gemm.expected)")
    r.expect(SUMMARY.match(last_line(p.stderr)),
             f"`run kernels/gemm.mlir`: stderr does not end with the summary: {p.stderr!r}")
    p = r.run("run", r.k("gemm.mlir"), "-o", "gemm.out")
    r.expect(not p.stdout and strip_ptr(open(os.path.join(r.work, "gemm.out")).read()) == expected,
             "`run -o FILE`: the program's output is not in FILE alone")
    # An output named `-`: it on stdout, the program's output on stderr (it comes first
    # there: the findings and the summary are printed after the run).
    starts = {"--report": "{", "--dot": "digraph", "--svg": "<?xml", "--html": "<!DOCTYPE html>",
              "--gtkw": "[*] written by loom-sim", "--fixed-dfg": "handshake.func @gcd_array"}
    for opt, first in starts.items():
        if opt == "--fixed-dfg":  # the run stops at the deadlock before gcd prints anything
            p = r.run("run", r.k("gcd.mlir"), "--inject", "mem-ctrl-raw", "--try-fix", opt, "-", rc=1)
            r.expect(p.stdout.startswith(first) and "raw_will_continue" in p.stderr,
                     f"`run {opt} -`: the repaired network is not on stdout: {p.stdout[:80]!r}")
            continue
        else:
            extra = ["--vcd", "g.vcd"] if opt == "--gtkw" else []
            p = r.run("run", r.k("gemm.mlir"), opt, "-", *extra)
            program = "Unranked Memref base@"
        r.expect(p.stderr.startswith(program) and program not in p.stdout,
                 f"`run {opt} -`: the program's output is not on stderr alone: {p.stderr[:80]!r}")
        r.expect(p.stdout.startswith(first),
                 f"`run {opt} -`: stdout does not start with the {opt} output: {p.stdout[:80]!r}")
        if opt == "--report" and p.stdout.startswith("{"):
            r.expect(json.loads(p.stdout).get("command") == "run", "`run --report -`: not a report")
    p = r.run("run", r.k("dot.mlir"), "--junit", "-")
    r.expect(p.stdout.startswith("<?xml") and "<testsuites" in p.stdout
             and p.stderr.startswith("2.5601\n"),
             "`run --junit -`: stdout is not the XML alone, with the program's output on stderr")
    # A failing run: the findings and the summary, then the runtime error after it.
    p = r.run("run", r.i("accel_oob.mlir"), rc=1)
    lines = p.stderr.rstrip("\n").split("\n")
    r.expect(len(lines) >= 2 and SUMMARY.match(lines[-2]) and "error: out-of-bounds" in lines[-1],
             f"`run accel_oob.mlir`: stderr is not the summary then the runtime error: {lines!r}")
    p = r.run("run", r.k("gcd.mlir"), "--inject", "mem-ctrl-raw", "--try-fix", rc=1)
    after = p.stderr.split("\nloom-sim: 3 accelerated call(s), ")[-1]
    r.expect("\nloom-sim: try-fix: the fix is verified" in after,
             "`run --try-fix`: its lines do not come after the summary")
    r.expect(not p.stdout, "`run --try-fix` of a run stopped before gcd prints: stdout is not empty")


def check_no_accel(r):
    p = r.run("run", r.k("gemm.mlir"), "--no-accel")
    r.expect(strip_ptr(p.stdout) == strip_ptr(open(r.k("gemm.expected")).read()) and not p.stderr,
             f"`run --no-accel`: stdout is not the program's output, or stderr is not empty: {p.stderr!r}")
    p = r.run("run", r.i("parallel_race.mlir"), "--no-accel", rc=1)
    r.expect("race" in p.stderr and "accelerated call(s)" not in p.stderr,
             "`run --no-accel` with a race: the finding is not on stderr, or a summary is")


def check_many(r):
    p = r.run("run", r.k("dot.mlir"), r.i("accel_oob.mlir"), r.i("unknown_op.mlir"), rc=2)
    words = [l.split()[0] for l in p.stdout.split("\n") if re.match(r"^(PASS|FAIL|ERROR|CRASH)", l)]
    r.expect(words == ["PASS", "FAIL", "ERROR"],
             f"`run` with several kernels: the per-kernel lines are not on stdout: {p.stdout!r}")
    r.expect(re.search(r"^    \S*accel_oob\.mlir:2:8: error: out-of-bounds", p.stdout, re.M),
             "`run` with several kernels: a failing kernel's stderr is not indented below its line")
    r.expect(re.search(r"^3 kernel\(s\): 1 passed, 1 failed, 1 bad input, ", last_line(p.stdout)),
             "`run` with several kernels: the total is not stdout's last line")
    r.expect("Unranked" not in p.stdout and not p.stderr,
             f"`run` with several kernels: stderr is not empty, or a program's output shows: {p.stderr!r}")
    p = r.run("run", r.k("dot.mlir"), r.k("gemm.mlir"), "--report", "r.json", rc=2)
    r.expect(not p.stdout and p.stderr.startswith("loom-sim: error: --report r.json: with 2 kernels"),
             "`run` with several kernels: what stops the batch is not on stderr alone")
    p = r.run("run", r.k("dot.mlir"), r.i("accel_oob.mlir"), rc=1)
    r.expect(p.returncode == 1, "`run` with several kernels: the worst code is not 1")


def check_check(r):
    p = r.run("check", r.k("dot.mlir"))
    r.expect(not p.stdout and not p.stderr, "`check`: prints something on success")
    p = r.run("check", r.k("dot.mlir"), "--print")
    r.expect("func.func @dot" in p.stdout and not p.stderr, "`check --print`: the module is not on stdout")


def check_upgrade(r):
    old = os.path.join(r.src, "tests", "regress", "mlir14_spelling.mlir")
    p = r.run("upgrade", old)
    r.expect("func.func" in p.stdout and p.stderr.startswith("upgraded: "),
             "`upgrade`: the text is not on stdout, or the changes are not on stderr")
    p = r.run("upgrade", old, "-o", "new.mlir")
    r.expect(not p.stdout and p.stderr.startswith("upgraded: "), "`upgrade -o`: prints on stdout")
    p = r.run("upgrade", "new.mlir", "-o", "-")
    r.expect("func.func" in p.stdout and "already in the current spelling" in p.stderr,
             "`upgrade -o -` of an upgraded file: not the text on stdout and the note on stderr")


def check_lower(r):
    p = r.run("lower", r.k("dot.mlir"))
    r.expect(p.stdout.startswith('"loom.dfg"()') and not p.stderr, "`lower`: the DFG is not on stdout")
    p = r.run("lower", r.k("dot.mlir"), "-o", "dot.dfg.mlir")
    r.expect(not p.stdout and not p.stderr, "`lower -o FILE`: prints something")
    p = r.run("lower", r.k("dot.mlir"), "-o", "dot2.dfg.mlir", "--dot", "-")
    r.expect(p.stdout.startswith("digraph"), "`lower --dot -`: the DOT is not on stdout")
    p = r.run("lower", r.k("gcd.mlir"), "--func", "gcd_array", "--inject", "mem-ctrl-raw",
              "-o", "gcd_bad.dfg.mlir", rc=1)
    r.expect(not p.stdout and "raw_will_continue" in p.stderr
             and os.path.getsize(os.path.join(r.work, "gcd_bad.dfg.mlir")) > 0,
             "`lower` with a violation: not on stderr, or the DFG is not written")


def check_verify(r):
    p = r.run("verify", "dot.dfg.mlir")
    r.expect(not p.stdout and not p.stderr, "`verify`: prints something on success")
    p = r.run("verify", "dot.dfg.mlir", "--dot", "-")
    r.expect(p.stdout.startswith("digraph"), "`verify --dot -`: the DOT is not on stdout")
    p = r.run("-v", "verify", "dot.dfg.mlir")
    r.expect(not p.stdout and "static verifier passed" in p.stderr, "`-v verify`: no verdict on stderr")
    p = r.run("verify", "gcd_bad.dfg.mlir", rc=1)
    r.expect(not p.stdout and "raw_will_continue" in p.stderr, "`verify` with a violation: not on stderr")


def check_sim(r):
    args = ["--mem", "0=random:1:8", "--mem", "1=zeros:8", "--arg", "2=8"]
    p = r.run("sim", "dot.dfg.mlir", *args)
    r.expect(p.stdout.startswith("@dot: done after ") and "result #0: " in p.stdout
             and "memory #1: " in p.stdout, "`sim`: the results and memories are not on stdout")
    r.expect(re.match(r"^loom-sim: 1 call, .* ms$", p.stderr.rstrip("\n")),
             f"`sim`: stderr is not the summary line: {p.stderr!r}")
    p = r.run("sim", "dot.dfg.mlir", *args, "--report", "-")
    r.expect(json.loads(p.stdout).get("command") == "sim" and p.stderr.startswith("@dot: done after "),
             "`sim --report -`: stdout is not the report alone, with the results on stderr")
    p = r.run("sim", "dot.dfg.mlir", "--mem", "0=random:1:8", "--mem", "1=zeros:8", "--arg", "2=9", rc=1)
    r.expect(p.stdout.startswith("@dot: op error") and "op-error" in p.stderr
             and re.match(r"^loom-sim: 1 call, .*FAILED", last_line(p.stderr)),
             "`sim` with an out-of-bounds address: not an op-error finding, then the summary")
    p = r.run("sim", "dot.dfg.mlir", "--mem", "0=zeros:8", rc=2)
    r.expect(not p.stdout and "needs --mem 1=" in p.stderr,
             "`sim` without an argument: not bad input on stderr")


def check_timing(r):
    p = r.run("timing", "--defaults")
    r.expect(json.loads(p.stdout).get("channelCapacity") == 2 and not p.stderr,
             "`timing --defaults`: the JSON is not on stdout")
    p = r.run("timing", rc=2)
    r.expect(not p.stdout and "give --defaults or --check" in p.stderr, "`timing`: no error on stderr")


def check_explain(r):
    p = r.run("explain", "L103")
    r.expect(p.stdout.startswith("L103 mem-ctrl-on-raw: ") and "Wrong:" in p.stdout
             and "Repair:" in p.stdout and not p.stderr, "`explain L103`: the rule is not on stdout")
    p = r.run("explain")
    r.expect(len(p.stdout.splitlines()) > 10 and not p.stderr, "`explain`: the list is not on stdout")
    p = r.run("explain", "L999", rc=2)
    r.expect(not p.stdout and "no rule 'L999'" in p.stderr, "`explain L999`: no error on stderr")


def check_mutate(r):
    p = r.run("mutate", r.k("dot.mlir"), "-j", "2")
    r.expect(last_line(p.stdout).startswith("caught_static ") and p.stdout.startswith("mutate ")
             and not p.stderr, f"`mutate`: the campaign is not on stdout: {p.stderr!r}")
    p = r.run("mutate", r.k("dot.mlir"), "--list")
    r.expect(p.stdout.startswith("@dot control-source:0 ") and not p.stderr,
             "`mutate --list`: the sites are not on stdout")
    p = r.run("mutate", r.k("dot.mlir"), "--func", "dot", "--mutant", "control-source:0",
              "--emit", "loom")
    r.expect("handshake.func @dot" in p.stdout and "takes 'after_cond'" in p.stderr,
             "`mutate --emit`: the network is not on stdout, or its line not on stderr")
    p = r.run("mutate", r.k("dot.mlir"), "--operator", "bogus", rc=2)
    r.expect(not p.stdout and "no such operator" in p.stderr, "`mutate --operator bogus`: no error")


def check_diff(r):
    p = r.run("diff", r.k("dot.mlir"), "--dfg", "dot=dot.dfg.mlir")
    r.expect(last_line(p.stdout) == "0 difference(s)" and "ours    " in p.stdout and not p.stderr,
             f"`diff`: the comparison is not on stdout, or stderr is not empty: {p.stderr!r}")
    p = r.run("diff", r.k("gcd.mlir"), "--dfg", "gcd_array=gcd_bad.dfg.mlir", rc=1)
    r.expect(re.match(r"^[1-9]\d* difference\(s\)$", last_line(p.stdout)) and "FAILED" in p.stdout,
             "`diff` with differences: not on stdout, or exit not 1")


def check_tune(r):
    p = r.run("tune", r.k("dot.mlir"), "-o", "caps.json")
    r.expect(p.stdout.startswith("tune ") and "  after " in p.stdout and "wrote caps.json" in p.stdout
             and not p.stderr and json.load(open(os.path.join(r.work, "caps.json")))["channelCapacity"] == 2,
             f"`tune`: the table is not on stdout, or no timing file: {p.stderr!r}")
    with open(os.path.join(r.work, "bad-caps.json"), "w") as f:
        f.write('{"channels": {"@dot": {"no -> such:0": 3}}}')
    p = r.run("tune", r.k("dot.mlir"), "--timing", "bad-caps.json", rc=2)
    r.expect(not p.stdout and "has no channel 'no -> such:0'" in p.stderr,
             "`tune` with a bad channel: not bad input on stderr")


def check_rtl(r):
    p = r.run("rtl", r.k("dot.mlir"), "--ext-words", "8", "-o", "rtl")
    r.expect(not p.stdout and not p.stderr and os.path.exists(os.path.join(r.work, "rtl", "loom_dot.sv")),
             "`rtl`: prints something, or writes no loom_dot.sv")
    p = r.run("-v", "rtl", r.k("dot.mlir"), "--ext-words", "8", "-o", "rtl2")
    r.expect(not p.stdout and "wrote " in p.stderr, "`-v rtl`: no `wrote FILE` on stderr")
    p = r.run("rtl", r.k("dot.mlir"), "-o", "rtl3", rc=2)
    r.expect(not p.stdout and "--ext-words" in p.stderr, "`rtl` of a dynamic shape: not bad input")


def check_version(r):
    p = r.run("version")
    r.expect(re.match(r"^loom-sim \S+ \(git [^)]+\)\n$", p.stdout) and not p.stderr,
             f"`version`: not the version line on stdout: {p.stdout!r}")


def sweep_manifest(r):
    """A 4-task sweep of two shipped kernels, written once."""
    path = os.path.join(r.work, "sweep.toml")
    if not os.path.exists(path):
        with open(path, "w") as f:
            f.write('kernels = ["%s", "%s"]\n[grid]\nmemoryLatency = [1, 4]\n'
                    % (r.k("gemm.mlir"), r.k("dot.mlir")))
    return path


def check_sweep_plan(r):
    p = r.run("sweep", "plan", sweep_manifest(r))
    lines = p.stdout.splitlines()
    r.expect(len(lines) == 7 and lines[-2] == "2 kernel(s) x 2 point(s) x 1 engine(s) = 4 tasks"
             and lines[-1].startswith("1 batch of 4 consecutive tasks, ") and not p.stderr,
             f"`sweep plan`: not the tasks, their count and batches: {p.stdout!r}")
    p = r.run("sweep", "plan", os.path.join(r.work, "none.toml"), rc=2)
    r.expect(not p.stdout and "none.toml: error: no such manifest file" in p.stderr,
             f"`sweep plan` of no manifest: not the error on stderr: {p.stderr!r}")


def check_sweep_run(r):
    out = os.path.join(r.work, "sweep-out")
    p = r.run("sweep", "run", sweep_manifest(r), "--out", out)
    r.expect(re.match(r"^ran 4 of 4 tasks in [\d,]+ ms, 1 batch; 4 tasks: 4 passed, 0 failed, "
                      r"0 bad input, 0 crashed, 0 missing\n$", p.stdout) and not p.stderr,
             f"`sweep run`: not the summary line alone on stdout: {p.stdout!r} {p.stderr!r}")
    with open(os.path.join(r.work, "failing.toml"), "w") as f:
        f.write('kernels = ["%s"]\n[grid]\nmemoryLatency = [1]\n' % r.i("accel_oob.mlir"))
    p = r.run("sweep", "run", os.path.join(r.work, "failing.toml"), "--out",
              os.path.join(r.work, "sweep-fail"), rc=1)
    r.expect(p.stdout.startswith("FAIL       0  ") and "out-of-bounds access" in p.stdout
             and not p.stderr, f"`sweep run`: a failing task's lines not on stdout: {p.stdout!r}")


def fake_slurm(r):
    """A folder holding an sbatch that accepts everything as job 4242, and a squeue and
    scontrol that know nothing: where the output goes, not what Slurm does."""
    bin_dir = os.path.join(r.work, "fake-slurm")
    os.makedirs(bin_dir, exist_ok=True)
    for name, body in (("sbatch", "echo 4242"), ("squeue", "true"), ("scontrol", "true")):
        path = os.path.join(bin_dir, name)
        with open(path, "w") as f:
            f.write("#!/bin/sh\n" + body + "\n")
        os.chmod(path, 0o755)
    env = dict(os.environ)
    env["PATH"] = bin_dir + os.pathsep + env.get("PATH", "")
    return env


def check_sweep_submit(r):
    out = os.path.join(r.work, "sweep-slurm")
    p = r.run("sweep", "submit", sweep_manifest(r), "--out", out, env=fake_slurm(r))
    r.expect(p.stdout.startswith("submitted job 4242: 1 array element (0 of 1 chunks")
             and not p.stderr, f"`sweep submit`: not the job's line on stdout: {p.stdout!r}")
    env = dict(os.environ)
    env["PATH"] = os.path.join(r.work, "no-such-folder")
    p = r.run("sweep", "submit", sweep_manifest(r), "--out", os.path.join(r.work, "x"), rc=2,
              env=env)
    r.expect(not p.stdout and "sbatch not found" in p.stderr,
             f"`sweep submit` without sbatch: not the error on stderr: {p.stderr!r}")


def check_sweep_status(r):
    p = r.run("sweep", "status", os.path.join(r.work, "sweep-out"))
    r.expect(p.stdout.endswith(": 4 tasks: 4 passed, 0 failed, 0 bad input, 0 crashed, 0 "
                               "missing\n") and not p.stderr, f"`sweep status`: {p.stdout!r}")
    p = r.run("sweep", "status", os.path.join(r.work, "sweep-slurm"), rc=1, env=fake_slurm(r))
    r.expect("slurm: 1 chunk, job(s) 4242 (0): 0 done, 0 running, 0 pending, 1 incomplete"
             in p.stdout and not p.stderr, f"`sweep status` after submit: {p.stdout!r}")


def check_sweep_collect(r):
    p = r.run("sweep", "collect", os.path.join(r.work, "sweep-slurm"), rc=1, env=fake_slurm(r))
    r.expect("1 incomplete" in p.stdout and "4 tasks: 0 passed, 0 failed, 0 bad input, 0 "
             "crashed, 4 missing" in p.stdout and "table: " in p.stdout and not p.stderr,
             f"`sweep collect`: not the chunks and the table's lines on stdout: {p.stdout!r} "
             f"{p.stderr!r}")


def check_sweep_report(r):
    out = os.path.join(r.work, "sweep-out")
    p = r.run("sweep", "report", out)
    r.expect(p.stdout.startswith("4 tasks: 4 passed") and "table: " in p.stdout
             and not p.stderr, f"`sweep report`: {p.stdout!r} {p.stderr!r}")
    p = r.run("sweep", "report", out, "--csv", "-", "--json", os.path.join(r.work, "t.json"))
    r.expect(p.stdout.startswith("id,kernel,seed,engine,memoryLatency,verdict")
             and p.stderr.startswith("4 tasks: 4 passed"),
             f"`sweep report --csv -`: not the CSV on stdout, the rest on stderr: {p.stdout!r}")

# The stdout/stderr table's rows (their command cell, backquotes removed) and their checks,
# in the order they must run (lower writes the DFGs verify, sim and diff read).
CHECKS = [
    ("every command", check_every),
    ("run", check_run),
    ("run --no-accel", check_no_accel),
    ("run with several kernels or a folder", check_many),
    ("check", check_check),
    ("upgrade", check_upgrade),
    ("lower", check_lower),
    ("verify", check_verify),
    ("sim", check_sim),
    ("timing", check_timing),
    ("explain", check_explain),
    ("mutate", check_mutate),
    ("diff", check_diff),
    ("tune", check_tune),
    ("rtl", check_rtl),
    ("sweep plan", check_sweep_plan),
    ("sweep run", check_sweep_run),
    ("sweep submit", check_sweep_submit),
    ("sweep status", check_sweep_status),
    ("sweep collect", check_sweep_collect),
    ("sweep report", check_sweep_report),
    ("version", check_version),
]


def check_streams(section, sim, src):
    header, rows = find_table(tables(section),
                              lambda h: h == ["command", "stdout", "stderr"], "stdout/stderr")
    listed = [command_of(c[0]) for _, c in rows]
    known = [k for k, _ in CHECKS]
    diffs = [f"stdout/stderr table: row '{c}' has no check in cli_table.py" for c in listed
             if c not in known]
    diffs += [f"stdout/stderr table: cli_table.py checks '{c}', the table has no such row"
              for c in known if c not in listed]
    with tempfile.TemporaryDirectory(prefix="cli-table-") as work:
        r = Runner(sim, src, work)
        for name, check in CHECKS:
            if name in listed:
                before = len(r.problems)
                check(r)
                for p in r.problems[before:]:
                    diffs.append(f"stdout/stderr table, row '{name}': {p}")
    return diffs


# ---------------------------------------------------------------------------- self-test

def mutated(section, row_prefix, new_line=None, after=False):
    """The section with the first line starting with row_prefix replaced by new_line
    (None: dropped; after=True: new_line added after it)."""
    lines = section.split("\n")
    for k, l in enumerate(lines):
        if l.startswith(row_prefix):
            if after:
                lines.insert(k + 1, new_line)
            elif new_line is None:
                del lines[k]
            else:
                lines[k] = new_line
            return "\n".join(lines)
    raise Failure(f"self-test: no README line starts with '{row_prefix}'")


def self_test(section, helps, consts, commands):
    """The comparison must report each of these changes to the table, naming the option."""
    problems = []
    cases = [
        ("a row dropped", mutated(section, "| `run` | `--tokens` |"), ["--tokens", "README table does not"]),
        ("a row added", mutated(section, "| `run` | `--tokens` |",
                                "| `run` | `--frobnicate` | | | nothing |", after=True),
         ["--frobnicate", "does not"]),
        ("an alias dropped", mutated(section, "| `run` | `--func`, `--accel` |",
                                     "| `run` | `--func` | `NAME ...` | | x |"), ["--accel"]),
        ("a short form dropped", mutated(section, "| `upgrade` | `-o`, `--output` |",
                                         "| `upgrade` | `--output` | `FILE` | | x |"), ["-o,--output"]),
        ("an argument given to a flag", mutated(section, "| `run` | `--no-accel` |",
                                                "| `run` | `--no-accel` | `FILE` | | x |"), ["--no-accel", "a flag"]),
        ("a repeatable option made single", mutated(section, "| `lower` | `--inject` |",
                                                    "| `lower` | `--inject` | `NAME` | | x |"), ["--inject", "repeatable"]),
        ("a default changed", mutated(section, "| `sim` | `--max-cycles` |",
                                      "| `sim` | `--max-cycles` | `N` | `1,000` | x |"), ["--max-cycles", "default"]),
        ("a number made text", mutated(section, "| `rtl` | `--ext-words` |",
                                       "| `rtl` | `--ext-words` | `WORDS` | | x |"), ["--ext-words", "number"]),
        ("a choice dropped", mutated(section, "| `lower` | `--format` |",
                                     "| `lower` | `--format` | `loom.dfg` | | x |"), ["--format", "choices"]),
        ("required dropped", mutated(section, "| `rtl` | `-o`, `--output` |",
                                     "| `rtl` | `-o`, `--output` | `DIR` | | x |"), ["-o,--output", "required"]),
        ("an exclusion not named", mutated(section, "| `run` | `--brief` |",
                                           "| `run` | `--brief` | | | short |"), ["--brief", "excludes --expand"]),
    ]
    for what, text, words in cases:
        try:
            diffs = compare_options(helps, readme_options(text))
        except Failure as e:
            diffs = [str(e)]
        if not any(all(w in d for w in words) for d in diffs):
            problems.append(f"self-test: {what}: not reported (expected a difference naming "
                            f"{' and '.join(words)}; got {diffs})")
    swapped = section.replace("| 1 (`kFailed`) | 2 (`kBadInput`) |", "| 2 (`kFailed`) | 1 (`kBadInput`) |")
    if swapped == section:
        problems.append("self-test: the exit-code header is not '| 1 (`kFailed`) | 2 (`kBadInput`) |'")
    elif not any("kFailed" in d for d in compare_exit_codes(swapped, consts, commands)):
        problems.append("self-test: swapped exit codes are not reported")
    dropped = mutated(section, "| `diff` | no difference |")
    if not any("`diff`" in d for d in compare_exit_codes(dropped, consts, commands)):
        problems.append("self-test: an exit-code row dropped is not reported")
    return problems


# ---------------------------------------------------------------------------- main

def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    sim, src = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    commands, helps = [], {}
    try:
        section = section_text(open(os.path.join(src, "README.md"), encoding="utf-8").read())
        main_help = subprocess.run([sim, "--help"], capture_output=True, text=True).stdout
        commands = subcommands(main_help)
        if not commands:
            raise Failure("`loom-sim --help` lists no subcommands")
        helps = {"loom-sim": parse_help(main_help, "loom-sim --help")}
        for c in commands:
            text = subprocess.run([sim, c, "--help"], capture_output=True, text=True).stdout
            helps[c] = parse_help(text, f"loom-sim {c} --help")
            # A command with commands of its own (`sweep run`): each has its options' rows.
            for sub in subcommands(text):
                words = [c, sub]
                text = subprocess.run([sim, *words, "--help"], capture_output=True,
                                      text=True).stdout
                helps[" ".join(words)] = parse_help(text, f"loom-sim {' '.join(words)} --help")
        consts = constants(os.path.join(src, "cli", "usage.h"))
        problems = self_test(section, helps, consts, commands)
        problems += compare_options(helps, readme_options(section))
        problems += compare_exit_codes(section, consts, commands)
        problems += check_streams(section, sim, src)
    except Failure as e:
        problems = [str(e)]
    for p in problems:
        print("FAIL: " + p)
    n = sum(len(o) for o in helps.values())
    print(f"cli_table: {'FAILED' if problems else 'ok'}: {len(commands)} command(s), {n} "
          f"option(s) in --help, {len(problems)} difference(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
