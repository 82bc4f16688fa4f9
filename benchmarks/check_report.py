#!/usr/bin/env python3
"""The CTest test bench.report: a short CPU run of the map through report.py.

    check_report.py SWEEP-BENCH WORKDIR

Runs sweep-bench --map on the OpenMP backend against libstdc++ parallel mode (two
small sizes, every variant of every primitive, three repetitions; every sweep result
is checked by sweep-bench, and a failed check fails this test), then checks what
report.py makes of it: the Summary table (a row per primitive with cells, geometric
mean and worst cell), a ratio grid per primitive, cells.csv with one row per result,
the heat maps and plots when matplotlib is there, and the spread rule on two doctored
copies of one cell (a peer whose repetitions straddle sweep's is marked ~ and not
claimed; one ten times slower in every repetition is claimed). It also splits the JSON
in two, merges the halves with merge_json.py and checks that the report keeps every
cell. Exit status 0 when all holds; the first failure is printed.
"""

import copy
import csv
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import report  # noqa: E402

PRIMITIVES = ["scan", "segmented_scan", "segmented_scan_offsets", "scan_by_key", "reduce",
              "segmented_reduce", "split", "compact", "radix_sort", "radix_sort_pairs",
              "merge_sort", "merge_sort_pairs", "merge_sort_custom", "merge_sort_pairs_custom",
              "merge", "segmented_radix_sort", "segmented_radix_sort_pairs",
              "segmented_merge_sort", "segmented_merge_sort_pairs", "lower_bound", "upper_bound",
              "unique", "unique_by_key", "run_length_encode", "nontrivial_runs", "histogram_even",
              "histogram_range", "copy"]


def fail(msg):
    print(f"check_report.py: FAILED: {msg}", file=sys.stderr)
    sys.exit(1)


def run_report(json_paths, outdir):
    rc = report.main(list(json_paths) + ["-o", outdir, "--title", "check"])
    if rc != 0:
        fail(f"report.py returned {rc}")
    with open(os.path.join(outdir, "REPORT.md")) as f:
        return f.read()


