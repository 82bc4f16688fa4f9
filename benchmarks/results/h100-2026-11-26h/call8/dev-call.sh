#!/bin/bash
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
export LD_LIBRARY_PATH=$PWD/build-stage/lib SWEEP_CACHE_DIR=/tmp/sc
timeout 200 build-stage/bin/sweep-cuda-perf 28 split > $OUT/split.txt 2>&1
echo rc=$?; grep -E "^split|^compact|mismatch|pf (0|64) " $OUT/split.txt
for p in fused generic; do
timeout 150 build-stage/bin/sweep-conformance --backend cuda --path $p --primitive split > $OUT/conf-split-$p.txt 2>&1
echo "conf split $p rc=$?"; tail -1 $OUT/conf-split-$p.txt
done
timeout 250 build-stage/bin/sweep-hardening-misaligned --backend cuda 2>&1 | tail -1
compute-sanitizer --tool memcheck build-stage/bin/sweep-conformance --backend cuda --path fused --primitive split --case u32 2>&1 | tail -3
