#!/usr/bin/env python3
"""Turn sweep-bench's Google Benchmark JSON into REPORT.md, heat maps and plots.

    report.py RESULTS.json [MORE.json ...] -o OUTDIR [--title T] [--command-file F ...]
              [--smoke REASON ...] [--no-plots] [--dist DIST.json ...]

Benchmarks are named <primitive>/<dtype>/<variant>/<impl>/<n> (older runs:
<primitive>/<dtype>/<impl>/<n>, read with the variant "default") and carry the counters
n and bytes_min (benchmarks/bench_record.h). A *cell* is one primitive, dtype, variant
and size; in each cell a sweep backend is compared with its peer on the same device
(sweep-cuda: cub, else thrust; sweep-hip: rocprim; sweep-openmp: gnu_parallel, else
std; sweep-serial: std; copy: the device's own copy; affine_scan: the backend's
built-in u64 sum scan). The ratio is the peer's median time over sweep's (> 1: sweep is
faster). Its spread is the range of the ratio over every pair of repetitions
(fastest peer over slowest sweep ... slowest peer over fastest sweep): a cell whose
range contains 1 has a spread larger than the difference it claims; it is marked "~"
and its ratio is not claimed.

The report judges each primitive by its worst cell (where it is) and the geometric mean
of its ratios, for the GPU backend and for the CPU backend: the Summary table, which
benchmarks/headline.py turns into the README's table. Each primitive's section has a
heat map of the ratio over size x variant beside the throughput plot, a grid of the
ratios, and the largest size's bandwidth (reductions and histograms against the
device's measured read bandwidth, the rest against its copy). cells.csv holds every
cell. Without matplotlib the report is written without plots and says so.
--smoke REASON (repeatable) marks a run on a machine that cannot measure.

sweep-bench-dist's JSON (--dist, or recognised among RESULTS; benchmarks/run-dist.sh
writes it) adds a "Distributed" section: per backend, the speed-up against one context
by rank count, the exchange's and the local sort's share of the distributed sort, the
exchange against the engine's own all-to-all, and distributed.png; distributed.csv
holds its measurements. Given only such files, the report is that section alone.
run-dist.sh --cpu's summary (dist-cpu-rRtT.json, benchmark "sweep-bench-dist-cpu")
adds the table "CPU ranks against threads" to that section.
"""

import argparse
import csv
import gzip
import json
import math
import os
import statistics
import sys
from collections import defaultdict

PRIMITIVES = ["scan", "affine_scan", "segmented_scan", "segmented_scan_offsets", "scan_by_key",
              "reduce", "segmented_reduce", "read", "split", "compact", "radix_sort",
              "radix_sort_pairs", "merge_sort", "merge_sort_pairs", "merge_sort_custom",
              "merge_sort_pairs_custom", "merge", "segmented_radix_sort",
              "segmented_radix_sort_pairs", "segmented_merge_sort", "segmented_merge_sort_pairs",
              "lower_bound", "upper_bound", "unique", "unique_by_key", "run_length_encode",
              "nontrivial_runs", "histogram_even", "histogram_range", "copy"]
# f32x2: affine_scan's (f32 a, f32 b) pairs.
DTYPES = ["i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f32", "f64", "f32x2"]
VARIANTS = ["default", "plain", "sum", "max", "seg16", "seg1024", "segrand", "flags10",
            "flags50", "flags90", "uniform", "sorted", "reverse", "few", "zipf", "top16",
            "topbyte", "lowdup", "seg0to32", "segmixed", "segpow", "seghuge", "runshort",
            "runlong", "skewed"]
PEER_OF = {
    "sweep-serial": ["std"],
    "sweep-openmp": ["gnu_parallel", "std"],
    "sweep-cuda": ["cub", "thrust"],
    "sweep-hip": ["rocprim"],
}
COPY_PEER_OF = {"sweep-serial": ["memcpy"], "sweep-openmp": ["omp_memcpy"],
                "sweep-cuda": ["cudaMemcpy"], "sweep-hip": ["hip_copy"]}
COPY_REFS = {"cpu": ["omp_memcpy", "memcpy"], "gpu": ["cudaMemcpy", "copy_kernel", "hip_copy"]}
READ_REFS = {"cpu": ["omp_read"], "gpu": ["read_kernel"]}
# The backend each device is judged by, first present wins.
MAIN_BACKENDS = {"gpu": ["sweep-cuda", "sweep-hip"], "cpu": ["sweep-openmp", "sweep-serial"]}
PEER_LABEL = {"cub": "CUB", "thrust": "Thrust", "rocprim": "rocPRIM",
              "gnu_parallel": "libstdc++ parallel", "std": "std (one core)",
              "cudaMemcpy": "cudaMemcpy", "omp_memcpy": "parallel memcpy", "memcpy": "memcpy",
              "hip_copy": "hipMemcpy"}
UNIT_SECONDS = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
SEGMENTS = "segments: seg16 / seg1024 all that long, segrand log-uniform in [1, 4096]"
KEYS = ("keys: uniform (all bits), sorted, reverse, few (<= 256 distinct), zipf (weight "
        "1/k over 2^20 ranks), top16 (equal top 16 bits), topbyte (differ only in the top "
        "byte), lowdup (low 16 bits from 4 values)")
SORT_SEGMENTS = ("segments: seg0to32 lengths uniform in [0, 32] (empty ones included), "
                 "segmixed 15 of 16 in [0, 64] and the others in [1024, 65536], segpow Pareto "
                 "lengths (alpha 1.2), seghuge 8 segments at random cut points; keys uniform")
SEGMENTED_SORT_PEERS = ("CUB: DeviceSegmentedSort::StableSortKeys / StableSortPairs; "
                        "libstdc++: std::stable_sort of each segment under an OpenMP parallel "
                        "for, segments of n/threads or more by __gnu_parallel::stable_sort")
RUNS = "runs: runshort lengths uniform in [1, 8], runlong in [1, 2048]"
SAMPLES = ("256 even bins, u32 samples in [0, 2^31) or f32 in [0, 1); uniform over the range, "
           "or skewed (the bin of rank k with weight 1/k); u32 counts")
