#!/usr/bin/env python3
"""doctest.py: every command the docs show is run, and every output they show is compared.

Usage:
  doctest.py [--source-dir DIR] [--bin DIR/NAME=PATH]... [--keep] [--list] [--no-mount] [-v]
             LOOM_SIM FILE.md...

LOOM_SIM is the binary under test; FILE.md are paths relative to the source directory
(default: two levels above this script). For each file, its code blocks are run in
order, in one fresh temporary work directory whose layout makes the docs' relative
paths work:

  kernels scripts tests tools bench docs examples: symlinks to the source tree (read-only use)
  build/loom-sim                           symlink to LOOM_SIM
  DIR/NAME                                 symlink to PATH, for each --bin DIR/NAME=PATH
                                           (build/loom-gen, build-release/loom-sim, ...)
  ../shared/loom-corpus                    symlink to --corpus DIR (LOOM's files, kept
                                           outside the repository; read-only too); without
                                           it, a block whose commands name that path or
                                           whose annotation says `corpus` is skipped, with
                                           the outputs of a skipped command, and the
                                           summary says so

`build/` is put first on PATH, so a bare `loom-sim` is the binary under test too. Every
command runs verbatim in its own `bash -c` with the work directory as its current
directory, stdin from /dev/null, TERM=dumb, and a time limit (300 s, `timeout=N`; times LOOM_TIMEOUT_SCALE from the environment).
Files a command writes land in the work directory; a later block of the same file sees
them. Nothing may be written into the source tree. Where user namespaces allow it
(`unshare --user --map-root-user --mount`), each command runs in a mount namespace in
which the whole source directory (and the real place of each linked tree, should it be
a symlink) is bind-mounted read-only, so a write into it fails where it is attempted
(the command fails, "Read-only file system"). Elsewhere (and with --no-mount) every
file and directory under the symlinked trees is listed (path, size, mtime) before and
after each command, and any difference fails the test, naming the command (in a tree
that someone edits while the test runs, an edit made during a command is reported too).

--keep leaves the work directory in place and prints it; --list prints every code block
with the commands found and its annotation, and runs nothing; -v prints every command
run and every output compared.

Code blocks (CommonMark subset): a fenced block (a line starting with ```, up to the
next such line), or an indented block (lines indented by 4 or more spaces, beginning
after a blank line; interior blank lines belong to it; the 4 spaces are removed).

Which lines are commands (the rule the test enforces):
  * If a block has a line starting with "$ " (a prompt), it is a transcript: exactly
    its "$ " lines are commands, and the lines after each one, up to the next "$ " line
    or the end of the block, are the output the docs show for it.
  * Otherwise a line is a command if its first word (after leading VAR=value
    assignments) is one of the program names in COMMAND_WORDS below (loom-sim, bash,
    python3, gtkwave, FileCheck, lit, ctest, cmake, ...), such a name with a version
    suffix (mlir-opt-22) or an absolute path to one (/usr/lib/llvm-22/bin/lit), or a
    relative path to a program in the repository or a build directory:
    (./)?(build*|scripts|bench|tools|tests)/... whose last component has no dot or ends
    in .sh or .py (so `kernels/gcd.mlir:24:10: error: ...` is not a command).
  * A line ending in a backslash continues on the next line.
A block with at least one command and no annotation is a FAILURE: a command cannot
enter the docs without a test. A block without commands and without an annotation
(MLIR listings, diagrams, tables, excerpts) is left alone.

Annotations: an HTML comment `<!-- doctest: ... -->` (invisible when rendered), on its
own line(s), followed by blank lines only and then the block it applies to.

  <!-- doctest: run [exit=N] [contains-lines] [timeout=N] -->
      Run every command of the block, in order; each must exit with N (default 0). A
      trailing `# exit N` comment on a command sets its own expected code (and is thus
      checked). In a transcript, each command's shown output is compared with what it
      writes to stdout and stderr together (one pipe, as on a terminal): exactly, or
      with contains-lines as an excerpt. A transcript command with no lines after it
      must print nothing. In a block without prompts every line must be a command.
  <!-- doctest: output [stdout|stderr|merged|file=PATH] [MODE] [exit=N] [from: COMMAND] -->
      The block is output. It is compared with the previous command run in this file
      (the last command of the last run block), or, with `from:`, with COMMAND, run
      here (a hidden command, for output the docs show without its command; the rest of
      the comment is the command). Source: stdout (default), stderr, merged (both
      through one pipe), or the contents of file PATH in the work directory after the
      command. MODE:
        exact           (default) the whole output, line for line;
        last-line       the block is one line, equal to the output's last line;
        contains-lines  an excerpt: each shown line appears in the output, in order
                        (other lines may lie between); a line that is just `...` is
                        dropped, and a line ending in ` ...` matches an output line
                        that starts with the text before ` ...`;
        json-fragment   the block is a JSON object (reformatted as the docs like); the
                        output must be JSON containing an object of which the shown
                        one is a subset: every shown key present with an equal value
                        (objects compared the same way, recursively; arrays and
                        scalars equal).
  <!-- doctest: patch SRC -> DST -->
      The block is an edit shown as a diff: "-" lines to find and "+" lines to put in
      their place. The edit is applied to work-directory file SRC and written to DST.
      Each run of "-" lines followed by a run of "+" lines is a hunk. A "-" line matches
      exactly one line of SRC that starts with it, where `...` in it stands for any text
      (the line may go on: the type signature and location are left out). The k-th "+"
      line of a hunk replaces the k-th "-" line: its `...` are filled with what the
      `...` of that "-" line matched, in order, and the rest of the replaced line is kept.
      Further "+" lines are inserted after the hunk's last replaced line, as written.
  <!-- doctest: listing PATH -->
      The block shows a part of file PATH (a source file, through the work directory's
      symlinks): its lines must be consecutive lines of the file.
  <!-- doctest: skip: REASON -->
      The block's commands are not run (the test suite itself, installing packages,
      multi-minute measurements, interactive programs, placeholders). The reason is
      required and printed.

Normalization, applied to both the shown and the real output before comparing (values
that legitimately vary from run to run; nothing else is touched, so cycles, transfers,
findings and messages must match exactly):
  * the elapsed time at the end of loom-sim's summary line (`loom-sim: ..., 3 ms`, and
    the lines of a run of many kernels: `PASS  k.mlir  ..., 3 ms`, `2 kernel(s): ...`, the
    first line of a mutation campaign: `mutate k.mlir: ..., 0.5 s`) and
    the rate of its progress line (`9.8M tokens/s`) become `<time>` and `<rate>`;
  * the work directory's absolute path becomes `$PWD`;
  * trailing white space of each line, and blank lines at the end, are dropped
    (printMemref's `data = ` ends in a space, which markdown cannot keep).

Output: every failure with its doc line (and a diff), every skip with its reason (with
-v also every command run and output compared), and per file a count of commands run,
outputs compared, edits applied and commands skipped. Exit 0 if everything passed, 1
otherwise.
"""

