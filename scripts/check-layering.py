#!/usr/bin/env python3
"""check-layering.py [ROOT]: every #include of the project's own headers must point down
the pipeline, along the link lists the CMake files state (docs/design.md, "Folders").

A source file belongs to the library or executable that compiles it; a header to the
target compiling the .cpp of the same name beside it, else to a target of its folder
whose sources include it, else to the first library of its folder. A file of target T may include a header of target U only if U is T or T links U
(directly or through other loom targets). The link graph must be acyclic, and nothing
outside cli/ includes the command line's headers: it is the top, and only tests build
on it. Boost.Graph is dfg/'s implementation: no file outside dfg/ names `boost::`.

Exit 0 and one summary line when all holds; otherwise one line per violation, exit 1.
`--self-test` checks that the checker itself catches an upward include and a cycle.
"""
import os
import re
import sys
import tempfile

# examples/: projects of their own, built against the installed package (loomsim::loomsim).
SKIP_DIRS = {"tests", "build", "docs", "kernels", "scripts", "bench", ".git", ".ci", "examples"}
CMAKE_FILES = ("CMakeLists.txt",)


def project_dirs(root):
    """Yields (dir, files) for every folder of the project's code (no tests, no builds)."""
    for d, subdirs, files in os.walk(root):
        top = os.path.relpath(d, root).split(os.sep)[0]
        if top in SKIP_DIRS or top.startswith("build"):
            subdirs[:] = []
            continue
        yield d, files


def cmake_sources(root):
    """Yields (dir, text) for every CMake file of the project outside tests and builds."""
    for d, files in project_dirs(root):
        for f in files:
            if f in CMAKE_FILES or f.endswith(".cmake"):
                yield d, open(os.path.join(d, f)).read()


def strip_comments(text):
    return "\n".join(line.split("#", 1)[0] for line in text.splitlines())


def parse_targets(root):
    """Returns {target: {"dir", "sources", "links", "library"}}."""
    targets = {}
    for d, text in cmake_sources(root):
        text = strip_comments(text)
        for kind, body in re.findall(r"\b(add_library|add_executable)\s*\(([^)]*)\)", text):
            words = body.split()
            name, rest = words[0], words[1:]
            srcs = []
            for w in rest:
                if w in ("STATIC", "SHARED", "OBJECT", "INTERFACE"):
                    continue
                w = w.replace("${PROJECT_SOURCE_DIR}", root).replace("${CMAKE_CURRENT_SOURCE_DIR}", d)
                srcs.append(os.path.normpath(w if os.path.isabs(w) else os.path.join(d, w)))
            targets[name] = {"dir": d, "sources": srcs, "links": set(), "library": kind == "add_library"}
        for body in re.findall(r"\btarget_link_libraries\s*\(([^)]*)\)", text):
            words = body.split()
            name = words[0]
            links = {w for w in words[1:] if w.startswith("loom_")}
            targets.setdefault(name, {"dir": d, "sources": [], "links": set(), "library": True})
            targets[name]["links"] |= links
    return targets


def owners(root, targets):
    """Maps every project .h/.cpp to its target."""
    owner = {}
    first_in_dir = {}
    for name, t in targets.items():
        for s in t["sources"]:
            owner[s] = name
            base, _ = os.path.splitext(s)
            owner.setdefault(base + ".h", name)
        if t["library"]:
            first_in_dir.setdefault(t["dir"], name)
    for d, files in project_dirs(root):
        for f in files:
            p = os.path.join(d, f)
            if f.endswith((".h", ".cpp")) and p not in owner:
                users = [n for n, t in targets.items() if t["dir"] == d and includes_file(root, t, p)]
                if users:
                    owner[p] = sorted(users)[0]
                elif d in first_in_dir:
                    owner[p] = first_in_dir[d]
    return owner


def includes_file(root, target, path):
    """Whether one of the target's sources includes `path` (a header of its folder)."""
    rel = os.path.relpath(path, root)
    for s in target["sources"]:
        if os.path.exists(s) and rel in INCLUDE.findall(open(s, errors="replace").read()):
            return True
    return False


def closure(targets, name, seen=None):
    seen = set() if seen is None else seen
    for l in targets.get(name, {}).get("links", ()):
        if l not in seen:
            seen.add(l)
            closure(targets, l, seen)
    return seen


