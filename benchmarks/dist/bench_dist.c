/*
 * sweep-bench-dist: the distributed sort and scan on p ranks against one context doing
 * the same total, each rank sorting its own piece alone (what the distributed sort
 * costs at least), and the all-to-all exchange alone (sweep's communicator plugin)
 * against the engine's own all-to-all of the same bytes: grouped ncclSend/ncclRecv on
 * GPUs (what ncclAllToAll would do, with uneven counts), MPI_Alltoallv on CPUs.
 *
 *   mpirun -np 2 sweep-bench-dist --backend cuda --total 536870912 --json dist-p2.json
 *   mpirun -np 4 sweep-bench-dist --backend openmp --total 67108864 --reps 5
 *
 * Options:
 *   --backend openmp|serial|cuda  the backend of every rank's context (default openmp)
 *   --total N                     keys (and pairs) in all, over every rank (default 2^24)
 *   --reps R                      timed runs of each measurement (default 5)
 *   --no-single                   skip the single-context reference
 *   --measure LIST                what to measure, comma-separated among scan (exclusive),
 *                                 scan_inclusive, reduce, sort_keys, sort_pairs, local
 *                                 (each rank's local sort, for each sort measured) and
 *                                 exchange (default scan,sort_keys,sort_pairs,local,exchange)
 *   --single-only                 one rank (mpirun -np 1): only the single-context
 *                                 reference of what --measure names (benchmarks/run-dist.sh
 *                                 --cpu runs it with every core of the ranks as baseline)
 *   --json FILE                   rank 0 also writes every measurement to FILE as one
 *                                 JSON object (benchmarks/report.py's "Distributed"
 *                                 section reads it; benchmarks/README.md describes it)
 *
 * What is measured (by default): the exclusive sum scan of u32; the stable radix sort of
 * u32 keys, and of u32 keys with u32 values (pairs); each rank's local sort of its piece
 * (keys, pairs); the exchange alone (keys: one array; pairs: keys and values in one call,
 * as the sort exchanges them) through the plugin and through the engine's all-to-all.
 * On request also the inclusive sum scan and the sum reduction of u32.
 * Keys are u32 from a hash of their global index, values the global index; each rank
 * holds total / p of them. Every figure is the median of --reps timed runs after one
 * warm-up (the JSON keeps every run's time), on rank 0, with all ranks started together
 * (a barrier) and finished (each call returns complete). Rank 0 also runs the
 * single-context reference on its own device with the same total, after freeing its
 * distributed buffers (skipped with --no-single, or when it does not fit).
 * The JSON's commit is SWEEP_BENCH_COMMIT from the environment, else the commit the
 * program was built from.
 */
#include "bench_dist.h"

#include <stdlib.h>
#include <string.h>

/* What --measure names (bits of bench.measure). */
enum {
    M_SCAN = 1,
    M_SCAN_INCLUSIVE = 2,
    M_REDUCE = 4,
    M_SORT_KEYS = 8,
    M_SORT_PAIRS = 16,
    M_LOCAL = 32,
    M_EXCHANGE = 64
};
static const struct {
    const char *name;
    unsigned bit;
} measure_names[] = {
    {"scan", M_SCAN},           {"scan_inclusive", M_SCAN_INCLUSIVE}, {"reduce", M_REDUCE},
    {"sort_keys", M_SORT_KEYS}, {"sort_pairs", M_SORT_PAIRS},         {"local", M_LOCAL},
    {"exchange", M_EXCHANGE}};

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void die(const bench *b, const char *what) {
    fprintf(stderr, "sweep-bench-dist: rank %d: %s: %s\n", b->rank, what, sweep_last_error());
    MPI_Abort(MPI_COMM_WORLD, 1);
}

static uint32_t key_of(uint64_t i) {
    uint64_t z = i * 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 31)) * 0xbf58476d1ce4e5b9ull;
    return (uint32_t)(z >> 32);
}

/* n u32 of the global positions [begin, begin + n) into new context memory: keys from
 * the hash, values (keys == 0) the position; NULL when the context cannot hold them
 * (with may_fail; otherwise that is fatal). */
