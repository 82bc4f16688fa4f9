#!/usr/bin/env bash
# ci/gpu-check.sh -- a GPU backend's check (CUDA by default, or HIP) on a machine with its GPU:
#   1. builds libsweep, the CUDA plugin and the conformance suite with nvcc
#      (CMAKE_CUDA_ARCHITECTURES, default 90; e.g. SWEEP_CUDA_ARCHS="80;90");
#   2. runs the whole conformance suite on `cuda`, fused and generic paths;
#   3. runs the fuzz harness's random calls (sweep-fuzz-random, SWEEP_FUZZ_SECONDS,
#      default 120) on the backend against its oracle and the serial backend;
#      runs every primitive on misaligned arrays and under failing allocations
#      (sweep-hardening-misaligned, sweep-hardening-oom);
#      provokes a device fault (sweep-hardening-fault: SWEEP_ERR_DEVICE, host survives)
#      and runs scan, split and radix sort on n = 2^32 + 7 elements with every output
#      checked (sweep-hardening-large; about 70 GiB of device memory, 48 GiB of host);
#      runs the reduce and errors families with every segmented reduction on either
#      of its kernels (SWEEP_CUDA_SEGREDUCE_MIN=0 and 1000000000);
#   4. runs compute-sanitizer memcheck, racecheck, synccheck and initcheck on small
#      cases of every family, fused and generic paths;
#   5. prints one summary line (last line of output); exit 0 only if all passed.
# Options: --backend cuda|hip (default cuda; hip builds libsweep-hip.so for
# SWEEP_HIP_ARCHS, default "gfx90a;gfx940;gfx1030", and runs the same suite on an AMD
# GPU; compute-sanitizer is NVIDIA-only, so hip skips step 3), --no-build (use an
# existing build folder, e.g. one built elsewhere and copied to the GPU machine),
# --build DIR (default build-cuda or build-hip), --quick (skip the sanitizers), --perf (also
# time the README's headline cells against CUB: builds sweep-bench, which needs Google
# Benchmark, and runs `sweep-bench --headline`; cuda only), --no-large (skip the 2^32 + 7
# element run), --jobs N (run up to N of the suite's families, and of the sanitizer runs,
# at once: on a host with many cores the run-time compilation of custom operators
# and comparators dominates; default 1).
# Without a usable GPU the suite exits 77 for every family: the summary says
# "cuda unavailable" with the plugin's reason and the script exits 77.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
backend=cuda build=""
do_build=1 quick=0 perf=0 large=1 jobs_max=1
while [ $# -gt 0 ]; do
  case "$1" in
    --backend) backend="$2"; shift ;;
    --no-build) do_build=0 ;;
    --build) build="$2"; shift ;;
    --quick) quick=1 ;;
    --perf) perf=1 ;;
    --no-large) large=0 ;;
    --jobs) jobs_max="$2"; shift ;;
    *) echo "usage: $0 [--backend cuda|hip] [--no-build] [--build DIR] [--quick] [--perf] [--no-large] [--jobs N]" >&2; exit 2 ;;
  esac
  shift
done
case "$backend" in
  cuda) archs="${SWEEP_CUDA_ARCHS:-90}" tag=CUDA
        gpu_flags=(-DSWEEP_ENABLE_CUDA=ON -DSWEEP_ENABLE_HIP=OFF "-DCMAKE_CUDA_ARCHITECTURES=$archs") ;;
  hip) archs="${SWEEP_HIP_ARCHS:-gfx90a;gfx940;gfx1030}" tag=HIP quick=1 perf=0
       gpu_flags=(-DSWEEP_ENABLE_HIP=ON -DSWEEP_ENABLE_CUDA=OFF "-DSWEEP_HIP_ARCHITECTURES=$archs") ;;
  *) echo "gpu-check: unknown backend '$backend' (cuda or hip)" >&2; exit 2 ;;
esac
[ -n "$build" ] || build="$root/build-$backend"
log_dir="${SWEEP_GPU_CHECK_LOGS:-$build/gpu-check-logs}"
mkdir -p "$log_dir"

