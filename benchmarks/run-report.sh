#!/usr/bin/env bash
# run-report.sh -- the benchmark report of ci/main.sh: benchmarks/run.sh --report, every
# part this machine has at the map's sizes, built in build/bench and written to
# build/bench/results/MACHINE (REPORT.md, plots, JSON, commands, machine, commit).
#
#   benchmarks/run-report.sh [MACHINE] [run.sh options]
#
# MACHINE (default: the short host name) names the folder and the report; options go to
# run.sh (see its header). Before that, Debian's python3-matplotlib is installed when
# it is missing and this runs as root with apt-get, so that the report has its plots.
# The last line printed is REPORT.md's path.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
args=()
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then
    args=(--machine "$1")
    shift
fi

say() { printf '[run-report %s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

python=/usr/bin/python3
[ -x "$python" ] || python=python3
if ! "$python" -c 'import matplotlib' >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        say "installing python3-matplotlib"
        (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-matplotlib) \
            >/dev/null 2>&1 || say "could not install python3-matplotlib: the report will have no plots"
    else
        say "matplotlib is missing and cannot be installed here: the report will have no plots"
    fi
fi

exec "$root/benchmarks/run.sh" --report "${args[@]}" "$@"
