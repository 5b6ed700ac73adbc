#!/usr/bin/env python3
"""html_report.py LOOM-SIM ROOT: `run --html` rendered by headless Chromium.

tests/harness/inputs/invariant.mlir with the invariant on raw_will_continue
(--inject invariant-raw), its page rendered (the page's script run) and dumped as a DOM:
the summary line is the terminal's, every root cause is there with its source line, the
loop table's numbers are the --report JSON's of the same run, the network's SVG is there
with the root cause's op marked, and each call has its activity plot whose buckets add up
to the report's transfers. A clean run's page says all checks passed; a kernel with C
locations quotes its C line (kernels/scale_c.mlir, kernels/src/scale.c); without Graphviz
the page has everything but the graph and says why. Chromium missing is a failure:
scripts/install-deps.sh installs it.
"""
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent, self.children = tag, dict(attrs), parent, []

    def text(self):
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def walk(self):
        for c in self.children:
            if isinstance(c, Node):
                yield c
                yield from c.walk()

    def find_all(self, tag=None, cls=None, **attrs):
        for n in self.walk():
            if tag and n.tag != tag:
                continue
            if cls and cls not in n.attrs.get("class", "").split():
                continue
            if all(n.attrs.get(k.replace("_", "-")) == v for k, v in attrs.items()):
                yield n

    def find(self, *args, **kw):
        return next(self.find_all(*args, **kw), None)

    def by_id(self, id_):
        return self.find(id=id_)


class Tree(HTMLParser):
    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.root = self.cur = Node("#root", {}, None)
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        n = Node(tag, attrs, self.cur)
        self.cur.children.append(n)
        if tag not in VOID:
            self.cur = n

    def handle_startendtag(self, tag, attrs):
        self.cur.children.append(Node(tag, attrs, self.cur))

    def handle_endtag(self, tag):
        n = self.cur
        while n is not None and n.tag != tag:
            n = n.parent
        if n is not None and n.parent is not None:
            self.cur = n.parent

    def handle_data(self, data):
        self.cur.children.append(data)


failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL: " + what, file=sys.stderr)
    return cond


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    sys.exit("FAIL: chromium is not installed (scripts/install-deps.sh installs it); "
             "the page cannot be checked")


def browse(browser, profile, page, *args):
    """The page's DOM after its script ran (or a screenshot with args)."""
    cmd = [browser, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
           "--user-data-dir=" + profile, *args, "file://" + page]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    if r.returncode != 0:
        sys.exit("FAIL: chromium exited with %d on %s" % (r.returncode, page))
    return r.stdout


