#!/usr/bin/env bash
# The README's main command: the benchmark report. Installs what the build needs and
# python3-matplotlib (for the report's plots) with apt-get when missing, then runs
# benchmarks/run-report.sh with this script's arguments: it builds sweep-bench in
# build/bench, runs every benchmark three times on every backend and peer present,
# printing "[k/N]" as each finishes, and writes build/bench/report/REPORT.md. On a
# machine with fewer than 8 cores or with competing load the report is labelled a smoke
# run: its figures are not measurements.
# The conformance suite on every backend that loads is build/<preset>/bin/sweep-check.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

sweep_ensure_build_deps default
sweep_ensure python3-matplotlib
exec "$SWEEP_ROOT/benchmarks/run-report.sh" "$@"
