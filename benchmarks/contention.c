/*
 * contention.c -- sweep-contention: times the OpenMP backend's scan, reduce, split,
 * radix sort and merge sort (custom comparator) from 2^10 to 2^24 elements on an
 * idle machine and with busy processes beside it (children of this program that
 * spin), interleaved round by round, and prints the medians as a table. With busy
 * processes the cores are not all the program's: a call should then cost about what
 * its work costs, not a scheduler time slice.
 *
 *   sweep-contention [--min=10] [--max=24] [--step=2] [--rounds=3] [--busy=1]
 *                    [--prims=scan,reduce,split,radix,merge] [--merge-max=22]
 *                    [--backend=openmp|serial] [--threads=0] [--sorted]
 *
 * --threads sets the context's threads (0: OMP_NUM_THREADS or all cores); --sorted
 * gives the sorts ascending keys instead of random ones. Times are
 * milliseconds, the median of every call of every round (each round at least 5
 * calls and 20 ms of calls). Elements are u32; the merge sort compares them through
 * a C function.
 */
#define _POSIX_C_SOURCE 200809L
#include <sweep/sweep.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { PRIM_SCAN, PRIM_REDUCE, PRIM_SPLIT, PRIM_RADIX, PRIM_MERGE, PRIM_COUNT };
static const char *const prim_names[PRIM_COUNT] = {"scan", "reduce", "split", "radix", "merge"};

typedef struct options {
    int min, max, step, rounds, busy, merge_max, sorted, threads;
    int prims[PRIM_COUNT];
    sweep_backend backend;
} options;

typedef struct buffers {
    uint32_t *in, *out, *values;
    uint8_t *flags;
    size_t n;
} buffers;

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

static int less_u32(const void *a, const void *b, void *user) {
    (void)user;
    uint32_t x, y;
    memcpy(&x, a, 4);
    memcpy(&y, b, 4);
    return x < y;
}

static int parse(int argc, char **argv, options *o) {
    *o = (options){10, 24, 2, 3, 1, 22, 0, 0, {1, 1, 1, 1, 1}, SWEEP_BACKEND_OPENMP};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strncmp(a, "--min=", 6))
            o->min = atoi(a + 6);
        else if (!strncmp(a, "--max=", 6))
            o->max = atoi(a + 6);
        else if (!strncmp(a, "--step=", 7))
            o->step = atoi(a + 7);
        else if (!strncmp(a, "--rounds=", 9))
            o->rounds = atoi(a + 9);
        else if (!strncmp(a, "--busy=", 7))
            o->busy = atoi(a + 7);
        else if (!strncmp(a, "--merge-max=", 12))
            o->merge_max = atoi(a + 12);
        else if (!strncmp(a, "--threads=", 10))
            o->threads = atoi(a + 10);
        else if (!strcmp(a, "--sorted"))
            o->sorted = 1;
        else if (!strcmp(a, "--backend=serial"))
            o->backend = SWEEP_BACKEND_SERIAL;
        else if (!strcmp(a, "--backend=openmp"))
            o->backend = SWEEP_BACKEND_OPENMP;
        else if (!strncmp(a, "--prims=", 8)) {
            memset(o->prims, 0, sizeof o->prims);
            for (int p = 0; p < PRIM_COUNT; p++)
                if (strstr(a + 8, prim_names[p])) o->prims[p] = 1;
        } else {
            fprintf(stderr, "sweep-contention: unknown option %s\n", a);
            return 0;
        }
    }
    if (o->min < 1 || o->max > 30 || o->min > o->max || o->step < 1 || o->rounds < 1 ||
        o->busy < 1) {
        fprintf(stderr, "sweep-contention: bad sizes, rounds or busy count\n");
        return 0;
    }
    return 1;
}

/* Starts `count` children that spin until killed; returns how many started. */
static int busy_start(pid_t *pids, int count) {
    int started = 0;
    for (; started < count; started++) {
        pid_t p = fork();
        if (p < 0) break;
        if (p == 0) {
            volatile unsigned long spin = 0;
            for (;;)
                spin++;
        }
        pids[started] = p;
    }
    struct timespec settle = {0, 20000000};
    nanosleep(&settle, NULL); /* let the scheduler see them */
    return started;
}

static void busy_stop(const pid_t *pids, int count) {
    for (int i = 0; i < count; i++) {
        kill(pids[i], SIGKILL);
        waitpid(pids[i], NULL, 0);
    }
}

