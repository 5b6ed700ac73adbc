#!/usr/bin/env python3
"""check-layering.py [ROOT]: every #include of the project's own headers must point down
the pipeline, along the link lists the CMake files state (docs/design.md, "Folders").

A source file belongs to the library or executable that compiles it; a header to the
target compiling the .cpp of the same name beside it, else to a target of its folder
whose sources include it, else to the first library of its folder. A file of target T may include a header of target U only if U is T or T links U
(directly or through other loom targets). The link graph must be acyclic, and nothing
outside cli/ includes the command line's headers: it is the top, and only tests build
on it. Boost.Graph is dfg/'s implementation: no file outside dfg/ names `boost::`.

The folders themselves:
- every folder holding a target is a row of docs/design.md's Folders table, and a
  target links only targets of its own row or of rows above it (every arrow points down
  the table);
- support/ links nothing of the project; ops/ nothing but support/, ir/ nothing but
  ops/ and support/;
- every folder under tests/ is a source folder's name (tests/dfg/text for dfg/text), a
  data folder (inputs/) of one, or one of the cross-cutting suites CROSS_CUTTING_TESTS,
  each of which the Folders section names (`tests/NAME`).

Exit 0 and one summary line when all holds; otherwise one line per violation, exit 1.
Inside a folder, includes form no cycle: a file and the header of the same name beside it
are one module (foo.h, foo.cpp), and no chain of includes between the folder's modules
leads back to the module it starts from (a.cpp -> b.h, b.cpp -> a.h is one). Each cycle
is printed with the includes that close it.

`--self-test` checks that the checker itself catches each kind of violation.
"""
import os
import re
import sys
import tempfile

# examples/: projects of their own, built against the installed package (loomsim::loomsim).
SKIP_DIRS = {"tests", "build", "docs", "kernels", "scripts", "bench", ".git", ".ci", "examples"}
CMAKE_FILES = ("CMakeLists.txt",)
# The bottom of the pipeline: a folder's libraries link nothing of the project's but
# these folders' (docs/design.md, "Folders").
FOUNDATION = {"support": set(), "ops": {"support"}, "ir": {"support", "ops"}}
# tests/ folders that mirror no source folder: suites of the whole program, of the
# shipped programs and docs, and of the tools around the build (docs/design.md lists
# them). Any other tests/ folder is named after the source folder it tests.
CROSS_CUTTING_TESTS = ("behaviour", "bench", "docs", "fuzz", "kernels", "layering", "lit",
                       "perf", "regress", "robust")
# Folders of test data (programs, memory files) inside a tests/ folder.
TEST_DATA_DIRS = {"inputs"}


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


def test_cmake_sources(root):
    """Yields (dir, text) for every CMakeLists.txt under tests/."""
    for d, subdirs, files in os.walk(os.path.join(root, "tests")):
        subdirs.sort()
        if "CMakeLists.txt" in files:
            yield d, open(os.path.join(d, "CMakeLists.txt")).read()


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


def folders_section(root):
    """The text of docs/design.md's "Folders" section (None without the file)."""
    path = os.path.join(root, "docs", "design.md")
    if not os.path.exists(path):
        return None
    m = re.search(r"^## Folders\n(.*?)(?=^## )", open(path).read() + "\n## ", re.S | re.M)
    return m.group(1) if m else ""


def table_folders(section):
    """The folders of the Folders table, top to bottom ("| `dfg/text/` | ...")."""
    return [f.rstrip("/") for f in re.findall(r"^\|\s*`([^`]+)`\s*\|", section, re.M)]


def folder_of(root, target):
    return os.path.relpath(target["dir"], root).replace(os.sep, "/")


