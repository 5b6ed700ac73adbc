#!/usr/bin/env python3
"""expect_output.py CODE REGEX [--stdout|--stderr] -- COMMAND...

Passes if COMMAND exits with CODE and REGEX (Python syntax, '.' matching newlines too,
as in ctest's PASS_REGULAR_EXPRESSION) is found in its stdout (default) or stderr.
Unlike PASS_REGULAR_EXPRESSION, the exit code counts: a run that printed the expected
text and then failed does not pass. COMMAND is killed after EXPECT_TIMEOUT seconds
(default 60)."""
import os
import re
import subprocess
import sys


def main(argv):
    if len(argv) < 4 or "--" not in argv:
        sys.exit(__doc__)
    code, pattern = int(argv[1]), argv[2]
    sep = argv.index("--")
    stream = "stdout"
    for opt in argv[3:sep]:
        if opt not in ("--stdout", "--stderr"):
            sys.exit("expect_output.py: unknown option " + opt)
        stream = opt[2:]
    cmd = argv[sep + 1:]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, errors="replace",
                           timeout=float(os.environ.get("EXPECT_TIMEOUT", "60")))
    except subprocess.TimeoutExpired:
        sys.exit("timed out: " + " ".join(cmd))
    text = p.stdout if stream == "stdout" else p.stderr
    ok = True
    if p.returncode != code:
        print(f"expected exit code {code}, got {p.returncode}: {' '.join(cmd)}", file=sys.stderr)
        ok = False
    if not re.search(pattern, text, re.S):
        print(f"{stream} does not match: {pattern!r}", file=sys.stderr)
        ok = False
    if not ok:
        print("stdout was:\n" + p.stdout + "stderr was:\n" + p.stderr, file=sys.stderr)
        return 1
    print(f"exit {p.returncode}, {stream} matches {pattern!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