static sweep_status run_once(sweep_context *ctx, int prim, const buffers *b, sweep_compare cmp) {
    sweep_op sum = sweep_op_builtin(SWEEP_OP_SUM, SWEEP_U32);
    sweep_sort_desc desc = sweep_sort_desc_make(SWEEP_U32);
    size_t flagged = 0;
    switch (prim) {
    case PRIM_SCAN: return sweep_scan(ctx, sum, b->in, b->out, b->n, SWEEP_EXCLUSIVE);
    case PRIM_REDUCE: return sweep_reduce(ctx, sum, b->in, b->n, b->out);
    case PRIM_SPLIT:
        return sweep_split(ctx, b->flags, b->in, b->out, 4, NULL, NULL, 0, b->n, &flagged);
    case PRIM_RADIX: return sweep_radix_sort(ctx, b->in, b->out, NULL, NULL, b->n, &desc);
    default: return sweep_merge_sort(ctx, b->in, b->out, NULL, NULL, 0, b->n, cmp);
    }
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Appends the times of one round (at least 5 calls and 20 ms) to t[*count]. */
static int time_round(sweep_context *ctx, int prim, const buffers *b, sweep_compare cmp, double *t,
                      int *count, int cap) {
    if (run_once(ctx, prim, b, cmp) != SWEEP_OK) return 0; /* warm-up */
    double spent = 0;
    for (int calls = 0; (calls < 5 || spent < 20.0) && *count < cap; calls++) {
        double t0 = now_ms();
        if (run_once(ctx, prim, b, cmp) != SWEEP_OK) return 0;
        double dt = now_ms() - t0;
        t[(*count)++] = dt;
        spent += dt;
    }
    return 1;
}

int main(int argc, char **argv) {
    options o;
    if (!parse(argc, argv, &o)) return 2;
    sweep_context *ctx = NULL;
    sweep_context_desc cd = {o.backend, 0, 0, o.threads};
    if (sweep_context_create(&ctx, &cd) != SWEEP_OK) {
        fprintf(stderr, "sweep-contention: %s\n", sweep_last_error());
        return 77;
    }
    sweep_custom_compare *custom = NULL;
    sweep_custom_compare_desc ccd = {"less_u32", 4, 4, less_u32, NULL, NULL};
    if (sweep_custom_compare_create(&custom, &ccd) != SWEEP_OK) {
        fprintf(stderr, "sweep-contention: %s\n", sweep_last_error());
        return 1;
    }
    sweep_compare cmp = sweep_compare_custom(custom);
    size_t nmax = (size_t)1 << o.max;
    buffers b = {malloc(nmax * 4), malloc(nmax * 4), NULL, malloc(nmax), 0};
    enum { CAP = 4096 };
    double *idle = malloc(CAP * sizeof(double)), *busy = malloc(CAP * sizeof(double));
    pid_t *pids = malloc((size_t)o.busy * sizeof(pid_t));
    if (!b.in || !b.out || !b.flags || !idle || !busy || !pids) {
        fprintf(stderr, "sweep-contention: out of host memory\n");
        return 1;
    }
    uint64_t x = 88172645463325252ull;
    for (size_t i = 0; i < nmax; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        b.in[i] = o.sorted ? (uint32_t)i : (uint32_t)(x >> 32);
        b.flags[i] = (uint8_t)(x & 1);
    }
    printf("sweep-contention: %s backend, %d busy process(es), %d rounds, u32, ms (median)\n",
           sweep_backend_name(o.backend), o.busy, o.rounds);
    printf("%-8s %4s %10s %10s %8s\n", "prim", "log2n", "idle", "busy", "busy/idle");
    int status = 0;
    for (int p = 0; p < PRIM_COUNT; p++) {
        if (!o.prims[p]) continue;
        for (int e = o.min; e <= o.max; e += o.step) {
            if (p == PRIM_MERGE && e > o.merge_max) break;
            b.n = (size_t)1 << e;
            int ni = 0, nb = 0, ok = 1;
            for (int r = 0; r < o.rounds && ok; r++) {
                ok = time_round(ctx, p, &b, cmp, idle, &ni, CAP);
                int started = busy_start(pids, o.busy);
                ok = ok && started == o.busy && time_round(ctx, p, &b, cmp, busy, &nb, CAP);
                busy_stop(pids, started);
            }
            if (!ok) {
                fprintf(stderr, "sweep-contention: %s 2^%d failed: %s\n", prim_names[p], e,
                        sweep_last_error());
                status = 1;
                continue;
            }
            qsort(idle, (size_t)ni, sizeof(double), cmp_double);
            qsort(busy, (size_t)nb, sizeof(double), cmp_double);
            double mi = idle[ni / 2], mb = busy[nb / 2];
            printf("%-8s %4d %10.4f %10.4f %8.2f\n", prim_names[p], e, mi, mb, mb / mi);
            fflush(stdout);
        }
    }
    sweep_custom_compare_destroy(custom);
    sweep_context_destroy(ctx);
    free(b.in);
    free(b.out);
    free(b.flags);
    free(idle);
    free(busy);
    free(pids);
    return status;
}