WHAT = {
    "scan": "inclusive scan, sum (u32, u64, f32) or max (i32); bytes_min = read n + write n",
    "affine_scan": "inclusive scan of affine maps over (f32, f32) pairs, a custom operator; "
                   "its peer is sum_u64-<backend>, the built-in u64 sum scan of the same "
                   "backend; bytes_min = read n + write n (8-byte elements)",
    "segmented_scan": "inclusive sum restarting at head flags; " + SEGMENTS + "; bytes_min = "
                      "2n elements + n flag bytes; CUB runs InclusiveSumByKey over segment "
                      "indices (it has no head-flag scan), libstdc++ a parallel partial_sum of "
                      "(value, flag) records under the segmented operator",
    "segmented_scan_offsets": "inclusive sum over segments given by offsets; " + SEGMENTS +
                              "; bytes_min = 2n elements; CUB runs InclusiveSumByKey over "
                              "segment indices, libstdc++ a parallel for_each of partial_sum "
                              "over the segments",
    "scan_by_key": "inclusive sum over runs of equal u32 keys; " + SEGMENTS + "; bytes_min = "
                   "2n elements + n keys; libstdc++: a parallel partial_sum of (key, value) "
                   "records",
    "reduce": "sum; bytes_min = read n; judged against the device's read bandwidth (the "
              "read row)",
    "segmented_reduce": "sum of each segment given by offsets; " + SEGMENTS + "; bytes_min = "
                        "read n; CUB: DeviceSegmentedReduce::Sum, libstdc++: a parallel "
                        "transform of accumulate over the segments; judged against the read "
                        "bandwidth",
    "read": "the read bandwidth reference (peers only: a read kernel on GPUs, an OpenMP "
            "loop on CPUs); bytes_min = read n",
    "split": "flagged first, both halves stable; flags10/50/90 = percent flagged; bytes_min = "
             "2n elements + n flag bytes; libstdc++'s parallel mode has no stable partition: "
             "the CPU peer is std::stable_partition on one core (up to its size cap)",
    "compact": "keep flagged, stable; flags10/50/90 = percent flagged; bytes_min = n "
               "elements + n flags + kept; CPU peer: std::copy_if on one core",
    "radix_sort": "keys only, all bits, ascending; " + KEYS + "; the CPU peer is a "
                  "comparison sort; bytes_min = one histogram read + read and write per "
                  "8-bit digit",
    "radix_sort_pairs": "keys with u32 values, all bits, stable; " + KEYS + "; CPU peer: "
                        "__gnu_parallel::sort of (key, value) structs; bytes_min = one key "
                        "read + read and write of keys and values per 8-bit digit",
    "merge_sort": "keys only, stable, built-in order; " + KEYS + "; bytes_min = read n + "
                  "write n (a lower bound)",
    "merge_sort_pairs": "keys with u32 values, stable, built-in order; " + KEYS,
    "merge_sort_custom": "keys only, stable, a user comparator (sweep: a C function on CPUs, "
                         "device source compiled at run time on GPUs; CUB: a functor; "
                         "libstdc++: __gnu_parallel::stable_sort through a function pointer "
                         "it cannot inline); " + KEYS,
    "merge_sort_pairs_custom": "keys with u32 values by a user comparator, as "
                               "merge_sort_custom; " + KEYS,
    "merge": "two sorted halves of n/2 keys each drawn from the distribution (sorted: "
             "every key of the first half below the second's; reverse: above); " + KEYS,
    "segmented_radix_sort": "keys only, every segment sorted on its own, all bits, stable; "
                            + SORT_SEGMENTS + "; " + SEGMENTED_SORT_PEERS + "; bytes_min = "
                            "read n + write n",
    "segmented_radix_sort_pairs": "keys with u32 values (the indices), per segment; "
                                  + SORT_SEGMENTS + "; " + SEGMENTED_SORT_PEERS + " of (key, "
                                  "value) structs; bytes_min = read and write keys and values",
    "segmented_merge_sort": "keys only, per segment, built-in order (sweep's comparator sort); "
                            + SORT_SEGMENTS + "; the same peers as the segmented radix sort; "
                            "bytes_min = read n + write n",
    "segmented_merge_sort_pairs": "keys with u32 values, per segment, built-in order; "
                                  + SORT_SEGMENTS + "; bytes_min = read and write keys and "
                                  "values",
    "lower_bound": "n needles (uniform u32, random order) searched in a sorted haystack of n "
                   "uniform u32 keys, one size_t index each; Thrust: the vectorised "
                   "thrust::lower_bound (CUB has none); libstdc++: std::lower_bound per needle "
                   "under an OpenMP parallel for; bytes_min = read haystack and needles + "
                   "write n indices",
    "upper_bound": "as lower_bound, with thrust::upper_bound / std::upper_bound",
    "unique": "the first element of every run of equal elements; " + RUNS + "; CUB: "
              "DeviceSelect::Unique, libstdc++: __gnu_parallel::unique_copy; bytes_min = read "
              "n + write the runs",
    "unique_by_key": "unique on u32 keys with u32 values; " + RUNS + "; CUB: "
                     "DeviceSelect::UniqueByKey, libstdc++: __gnu_parallel::unique_copy of "
                     "(key, value) structs; bytes_min = read n keys and values + write the "
                     "runs' keys and values",
    "run_length_encode": "every run's element and length (size_t); " + RUNS + "; CUB: "
                         "DeviceRunLengthEncode::Encode; CPU peer: a loop on one core "
                         "(parallel mode has none), up to its size cap; bytes_min = read n + "
                         "write the runs",
    "nontrivial_runs": "offset and length (size_t) of every run longer than one; " + RUNS +
                       "; CUB: DeviceRunLengthEncode::NonTrivialRuns; CPU peer: a loop on one "
                       "core; bytes_min = read n + write the non-trivial runs",
    "histogram_even": SAMPLES + "; CUB: DeviceHistogram::HistogramEven, libstdc++ side: an "
                      "OpenMP loop with per-thread bins; bytes_min = read n; judged against "
                      "the read bandwidth",
    "histogram_range": "the same bins given by 257 boundaries; " + SAMPLES + "; CUB: "
                       "DeviceHistogram::HistogramRange, CPU: an OpenMP loop with per-thread "
                       "bins and std::upper_bound over the boundaries; bytes_min = read n; "
                       "judged against the read bandwidth",
    "copy": "the bandwidth reference; bytes_min = read n + write n",
}
# Judged against the device's read bandwidth rather than its copy.
READ_BOUND = ("reduce", "segmented_reduce", "histogram_even", "histogram_range")


