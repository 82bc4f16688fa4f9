#!/usr/bin/env bash
# The README's main command: the benchmark report. Installs what the build needs and
# python3-matplotlib (for the report's heat maps and plots) with apt-get when missing,
# then runs benchmarks/run-report.sh with this script's arguments: it builds sweep-bench
# in build/bench, runs the benchmark map five times a benchmark on every backend and
# peer present, printing "[k/N, m:ss left]" as each finishes, and writes
# build/bench/report/REPORT.md (worst cell and geometric mean per primitive, ratios
# inside their spread not claimed). On a machine with fewer than 8 cores or with
# competing load it runs a small subset of the map (about ten minutes on 2 cores, build
# included), says loudly that its numbers are not performance results, and labels the
# report a smoke run.
# The conformance suite on every backend that loads is build/<preset>/bin/sweep-check.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

sweep_ensure_build_deps default
sweep_ensure python3-matplotlib
exec "$SWEEP_ROOT/benchmarks/run-report.sh" "$@"
