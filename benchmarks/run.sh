#!/usr/bin/env bash
# run.sh -- measures the benchmark map on this machine: builds sweep-bench (or uses an
# existing build), runs its GPU part and its CPU part with the map's sizes, and writes
# the JSON, the exact command, a description of the machine and the commit of each part
# into an output folder; with --report, REPORT.md and its plots too.
#
#   benchmarks/run.sh [options] [-D<cmake option>...] [-- sweep-bench options]
#
#   --part gpu|cpu|all  gpu: sweep's GPU backends with CUB/Thrust or rocPRIM and the
#                       device copies; cpu: serial and OpenMP with std, libstdc++
#                       parallel mode and the host copies; all (default): the GPU part
#                       where a GPU backend loads, then the CPU part
#   --build DIR         build folder (default: build/bench in the repository); configured
#                       here when it has no CMakeCache.txt, then sweep-bench is built in it
#   --no-build          run DIR's sweep-bench as it is (a build made elsewhere)
#   --build-only        configure, build (and with --bundle bundle) DIR, run nothing: a
#                       folder to copy to the machine that measures (e.g. with
#                       -DSWEEP_ENABLE_CUDA=ON on a machine without a GPU)
#   --bundle            after the build, copy the shared libraries sweep-bench loads from
#                       outside DIR (Google Benchmark, the OpenMP runtime) into DIR/lib,
#                       so that DIR also runs where they are not installed
#   --out DIR           output folder (default: BUILD/results/MACHINE)
#   --machine NAME      names the default output folder and the report (default: the
#                       short host name)
#   --headline          only the README's headline cells (sweep-bench --headline)
#   --map               the map (sweep-bench --map): every primitive on its dtypes and
#                       variants, GPU 2^10..2^28 step 2, CPU 2^16..2^27; the GPU part
#                       against CUB with the device's copy and read references, the CPU
#                       part the OpenMP backend against libstdc++ parallel mode (std on
#                       one core for split and compaction, up to 2^23)
#   --piece NAME        one piece of the map (--list-pieces names them; each runs in
#                       under 9 minutes on an H100 and its 16 host cores): writes
#                       PART-NAME.json etc., so that pieces run one after another fill
#                       one folder
#   --list-pieces       print the pieces and the sweep-bench options of each, and exit
#   --repetitions R     repetitions of every benchmark (default 5); the report's spread
#                       is the range over them
#   --report-only       run nothing: merge every PART*.json of the output folder (also
#                       gzipped, PART*.json.gz, as published folders keep them) into
#                       one temporary map (merge_json.py) and write the report from it,
#                       with a "Distributed" section from its dist*.json (run-dist.sh)
#   --time-limit S      stop each part's sweep-bench after S seconds; its JSON keeps the
#                       results completed by then, which report.py reads
#   --report            write REPORT.md, cells.csv, the heat maps and the plots
#                       (matplotlib) with report.py from the JSON of this run
#   -D...               CMake options for a new configuration (e.g. -DSWEEP_ENABLE_CUDA=ON;
#                       by default CUDA is on where nvcc is found and nvidia-smi sees a
#                       GPU, HIP where the project finds its toolchain and /dev/kfd exists)
# Options after -- go to sweep-bench after the part's defaults and so replace them
# (e.g. -- --primitives=scan,radix_sort or -- --cpu-sizes=11:25:2).
#
# The map's sizes (log2 n; "one-core": sweep-serial, std and memcpy):
#   GPU part: 10..28 step 2, minimum time 0.05 s a benchmark;
#   CPU part, 8 or more cores: 11..27 step 2, one-core up to 23, 0.05 s;
#   CPU part, fewer cores: 10..24 step 2, one-core up to 20, 0.02 s (the report says
#   that such a machine gives a smoke run, not a measurement).
# Each part writes PART.json (PART-PIECE.json with --piece), PART.log (what sweep-bench
# printed), command-PART.txt and machine-PART.txt; commit.txt holds the commit measured.
# Every line sweep-bench prints says [k/N, m:ss left]. The last line printed is the
# output folder, or REPORT.md's path with --report.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
part=all build=$root/build/bench do_build=1 bundle=0 out="" machine="" headline=0
time_limit="" report=0 map=0 piece="" repetitions=5 report_only=0
cmake_args=() bench_extra=()
usage() {
    sed -n '2,/^set -uo/p' "${BASH_SOURCE[0]}" | sed -e '$d' -e 's/^# \{0,1\}//' >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case $1 in
    --part) part=${2:-}; shift ;;
    --build) build=${2:-}; shift ;;
    --no-build) do_build=0 ;;
    --build-only) build_only=1 ;;
    --bundle) bundle=1 ;;
    --out) out=${2:-}; shift ;;
    --machine) machine=${2:-}; shift ;;
    --headline) headline=1 ;;
    --map) map=1 ;;
    --piece) piece=${2:-}; map=1; shift ;;
    --list-pieces) list_pieces=1 ;;
    --repetitions) repetitions=${2:-}; shift ;;
    --report-only) report_only=1 report=1 do_build=0 ;;
    --time-limit) time_limit=${2:-}; shift ;;
    --report) report=1 ;;
    -D*) cmake_args+=("$1") ;;
    --) shift; bench_extra=("$@"); break ;;
    -h | --help) usage ;;
    *) echo "run.sh: unknown option '$1'" >&2; usage ;;
    esac
    shift