class Row:
    def __init__(self, key, times, bytes_min, on_gpu, is_peer):
        self.primitive, self.dtype, self.variant, self.impl, self.n = key
        times = sorted(times)
        self.seconds = statistics.median(times)
        self.fastest, self.slowest, self.runs = times[0], times[-1], len(times)
        if len(times) >= 4:
            q = statistics.quantiles(times, n=4)
            self.q1, self.q3 = q[0], q[2]
        else:
            self.q1, self.q3 = self.fastest, self.slowest
        self.bytes_min = bytes_min
        self.device = "gpu" if on_gpu else "cpu"
        self.is_peer = is_peer

    @property
    def gelems(self):
        return self.n / self.seconds / 1e9

    @property
    def gbytes(self):
        return self.bytes_min / self.seconds / 1e9

    @property
    def rel_spread(self):
        return (self.slowest - self.fastest) / self.seconds


class Cell:
    """One sweep row against its peer."""

    def __init__(self, mine, peer_name, peer):
        self.mine, self.peer_name, self.peer = mine, peer_name, peer
        self.ratio = peer.seconds / mine.seconds
        self.lo = peer.fastest / mine.slowest
        self.hi = peer.slowest / mine.fastest
        self.claimed = not (self.lo <= 1.0 <= self.hi) or mine.runs < 2 or peer.runs < 2
        self.single = mine.runs < 2 or peer.runs < 2

    def where(self):
        r = self.mine
        return f"{r.dtype} {r.variant} {size_label(r.n)}"


def parse_name(name):
    parts = name.split("/")
    if parts and parts[-1].startswith("manual_time"):
        parts = parts[:-1]
    if len(parts) == 4:
        parts = parts[:2] + ["default"] + parts[2:]
    if len(parts) != 5 or parts[0] not in PRIMITIVES:
        return None
    try:
        n = int(parts[4])
    except ValueError:
        return None
    return parts[0], parts[1], parts[2], parts[3], n


def read_json(path):
    """Google Benchmark's JSON, also gzipped (a name ending in .gz: published pieces are
    kept so), and also when the run was cut off (a killed run leaves the file truncated
    after some complete results; those are kept)."""
    with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
        text = f.read()
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        pass
    cut = text.rfind("\n    },")
    while cut > 0:
        try:
            data = json.loads(text[:cut] + "\n    }\n  ]\n}\n")
            print(f"report.py: {path} was cut off; using its {len(data.get('benchmarks', []))} "
                  "complete results", file=sys.stderr)
            data.setdefault("context", {})["truncated"] = "yes"
            return data
        except json.JSONDecodeError:
            cut = text.rfind("\n    },", 0, cut)
    raise SystemExit(f"report.py: {path} holds no readable results")


def load(paths):
    contexts, times, meta, failures = [], defaultdict(list), {}, []
    for path in paths:
        data = read_json(path)
        ctx = dict(data.get("context", {}))
        ctx["_file"] = os.path.basename(path)
        contexts.append(ctx)
        for b in data.get("benchmarks", []):
            if b.get("run_type", "iteration") != "iteration":
                continue
            key = parse_name(b.get("run_name", b["name"]))
            if key is None:
                continue
            if b.get("error_occurred"):
                failures.append((key, b.get("error_message", "")))
                continue
            seconds = b["real_time"] * UNIT_SECONDS[b.get("time_unit", "ns")]
            if seconds <= 0:
                continue
            times[key].append(seconds)
            meta[key] = (b.get("bytes_min", 0.0), b.get("on_gpu", 0.0) > 0.5,
                         b.get("is_peer", 0.0) > 0.5)
    rows = [Row(key, ts, *meta[key]) for key, ts in times.items()]
    return contexts, rows, failures


def fmt(x, digits=3):
    if x is None or (isinstance(x, float) and (math.isnan(x) or math.isinf(x))):
        return "–"
    if x == 0:
        return "0"
    if abs(x) >= 100:
        return f"{x:.0f}"
    return f"{x:.{digits}g}"


def size_label(n):
    k = int(round(math.log2(n))) if n > 0 else 0
    return f"2^{k}" if (1 << k) == n else str(n)


def order_key(values, known):
    return sorted(values, key=lambda v: (known.index(v) if v in known else len(known), v))


