#!/bin/bash
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
mkdir -p /tmp/vt && tar xJf build-stage/variants.tar.xz -C /tmp/vt
B=$PWD/build-stage/lib
export SWEEP_CACHE_DIR=/tmp/sc
for r in 1 2; do
  for v in A B; do
    lib=/tmp/vt/A; [ $v = B ] && lib=$B
    echo "== $v round $r"
    LD_LIBRARY_PATH=$lib timeout 200 build-stage/bin/sweep-cuda-perf 28 scan 2>&1 | grep -E "exclusive sum u(32|64) |segmented|split|mismatch"
  done
done
export LD_LIBRARY_PATH=$B
timeout 200 build-stage/bin/sweep-cuda-perf 28 split > $OUT/split.txt 2>&1
echo rc=$?; cat $OUT/split.txt
for f in scan segmented_scan reduce split; do
  timeout 150 build-stage/bin/sweep-conformance --backend cuda --path both --primitive $f > $OUT/conf-$f.txt 2>&1
  echo "conf $f rc=$?"; tail -2 $OUT/conf-$f.txt
done
