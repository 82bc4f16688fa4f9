#!/usr/bin/env python3
"""CPU ranks against threads: one table from sweep-bench-dist's runs (run-dist.sh --cpu).

    dist_cpu.py -o SUMMARY.json --ranks R --threads T --cores C --binding cores|none
                --pair RANKS.json ONE.json [--pair RANKS.json ONE.json ...]

Each pair is one sweep-bench-dist run on R ranks of T OpenMP threads (--no-single) and
one run of a single process with R x T threads (--single-only) on the same total and
--measure. SUMMARY.json (benchmark "sweep-bench-dist-cpu", read by report.py's
Distributed section) holds one row a measurement: the ranks' times (median_s, min_s,
max_s, times_s), the single process's (baseline_median_s ...) and ratio, the single
process's median time over the ranks' (> 1: the ranks are faster). The table is
printed; with fewer cores than R x T it says that the numbers mean nothing.
"""

import argparse
import json
import os
import sys

CPU_BENCHMARK = "sweep-bench-dist-cpu"
STATS = ("median_s", "min_s", "max_s", "times_s")


def load(path):
    try:
        with open(path) as f:
            data = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        raise SystemExit(f"dist_cpu.py: {path}: not readable JSON ({e})")
    if data.get("benchmark") != "sweep-bench-dist":
        raise SystemExit(f"dist_cpu.py: {path} is not sweep-bench-dist's JSON")
    return data


def rows_of(ranks_run, one_run, ranks_path, one_path):
    """One row for each measurement the ranks made, with the single process's figures
    where it made them."""
    if ranks_run.get("total") != one_run.get("total"):
        raise SystemExit(f"dist_cpu.py: {ranks_path} and {one_path} have different totals")
    one = {m["name"]: m for m in one_run.get("measurements", [])}
    rows = []
    for m in ranks_run.get("measurements", []):
        if "median_s" not in m:
            continue
        row = {"name": m["name"], "what": one.get(m["name"], m).get("what", m["name"]),
               "total": ranks_run.get("total")}
        row.update({k: m[k] for k in STATS if k in m})
        b = one.get(m["name"], {})
        if "single_median_s" in b:
            row.update({"baseline_" + k: b["single_" + k] for k in STATS if "single_" + k in b})
            row["ratio"] = b["single_median_s"] / m["median_s"] if m["median_s"] else None
        rows.append(row)
    return rows


def size_label(n):
    if n and n & (n - 1) == 0:
        return f"2^{n.bit_length() - 1}"
    return str(n)


def table(summary):
    """The printed table, as lines."""
    r, t = summary["ranks"], summary["threads"]
    lines = [f"CPU ranks against threads: {r} ranks x {t} threads against 1 process x {r * t} "
             f"threads ({summary['backend']}, {summary['cores']} cores, binding "
             f"{summary['binding']}, median of {summary['reps']})"]
    if summary["oversubscribed"]:
        lines.append(f"WARNING: {r} x {t} = {r * t} threads on {summary['cores']} cores: "
                     "oversubscribed, these numbers mean nothing")
    lines.append(f"{'what':<24} {'total':>7} {'ranks ms':>12} {'one proc ms':>12} {'ratio':>7}")
    for row in summary["rows"]:
        base = row.get("baseline_median_s")
        ratio = row.get("ratio")
        lines.append(f"{row['what']:<24} {size_label(row['total']):>7} "
                     f"{row['median_s'] * 1e3:>12.3f} "
                     f"{(f'{base * 1e3:.3f}' if base is not None else '-'):>12} "
                     f"{(f'{ratio:.3f}x' if ratio is not None else '-'):>7}")
    for note in summary["notes"]:
        lines.append(f"({note})")
    return lines


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--ranks", type=int, required=True)
    ap.add_argument("--threads", type=int, required=True)
    ap.add_argument("--cores", type=int, required=True)
    ap.add_argument("--binding", required=True)
    ap.add_argument("--pair", nargs=2, action="append", required=True,
                    metavar=("RANKS.json", "ONE.json"))
    args = ap.parse_args(argv)

    rows, notes, runs, first = [], [], [], None
    for ranks_path, one_path in args.pair:
        ranks_run, one_run = load(ranks_path), load(one_path)
        if ranks_run.get("ranks") != args.ranks or one_run.get("ranks") != 1:
            raise SystemExit(f"dist_cpu.py: {ranks_path} must be of {args.ranks} ranks and "
                             f"{one_path} of one")
        first = first or ranks_run
        rows += rows_of(ranks_run, one_run, ranks_path, one_path)
        notes += ranks_run.get("notes", []) + one_run.get("notes", [])
        base = os.path.dirname(os.path.abspath(args.output))
        runs += [os.path.relpath(os.path.abspath(p), base) for p in (ranks_path, one_path)]
    summary = {
        "benchmark": CPU_BENCHMARK,
        "backend": first.get("backend"),
        "ranks": args.ranks,
        "threads": args.threads,
        "baseline_threads": args.ranks * args.threads,
        "cores": args.cores,
        "oversubscribed": args.cores < args.ranks * args.threads,
        "binding": args.binding,
        "reps": first.get("reps"),
        "device": first.get("device"),
        "host": first.get("host"),
        "sweep_version": first.get("sweep_version"),
        "commit": first.get("commit"),
        "date": first.get("date"),
        "notes": notes,
        "runs": runs,
        "rows": rows,
    }
    with open(args.output, "w") as f:
        json.dump(summary, f, indent=2)
        f.write("\n")
    print("\n".join(table(summary)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