static void *upload(bench *b, size_t begin, size_t n, int keys, int may_fail) {
    void *d = NULL;
    if (sweep_malloc(b->ctx, &d, (n ? n : 1) * 4) != SWEEP_OK) {
        if (may_fail) return NULL;
        die(b, "sweep_malloc");
    }
    uint32_t *h = malloc((n ? n : 1) * sizeof *h);
    if (!h) die(b, "malloc");
    for (size_t i = 0; i < n; ++i)
        h[i] = keys ? key_of(begin + i) : (uint32_t)(begin + i);
    CHECK(b, sweep_memcpy(b->ctx, d, h, n * 4, SWEEP_COPY_HOST_TO_DEVICE));
    CHECK(b, sweep_synchronize(b->ctx));
    free(h);
    return d;
}

/* Times fn over reps after a warm-up: every run's time on rank 0's clock. */
stats timed(bench *b, run_fn fn, void *arg, int collective) {
    stats s;
    s.t = calloc((size_t)b->reps, sizeof *s.t);
    double *sorted = calloc((size_t)b->reps, sizeof *sorted);
    if (!s.t || !sorted) die(b, "calloc");
    for (int i = -1; i < b->reps; ++i) {
        if (collective) MPI_OK(b, MPI_Barrier(MPI_COMM_WORLD));
        double t0 = MPI_Wtime();
        fn(b, arg);
        if (collective) MPI_OK(b, MPI_Barrier(MPI_COMM_WORLD));
        if (i >= 0) s.t[i] = sorted[i] = MPI_Wtime() - t0;
    }
    qsort(sorted, (size_t)b->reps, sizeof *sorted, cmp_double);
    s.median = sorted[b->reps / 2];
    s.min = sorted[0];
    s.max = sorted[b->reps - 1];
    free(sorted);
    return s;
}

measure *add(bench *b, const char *name, const char *what, stats s, size_t bytes) {
    if (b->nm == MAX_MEASURES) die(b, "too many measurements");
    measure *m = &b->m[b->nm++];
    memset(m, 0, sizeof *m);
    m->name = name;
    m->what = what;
    m->s = s;
    m->bytes = bytes;
    return m;
}

static measure *find(bench *b, const char *name) {
    for (int i = 0; i < b->nm; ++i)
        if (!strcmp(b->m[i].name, name)) return &b->m[i];
    return NULL;
}

/* Prints a line on why a single-context figure is missing, and keeps it for the JSON. */
static void note(bench *b, const char *text) {
    printf("(%s)\n", text);
    if (b->nnotes < 3) snprintf(b->notes[b->nnotes++], sizeof b->notes[0], "%s", text);
}

static sweep_sort_desc desc_of(const sort_arg *a) {
    sweep_sort_desc d = sweep_sort_desc_make(SWEEP_U32);
    if (a->vin) d.value_size = 4;
    return d;
}

static void run_dist_sort(bench *b, void *p) {
    sort_arg *a = p;
    sweep_sort_desc d = desc_of(a);
    size_t got = 0;
    CHECK(b,
          sweep_dist_radix_sort(b->comm, a->in, a->out, a->vin, a->vout, a->n, a->cap, &got, &d));
}

static void run_single_sort(bench *b, void *p) {
    sort_arg *a = p;
    sweep_sort_desc d = desc_of(a);
    CHECK(b, sweep_radix_sort(b->ctx, a->in, a->out, a->vin, a->vout, a->n, &d));
    CHECK(b, sweep_synchronize(b->ctx));
}

static void run_dist_scan(bench *b, void *p) {
    sort_arg *a = p;
    CHECK(b, sweep_dist_scan(b->comm, sweep_op_builtin(SWEEP_OP_SUM, SWEEP_U32), a->in, a->out,
                             a->n, a->kind));
}

static void run_single_scan(bench *b, void *p) {
    sort_arg *a = p;
    CHECK(b, sweep_scan(b->ctx, sweep_op_builtin(SWEEP_OP_SUM, SWEEP_U32), a->in, a->out, a->n,
                        a->kind));
    CHECK(b, sweep_synchronize(b->ctx));
}

/* The reductions write their one element to out[0]. */
static void run_dist_reduce(bench *b, void *p) {
    sort_arg *a = p;
    CHECK(b, sweep_dist_reduce(b->comm, sweep_op_builtin(SWEEP_OP_SUM, SWEEP_U32), a->in, a->n,
                               a->out));
}

