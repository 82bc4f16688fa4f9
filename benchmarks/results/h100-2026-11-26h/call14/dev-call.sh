#!/bin/bash
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem --format=csv,noheader
cat build-stage/commit.txt
export LD_LIBRARY_PATH=$PWD/build-stage/lib SWEEP_CACHE_DIR=/tmp/sc
for r in 1 2; do timeout 100 build-stage/bin/sweep-cuda-perf 28 scan 2>&1 | grep -E "exclusive sum u(32|64) |mismatch"; done
timeout 200 build-stage/bin/sweep-cuda-perf 28 prefetch 2>&1 | grep -E "n=268435456|mismatch"
