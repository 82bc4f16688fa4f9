#!/usr/bin/env bash
# run-report.sh -- the benchmark main job: builds sweep-bench (or reuses the build),
# runs it on every backend and peer present with this machine's default sizes,
# printing each result as it finishes, then writes REPORT.md and its plots.
#
#   benchmarks/run-report.sh [MACHINE]
#
# Results go to benchmarks/results/MACHINE/ (MACHINE: the argument, else
# $SWEEP_BENCH_MACHINE, else the short host name): results.json, REPORT.md, the
# plots, command.txt and commit.txt. The last line printed is REPORT.md's path.
#
# Environment:
#   SWEEP_BENCH_BUILD   build folder (default: build/bench in the repository)
#   SWEEP_BENCH_OUT     output folder (default: benchmarks/results/MACHINE)
#   SWEEP_BENCH_ARGS    sweep-bench options replacing this machine's defaults
#   SWEEP_BENCH_EXTRA   options added after the defaults (e.g. --primitives=scan)
#   SWEEP_BENCH_CUDA    ON/OFF: build the CUDA plugin and CUB peers (default: ON when
#                       nvcc is installed and nvidia-smi sees a GPU)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
machine=${1:-${SWEEP_BENCH_MACHINE:-$(hostname -s 2>/dev/null || echo local)}}
build=${SWEEP_BENCH_BUILD:-$root/build/bench}
out=${SWEEP_BENCH_OUT:-$root/benchmarks/results/$machine}
python=/usr/bin/python3
[ -x "$python" ] || python=python3

say() { printf '[run-report %s] %s\n' "$(date -u +%H:%M:%S)" "$*"; }

have_gpu=0
if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L 2>/dev/null | grep -q GPU; then
    have_gpu=1
fi
cuda=${SWEEP_BENCH_CUDA:-}
if [ -z "$cuda" ]; then
    cuda=OFF
    if [ "$have_gpu" = 1 ] && { command -v nvcc >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/nvcc ]; }; then
        cuda=ON
    fi
fi
cuda_args=(-DSWEEP_ENABLE_CUDA="$cuda")
if [ "$cuda" = ON ] && ! command -v nvcc >/dev/null 2>&1; then
    cuda_args+=(-DCMAKE_CUDA_COMPILER=/usr/local/cuda/bin/nvcc)
fi
if [ "$cuda" = ON ] && [ -z "${CUDAARCHS:-}" ]; then
    # The GPU that will run it, when nvidia-smi can say (e.g. "9.0" -> 90).
    cap=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 | tr -d '. ' || true)
    [ -n "$cap" ] && cuda_args+=(-DCMAKE_CUDA_ARCHITECTURES="$cap")
fi

mkdir -p "$build"
say "configuring $build (CUDA $cuda)"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DSWEEP_BUILD_TESTS=OFF -DSWEEP_BUILD_EXAMPLES=OFF -DSWEEP_BUILD_BENCHMARKS=ON \
    "${cuda_args[@]}" >"$build/configure.log" 2>&1 || {
    cat "$build/configure.log"
    exit 1
}
say "building sweep-bench and the backend plugins"
cmake --build "$build" --target sweep-bench
bench=$build/bin/sweep-bench
if [ ! -x "$bench" ]; then
    say "sweep-bench was not built (is libbenchmark-dev installed?); see $build/configure.log"
    exit 1
fi

# matplotlib for the plots: Debian's package, installed here when missing.
if ! "$python" -c 'import matplotlib' >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        say "installing python3-matplotlib"
        (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-matplotlib) \
            >/dev/null 2>&1 || say "could not install python3-matplotlib: the report will have no plots"
    else
        say "matplotlib is missing and cannot be installed here: the report will have no plots"
    fi
fi

# Defaults sized for the machine: about ten minutes on 2 cores without a GPU.
cores=$(nproc 2>/dev/null || echo 1)
if [ -n "${SWEEP_BENCH_ARGS:-}" ]; then
    read -r -a args <<<"$SWEEP_BENCH_ARGS"
elif [ "$have_gpu" = 1 ]; then
    args=(--gpu-sizes=10:28:2 --cpu-sizes=11:27:2 --single-thread-max=23 --benchmark_min_time=0.05)
elif [ "$cores" -ge 8 ]; then
    args=(--cpu-sizes=11:27:2 --single-thread-max=23 --benchmark_min_time=0.05)
else
    args=(--cpu-sizes=10:24:2 --single-thread-max=20 --benchmark_min_time=0.02)
fi
if [ -n "${SWEEP_BENCH_EXTRA:-}" ]; then
    read -r -a extra <<<"$SWEEP_BENCH_EXTRA"
    args+=("${extra[@]}")
fi

mkdir -p "$out"
commit=$(git -C "$root" rev-parse HEAD 2>/dev/null || echo unknown)
if [ "$commit" != unknown ] && [ -n "$(git -C "$root" status --porcelain 2>/dev/null)" ]; then
    commit="$commit (working tree with uncommitted changes)"
fi
echo "$commit" >"$out/commit.txt"
cmd=("$bench" "${args[@]}" --benchmark_out="$out/results.json" --benchmark_out_format=json
    --benchmark_counters_tabular=false)
printf '%q ' "${cmd[@]}" >"$out/command.txt"
echo >>"$out/command.txt"
count=$("$bench" "${args[@]}" --benchmark_list_tests=true 2>/dev/null | wc -l)
say "running $count benchmarks; each line below is one finished result"
SWEEP_BENCH_COMMIT="$commit" "${cmd[@]}"

say "writing the report"
"$python" "$root/benchmarks/report.py" "$out/results.json" -o "$out" \
    --title "sweep benchmarks: $machine" --command-file "$out/command.txt" >/dev/null
say "done"
echo "$out/REPORT.md"