def geomean(xs):
    xs = [x for x in xs if x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


class Data:
    def __init__(self, rows):
        self.rows = rows
        self.index = {(r.primitive, r.dtype, r.variant, r.impl, r.n): r for r in rows}
        self.copy_at, self.read_at = defaultdict(float), {}
        for r in rows:
            if r.primitive == "copy" and r.impl in COPY_REFS[r.device]:
                k = (r.device, r.bytes_min)
                self.copy_at[k] = max(self.copy_at[k], r.gbytes)
            if r.primitive == "read" and r.impl in READ_REFS[r.device]:
                k = (r.device, r.bytes_min)
                self.read_at[k] = max(self.read_at.get(k, 0.0), r.gbytes)
        self.cells = []
        for r in rows:
            if not r.impl.startswith("sweep-"):
                continue
            name, peer = self.peer_for(r)
            if peer:
                self.cells.append(Cell(r, name, peer))

    def peer_for(self, r):
        if r.primitive == "affine_scan":
            names = ["sum_u64-" + r.impl[len("sweep-"):]]
        elif r.primitive == "copy":
            names = COPY_PEER_OF.get(r.impl, [])
        else:
            names = PEER_OF.get(r.impl, [])
        for name in names:
            p = self.index.get((r.primitive, r.dtype, r.variant, name, r.n))
            if p:
                return name, p
        return None, None

    def reference(self, r):
        """(name, GB/s) of the bandwidth a row is judged against: the read bandwidth for
        reductions when measured, else the copy's; both at the same bytes_min, or the
        nearest measured."""
        table, name = self.copy_at, "copy"
        if r.primitive in READ_BOUND and any(
                k[0] == r.device for k in self.read_at):
            table, name = self.read_at, "read"
        best = None
        for (dev, b), v in table.items():
            if dev != r.device:
                continue
            d = abs(math.log(b / r.bytes_min)) if b > 0 and r.bytes_min > 0 else 1e9
            if best is None or d < best[0]:
                best = (d, v)
        return (name, best[1]) if best else (None, None)


def main_backend(data, device):
    present = {c.mine.impl for c in data.cells if c.mine.device == device}
    for b in MAIN_BACKENDS[device]:
        if b in present:
            return b
    return None


def ratio_text(cell):
    if cell is None:
        return ""
    return ("~" if not cell.claimed else "") + fmt(cell.ratio)


def verdict(cells):
    """(geomean text, worst text, counts text) of a list of cells."""
    if not cells:
        return "–", "–", "–"
    g = geomean([c.ratio for c in cells])
    glo, ghi = geomean([c.lo for c in cells]), geomean([c.hi for c in cells])
    single = all(c.single for c in cells)
    gtext = fmt(g) + ("" if single or not (glo <= 1.0 <= ghi) else " ~")
    worst = min(cells, key=lambda c: c.ratio)
    wtext = f"{ratio_text(worst)} ({worst.where()})"
    claimed = sum(1 for c in cells if c.claimed and not c.single)
    counts = f"{len(cells)}" if single else f"{len(cells)} ({claimed} claimed)"
    return gtext, wtext, counts


def peer_label(cells):
    names = sorted({c.peer_name for c in cells})
    return " / ".join(PEER_LABEL.get(n, n) for n in names)


def make_heatmap(prim, cells, outdir):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    panels = []  # (backend, dtype)
    for c in cells:
        k = (c.mine.impl, c.mine.dtype)
        if k not in panels:
            panels.append(k)
    panels.sort(key=lambda k: (k[0], DTYPES.index(k[1]) if k[1] in DTYPES else 99))
    cols = min(len(panels), 3)
    nrows = (len(panels) + cols - 1) // cols
    most = max(len({c.mine.variant for c in cells if (c.mine.impl, c.mine.dtype) == k})
               for k in panels)
    fig, axes = plt.subplots(nrows, cols, figsize=(5.6 * cols, nrows * (1.0 + 0.32 * most)),
                             squeeze=False)
    image = None
    for ax, (impl, dt) in zip([a for line in axes for a in line], panels):
        sub = [c for c in cells if c.mine.impl == impl and c.mine.dtype == dt]
        variants = order_key({c.mine.variant for c in sub}, VARIANTS)
        sizes = sorted({c.mine.n for c in sub})
        grid = np.full((len(variants), len(sizes)), np.nan)
        for c in sub:
            i, j = variants.index(c.mine.variant), sizes.index(c.mine.n)
            grid[i, j] = math.log2(c.ratio)
            dark = abs(math.log2(c.ratio)) > 1.2
            color = ("white" if dark else "black") if c.claimed else "#777777"
            ax.text(j, i, ratio_text(c), ha="center", va="center", fontsize=6, color=color)
            if not c.claimed:
                ax.add_patch(plt.Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, hatch="///",
                                           edgecolor="#999999", linewidth=0))
        image = ax.imshow(grid, cmap="RdBu", vmin=-2, vmax=2, aspect="auto")
        ax.set_xticks(range(len(sizes)), [size_label(n) for n in sizes], fontsize=7)
        ax.set_yticks(range(len(variants)), variants, fontsize=7)
        peers = peer_label(sub)
        ax.set_title(f"{prim} {dt}: {impl} vs {peers}", fontsize=8)
    for ax in [a for line in axes for a in line][len(panels):]:
        ax.set_visible(False)
    if image is not None:
        bar = fig.colorbar(image, ax=axes, shrink=0.8)
        bar.set_ticks([-2, -1, 0, 1, 2], labels=["0.25x", "0.5x", "1x", "2x", "4x"])
        bar.set_label("peer time / sweep time (> 1: sweep faster; ~ hatched: within spread)",
                      fontsize=7)
    name = f"{prim}-heat.png"
    fig.savefig(os.path.join(outdir, name), dpi=90, bbox_inches="tight")
    plt.close(fig)
    return name


def make_plot(prim, rows, outdir):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    panels = []  # (device, dtype)
    for r in rows:
        if (r.device, r.dtype) not in panels:
            panels.append((r.device, r.dtype))
    panels.sort(key=lambda k: (k[0] != "gpu", DTYPES.index(k[1]) if k[1] in DTYPES else 99))
    cols = min(len(panels), 4)
    nrows = (len(panels) + cols - 1) // cols
    fig, axes = plt.subplots(nrows, cols, figsize=(4.4 * cols, 3.4 * nrows), squeeze=False)
    cmap = plt.get_cmap("tab10")
    for ax, (dev, dt) in zip([a for line in axes for a in line], panels):
        sub = [r for r in rows if r.device == dev and r.dtype == dt]
        variants = order_key({r.variant for r in sub}, VARIANTS)
        impls = sorted({r.impl for r in sub}, key=lambda i: (not i.startswith("sweep-"), i))
        styles = ["-", "--", ":", "-."]
        for vi, var in enumerate(variants):
            for ii, impl in enumerate(impls):
                pts = sorted((r.n, r.gelems) for r in sub if r.impl == impl and r.variant == var)
                if not pts:
                    continue
                ax.plot([p[0] for p in pts], [p[1] for p in pts], styles[ii % len(styles)],
                        marker="o" if ii == 0 else "s", markersize=2.5, color=cmap(vi % 10),
                        label=f"{impl} {var}" if len(variants) > 1 else impl, linewidth=1)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_title(f"{prim} {dt} ({dev.upper()})", fontsize=9)
        ax.set_xlabel("n (elements)")
        ax.set_ylabel("G elements/s")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=5, ncol=2)
    for ax in [a for line in axes for a in line][len(panels):]:
        ax.set_visible(False)
    fig.tight_layout()
    name = f"{prim}.png"
    fig.savefig(os.path.join(outdir, name), dpi=90)
    plt.close(fig)
    return name


def context_lines(contexts):
    ctx = contexts[0] if contexts else {}
    lines = [f"- Host: `{ctx.get('host_name', '?')}`, {ctx.get('num_cpus', '?')} CPUs at "
             f"{ctx.get('mhz_per_cpu', '?')} MHz (as Google Benchmark read them)"]
    for key, label in (("sweep_backends", "sweep backends"), ("sweep_peers", "Peers")):
        seen = []
        for c in contexts:
            v = c.get(key, "").strip("; ")
            if v and v not in seen:
                seen.append(v)
        if seen:
            lines.append(f"- {label}: " + " | ".join(seen))
    commits = sorted({" ".join(c.get("sweep_commit", "?").split()) for c in contexts})
    lines.append(f"- sweep {ctx.get('sweep_version', '?')}, commit "
                 + ", ".join(f"`{c}`" for c in commits))
    dates = sorted([c.get("date", "?") for c in contexts] +
                   [c["date_last"] for c in contexts if c.get("date_last")])
    lines.append(f"- Run at {dates[0]}" + (f" … {dates[-1]}" if len(dates) > 1 else ""))
    if any(c.get("truncated") for c in contexts):
        lines.append("- **A run was cut off before it finished: some results are missing.**")
    files = [c.get("merged_from") or c["_file"] for c in contexts]
    lines.append("- Results from " + ", ".join(files))
    return lines