import argparse
import difflib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

LINKED_DIRS = ["kernels", "scripts", "tests", "tools", "bench", "docs", "examples"]
# LOOM's files, as the docs name them: BASE/shared/loom-corpus links to --corpus.
CORPUS_PATH = "../shared/loom-corpus"


COMMAND_WORDS = {
    "loom-sim", "loom-gen", "loom-reduce", "bash", "sh", "python3", "python", "gtkwave",
    "surfer", "FileCheck", "lit", "ctest", "cmake", "ninja", "make", "mlir-opt",
    "mlir-runner", "valgrind", "perf", "apt-get", "apt", "sudo", "git", "clang-format",
    "printf", "echo", "cat", "cd", "diff", "env", "time", "ls", "cp", "mv", "rm",
    "llvm-lit", "timeout", "pip", "pip3", "docker",
}
PROGRAM_PATH = re.compile(r"^(\./)?(build[\w.-]*|scripts|bench|tools|tests)/[^\s:]*$")
ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=\S*$")
ANNOTATION = re.compile(r"<!--\s*doctest:(.*?)-->", re.S)
DEFAULT_TIMEOUT = 300
# A sanitizer build runs every command about 5x slower: ctest passes its factor.
TIMEOUT_SCALE = int(os.environ.get("LOOM_TIMEOUT_SCALE", "1"))


class DocError(Exception):
    """A malformed annotation or block: reported as a failure at its line."""


# ----------------------------------------------------------------------------- parsing

class Block:
    def __init__(self, kind, line, lines):
        self.kind = kind          # "fence" or "indent"
        self.line = line          # 1-based line of the block's first line
        self.lines = lines        # the block's text, indentation removed
        self.annotation = None    # (line, text) of the annotation, if any


