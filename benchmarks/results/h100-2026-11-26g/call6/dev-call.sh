#!/bin/bash
export SWEEP_CACHE_DIR=/tmp/sc
t0=$(date +%s)
echo "tree $(cat build-stage/commit.txt)"
SWEEP_FUZZ_SECONDS=45 SWEEP_GPU_CHECK_LOGS=$OUT/gpu-check-logs timeout 560 ci/gpu-check.sh --no-build --no-large --build build-stage 2>&1 | tail -25
echo "total $(( $(date +%s)-t0 ))s"
cd $OUT && tar cJf gpu-check-logs.tar.xz gpu-check-logs && rm -rf gpu-check-logs