static void run_single_reduce(bench *b, void *p) {
    sort_arg *a = p;
    CHECK(b, sweep_reduce(b->ctx, sweep_op_builtin(SWEEP_OP_SUM, SWEEP_U32), a->in, a->n, a->out));
    CHECK(b, sweep_synchronize(b->ctx));
}

/* ---- the single-context reference (rank 0 alone) ---- */

/* What a measurement calls on one context. */
typedef enum call_kind { CALL_SCAN, CALL_REDUCE, CALL_SORT } call_kind;

/* Runs the call once: 0, with a note, when it fails (the context cannot hold its
 * scratch, or the size is beyond what one context sorts). */
static int single_fits(bench *b, sort_arg *a, call_kind call, const char *what) {
    sweep_status st;
    sweep_op sum = sweep_op_builtin(SWEEP_OP_SUM, SWEEP_U32);
    if (call == CALL_SCAN) {
        st = sweep_scan(b->ctx, sum, a->in, a->out, a->n, a->kind);
    } else if (call == CALL_REDUCE) {
        st = sweep_reduce(b->ctx, sum, a->in, a->n, a->out);
    } else {
        sweep_sort_desc d = desc_of(a);
        st = sweep_radix_sort(b->ctx, a->in, a->out, a->vin, a->vout, a->n, &d);
    }
    if (st == SWEEP_OK) st = sweep_synchronize(b->ctx);
    if (st == SWEEP_OK) return 1;
    char text[600];
    snprintf(text, sizeof text, "one context cannot %s: %s", what, sweep_last_error());
    note(b, text);
    return 0;
}

/* Times one context's call for the measurement name, where it is measured. */
static void single_of(bench *b, const char *name, sort_arg *a, call_kind call, const char *what) {
    measure *m = find(b, name);
    if (!m || !single_fits(b, a, call, what)) return;
    m->single = timed(b,
                      call == CALL_SCAN     ? run_single_scan
                      : call == CALL_REDUCE ? run_single_reduce
                                            : run_single_sort,
                      a, 0);
}

static void free_all(bench *b, sort_arg *a) {
    void *p[4] = {a->in, a->out, a->vin, a->vout};
    for (int i = 0; i < 4; ++i)
        if (p[i]) sweep_free(b->ctx, p[i]);
    memset(a, 0, sizeof *a);
    sweep_context_trim(b->ctx);
}

static void single_reference(bench *b) {
    int pairs = find(b, "sort_pairs") != NULL;
    if (!pairs && !find(b, "scan") && !find(b, "scan_inclusive") && !find(b, "reduce") &&
        !find(b, "sort_keys"))
        return;
    sort_arg one;
    memset(&one, 0, sizeof one);
    one.n = one.cap = b->total;
    one.in = upload(b, 0, b->total, 1, 1);
    if (one.in && sweep_malloc(b->ctx, &one.out, (b->total ? b->total : 1) * 4) != SWEEP_OK)
        one.out = NULL;
    if (!one.in || !one.out) {
        char text[128];
        snprintf(text, sizeof text, "one context cannot hold %zu keys: no single-context figures",
                 b->total);
        note(b, text);
        free_all(b, &one);
        return;
    }
    one.kind = SWEEP_EXCLUSIVE;
    single_of(b, "scan", &one, CALL_SCAN, "scan them");
    one.kind = SWEEP_INCLUSIVE;
    single_of(b, "scan_inclusive", &one, CALL_SCAN, "scan them (inclusive)");
    single_of(b, "reduce", &one, CALL_REDUCE, "reduce them");
    single_of(b, "sort_keys", &one, CALL_SORT, "sort the keys");
    if (!pairs) {
        free_all(b, &one);
        return;
    }
    /* The pairs: keys again, and values, four arrays in all. */
    void *keys = one.in;
    one.in = NULL;
    free_all(b, &one);
    one.n = one.cap = b->total;
    one.in = keys;
    one.vin = upload(b, 0, b->total, 0, 1);
    if (one.vin && sweep_malloc(b->ctx, &one.out, (b->total ? b->total : 1) * 4) != SWEEP_OK)
        one.out = NULL;
    if (one.out && sweep_malloc(b->ctx, &one.vout, (b->total ? b->total : 1) * 4) != SWEEP_OK)
        one.vout = NULL;
    if (!one.vin || !one.out || !one.vout) {
        char text[128];
        snprintf(text, sizeof text,
                 "one context cannot hold %zu pairs: no single-context figures for pairs",
                 b->total);
        note(b, text);
    } else {
        single_of(b, "sort_pairs", &one, CALL_SORT, "sort the pairs");
    }
    free_all(b, &one);
}

