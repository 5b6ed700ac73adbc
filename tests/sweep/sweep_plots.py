#!/usr/bin/env python3
"""sweep_plots.py LOOM_SIM KERNELS_DIR INPUTS_DIR: `sweep report`'s plots and page.

A 2 x 3 grid over gemm, dot and a kernel that fails everywhere, on one engine. The
expectation is the merged table (sweep.csv), read independently of the plots: every plot
the table calls for exists as a real PNG and an SVG that parses; each SVG's labels hold
its points' cycles, and each heat-map cell, found by its place between the axes' ticks,
is labelled with its point's cycles (or FAIL); the data files hold the table's figures;
failing.txt lists exactly the tasks that did not pass; the page parses, every link and
image in it is a file, and headless Chromium loads it. Without gnuplot on PATH, report
exits 2 naming the install script, and still writes the table.
"""
import csv
import html.parser
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import urllib.parse
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sweep_common import check, failures  # noqa: E402

SIM, KERNELS, INPUTS = sys.argv[1:4]
SVG = "{http://www.w3.org/2000/svg}"
CC, ML = [1, 2], [1, 4, 16]
PARAMS = ["channelCapacity", "memoryLatency"]


work = tempfile.mkdtemp(prefix="loom-sweep-plots-")
manifest = os.path.join(work, "m.toml")
kernels = [os.path.join(KERNELS, "gemm.mlir"), os.path.join(KERNELS, "dot.mlir"),
           os.path.join(INPUTS, "accel_oob.mlir")]
with open(manifest, "w") as f:
    f.write("kernels = [%s]\n" % ", ".join('"%s"' % k for k in kernels))
    f.write('engines = ["event"]\n[grid]\nchannelCapacity = [1, 2]\nmemoryLatency = [1, 4, 16]\n')
out = os.path.join(work, "out")
r = subprocess.run([SIM, "sweep", "run", manifest, "--out", out, "-j", "2"],
                   capture_output=True, text=True)
check(r.returncode == 1, f"the sweep runs, accel_oob failing ({r.returncode}: {r.stderr})")

r = subprocess.run([SIM, "sweep", "report", out], capture_output=True, text=True)
check(r.returncode == 0, f"report exits 0 ({r.returncode}: {r.stderr})")
report = os.path.join(out, "report")
plots = os.path.join(report, "plots")
lines = r.stdout.splitlines()
n_files = len(os.listdir(plots)) if os.path.isdir(plots) else -1
check(f"plots: {plots} ({n_files} files)" in lines, f"the plots line names {n_files} files: {lines}")
check(f"page: {report}/index.html" in lines, f"the page line: {lines}")

rows = list(csv.DictReader(open(os.path.join(report, "sweep.csv"))))
check(len(rows) == 18, f"18 tasks in the table ({len(rows)})")
by_id = {int(row["id"]): row for row in rows}
stems = {"gemm.mlir": "gemm", "dot.mlir": "dot", "accel_oob.mlir": "accel_oob"}


def stem(row):
    return stems[os.path.basename(row["kernel"])]


def png_ok(path):
    """A PNG's signature and header chunk, its size that of the terminal, and one that
    ImageMagick decodes."""
    with open(path, "rb") as fh:
        head = fh.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return False
    w, h = struct.unpack(">II", head[16:24])
    if (w, h) != (900, 540):
        return False
    if shutil.which("identify"):
        r = subprocess.run(["identify", "-format", "%w %h", path], capture_output=True, text=True)
        return r.returncode == 0 and r.stdout == "900 540"
    return True


def svg_texts(path):
    """Each text of the SVG with where it is drawn: (x, y, text)."""
    out = []
    for g in ET.parse(path).iter(SVG + "g"):
        tr = g.get("transform") or ""
        for t in g.findall(SVG + "text"):
            if tr.startswith("translate(") and "rotate" not in tr:
                x, y = tr[len("translate("):tr.index(")")].split(",")
                out.append((float(x), float(y), "".join(t.itertext())))
    return out