def write_csv(path, data):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["primitive", "dtype", "variant", "impl", "n", "device", "median_s", "min_s",
                    "max_s", "q1_s", "q3_s", "runs", "gbytes_per_s", "reference", "of_reference",
                    "peer", "ratio", "ratio_lo", "ratio_hi", "claimed"])
        cell_of = {id(c.mine): c for c in data.cells}
        for r in sorted(data.rows, key=lambda r: (r.primitive, r.dtype, r.variant, r.impl, r.n)):
            ref_name, ref = data.reference(r)
            c = cell_of.get(id(r))
            w.writerow([r.primitive, r.dtype, r.variant, r.impl, r.n, r.device,
                        f"{r.seconds:.6g}", f"{r.fastest:.6g}", f"{r.slowest:.6g}",
                        f"{r.q1:.6g}", f"{r.q3:.6g}", r.runs, f"{r.gbytes:.4g}", ref_name or "",
                        f"{r.gbytes / ref:.3g}" if ref else "",
                        c.peer_name if c else "", f"{c.ratio:.4g}" if c else "",
                        f"{c.lo:.4g}" if c else "", f"{c.hi:.4g}" if c else "",
                        ("yes" if c.claimed else "no") if c else ""])


# ---- the distributed benchmark (sweep-bench-dist --json) ----

DIST_SPEEDUPS = [("sort_keys", "sort keys"), ("sort_pairs", "sort pairs"), ("scan", "scan")]
DIST_BENCHMARKS = ("sweep-bench-dist", "sweep-bench-dist-cpu")  # the second: run-dist.sh --cpu


def is_dist_json(path):
    """Whether path holds sweep-bench-dist's JSON (one object, "benchmark" named)."""
    try:
        with open(path) as f:
            data = json.load(f)
    except (OSError, json.JSONDecodeError):
        return False
    return isinstance(data, dict) and data.get("benchmark") in DIST_BENCHMARKS


def load_dist(paths):
    runs = []
    for path in paths:
        try:
            with open(path) as f:
                data = json.load(f)
        except (OSError, json.JSONDecodeError) as e:
            raise SystemExit(f"report.py: {path}: not readable JSON ({e})")
        if data.get("benchmark") not in DIST_BENCHMARKS:
            raise SystemExit(f"report.py: {path} is not sweep-bench-dist's JSON")
        data["_file"] = os.path.basename(path)
        data["_m"] = {m["name"]: m for m in data.get("measurements", [])}
        runs.append(data)
    return sorted(runs, key=lambda r: (r.get("backend", ""), r.get("total", 0),
                                       r.get("ranks", 0)))


def dist_speedup(m):
    """One context's time over the distributed one, with the range over the runs (the
    fastest single over the slowest distributed ... the slowest over the fastest)."""
    if not m or "single_median_s" not in m or not m.get("median_s"):
        return None
    return (m["single_median_s"] / m["median_s"], m["single_min_s"] / m["max_s"],
            m["single_max_s"] / m["min_s"])


def dist_ratio(a, b):
    """a's median time over b's, None where either is missing."""
    if not a or not b or not b.get("median_s"):
        return None
    return a["median_s"] / b["median_s"]


def speedup_text(s, m):
    if not s:
        return "–"
    r, lo, hi = s
    return (f"{fmt(r)}x ({fmt(lo)}–{fmt(hi)}); {fmt(m['median_s'] * 1e3)} ms vs "
            f"{fmt(m['single_median_s'] * 1e3)} ms")


def ranks_label(backend):
    return "GPUs" if backend in ("cuda", "hip") else "ranks"


def make_dist_plot(runs, outdir):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    groups = defaultdict(list)
    for r in runs:
        groups[(r.get("backend", "?"), r.get("total", 0))].append(r)
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2))
    cmap = plt.get_cmap("tab10")
    # Colour: what is measured; line style: backend and total.
    kinds = {"sort_keys": (cmap(0), "o"), "sort_pairs": (cmap(1), "s"), "scan": (cmap(2), "^")}
    styles = ["-", "--", ":", "-."]
    all_p = sorted({r.get("ranks", 0) for r in runs})
    for gi, ((backend, total), rs) in enumerate(sorted(groups.items())):
        rs = sorted(rs, key=lambda r: r.get("ranks", 0))
        style = styles[gi % len(styles)]
        tag = f"{backend} {size_label(total)}"
        for name, label in DIST_SPEEDUPS:
            pts = [(r["ranks"], dist_speedup(r["_m"].get(name))) for r in rs]
            pts = [(p, s) for p, s in pts if s]
            if not pts:
                continue
            color, marker = kinds[name]
            ax1.errorbar([p for p, _ in pts], [s[0] for _, s in pts],
                         yerr=[[s[0] - s[1] for _, s in pts], [s[2] - s[0] for _, s in pts]],
                         linestyle=style, marker=marker, markersize=3, capsize=2,
                         color=color, label=f"{tag} {label}", linewidth=1)
        for name, sort, label in (("exchange_keys", "sort_keys", "keys"),
                                  ("exchange_pairs", "sort_pairs", "pairs")):
            pts = [(r["ranks"], dist_ratio(r["_m"].get(name), r["_m"].get(sort))) for r in rs]
            pts = [(p, s * 100) for p, s in pts if s is not None]
            if pts:
                color, marker = kinds[sort]
                ax2.plot([p for p, _ in pts], [s for _, s in pts], style, marker=marker,
                         markersize=3, color=color, label=f"{tag} {label}", linewidth=1)
    if all_p:
        ax1.plot(all_p, all_p, color="grey", linewidth=0.8, label="ideal (p)")
        # The medians and the ideal set the scale; a wider range runs off the top.
        medians = [dist_speedup(r["_m"].get(n)) for r in runs for n, _ in DIST_SPEEDUPS]
        top = max([max(all_p)] + [m[0] for m in medians if m])
        ax1.set_ylim(0, top * 1.25)
    backends = {r.get("backend") for r in runs}
    unit = "GPUs" if backends <= {"cuda", "hip"} else "ranks"
    for ax in (ax1, ax2):
        ax.set_xticks(all_p)
        ax.set_xlabel(f"number of {unit}")
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=6)
    ax1.set_ylabel("speed-up against one context")
    ax1.set_title("distributed against one context (same total)", fontsize=9)
    ax2.set_ylabel("exchange alone / distributed sort (%)")
    ax2.set_ylim(bottom=0)
    ax2.set_title("the exchange's share of the sort's time", fontsize=9)
    fig.tight_layout()
    name = "distributed.png"
    fig.savefig(os.path.join(outdir, name), dpi=90)
    plt.close(fig)
    return name


