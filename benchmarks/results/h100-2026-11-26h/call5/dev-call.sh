#!/bin/bash
export LD_LIBRARY_PATH=$PWD/build-stage/lib SWEEP_CACHE_DIR=/tmp/sc
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
timeout 300 build-stage/bin/sweep-cuda-perf 28 prefetch > $OUT/prefetch.txt 2>&1
echo rc=$?
grep -v "n=[0-9]\{1,7\} " $OUT/prefetch.txt
timeout 200 build-stage/bin/sweep-cuda-perf 28 scan > $OUT/scan.txt 2>&1
echo rc=$?; cat $OUT/scan.txt
for f in scan segmented_scan; do
  timeout 150 build-stage/bin/sweep-conformance --backend cuda --path both --primitive $f > $OUT/conf-$f.txt 2>&1
  echo "conf $f rc=$?"; tail -2 $OUT/conf-$f.txt
done