def data_rows(path):
    """A plot's data file: {task: (x, y, cycles, status, verdict)}."""
    got = {}
    for line in open(path):
        if line.strip() and not line.startswith("#"):
            task, x, y, cycles, status, verdict = line.split()
            got[int(task)] = (int(x), int(y), cycles, int(status), verdict)
    return got


def check_data(name, tasks, x_of, y_of):
    got = data_rows(os.path.join(plots, name + ".dat"))
    check(sorted(got) == sorted(t for t in tasks), f"{name}.dat holds its tasks: {sorted(got)}")
    for t, (x, y, cycles, status, verdict) in got.items():
        row = by_id[t]
        want = (x_of(row), y_of(row), row["cycles"], 1 if row["verdict"] == "PASS" else 0,
                row["verdict"])
        check((x, y, cycles, status, verdict) == want, f"{name}.dat task {t}: "
              f"{(x, y, cycles, status, verdict)}, the table has {want}")


def check_heat_map(name, tasks):
    """Each cell's label, found where the x tick of its channelCapacity meets the y tick
    of its memoryLatency, is its cycles; a cell that did not pass says FAIL below it."""
    texts = svg_texts(os.path.join(plots, name + ".svg"))
    cc, ml = [str(v) for v in CC], [str(v) for v in ML]
    bottom = max(y for _, y, t in texts if t in cc)  # the x ticks' row
    left = min(x for x, _, _ in texts)  # the y ticks' column
    xs = {t: x for x, y, t in texts if t in cc and y == bottom}
    ys = {t: y for x, y, t in texts if t in ml and x == left}
    check(sorted(xs) == sorted(cc) and sorted(ys) == sorted(ml),
          f"{name}.svg: the ticks {xs} {ys}")
    if len(xs) != len(CC) or len(ys) != len(ML):
        return
    for t in tasks:
        row = by_id[t]
        cx, cy = xs[row["channelCapacity"]], ys[row["memoryLatency"]]
        at = [s for x, y, s in texts if abs(x - cx) < 0.5 and abs(y - cy) < 0.5]
        below = [s for x, y, s in texts if abs(x - cx) < 0.5 and 0 < y - cy < 40]
        if row["verdict"] == "PASS":
            check(at == [row["cycles"]], f"{name}.svg: cell of task {t} says {at}, "
                  f"the table {row['cycles']}")
        else:
            check(at == [] and below == [row["verdict"]],
                  f"{name}.svg: failing cell of task {t} says {at} / {below}")


images = []
for kernel in sorted({row["kernel"] for row in rows}):
    tasks = [int(row["id"]) for row in rows if row["kernel"] == kernel]
    prefix = stems[os.path.basename(kernel)] + ".event"
    heat = prefix + ".heatmap-channelCapacity-memoryLatency"
    lines_ = [prefix + ".cycles-vs-" + p for p in PARAMS]
    for name in [heat] + lines_:
        for ext in (".png", ".svg", ".dat"):
            check(os.path.isfile(os.path.join(plots, name + ext)), f"{name}{ext} exists")
        images += [name + ".png", name + ".svg"]
        png = os.path.join(plots, name + ".png")
        check(os.path.isfile(png) and png_ok(png), f"{name}.png is a 900x540 PNG")
        try:
            texts = [t for _, _, t in svg_texts(os.path.join(plots, name + ".svg"))]
        except (ET.ParseError, OSError) as e:
            check(False, f"{name}.svg parses as XML: {e}")
            continue
        check(any(kernel in t for t in texts), f"{name}.svg's title names {kernel}")
        for t in tasks:
            if by_id[t]["verdict"] == "PASS":
                check(by_id[t]["cycles"] in texts, f"{name}.svg shows task {t}'s cycles")
    check(os.path.isfile(os.path.join(plots, prefix + ".gp")), f"{prefix}.gp exists")
    check_heat_map(heat, tasks)
    check_data(heat, tasks, lambda row: CC.index(int(row["channelCapacity"])),
               lambda row: ML.index(int(row["memoryLatency"])))
    for p, name in zip(PARAMS, lines_):
        check_data(name, tasks, lambda row: int(row[p]), lambda row: 0)