if [ "$do_build" = 1 ]; then
  start=$(date +%s)
  bench_flag=OFF
  [ "$perf" = 1 ] && bench_flag=ON
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSWEEP_WERROR=ON \
        "${gpu_flags[@]}" -DSWEEP_ENABLE_OPENMP=OFF -DSWEEP_BUILD_BENCHMARKS=$bench_flag \
        -DSWEEP_BUILD_EXAMPLES=OFF >"$log_dir/configure.log" 2>&1 \
    || { echo "gpu-check: FAIL configure (see $log_dir/configure.log)"; exit 1; }
  targets="sweep-conformance sweep-fuzz-random sweep-hardening-fault sweep-hardening-misaligned"
  targets="$targets sweep-hardening-oom"
  [ "$large" = 1 ] && targets="$targets sweep-hardening-large"
  [ "$perf" = 1 ] && ! grep -q "Google Benchmark not found" "$log_dir/configure.log" &&
    targets="$targets sweep-bench"
  cmake --build "$build" --target $targets >"$log_dir/build.log" 2>&1 \
    || { tail -30 "$log_dir/build.log"; echo "gpu-check: FAIL build (see $log_dir/build.log)"; exit 1; }
  echo "gpu-check: build took $(( $(date +%s) - start )) s"
fi

# run_job NAME LOG CMD...: CMD in the background, its output in LOG and its exit status
# in $log_dir/NAME.rc, with at most jobs_max running; job_rc NAME reads the status
# after `wait`.
run_job() {
  local name=$1 log=$2
  shift 2
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n 2>/dev/null || true; done
  ( "$@" >"$log" 2>&1; echo $? >"$log_dir/$name.rc" ) &
}
job_rc() { cat "$log_dir/$1.rc" 2>/dev/null || echo 1; }

suite="$build/bin/sweep-conformance"
[ -x "$suite" ] || { echo "gpu-check: FAIL no $suite"; exit 1; }
# The build tree's absolute rpath may not exist where a build copied from another
# machine runs.
export LD_LIBRARY_PATH="$build/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
unset SWEEP_GENERIC SWEEP_BACKEND SWEEP_PLUGIN_PATH

t_suite=$(date +%s)
families="scan segmented_scan reduce grouping split radix_sort merge_sort merge custom_op scratch deterministic errors"
families="$families segmented_sort search unique run_length histogram"
pass=0 fail=0 skip=0 failed=""
for path in fused generic; do
  for fam in $families; do
    run_job "suite.$path.$fam" "$log_dir/suite.$path.$fam.log" \
      "$suite" --backend "$backend" --path "$path" --primitive "$fam"
  done
done
wait
for path in fused generic; do
  for fam in $families; do
    log="$log_dir/suite.$path.$fam.log"
    rc=$(job_rc "suite.$path.$fam")
    case $rc in
      0) pass=$((pass + 1)) ;;
      77) skip=$((skip + 1)) ;;
      *) fail=$((fail + 1)); failed="$failed $path/$fam"; echo "--- $path/$fam failed (rc $rc):"; tail -15 "$log" ;;
    esac
  done
done
echo "gpu-check: suite: $pass passed, $fail failed, $skip skipped ($(( $(date +%s) - t_suite )) s)"
if [ "$pass" = 0 ] && [ "$fail" = 0 ]; then
  reason=$(grep -h -i -m1 "unavailable\|reason\|skip" "$log_dir"/suite.fused.scan.log 2>/dev/null)
  echo "gpu-check: SKIP $backend unavailable: ${reason:-no reason printed}"
  exit 77
fi

