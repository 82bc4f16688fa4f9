#!/bin/bash
export SWEEP_CACHE_DIR=/tmp/sc
L=$PWD/build-stage/lib
mkdir -p /tmp/v && tar xJf build-stage/variants.tar.xz -C /tmp/v
t0=$(date +%s)
SWEEP_CUDA_RADIX_HYBRID_MIN=2 LD_LIBRARY_PATH=$L timeout 150 build-stage/bin/sweep-conformance --backend cuda --path fused --primitive radix_sort > $OUT/hyb.log 2>&1; echo "hyb rc=$? $(( $(date +%s)-t0 ))s"; tail -1 $OUT/hyb.log
SWEEP_CUDA_RADIX_HYBRID_MIN=2 SWEEP_CUDA_EMULATE_STALL=5 SWEEP_CUDA_SPIN_LIMIT=20 LD_LIBRARY_PATH=$L timeout 150 build-stage/bin/sweep-conformance --backend cuda --path fused --primitive radix_sort > $OUT/hyb-stall.log 2>&1; echo "hyb-stall rc=$? $(( $(date +%s)-t0 ))s"; tail -1 $OUT/hyb-stall.log
grep -h FAIL $OUT/hyb*.log | head -20
for r in 1 2; do for v in sync one whole; do
  LD_LIBRARY_PATH=/tmp/v/$v SWEEP_CACHE_DIR=/tmp/sc-$v timeout 100 build-stage/bin/sweep-cuda-perf 28 radix > $OUT/perf_${v}_$r.log 2>&1
  echo "== $v $r"; grep -v "^device" $OUT/perf_${v}_$r.log | head -4
done; done
LD_LIBRARY_PATH=/tmp/v/whole SWEEP_CACHE_DIR=/tmp/sc-whole timeout 200 ncu --clock-control none --metrics gpu__time_duration.sum -k regex:"radix|bucket" --launch-count 9 --print-summary per-kernel build-stage/bin/sweep-cuda-perf 28 radix > $OUT/ncu_whole.log 2>&1
grep -E "radix|bucket|gpu__time_duration" $OUT/ncu_whole.log | head -40
echo "total $(( $(date +%s)-t0 ))s"
