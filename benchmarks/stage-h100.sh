#!/usr/bin/env bash
# stage-h100.sh -- run on the workstation before the H100 run: builds sweep-bench with
# the CUDA backend for sm_90 in build-h100/ and copies Google Benchmark (headers, CMake
# package, shared library) into build-h100/deps/usr/..., because the GPU machine has no
# libbenchmark and cannot install one. build-h100/ is git-ignored; copy it there with
# the working tree, where run-h100.sh uses the staged binary, or rebuilds from the
# copied deps when the binary does not load. Object files are removed afterwards so
# that the copy stays under 64 MiB.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$root/build-h100
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DSWEEP_ENABLE_CUDA=ON -DCMAKE_CUDA_COMPILER="$nvcc" -DCMAKE_CUDA_ARCHITECTURES=90 \
    -DSWEEP_BUILD_TESTS=OFF -DSWEEP_BUILD_EXAMPLES=OFF
cmake --build "$build" --target sweep-bench

# Google Benchmark as Debian installed it, layout kept so its CMake package resolves
# its own prefix (build-h100/deps/usr).
deps=$build/deps
rm -rf "$deps"
mkdir -p "$deps"
for f in /usr/include/benchmark /usr/lib/x86_64-linux-gnu/cmake/benchmark \
    /usr/lib/x86_64-linux-gnu/libbenchmark.so /usr/lib/x86_64-linux-gnu/libbenchmark.so.1debian \
    /usr/lib/x86_64-linux-gnu/libbenchmark.so.1.7.1 /usr/lib/x86_64-linux-gnu/libbenchmark_main.a; do
    cp -a --parents "$f" "$deps"
done

# The OpenMP runtime, used there only if the image has none (run-h100.sh checks).
mkdir -p "$deps/fallback"
cp -aL /usr/lib/x86_64-linux-gnu/libgomp.so.1 "$deps/fallback/"

git -C "$root" rev-parse HEAD >"$build/commit.txt" 2>/dev/null || echo unknown >"$build/commit.txt"
if [ -n "$(git -C "$root" status --porcelain 2>/dev/null)" ]; then
    echo "stage-h100: note: the working tree has uncommitted changes; the report's commit is HEAD plus them" >&2
fi
find "$build" -name '*.o' -delete
size=$(du -sm "$build" | cut -f1)
echo "stage-h100: $build is ${size} MiB (keep it and the working tree under 64 MiB)"
