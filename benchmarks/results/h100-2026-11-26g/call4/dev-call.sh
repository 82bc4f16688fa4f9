#!/bin/bash
export SWEEP_CACHE_DIR=/tmp/sc
L=$PWD/build-stage/lib
mkdir -p /tmp/v && tar xJf build-stage/variants.tar.xz -C /tmp/v
t0=$(date +%s)
echo "tree $(cat build-stage/commit.txt)"
LD_LIBRARY_PATH=$L timeout 300 build-stage/bin/sweep-cuda-perf 28 > $OUT/perf_table.log 2>&1; echo "table rc=$? $(( $(date +%s)-t0 ))s"; cat $OUT/perf_table.log
for r in 1 2; do for v in base h2; do
  LD_LIBRARY_PATH=/tmp/v/$v SWEEP_CACHE_DIR=/tmp/sc-$v timeout 100 build-stage/bin/sweep-cuda-perf 28 radix > $OUT/perf_${v}_$r.log 2>&1
  echo "== $v $r"; grep -v "^device" $OUT/perf_${v}_$r.log | head -4
done; done
LD_LIBRARY_PATH=$L timeout 200 build-stage/bin/sweep-hardening-large --backend cuda > $OUT/large.log 2>&1; echo "large rc=$? $(( $(date +%s)-t0 ))s"; tail -3 $OUT/large.log
echo "total $(( $(date +%s)-t0 ))s"