# Look-back without forward progress: tiles that never publish make their
# successors reduce them themselves; results must not change.
stall_log="$log_dir/suite.stall.log"
if env "SWEEP_${tag}_EMULATE_STALL=5" "SWEEP_${tag}_SPIN_LIMIT=20" "$suite" --backend "$backend" --path fused \
     --primitive scan >"$stall_log" 2>&1 &&
   env "SWEEP_${tag}_EMULATE_STALL=5" "SWEEP_${tag}_SPIN_LIMIT=20" "$suite" --backend "$backend" --path fused \
     --primitive segmented_scan >>"$stall_log" 2>&1 &&
   env "SWEEP_${tag}_EMULATE_STALL=5" "SWEEP_${tag}_SPIN_LIMIT=20" "$suite" --backend "$backend" --path fused \
     --primitive split >>"$stall_log" 2>&1 &&
   env "SWEEP_${tag}_EMULATE_STALL=5" "SWEEP_${tag}_SPIN_LIMIT=20" "$suite" --backend "$backend" --path fused \
     --primitive unique >>"$stall_log" 2>&1 &&
   env "SWEEP_${tag}_EMULATE_STALL=5" "SWEEP_${tag}_SPIN_LIMIT=20" "$suite" --backend "$backend" --path fused \
     --primitive run_length >>"$stall_log" 2>&1 &&
   env "SWEEP_${tag}_EMULATE_STALL=5" "SWEEP_${tag}_SPIN_LIMIT=20" "$suite" --backend "$backend" --path fused \
     --primitive radix_sort >>"$stall_log" 2>&1; then
  stall="ok"
else
  stall="FAILED"; fail=$((fail + 1)); failed="$failed stall-emulation"; tail -15 "$stall_log"
fi

# Grid-stride kernels in one block: every launch capped by sweep_gpu_grid must walk
# its whole range, so the suite's small inputs reach what only more segments or
# elements than the device's grid would reach otherwise.
grid_log="$log_dir/suite.grid-cap.log"
grid_cap="ok"
grid_fams="segmented_scan reduce grouping radix_sort scan segmented_sort search run_length histogram"
for path in fused generic; do
  for fam in $grid_fams; do
    run_job "grid.$path.$fam" "$log_dir/grid.$path.$fam.log" \
      env "SWEEP_${tag}_GRID_CAP=1" "$suite" --backend "$backend" --path "$path" --primitive "$fam"
  done
done
wait
for path in fused generic; do
  for fam in $grid_fams; do
    cat "$log_dir/grid.$path.$fam.log" >>"$grid_log"
    [ "$(job_rc "grid.$path.$fam")" = 0 ] || grid_cap="FAILED"
  done
done
if [ "$grid_cap" = FAILED ]; then
  fail=$((fail + 1)); failed="$failed grid-cap"; tail -15 "$grid_log"
fi

# CUDA launches through the driver (cuda_launch.cu); the runtime's launch, its
# fallback, once more over the families with the most kernels.
runtime_launch="n/a"
if [ "$backend" = cuda ]; then
  rl_log="$log_dir/suite.runtime-launch.log"
  runtime_launch="ok"
  for spec in "both scan" "fused segmented_scan" "fused split" "fused radix_sort" \
              "fused merge_sort"; do
    set -- $spec
    SWEEP_CUDA_RUNTIME_LAUNCH=1 "$suite" --backend "$backend" --path "$1" --primitive "$2" \
      >>"$rl_log" 2>&1 || runtime_launch="FAILED"
  done
  if [ "$runtime_launch" = FAILED ]; then
    fail=$((fail + 1)); failed="$failed runtime-launch"; tail -15 "$rl_log"
  fi
fi

# The hybrid radix sort (radix_hybrid.cuh) takes only long inputs by default; the
# radix family again with it taking every input it can, then with stalled tiles too.
# Short sorts on every bit go to the merge sort by default (radix_merge_max*): once
# more with the LSD passes taking them.
hybrid_log="$log_dir/suite.hybrid.log"
if env "SWEEP_${tag}_RADIX_HYBRID_MIN=2" "$suite" --backend "$backend" --path fused \
     --primitive radix_sort >"$hybrid_log" 2>&1 &&
   env "SWEEP_${tag}_RADIX_HYBRID_MIN=2" "SWEEP_${tag}_EMULATE_STALL=5" "SWEEP_${tag}_SPIN_LIMIT=20" \
     "$suite" --backend "$backend" --path fused --primitive radix_sort >>"$hybrid_log" 2>&1 &&
   env "SWEEP_${tag}_RADIX_MERGE_MAX=0" "$suite" --backend "$backend" --path fused \
     --primitive radix_sort >>"$hybrid_log" 2>&1; then
  hybrid="ok"