def parse_blocks(text):
    """Code blocks and annotations of a markdown text."""
    src = text.split("\n")
    blocks = []
    pending = None            # annotation waiting for its block
    i = 0
    prev_blank = True
    while i < len(src):
        line = src[i]
        stripped = line.strip()
        if stripped.startswith("<!--") and "doctest:" in stripped:
            start = i
            buf = line
            while "-->" not in buf and i + 1 < len(src):
                i += 1
                buf += "\n" + src[i]
            m = ANNOTATION.search(buf)
            if not m:
                raise DocError(f"line {start + 1}: unterminated doctest annotation")
            if pending:
                raise DocError(f"line {pending[0]}: annotation not followed by a code block")
            pending = (start + 1, " ".join(m.group(1).split()))
            i += 1
            prev_blank = True      # an HTML block ends here; a code block may follow
            continue
        if re.match(r"^ {0,3}```", line):
            start = i
            body = []
            i += 1
            while i < len(src) and not re.match(r"^ {0,3}```", src[i]):
                body.append(src[i])
                i += 1
            b = Block("fence", start + 2, body)
            b.annotation, pending = pending, None
            blocks.append(b)
            i += 1
            prev_blank = False
            continue
        if line.startswith("    ") and prev_blank:
            start = i
            body = []
            while i < len(src) and (src[i].startswith("    ") or src[i].strip() == ""):
                body.append(src[i][4:] if src[i].startswith("    ") else "")
                i += 1
            while body and body[-1].strip() == "":
                body.pop()
            b = Block("indent", start + 1, body)
            b.annotation, pending = pending, None
            blocks.append(b)
            prev_blank = True
            continue
        if stripped != "" and pending:
            raise DocError(f"line {pending[0]}: annotation not followed by a code block "
                           f"(text at line {i + 1})")
        prev_blank = stripped == ""
        i += 1
    if pending:
        raise DocError(f"line {pending[0]}: annotation at the end of the file")
    return blocks


def first_word(line):
    words = line.split()
    while words and ASSIGNMENT.match(words[0]):
        words = words[1:]
    return words[0] if words else ""


def is_command(line):
    w = first_word(line)
    base = w.rsplit("/", 1)[-1]
    if w in COMMAND_WORDS or re.sub(r"-\d+$", "", w) in COMMAND_WORDS:
        return True
    if w.startswith("/") and (base in COMMAND_WORDS or re.sub(r"-\d+$", "", base) in COMMAND_WORDS):
        return True
    if PROGRAM_PATH.match(w):
        base = w.rsplit("/", 1)[-1]
        return base != "" and ("." not in base or base.endswith((".sh", ".py")))
    return False


def join_continuations(lines):
    """(index of first line, joined line) for lines ending in a backslash."""
    out = []
    i = 0
    while i < len(lines):
        start, cur = i, lines[i]
        while cur.endswith("\\") and i + 1 < len(lines):
            i += 1
            cur = cur[:-1] + " " + lines[i].strip()
        out.append((start, cur))
        i += 1
    return out


class Command:
    def __init__(self, line, text, shown=None):
        self.line = line          # doc line
        self.text = text          # as the docs show it, without the prompt
        self.shown = shown        # transcript: the output lines shown, else None


def block_commands(block):
    """The commands of a block, with their shown output in a transcript."""
    if any(l.startswith("$ ") for l in block.lines):
        cmds = []
        cur = None
        for k, l in enumerate(block.lines):
            if l.startswith("$ "):
                cur = Command(block.line + k, l[2:].strip(), [])
                cmds.append(cur)
            elif cur is None:
                if l.strip():
                    raise DocError(f"line {block.line + k}: transcript text before the first '$ '")
            else:
                cur.shown.append(l)
        for c in cmds:
            while c.shown and c.shown[-1].strip() == "":
                c.shown.pop()
        return cmds, True
    return [Command(block.line + k, l.strip()) for k, l in join_continuations(block.lines)
            if l.strip() and is_command(l)], False


def parse_options(text):
    """Splits an annotation's text into (verb, options dict, from-command)."""
    frm = None
    if not text.startswith("skip") and re.search(r"\bfrom:", text):
        text, frm = re.split(r"\bfrom:\s*", text, maxsplit=1)
        frm = frm.strip()
    words = text.split()
    if not words:
        raise DocError("empty annotation")
    verb = words[0].rstrip(":")
    opts = {}
    for w in words[1:]:
        if "=" in w:
            k, v = w.split("=", 1)
            opts[k] = v
        else:
            opts[w] = True
    return verb, opts, frm


# ------------------------------------------------------------------------ normalization

