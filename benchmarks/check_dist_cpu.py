#!/usr/bin/env python3
"""The CTest test dist.bench_cpu: run-dist.sh --cpu end to end on tiny totals.

    check_dist_cpu.py BUILD-DIR WORKDIR

Runs benchmarks/run-dist.sh --cpu from BUILD-DIR twice: 2 ranks of 1 thread (bound to
their cores where the machine has 2, else oversubscribed), and 2 ranks of as many
threads as the machine has CPUs, at least 2 (always more threads than cores: oversubscribed,
unbound, with the warning). Each must exit 0 and print its table; the summary JSON
must hold one row for each of the sort of keys, the sort of pairs, the inclusive scan
and the reduce, with the ranks' and the single process's times and their ratio, and
name the runs behind it (R ranks; one rank with --single-only, on the same total);
report.py must turn both summaries into the table "CPU ranks against threads". Exit
status 0 when all holds; the first failure is printed.
"""

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import report  # noqa: E402

ROWS = [("sort_keys", "radix sort u32", 4096), ("sort_pairs", "radix sort u32 pairs", 2048),
        ("scan_inclusive", "inclusive scan u32", 10000), ("reduce", "reduce u32", 10000)]


def fail(msg):
    print(f"check_dist_cpu.py: FAILED: {msg}", file=sys.stderr)
    sys.exit(1)


def run_cpu(build, out, ranks, threads):
    cmd = ["bash", os.path.join(HERE, "run-dist.sh"), "--cpu", "--build", build,
           "--ranks", str(ranks), "--threads", str(threads), "--keys", "4096",
           "--pairs", "2048", "--scan", "10000", "--reps", "2", "--out", out,
           "--machine", "check"]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    sys.stdout.write(p.stdout)
    sys.stderr.write(p.stderr)
    if p.returncode != 0:
        fail(f"{' '.join(cmd)} exited with {p.returncode}")
    return p.stdout + p.stderr


def check_summary(out, ranks, threads, printed, cores):
    name = f"dist-cpu-r{ranks}t{threads}"
    path = os.path.join(out, name + ".json")
    with open(path) as f:
        s = json.load(f)
    if s.get("benchmark") != "sweep-bench-dist-cpu" or s.get("backend") != "openmp":
        fail(f"{path}: not run-dist.sh --cpu's summary")
    if (s.get("ranks"), s.get("threads"), s.get("baseline_threads")) != (ranks, threads,
                                                                        ranks * threads):
        fail(f"{path}: ranks, threads or baseline_threads wrong")
    over = cores < ranks * threads
    if s.get("oversubscribed") != over or s.get("cores") != cores:
        fail(f"{path}: cores {s.get('cores')} (expected {cores}), oversubscribed "
             f"{s.get('oversubscribed')}")
    if over and (s.get("binding") != "none" or "the numbers mean nothing" not in printed):
        fail(f"{name}: oversubscribed but bound, or without the warning")
    if not over and s.get("binding") != "cores":
        fail(f"{name}: not bound to cores")
    got = [(r.get("name"), r.get("what"), r.get("total")) for r in s.get("rows", [])]
    if got != ROWS:
        fail(f"{path}: rows {got}, expected {ROWS}")
    for r in s["rows"]:
        base, t = r.get("baseline_median_s"), r.get("median_s")
        if not (t and t > 0 and base and base > 0 and len(r.get("times_s", [])) == 2
                and len(r.get("baseline_times_s", [])) == 2):
            fail(f"{path}: {r['name']} lacks times")
        if abs(r["ratio"] - base / t) > 1e-9 * r["ratio"]:
            fail(f"{path}: {r['name']}: ratio is not the baseline's time over the ranks'")
        if r["what"] not in printed:
            fail(f"{name}: no printed row for {r['what']}")
    runs = [os.path.join(out, p) for p in s.get("runs", [])]
    if len(runs) != 6:
        fail(f"{path}: {len(runs)} runs named, 6 expected")
    for i, p in enumerate(runs):
        with open(p) as f:
            run = json.load(f)
        one = i % 2 == 1
        if run.get("ranks") != (1 if one else ranks) or bool(run.get("single_only")) != one:
            fail(f"{p}: expected {'one rank, --single-only' if one else f'{ranks} ranks'}")
        if run.get("total") != ROWS[min(i // 2, 2)][2]:
            fail(f"{p}: total {run.get('total')}")


def main(argv):
    if len(argv) != 2:
        fail("usage: check_dist_cpu.py BUILD-DIR WORKDIR")
    build, work = argv
    out = os.path.join(work, "out")
    os.makedirs(out, exist_ok=True)
    for f in os.listdir(out):
        if f.startswith("dist-cpu-") and f.endswith(".json"):
            os.remove(os.path.join(out, f))
    many = max(2, os.cpu_count() or 1)
    labels = []
    for ranks, threads in ((2, 1), (2, many)):
        printed = run_cpu(build, out, ranks, threads)
        # The physical cores the script saw: its summary says, and they cannot be more
        # than the CPUs this process may use.
        with open(os.path.join(out, f"dist-cpu-r{ranks}t{threads}.json")) as f:
            cores = json.load(f).get("cores", 0)
        if not 1 <= cores <= len(os.sched_getaffinity(0)):
            fail(f"{cores} cores seen with {len(os.sched_getaffinity(0))} CPUs allowed")
        check_summary(out, ranks, threads, printed, cores)
        labels.append(f"| {ranks} × {threads}" +
                      (" (oversubscribed) |" if cores < ranks * threads else " |"))
    paths = [os.path.join(out, f"dist-cpu-r2t{t}.json") for t in (1, many)]
    rep = os.path.join(work, "report")
    argv = []
    for p in paths:
        argv += ["--dist", p]
    if report.main(argv + ["-o", rep, "--no-plots"]) != 0:
        fail("report.py failed")
    with open(os.path.join(rep, "REPORT.md")) as f:
        text = f.read()
    if "### Distributed: CPU ranks against threads" not in text:
        fail("REPORT.md has no CPU ranks against threads table")
    if not labels[1].endswith("(oversubscribed) |"):
        fail(f"2 ranks x {many} threads not oversubscribed")
    for label in labels:
        rows = [line for line in text.splitlines() if line.startswith(label)]
        if len(rows) != len(ROWS):
            fail(f"REPORT.md: {len(rows)} rows {label}, expected {len(ROWS)}")
    print("check_dist_cpu.py: run-dist.sh --cpu ran, bound and oversubscribed, and its "
          "summaries and report hold every row")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