def find_cycle(targets):
    state = {}

    def visit(n, path):
        state[n] = 1
        for l in sorted(targets.get(n, {}).get("links", ())):
            if state.get(l) == 1:
                return path + [n, l]
            if l not in state:
                c = visit(l, path + [n])
                if c:
                    return c
        state[n] = 2
        return None

    for n in sorted(targets):
        if n not in state:
            c = visit(n, [])
            if c:
                return c
    return None


INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
BOOST = re.compile(r'\bboost::|#\s*include\s*<boost/')


def check(root):
    root = os.path.abspath(root)
    targets = parse_targets(root)
    owner = owners(root, targets)
    problems = []
    cycle = find_cycle(targets)
    if cycle:
        problems.append("link cycle: " + " -> ".join(cycle))
    includes = 0
    for path, tgt in sorted(owner.items()):
        if not os.path.exists(path):
            continue
        allowed = closure(targets, tgt) | {tgt}
        for inc in INCLUDE.findall(open(path, errors="replace").read()):
            target_file = os.path.normpath(os.path.join(root, inc))
            if not os.path.exists(target_file):
                target_file = os.path.normpath(os.path.join(os.path.dirname(path), inc))
            if target_file not in owner:
                continue  # a system, MLIR or generated header
            includes += 1
            if inc.startswith("cli/") and not os.path.relpath(path, root).startswith("cli" + os.sep):
                problems.append(f"{os.path.relpath(path, root)} includes {inc}: nothing below the "
                                "command line includes it")
            u = owner[target_file]
            if u not in allowed:
                problems.append(f"{os.path.relpath(path, root)} ({tgt}) includes {inc} ({u}), "
                                f"which {tgt} does not link: an include against the layering")
        rel = os.path.relpath(path, root)
        if not rel.startswith("dfg" + os.sep) and BOOST.search(open(path, errors="replace").read()):
            problems.append(f"{rel} uses Boost: the graph library is dfg/'s own (dfg::Graph's "
                            "src, dst, edges, inEdges, outEdges)")
    return targets, includes, problems


def self_test():
    with tempfile.TemporaryDirectory() as d:
        def write(p, s):
            os.makedirs(os.path.dirname(os.path.join(d, p)), exist_ok=True)
            open(os.path.join(d, p), "w").write(s)
        write("low/CMakeLists.txt", "add_library(loom_low STATIC low.cpp)\n")
        write("low/low.h", "")
        write("low/low.cpp", '#include "low/low.h"\n#include "high/high.h"\n')
        write("high/CMakeLists.txt", "add_library(loom_high STATIC high.cpp)\ntarget_link_libraries(loom_high PUBLIC loom_low)\n")
        write("high/high.h", '#include "low/low.h"\n')
        write("high/high.cpp", '#include "high/high.h"\n')
        _, _, p = check(d)
        assert len(p) == 1 and "low/low.cpp (loom_low) includes high/high.h (loom_high)" in p[0], p
        write("low/CMakeLists.txt", "add_library(loom_low STATIC low.cpp)\ntarget_link_libraries(loom_low PUBLIC loom_high)\n")
        _, _, p = check(d)
        assert any(x.startswith("link cycle:") for x in p), p
        write("low/low.cpp", '#include "low/low.h"\n')
        write("low/CMakeLists.txt", "add_library(loom_low STATIC low.cpp)\n")
        _, _, p = check(d)
        assert p == [], p
        write("high/high.cpp", '#include "high/high.h"\nint n(G& g) { return boost::num_edges(g.g); }\n')
        _, _, p = check(d)
        assert len(p) == 1 and p[0].startswith("high/high.cpp uses Boost"), p
    print("check-layering: self-test passed (an upward include, a link cycle and Boost outside "
          "dfg/ are caught)")


def main():
    if "--self-test" in sys.argv[1:]:
        self_test()
        return 0
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    targets, includes, problems = check(root)
    for p in problems:
        print("check-layering: " + p)
    if problems:
        return 1
    print(f"check-layering: {includes} includes of project headers across {len(targets)} targets, all down the pipeline")
    return 0


if __name__ == "__main__":
    sys.exit(main())
