#!/bin/bash
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
cat build-stage/commit.txt
export SWEEP_CACHE_DIR=/tmp/sc
SWEEP_FUZZ_SECONDS=45 timeout 580 ci/gpu-check.sh --no-build --no-large --build build-stage > $OUT/gpu-check.txt 2>&1
echo rc=$?
tail -25 $OUT/gpu-check.txt
