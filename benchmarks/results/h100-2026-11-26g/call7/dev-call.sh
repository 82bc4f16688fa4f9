#!/bin/bash
export SWEEP_CACHE_DIR=/tmp/sc
L=$PWD/build-stage/lib
t0=$(date +%s)
echo "tree $(cat build-stage/commit.txt)"
LD_LIBRARY_PATH=$L timeout 300 build-stage/bin/sweep-cuda-perf 28 > $OUT/perf_table.log 2>&1; echo "table rc=$? $(( $(date +%s)-t0 ))s"; grep -v "^  " $OUT/perf_table.log
for s in 26 29; do LD_LIBRARY_PATH=$L timeout 120 build-stage/bin/sweep-cuda-perf $s radix > $OUT/perf_radix_$s.log 2>&1; echo "== 2^$s default"; cat $OUT/perf_radix_$s.log; done
LD_LIBRARY_PATH=$L timeout 250 build-stage/bin/sweep-hardening-large --backend cuda > $OUT/large.log 2>&1; echo "large rc=$? $(( $(date +%s)-t0 ))s"; tail -1 $OUT/large.log
echo "total $(( $(date +%s)-t0 ))s"
