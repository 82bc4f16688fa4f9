#!/usr/bin/env bash
# run-dist.sh -- runs sweep-bench-dist (the distributed scan and sorts against one
# context, and the exchange alone) under Open MPI's mpirun for each rank count, from a
# built tree (bin/ and lib/ of a build made here or copied from elsewhere; nothing is
# built), and writes its JSON into an output folder, where `run.sh --report-only` (or
# --report here) puts it into REPORT.md's "Distributed" section.
#
#   benchmarks/run-dist.sh [options] [-- sweep-bench-dist options]
#
#   --build DIR         the build folder (default: build/default in the repository); it
#                       needs bin/sweep-bench-dist, lib/libsweep-comm-mpi.so (NCCL:
#                       libsweep-comm-nccl.so) and the backend's plugin:
#                       cmake --build DIR --target sweep-bench-dist sweep-openmp (sweep-cuda)
#   --backend B         cuda, openmp or serial (default: cuda where nvidia-smi sees 2 or
#                       more GPUs, else openmp); one process a GPU with cuda
#   --ranks "2 4"       the rank counts (default: 2, and 4 where 4 GPUs are present;
#                       CPU backends: 2 and 4); with cuda, counts above the GPUs present
#                       are skipped
#   --total N           elements in all, over every rank (default 2^29 = 536870912 with
#                       cuda, 2^24 on CPUs)
#   --reps R            timed runs of every measurement (default 5)
#   --threads T         CPU backends: OMP_NUM_THREADS of every rank (default: the cores
#                       divided by the rank count, at least 1)
#   --out DIR           output folder (default: BUILD/results/MACHINE, as run.sh)
#   --machine NAME      names the default output folder and the report (default: the
#                       short host name)
#   --report            then write the folder's report with run.sh --report-only (the
#                       benchmark map's gpu*.json/cpu*.json there too, if any)
# Options after -- go to sweep-bench-dist (e.g. -- --no-single).
#
# CPU ranks against threads (--cpu): the OpenMP backend on R ranks of T threads, each
# rank bound to its own T cores (mpirun --map-by ppr:R:node:pe=T --bind-to core: the
# first R x T cores), against one process of R x T threads bound to the same cores
# (sweep-bench-dist --single-only: the single-process call), on the same totals.
#   --cpu               this mode; --ranks is one count (default 4), --threads T
#                       (default 8), --total N sets the three totals below
#   --keys N            u32 keys sorted (default 2^28 = 268435456)
#   --pairs N           u32/u32 pairs sorted (default 2^27 = 134217728)
#   --scan N            u32 scanned (inclusive) and reduced (default 2^30 = 1073741824)
#   --bind cores|none   bind as above (default), or not at all
# It writes dist-cpu-rRtT.json (every row: the ranks' time, the single process's, and
# its time over the ranks'), which report.py's Distributed section reads, and the runs
# behind it in dist-cpu-rRtT/, and prints a table. With fewer cores than R x T it runs
# oversubscribed, unbound, and says that the numbers mean nothing.
#
# For each rank count P it writes dist-pP.json (CPU backends: dist-BACKEND-pP.json),
# dist-...-pP.log (what rank 0 printed) and command-dist-...-pP.txt, and
# machine-dist-BACKEND.txt; the JSON's commit is SWEEP_BENCH_COMMIT where it is set, else
# the repository's HEAD when this runs in a git checkout, else the one the build was
# made from. The last
# line printed is the output folder, or REPORT.md's path with --report.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$root/build/default backend="" ranks="" total="" reps=5 threads="" out="" machine=""
report=0 extra=() cpu=0 keys="" pairs="" scan="" bind=cores
usage() {
    sed -n '2,/^set -uo/p' "${BASH_SOURCE[0]}" | sed -e '$d' -e 's/^# \{0,1\}//' >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case $1 in
    --build) build=${2:-}; shift ;;
    --backend) backend=${2:-}; shift ;;
    --ranks) ranks=${2:-}; shift ;;
    --total) total=${2:-}; shift ;;
    --reps) reps=${2:-}; shift ;;
    --threads) threads=${2:-}; shift ;;
    --out) out=${2:-}; shift ;;
    --machine) machine=${2:-}; shift ;;
    --report) report=1 ;;
    --cpu) cpu=1 ;;
    --keys) keys=${2:-}; shift ;;
    --pairs) pairs=${2:-}; shift ;;
    --scan) scan=${2:-}; shift ;;
    --bind) bind=${2:-}; shift ;;
    --) shift; extra=("$@"); break ;;
    -h | --help) usage ;;
    *) echo "run-dist.sh: unknown option '$1'" >&2; usage ;;
    esac
    shift
done