SUMMARY_TIME = re.compile(r"^((loom-sim: |PASS |FAIL |ERROR |CRASH |\d+ kernel\(s\): |mutate ).*, )"
                          r"\d[\d,]*(\.\d+)? (ms|s)$")
RATE = re.compile(r"\b\d+(\.\d+)?[kMG]? tokens/s\b")


def normalize(text, workdir):
    text = text.replace(os.path.realpath(workdir), "$PWD").replace(workdir, "$PWD")
    out = []
    for l in text.split("\n"):
        l = l.rstrip()
        l = SUMMARY_TIME.sub(r"\1<time>", l)
        l = RATE.sub("<rate> tokens/s", l)
        out.append(l)
    while out and out[-1] == "":
        out.pop()
    return out


# --------------------------------------------------------------------------- comparing

def compare_exact(shown, real):
    if shown == real:
        return None
    return "\n".join(difflib.unified_diff(shown, real, "shown in the docs", "real output",
                                          lineterm="", n=2))


def compare_last_line(shown, real):
    if len(shown) != 1:
        return f"last-line: the block has {len(shown)} lines, not one"
    last = real[-1] if real else ""
    if shown[0] == last:
        return None
    return f"shown:     {shown[0]}\nlast line: {last}"


def excerpt_matches(want, have):
    if want.endswith(" ..."):
        return have.startswith(want[:-4])
    return have == want


def compare_contains(shown, real):
    want = [l for l in shown if l.strip() != "..."]
    j = 0
    for w in want:
        while j < len(real) and not excerpt_matches(w, real[j]):
            j += 1
        if j == len(real):
            near = difflib.get_close_matches(w, real, n=1, cutoff=0.5)
            msg = f"shown line not found in the output (in order):\n  {w}"
            if near:
                msg += f"\nclosest output line:\n  {near[0]}"
            return msg
        j += 1
    return None


def subset(frag, obj):
    if isinstance(frag, dict):
        return isinstance(obj, dict) and all(k in obj and subset(v, obj[k]) for k, v in frag.items())
    if isinstance(frag, list):
        return isinstance(obj, list) and len(frag) == len(obj) and all(
            subset(a, b) for a, b in zip(frag, obj))
    if isinstance(frag, bool) or isinstance(obj, bool):
        return frag is obj
    return frag == obj


def all_objects(x):
    if isinstance(x, dict):
        yield x
        for v in x.values():
            yield from all_objects(v)
    elif isinstance(x, list):
        for v in x:
            yield from all_objects(v)


def compare_json(shown, real):
    try:
        frag = json.loads("\n".join(shown))
    except json.JSONDecodeError as e:
        return f"json-fragment: the block is not JSON: {e}"
    try:
        doc = json.loads("\n".join(real))
    except json.JSONDecodeError as e:
        return f"json-fragment: the output is not JSON: {e}"
    if not isinstance(frag, dict):
        return "json-fragment: the block is not a JSON object"
    best, best_n = None, -1
    for o in all_objects(doc):
        if subset(frag, o):
            return None
        n = sum(1 for k, v in frag.items() if k in o and subset(v, o[k]))
        if n > best_n:
            best, best_n = o, n
    if best is None:
        return "json-fragment: the output has no object"
    bad = {k: best.get(k, "<missing>") for k, v in frag.items() if not (k in best and subset(v, best[k]))}
    return ("json-fragment: no object of the output contains the shown one; the closest "
            f"differs in {json.dumps(bad)}")


COMPARE = {"exact": compare_exact, "last-line": compare_last_line,
           "contains-lines": compare_contains, "json-fragment": compare_json}


# ----------------------------------------------------------------------------- patching

