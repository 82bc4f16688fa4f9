#!/usr/bin/env bash
# run-report.sh -- the benchmark main job (ci/main.sh runs it): builds sweep-bench (or
# reuses the build), runs the benchmark map (sweep-bench --map) on every backend and
# peer present, five repetitions a benchmark, printing "[k/N, m:ss left]" as each
# finishes, then writes REPORT.md, cells.csv, the heat maps and the plots.
#
#   benchmarks/run-report.sh [MACHINE]
#
# Results go to build/bench/report/ (SWEEP_BENCH_OUT to change it; the source tree is
# never written): results.json, REPORT.md, the plots, command.txt and commit.txt.
# MACHINE (the argument, else $SWEEP_BENCH_MACHINE, else the short host name) names the
# machine in the report's title. The last line printed is REPORT.md's path.
#
# A machine with fewer than 8 cores, or with competing load (a 1-minute load average of
# a quarter of its cores or more before the build, or other processes keeping a quarter
# of the cores busy just before the run), cannot measure: its report is labelled a smoke
# run, with a warning at the top that the figures are not measurements, the job says so
# loudly before and after the run, and it runs a small subset of the map (the OpenMP
# backend against libstdc++ parallel mode at 2^12, 2^15 and 2^18, ten of the map's
# variants) so that the whole job takes about ten minutes on 2 cores, build included.
# Elsewhere it runs the whole map (tens of minutes with a GPU: benchmarks/run.sh --map
# --piece runs it in pieces).
#
# Environment:
#   SWEEP_BENCH_BUILD   build folder (default: build/bench in the repository)
#   SWEEP_BENCH_OUT     output folder (default: $SWEEP_BENCH_BUILD/report)
#   SWEEP_BENCH_ARGS    sweep-bench options replacing this machine's defaults
#   SWEEP_BENCH_EXTRA   options added after the defaults (e.g. --primitives=scan)
#   SWEEP_BENCH_CUDA    ON/OFF: build the CUDA plugin and CUB peers (default: ON when
#                       nvcc is installed and nvidia-smi sees a GPU)
#   SWEEP_BENCH_HIP     ON/OFF: build the HIP plugin and rocPRIM peers (default: ON when
#                       hipcc is installed and rocminfo sees an AMD GPU)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=ci/lib.sh
. "$root/ci/lib.sh"
machine=${1:-${SWEEP_BENCH_MACHINE:-$(hostname -s 2>/dev/null || echo local)}}
build=${SWEEP_BENCH_BUILD:-$root/build/bench}
out=${SWEEP_BENCH_OUT:-$build/report}
python=/usr/bin/python3
[ -x "$python" ] || python=python3
steps=5
t_start=$SECONDS

loud() { # a banner nobody can miss
    local line="=========================================================================="
    printf '%s\n' "$line" "  $*" "$line"
}

step() { # step K TEXT: "[K/5] TEXT"
    local k=$1
    shift
    printf '[%s/%s] %s (%s s)\n' "$k" "$steps" "$*" "$((SECONDS - t_start))"
}

# --- 1. the machine: can it measure?
cores=$(nproc 2>/dev/null || echo 1)
read -r load1 _ </proc/loadavg
smoke=()
if [ "$cores" -lt 8 ]; then
    smoke+=("This machine has $cores cores (fewer than 8).")
fi
# load1 >= cores / 4, in integer arithmetic on hundredths
if [ "$(awk -v l="$load1" 'BEGIN { printf "%d", l * 400 }')" -ge $((cores * 100)) ]; then
    smoke+=("Its load average was $load1 on $cores cores before the build.")
fi
have_gpu=0 have_amd_gpu=0
if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L 2>/dev/null | grep -q GPU; then
    have_gpu=1
fi
if [ -e /dev/kfd ] && command -v rocminfo >/dev/null 2>&1 &&
    rocminfo 2>/dev/null | grep -q 'Name: *gfx'; then
    have_gpu=1 have_amd_gpu=1
fi
if [ ${#smoke[@]} -gt 0 ]; then
    step 1 "machine: $cores cores, load $load1: a smoke run, not a measurement"
    loud "SMOKE RUN on $cores cores: the numbers of this job are NOT performance results."
else
    step 1 "machine: $cores cores, load $load1, GPU: $([ $have_gpu = 1 ] && echo yes || echo no)"
fi

# --- 2. configure
cuda=${SWEEP_BENCH_CUDA:-}
if [ -z "$cuda" ]; then
    cuda=OFF
    if [ "$have_gpu" = 1 ] && { command -v nvcc >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/nvcc ]; }; then
        cuda=ON
    fi
fi
# Without an AMD GPU the HIP plugin would only cost build time (hipcc, three targets).
hip=${SWEEP_BENCH_HIP:-}
if [ -z "$hip" ]; then
    hip=OFF
    if [ "$have_amd_gpu" = 1 ] && command -v hipcc >/dev/null 2>&1; then hip=ON; fi
fi
cuda_args=(-DSWEEP_ENABLE_CUDA="$cuda" -DSWEEP_ENABLE_HIP="$hip")
if [ "$cuda" = ON ] && ! command -v nvcc >/dev/null 2>&1; then
    cuda_args+=(-DCMAKE_CUDA_COMPILER=/usr/local/cuda/bin/nvcc)
fi
if [ "$cuda" = ON ] && [ -z "${CUDAARCHS:-}" ]; then
    # The GPU that will run it, when nvidia-smi can say (e.g. "9.0" -> 90).
    cap=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 | tr -d '. ' || true)
    [ -n "$cap" ] && cuda_args+=(-DCMAKE_CUDA_ARCHITECTURES="$cap")