def check_folders(root, targets):
    """The folder rules: the table's order, the foundation, tests/ mirroring the source."""
    problems = []
    section = folders_section(root)
    if section is not None:
        order = {f: i for i, f in enumerate(table_folders(section))}
        for name, t in sorted(targets.items()):
            f = folder_of(root, t)
            if f not in order:
                problems.append(f"{f}/ ({name}) is not a row of docs/design.md's Folders table")
                continue
            for l in sorted(t["links"]):
                g = folder_of(root, targets[l]) if l in targets else None
                if g in order and order[g] > order[f]:
                    problems.append(f"{name} ({f}/) links {l} ({g}/), a folder below it in "
                                    "docs/design.md's Folders table: an arrow running up")
        for c in CROSS_CUTTING_TESTS:
            if os.path.isdir(os.path.join(root, "tests", c)) and f"`tests/{c}`" not in section:
                problems.append(f"tests/{c} is a cross-cutting suite that docs/design.md's "
                                "Folders section does not name")
    for name, t in sorted(targets.items()):
        f = folder_of(root, t)
        if f not in FOUNDATION:
            continue
        for l in sorted(t["links"]):
            g = folder_of(root, targets[l]) if l in targets else "?"
            if g != f and g not in FOUNDATION[f]:
                below = " but " + ", ".join(x + "/" for x in sorted(FOUNDATION[f])) if FOUNDATION[f] else ""
                problems.append(f"{name} ({f}/) links {l} ({g}/): {f}/ builds on nothing of the "
                                f"project{below}")
    # A test program of tests/X builds on X: it links a library of X, directly or not.
    for d, text in test_cmake_sources(root):
        rel = os.path.relpath(d, os.path.join(root, "tests")).replace(os.sep, "/")
        if rel.split("/")[0] in CROSS_CUTTING_TESTS:
            continue
        text = strip_comments(text)
        links = {}
        for body in re.findall(r"\btarget_link_libraries\s*\(([^)]*)\)", text):
            words = body.split()
            links.setdefault(words[0], set()).update(w for w in words[1:] if w in targets)
        for exe in re.findall(r"\badd_executable\s*\(\s*([^\s)]+)", text):
            reach = set(links.get(exe, ()))
            for l in links.get(exe, ()):
                reach |= closure(targets, l)
            if not any(folder_of(root, targets[l]) == rel for l in reach):
                problems.append(f"tests/{rel}/CMakeLists.txt: {exe} links no library of {rel}/: "
                                f"a test of tests/{rel} tests {rel}/")
    sources = set()
    for t in targets.values():
        parts = folder_of(root, t).split("/")
        for i in range(1, len(parts) + 1):
            sources.add("/".join(parts[:i]))
    tests = os.path.join(root, "tests")
    for d, subdirs, _ in os.walk(tests):
        rel = os.path.relpath(d, tests).replace(os.sep, "/")
        if rel == ".":
            subdirs.sort()
            continue
        parts = rel.split("/")
        if parts[0] in CROSS_CUTTING_TESTS or parts[-1] in TEST_DATA_DIRS:
            subdirs[:] = []
            continue
        subdirs.sort()
        if rel not in sources:
            problems.append(f"tests/{rel} names no source folder and is no cross-cutting suite "
                            f"({', '.join(CROSS_CUTTING_TESTS)}): tests/ mirrors the source folders")
    return problems


INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
BOOST = re.compile(r'\bboost::|#\s*include\s*<boost/')


def module_of(root, path):
    """A file's module: its path from the root without the extension (foo.h, foo.cpp)."""
    return os.path.splitext(os.path.relpath(path, root))[0].replace(os.sep, "/")