done
case $part in gpu | cpu | all) ;; *) echo "run.sh: --part gpu, cpu or all" >&2; exit 2 ;; esac

# The map's pieces: NAME and the sweep-bench options that select it (with --map).
pieces=(
    "scans --primitives=scan,segmented_scan,segmented_scan_offsets,scan_by_key,reduce,segmented_reduce,read,copy"
    "partition --primitives=split,compact"
    "radix-32 --primitives=radix_sort --dtypes=u32,f32"
    "radix-64 --primitives=radix_sort --dtypes=u64"
    "radix-pairs-32 --primitives=radix_sort_pairs --dtypes=u32"
    "radix-pairs-64 --primitives=radix_sort_pairs --dtypes=u64"
    "msort-u32 --primitives=merge_sort --dtypes=u32"
    "msort-f32 --primitives=merge_sort --dtypes=f32"
    "msort-u64 --primitives=merge_sort --dtypes=u64"
    "msort-pairs --primitives=merge_sort_pairs"
    "msort-custom-a --primitives=merge_sort_custom --variants=uniform,sorted,reverse,few"
    "msort-custom-b --primitives=merge_sort_custom --variants=zipf,top16,topbyte,lowdup"
    "msort-pairs-custom-a --primitives=merge_sort_pairs_custom --variants=uniform,sorted,reverse,few"
    "msort-pairs-custom-b --primitives=merge_sort_pairs_custom --variants=zipf,top16,topbyte,lowdup"
    "merge-32 --primitives=merge --dtypes=u32,f32"
    "merge-64 --primitives=merge --dtypes=u64"
    "segsort-radix-32 --primitives=segmented_radix_sort --dtypes=u32"
    "segsort-radix-64 --primitives=segmented_radix_sort --dtypes=u64"
    "segsort-radix-pairs --primitives=segmented_radix_sort_pairs"
    "segsort-merge --primitives=segmented_merge_sort"
    "segsort-merge-pairs --primitives=segmented_merge_sort_pairs"
    "search --primitives=lower_bound,upper_bound"
    "unique --primitives=unique"
    "unique-by-key --primitives=unique_by_key"
    "runs --primitives=run_length_encode,nontrivial_runs"
    "histogram-even --primitives=histogram_even"
    "histogram-range --primitives=histogram_range"
)
if [ "${list_pieces:-0}" = 1 ]; then
    printf '%s\n' "${pieces[@]}"
    exit 0
