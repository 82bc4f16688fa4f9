# shellcheck shell=bash
# shellcheck disable=SC2034 # SWEEP_T_* and SWEEP_BUILD_DIR are read by the callers
# Shared by the ci/ scripts (sourced, not run): the repository root, quiet steps that
# show their log only on failure, and the Debian packages the build needs.

SWEEP_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SWEEP_JOBS=$(nproc 2>/dev/null || echo 2)

sweep_say() { printf '%s\n' "$*"; }
sweep_die() {
    printf '%s: %s\n' "$(basename "$0")" "$*" >&2
    exit 1
}

# sweep_quiet LOG CMD...: runs CMD with its output in LOG; on failure shows LOG's end.
sweep_quiet() {
    local log=$1
    shift
    mkdir -p "$(dirname "$log")"
    if ! "$@" >"$log" 2>&1; then
        printf '%s: failed: %s\n--- last lines of %s ---\n' "$(basename "$0")" "$*" "$log" >&2
        tail -n 200 "$log" >&2
        return 1
    fi
}

# sweep_ensure PKG[:COMMAND]...: installs the Debian packages that are missing. A
# package given with a command counts as present when that command is on PATH (a
# tool may come from elsewhere than apt). apt-get update runs once, and only when
# something is missing, so a second run is silent and offline.
sweep_ensure() {
    local missing=() spec pkg cmd
    for spec in "$@"; do
        pkg=${spec%%:*}
        cmd=${spec#*:}
        if [ "$cmd" != "$spec" ] && command -v "$cmd" >/dev/null 2>&1; then continue; fi
        if dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'ok installed'; then continue; fi
        missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    command -v apt-get >/dev/null 2>&1 ||
        sweep_die "missing packages (${missing[*]}) and no apt-get to install them"
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null 2>&1 || sweep_die "missing packages (${missing[*]}): run as root"
        sudo=(sudo)
    fi
    sweep_say "installing ${missing[*]}"
    local log=${TMPDIR:-/tmp}/sweep-apt.log
    sweep_quiet "$log" "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
    sweep_quiet "$log" "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# What every build needs, C and C++ compilers included (a fresh Debian has none); the
# TSan preset also needs clang (and libomp, for Archer).
sweep_ensure_build_deps() {
    local preset=${1:-default}
    local deps=(gcc:cc g++:c++ cmake:cmake ninja-build:ninja libomp-dev libbenchmark-dev
        pkg-config:pkg-config)
    # MPI for the distributed primitives' communicator plugin and their mpirun tests.
    deps+=(libopenmpi-dev openmpi-bin)
    [ "$preset" = tsan ] && deps+=(clang:clang)
    sweep_ensure "${deps[@]}"
}

# sweep_build PRESET: configures and builds build/PRESET quietly (logs kept there).
# Sets SWEEP_BUILD_DIR, SWEEP_T_CONFIGURE and SWEEP_T_BUILD (seconds).
sweep_build() {
    local preset=$1 t0
    SWEEP_BUILD_DIR=$SWEEP_ROOT/build/$preset
    cd "$SWEEP_ROOT" || return
    t0=$SECONDS
    sweep_quiet "$SWEEP_BUILD_DIR/ci-configure.log" cmake --preset "$preset"
    SWEEP_T_CONFIGURE=$((SECONDS - t0))
    t0=$SECONDS
    sweep_quiet "$SWEEP_BUILD_DIR/ci-build.log" cmake --build --preset "$preset" --parallel "$SWEEP_JOBS"
    SWEEP_T_BUILD=$((SECONDS - t0))
}