else
  hybrid="FAILED"; fail=$((fail + 1)); failed="$failed hybrid-radix"; tail -15 "$hybrid_log"
fi

# Segmented reductions by offsets take the dedicated kernel (segreduce_kernel.cuh)
# from the tuning's segreduce_min elements and the single-pass scan's below: the
# reduce family and the offsets' errors once with every size on the dedicated kernel
# (also with one-block grids and stalled tiles), once with every size on the scan's.
segreduce_log="$log_dir/suite.segreduce.log"
segreduce="ok"
for env_set in "SWEEP_${tag}_SEGREDUCE_MIN=0" "SWEEP_${tag}_SEGREDUCE_MIN=1000000000" \
               "SWEEP_${tag}_SEGREDUCE_MIN=0 SWEEP_${tag}_GRID_CAP=1" \
               "SWEEP_${tag}_SEGREDUCE_MIN=0 SWEEP_${tag}_EMULATE_STALL=5 SWEEP_${tag}_SPIN_LIMIT=20"; do
  for fam in reduce errors; do
    env $env_set "$suite" --backend "$backend" --path fused --primitive "$fam" \
      >>"$segreduce_log" 2>&1 || segreduce="FAILED"
  done
done
if [ "$segreduce" = FAILED ]; then
  fail=$((fail + 1)); failed="$failed segreduce"; tail -15 "$segreduce_log"
fi

# The fused segmented sort's routes (backends/gpu/host/segmented_sort.cu): the family
# again with each newer route off (the shared-memory sort of large segments, the
# one-block classification of few segments), then with the shared-memory sort's bound
# lowered to 6000 keys, which cases of the family straddle.
segsort_log="$log_dir/suite.segsort-routes.log"
segsort_routes="ok"
for route in SHARED_MAX=0 LEAN=0 SHARED_MAX=6000; do
  env "SWEEP_${tag}_SEGSORT_$route" "$suite" --backend "$backend" --path fused \
    --primitive segmented_sort >>"$segsort_log" 2>&1 || segsort_routes="FAILED"
done
if [ "$segsort_routes" = FAILED ]; then
  fail=$((fail + 1)); failed="$failed segsort-routes"; tail -15 "$segsort_log"
fi

# The split and compaction without values take the one-kernel split
# (split_resident.cuh) below 256 MiB of elements, the suite's sizes all, and three
# kernels otherwise: the split family again with the one kernel in three blocks
# keeping two tiles of flags each (so tiles read their flags again), in one block,
# then with the three kernels taking all.
resident="n/a"
if [ "$backend" = cuda ]; then
  resident_log="$log_dir/suite.resident.log"
  resident="ok"
  for caps in "1000000000 3 2" "1000000000 1 1" "0 0 0"; do
    set -- $caps
    SWEEP_CUDA_SPLIT_RESIDENT_BYTES=$1 SWEEP_CUDA_SPLIT_RESIDENT_BLOCKS=$2 \
      SWEEP_CUDA_SPLIT_RESIDENT_TILES=$3 \
      "$suite" --backend "$backend" --path fused --primitive split >>"$resident_log" 2>&1 \
      || resident="FAILED"
  done
  if [ "$resident" = FAILED ]; then
    fail=$((fail + 1)); failed="$failed resident-split"; tail -15 "$resident_log"
  fi
fi

# Random API calls (the fuzz harness's decoder, seeded), big enough for several
# tiles, on the backend and on serial, each checked against the harness's oracle.
fuzz="skipped"
if [ -x "$build/bin/sweep-fuzz-random" ]; then
  fuzz_log="$log_dir/fuzz.log"
  fuzz_s="${SWEEP_FUZZ_SECONDS:-120}"
  SWEEP_FUZZ_DEVICE="$backend" SWEEP_FUZZ_MAX_N=32768 SWEEP_FUZZ_ARTIFACT="$log_dir/fuzz-failure.bin" \
    timeout $((fuzz_s + 300)) "$build/bin/sweep-fuzz-random" --runs 100000000 --seconds "$fuzz_s" \
    --seed "${SWEEP_FUZZ_SEED:-$(date +%s)}" "$root/tests/fuzz/corpus" >"$fuzz_log" 2>&1
  rc=$?
  case $rc in
    0) fuzz="$(sed -n 's/^sweep-fuzz-random: .* and \([0-9]*\) random inputs.*/\1/p' "$fuzz_log") random calls agree" ;;
    77) fuzz="skipped (no device)" ;;
    *) fuzz="FAILED"; fail=$((fail + 1)); failed="$failed fuzz"; tail -15 "$fuzz_log" ;;
  esac
  echo "gpu-check: fuzz: $(tail -1 "$fuzz_log")"