fi
step 2 "configuring ${build#"$root"/} (Release, CUDA $cuda, HIP $hip; log: configure.log there)"
sweep_quiet "$build/configure.log" cmake -S "$root" -B "$build" -G Ninja \
    -DCMAKE_BUILD_TYPE=Release -DSWEEP_BUILD_TESTS=OFF -DSWEEP_BUILD_EXAMPLES=OFF \
    -DSWEEP_BUILD_BENCHMARKS=ON "${cuda_args[@]}"

# --- 3. build
step 3 "building sweep-bench and the backend plugins (log: build.log there)"
sweep_quiet "$build/build.log" cmake --build "$build" --target sweep-bench --parallel "$SWEEP_JOBS"
bench=$build/bin/sweep-bench
if [ ! -x "$bench" ]; then
    sweep_die "sweep-bench was not built (is libbenchmark-dev installed?); see $build/configure.log"
fi

# matplotlib for the plots: Debian's python3-matplotlib, installed here when missing
# (the report is written without plots when it cannot be).
if ! "$python" -c 'import matplotlib' >/dev/null 2>&1; then
    (sweep_ensure python3-matplotlib) ||
        sweep_say "could not install python3-matplotlib: the report will have no plots"
fi

# --- 4. run
# The map on a machine that can measure; a small subset of it otherwise (462
# benchmarks on 2 cores without a GPU: 1 min 56 s of CPU time, 8 min of wall time on a
# 2-core machine shared at a load average of 22).
map_peers=--peers=std,gnu_parallel,omp_memcpy,omp_read,cub,cuda_copy,cuda_read,rocprim,hip_copy
if [ -n "${SWEEP_BENCH_ARGS:-}" ]; then
    read -r -a args <<<"$SWEEP_BENCH_ARGS"
elif [ ${#smoke[@]} -gt 0 ]; then
    args=(--map --backends=openmp,cuda,hip "$map_peers" --cpu-sizes=12,15,18
        --single-thread-max=20 --gpu-sizes=12:24:6
        --variants=sum,max,seg16,segrand,flags10,flags90,uniform,sorted,zipf,topbyte
        --benchmark_min_time=0.005)
else
    args=(--map --backends=openmp,cuda,hip "$map_peers" --single-thread-max=23
        --benchmark_min_time=0.05)
fi
repetitions=5
case " ${args[*]} " in
*" --benchmark_repetitions="*) ;;
*) args+=("--benchmark_repetitions=$repetitions") ;;
esac
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

# Competing load just before the run: CPU time of the whole machine over two seconds.
# (user, nice, system, irq, softirq and steal count as busy; idle and iowait do not.)
busy=$(awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 + $9, $5 + $6 }' /proc/stat)
sleep 2
busy=$(awk -v before="$busy" -v cores="$cores" '/^cpu / {
    split(before, b, " "); used = $2 + $3 + $4 + $7 + $8 + $9 - b[1]; idle = $5 + $6 - b[2]
    if (used + idle > 0) printf "%d", 100 * used / (used + idle) }' /proc/stat)
if [ "${busy:-0}" -ge 25 ]; then
    smoke+=("Other processes kept ${busy}% of its CPU time busy just before the run.")
fi

step 4 "running $count benchmarks, $repetitions repetitions each: a line as each finishes"
SWEEP_BENCH_TOTAL=$count SWEEP_BENCH_COMMIT="$commit" "${cmd[@]}"

# --- 5. report
step 5 "writing the report"
report_args=(--title "sweep benchmarks: $machine" --command-file "$out/command.txt")
for reason in "${smoke[@]}"; do
    report_args+=(--smoke "$reason")
done
"$python" "$root/benchmarks/report.py" "$out/results.json" -o "$out" "${report_args[@]}" >/dev/null
if [ ${#smoke[@]} -gt 0 ]; then
    loud "SMOKE RUN: $cores-core numbers are NOT performance results (the report says why)."
fi
sweep_say "done in $((SECONDS - t_start)) s; the report:"
echo "$out/REPORT.md"