say() { printf '[run-dist %s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

build=$(cd "$build" 2>/dev/null && pwd) || { say "no build folder"; exit 2; }
bench=$build/bin/sweep-bench-dist
if [ ! -x "$bench" ]; then
    say "no $bench: cmake --build $build --target sweep-bench-dist (MPI must be found)"
    exit 2
fi
command -v mpirun >/dev/null || { say "no mpirun (Debian: openmpi-bin)"; exit 2; }
gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
gpus=${gpus:-0}
if [ "$cpu" = 1 ]; then
    [ -z "$backend" ] || [ "$backend" = openmp ] || { say "--cpu runs the openmp backend"; exit 2; }
    backend=openmp
    [ -n "$ranks" ] || ranks=4
    [ -n "$threads" ] || threads=8
    keys=${keys:-${total:-$((1 << 28))}}
    pairs=${pairs:-${total:-$((1 << 27))}}
    scan=${scan:-${total:-$((1 << 30))}}
    for v in "$ranks" "$threads" "$keys" "$pairs" "$scan"; do
        case $v in
        '' | *[!0-9]* | 0)
            say "--cpu: --ranks, --threads and the totals are one positive count each"
            exit 2
            ;;
        esac
    done
    case $bind in cores | none) ;; *) say "--bind cores or none"; exit 2 ;; esac
elif [ -z "$backend" ]; then
    backend=openmp
    [ "$gpus" -ge 2 ] && backend=cuda
fi
case $backend in
cuda)
    [ -e "$build/lib/libsweep-comm-nccl.so" ] || {
        say "no $build/lib/libsweep-comm-nccl.so (NCCL not found when $build was configured?)"
        exit 2
    }
    if [ -z "$ranks" ]; then
        ranks=2
        [ "$gpus" -ge 4 ] && ranks="2 4"
    fi
    [ -n "$total" ] || total=$((1 << 29))
    prefix=dist
    ;;
openmp | serial)
    [ -n "$ranks" ] || ranks="2 4"
    [ -n "$total" ] || total=$((1 << 24))
    prefix=dist-$backend
    ;;
*) say "--backend cuda, openmp or serial"; exit 2 ;;
esac
[ -n "$machine" ] || machine=$(hostname -s 2>/dev/null || echo local)
[ -n "$out" ] || out=$build/results/$machine
mkdir -p "$out" && out=$(cd "$out" && pwd)

# A copied build tree keeps absolute run paths of the machine it was built on: find
# libsweep (and, next to it, the plugins) through LD_LIBRARY_PATH instead.
export LD_LIBRARY_PATH="$build/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
unset SWEEP_BACKEND SWEEP_GENERIC SWEEP_PLUGIN_PATH
commit=${SWEEP_BENCH_COMMIT:-$(git -C "$root" rev-parse HEAD 2>/dev/null || true)}
if [ -z "${SWEEP_BENCH_COMMIT:-}" ] && [ -n "$commit" ] &&
    [ -n "$(git -C "$root" status --porcelain 2>/dev/null)" ]; then
    commit="$commit (working tree with uncommitted changes)"
fi
export SWEEP_BENCH_COMMIT=${commit:-${SWEEP_BENCH_COMMIT:-}}
cores=$(nproc 2>/dev/null || echo 1)

{
    date -u
    uname -a
    nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem \
        --format=csv 2>/dev/null
    lscpu 2>/dev/null | grep -E "Model name|^CPU\(s\)|Thread|Socket|NUMA node\(s\)"
    free -g 2>/dev/null | head -2
    mpirun --version 2>/dev/null | head -1
} >"$out/machine-dist-$backend.txt"

# The physical cores this process may run on (a core's hardware threads count once).
physical_cores() {
    local allowed
    allowed=$(awk '/^Cpus_allowed_list/ {print $2}' /proc/self/status 2>/dev/null)
    lscpu -p=CPU,CORE,SOCKET 2>/dev/null | awk -F, -v list="$allowed" '
        BEGIN {
            n = split(list, part, ",")
            for (i = 1; i <= n; i++)
                if (split(part[i], r, "-") == 2) {
                    for (c = r[1] + 0; c <= r[2] + 0; c++) ok[c] = 1
                } else {
                    ok[part[i] + 0] = 1
                }
        }
        /^#/ { next }
        list == "" || ($1 + 0) in ok { seen[$3 "," $2] = 1 }
        END { c = 0; for (k in seen) c++; print c }'
}

