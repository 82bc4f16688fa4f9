#!/usr/bin/env bash
# Fails when a C, C++ or CUDA source differs from what clang-format makes of it with
# the repository's .clang-format. Fix with: clang-format -i <file>...
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

sweep_ensure clang-format:clang-format
cd "$SWEEP_ROOT"
patterns=('*.c' '*.h' '*.cpp' '*.hpp' '*.cu' '*.cuh')
if git rev-parse --git-dir >/dev/null 2>&1; then
    # Tracked and new (not ignored) files: the same set in CI's fresh clone and here.
    mapfile -t files < <(git ls-files --cached --others --exclude-standard -- "${patterns[@]}" | sort -u)
else
    mapfile -t files < <(find . -path ./build -prune -o -path './build-*' -prune -o -type f \
        \( -name '*.c' -o -name '*.h' -o -name '*.cpp' -o -name '*.hpp' -o -name '*.cu' \
        -o -name '*.cuh' \) -print | sort)
fi
[ ${#files[@]} -gt 0 ] || sweep_die "no sources found"
bad=()
for f in "${files[@]}"; do
    clang-format --dry-run --Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if [ ${#bad[@]} -gt 0 ]; then
    for f in "${bad[@]}"; do
        clang-format "$f" | diff -u "$f" - | head -n 40 || true
    done
    sweep_die "${#bad[@]} file(s) differ from .clang-format; fix with: clang-format -i ${bad[*]}"
fi
sweep_say "format: ${#files[@]} files match .clang-format ($(clang-format --version | head -n 1))"