def run(sim, args, env=None):
    r = subprocess.run([sim, "run", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, env=env)
    return r.returncode, r.stderr


def page_data(path):
    text = open(path, encoding="utf-8").read()
    m = re.search(r'<script type="application/json" id="loom-data">(.*?)</script>', text, re.S)
    return text, json.loads(m.group(1))


def number(s):
    return int(s.replace(",", "").strip())


def source_line(root, mlir):
    """The text of the line a finding's "mlir" place names (file:line:col)."""
    path, line, _ = mlir.rsplit(":", 2)
    return open(os.path.join(root, path)).read().split("\n")[int(line) - 1]


def check_injected(sim, root, browser, d):
    page, report = os.path.join(d, "raw.html"), os.path.join(d, "raw.json")
    code, err = run(sim, ["tests/harness/inputs/invariant.mlir", "--inject", "invariant-raw",
                          "--html", page, "--report", report])
    check(code == 1, "the injected run exits 1 (got %d)" % code)
    rep = json.load(open(report))
    text, data = page_data(page)
    dom = Tree(browse(browser, os.path.join(d, "p1"), page, "--dump-dom")).root

    # The summary: the terminal's line, whose numbers are the report's.
    terminal = [l for l in err.splitlines() if l.startswith("loom-sim: ") and "accelerated call" in l]
    line = dom.by_id("summary-line")
    check(line is not None and terminal and line.text() == terminal[-1],
          "the page's summary line is the terminal's: %r vs %r" % (line and line.text(), terminal))
    calls = rep["calls"]
    want = "%d accelerated call(s), %s cycles, %s transfers" % (
        len(calls), format(sum(c["cycles"] for c in calls), ","),
        format(sum(c["transfers"] for c in calls), ","))
    check(line is not None and line.text().startswith("loom-sim: " + want),
          "the summary's numbers are the report's: " + want)
    check(data["report"]["findings"] == rep["findings"] and data["report"]["calls"] == rep["calls"],
          "the page's report is the --report JSON of the same run")

    # Each root cause with its text and its source line, marked.
    causes = rep["causes"]
    check(len(causes) >= 1, "the injected run has a root cause")
    for k, c in enumerate(causes):
        f = rep["findings"][c["finding"]]
        card = dom.by_id("cause-%d" % k)
        if not check(card is not None, "root cause %d is on the page" % k):
            continue
        check(f["summary"] in card.text(), "root cause %d's text: %s" % (k, f["summary"]))
        hits = [n.text() for n in card.find_all("span", cls="hit")]
        src = source_line(root, f["mlir"])
        check(any(src in h for h in hits), "root cause %d's source line %r is marked in %r" % (k, src, hits))
        for i in c["explains"]:
            check(rep["findings"][i]["summary"] in card.text(),
                  "root cause %d lists the finding it explains: %s" % (k, rep["findings"][i]["summary"]))

    # The loop table: every call's loops, with the report's numbers.
    table = dom.by_id("loop-table")
    rows = 0
    for c in calls:
        for l in c["loops"]:
            rows += 1
            tr = table and table.find("tr", data_call="%s#%d" % (c["function"], c["invocation"]),
                                      data_op=str(l["op"]))
            if not check(tr is not None, "loop %s of call %d has a row" % (l["source"], c["invocation"])):
                continue
            cells = [td.text() for td in tr.find_all("td")]
            got = [number(x) for x in cells[2:9]]
            exp = [l["activations"], l["non_empty"], l["iterations"], l["raw_will_continue"]["expected"],
                   l["raw_will_continue"]["observed"], l["after_cond"]["expected"],
                   l["after_cond"]["observed"]]
            check(got == exp, "loop row of call %d: %s, report %s" % (c["invocation"], got, exp))
            check(l["source"] in cells[1], "the loop row names its source " + l["source"])
    check(rows >= 2, "the loop table has the loop of both calls")

    # The network: the SVG, the root cause's op marked (and red, as the DOT draws it).
    graph = dom.by_id("graph")
    check(graph is not None and graph.find("svg") is not None, "the network's SVG is on the page")
    marks = data["findings"][causes[0]["finding"]]["marks"]
    check(len(marks) >= 1, "the root cause names an op of the network")
    for id_ in marks:
        g = dom.by_id(id_)
        if not check(g is not None, "element %s is in the SVG" % id_):
            continue
        check("finding" in g.attrs.get("class", "").split(), "element %s is marked as a finding" % id_)
        check(any(n.attrs.get("stroke") == "#cc0000" for n in g.walk()), "element %s is red" % id_)
    inv = dom.by_id(marks[0])
    check(inv is not None and "dataflow.invariant" in inv.text(), "the marked op is the invariant")
    # The invariant's output, as cli.run_dot derives it: 14 tokens where its rate says 12.
    out = [e for e in data["graph"]["elements"].values()
           if e["t"] == "channel" and e["name"].startswith("scale/for0.guard/for0/inv.k:0 -> ")]
    check(len(out) == 1 and out[0]["observed"] == 14 and out[0]["expected"] == 12,
          "the invariant's output carries 14 / 12: %s" % out)

    # Clicking: the page opened with the invariant selected shows its ports and counts.
    sel = Tree(browse(browser, os.path.join(d, "p2"), page + "#select=" + marks[0], "--dump-dom")).root
    panel = sel.by_id("panel")
    check(panel is not None and panel.attrs.get("data-selected") == marks[0],
          "the side panel shows the selected op")
    check(panel is not None and "14 / 12" in panel.text() and "Inputs" in panel.text(),
          "the side panel lists the op's ports with 14 / 12")
    check(panel is not None and source_line(root, rep["findings"][causes[0]["finding"]]["mlir"]).strip()
          in panel.text(), "the side panel shows the op's source line")

    # Activity: one plot per call, whose buckets add up to the report's transfers.
    check(dom.by_id("run-activity") is not None, "the run's activity plot is there")
    for c in calls:
        p = dom.by_id("activity-%s-%d" % (c["function"], c["invocation"]))
        path = p and p.find("path")
        check(path is not None and len(path.attrs.get("d", "")) > 20,
              "call %d has an activity plot" % c["invocation"])
        act = [a for a in data["activity"]
               if a["function"] == c["function"] and a["invocation"] == c["invocation"]]
        check(len(act) == 1 and sum(act[0]["transfers"]) == c["transfers"],
              "call %d's activity adds up to its %d transfers" % (c["invocation"], c["transfers"]))

    # Self-contained: nothing to fetch.
    for ref in ("<link", "<script src", "@import", "url(http", 'src="http', "<img"):
        check(ref not in text, "the page fetches nothing (%s)" % ref)

    shot = os.path.join(d, "page.png")
    browse(browser, os.path.join(d, "p3"), page, "--screenshot=" + shot, "--window-size=1400,1000")
    check(os.path.exists(shot) and open(shot, "rb").read(8) == b"\x89PNG\r\n\x1a\n"
          and os.path.getsize(shot) > 20000, "the page renders to a screenshot")


def check_clean(sim, browser, d):
    page = os.path.join(d, "clean.html")
    code, _ = run(sim, ["tests/harness/inputs/invariant.mlir", "--html", page])
    check(code == 0, "the clean run exits 0")
    dom = Tree(browse(browser, os.path.join(d, "p4"), page, "--dump-dom")).root
    ok = dom.by_id("all-passed")
    check(ok is not None and "All checks passed" in ok.text(), "a clean run's page says all checks passed")
    line = dom.by_id("summary-line")
    check(line is not None and "all checks passed (0 finding(s))" in line.text(),
          "a clean run's summary says all checks passed")
    check(dom.find("g", cls="finding") is None, "a clean run marks nothing in the network")


def check_c_source(sim, browser, d):
    page = os.path.join(d, "c.html")
    run(sim, ["kernels/scale_c.mlir", "--inject", "mem-ctrl-raw", "--html", page])
    dom = Tree(browse(browser, os.path.join(d, "p5"), page, "--dump-dom")).root
    card = dom.by_id("cause-0")
    hits = [n.text() for n in card.find_all("span", cls="hit")] if card else []
    check(any("for (long i = 0; i < n; i++) {" in h for h in hits),
          "the C line of the root cause is quoted from kernels/src/scale.c: %r" % hits)
    check(card is not None and "scale.c:6:3" in card.text(), "the excerpt names scale.c:6:3")


def check_no_graphviz(sim, browser, d):
    page = os.path.join(d, "nodot.html")
    env = dict(os.environ, PATH="/nonexistent")
    code, err = run(sim, ["tests/harness/inputs/invariant.mlir", "--inject", "invariant-raw",
                          "--html", page], env)
    check(code == 1, "without Graphviz the injected run still exits 1 (got %d)" % code)
    check("Graphviz" in err, "without Graphviz the run says so: " + err[-300:])
    dom = Tree(browse(browser, os.path.join(d, "p6"), page, "--dump-dom")).root
    missing = dom.by_id("graph-missing")
    check(missing is not None and "needs Graphviz" in missing.text(),
          "without Graphviz the page says the graph needs it")
    check(dom.by_id("cause-0") is not None and dom.by_id("loop-table") is not None
          and dom.by_id("run-activity") is not None, "without Graphviz the rest of the page is there")


def main():
    sim, root = os.path.abspath(sys.argv[1]), sys.argv[2]
    browser = chromium()
    os.chdir(root)
    with tempfile.TemporaryDirectory() as d:
        check_injected(sim, root, browser, d)
        check_clean(sim, browser, d)
        check_c_source(sim, browser, d)
        check_no_graphviz(sim, browser, d)
    if failures:
        sys.exit("%d check(s) failed" % len(failures))
    print("run --html: summary, root cause and source line, loop table = --report, "
          "network with the finding marked, activity plots, clean and C-located pages, "
          "no Graphviz: all checked in Chromium")


if __name__ == "__main__":
    main()
