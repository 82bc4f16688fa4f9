#!/usr/bin/env bash
# The README's main command: the benchmark report (benchmarks/run-report.sh), which
# builds its own benchmark configuration and takes this script's arguments. The
# conformance suite on every backend that loads is build/default/bin/sweep-check.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

sweep_ensure_build_deps default
exec "$SWEEP_ROOT/benchmarks/run-report.sh" "$@"
