#!/usr/bin/env python3
"""Merge sweep-bench JSON files (the pieces of a map) into one JSON file.

    merge_json.py -o MAP.json PIECE.json [PIECE.json ...]

The benchmarks of every file are concatenated in the order given; the context is the
first file's, with the commands, backends, peers, sizes and commits of all pieces
joined (one line each, in sweep_command) and the dates of the first and last piece. A
piece that was cut off (a run stopped by a time limit) contributes its complete
results, and the merged context says "truncated". report.py reads the result like any
sweep-bench JSON.
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report import read_json  # noqa: E402

JOINED = ["sweep_command", "sweep_backends", "sweep_peers", "sweep_commit", "sweep_cpu_sizes",
          "sweep_gpu_sizes"]


def merge(paths):
    merged, benchmarks, dates = None, [], []
    values = {k: [] for k in JOINED}
    for path in paths:
        data = read_json(path)
        ctx = data.get("context", {})
        if merged is None:
            merged = {"context": dict(ctx)}
        if ctx.get("truncated"):
            merged["context"]["truncated"] = "yes"
        if ctx.get("date"):
            dates.append(ctx["date"])
        for k in JOINED:
            v = ctx.get(k)
            if v and v not in values[k]:
                values[k].append(v)
        benchmarks += data.get("benchmarks", [])
    for k, vs in values.items():
        if vs:
            merged["context"][k] = "\n".join(vs) if k == "sweep_command" else " | ".join(vs)
    if dates:
        merged["context"]["date"] = min(dates)
        merged["context"]["date_last"] = max(dates)
    merged["context"]["merged_from"] = ", ".join(os.path.basename(p) for p in paths)
    merged["benchmarks"] = benchmarks
    return merged


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("json", nargs="+")
    ap.add_argument("-o", "--output", required=True)
    args = ap.parse_args(argv)
    merged = merge(args.json)
    with open(args.output, "w") as f:
        json.dump(merged, f, indent=1)
    print(f"merge_json.py: {len(merged['benchmarks'])} entries from {len(args.json)} files "
          f"in {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
