#!/usr/bin/env bash
# Builds the libFuzzer harness (clang, ASan + UBSan, coverage on the whole library) in
# build/fuzz and runs it for a bounded time over a working corpus seeded from
# tests/fuzz/corpus. A crash leaves its input in build/fuzz/artifacts/ and fails.
#   tests/fuzz/run.sh SECONDS [more libFuzzer options, e.g. -runs=1000000]
# Reproduce a finding: build/fuzz/bin/sweep-fuzz build/fuzz/artifacts/crash-...
set -euo pipefail
if [[ $# -lt 1 || ! $1 =~ ^[0-9]+$ ]]; then
    echo "usage: $0 SECONDS [libFuzzer options]" >&2
    exit 2
fi
seconds=$1
shift
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=$root/build/fuzz
san="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
# coverage feedback from the library and the plugins, not only from the harness
flags="$san -fsanitize=fuzzer-no-link"
cmake -S "$root" -B "$build" -G Ninja \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSWEEP_WERROR=ON -DSWEEP_BUILD_FUZZ=ON \
    -DSWEEP_ENABLE_CUDA=OFF -DSWEEP_ENABLE_HIP=OFF \
    -DSWEEP_BUILD_BENCHMARKS=OFF -DSWEEP_BUILD_EXAMPLES=OFF \
    "-DCMAKE_C_FLAGS=$flags" "-DCMAKE_CXX_FLAGS=$flags" \
    "-DCMAKE_EXE_LINKER_FLAGS=$san" "-DCMAKE_SHARED_LINKER_FLAGS=$san" \
    "-DCMAKE_MODULE_LINKER_FLAGS=$san" >/dev/null
cmake --build "$build" --target sweep-fuzz
mkdir -p "$build/corpus" "$build/artifacts"
# the user's SWEEP_* settings must not change which paths are fuzzed
env -u SWEEP_GENERIC -u SWEEP_BACKEND -u SWEEP_PLUGIN_PATH \
    ASAN_OPTIONS="detect_leaks=1:${ASAN_OPTIONS:-}" \
    UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}" \
    "$build/bin/sweep-fuzz" -max_total_time="$seconds" -max_len=512 -timeout=60 \
    -print_final_stats=1 -artifact_prefix="$build/artifacts/" "$@" \
    "$build/corpus" "$root/tests/fuzz/corpus"