def apply_patch(lines_shown, src_text):
    """Applies a '-'/'+' excerpt diff (see the module doc) to src_text."""
    hunks = []
    for k, l in enumerate(lines_shown):
        if not l.strip():
            continue
        if l[0] not in "-+":
            raise DocError(f"patch line {k + 1} starts with neither '-' nor '+': {l}")
        if l[0] == "-" and (not hunks or hunks[-1][1]):
            hunks.append(([], []))
        if l[0] == "+" and not hunks:
            raise DocError("patch: a '+' line before any '-' line")
        hunks[-1][0 if l[0] == "-" else 1].append(l[1:])
    src = src_text.split("\n")
    edits = []   # (index in src, replacement lines)
    for minus, plus in hunks:
        last = None
        for k, m in enumerate(minus):
            parts = m.split("...")
            rx = re.compile("^" + "(.*?)".join(re.escape(p) for p in parts) + "(.*)$")
            hits = [(n, rx.match(s)) for n, s in enumerate(src) if rx.match(s)]
            if len(hits) != 1:
                raise DocError(f"patch: the line\n  {m}\nmatches {len(hits)} lines of the file, not one")
            n, mt = hits[0]
            rep = []
            if k < len(plus):
                caps = list(mt.groups())
                tail = caps.pop()
                pparts = plus[k].split("...")
                if len(pparts) - 1 != len(caps):
                    raise DocError(f"patch: '+' line {plus[k]!r} elides {len(pparts) - 1} part(s), "
                                   f"its '-' line {len(caps)}")
                text = pparts[0]
                for c, p in zip(caps, pparts[1:]):
                    text += c + p
                rep.append(text + tail)
            if k == len(minus) - 1:
                for extra in plus[len(minus):]:
                    if "..." in extra:
                        raise DocError(f"patch: an inserted line may not elide: {extra}")
                    rep.append(extra)
            edits.append((n, rep))
            last = n
    taken = [n for n, _ in edits]
    if len(set(taken)) != len(taken):
        raise DocError("patch: two '-' lines match the same line")
    for n, rep in sorted(edits, reverse=True):
        src[n:n + 1] = rep
    return "\n".join(src)


# ------------------------------------------------------------------------------ running

# Run as `bash -c READ_ONLY doctest COMMAND DIR...`: DIRs read-only, then COMMAND.
READ_ONLY = ('cmd=$1; shift; for d in "$@"; do mount --bind -o ro "$d" "$d" 2>/dev/null || '
             '{ echo "doctest: cannot mount $d read-only" >&2; exit 125; }; done; exec bash -c "$cmd"')


def protected_dirs(source_dir):
    """The source directory and the real places of the trees linked into a work directory."""
    dirs = [os.path.realpath(source_dir)]
    for d in LINKED_DIRS:
        r = os.path.realpath(os.path.join(source_dir, d))
        if os.path.isdir(r) and not any(r == x or r.startswith(x + "/") for x in dirs):
            dirs.append(r)
    return dirs


