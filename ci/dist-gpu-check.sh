#!/usr/bin/env bash
# ci/dist-gpu-check.sh -- the distributed primitives on a machine with several NVIDIA
# GPUs, NCCL and MPI (Open MPI), from a built tree: bin/ and lib/ of a
# `cmake --preset default` build (built here or copied from elsewhere; nothing is
# built). For 2 GPUs, and 4 when the machine has them:
#   1. one process per GPU through mpirun (NCCL communicator built from
#      MPI_COMM_WORLD): every primitive, every partition, the error cases
#      (sweep-dist-test --backend cuda --comm nccl), fused and generic paths;
#   2. one process driving all GPUs, one thread each (ncclCommInitAll):
#      sweep-dist-test --backend cuda --all-gpus N;
#   3. examples/dist_sort under mpirun;
#   4. with --large: the radix sort of 2^32 + 7 u32 keys in all, spread unevenly over
#      the ranks and checked (order, balance, checksums; about 45 GiB on the fullest GPU
#      and 12 GiB of host memory per rank);
#   5. with --bench: sweep-bench-dist (sort and scan on p GPUs against one GPU; the
#      exchange alone against grouped ncclSend/ncclRecv of the same bytes).
# Prints one line per step and a summary line last; exit 0 only if every step passed,
# 77 when there are fewer than 2 GPUs or no MPI.
# Options: --build DIR (default build/default), --large, --bench, --gpus "2 4" (the
# counts to run), --total N (keys of the benchmark, default 2^30).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build/default" large=0 bench=0 counts="" total=$((1 << 30))
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build="$2"; shift ;;
    --large) large=1 ;;
    --bench) bench=1 ;;
    --gpus) counts="$2"; shift ;;
    --total) total="$2"; shift ;;
    *) echo "usage: $0 [--build DIR] [--large] [--bench] [--gpus \"2 4\"] [--total N]" >&2; exit 2 ;;
  esac
  shift
done
build=$(cd "$build" 2>/dev/null && pwd) || { echo "dist-gpu-check: no build folder" >&2; exit 2; }
test_bin="$build/bin/sweep-dist-test"
[ -x "$test_bin" ] || { echo "dist-gpu-check: $test_bin is missing (build with cmake --preset default)" >&2; exit 2; }
[ -e "$build/lib/libsweep-comm-nccl.so" ] || { echo "dist-gpu-check: $build/lib/libsweep-comm-nccl.so is missing (NCCL not found at configure time?)" >&2; exit 2; }
command -v mpirun >/dev/null || { echo "dist-gpu-check: SKIP no mpirun (Debian: openmpi-bin)"; exit 77; }
gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
if [ "${gpus:-0}" -lt 2 ]; then echo "dist-gpu-check: SKIP fewer than 2 GPUs ($gpus)"; exit 77; fi
if [ -z "$counts" ]; then
  counts=2
  [ "$gpus" -ge 4 ] && counts="2 4"
fi

# A copied build tree keeps absolute run paths of the machine it was built on: find
# libsweep (and, next to it, the plugins) through LD_LIBRARY_PATH instead.
export LD_LIBRARY_PATH="$build/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
unset SWEEP_BACKEND SWEEP_GENERIC SWEEP_PLUGIN_PATH
mpi=(mpirun --bind-to none -x LD_LIBRARY_PATH -x OMPI_ALLOW_RUN_AS_ROOT -x OMPI_ALLOW_RUN_AS_ROOT_CONFIRM)
logs="$build/dist-gpu-check-logs"
mkdir -p "$logs"
passed=0 failed=0 failures=""

step() { # step NAME TIMEOUT CMD...: runs CMD, its output in a log, one line of result
  local name=$1 limit=$2 t0=$SECONDS rc
  shift 2
  timeout "$limit" "$@" >"$logs/$name.log" 2>&1
  rc=$?
  local tail_line
  tail_line=$(grep -E 'sweep-dist-test:|dist_sort on|big sort:|sweep-bench-dist on' "$logs/$name.log" | tail -n 1)
  if [ $rc -eq 0 ]; then
    passed=$((passed + 1))
    printf 'PASS %-28s %4ds  %s\n' "$name" $((SECONDS - t0)) "$tail_line"
  else
    failed=$((failed + 1))
    failures="$failures $name"
    printf 'FAIL %-28s %4ds  exit %d (log: %s)\n' "$name" $((SECONDS - t0)) $rc "$logs/$name.log"
    grep -E '^FAIL|rank [0-9]+:' "$logs/$name.log" | head -n 5
  fi
}

echo "dist-gpu-check: $gpus GPUs, $(mpirun --version 2>/dev/null | head -n 1), build $build"
for n in $counts; do
  [ "$n" -le "$gpus" ] || continue
  step "mpi-nccl-np$n" 1800 "${mpi[@]}" -np "$n" "$test_bin" --backend cuda --comm nccl
  step "mpi-nccl-np$n-generic" 1800 "${mpi[@]}" -np "$n" "$test_bin" --backend cuda --comm nccl --generic
  step "initall-$n" 1800 "$test_bin" --backend cuda --all-gpus "$n"
  if [ -x "$build/bin/sweep-example-dist_sort" ]; then
    step "example-dist_sort-np$n" 600 "${mpi[@]}" -np "$n" "$build/bin/sweep-example-dist_sort"
  fi
  if [ "$large" = 1 ]; then
    step "large-sort-np$n" 3600 "${mpi[@]}" -np "$n" "$test_bin" --backend cuda --comm nccl \
      --only dist.big_sort --big $(((1 << 32) + 7))
  fi
  if [ "$bench" = 1 ] && [ -x "$build/bin/sweep-bench-dist" ]; then
    step "bench-np$n" 1800 "${mpi[@]}" -np "$n" "$build/bin/sweep-bench-dist" --backend cuda --total "$total"
    sed -n '/sweep-bench-dist on/,$p' "$logs/bench-np$n.log"
  fi
done
if [ "$failed" -eq 0 ]; then
  echo "dist-gpu-check: PASS ($passed steps on GPU counts: $counts)"
  exit 0
fi
echo "dist-gpu-check: FAIL ($failed of $((passed + failed)) steps:$failures)"
exit 1
