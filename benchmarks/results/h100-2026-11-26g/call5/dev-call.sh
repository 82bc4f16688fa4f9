#!/bin/bash
export SWEEP_CACHE_DIR=/tmp/sc
L=$PWD/build-stage/lib
t0=$(date +%s)
echo "tree $(cat build-stage/commit.txt)"
SWEEP_CUDA_RADIX_HYBRID_MIN=2 LD_LIBRARY_PATH=$L timeout 150 build-stage/bin/sweep-conformance --backend cuda --path fused --primitive radix_sort > $OUT/hyb.log 2>&1; echo "hyb rc=$? $(( $(date +%s)-t0 ))s"; tail -1 $OUT/hyb.log
SWEEP_CUDA_RADIX_HYBRID_MIN=2 SWEEP_CUDA_EMULATE_STALL=5 SWEEP_CUDA_SPIN_LIMIT=20 LD_LIBRARY_PATH=$L timeout 150 build-stage/bin/sweep-conformance --backend cuda --path fused --primitive radix_sort > $OUT/hyb-stall.log 2>&1; echo "hyb-stall rc=$? $(( $(date +%s)-t0 ))s"; tail -1 $OUT/hyb-stall.log
LD_LIBRARY_PATH=$L timeout 150 build-stage/bin/sweep-conformance --backend cuda --primitive radix_sort > $OUT/radix-default.log 2>&1; echo "default rc=$? $(( $(date +%s)-t0 ))s"; tail -2 $OUT/radix-default.log
grep -h FAIL $OUT/*.log | head -20
for s in 26 27 28 29; do for v in 1 1000000000; do
  SWEEP_CUDA_RADIX_HYBRID_MIN=$v LD_LIBRARY_PATH=$L timeout 120 build-stage/bin/sweep-cuda-perf $s radix > $OUT/perf_${s}_min$v.log 2>&1
  echo "== 2^$s MIN=$v"; grep -v "^device" $OUT/perf_${s}_min$v.log | head -4
done; done
LD_LIBRARY_PATH=$L timeout 100 build-stage/bin/sweep-cuda-perf 28 radix > $OUT/perf_28_default.log 2>&1; echo "== 2^28 default"; cat $OUT/perf_28_default.log
echo "total $(( $(date +%s)-t0 ))s"
