#!/usr/bin/env bash
# The README's main command. Once the benchmarks' report generator exists
# (benchmarks/run-report.sh), the main job is that report: it builds its own
# benchmark configuration and takes its own arguments. Otherwise: build the preset
# "default" (every backend whose toolchain is present) and run sweep-check, the
# conformance suite on every backend that loads, with a table per backend and path.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

sweep_ensure_build_deps default

if [ -x "$SWEEP_ROOT/benchmarks/run-report.sh" ]; then
    exec "$SWEEP_ROOT/benchmarks/run-report.sh" "$@"
fi
sweep_build default
exec "$SWEEP_BUILD_DIR/bin/sweep-check" "$@"