/* Every distributed measurement --measure names, on this rank's piece. */
static void distributed(bench *b, int device) {
    void *handle = NULL;
    const sweep_comm_table *table = open_comm(b, device, &handle);
    unsigned w = b->measure;
    size_t begin = 0, n = 0;
    sweep_dist_balanced_piece(b->total, b->rank, b->size, &begin, &n);
    sort_arg a = {upload(b, begin, n, 1, 0), NULL, NULL, NULL, n, n, SWEEP_EXCLUSIVE};
    CHECK(b, sweep_malloc(b->ctx, &a.out, (n ? n : 1) * 4));
    /* The sorts are timed out of place, from the same input each time. */
    if (w & M_SCAN)
        add(b, "scan", "distributed exclusive scan u32", timed(b, run_dist_scan, &a, 1), 0);
    if (w & M_SCAN_INCLUSIVE) {
        a.kind = SWEEP_INCLUSIVE;
        add(b, "scan_inclusive", "distributed inclusive scan u32", timed(b, run_dist_scan, &a, 1),
            0);
    }
    if (w & M_REDUCE)
        add(b, "reduce", "distributed reduce u32", timed(b, run_dist_reduce, &a, 1), 0);
    if (w & M_SORT_KEYS) {
        add(b, "sort_keys", "distributed radix sort u32", timed(b, run_dist_sort, &a, 1), 0);
        /* What the distributed sort costs at least: each rank sorting its own piece (the
         * slowest rank's time). */
        if (w & M_LOCAL)
            add(b, "local_sort_keys", "local radix sort of the piece",
                timed(b, run_single_sort, &a, 1), 0);
    }
    sort_arg pa = a;
    if (w & (M_SORT_PAIRS | M_EXCHANGE)) {
        pa.vin = upload(b, begin, n, 0, 0);
        CHECK(b, sweep_malloc(b->ctx, &pa.vout, (n ? n : 1) * 4));
    }
    if (w & M_SORT_PAIRS) {
        add(b, "sort_pairs", "distributed radix sort u32 pairs", timed(b, run_dist_sort, &pa, 1),
            0);
        if (w & M_LOCAL)
            add(b, "local_sort_pairs", "local radix sort of the piece, pairs",
                timed(b, run_single_sort, &pa, 1), 0);
    }
    if (w & M_EXCHANGE) exchange_alone(b, table, handle, &pa);
    table->destroy(handle);
    free_all(b, &pa);
}

/* The measurements --single-only times: those --measure names that one context can
 * make (not the local sorts or the exchange). */
static void single_only(bench *b) {
    static const struct {
        const char *name, *what;
        unsigned bit;
    } one[] = {{"scan", "exclusive scan u32", M_SCAN},
               {"scan_inclusive", "inclusive scan u32", M_SCAN_INCLUSIVE},
               {"reduce", "reduce u32", M_REDUCE},
               {"sort_keys", "radix sort u32", M_SORT_KEYS},
               {"sort_pairs", "radix sort u32 pairs", M_SORT_PAIRS}};
    for (size_t i = 0; i < sizeof one / sizeof one[0]; ++i)
        if (b->measure & one[i].bit) add(b, one[i].name, one[i].what, (stats){NULL, 0, 0, 0}, 0);
}

static int parse_measure(bench *b, const char *list) {
    b->measure = 0;
    const char *p = list;
    while (*p) {
        size_t len = strcspn(p, ",");
        unsigned bit = 0;
        for (size_t i = 0; i < sizeof measure_names / sizeof measure_names[0]; ++i)
            if (strlen(measure_names[i].name) == len && !strncmp(p, measure_names[i].name, len))
                bit = measure_names[i].bit;
        if (!bit) return 0;
        b->measure |= bit;
        p += len;
        if (*p == ',') ++p;
    }
    return b->measure != 0;
}