def write_dist_csv(path, runs):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["backend", "ranks", "total", "name", "median_s", "min_s", "max_s", "runs",
                    "single_median_s", "single_min_s", "single_max_s", "bytes", "file"])
        for r in runs:
            for m in r.get("measurements", []):
                w.writerow([r.get("backend"), r.get("ranks"), r.get("total"), m["name"],
                            m["median_s"], m["min_s"], m["max_s"], len(m.get("times_s", [])),
                            m.get("single_median_s", ""), m.get("single_min_s", ""),
                            m.get("single_max_s", ""), m.get("bytes", ""), r["_file"]])


def dist_cpu_table(cpu):
    """run-dist.sh --cpu's summaries: R ranks of T threads against one process of R x T
    threads, each measurement's ratio with its range over the runs."""
    if not cpu:
        return []
    out = ["", "### Distributed: CPU ranks against threads", "",
           "run-dist.sh --cpu: the OpenMP backend on R ranks of T threads each, every rank "
           "bound to its own T cores, against one process of R × T threads bound to the "
           "same cores making the single-process call on the same total. Ratio = the one "
           "process's median time over the ranks' (> 1: the ranks are faster), in "
           "parentheses its range over the runs (the fastest single run over the slowest "
           "distributed one ... the slowest over the fastest).", "",
           "| ranks × threads | what | total | ranks | one process | ratio |",
           "|---|---|---|---|---|---|"]
    notes = []
    for r in sorted(cpu, key=lambda r: (r.get("ranks", 0), r.get("threads", 0))):
        label = f"{r.get('ranks')} × {r.get('threads')}"
        if r.get("oversubscribed"):
            label += " (oversubscribed)"
            notes.append(f"- {r.get('ranks')} × {r.get('threads')} on {r.get('cores')} cores: "
                         "more threads than cores, unbound: these numbers mean nothing.")
        notes += [f"- {r.get('ranks')} × {r.get('threads')}: {n}" for n in r.get("notes", [])]
        for row in r.get("rows", []):
            base = row.get("baseline_median_s")
            if base is None or not row.get("median_s"):
                one, ratio = "–", "–"
            else:
                one = f"{fmt(base * 1e3)} ms"
                lo = row["baseline_min_s"] / row["max_s"]
                hi = row["baseline_max_s"] / row["min_s"]
                ratio = f"{fmt(base / row['median_s'])}x ({fmt(lo)}–{fmt(hi)})"
            out.append(f"| {label} | {row.get('what')} | {size_label(row.get('total', 0))} | "
                       f"{fmt(row['median_s'] * 1e3)} ms | {one} | {ratio} |")
    seen = [f"- {r.get('ranks')} × {r.get('threads')} ({r['_file']}): {r.get('cores')} cores "
            f"seen, binding {r.get('binding')}, {r.get('reps')} timed runs each" for r in cpu]
    return out + [""] + seen + notes


