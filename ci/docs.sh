#!/usr/bin/env bash
# The API reference: installs Doxygen when missing, configures build/docs with
# SWEEP_BUILD_DOCS=ON (CPU backends only: the reference reads the public headers) and
# builds the target `docs`, which fails on any Doxygen warning, so an undocumented
# public declaration fails CI. Output: build/docs/docs/api/html/index.html.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

sweep_ensure_build_deps cpu
sweep_ensure doxygen:doxygen
cd "$SWEEP_ROOT"
log=build/docs/ci-docs.log
sweep_quiet "$log" cmake -S . -B build/docs -G Ninja -DSWEEP_BUILD_DOCS=ON \
    -DSWEEP_ENABLE_CUDA=OFF -DSWEEP_ENABLE_HIP=OFF -DSWEEP_BUILD_TESTS=OFF \
    -DSWEEP_BUILD_BENCHMARKS=OFF
sweep_quiet "$log" cmake --build build/docs --target docs
sweep_say "ci/docs.sh: API reference in build/docs/docs/api/html/index.html, no warnings"
