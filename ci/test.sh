#!/usr/bin/env bash
# The README's test command: configures and builds a CMake preset (default: "default",
# every backend whose toolchain is present), runs CTest with the preset of the same
# name and prints CTest's summary, its last line being CTest's "N% tests passed" line.
# Usage: ci/test.sh [default|cpu|asan|tsan] [extra ctest arguments...]
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

preset=${1:-default}
[ $# -gt 0 ] && shift
case $preset in
default | cpu | asan | tsan) ;;
*) sweep_die "unknown preset '$preset' (default, cpu, asan, tsan)" ;;
esac

sweep_ensure_build_deps "$preset"
sweep_build "$preset"

log=$SWEEP_BUILD_DIR/ci-ctest.log
t0=$SECONDS
rc=0
ctest --preset "$preset" --parallel "$SWEEP_JOBS" "$@" >"$log" 2>&1 || rc=$?
t_test=$((SECONDS - t0))

# CTest prints the "N% tests passed" line first and the label times, the tests that
# did not run and the failed tests after it; print it last so it ends the output.
summary=$(grep -E '^[0-9]+% tests passed' "$log" | tail -n 1 || true)
if [ -z "$summary" ]; then
    cat "$log"
    sweep_die "ctest --preset $preset gave no summary (exit $rc); log: $log"
fi
if [ "$rc" -ne 0 ]; then
    grep -v -x -F -e "$summary" -e 'Errors while running CTest' "$log" || true
else
    sed -n "/^[0-9]*% tests passed/,\$p" "$log" | sed 1d
fi
sweep_say "ci/test.sh $preset: configure ${SWEEP_T_CONFIGURE}s, build ${SWEEP_T_BUILD}s," \
    "tests ${t_test}s (logs in ${SWEEP_BUILD_DIR#"$SWEEP_ROOT"/}/ci-*.log)"
sweep_say "$summary"
exit "$rc"