def dist_section(runs, outdir, plots_ok):
    """The "Distributed" section: per backend, the speed-up against one context by rank
    count, the exchange's share of the sort and the exchange against the engine's own;
    then run-dist.sh --cpu's table."""
    if not runs:
        return []
    cpu = [r for r in runs if r.get("benchmark") == DIST_BENCHMARKS[1]]
    every, runs = runs, [r for r in runs if r.get("benchmark") != DIST_BENCHMARKS[1]]
    out = ["", "## Distributed"]
    if runs:
        out += ["",
               "sweep-bench-dist under mpirun: the distributed exclusive scan of u32 and the "
               "stable radix sort of u32 keys and of u32 keys with u32 values (pairs) over p "
               "ranks, one device each, against one context doing the same total on rank 0's "
               "device. Speed-up = one context's median time over the distributed median "
               "(> 1: the ranks are faster; p is the ideal), in parentheses its range over "
               "the runs (the fastest single run over the slowest distributed one ... the "
               "slowest over the fastest). The exchange alone is the sort's one all-to-all "
               "(keys; pairs: keys and values in one call) through sweep's communicator "
               "plugin, each rank sending total / p^2 elements to every rank; its share is "
               "its time over the sort's. Against the engine: the plugin's time over the "
               "engine's own all-to-all of the same bytes (grouped ncclSend/ncclRecv on GPUs, "
               "MPI_Alltoallv on CPUs; < 1: the plugin is faster). Times are medians of "
               "rank 0's clock with every rank started by a barrier and finished."]
    commits = sorted({" ".join(str(r.get("commit", "?")).split()) for r in every})
    hosts = sorted({str(r.get("host", "?")) for r in every})
    dates = sorted(str(r.get("date", "?")) for r in every)
    out += ["", f"- Host {', '.join(f'`{h}`' for h in hosts)}, sweep "
            f"{every[0].get('sweep_version', '?')}, commit "
            + ", ".join(f"`{c}`" for c in commits),
            f"- Run at {dates[0]}" + (f" … {dates[-1]}" if len(dates) > 1 else ""),
            "- Results from " + ", ".join(r["_file"] for r in every)]
    if not runs:
        return out + dist_cpu_table(cpu)
    if plots_ok:
        try:
            out += ["", f"![distributed speed-up]({make_dist_plot(runs, outdir)})"]
        except Exception as e:  # a plot must not cost the tables
            out += ["", f"(plot failed: {e})"]
    write_dist_csv(os.path.join(outdir, "distributed.csv"), runs)
    for backend in sorted({r.get("backend", "?") for r in runs}):
        rs = [r for r in runs if r.get("backend", "?") == backend]
        devices = sorted({r.get("device") or "?" for r in rs})
        unit = ranks_label(backend)
        reps = sorted({r.get("reps", 0) for r in rs})
        out += ["", f"### Distributed: {backend}", "",
                f"Device: {', '.join(devices)}; {', '.join(map(str, reps))} timed runs each.",
                "", f"| {unit} | total | sort keys | sort pairs | scan |", "|---|---|---|---|---|"]
        for r in rs:
            cells = []
            for name, _ in DIST_SPEEDUPS:
                m = r["_m"].get(name)
                if m is None:
                    cells.append("–")
                elif "single_median_s" not in m:
                    cells.append(f"{fmt(m['median_s'] * 1e3)} ms (no single context)")
                else:
                    cells.append(speedup_text(dist_speedup(m), m))
            out.append(f"| {r.get('ranks')} | {size_label(r.get('total', 0))} | "
                       + " | ".join(cells) + " |")
        notes = [f"- {r.get('ranks')} {unit}, {size_label(r.get('total', 0))}: {n}"
                 for r in rs for n in r.get("notes", [])]
        if notes:
            out += [""] + notes
        out += ["", "The sort's parts: the exchange alone and each rank's local sort of its "
                "piece (what the distributed sort costs at least), as shares of the "
                "distributed sort's time; the exchange's time against the engine's and its "
                "rate in GB/s a rank.", "",
                f"| {unit} | total | exchange / sort, keys | exchange / sort, pairs | local "
                "sort / sort, keys | local sort / sort, pairs | exchange vs engine, keys "
                "| exchange vs engine, pairs |", "|---|---|---|---|---|---|---|---|"]
        for r in rs:
            m = r["_m"]
            line = [str(r.get("ranks")), size_label(r.get("total", 0))]
            for a, b in (("exchange_keys", "sort_keys"), ("exchange_pairs", "sort_pairs"),
                         ("local_sort_keys", "sort_keys"), ("local_sort_pairs", "sort_pairs")):
                v = dist_ratio(m.get(a), m.get(b))
                line.append(f"{fmt(v * 100)} %" if v is not None else "–")
            for a in ("exchange_keys", "exchange_pairs"):
                x, e = m.get(a), m.get(a + "_engine")
                v = dist_ratio(x, e)
                if v is None:
                    line.append("–")
                    continue
                rate = (f", {fmt(x['bytes'] / x['median_s'] / 1e9)} GB/s a rank"
                        if x.get("bytes") else "")
                engine = {"nccl": "NCCL", "mpi": "MPI"}.get(e.get("engine"), "the engine")
                line.append(f"{fmt(v)}x of {engine}'s time "
                            f"({fmt(x['median_s'] * 1e3)} vs {fmt(e['median_s'] * 1e3)} ms"
                            f"{rate})")
            out.append("| " + " | ".join(line) + " |")
    return out + dist_cpu_table(cpu)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("json", nargs="*")
    ap.add_argument("--dist", action="append", default=[], metavar="FILE",
                    help="sweep-bench-dist --json output for the Distributed section "
                    "(repeatable; such files given as RESULTS are recognised too)")
    ap.add_argument("-o", "--outdir", required=True)
    ap.add_argument("--title", default="sweep benchmark report")
    ap.add_argument("--command-file", action="append", default=[],
                    help="a file holding an exact command that ran (repeatable)")
    ap.add_argument("--no-plots", action="store_true")
    ap.add_argument("--smoke", action="append", default=[], metavar="REASON",
                    help="label the report a smoke run, not a measurement (repeatable)")
    args = ap.parse_args(argv)

    dist_paths = list(args.dist) + [p for p in args.json if is_dist_json(p)]
    bench_paths = [p for p in args.json if p not in dist_paths]
    contexts, rows, failures = load(bench_paths)
    dist_runs = load_dist(dist_paths)
    if not rows and not failures and not dist_runs:
        print("report.py: no sweep-bench results in " + ", ".join(args.json), file=sys.stderr)
        return 1
    os.makedirs(args.outdir, exist_ok=True)
    data = Data(rows)
    runs = sorted({r.runs for r in rows})

    plots_ok, plot_note = not args.no_plots, ""
    if plots_ok:
        try:
            import matplotlib  # noqa: F401
            import numpy  # noqa: F401
        except ImportError:
            plots_ok, plot_note = False, "matplotlib is not installed: no plots were made."
    else:
        plot_note = "Plots were not requested (--no-plots)."

    title = args.title + (" (smoke run)" if args.smoke else "")
    if not rows and not failures:  # only the distributed benchmark's files
        out = [f"# {title}"]
        if plot_note:
            out += ["", f"**{plot_note}**"]
        out += dist_section(dist_runs, args.outdir, plots_ok)
        path = os.path.join(args.outdir, "REPORT.md")
        with open(path, "w") as f:
            f.write("\n".join(out) + "\n")
        print(path)
        return 0
    out = [f"# {title}", ""]
    if args.smoke:
        out += ["> **Smoke run: these figures are not measurements.** "
                + " ".join(r.rstrip(".") + "." for r in args.smoke)
                + " On such a machine the benchmarks still show that every primitive runs "
                "and gives checked results, but times swing from run to run, threads wait "
                "for cores (OpenMP rows stall on their barriers) and ratios between rows "
                "can be off by orders of magnitude. Measure on an idle machine with 8 or "
                "more cores (or a GPU) before drawing any conclusion.", ""]
    out += context_lines(contexts)
    out.append(f"- Repetitions per benchmark: {', '.join(map(str, runs))}")
    commands = []
    for path in args.command_file:
        if os.path.exists(path):
            with open(path) as f:
                commands.append(f.read().strip())
    if not commands:
        commands = [c["sweep_command"] for c in contexts if c.get("sweep_command")]
    if commands:
        out += ["", "Command:" if len(commands) == 1 else "Commands:", "", "```"] + commands + ["```"]
    out += ["", "How to read this: a *cell* is one primitive, element type, variant (key "
            "distribution, segment law, flag density or operator) and size. Its *ratio* is "
            "the peer's median time over sweep's (> 1: sweep is faster), where each time is "
            "the median over the repetitions of Google Benchmark's mean time per call "
            "(manual timing: device events on one stream for sweep-cuda and CUB/Thrust, the "
            "host's time to validate and launch inside the interval wherever the device "
            "waits for it; a host clock around call + sweep_synchronize for sweep-hip "
            "beside rocPRIM's events; a host clock for CPU backends and peers; warm-up call "
            "excluded). The ratio's *spread* runs from the fastest peer repetition over the "
            "slowest sweep repetition to the slowest over the fastest: where it contains 1 "
            "the spread is larger than the difference, the cell is marked **~** and its "
            "ratio is not claimed (hatched in the heat maps). A primitive is judged by its "
            "**worst cell** and the **geometric mean** of its ratios over the map (marked ~ "
            "when the geometric means of the spreads' ends straddle 1). GB/s = bytes_min / "
            "time, bytes_min the least traffic the primitive needs; *of copy* / *of read* = "
            "that over the device's measured copy or read bandwidth at the same bytes."]
    if runs and runs[0] < 2:
        out += ["", "**Some benchmarks ran once: their spread is unknown and their ratios are "
                "shown as measured, without the ~ test.**"]
    if plot_note:
        out += ["", f"**{plot_note}**"]

    # The summary: per primitive, the worst cell and the geometric mean, GPU and CPU.
    backends = {dev: main_backend(data, dev) for dev in ("gpu", "cpu")}
    by_prim = defaultdict(list)
    for c in data.cells:
        by_prim[c.mine.primitive].append(c)
    header = ["primitive"]
    for dev in ("gpu", "cpu"):
        if backends[dev]:
            header += [f"{backends[dev]} cells", "geomean", "worst cell", "vs"]
    summary = []
    for prim in PRIMITIVES:
        cells = by_prim.get(prim, [])
        line = [prim]
        any_cells = False
        for dev in ("gpu", "cpu"):
            if not backends[dev]:
                continue
            sub = [c for c in cells if c.mine.impl == backends[dev]]
            any_cells = any_cells or bool(sub)
            g, w, counts = verdict(sub)
            line += [counts, g, w, peer_label(sub) or "–"]
        if any_cells:
            summary.append("| " + " | ".join(line) + " |")
    if summary:
        out += ["", "## Summary: worst cell and geometric mean per primitive", "",
                "Ratio = peer time / sweep time over every cell with a peer (> 1: sweep is "
                "faster); ~ = within the spread, not claimed.", "",
                "| " + " | ".join(header) + " |", "|" + "---|" * len(header)] + summary

    # Bandwidth at the largest size: sweep's and the peer's fraction of the device's copy
    # (reductions: of its read), the range over the primitive's dtypes and variants.
    bw = []
    for prim in PRIMITIVES:
        cells = by_prim.get(prim, [])
        line, seen = [prim], False
        for dev in ("gpu", "cpu"):
            if not backends[dev]:
                continue
            sub = [c for c in cells if c.mine.impl == backends[dev]]
            if not sub:
                line.append("–")
                continue
            top = max(c.mine.n for c in sub)
            fr = {"sweep": [], "peer": []}
            ref_name = None
            for c in sub:
                if c.mine.n != top:
                    continue
                name, ref = data.reference(c.mine)
                if ref:
                    ref_name = name
                    fr["sweep"].append(c.mine.gbytes / ref)
                    fr["peer"].append(c.peer.gbytes / ref)
            if not fr["sweep"]:
                line.append("–")
                continue
            seen = True

            def span(xs):
                return fmt(min(xs)) if min(xs) == max(xs) else f"{fmt(min(xs))}–{fmt(max(xs))}"
            line.append(f"{span(fr['sweep'])} ({peer_label(sub)} {span(fr['peer'])}) of "
                        f"{ref_name} at {size_label(top)}")
        if seen:
            bw.append("| " + " | ".join(line) + " |")
    if bw:
        cols = [backends[d] for d in ("gpu", "cpu") if backends[d]]
        out += ["", "## Bandwidth at the largest size", "",
                "GB/s of bytes_min over the device's best measured copy at the same bytes "
                "(reductions and histograms: over its read bandwidth), the range over the "
                "primitive's dtypes and variants, sweep's and in parentheses the peer's.", "",
                "| primitive | " + " | ".join(cols) + " |", "|---|" + "---|" * len(cols)] + bw

    others = sorted({c.mine.impl for c in data.cells} - set(backends.values()))
    if others:
        out += ["", "Other backends measured (in the sections below, not in the summary): "
                + ", ".join(others) + "."]

    for prim in PRIMITIVES:
        prow = [r for r in rows if r.primitive == prim]
        if not prow:
            continue
        cells = by_prim.get(prim, [])
        out += ["", f"## {prim}", "", WHAT.get(prim, "") + "."]
        if plots_ok:
            pics = []
            try:
                if cells:
                    pics.append(f"![{prim} ratio]({make_heatmap(prim, cells, args.outdir)})")
                pics.append(f"![{prim} throughput]({make_plot(prim, prow, args.outdir)})")
            except Exception as e:  # a plot must not cost the tables
                pics.append(f"(plot failed: {e})")
            out += [""] + [" ".join(pics)]
        for impl in sorted({c.mine.impl for c in cells}):
            sub = [c for c in cells if c.mine.impl == impl]
            sizes = sorted({c.mine.n for c in sub})
            g, w, counts = verdict(sub)
            out += ["", f"### {prim}: {impl} vs {peer_label(sub)}", "",
                    f"Geometric mean {g}, worst cell {w}; {counts} cells.", "",
                    "| dtype | variant | " + " | ".join(size_label(n) for n in sizes) + " |",
                    "|---|---|" + "---|" * len(sizes)]
            keys = sorted({(c.mine.dtype, c.mine.variant) for c in sub},
                          key=lambda k: (DTYPES.index(k[0]) if k[0] in DTYPES else 99,
                                         VARIANTS.index(k[1]) if k[1] in VARIANTS else 99))
            grid = {(c.mine.dtype, c.mine.variant, c.mine.n): c for c in sub}
            for dt, var in keys:
                out.append(f"| {dt} | {var} | "
                           + " | ".join(ratio_text(grid.get((dt, var, n))) for n in sizes)
                           + " |")
        # The largest size of every sweep row: time, spread, bandwidth.
        big = {}
        for r in prow:
            k = (r.impl, r.dtype, r.variant)
            if k not in big or r.n > big[k].n:
                big[k] = r
        out += ["", "Largest size of each row:", "",
                "| implementation | dtype | variant | n | time (µs) | spread (µs) | GB/s "
                "| of copy/read |", "|---|---|---|---|---|---|---|---|"]
        for (impl, dt, var), r in sorted(big.items(), key=lambda kv: (
                not kv[0][0].startswith("sweep-"), kv[0][0],
                DTYPES.index(kv[0][1]) if kv[0][1] in DTYPES else 99,
                VARIANTS.index(kv[0][2]) if kv[0][2] in VARIANTS else 99)):
            ref_name, ref = data.reference(r)
            spread = (f"{fmt(r.fastest * 1e6)}–{fmt(r.slowest * 1e6)} ({r.runs} runs)"
                      if r.runs > 1 else "– (1 run)")
            frac = f"{fmt(r.gbytes / ref)} of {ref_name}" if ref else "–"
            out.append(f"| {impl} | {dt} | {var} | {size_label(r.n)} | {fmt(r.seconds * 1e6)} "
                       f"| {spread} | {fmt(r.gbytes)} | {frac} |")

    if failures:
        out += ["", "## Skipped or failed", "", "| benchmark | message |", "|---|---|"]
        for (prim, dt, var, impl, n), msg in sorted(failures):
            out.append(f"| {prim}/{dt}/{var}/{impl}/{size_label(n)} | {msg.replace('|', '/')} |")

    out += dist_section(dist_runs, args.outdir, plots_ok)

    write_csv(os.path.join(args.outdir, "cells.csv"), data)
    path = os.path.join(args.outdir, "REPORT.md")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
