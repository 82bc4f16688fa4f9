#!/usr/bin/env python3
"""Turn sweep-bench's Google Benchmark JSON into REPORT.md and PNG plots.

    report.py RESULTS.json [MORE.json ...] -o OUTDIR [--title T] [--command-file F ...]
              [--smoke REASON ...]

Every benchmark is named <primitive>/<dtype>/<impl>/<n> and carries the counters
n and bytes_min (see benchmarks/bench_record.h). For each primitive the report gives a
table of implementation x size with G elements/s, GB/s (bytes_min per second), the
fraction of the measured copy bandwidth on the same device and size, and, for sweep
backends, the ratio to the peer of that device (sweep-serial: std, sweep-openmp:
gnu_parallel, sweep-cuda: cub, sweep-hip: rocprim; for copy: memcpy, omp_memcpy,
cudaMemcpy, hip_copy; for affine_scan: the built-in u64 sum scan of the same backend,
sum_u64-<backend>, so the ratio is what the custom operator costs; > 1 means sweep is
faster).
Each cell's time is the median of its repetitions (--benchmark_repetitions), with the
fastest and slowest beside it. --smoke REASON (repeatable) marks a run on a machine
that cannot measure (too few cores, competing load): the report then opens with a
warning that its figures are not measurements.
Plots: throughput against n, log axes, one line per backend and peer, one panel
per element type. Without matplotlib the report is written without plots and says so.
"""

import argparse
import json
import math
import os
import statistics
import sys
from collections import defaultdict

PRIMITIVES = ["scan", "affine_scan", "segmented_scan", "scan_by_key", "reduce", "split",
              "compact", "radix_sort", "radix_sort_pairs", "merge_sort", "merge", "copy"]
# f32x2: affine_scan's (f32 a, f32 b) pairs.
DTYPES = ["i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f32", "f64", "f32x2"]
# The peer each sweep backend is compared with, best first when several ran.
PEER_OF = {
    "sweep-serial": ["std"],
    "sweep-openmp": ["gnu_parallel", "std"],
    "sweep-cuda": ["cub", "thrust"],
    "sweep-hip": ["rocprim"],
}
# Copy references per device: the best of these at a size is "the copy".
COPY_REFS = {"cpu": ["omp_memcpy", "memcpy"], "gpu": ["cudaMemcpy", "copy_kernel", "hip_copy"]}
UNIT_SECONDS = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
WHAT = {
    "scan": "inclusive sum; bytes_min = read n + write n",
    "affine_scan": "inclusive scan of affine maps x -> a*x + b over (f32, f32) pairs, a custom "
                   "operator (C function on CPUs, device source compiled at run time on GPUs; "
                   "the compiling first call is not timed, see the counter first_call_s); "
                   "its peer is sum_u64-<backend>, the built-in u64 sum scan of the same "
                   "backend on elements of the same size; cub = CUB's InclusiveScan with a "
                   "compile-time functor; bytes_min = read n + write n (8-byte elements)",
    "segmented_scan": "inclusive sum restarting at head flags (mean segment 64); "
                      "bytes_min = 2n elements + n flag bytes; CUB/Thrust peers run scan-by-key "
                      "over segment indices (CUB has no head-flag scan)",
    "scan_by_key": "inclusive sum over runs of equal u32 keys (mean run 64); "
                   "bytes_min = 2n elements + n keys",
    "reduce": "sum; bytes_min = read n",
    "split": "flagged first, both halves stable (CUB's partition reverses the second half); "
             "50% flagged; bytes_min = 2n elements + n flag bytes",
    "compact": "keep flagged, stable; 50% flagged; bytes_min = n elements + n flags + kept",
    "radix_sort": "keys only, all bits, ascending; std/gnu_parallel peers are comparison sorts; "
                  "bytes_min = one histogram read + read and write per 8-bit digit",
    "radix_sort_pairs": "u32 keys with u32 values, all bits, ascending, stable; std = "
                        "std::stable_sort and gnu_parallel = __gnu_parallel::sort of (key, value) "
                        "structs by key; bytes_min = one key histogram read + read and write of "
                        "keys and values per 8-bit digit",
    "merge_sort": "keys only, stable, ascending; bytes_min = read n + write n (a lower bound)",
    "merge": "two sorted halves of n/2 keys; bytes_min = read n + write n",
    "copy": "the bandwidth reference; bytes_min = read n + write n",
}