# The kernel that fails does so at every point; the others pass at every point.
failing = [row for row in rows if row["verdict"] != "PASS"]
check(len(failing) == 6 and all("accel_oob" in row["kernel"] for row in failing),
      f"accel_oob's 6 tasks fail: {[row['id'] for row in failing]}")
listed = [line.split("\t") for line in open(os.path.join(plots, "failing.txt")).read().splitlines()]
want = [[row["id"], row["kernel"], row["engine"],
         f"channelCapacity={row['channelCapacity']} memoryLatency={row['memoryLatency']}",
         row["verdict"], row["first_error"]] for row in failing]
check(listed == want, f"failing.txt lists the failing tasks: {listed} != {want}")

# A plot re-drawn from its kept script gives the same picture.
svg = os.path.join(plots, "gemm.event.heatmap-channelCapacity-memoryLatency.svg")
before = open(svg).read()
os.remove(svg)
subprocess.run(["gnuplot", "gemm.event.gp"], cwd=plots, check=False)
check(os.path.isfile(svg) and open(svg).read() == before, "gnuplot gemm.event.gp draws it again")


# The page: it parses; every image and link is a file next to it; the counts line.
class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.counts, self._in_counts = [], "", False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "img":
            self.links.append(a["src"])
        if tag == "a":
            self.links.append(a["href"])
        self._in_counts = a.get("id") == "counts"

    def handle_endtag(self, tag):
        self._in_counts = False

    def handle_data(self, data):
        if self._in_counts:
            self.counts += data


index = os.path.join(report, "index.html")
page = Page()
page.feed(open(index).read())
page.close()
counts = [line for line in lines if line.startswith("18 tasks:")]
check(counts and page.counts == counts[0], f"the page's counts line: {page.counts!r}")
files = [link for link in page.links if not link.startswith("#")]
for link in files:
    check(os.path.exists(os.path.join(report, urllib.parse.unquote(link))),
          f"the page's link {link} is a file")
for name in images:
    if name.endswith(".svg"):
        check("plots/" + name in page.links, f"the page shows {name}")
for name in ("sweep.csv", "sweep.json", "plots/failing.txt"):
    check(name in files, f"the page links {name}")
dom = subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom",
                      "file://" + index], capture_output=True, text=True, timeout=120)
check(dom.returncode == 0 and counts and counts[0] in dom.stdout,
      f"headless Chromium loads the page ({dom.returncode}: {dom.stderr[-400:]})")

# Without gnuplot: exit 2, the install script named, the table written all the same.
nowhere = os.path.join(work, "bin")
os.makedirs(nowhere)
os.symlink(os.path.join(work, "no-such-gnuplot"), os.path.join(nowhere, "gnuplot"))
os.remove(os.path.join(report, "sweep.csv"))
r = subprocess.run([SIM, "sweep", "report", out], capture_output=True, text=True,
                   env={**os.environ, "PATH": nowhere})
check(r.returncode == 2, f"report without gnuplot exits 2 ({r.returncode})")
check("bash scripts/install-deps.sh" in r.stderr, f"and names the install script: {r.stderr!r}")
check(os.path.isfile(os.path.join(report, "sweep.csv")), "and still writes sweep.csv")
r = subprocess.run([SIM, "sweep", "report", out, "--no-plots"], capture_output=True, text=True,
                   env={**os.environ, "PATH": nowhere})
check(r.returncode == 0 and "plots:" not in r.stdout, f"--no-plots needs no gnuplot: {r.stderr!r}")

shutil.rmtree(work)
if failures:
    print(f"{len(failures)} check(s) failed")
    sys.exit(1)
print("sweep plots: every check passed")