def summary_rows(text):
    rows, inside = {}, False
    for line in text.splitlines():
        if line.startswith("## "):
            inside = line.startswith("## Summary")
            continue
        if inside and line.startswith("| ") and not line.startswith("| primitive"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            rows[cells[0]] = cells
    return rows


def doctor(data, name_part, factors):
    """A copy of data where the peer rows of one cell get sweep's times times factors."""
    d = copy.deepcopy(data)
    mine = [b for b in d["benchmarks"] if b.get("run_type") == "iteration"
            and name_part + "/sweep-openmp/" in b["name"]]
    peer = [b for b in d["benchmarks"] if b.get("run_type") == "iteration"
            and name_part + "/gnu_parallel/" in b["name"]]
    if len(mine) < 3 or len(peer) < 3:
        fail(f"{name_part}: expected repetitions of sweep-openmp and gnu_parallel")
    for b, f in zip(peer, factors):
        b["real_time"] = mine[0]["real_time"] * f
    for b in mine:
        b["real_time"] = mine[0]["real_time"]
    return d


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    bench, work = argv
    os.makedirs(work, exist_ok=True)
    raw = os.path.join(work, "cpu.json")
    cmd = [bench, "--map", "--backends=openmp", "--peers=gnu_parallel,std,omp_memcpy,omp_read",
           "--cpu-sizes=10,12", "--single-thread-max=12",
           "--variants=all",
           "--benchmark_min_time=0.001", "--benchmark_repetitions=3",
           f"--benchmark_out={raw}", "--benchmark_out_format=json"]
    env = dict(os.environ, OMP_NUM_THREADS="2")
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          env=env)
    if proc.returncode != 0:
        fail(f"sweep-bench exited with {proc.returncode}:\n{proc.stdout[-2000:]}")
    if "error:" in proc.stdout:
        fail("a benchmark failed:\n" + "\n".join(
            line for line in proc.stdout.splitlines() if "error:" in line))
    with open(raw) as f:
        data = json.load(f)

    text = run_report([raw], os.path.join(work, "report"))
    rows = summary_rows(text)
    for prim in PRIMITIVES:
        if prim not in rows:
            fail(f"the Summary has no row for {prim}")
        cells = rows[prim]
        if len(cells) != 5 or not cells[1].split()[0].isdigit() or "(" not in cells[3]:
            fail(f"Summary row of {prim} is not 'cells | geomean | worst (where) | vs': {cells}")
        if f"### {prim}: sweep-openmp vs" not in text:
            fail(f"no ratio grid for {prim}")
    if "| read |" in text.split("## Summary", 1)[1].split("\n## ", 1)[0]:
        fail("read has no sweep row and must not be in the Summary")
    if "of read" not in text:
        fail("reduce is not judged against the read bandwidth")

    results = {b["run_name"] for b in data["benchmarks"] if not b.get("error_occurred")}
    with open(os.path.join(work, "report", "cells.csv")) as f:
        csv_rows = list(csv.DictReader(f))
    if len(csv_rows) != len(results):
        fail(f"cells.csv has {len(csv_rows)} rows for {len(results)} results")
    try:
        import matplotlib  # noqa: F401
        import numpy  # noqa: F401
        for prim in PRIMITIVES:
            for name in (f"{prim}.png", f"{prim}-heat.png"):
                if not os.path.exists(os.path.join(work, "report", name)):
                    fail(f"no {name}")
    except ImportError:
        if "matplotlib is not installed" not in text:
            fail("no plots and no note saying why")

    # The spread rule.
    cell = "radix_sort/u32/few"
    wide = doctor(data, cell, [0.5, 1.0, 2.0])
    tight = doctor(data, cell, [10.0, 10.0, 10.0])
    for name, d in (("wide", wide), ("tight", tight)):
        with open(os.path.join(work, f"{name}.json"), "w") as f:
            json.dump(d, f)
    contexts, rows_w, _ = report.load([os.path.join(work, "wide.json")])
    cells_w = [c for c in report.Data(rows_w).cells
               if (c.mine.primitive, c.mine.dtype, c.mine.variant) == tuple(cell.split("/"))]
    contexts, rows_t, _ = report.load([os.path.join(work, "tight.json")])
    cells_t = [c for c in report.Data(rows_t).cells
               if (c.mine.primitive, c.mine.dtype, c.mine.variant) == tuple(cell.split("/"))]
    if not cells_w or any(c.claimed for c in cells_w if c.mine.n == 1024):
        fail("a ratio inside its spread was claimed")
    if not cells_t or not all(c.claimed and abs(c.ratio - 10) < 1e-9
                              for c in cells_t if c.mine.n == 1024):
        fail("a ratio of 10 outside its spread was not claimed")
    text_w = run_report([os.path.join(work, "wide.json")], os.path.join(work, "report-wide"))
    if "| u32 | few | ~" not in text_w:
        fail("the unclaimed cell is not marked ~ in its grid")

    # Pieces merged into one JSON make the same cells.
    half = len(data["benchmarks"]) // 2
    while half < len(data["benchmarks"]) and (
            data["benchmarks"][half]["run_name"] == data["benchmarks"][half - 1]["run_name"]):
        half += 1
    parts = []
    for i, chunk in enumerate((data["benchmarks"][:half], data["benchmarks"][half:])):
        d = dict(data, benchmarks=chunk)
        parts.append(os.path.join(work, f"cpu-part{i}.json"))
        with open(parts[-1], "w") as f:
            json.dump(d, f)
    merged = os.path.join(work, "map.json")
    subprocess.run([sys.executable, os.path.join(HERE, "merge_json.py"), "-o", merged] + parts,
                   check=True, stdout=subprocess.DEVNULL)
    _, rows_m, _ = report.load([merged])
    _, rows_1, _ = report.load([raw])
    if len(report.Data(rows_m).cells) != len(report.Data(rows_1).cells):
        fail("merging the pieces lost cells")
    print(f"check_report.py: {len(results)} results, {len(report.Data(rows_1).cells)} cells, "
          "report structure, spread rule and merge hold")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
