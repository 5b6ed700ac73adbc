"""What the sweep tests share: a list of failed checks, and the merged table of a sweep's
folder as `loom-sim sweep report` writes it (its CSV on stdout)."""
import csv
import io

failures = []


def check(cond, what):
    """Records `what` as failed unless `cond`; the test exits 1 at its end if any did."""
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def merged_table(sweep, out, json_path):
    """The rows of `sweep report OUT` without the wall-clock column, which no two runs
    share; `sweep` runs `loom-sim sweep ARGS...` and returns the CompletedProcess."""
    r = sweep("report", out, "--csv", "-", "--json", json_path)
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    for row in rows:
        del row["seconds"]
    return rows
