#!/usr/bin/env python3
"""check-pch.py BUILD_DIR: every file compiled with a precompiled header (cmake/pch.cmake)
includes, itself or through the headers it includes, every header that precompiled header
holds. Then the precompiled header makes nothing visible that the file does not include,
and a build without it (-DLOOM_PCH=OFF) compiles the same declarations.

Reads BUILD_DIR/compile_commands.json and asks the compiler for each file's headers (-M,
the preprocessor only, without the precompiled header), and for the headers of each
precompiled header. Exit 0 and one summary line when all holds (also when the build uses
no precompiled header); otherwise one line per file that misses headers, exit 1.
`--self-test` checks that the checker catches such a file.
"""
import concurrent.futures
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

PCH_HEADER = "cmake_pch.hxx"


def headers(args, directory, source, as_cpp=False):
    """The files the preprocessor reads for `source` under `args` (without `source`)."""
    cmd = args + (["-x", "c++"] if as_cpp else []) + ["-M", source]
    out = subprocess.run(cmd, cwd=directory, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}:\n{out.stderr}")
    words = out.stdout.replace("\\\n", " ").split()[1:]
    found = {os.path.realpath(os.path.join(directory, w)) for w in words}
    return found - {os.path.realpath(os.path.join(directory, source))}


def split_command(entry):
    """(compiler arguments without the output, the source and the PCH; the PCH or None)."""
    args = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
    if "c++-header" in args:  # the command that makes the precompiled header
        return None, None
    kept, pch, skip = [], None, False
    for i, a in enumerate(args):
        if skip:
            skip = False
            continue
        if a in ("-o", "-MT", "-MF", "-MQ"):
            skip = True
        elif a == "-include" and i + 1 < len(args) and args[i + 1].endswith(PCH_HEADER):
            pch, skip = args[i + 1], True
        elif a in ("-c", "-MD", "-MMD", "-Winvalid-pch") or a == entry["file"]:
            continue
        else:
            kept.append(a)
    return kept, pch


def check(build_dir):
    """Returns (files checked, precompiled headers, violations)."""
    entries = json.load(open(os.path.join(build_dir, "compile_commands.json")))
    jobs = []
    for e in entries:
        args, pch = split_command(e)
        if pch:
            jobs.append((e, args, pch))
    pch_headers = {}
    for e, args, pch in jobs:
        pch_headers.setdefault(pch, (args, e["directory"]))

    def named(pch):
        return re.findall(r'^#include\s*([<"][^>"]+[>"])', open(pch).read(), re.M)

    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        held = dict(zip(pch_headers, pool.map(
            lambda p: headers(pch_headers[p][0], pch_headers[p][1], p, as_cpp=True),
            pch_headers)))
        seen = list(pool.map(lambda j: headers(j[1], j[0]["directory"], j[0]["file"]), jobs))
    violations = []
    for (e, args, pch), own in zip(jobs, seen):
        missing = held[pch] - own
        if missing:
            tops = [h for h in named(pch)
                    if any(m.endswith("/" + h.strip('<>"').lstrip("/")) for m in missing)]
            violations.append(f"{e['file']}: its precompiled header ({pch}) holds "
                              f"{len(missing)} headers it does not include"
                              f"{' (' + ', '.join(tops) + ')' if tops else ''}: include them, "
                              f"or name the file in SKIP of loom_precompile_headers "
                              f"(cmake/pch.cmake)")
    return len(jobs), len(pch_headers), violations


def self_test():
    """A precompiled header of two headers; one file includes both, one only one."""
    with tempfile.TemporaryDirectory() as d:
        for name, text in {"a.h": "#pragma once\nint a();\n", "b.h": "#pragma once\nint b();\n",
                           PCH_HEADER: '#include "a.h"\n#include "b.h"\n',
                           "good.cpp": '#include "b.h"\n#include "a.h"\nint g() { return a() + b(); }\n',
                           "bad.cpp": '#include "a.h"\nint f() { return a() + b(); }\n'}.items():
            open(os.path.join(d, name), "w").write(text)
        pch = os.path.join(d, PCH_HEADER)
        json.dump([{"directory": d, "file": os.path.join(d, f),
                    "command": f"c++ -I{d} -Winvalid-pch -include {pch} -o {f}.o -c {os.path.join(d, f)}"}
                   for f in ("good.cpp", "bad.cpp")],
                  open(os.path.join(d, "compile_commands.json"), "w"))
        files, pchs, violations = check(d)
        ok = files == 2 and pchs == 1 and len(violations) == 1 and "bad.cpp" in violations[0] \
            and '"b.h"' in violations[0]
    print("check-pch self-test: " + ("the file missing a header is caught" if ok
                                       else f"FAILED: {files} files, {violations}"))
    return 0 if ok else 1


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if len(sys.argv) != 2:
        print(__doc__.splitlines()[0], file=sys.stderr)
        return 2
    files, pchs, violations = check(sys.argv[1])
    for v in violations:
        print(v)
    if violations:
        print(f"check-pch: {len(violations)} of {files} files miss headers of their precompiled header")
        return 1
    print(f"check-pch: each of {files} files includes every header of its precompiled header "
          f"({pchs} precompiled headers)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
