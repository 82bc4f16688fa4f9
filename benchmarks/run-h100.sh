#!/usr/bin/env bash
# run-h100.sh -- the published H100 run, on the machine with the GPU (one H100, 16
# cores, CUDA 13.0, no network, perhaps no matplotlib, commands limited to 10 minutes):
# it only makes JSON. The report and plots are made afterwards on a workstation:
#
#   benchmarks/stage-h100.sh                  # workstation: build-h100/ (sm_90) + deps
#   copy the working tree with build-h100/ to the GPU machine, and there:
#       bash benchmarks/run-h100.sh gpu       # about 4 minutes
#       bash benchmarks/run-h100.sh cpu       # about 5 minutes (a second command)
#   copy $OUT back, and on the workstation:
#   /usr/bin/python3 benchmarks/report.py OUT/h100-gpu.json OUT/h100-cpu.json \
#       -o benchmarks/results/h100 --title "sweep on NVIDIA H100 + 16 host cores" \
#       --command-file benchmarks/results/h100/command.txt
#
# PART: gpu (CUDA backend, CUB, Thrust, device copies; 2^10..2^28 in powers of 4),
# cpu (serial and OpenMP backends, std, libstdc++ parallel mode, host copies;
# 2^11..2^27 in powers of 4, one-core implementations up to 2^23), or all (both in
# one command: over the 10-minute limit unless sizes are cut). Writes
# h100-PART.json, h100-PART.log, command-PART.txt and machine-PART.txt into $OUT when
# OUT is set, else into benchmarks/results/h100/raw. Options after PART go to
# sweep-bench (e.g. --cpu-sizes=11:25:2 to shorten). sweep-bench is stopped after
# SWEEP_BENCH_TIMEOUT seconds (default: what is left of 570 s since the script
# started), inside the 10-minute limit. SWEEP_BENCH_BUILD overrides build-h100.
#
# The build: build-h100/bin/sweep-bench when it is there and loads (the staged one),
# else a fresh build here in build-h100 (needs Google Benchmark: the system's, or
# the copy stage-h100.sh put in build-h100/deps).
set -uo pipefail

part=${1:-gpu}
shift || true
case $part in
gpu | cpu | all) ;;
*)
    echo "usage: run-h100.sh gpu|cpu|all [sweep-bench options]" >&2
    exit 2
    ;;
esac
started=$(date +%s)
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SWEEP_BENCH_BUILD:-$root/build-h100}
out=${OUT:-$root/benchmarks/results/h100/raw}
mkdir -p "$out"
log=$out/h100-$part.log

say() { printf '[run-h100 %s] %s\n' "$(date -u +%H:%M:%S)" "$*"; }

run() {
    case $part in
    gpu) args=(--backends=cuda --peers=cub,thrust,cuda_copy --gpu-sizes=10:28:2) ;;
    cpu) args=(--backends=serial,openmp --peers=std,gnu_parallel,memcpy,omp_memcpy
        --cpu-sizes=11:27:2 --single-thread-max=23) ;;
    all) args=(--gpu-sizes=10:28:2 --cpu-sizes=11:27:2 --single-thread-max=23) ;;
    esac
    args+=(--benchmark_min_time=0.05 "$@")

    export LD_LIBRARY_PATH=$build/lib:$build/deps/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
    if ! ldconfig -p 2>/dev/null | grep -q 'libgomp.so.1 '; then
        LD_LIBRARY_PATH=$LD_LIBRARY_PATH:$build/deps/fallback
    fi
    bench=$build/bin/sweep-bench
    if [ -x "$bench" ] && ! ldd "$bench" | grep -q "not found"; then
        say "using the staged build in $build"
    else
        say "building in $build"
        deps=()
        [ -d "$build/deps/usr/lib/x86_64-linux-gnu/cmake/benchmark" ] &&
            deps=(-Dbenchmark_DIR="$build/deps/usr/lib/x86_64-linux-gnu/cmake/benchmark")
        nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
        cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
            -DSWEEP_ENABLE_CUDA=ON -DCMAKE_CUDA_COMPILER="$nvcc" -DCMAKE_CUDA_ARCHITECTURES=90 \
            -DSWEEP_BUILD_TESTS=OFF -DSWEEP_BUILD_EXAMPLES=OFF "${deps[@]}" || return 1
        cmake --build "$build" --target sweep-bench -j "$(nproc)" || return 1
    fi

    {
        date -u
        uname -a
        nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem \
            --format=csv 2>/dev/null
        lscpu 2>/dev/null | grep -E "Model name|^CPU\(s\)|Thread|Socket|NUMA node\(s\)"
        free -g 2>/dev/null | head -2
    } >"$out/machine-$part.txt"

    commit=${SWEEP_BENCH_COMMIT:-$(git -C "$root" rev-parse HEAD 2>/dev/null || cat "$build/commit.txt" 2>/dev/null || echo unknown)}
    cmd=("$bench" "${args[@]}" --benchmark_out="$out/h100-$part.json" --benchmark_out_format=json)
    printf '%q ' "${cmd[@]}" | sed "s|$root/||g" >"$out/command-$part.txt"
    echo >>"$out/command-$part.txt"
    say "commit $commit; running: $(cat "$out/command-$part.txt")"
    # Stop before the tool's 10-minute limit: Google Benchmark writes its JSON as it goes,
    # and report.py keeps the complete results of a run that was cut off.
    limit=${SWEEP_BENCH_TIMEOUT:-$((570 - $(date +%s) + started))}
    say "stopping sweep-bench after $limit s at the latest"
    SWEEP_BENCH_COMMIT="$commit" timeout "$limit" "${cmd[@]}"
    rc=$?
    say "sweep-bench exited with $rc; JSON in $out/h100-$part.json"
    return $rc
}

run "$@" 2>&1 | tee "$log"
exit "${PIPESTATUS[0]}"
