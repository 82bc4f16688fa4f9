#!/bin/bash
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
mkdir -p /tmp/vt && tar xJf build-stage/variants.tar.xz -C /tmp/vt
R=$PWD/build-stage/lib
export SWEEP_CACHE_DIR=/tmp/sc
for r in 1 2; do
  for v in S R; do
    lib=/tmp/vt/S; [ $v = R ] && lib=$R
    echo "== $v round $r"
    LD_LIBRARY_PATH=$lib timeout 200 build-stage/bin/sweep-cuda-perf 28 radix 2>&1 | grep -E "radix|mismatch"
  done
done
export LD_LIBRARY_PATH=$R
for p in fused generic; do
timeout 200 build-stage/bin/sweep-conformance --backend cuda --path $p --primitive radix_sort > $OUT/conf-radix-$p.txt 2>&1
echo "conf radix $p rc=$?"; tail -1 $OUT/conf-radix-$p.txt
done
SWEEP_CUDA_RADIX_HYBRID_MIN=2 SWEEP_CUDA_EMULATE_STALL=5 SWEEP_CUDA_SPIN_LIMIT=20 timeout 200 build-stage/bin/sweep-conformance --backend cuda --path fused --primitive radix_sort 2>&1 | tail -1
