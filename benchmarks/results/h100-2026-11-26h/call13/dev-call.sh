#!/bin/bash
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
cat build-stage/commit.txt
export LD_LIBRARY_PATH=$PWD/build-stage/lib SWEEP_CACHE_DIR=/tmp/sc
timeout 200 build-stage/bin/sweep-cuda-perf 28 split 2>&1 | grep -E "^split|^compact|mismatch"
timeout 200 build-stage/bin/sweep-cuda-perf 28 scan 2>&1 | grep -v "^  "
for f in scan segmented_scan reduce split; do for p in fused generic; do
  timeout 150 build-stage/bin/sweep-conformance --backend cuda --path $p --primitive $f 2>&1 | tail -1
done; done
SWEEP_CUDA_EMULATE_STALL=5 SWEEP_CUDA_SPIN_LIMIT=20 timeout 150 build-stage/bin/sweep-conformance --backend cuda --path fused --primitive scan 2>&1 | tail -1
timeout 250 build-stage/bin/sweep-hardening-misaligned --backend cuda 2>&1 | tail -1
compute-sanitizer --tool memcheck build-stage/bin/sweep-conformance --backend cuda --path fused --primitive split 2>&1 | tail -2
