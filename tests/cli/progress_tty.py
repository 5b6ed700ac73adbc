#!/usr/bin/env python3
"""progress_tty.py LOOM_SIM KERNEL: the progress line on a real (pseudo-)terminal.

KERNEL's main prints a line (vector.print) after each of several accelerated calls long
enough for the progress line to be drawn. `loom-sim run KERNEL` is run with stdout and
stderr on a pseudo-terminal, and what the terminal shows is rendered ("\\r" goes back,
"\\033[K" erases to the end of the line): every line must be the program's output, the
summary, or nothing, never progress text and output on one line. With stderr not a
terminal, no progress text is written at all, wherever stdout goes. With stdout a pipe
and stderr the terminal, the progress line is drawn and stdout is the program's output
alone.
"""

import os
import pty
import re
import select
import subprocess
import sys

PROGRESS = re.compile(rb"loom-sim: [\d,]+ cycles, [\d,]+ tokens")
PROGRESS_LINE = re.compile(r"^loom-sim: [\d,]+ cycles, [\d,]+ tokens(, [\d.]+[kM]? tokens/s)?$")
# How long the run may print nothing: 120 s, times the sanitizer build's slowdown.
IDLE = 120 * int(os.environ.get("LOOM_TIMEOUT_SCALE", "1"))
SUMMARY = re.compile(r"^loom-sim: \d+ accelerated call\(s\), .* all checks passed")


def run(cmd, stdout, stderr):
    """Runs cmd with stdout and stderr each 'pty' (one terminal for both) or 'pipe'.
    Returns (exit code, bytes the terminal got, bytes of stdout's pipe, of stderr's)."""
    master, slave = pty.openpty()
    pipes = {}
    fds = {}
    for name, kind in (("stdout", stdout), ("stderr", stderr)):
        if kind == "pty":
            fds[name] = slave
        else:
            r, w = os.pipe()
            pipes[name] = r
            fds[name] = w
    p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=fds["stdout"], stderr=fds["stderr"],
                         close_fds=True)
    for name in fds:
        if fds[name] != slave:
            os.close(fds[name])
    os.close(slave)
    got = {master: b"", **{r: b"" for r in pipes.values()}}
    open_fds = set(got)
    while open_fds:
        ready, _, _ = select.select(list(open_fds), [], [], IDLE)
        if not ready:
            p.kill()
            sys.exit(f"no output for {IDLE} s: {' '.join(cmd)}")
        for fd in ready:
            try:
                data = os.read(fd, 65536)
            except OSError:  # EIO: the terminal's last writer has gone
                data = b""
            if data:
                got[fd] += data
            else:
                open_fds.discard(fd)
    rc = p.wait()
    for fd in got:
        os.close(fd)
    return (rc, got[master], got[pipes["stdout"]] if "stdout" in pipes else b"",
            got[pipes["stderr"]] if "stderr" in pipes else b"")


def render(data):
    """The lines a terminal shows for `data`: "\\r" back to column 0, ESC [K erases to
    the end of the line, "\\n" ends the line."""
    text = data.decode("utf-8", "replace")
    lines, cur, col, i = [], [], 0, 0
    while i < len(text):
        c = text[i]
        if c == "\n":
            lines.append("".join(cur))
            cur, col = [], 0
        elif c == "\r":
            col = 0
        elif text.startswith("\033[K", i):
            del cur[col:]
            i += 2
        elif col < len(cur):
            cur[col] = c
            col += 1
        else:
            cur.append(c)
            col += 1
        i += 1
    if cur:
        lines.append("".join(cur))
    return lines


def fail(what, data):
    sys.exit(f"{what}\n--- bytes ---\n{data!r}")


def main():
    sim, kernel = sys.argv[1], sys.argv[2]
    cmd = [sim, "run", kernel]

    # 1. stderr not a terminal: no progress text at all, wherever stdout goes.
    rc, _, out_bytes, err_bytes = run(cmd, "pipe", "pipe")
    expected = out_bytes.decode().splitlines()
    if rc != 0 or not expected:
        fail(f"exit {rc}, or no output", out_bytes + err_bytes)
    rc, term, _, err_bytes = run(cmd, "pty", "pipe")
    for name, data in (("stdout", out_bytes), ("stderr", err_bytes), ("the terminal", term)):
        if PROGRESS.search(data) or b"\033[K" in data:
            fail(f"progress text on {name} with stderr a pipe", data)
    if rc != 0 or render(term) != expected:
        fail(f"exit {rc}, or the terminal does not show the program's output", term)

    # 2. stdout and stderr on the terminal.
    rc, term, _, _ = run(cmd, "pty", "pty")
    if rc != 0:
        fail(f"exit {rc}", term)
    first_draw = PROGRESS.search(term)
    if not first_draw:
        fail("no progress line was drawn: the run is too short to show what it should", term)
    if term.find(expected[-1].encode() + b"\r\n", first_draw.start()) < 0:
        fail("no output after the progress line was drawn: the run is too short", term)
    shown = render(term)
    for line in shown:
        if not (line == "" or line in expected or SUMMARY.match(line) or PROGRESS_LINE.match(line)):
            fail(f"progress and output on one line: {line!r}", term)
    if [l for l in shown if l in expected] != expected:
        fail(f"the program's output is not what it is without a terminal: {shown!r}", term)
    if not any(SUMMARY.match(l) for l in shown):
        fail("no summary line", term)
    if any(PROGRESS_LINE.match(l) for l in shown):
        fail("the progress line is left on the terminal", term)

    # 3. stdout a pipe, stderr the terminal: progress drawn there, stdout untouched.
    rc, term, out_bytes, _ = run(cmd, "pipe", "pty")
    if rc != 0 or out_bytes.decode().splitlines() != expected or b"\r" in out_bytes:
        fail(f"exit {rc}, or stdout is not the program's output alone", out_bytes)
    if not PROGRESS.search(term):
        fail("no progress line on the terminal", term)
    shown = render(term)
    if [l for l in shown if l] != [l for l in shown if SUMMARY.match(l)] or not shown:
        fail(f"the terminal shows more than the summary: {shown!r}", term)

    print(f"{len(expected)} output lines, progress drawn and erased around them; "
          "none with stderr not a terminal")


main()