def module_cycles(edges):
    """The include cycles of a folder's module graph ({module: {module: include}}): one per
    strongly connected component of more than one module, as (its modules, one cycle
    through them as a list of (module, include) steps)."""
    index, low, on, stack, comps = {}, {}, set(), [], []

    def connect(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = set()
            while True:
                w = stack.pop()
                on.discard(w)
                comp.add(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(comp)

    for v in sorted(edges):
        if v not in index:
            connect(v)
    cycles = []
    for comp in comps:
        start = min(comp)
        # The shortest way back to `start` inside the component (breadth first).
        prev, frontier = {start: None}, [start]
        end = None
        while frontier and end is None:
            nxt = []
            for v in frontier:
                for w in sorted(edges.get(v, ())):
                    if w == start:
                        end = v
                        break
                    if w in comp and w not in prev:
                        prev[w] = v
                        nxt.append(w)
                if end is not None:
                    break
            frontier = nxt
        path = [end]
        while prev[path[-1]] is not None:
            path.append(prev[path[-1]])
        path.reverse()
        steps = [(v, edges[v][path[i + 1] if i + 1 < len(path) else start]) for i, v in enumerate(path)]
        cycles.append((comp, steps))
    return cycles


def check_module_cycles(root, owner):
    """Include cycles among the modules of one folder."""
    edges = {}  # folder -> {module: {module: "file includes header"}}
    for path in sorted(owner):
        if not os.path.exists(path):
            continue
        m = module_of(root, path)
        folder = os.path.dirname(m)
        for inc in INCLUDE.findall(open(path, errors="replace").read()):
            target_file = os.path.normpath(os.path.join(root, inc))
            if not os.path.exists(target_file):
                target_file = os.path.normpath(os.path.join(os.path.dirname(path), inc))
            if target_file not in owner or not os.path.exists(target_file):
                continue
            n = module_of(root, target_file)
            if n == m or os.path.dirname(n) != folder:
                continue
            edges.setdefault(folder, {}).setdefault(m, {}).setdefault(
                n, f"{os.path.relpath(path, root)} includes {inc}")
    problems = []
    for folder in sorted(edges):
        for comp, steps in module_cycles(edges[folder]):
            problems.append(f"include cycle in {folder}/ among " + ", ".join(sorted(comp)) + ": " +
                            ", ".join(inc for _, inc in steps))
    return problems


def check(root):
    root = os.path.abspath(root)
    targets = parse_targets(root)
    owner = owners(root, targets)
    problems = []
    cycle = find_cycle(targets)
    if cycle:
        problems.append("link cycle: " + " -> ".join(cycle))
    problems += check_folders(root, targets)
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
    problems += check_module_cycles(root, owner)
    return targets, includes, problems


def self_test():
    with tempfile.TemporaryDirectory() as d:
        def write(p, s):
            os.makedirs(os.path.dirname(os.path.join(d, p)), exist_ok=True)
            open(os.path.join(d, p), "w").write(s)

        def problems():
            return check(d)[2]

        def only(start):
            p = problems()
            assert len(p) == 1 and p[0].startswith(start), p

        def clean():
            p = problems()
            assert p == [], p

        write("low/CMakeLists.txt", "add_library(loom_low STATIC low.cpp)\n")
        write("low/low.h", "")
        write("low/low.cpp", '#include "low/low.h"\n#include "high/high.h"\n')
        write("high/CMakeLists.txt", "add_library(loom_high STATIC high.cpp)\ntarget_link_libraries(loom_high PUBLIC loom_low)\n")
        write("high/high.h", '#include "low/low.h"\n')
        write("high/high.cpp", '#include "high/high.h"\n')
        only("low/low.cpp (loom_low) includes high/high.h (loom_high)")
        write("low/CMakeLists.txt", "add_library(loom_low STATIC low.cpp)\ntarget_link_libraries(loom_low PUBLIC loom_high)\n")
        p = problems()
        assert any(x.startswith("link cycle:") for x in p), p
        write("low/low.cpp", '#include "low/low.h"\n')
        write("low/CMakeLists.txt", "add_library(loom_low STATIC low.cpp)\n")
        clean()
        write("high/high.cpp", '#include "high/high.h"\nint n(G& g) { return boost::num_edges(g.g); }\n')
        only("high/high.cpp uses Boost")
        write("high/high.cpp", '#include "high/high.h"\n')

        # An include cycle inside a folder: x.h -> y.h, y.cpp -> x.h (y.h and y.cpp are
        # one module); a header and its own .cpp are no cycle.
        write("high/x.h", '#include "high/y.h"\n')
        write("high/y.h", "")
        write("high/y.cpp", '#include "high/y.h"\n#include "high/x.h"\n')
        only("include cycle in high/ among high/x, high/y: high/x.h includes high/y.h, "
             "high/y.cpp includes high/x.h")
        for f in ("x.h", "y.h", "y.cpp"):
            os.remove(os.path.join(d, "high", f))

        # The foundation: support/ links nothing of the project, ir/ nothing but support/.
        write("support/CMakeLists.txt", "add_library(loom_support STATIC s.cpp)\n")
        write("support/s.cpp", "")
        write("ir/CMakeLists.txt", "add_library(loom_ir STATIC ir.cpp)\ntarget_link_libraries(loom_ir PUBLIC loom_support)\n")
        write("ir/ir.cpp", "")
        clean()
        write("ir/CMakeLists.txt", "add_library(loom_ir STATIC ir.cpp)\ntarget_link_libraries(loom_ir PUBLIC loom_support loom_low)\n")
        only("loom_ir (ir/) links loom_low (low/): ir/ builds on nothing of the project but ops/, support/")
        write("ir/CMakeLists.txt", "add_library(loom_ir STATIC ir.cpp)\n")
        write("support/CMakeLists.txt", "add_library(loom_support STATIC s.cpp)\ntarget_link_libraries(loom_support PUBLIC loom_ir)\n")
        only("loom_support (support/) links loom_ir (ir/): support/ builds on nothing of the project")
        write("support/CMakeLists.txt", "add_library(loom_support STATIC s.cpp)\n")

        # The Folders table: every folder is a row, every link points down the table.
        table = "# Design\n\n## Folders\n\n| folder | library |\n|---|---|\n%s\n%s\n## Next\n"
        rows = "".join(f"| `{f}/` | `loom_{f}` |\n" for f in ("support", "ir", "low", "high"))
        write("docs/design.md", table % (rows, ""))
        clean()
        write("docs/design.md", table % (rows.replace("| `low/` | `loom_low` |\n", ""), ""))
        only("low/ (loom_low) is not a row of docs/design.md's Folders table")
        swapped = "".join(f"| `{f}/` | `loom_{f}` |\n" for f in ("support", "ir", "high", "low"))
        write("docs/design.md", table % (swapped, ""))
        only("loom_high (high/) links loom_low (low/), a folder below it")

        # tests/: a source folder's name (and its inputs/), or a cross-cutting suite that
        # the Folders section names; a test program of tests/X links a library of X.
        write("docs/design.md", table % (rows, "`tests/lit` runs FileCheck."))
        write("tests/high/inputs/a.mlir", "")
        write("tests/lit/lowering/b.mlir", "")
        write("tests/high/CMakeLists.txt", "add_executable(test_high t.cpp)\ntarget_link_libraries(test_high PRIVATE loom_high)\n")
        clean()
        write("tests/engine/x.sh", "")
        only("tests/engine names no source folder and is no cross-cutting suite")
        os.remove(os.path.join(d, "tests/engine/x.sh"))
        os.rmdir(os.path.join(d, "tests/engine"))
        write("tests/high/CMakeLists.txt", "add_executable(test_high t.cpp)\ntarget_link_libraries(test_high PRIVATE loom_low)\n")
        only("tests/high/CMakeLists.txt: test_high links no library of high/")
        write("tests/high/CMakeLists.txt", "")
        write("docs/design.md", table % (rows, ""))
        only("tests/lit is a cross-cutting suite that docs/design.md's Folders section does not name")
    print("check-layering: self-test passed (an upward include, a link cycle, Boost outside "
          "dfg/, a foundation folder linking the project, a folder missing from or linking up "
          "the Folders table, a tests/ folder naming no source folder or an undocumented "
          "suite, a test program not linking its folder's library, an include cycle inside a folder are "
          "caught)")


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