class Row:
    def __init__(self, primitive, dtype, impl, n, times, bytes_min, on_gpu, is_peer):
        self.primitive, self.dtype, self.impl, self.n = primitive, dtype, impl, n
        self.seconds = statistics.median(times)
        self.fastest, self.slowest, self.runs = min(times), max(times), len(times)
        self.bytes_min = bytes_min
        self.device = "gpu" if on_gpu else "cpu"
        self.is_peer = is_peer

    @property
    def gelems(self):
        return self.n / self.seconds / 1e9

    @property
    def gbytes(self):
        return self.bytes_min / self.seconds / 1e9


def parse_name(name):
    parts = name.split("/")
    if len(parts) < 4 or parts[0] not in PRIMITIVES:
        return None
    try:
        n = int(parts[3])
    except ValueError:
        return None
    return parts[0], parts[1], parts[2], n


def read_json(path):
    """Google Benchmark's JSON, also when the run was cut off (a killed run leaves the
    file truncated after some complete results; those are kept)."""
    with open(path) as f:
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
    context, times, meta, failures = {}, defaultdict(list), {}, []
    for path in paths:
        data = read_json(path)
        if not context:
            context = dict(data.get("context", {}))
        if data.get("context", {}).get("truncated"):
            context["truncated"] = "yes"
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
    rows = []
    for key, ts in times.items():
        bytes_min, on_gpu, is_peer = meta[key]
        rows.append(Row(*key, ts, bytes_min, on_gpu, is_peer))
    return context, rows, failures


def copy_reference(rows):
    """Best copy bandwidth (GB/s of bytes_min) per device and size, and per device."""
    at_size, best = defaultdict(float), defaultdict(float)
    for r in rows:
        if r.primitive == "copy" and r.impl in COPY_REFS[r.device]:
            at_size[(r.device, r.n)] = max(at_size[(r.device, r.n)], r.gbytes)
            best[r.device] = max(best[r.device], r.gbytes)
    return at_size, best


def fmt(x, digits=3):
    if x is None or (isinstance(x, float) and (math.isnan(x) or math.isinf(x))):
        return "–"
    if x == 0:
        return "0"
    if abs(x) >= 100:
        return f"{x:.0f}"
    return f"{x:.{digits}g}"


def spread(r):
    """The fastest and slowest repetition in µs, or a dash for a single run."""
    if r.runs < 2:
        return "– (1 run)"
    return f"{fmt(r.fastest * 1e6)}–{fmt(r.slowest * 1e6)} ({r.runs} runs)"


def size_label(n):
    k = int(round(math.log2(n))) if n > 0 else 0
    return f"2^{k}" if (1 << k) == n else str(n)


def impl_order(impls):
    def key(i):
        return (0 if i.startswith("sweep-") else 1, i)
    return sorted(impls, key=key)


def impl_colors(rows):
    """One colour per implementation for the whole report, so lines match across plots."""
    impls = impl_order({r.impl for r in rows})
    palette = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
               "#7f7f7f", "#bcbd22", "#17becf", "#000000", "#aec7e8"]
    return {impl: palette[i % len(palette)] for i, impl in enumerate(impls)}


def make_plot(primitive, rows, outdir, colors):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    dtypes = [d for d in DTYPES if any(r.dtype == d for r in rows)]
    cols = min(len(dtypes), 5)
    nrows = (len(dtypes) + cols - 1) // cols
    fig, axes = plt.subplots(nrows, cols, figsize=(4.2 * cols, 3.4 * nrows), squeeze=False)
    for ax, dt in zip([a for line in axes for a in line], dtypes):
        sub = [r for r in rows if r.dtype == dt]
        for impl in impl_order({r.impl for r in sub}):
            pts = sorted((r.n, r.gelems) for r in sub if r.impl == impl)
            style = "-o" if impl.startswith("sweep-") else "--s"
            ax.plot([p[0] for p in pts], [p[1] for p in pts], style, markersize=3, label=impl,
                    color=colors.get(impl))
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_title(f"{primitive} {dt}")
        ax.set_xlabel("n (elements)")
        ax.set_ylabel("G elements/s")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7)
    for ax in [a for line in axes for a in line][len(dtypes):]:
        ax.set_visible(False)
    fig.tight_layout()
    name = f"{primitive}.png"
    fig.savefig(os.path.join(outdir, name), dpi=90)
    plt.close(fig)
    return name


