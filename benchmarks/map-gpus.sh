#!/usr/bin/env bash
# map-gpus.sh -- the GPU part of the benchmark map on every GPU of a machine at once:
# the map's pieces (run.sh --list-pieces), each cut into size groups, go into one
# queue; one worker a GPU takes the next job, runs it with run.sh on its GPU alone
# (CUDA_VISIBLE_DEVICES) and its own share of the host's cores (taskset), and writes
# into its own folder. Sweep and its peer of a cell always run in the same process, one
# after the other, so each ratio comes from one GPU. At the end the JSON of every job
# is gathered into the output folder and, with --report, REPORT.md is written from it.
#
#   benchmarks/map-gpus.sh --build DIR [--out DIR] [--gpus N] [--budget S]
#                          [--sizes "26,28 10,12,14,16,18 20,22,24"] [--pieces "A B"]
#                          [--repetitions R] [--report] [-- sweep-bench options]
#
#   --build DIR    a built tree with bin/sweep-bench (run.sh --build-only makes one)
#   --out DIR      output folder (default DIR/results/map-gpus)
#   --gpus N       GPUs to use (default: every GPU nvidia-smi lists)
#   --budget S     start no job after S seconds, and stop running ones by then (their
#                  JSON keeps what completed); the jobs not started are listed
#   --sizes LIST   the size groups, in the order they are queued (log2 sizes; default:
#                  the two largest first, then the small ones, then the middle)
#   --pieces LIST  pieces to run (default: all of run.sh --list-pieces)
#   --repetitions R, --report, and options after -- as in run.sh
# Prints one line per finished job and, last, the output folder or REPORT.md's path.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build="" out="" gpus="" budget="" repetitions=5 report=0 pieces=""
sizes="26,28 10,12,14,16,18 20,22,24"
extra=()
while [ $# -gt 0 ]; do
    case $1 in
    --build) build=${2:-}; shift ;;
    --out) out=${2:-}; shift ;;
    --gpus) gpus=${2:-}; shift ;;
    --budget) budget=${2:-}; shift ;;
    --sizes) sizes=${2:-}; shift ;;
    --pieces) pieces=${2:-}; shift ;;
    --repetitions) repetitions=${2:-}; shift ;;
    --report) report=1 ;;
    --) shift; extra=("$@"); break ;;
    -h | --help) sed -n '2,/^set -uo/p' "${BASH_SOURCE[0]}" | sed -e '$d' -e 's/^# \{0,1\}//' >&2; exit 2 ;;
    *) echo "map-gpus.sh: unknown option '$1'" >&2; exit 2 ;;
    esac
    shift
done
[ -n "$build" ] && [ -x "$build/bin/sweep-bench" ] || {
    echo "map-gpus.sh: --build DIR with bin/sweep-bench is required" >&2
    exit 2
}
build=$(cd "$build" && pwd)
[ -n "$out" ] || out=$build/results/map-gpus
mkdir -p "$out" && out=$(cd "$out" && pwd)
[ -n "$gpus" ] || gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
if [ "${gpus:-0}" -lt 1 ]; then
    echo "map-gpus.sh: no GPU (nvidia-smi lists none)" >&2
    exit 1
fi
[ -n "$pieces" ] || pieces=$("$root/benchmarks/run.sh" --list-pieces | awk '{print $1}')
cores=$(nproc 2>/dev/null || echo 1)
per=$((cores / gpus))
[ "$per" -ge 1 ] || per=1
start=$(date +%s)
jobs_dir=$out/jobs
mkdir -p "$jobs_dir"
queue=$jobs_dir/queue
: >"$queue"
for s in $sizes; do
    for p in $pieces; do echo "$p@$s" >>"$queue"; done
done
: >"$jobs_dir/finished"
: >"$jobs_dir/not-started"
say() { printf '[map-gpus %s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
say "$(wc -l <"$queue") jobs on $gpus GPUs, $per host cores each${budget:+, budget $budget s}"

next_job() { # the queue's first line, removed from it
    flock "$queue.lock" sh -c 'head -n 1 "$1"; sed -i 1d "$1"' sh "$queue"
}

worker() { # GPU FIRST_CORE
    local g=$1 c0=$2 job piece group name left limit rc t0 pin=()
    command -v taskset >/dev/null 2>&1 && pin=(taskset -c "$c0-$((c0 + per - 1))")
    while job=$(next_job) && [ -n "$job" ]; do
        limit=()
        if [ -n "$budget" ]; then
            left=$((budget - ($(date +%s) - start)))
            if [ "$left" -lt 30 ]; then
                echo "$job" >>"$jobs_dir/not-started"
                continue
            fi
            limit=(--time-limit "$((left - 5))")
        fi
        piece=${job%@*} group=${job#*@}
        name=$piece-$(echo "$group" | tr ',:' '__')
        t0=$(date +%s)
        CUDA_VISIBLE_DEVICES=$g "${pin[@]}" "$root/benchmarks/run.sh" --build "$build" --no-build \
            --map --part gpu --piece "$piece" --out "$jobs_dir/$name" \
            --repetitions "$repetitions" "${limit[@]}" -- --gpu-sizes="$group" "${extra[@]}" \
            >"$jobs_dir/$name.log" 2>&1
        rc=$?
        echo "$job gpu$g $(($(date +%s) - t0))s exit $rc" | tee -a "$jobs_dir/finished" >&2
    done
}

for ((g = 0; g < gpus; g++)); do worker "$g" $((g * per)) & done
wait
if [ -s "$jobs_dir/not-started" ]; then
    say "$(wc -l <"$jobs_dir/not-started") jobs not started (budget): $jobs_dir/not-started"
fi

# Gather: every job's JSON, command and machine description under one name each.
shopt -s nullglob
for d in "$jobs_dir"/*/; do
    name=$(basename "$d")
    for f in "$d"gpu-*.json; do cp "$f" "$out/gpu-$name.json"; done
    for f in "$d"command-gpu-*.txt; do cp "$f" "$out/command-gpu-$name.txt"; done
    for f in "$d"machine-gpu-*.txt; do cp "$f" "$out/machine-gpu-$name.txt"; done
    [ -f "$d/commit.txt" ] && cp "$d/commit.txt" "$out/commit.txt"
done
say "done in $(($(date +%s) - start)) s"
if [ "$report" = 1 ]; then
    "$root/benchmarks/run.sh" --report-only --out "$out" --machine "$(hostname -s 2>/dev/null || echo gpus)"
else
    echo "$out"
fi
