#!/usr/bin/env python3
"""The README's headline table, made from a published benchmark report.

    headline.py [REPORT.md]                  print the table (Markdown)
    headline.py [REPORT.md] --check README   exit 1 if README's table differs from it
    headline.py [REPORT.md] --write README   replace README's table with it

REPORT.md (default: benchmarks/results/h200/REPORT.md) is what report.py wrote; its
"Summary" table judges every primitive over the map by the geometric mean of its ratios
to the peer and by its worst cell, for the GPU backend and the CPU backend. The
headline keeps those four figures per primitive and names the machine, the commit
(commit.txt beside the report; one per line, newest first, where the map's pieces come
from several builds) and the date of the run. In a README the table sits
between the lines <!-- headline:begin --> and <!-- headline:end -->.
"""

import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_REPORT = os.path.join(HERE, "results", "h200", "REPORT.md")
BEGIN, END = "<!-- headline:begin -->", "<!-- headline:end -->"
PRIMITIVES = [("scan", "inclusive scan"), ("segmented_scan", "segmented scan (flags)"),
              ("segmented_scan_offsets", "segmented scan (offsets)"),
              ("scan_by_key", "scan by key"), ("reduce", "reduce"),
              ("segmented_reduce", "segmented reduce"), ("split", "split"),
              ("compact", "compaction"), ("radix_sort", "radix sort (keys)"),
              ("radix_sort_pairs", "radix sort (pairs)"), ("merge_sort", "merge sort (keys)"),
              ("merge_sort_pairs", "merge sort (pairs)"),
              ("merge_sort_custom", "merge sort, custom comparator (keys)"),
              ("merge_sort_pairs_custom", "merge sort, custom comparator (pairs)"),
              ("merge", "merge")]
BACKEND_NAMES = {"sweep-cuda": "CUDA", "sweep-hip": "HIP", "sweep-openmp": "OpenMP",
                 "sweep-serial": "serial"}


def summary(text):
    """(backends, {primitive: [(cells, geomean, worst, vs) per backend]}) of the Summary."""
    backends, rows, inside = [], {}, False
    for line in text.splitlines():
        if line.startswith("## "):
            inside = line.startswith("## Summary")
            continue
        if not inside or not line.startswith("| "):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0] == "primitive":
            backends = [c[:-len(" cells")] for c in cells[1::4]]
            continue
        rows[cells[0]] = [tuple(cells[1 + 4 * i:5 + 4 * i]) for i in range(len(backends))]
    return backends, rows


def report_facts(path, text):
    """(short commit, date, machine) of a report."""
    commit = "unknown"
    commit_file = os.path.join(os.path.dirname(path), "commit.txt")
    if os.path.exists(commit_file):
        with open(commit_file) as f:
            found = re.findall(r"[0-9a-f]{40}", f.read())
        if found:
            # a map whose pieces come from several builds lists them, newest first
            commit = "`, `".join(c[:7] for c in found)
    if commit == "unknown":
        m = re.search(r"commit `[^`]*?([0-9a-f]{40})", text, re.S)
        if m:
            commit = m.group(1)[:7]
    m = re.search(r"^- Run at (\d{4}-\d{2}-\d{2})", text, re.M)
    date = m.group(1) if m else "unknown date"
    m = re.search(r"^# (.*)$", text, re.M)
    machine = m.group(1) if m else "unknown machine"
    machine = re.sub(r"^sweep (benchmarks: |on )", "", machine)
    return commit, date, machine


def headline(path):
    with open(path) as f:
        text = f.read()
    backends, rows = summary(text)
    if not rows:
        raise SystemExit(f"headline.py: {path} has no Summary table")
    commit, date, machine = report_facts(path, text)
    rel = os.path.relpath(path, os.path.dirname(HERE))
    m = re.search(r"^- Repetitions per benchmark: (.*)$", text, re.M)
    reps = m.group(1) if m else "?"
    once = reps.split(",")[0].strip() == "1"
    several = "`, `" in commit
    out = [f"From [`{rel}`]({rel}): {machine}, commit{'s' if several else ''} `{commit}`"
           + (" (the report's notes say which pieces each measured)" if several else "")
           + f", run {date}, "
           f"repetitions per benchmark: {reps}. Each primitive is judged over every cell of "
           "the map (element type x input variant x size) with a peer in the same run: "
           "\"geomean\" is the geometric mean of the ratio peer time / sweep time (> 1: "
           "sweep is faster), \"worst\" the lowest cell and where it is; ~ marks a ratio "
           "inside its spread, which is not claimed."
           + (" A cell whose benchmarks ran once has no spread and is shown as measured."
              if once else ""), ""]
    head, rule = ["primitive"], ["---"]
    for b in backends:
        name = BACKEND_NAMES.get(b, b)
        head += [f"{name}: geomean", "worst cell", "vs"]
        rule += ["---"] * 3
    out += ["| " + " | ".join(head) + " |", "| " + " | ".join(rule) + " |"]
    for prim, label in PRIMITIVES:
        if prim not in rows:
            continue
        line = [label]
        for _cells, g, worst, vs in rows[prim]:
            line += [g, worst, vs]
        out.append("| " + " | ".join(line) + " |")
    return "\n".join(out) + "\n"


def readme_block(readme):
    with open(readme) as f:
        text = f.read()
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise SystemExit(f"headline.py: {readme} has no {BEGIN} ... {END} block")
    return text, start + len(BEGIN) + 1, end


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("report", nargs="?", default=DEFAULT_REPORT)
    group = ap.add_mutually_exclusive_group()
    group.add_argument("--check", metavar="README")
    group.add_argument("--write", metavar="README")
    args = ap.parse_args(argv)
    table = headline(args.report)
    if args.check:
        text, a, b = readme_block(args.check)
        if text[a:b] != table:
            print(f"headline.py: the table in {args.check} differs from {args.report}; "
                  f"regenerate it with: benchmarks/headline.py --write {args.check}",
                  file=sys.stderr)
            return 1
        print(f"headline.py: {args.check} matches {args.report}")
        return 0
    if args.write:
        text, a, b = readme_block(args.write)
        with open(args.write, "w") as f:
            f.write(text[:a] + table + text[b:])
        return 0
    sys.stdout.write(table)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
