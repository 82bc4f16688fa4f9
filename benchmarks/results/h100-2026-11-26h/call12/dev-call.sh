#!/bin/bash
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
cat build-stage/commit.txt
export LD_LIBRARY_PATH=$PWD/build-stage/lib SWEEP_CACHE_DIR=/tmp/sc
timeout 300 build-stage/bin/sweep-cuda-perf 28 > $OUT/perf_table.log 2>&1
echo rc=$?
grep -v "^  " $OUT/perf_table.log
timeout 280 build-stage/bin/sweep-hardening-large --backend cuda > $OUT/large.log 2>&1
echo rc=$?; tail -3 $OUT/large.log