# CPU ranks against threads: for each primitive, R ranks of T threads, then one process
# of R x T threads (--single-only) on the same total and cores.
if [ "$cpu" = 1 ]; then
    need=$((ranks * threads))
    pcores=$(physical_cores)
    [ "${pcores:-0}" -ge 1 ] 2>/dev/null || pcores=$cores
    if [ "$pcores" -lt "$need" ]; then
        bind=none
        say "WARNING: $ranks ranks x $threads threads = $need threads on $pcores cores:" \
            "oversubscribed and unbound, the numbers mean nothing"
        : "${OMP_WAIT_POLICY:=passive}"
        export OMP_WAIT_POLICY
    fi
    if [ "$bind" = cores ]; then
        # Each rank its own block of cores, and the single process all of those blocks;
        # OpenMP's threads one a core inside them (unless the environment says otherwise).
        map_ranks=(--map-by "ppr:$ranks:node:pe=$threads" --bind-to core)
        map_one=(--map-by "ppr:1:node:pe=$need" --bind-to core)
        : "${OMP_PROC_BIND:=close}" "${OMP_PLACES:=cores}"
        export OMP_PROC_BIND OMP_PLACES
    else
        map_ranks=(--bind-to none) map_one=(--bind-to none)
    fi
    envx=()
    for v in LD_LIBRARY_PATH OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM \
        SWEEP_BENCH_COMMIT OMP_NUM_THREADS OMP_PROC_BIND OMP_PLACES OMP_WAIT_POLICY; do
        [ -n "${!v+x}" ] || [ "$v" = OMP_NUM_THREADS ] && envx+=(-x "$v")
    done
    name=dist-cpu-r${ranks}t$threads
    dir=$out/$name
    mkdir -p "$dir"
    rm -f "$out/$name.json" "$dir"/*.json
    say "$name: $ranks ranks x $threads threads against 1 process x $need threads," \
        "$pcores cores here, binding $bind, $reps runs each"
    status=0 pairs_args=()
    for group in "sort_keys $keys keys" "sort_pairs $pairs pairs" \
        "scan_inclusive,reduce $scan scan"; do
        read -r measure n tag <<<"$group"
        ok=1
        for side in ranks one; do
            if [ "$side" = ranks ]; then
                np=$ranks t=$threads map=("${map_ranks[@]}") args=(--no-single)
            else
                np=1 t=$need map=("${map_one[@]}") args=(--single-only)
            fi
            run=$side-$tag
            cmd=(mpirun "${map[@]}" --report-bindings "${envx[@]}" -np "$np"
                "$bench" --backend openmp --total "$n" --reps "$reps" --measure "$measure"
                "${args[@]}" --json "$dir/$run.json" "${extra[@]}")
            {
                printf 'OMP_NUM_THREADS=%s ' "$t"
                for v in OMP_PROC_BIND OMP_PLACES OMP_WAIT_POLICY; do
                    [ -z "${!v+x}" ] || printf '%s=%s ' "$v" "${!v}"
                done
                printf '%q ' "${cmd[@]}"
                echo
            } | sed "s|$root/||g" >"$dir/command-$run.txt"
            say "$run: $np x $t threads, $measure of $n"
            OMP_NUM_THREADS=$t "${cmd[@]}" >"$dir/$run.log" 2>&1
            rc=$?
            if [ "$rc" != 0 ] || [ ! -s "$dir/$run.json" ]; then
                say "$run: sweep-bench-dist exited with $rc (see $dir/$run.log)"
                tail -n 20 "$dir/$run.log" >&2
                status=1 ok=0
            fi
        done
        [ "$ok" = 0 ] || pairs_args+=(--pair "$dir/ranks-$tag.json" "$dir/one-$tag.json")
    done
    if [ ${#pairs_args[@]} = 0 ]; then
        say "$name: no run finished"
        exit 1
    fi
    python=/usr/bin/python3
    [ -x "$python" ] || python=python3
    "$python" "$root/benchmarks/dist_cpu.py" -o "$out/$name.json" --ranks "$ranks" \
        --threads "$threads" --cores "$pcores" --binding "$bind" "${pairs_args[@]}" |
        tee "$dir/table.txt"
    [ "${PIPESTATUS[0]}" = 0 ] || status=1
    if [ "$report" = 1 ]; then
        "$root/benchmarks/run.sh" --report-only --build "$build" --out "$out" \
            --machine "$machine" || status=1
    else
        echo "$out"
    fi
    exit $status
fi

status=0 ran=0
for p in $ranks; do
    if [ "$backend" = cuda ] && [ "$p" -gt "$gpus" ]; then
        say "p=$p: only $gpus GPUs here, skipped"
        continue
    fi
    t=$threads
    [ -n "$t" ] || t=$((cores / p))
    [ "$t" -ge 1 ] || t=1
    name=$prefix-p$p
    cmd=(mpirun --bind-to none -x LD_LIBRARY_PATH -x OMPI_ALLOW_RUN_AS_ROOT
        -x OMPI_ALLOW_RUN_AS_ROOT_CONFIRM -x SWEEP_BENCH_COMMIT -x OMP_NUM_THREADS -np "$p"
        "$bench" --backend "$backend" --total "$total" --reps "$reps"
        --json "$out/$name.json" "${extra[@]}")
    { [ "$backend" = cuda ] || printf 'OMP_NUM_THREADS=%s ' "$t"; printf '%q ' "${cmd[@]}"; } |
        sed "s|$root/||g" >"$out/command-$name.txt"
    echo >>"$out/command-$name.txt"
    say "$name: $backend on $p ranks, $total in all, $reps runs each"
    OMP_NUM_THREADS=$t "${cmd[@]}" 2>&1 | tee "$out/$name.log"
    rc=${PIPESTATUS[0]}
    if [ "$rc" != 0 ] || [ ! -s "$out/$name.json" ]; then
        say "$name: sweep-bench-dist exited with $rc (see $out/$name.log)"
        status=1
    else
        ran=$((ran + 1))
    fi
done
[ "$ran" -gt 0 ] || status=1

if [ "$report" = 1 ] && [ "$ran" -gt 0 ]; then
    "$root/benchmarks/run.sh" --report-only --build "$build" --out "$out" \
        --machine "$machine" || status=1
else
    echo "$out"
fi
exit $status
