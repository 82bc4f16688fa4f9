#!/bin/bash
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
mkdir -p /tmp/vt && tar xJf build-stage/variants.tar.xz -C /tmp/vt
M=$PWD/build-stage/lib
for r in 1 2; do
  for v in S M; do
    lib=/tmp/vt/S; [ $v = M ] && lib=$M
    echo "== $v round $r"
    SWEEP_CACHE_DIR=/tmp/sc-$v LD_LIBRARY_PATH=$lib timeout 200 build-stage/bin/sweep-cuda-perf 28 merge 2>&1 | grep -E "merge|mismatch"
  done
done
export LD_LIBRARY_PATH=$M SWEEP_CACHE_DIR=/tmp/sc-M
for f in merge_sort merge; do for p in fused generic; do
timeout 200 build-stage/bin/sweep-conformance --backend cuda --path $p --primitive $f > $OUT/conf-$f-$p.txt 2>&1
echo "conf $f $p rc=$?"; tail -1 $OUT/conf-$f-$p.txt
done; done