fi

# Misaligned arrays (element-aligned, and byte-aligned where the API allows), and
# allocations that fail one after another: right answers, or SWEEP_ERR_OUT_OF_MEMORY
# with the inputs intact.
hard="ok"
for prog in misaligned oom; do
  exe="$build/bin/sweep-hardening-$prog"
  [ -x "$exe" ] || { hard="incomplete (no $prog)"; continue; }
  timeout 900 "$exe" --backend "$backend" >"$log_dir/$prog.log" 2>&1
  rc=$?
  if [ $rc -ne 0 ] && [ $rc -ne 77 ]; then
    hard="FAILED"; fail=$((fail + 1)); failed="$failed $prog"; tail -15 "$log_dir/$prog.log"
  fi
  echo "gpu-check: $prog: $(tail -1 "$log_dir/$prog.log")"
done

# A device fault is SWEEP_ERR_DEVICE and the host program carries on.
fault_log="$log_dir/fault.log"
if timeout 300 "$build/bin/sweep-hardening-fault" --backend "$backend" >"$fault_log" 2>&1; then
  fault="contained"
else
  fault="FAILED"; fail=$((fail + 1)); failed="$failed fault"; tail -20 "$fault_log"
fi

large_line="skipped"
t_large=$(date +%s)
if [ "$large" = 1 ]; then
  large_log="$log_dir/large.log"
  timeout 1500 "$build/bin/sweep-hardening-large" --backend "$backend" >"$large_log" 2>&1
  rc=$?
  cat "$large_log"
  case $rc in
    0) large_line="exact" ;;
    77) large_line="skipped (no device)" ;;
    *) large_line="FAILED"; fail=$((fail + 1)); failed="$failed large" ;;
  esac
  echo "gpu-check: n = 2^32 + 7: $large_line ($(( $(date +%s) - t_large )) s)"
fi