def machine_lines(ctx):
    lines = []
    host = ctx.get("host_name", "?")
    cpus = ctx.get("num_cpus", "?")
    mhz = ctx.get("mhz_per_cpu", "?")
    lines.append(f"- Host: `{host}`, {cpus} CPUs at {mhz} MHz (as Google Benchmark read them)")
    if ctx.get("sweep_backends"):
        lines.append(f"- sweep backends: {ctx['sweep_backends'].strip('; ')}")
    if ctx.get("sweep_peers"):
        lines.append(f"- Peers: {ctx['sweep_peers'].strip('; ')}")
    lines.append(f"- sweep {ctx.get('sweep_version', '?')}, commit `{ctx.get('sweep_commit', '?')}`")
    lines.append(f"- Run at {ctx.get('date', '?')}")
    if ctx.get("truncated"):
        lines.append("- **The run was cut off before it finished: some results are missing.**")
    lines.append(f"- Sizes: CPU {ctx.get('sweep_cpu_sizes', '?')}; GPU "
                 f"{ctx.get('sweep_gpu_sizes', '?')}; one-core implementations up to "
                 f"{ctx.get('sweep_single_thread_max', '?')}; input seed {ctx.get('sweep_seed', '?')}")
    return lines


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("json", nargs="+")
    ap.add_argument("-o", "--outdir", required=True)
    ap.add_argument("--title", default="sweep benchmark report")
    ap.add_argument("--command-file", action="append", default=[],
                    help="a file holding an exact command that ran (repeatable)")
    ap.add_argument("--no-plots", action="store_true")
    ap.add_argument("--smoke", action="append", default=[], metavar="REASON",
                    help="label the report a smoke run, not a measurement (repeatable)")
    args = ap.parse_args(argv)

    context, rows, failures = load(args.json)
    if not rows and not failures:
        print("report.py: no sweep-bench results in " + ", ".join(args.json), file=sys.stderr)
        return 1
    os.makedirs(args.outdir, exist_ok=True)
    ref_at, ref_best = copy_reference(rows)
    colors = impl_colors(rows)
    by_prim = defaultdict(list)
    for r in rows:
        by_prim[r.primitive].append(r)

    plots_ok, plot_note = not args.no_plots, ""
    if plots_ok:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            plots_ok, plot_note = False, "matplotlib is not installed: no plots were made."
    else:
        plot_note = "Plots were not requested (--no-plots)."

    title = args.title + (" (smoke run)" if args.smoke else "")
    out = [f"# {title}", ""]
    if args.smoke:
        out += ["> **Smoke run: these figures are not measurements.** "
                + " ".join(r.rstrip(".") + "." for r in args.smoke)
                + " On such a machine the benchmarks still show that every primitive runs "
                "and gives checked results, but times swing from run to run, threads wait "
                "for cores (OpenMP rows stall on their barriers) and ratios between rows "
                "can be off by orders of magnitude. Measure on an idle machine with 8 or "
                "more cores (or a GPU) before drawing any conclusion.", ""]
    out += machine_lines(context)
    commands = []
    for path in args.command_file:
        if os.path.exists(path):
            with open(path) as f:
                commands.append(f.read().strip())
    if commands:
        out += ["", "Command:" if len(commands) == 1 else "Commands:", "", "```"] + commands + ["```"]
    elif context.get("sweep_command"):
        out += ["", "Command:", "", "```", context["sweep_command"], "```"]
    out += ["", "How to read this: time is the median over the repetitions of Google "
            "Benchmark's mean time per call, *spread* the fastest and slowest repetition "
            "(manual timing: a host clock around call + "
            "sweep_synchronize for sweep, CUDA events for CUB/Thrust, a host clock for CPU "
            "peers; warm-up call excluded). G el/s = n / time. GB/s = bytes_min / time, where "
            "bytes_min is the least traffic the primitive needs (stated per primitive). "
            "*of copy* = GB/s over the best measured copy on the same device at the same n "
            "(CPU: omp_memcpy/memcpy; GPU: cudaMemcpy/copy kernel). *vs peer* = sweep's "
            "throughput over the named peer's at the same n (> 1: sweep is faster)."]
    if ref_best:
        refs = ", ".join(f"{dev}: {fmt(v)} GB/s" for dev, v in sorted(ref_best.items()))
        out += ["", f"Best measured copy bandwidth (read + write): {refs}."]
    if plot_note:
        out += ["", f"**{plot_note}**"]

    # The summary: each sweep backend against its peer at its largest size.
    summary = []
    for prim in PRIMITIVES:
        for dt in DTYPES:
            sub = [r for r in by_prim.get(prim, []) if r.dtype == dt]
            for impl in impl_order({r.impl for r in sub if r.impl.startswith("sweep-")}):
                mine = [r for r in sub if r.impl == impl]
                big = max(mine, key=lambda r: r.n)
                peer_name, peer = peer_for(impl, sub, big.n)
                ref = ref_at.get((big.device, big.n)) or ref_best.get(big.device)
                summary.append(f"| {prim} | {dt} | {impl} | {size_label(big.n)} | "
                               f"{fmt(big.gelems)} | {fmt(big.gbytes)} | "
                               f"{fmt(big.gbytes / ref) if ref else '–'} | "
                               f"{peer_name or '–'} | "
                               f"{fmt(big.gelems / peer.gelems) if peer else '–'} | "
                               f"{spread(big)} |")
    if summary:
        out += ["", "## Summary: each sweep backend at its largest size", "",
                "| primitive | dtype | backend | n | G el/s | GB/s | of copy | peer | vs peer "
                "| spread (µs) |",
                "|---|---|---|---|---|---|---|---|---|---|"] + summary

    for prim in PRIMITIVES:
        prow = by_prim.get(prim)
        if not prow:
            continue
        out += ["", f"## {prim}", "", WHAT[prim] + "."]
        if plots_ok:
            try:
                name = make_plot(prim, prow, args.outdir, colors)
                out += ["", f"![{prim}]({name})"]
            except Exception as e:  # a plot must not cost the tables
                out += ["", f"(plot failed: {e})"]
        for dt in DTYPES:
            sub = [r for r in prow if r.dtype == dt]
            if not sub:
                continue
            out += ["", f"### {prim} {dt}", "",
                    "| n | implementation | time (µs) | spread (µs) | G el/s | GB/s | of copy "
                    "| peer | vs peer |",
                    "|---|---|---|---|---|---|---|---|---|"]
            for r in sorted(sub, key=lambda r: (r.n, 0 if r.impl.startswith("sweep-") else 1,
                                                r.impl)):
                ref = ref_at.get((r.device, r.n)) or ref_best.get(r.device)
                peer_name, peer = (None, None)
                if r.impl.startswith("sweep-"):
                    peer_name, peer = peer_for(r.impl, sub, r.n)
                out.append(f"| {size_label(r.n)} | {r.impl} | {fmt(r.seconds * 1e6)} | "
                           f"{spread(r)} | {fmt(r.gelems)} | {fmt(r.gbytes)} | "
                           f"{fmt(r.gbytes / ref) if ref else '–'} | {peer_name or ''} | "
                           f"{fmt(r.gelems / peer.gelems) if peer else ''} |")

    if failures:
        out += ["", "## Skipped or failed", "", "| benchmark | message |", "|---|---|"]
        for (prim, dt, impl, n), msg in sorted(failures):
            out.append(f"| {prim}/{dt}/{impl}/{size_label(n)} | {msg.replace('|', '/')} |")

    path = os.path.join(args.outdir, "REPORT.md")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")
    print(path)
    return 0


COPY_PEER_OF = {"sweep-serial": ["memcpy"], "sweep-openmp": ["omp_memcpy"],
                "sweep-cuda": ["cudaMemcpy"], "sweep-hip": ["hip_copy"]}


def peer_names(impl, primitive):
    """Candidate peers of a sweep row, best first."""
    if primitive == "affine_scan":
        return ["sum_u64-" + impl[len("sweep-"):]]
    return (COPY_PEER_OF if primitive == "copy" else PEER_OF).get(impl, [])


def peer_for(impl, rows, n):
    """The peer a sweep row is compared with: its backend's library peer, for copy the
    device's own copy, for affine_scan the backend's built-in u64 sum scan."""
    for name in peer_names(impl, rows[0].primitive if rows else ""):
        for r in rows:
            if r.impl == name and r.n == n:
                return name, r
    return None, None


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