fi
piece_args=()
if [ -n "$piece" ]; then
    for entry in "${pieces[@]}"; do
        if [ "${entry%% *}" = "$piece" ]; then
            read -r -a piece_args <<<"${entry#* }"
        fi
    done
    if [ ${#piece_args[@]} = 0 ]; then
        echo "run.sh: unknown piece '$piece' (--list-pieces lists them)" >&2
        exit 2
    fi
fi
[ -n "$machine" ] || machine=$(hostname -s 2>/dev/null || echo local)
build=$(mkdir -p "$build" && cd "$build" && pwd)
[ -n "$out" ] || out=$build/results/$machine
mkdir -p "$out" && out=$(cd "$out" && pwd)

say() { printf '[run %s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

python=/usr/bin/python3
[ -x "$python" ] || python=python3
if [ "$report_only" = 1 ]; then
    shopt -s nullglob
    files=() dist=()
    for f in "$out"/gpu*.json "$out"/cpu*.json "$out"/gpu*.json.gz "$out"/cpu*.json.gz; do
        files+=("$f")
    done
    for f in "$out"/dist*.json; do dist+=(--dist "$f"); done
    if [ ${#files[@]} = 0 ] && [ ${#dist[@]} = 0 ]; then
        say "no gpu*.json(.gz), cpu*.json(.gz) or dist*.json in $out"
        exit 1
    fi
    inputs=()
    if [ ${#files[@]} -gt 0 ]; then
        # the merged map is the report's input only: the pieces stay the record
        merged=$(mktemp --suffix=.json) || exit 1
        trap 'rm -f "$merged"' EXIT
        say "merging ${#files[@]} files"
        "$python" "$root/benchmarks/merge_json.py" -o "$merged" "${files[@]}" || exit 1
        inputs=("$merged")
    fi
    title="sweep benchmarks: $machine"
    "$python" "$root/benchmarks/report.py" "${inputs[@]}" "${dist[@]}" -o "$out" \
        --title "$title" >/dev/null || exit 1
    echo "$out/REPORT.md"
    exit 0
fi

# The build.
bench=$build/bin/sweep-bench
if [ "$do_build" = 1 ]; then
    if [ ! -f "$build/CMakeCache.txt" ]; then
        cuda=OFF
        nvcc=$(command -v nvcc || { [ -x /usr/local/cuda/bin/nvcc ] && echo /usr/local/cuda/bin/nvcc; })
        if [ -n "$nvcc" ] && nvidia-smi -L 2>/dev/null | grep -q GPU; then
            cuda=ON
            # The GPU that will run it, when nvidia-smi can say (e.g. "9.0" -> 90).
            cap=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null |
                head -1 | tr -d '. ')
            cmake_args=(-DCMAKE_CUDA_COMPILER="$nvcc" ${cap:+-DCMAKE_CUDA_ARCHITECTURES=$cap}
                "${cmake_args[@]}")
        fi
        # HIP as the project decides (hipcc and libamdhip64 found), where an AMD GPU is.
        hip=()
        [ -e /dev/kfd ] || hip=(-DSWEEP_ENABLE_HIP=OFF)
        generator=()
        command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
        say "configuring $build (CUDA $cuda${hip:+, HIP OFF}; -D options come after)"
        cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
            -DSWEEP_BUILD_TESTS=OFF -DSWEEP_BUILD_EXAMPLES=OFF -DSWEEP_BUILD_BENCHMARKS=ON \
            -DSWEEP_ENABLE_CUDA=$cuda "${hip[@]}" "${cmake_args[@]}" >"$build/configure.log" 2>&1 || {
            cat "$build/configure.log" >&2
            exit 1
        }
    elif [ ${#cmake_args[@]} -gt 0 ]; then
        say "$build is configured already: -D options are not applied (use a new --build folder)"
    fi
    say "building sweep-bench and the backend plugins in $build"
    cmake --build "$build" --target sweep-bench -j "$(nproc 2>/dev/null || echo 2)" >&2 || exit 1
fi
if [ ! -x "$bench" ]; then
    if [ "$do_build" = 1 ]; then
        say "no $bench (is Google Benchmark installed? libbenchmark-dev on Debian)"
    else
        say "no $bench: build it first, or leave out --no-build"
    fi
    exit 1
fi
export LD_LIBRARY_PATH=$build/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
if [ "$bundle" = 1 ]; then
    for lib in $(ldd "$bench" "$build"/lib/libsweep*.so 2>/dev/null |
        awk -v own="$build/lib/" '/libbenchmark|libgomp|libomp/ && $3 ~ /^\// &&
            index($3, own) != 1 {print $3}' | sort -u); do
        cp -L "$lib" "$build/lib/" && say "bundled $lib"
    done
fi
if [ "${build_only:-0}" = 1 ]; then
    say "built $bench (copy $build/bin and $build/lib to the machine that measures)"
    echo "$build"
    exit 0
fi
if missing=$(ldd "$bench" 2>/dev/null | grep "not found"); then
    say "$bench does not load here: $missing"
    exit 1
fi

# SWEEP_BENCH_COMMIT names the commit measured where this checkout's git cannot (a
# copy of the tree whose history lags, say); else the checkout's HEAD.
commit=${SWEEP_BENCH_COMMIT:-$(git -C "$root" rev-parse HEAD 2>/dev/null || true)}
if [ -z "${SWEEP_BENCH_COMMIT:-}" ] && [ -n "$commit" ] &&
    [ -n "$(git -C "$root" status --porcelain 2>/dev/null)" ]; then
    commit="$commit (working tree with uncommitted changes)"
fi
echo "${commit:-unknown here: see sweep_commit in the JSON (the commit the build was made from)}" \
    >"$out/commit.txt"

cores=$(nproc 2>/dev/null || echo 1)
describe_machine() {
    date -u
    uname -a
    nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem \
        --format=csv 2>/dev/null
    command -v rocm-smi >/dev/null 2>&1 && rocm-smi --showproductname 2>/dev/null
    lscpu 2>/dev/null | grep -E "Model name|^CPU\(s\)|Thread|Socket|NUMA node\(s\)"
    free -g 2>/dev/null | head -2
    env | grep -E '^OMP_' | sort
    return 0
}

# Whether a GPU backend of this build loads here: sweep-bench registers its rows then.
gpu_present() {
    "$bench" --backends=cuda,hip --peers=none --primitives=copy --dtypes=u32 --gpu-sizes=10 \
        --benchmark_list_tests=true 2>/dev/null | grep -q .
}

run_part() { # PART
    local p=$1 args name=$1
    [ -n "$piece" ] && name=$1-$piece
    case $p in
    gpu)
        if [ "$map" = 1 ]; then
            args=(--map --backends=cuda,hip --peers=cub,cuda_copy,cuda_read,rocprim,hip_copy)
        else
            args=(--backends=cuda,hip --peers=cub,thrust,cuda_copy,rocprim,hip_copy)
            [ "$headline" = 1 ] || args+=(--gpu-sizes=10:28:2)
        fi
        args+=(--benchmark_min_time=0.05)
        ;;
    cpu)
        if [ "$map" = 1 ]; then
            args=(--map --backends=openmp --peers=gnu_parallel,std,omp_memcpy,omp_read
                --single-thread-max=23)
        else
            args=(--backends=serial,openmp --peers=std,gnu_parallel,memcpy,omp_memcpy)
        fi
        if [ "$cores" -ge 8 ]; then
            [ "$headline" = 1 ] || [ "$map" = 1 ] || args+=(--cpu-sizes=11:27:2 --single-thread-max=23)
            args+=(--benchmark_min_time=0.05)
        else
            [ "$headline" = 1 ] || [ "$map" = 1 ] || args+=(--cpu-sizes=10:24:2 --single-thread-max=20)
            args+=(--benchmark_min_time=0.02)
        fi
        ;;
    esac
    [ "$headline" = 1 ] && args+=(--headline)
    args+=("${piece_args[@]}" "--benchmark_repetitions=$repetitions" "${bench_extra[@]}")
    describe_machine >"$out/machine-$name.txt"
    local cmd=("$bench" "${args[@]}" --benchmark_out="$out/$name.json" --benchmark_out_format=json)
    # Paths inside the repository are written relative to it.
    printf '%q ' "${cmd[@]}" | sed "s|$root/||g" >"$out/command-$name.txt"
    echo >>"$out/command-$name.txt"
    local count
    count=$("$bench" "${args[@]}" --benchmark_list_tests=true 2>/dev/null | wc -l)
    say "$name: $count benchmarks, $repetitions repetitions each; a line as each finishes"
    local runner=()
    [ -n "$time_limit" ] && runner=(timeout "$time_limit")
    SWEEP_BENCH_TOTAL=$count SWEEP_BENCH_COMMIT=${commit:-${SWEEP_BENCH_COMMIT:-}} \
        "${runner[@]}" "${cmd[@]}" 2>&1 | tee "$out/$name.log"
    local rc=${PIPESTATUS[0]}
    if [ -s "$out/$name.json" ]; then
        jsons+=("$out/$name.json")
        command_files+=(--command-file "$out/command-$name.txt")
    fi
    if [ "$rc" = 124 ]; then
        say "$name stopped after $time_limit s: $out/$name.json holds the results completed"
    elif [ "$rc" != 0 ]; then
        say "$name: sweep-bench exited with $rc (see $out/$name.log)"
        return 1
    fi
}

jsons=() command_files=() status=0
parts=()
case $part in
gpu) parts=(gpu) ;;
cpu) parts=(cpu) ;;
all) parts=(gpu cpu) ;;
esac
for p in "${parts[@]}"; do
    if [ "$p" = gpu ] && ! gpu_present; then
        if [ "$part" = gpu ]; then
            say "no GPU backend of this build loads here:"
            "$bench" --backends=cuda,hip --peers=none --benchmark_list_tests=true 2>&1 >/dev/null |
                head -1 >&2
            exit 1
        fi
        say "no GPU backend loads here: the CPU part only"
        continue
    fi
    run_part "$p" || status=1
done

if [ "$report" = 1 ] && [ ${#jsons[@]} -gt 0 ]; then
    title="sweep benchmarks: $machine"
    if [[ " ${jsons[*]} " == *"/cpu.json "* ]] && [ "$cores" -lt 8 ]; then
        title="$title (CPU rows: a smoke run, $cores cores are too few to measure)"
    fi
    say "writing the report"
    "$python" "$root/benchmarks/report.py" "${jsons[@]}" -o "$out" --title "$title" \
        "${command_files[@]}" >/dev/null || status=1
    echo "$out/REPORT.md"
else
    echo "$out"
fi
exit $status