san="skipped"
[ "$backend" = hip ] && san="n/a (compute-sanitizer is NVIDIA-only)"
if [ "$quick" = 0 ]; then
  cs=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
  if [ -x "$cs" ]; then
    san_fail=0 t_san=$(date +%s)
    # family and case filter: a few small multi-tile cases of every family, each run on
    # both paths (--path both) so every kernel of the fused and the generic path is seen
    sanitizer_specs=()
    for tool in memcheck racecheck synccheck initcheck; do
      for spec in "scan .sum.incl.n10007" "segmented_scan i32.sum.incl" "reduce .sum.n4097" \
                  "split .n4097" "radix_sort .v4.bits0-32.asc.n4097" "merge_sort asc.v4.n4097" \
                  "merge na4097" "custom_op random.n4097" "scratch n4097" "deterministic n4097" \
                  "radix_sort .v4.bits0-32.asc.n4097 hybrid" "split e4.v0.p500.count.n65537 resident" \
                  "split .n4097 three-kernel" "segmented_sort u32.asc.v8.mixed.n1000" \
                  "segmented_sort custom_record.v4.empty.n3001" "search f32.asc.sorted.n4097" \
                  "unique i32.tiles" "run_length u16.tiles" "histogram i32.random.bins256" \
                  "errors offsets_edges" "radix_sort f32.v16.bits0-32.asc.n65536.inplace" \
                  "reduce segmented_reduce.edges.u32.sum segreduce" \
                  "reduce segmented_reduce.edges.f64.max segreduce-8" \
                  "errors offsets_edges segreduce" \
                  "segmented_sort routes.u32.radix.desc.v4.one.n4352 short" \
                  "segmented_sort routes.u32.radix.desc.v4.count classify-one" \
                  "segmented_sort routes.u32.radix.desc.v4.shared shared-memory" \
                  "segmented_sort routes.u32.radix.asc.v4.classes.n65536 classes"; do
        set -- $spec
        log="$log_dir/sanitizer.$tool.$1${3:+.$3}.log"
        extra=""
        [ "$tool" = memcheck ] && extra="--leak-check no"
        hyb=""
        [ "${3:-}" = hybrid ] && hyb="SWEEP_${tag}_RADIX_HYBRID_MIN=2"
        [ "${3:-}" = resident ] &&
          hyb="SWEEP_CUDA_SPLIT_RESIDENT_BLOCKS=3 SWEEP_CUDA_SPLIT_RESIDENT_TILES=2"
        [ "${3:-}" = three-kernel ] && hyb="SWEEP_CUDA_SPLIT_RESIDENT_BYTES=0"
        # every size on the dedicated segmented-reduce kernel
        case "${3:-}" in segreduce*) hyb="SWEEP_${tag}_SEGREDUCE_MIN=0" ;; esac
        # the hybrid sort is a fused entry: the generic path never reaches it, and
        # racecheck alone takes over two minutes over its kernels
        paths=both
        [ "${3:-}" = hybrid ] && paths=fused
        name="san.$tool.$1${3:+.$3}"
        sanitizer_specs+=("$name $tool $1")
        run_job "$name" "$log" timeout 300 env $hyb "$cs" --tool "$tool" $extra --error-exitcode 99 \
          --print-limit 20 "$suite" --backend "$backend" --path "$paths" --primitive "$1" --case "$2"
      done
    done
    wait
    for entry in "${sanitizer_specs[@]}"; do
      set -- $entry
      rc=$(job_rc "$1")
      if [ "$rc" -ne 0 ] && [ "$rc" -ne 77 ]; then
        san_fail=$((san_fail + 1)); failed="$failed $2/$3"; echo "--- $2 $3 (rc $rc):"
        tail -20 "$log_dir/sanitizer.${1#san.}.log"
      fi
    done
    echo "gpu-check: sanitizers took $(( $(date +%s) - t_san )) s"
    if [ "$san_fail" = 0 ]; then san="clean"; else san="$san_fail failed"; fail=$((fail + san_fail)); fi
  else
    san="unavailable"
  fi
fi

perf_line=""
if [ "$perf" = 1 ]; then
  if [ -x "$build/bin/sweep-bench" ]; then
    headline="$log_dir/headline.json"
    "$build/bin/sweep-bench" --headline --backends=cuda --peers=cub,cuda_copy \
      --benchmark_out="$headline" --benchmark_out_format=json 2>&1 | tee "$log_dir/perf.log"
    errors=$(grep -c '"error_occurred": true' "$headline" 2>/dev/null || true)
    if [ "$errors" = 0 ]; then
      python3 "$root/benchmarks/report.py" "$headline" -o "$log_dir/headline" --no-plots >/dev/null 2>&1
      perf_line=", headline vs CUB in $log_dir/headline/REPORT.md"
    else
      [ -n "$errors" ] && errors="$errors with errors" || errors="none"
      perf_line=", headline FAILED (results: $errors; see $log_dir/perf.log)"
      fail=$((fail + 1)); failed="$failed headline"
    fi
  else
    perf_line=", headline not run (no sweep-bench: is Google Benchmark installed?)"
  fi
fi

if [ "$fail" = 0 ]; then verdict=PASS; else verdict=FAIL; fi
echo "gpu-check: $verdict $backend ($archs): suite $pass passed/$fail failed/$skip skipped, stall emulation $stall, grid cap 1 $grid_cap, runtime launches $runtime_launch, hybrid radix $hybrid, resident split $resident, segmented reduce kernels $segreduce, segmented sort routes $segsort_routes, fuzz $fuzz, misaligned/oom $hard, fault $fault, n=2^32+7 $large_line, sanitizers $san$perf_line${failed:+; failed:$failed}"
[ "$fail" = 0 ]
