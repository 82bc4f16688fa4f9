#!/usr/bin/env python3
"""The README's headline table, made from a published benchmark report.

    headline.py [REPORT.md]                  print the table (Markdown)
    headline.py [REPORT.md] --check README   exit 1 if README's table differs from it
    headline.py [REPORT.md] --write README   replace README's table with it

REPORT.md (default: benchmarks/results/h100/REPORT.md) is what report.py wrote; its
"Summary" table gives, for every primitive and dtype, each sweep backend at its
largest size against its peer. The headline keeps the u32 rows of the GPU backend and
of the OpenMP backend, and names the commit (commit.txt beside the report) and the
date of the run. In a README the table sits between the lines
<!-- headline:begin --> and <!-- headline:end -->.
"""

import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_REPORT = os.path.join(HERE, "results", "h100", "REPORT.md")
BEGIN, END = "<!-- headline:begin -->", "<!-- headline:end -->"
PRIMITIVES = [("scan", "inclusive scan"), ("segmented_scan", "segmented scan"),
              ("scan_by_key", "scan by key"), ("reduce", "reduce"), ("split", "split"),
              ("compact", "compaction"), ("radix_sort", "radix sort (keys)"),
              ("merge_sort", "merge sort (keys)"), ("merge", "merge")]
PEER_NAMES = {"cub": "CUB", "thrust": "Thrust", "rocprim": "rocPRIM",
              "gnu_parallel": "libstdc++ parallel", "std": "std"}


def summary_rows(text):
    """{(primitive, dtype, backend): (n, gelems, peer, ratio)} from the Summary table."""
    rows, inside = {}, False
    for line in text.splitlines():
        if line.startswith("## "):
            inside = line.startswith("## Summary")
            continue
        if not inside or not line.startswith("| ") or line.startswith("| primitive"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 9:
            continue
        prim, dtype, backend, n, gelems, _gbs, _copy, peer, ratio = cells[:9]
        rows[(prim, dtype, backend)] = (n, gelems, peer, ratio)
    return rows


def report_facts(path, text):
    """(short commit, date, machine) of a report."""
    commit = "unknown"
    commit_file = os.path.join(os.path.dirname(path), "commit.txt")
    if os.path.exists(commit_file):
        with open(commit_file) as f:
            m = re.search(r"[0-9a-f]{40}", f.read())
            if m:
                commit = m.group(0)[:7]
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


def cell(row):
    if not row:
        return "–", "–", "–"
    n, gelems, peer, ratio = row
    against = "–" if ratio in ("", "–") else f"{ratio}x {PEER_NAMES.get(peer, peer)}"
    return n, gelems, against


def headline(path):
    with open(path) as f:
        text = f.read()
    rows = summary_rows(text)
    if not rows:
        raise SystemExit(f"headline.py: {path} has no Summary table")
    commit, date, machine = report_facts(path, text)
    rel = os.path.relpath(path, os.path.dirname(HERE))
    gpu = "sweep-cuda" if any(k[2] == "sweep-cuda" for k in rows) else "sweep-hip"
    gpu_name = "CUDA" if gpu == "sweep-cuda" else "HIP"
    out = [f"From [`{rel}`]({rel}): {machine}, commit `{commit}`, run {date}. "
           "u32 elements at the largest size measured; G el/s = 10^9 elements a second; "
           "\"vs\" = sweep's throughput over the peer's in the same run (> 1: sweep is "
           "faster).", "",
           f"| primitive | {gpu_name}: n | G el/s | vs | OpenMP: n | G el/s | vs |",
           "| --- | --- | --- | --- | --- | --- | --- |"]
    for prim, label in PRIMITIVES:
        g = rows.get((prim, "u32", gpu))
        o = rows.get((prim, "u32", "sweep-openmp"))
        if not g and not o:
            continue
        out.append("| " + " | ".join((label,) + cell(g) + cell(o)) + " |")
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