static int usage(const bench *b, const char *why) {
    if (b->rank == 0) {
        if (why) fprintf(stderr, "sweep-bench-dist: %s\n", why);
        fprintf(stderr, "usage: sweep-bench-dist [--backend openmp|serial|cuda] [--total N] "
                        "[--reps R] [--no-single] [--measure LIST] [--single-only] "
                        "[--json FILE]\n");
    }
    MPI_Finalize();
    return 2;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    bench b;
    memset(&b, 0, sizeof b);
    b.reps = 5;
    b.single = 1;
    b.total = (size_t)1 << 24;
    b.backend = SWEEP_BACKEND_OPENMP;
    b.measure = M_SCAN | M_SORT_KEYS | M_SORT_PAIRS | M_LOCAL | M_EXCHANGE;
    const char *json_path = NULL;
    MPI_Comm_rank(MPI_COMM_WORLD, &b.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &b.size);
    for (int i = 1; i < argc; ++i) {
        const char *v = i + 1 < argc ? argv[i + 1] : "";
        if (!strcmp(argv[i], "--total"))
            b.total = (size_t)strtoull(v, NULL, 0), ++i;
        else if (!strcmp(argv[i], "--reps"))
            b.reps = atoi(v), ++i;
        else if (!strcmp(argv[i], "--no-single"))
            b.single = 0;
        else if (!strcmp(argv[i], "--single-only"))
            b.single_only = 1;
        else if (!strcmp(argv[i], "--measure")) {
            if (!parse_measure(&b, v)) return usage(&b, "--measure: a comma-separated list");
            ++i;
        } else if (!strcmp(argv[i], "--json") && i + 1 < argc)
            json_path = v, ++i;
        else if (!strcmp(argv[i], "--backend")) {
            b.backend = !strcmp(v, "cuda")     ? SWEEP_BACKEND_CUDA
                        : !strcmp(v, "serial") ? SWEEP_BACKEND_SERIAL
                                               : SWEEP_BACKEND_OPENMP;
            ++i;
        } else {
            return usage(&b, NULL);
        }
    }
    if (b.single_only && (b.size != 1 || !b.single))
        return usage(&b, "--single-only runs on one rank (mpirun -np 1), without --no-single");
    if (b.reps < 1) b.reps = 1;
    /* The JSON file is opened first: a path that cannot be written costs no run. */
    FILE *json = NULL;
    if (json_path && b.rank == 0 && !(json = fopen(json_path, "w"))) {
        fprintf(stderr, "sweep-bench-dist: cannot write %s\n", json_path);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    sweep_backend_info info;
    int device = 0;
    if (sweep_backend_query(b.backend, &info) == SWEEP_OK && info.device_count > 1)
        device = b.rank % info.device_count;
    sweep_context_desc cd = {b.backend, device, 0, 0};
    CHECK(&b, sweep_context_create(&b.ctx, &cd));
    if (b.single_only)
        single_only(&b);
    else
        distributed(&b, device);

    /* The communicator's buffers, kept between the sorts above, go back before the
     * single-context reference needs the whole total's memory. */
    if (b.single && b.comm) CHECK(&b, sweep_comm_trim(b.comm));
    if (b.single && b.rank == 0) single_reference(&b);
    if (b.rank == 0) {
        if (b.single_only)
            printf("sweep-bench-dist on %s, one context only, median of %d\n",
                   sweep_backend_name(b.backend), b.reps);
        else
            printf("sweep-bench-dist on %s, %d ranks, median of %d\n",
                   sweep_backend_name(b.backend), b.size, b.reps);
    }
    for (int i = 0; i < b.nm; ++i)
        report(&b, &b.m[i]);
    if (json) {
        write_json(&b, json, argc, argv);
        if (fclose(json) != 0) {
            fprintf(stderr, "sweep-bench-dist: cannot write %s\n", json_path);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
    }
    sweep_comm_destroy(b.comm);
#ifdef SWEEP_BENCH_NCCL
    if (b.backend == SWEEP_BACKEND_CUDA && !b.single_only) {
        NCCL_OK(&b, ncclCommDestroy(b.nccl));
        CUDA_OK(&b, cudaStreamDestroy(b.stream));
    }
#endif
    sweep_context_destroy(b.ctx);
    for (int i = 0; i < b.nm; ++i) {
        free(b.m[i].s.t);
        free(b.m[i].single.t);
    }
    MPI_Finalize();
    return 0;
}