def read_only_works(source_dir):
    """Whether commands can run in a mount namespace that sees the source tree read-only
    (unshare, user namespaces): then a write into it fails where it is attempted."""
    if not shutil.which("unshare"):
        return False
    dirs = protected_dirs(source_dir)
    probe = f"touch '{dirs[0]}/.doctest-probe' 2>/dev/null && {{ rm -f '{dirs[0]}/.doctest-probe'; exit 1; }}; exit 0"
    try:
        p = subprocess.run(["unshare", "--user", "--map-root-user", "--mount", "bash", "-c", READ_ONLY,
                            "doctest", probe] + dirs,
                           stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return p.returncode == 0


def run_cmd(cmd, workdir, env, merged, timeout, read_only=None):
    argv = ["bash", "-c", cmd]
    if read_only:
        argv = ["unshare", "--user", "--map-root-user", "--mount", "bash", "-c", READ_ONLY,
                "doctest", cmd] + read_only
    try:
        p = subprocess.run(argv, cwd=workdir, env=env, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT if merged else subprocess.PIPE,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    dec = lambda b: b.decode("utf-8", "replace") if b is not None else ""
    return {"rc": p.returncode, "stdout": dec(p.stdout), "stderr": dec(p.stderr), "is_merged": merged,
            "merged": dec(p.stdout) if merged else dec(p.stdout) + dec(p.stderr)}


def tree_state(root):
    state = {}
    for d in LINKED_DIRS:
        top = os.path.join(root, d)
        for dirpath, dirnames, filenames in os.walk(top):
            for n in dirnames + filenames:
                p = os.path.join(dirpath, n)
                try:
                    st = os.lstat(p)
                except FileNotFoundError:
                    continue
                state[p] = (st.st_size, st.st_mtime_ns) if not os.path.isdir(p) else ("dir",)
        try:
            state[top] = ("dir", os.stat(top).st_mtime_ns)
        except FileNotFoundError:
            pass
    return state


def tree_changes(before, after):
    return sorted(set(before) ^ set(after) |
                  {p for p in before if p in after and before[p] != after[p]})


class FileRun:
    def __init__(self, args, doc):
        self.args = args
        self.doc = doc
        self.failures = []
        self.ran = 0
        self.hidden = 0
        self.compared = 0
        self.patched = 0
        self.skipped = []
        self.last = None          # (Command, result) of the last command run
        self.log = []

    def fail(self, line, msg):
        self.failures.append(f"{self.doc}:{line}: FAIL: {msg}")

    def note(self, line, msg):
        self.log.append(f"{self.doc}:{line}: {msg}")

    def setup(self):
        self.corpus_skipped = False  # the last command was skipped for want of LOOM's files
        # The work directory is BASE/work, so that `../shared/loom-corpus` (where LOOM's
        # files are kept beside a checkout) can be BASE/shared/loom-corpus, a link to
        # --corpus.
        self.base = tempfile.mkdtemp(prefix="loom-doctest-")
        self.workdir = os.path.join(self.base, "work")
        os.mkdir(self.workdir)
        if self.args.corpus:
            os.mkdir(os.path.join(self.base, "shared"))
            os.symlink(self.args.corpus, os.path.join(self.base, "shared", "loom-corpus"))
        for d in LINKED_DIRS:
            if os.path.isdir(os.path.join(self.args.source_dir, d)):
                os.symlink(os.path.join(self.args.source_dir, d), os.path.join(self.workdir, d))
        os.mkdir(os.path.join(self.workdir, "build"))
        os.symlink(os.path.abspath(self.args.loom_sim), os.path.join(self.workdir, "build", "loom-sim"))
        for b in self.args.bin:
            name, path = b.split("=", 1)
            dst = os.path.join(self.workdir, name)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            os.symlink(os.path.abspath(path), dst)
        env = dict(os.environ)
        env["PATH"] = os.path.join(self.workdir, "build") + os.pathsep + env.get("PATH", "")
        env["TERM"] = "dumb"
        env["PWD"] = self.workdir
        self.env = env

    def run(self, cmd, line, exit_code, merged, timeout, hidden=False):
        m = re.search(r"\s#\s*exit\s+(\d+)\b", " " + cmd)
        if m:
            exit_code = int(m.group(1))
        if self.args.read_only:
            res = run_cmd(cmd, self.workdir, self.env, merged, timeout,
                          protected_dirs(self.args.source_dir) +
                          ([self.args.corpus] if self.args.corpus else []))
        else:
            before = tree_state(self.args.source_dir)
            res = run_cmd(cmd, self.workdir, self.env, merged, timeout)
            for p in tree_changes(before, tree_state(self.args.source_dir)):
                self.fail(line, f"`{cmd}` changed the source tree: "
                                f"{os.path.relpath(p, self.args.source_dir)}")
        self.ran += 1
        self.hidden += hidden
        if res is None:
            self.fail(line, f"`{cmd}` did not finish in {timeout} s")
            return None
        self.last = (cmd, res)
        if res["rc"] != exit_code:
            out = res["merged"].rstrip("\n").split("\n")
            tail = "\n".join("    " + l for l in out[-15:])
            self.fail(line, f"`{cmd}` exited {res['rc']}, expected {exit_code}; its last output:\n{tail}")
        else:
            self.note(line, f"ran{' (hidden)' if hidden else ''}: {cmd}  [exit {res['rc']}]")
        return res

    def check(self, line, what, shown, real, mode):
        err = COMPARE[mode](normalize("\n".join(shown), self.workdir),
                            normalize(real, self.workdir))
        self.compared += 1
        if err:
            self.fail(line, f"{what} differs ({mode}):\n" + "\n".join("    " + l for l in err.split("\n")))
        else:
            self.note(line, f"compared ({mode}): {what}")

    def block(self, b):
        cmds, transcript = block_commands(b)
        if b.annotation is None:
            for c in cmds:
                self.fail(c.line, f"command without a doctest annotation: {c.text}")
            return
        aline, atext = b.annotation
        verb, opts, frm = parse_options(atext)
        allowed = {"run": {"exit", "contains-lines", "timeout", "corpus"},
                   "output": {"exit", "timeout", "stdout", "stderr", "merged", "file", "corpus"} |
                             set(COMPARE),
                   "skip": None, "patch": None, "listing": None}
        if verb not in allowed:
            raise DocError(f"line {aline}: unknown annotation '{verb}' (run, output, patch, listing, skip)")
        if allowed[verb] is not None:
            unknown = sorted(set(opts) - allowed[verb])
            if unknown:
                raise DocError(f"line {aline}: unknown option(s) of '{verb}': {', '.join(unknown)}")
        if frm is not None and verb != "output":
            raise DocError(f"line {aline}: from: belongs to an output block")
        timeout = int(opts.get("timeout", DEFAULT_TIMEOUT)) * TIMEOUT_SCALE
        if verb == "skip":
            reason = atext.split(":", 1)[1].strip() if ":" in atext else ""
            if not reason:
                raise DocError(f"line {aline}: a skip needs a reason: <!-- doctest: skip: REASON -->")
            if not cmds:
                raise DocError(f"line {aline}: skip on a block without commands")
            self.skipped.append((b.line, len(cmds), reason))
            self.note(b.line, f"skipped {len(cmds)} command(s): {reason}")
            return
        # Without LOOM's files: a block that names them, or says `corpus` (it reads what
        # such a block wrote), is skipped, and so are the outputs of a skipped command.
        texts = [c.text for c in cmds] + ([frm] if frm else [])
        needs = opts.get("corpus") or any(CORPUS_PATH in t for t in texts)
        if verb in ("run", "output") and not self.args.corpus and (
                needs or (verb == "output" and frm is None and self.corpus_skipped)):
            reason = f"needs {CORPUS_PATH}, absent here (--corpus)"
            self.skipped.append((b.line, len(cmds) or 1, reason))
            self.note(b.line, f"skipped: {reason}")
            self.corpus_skipped = verb == "run" or self.corpus_skipped
            return
        if verb == "run" or frm is not None:
            self.corpus_skipped = False
        if verb == "run":
            if not cmds:
                raise DocError(f"line {aline}: 'run' on a block without commands")
            if not transcript:
                for k, l in join_continuations(b.lines):
                    if l.strip() and not is_command(l):
                        raise DocError(f"line {b.line + k}: in a run block, not a command: {l}")
            mode = "contains-lines" if opts.get("contains-lines") else "exact"
            for c in cmds:
                res = self.run(c.text, c.line, int(opts.get("exit", 0)), transcript, timeout)
                if res is not None and transcript:
                    self.check(c.line, f"output of `{c.text}`", c.shown, res["merged"], mode)
            return
        if cmds and verb != "patch":
            raise DocError(f"line {aline}: '{verb}' on a block with commands (use run or skip)")
        if verb == "output":
            modes = [m for m in COMPARE if opts.get(m)]
            if len(modes) > 1:
                raise DocError(f"line {aline}: more than one comparison mode")
            mode = modes[0] if modes else "exact"
            streams = [s for s in ("stdout", "stderr", "merged") if opts.get(s)]
            if len(streams) > 1 or (streams and "file" in opts):
                raise DocError(f"line {aline}: more than one output source")
            stream = streams[0] if streams else "stdout"
            if frm:
                res = self.run(frm, aline, int(opts.get("exit", 0)), stream == "merged", timeout,
                               hidden=True)
                what_cmd = frm
            else:
                if "exit" in opts:
                    raise DocError(f"line {aline}: exit= belongs to the command's run block")
                if self.last is None:
                    raise DocError(f"line {aline}: an output block with no command run before it")
                what_cmd, res = self.last
                if stream == "merged" or (res["is_merged"] and "file" not in opts):
                    raise DocError(f"line {aline}: the previous command's streams are not kept as "
                                   "this block needs (merged in a transcript, apart otherwise); use from:")
            if res is None:
                return
            if "file" in opts:
                path = os.path.join(self.workdir, opts["file"])
                try:
                    with open(path, encoding="utf-8", errors="replace") as f:
                        real = f.read()
                except OSError as e:
                    self.fail(b.line, f"cannot read {opts['file']} written by `{what_cmd}`: {e}")
                    return
                what = f"{opts['file']} written by `{what_cmd}`"
            else:
                real = res[stream]
                what = f"{stream} of `{what_cmd}`"
            self.check(b.line, what, b.lines, real, mode)
            return
        if verb == "patch":
            m = re.fullmatch(r"patch\s+(\S+)\s*->\s*(\S+)", atext)
            if not m:
                raise DocError(f"line {aline}: patch needs 'patch SRC -> DST'")
            src, dst = m.group(1), m.group(2)
            try:
                with open(os.path.join(self.workdir, src)) as f:
                    text = f.read()
                out = apply_patch(b.lines, text)
            except DocError as e:
                self.fail(b.line, f"the edit shown does not apply to {src}: {e}")
                return
            except OSError as e:
                self.fail(b.line, f"cannot read {src}: {e}")
                return
            with open(os.path.join(self.workdir, dst), "w") as f:
                f.write(out)
            self.patched += 1
            self.note(b.line, f"applied the edit shown to {src}, wrote {dst}")
            return
        if verb == "listing":
            m = re.fullmatch(r"listing\s+(\S+)", atext)
            if not m:
                raise DocError(f"line {aline}: listing needs 'listing PATH'")
            try:
                with open(os.path.join(self.workdir, m.group(1)), encoding="utf-8") as f:
                    real = normalize(f.read(), self.workdir)
            except OSError as e:
                self.fail(b.line, f"cannot read {m.group(1)}: {e}")
                return
            shown = normalize("\n".join(b.lines), self.workdir)
            n = len(shown)
            self.compared += 1
            if not any(real[k:k + n] == shown for k in range(len(real) - n + 1)):
                near = difflib.get_close_matches(shown[0], real, n=1, cutoff=0.0) if shown else []
                k = real.index(near[0]) if near else 0
                diff = compare_exact(shown, real[k:k + n]) or ""
                self.fail(b.line, f"the listing is not a part of {m.group(1)}:\n" +
                          "\n".join("    " + l for l in diff.split("\n")))
            else:
                self.note(b.line, f"compared (listing): {m.group(1)}")
            return
        raise DocError(f"line {aline}: unknown annotation '{verb}' (run, output, patch, listing, skip)")

    def go(self):
        path = os.path.join(self.args.source_dir, self.doc)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        try:
            blocks = parse_blocks(text)
        except DocError as e:
            self.failures.append(f"{self.doc}: FAIL: {e}")
            return
        if self.args.list:
            for b in blocks:
                cmds, transcript = block_commands(b)
                ann = b.annotation[1] if b.annotation else "(no annotation)"
                print(f"{self.doc}:{b.line}: {b.kind} block, {len(cmds)} command(s), {ann}")
                for c in cmds:
                    print(f"    {'$ ' if transcript else ''}{c.text}")
            return
        self.setup()
        try:
            for b in blocks:
                try:
                    self.block(b)
                except DocError as e:
                    self.failures.append(f"{self.doc}: FAIL: {e}")
        finally:
            if self.args.keep:
                print(f"{self.doc}: work directory kept: {self.workdir}")
            else:
                shutil.rmtree(self.base, ignore_errors=True)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description="Run the commands the docs show; compare their outputs.")
    ap.add_argument("--source-dir", default=os.path.dirname(os.path.dirname(here)))
    ap.add_argument("--bin", action="append", default=[], metavar="DIR/NAME=PATH")
    ap.add_argument("--corpus", metavar="DIR",
                    help="LOOM's files (../shared/loom-corpus from the work directory); "
                         "without it, blocks that read them are skipped")
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--no-mount", action="store_true",
                    help="do not mount the source tree read-only; list it before and after each command")
    ap.add_argument("-v", "--verbose", action="store_true", help="also print each block passed")
    ap.add_argument("loom_sim")
    ap.add_argument("docs", nargs="+")
    args = ap.parse_args()
    args.source_dir = os.path.abspath(args.source_dir)
    if args.corpus:
        args.corpus = os.path.abspath(args.corpus)
        if not os.path.isdir(args.corpus):
            args.corpus = None  # absent: its blocks are skipped, and say why
    args.read_only = not args.list and not args.no_mount and read_only_works(args.source_dir)
    for b in args.bin:
        dest = b.split("=", 1)[0]
        if ("=" not in b or dest.startswith("/") or ".." in dest.split("/")
                or dest.split("/")[0] in LINKED_DIRS or "/" not in dest):
            ap.error(f"--bin {b}: expected DIR/NAME=PATH, DIR not one of the linked trees")
    if not args.list:
        print("doctest: the source tree is " + (
            "mounted read-only for every command" if args.read_only else
            "listed before and after every command" + (
                "" if args.no_mount else " (no user namespaces for a read-only mount)")))
    bad = 0
    for doc in args.docs:
        r = FileRun(args, doc)
        r.go()
        if args.list:
            continue
        if args.verbose:
            for l in r.log:
                print(l)
        if not args.verbose:
            for line, n, reason in r.skipped:
                print(f"{doc}:{line}: skipped {n} command(s): {reason}")
        for f in r.failures:
            print(f)
        hidden = f" ({r.hidden} from annotations)" if r.hidden else ""
        status = "FAILED" if r.failures else "ok"
        print(f"{doc}: {status}: {r.ran} command(s) run{hidden}, {r.compared} output(s) compared, "
              f"{r.patched} edit(s) applied, {sum(n for _, n, _ in r.skipped)} command(s) skipped "
              f"in {len(r.skipped)} block(s), {len(r.failures)} failure(s)")
        bad += bool(r.failures)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
