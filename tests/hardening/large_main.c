/*
 * sweep-hardening-large [--backend NAME] [--n N] [--path fused|generic] [--no-pairs]
 *                       [--steps scan,split,sort,segsort,histogram] (default: all)
 * Inputs beyond 2^32 elements: scan (u8 and u32 SUM, inclusive and exclusive), split
 * (u8 and u32 elements, random flags), radix sort (u8 keys, u32 keys, u32 keys with
 * u32 values), segmented radix sort (u8 keys, segments across index 2^32) and the
 * even histogram (u8 samples, u64 counts) on n elements (default 2^32 + 7, where 32-bit indices and
 * counts wrap), every output element checked exactly on all host cores. Prints the memory and the
 * time of each step. Default backend cuda; an unavailable backend exits 77 (skipped).
 * CPU backends run it with a smaller n so CI checks the program itself.
 *
 * Device memory per step, n = 2^32 + 7 (16 GiB per u32 buffer): scans in + out
 * (32 GiB), split flags + in + out (36 GiB), sorts keys in + out (+ values in + out:
 * 64 GiB) plus the scratch each call measures (printed). The pairs sort is skipped,
 * not failed, when the device cannot hold it.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, sysconf under -std=c11 */

#include "backends.h"
#include "large_check.h"
#include "large_gen.h"
#include "large_par.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define GIB (1024.0 * 1024.0 * 1024.0)

typedef struct lm_run {
    sweep_context *ctx;
    size_t n;
    size_t dev_now, dev_peak, host_now, host_peak;
    int failed;
    int skipped;
} lm_run;

/* What one primitive call needs: its scratch is measured before the call. */
typedef sweep_status (*lm_call_fn)(sweep_context *ctx, void *const *dev, const void *user);

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int sw_ok(lm_run *r, sweep_status st, const char *what) {
    if (st == SWEEP_OK) return 1;
    printf("  FAIL %s: %s: %s\n", what, sweep_status_string(st), sweep_last_error());
    r->failed = 1;
    return 0;
}

static void *dev_alloc(lm_run *r, size_t bytes, sweep_status *st) {
    void *p = NULL;
    *st = sweep_malloc(r->ctx, &p, bytes);
    if (*st != SWEEP_OK) return NULL;
    r->dev_now += bytes;
    if (r->dev_now > r->dev_peak) r->dev_peak = r->dev_now;
    return p;
}

static void dev_free(lm_run *r, void *p, size_t bytes) {
    if (!p) return;
    if (sweep_free(r->ctx, p) != SWEEP_OK) sw_ok(r, SWEEP_ERR_INTERNAL, "sweep_free");
    r->dev_now -= bytes;
}

static void *host_alloc(lm_run *r, size_t bytes) {
    void *p = malloc(bytes ? bytes : 1);
    if (!p) {
        printf("  FAIL host allocation of %.2f GiB\n", (double)bytes / GIB);
        r->failed = 1;
        return NULL;
    }
    r->host_now += bytes;
    if (r->host_now > r->host_peak) r->host_peak = r->host_now;
    return p;
}

static void host_free(lm_run *r, void *p, size_t bytes) {
    if (!p) return;
    free(p);
    r->host_now -= bytes;
}

static int upload(lm_run *r, void *dev, const void *host, size_t bytes) {
    return sw_ok(r, sweep_memcpy(r->ctx, dev, host, bytes, SWEEP_COPY_HOST_TO_DEVICE), "upload");
}

static int download(lm_run *r, void *host, const void *dev, size_t bytes) {
    return sw_ok(r, sweep_memcpy(r->ctx, host, dev, bytes, SWEEP_COPY_DEVICE_TO_HOST), "download");
}

/* Measures the call's scratch, poisons its outputs, runs it and waits for it.
 * 1: done; 0: failed (reported); -1: the call ran out of memory (reported, and left
 * to the caller to count as a failure or not). */
static int timed_call(lm_run *r, lm_call_fn call, void *const *dev, const void *user,
                      void *const *outs, const size_t *out_bytes, size_t nouts, size_t *scratch,
                      double *secs) {
    sweep_status st = sweep_scratch_query_begin(r->ctx);
    if (!sw_ok(r, st, "sweep_scratch_query_begin")) return 0;
    sweep_status called = call(r->ctx, dev, user);
    st = sweep_scratch_query_end(r->ctx, scratch);
    if (!sw_ok(r, called, "measuring the call") || !sw_ok(r, st, "sweep_scratch_query_end"))
        return 0;
    for (size_t i = 0; i < nouts; ++i)
        if (!sw_ok(r, sweep_memset(r->ctx, outs[i], 0xA5, out_bytes[i]), "poisoning an output"))
            return 0;
    if (!sw_ok(r, sweep_synchronize(r->ctx), "sweep_synchronize")) return 0;
    double t0 = now_s();
    called = call(r->ctx, dev, user);
    st = called == SWEEP_OK ? sweep_synchronize(r->ctx) : called;
    *secs = now_s() - t0;
    if (st != SWEEP_OK) {
        printf("  call: %s: %s\n", sweep_status_string(st), sweep_last_error());
        if (st == SWEEP_ERR_OUT_OF_MEMORY) return -1;
        r->failed = 1;
        return 0;
    }
    return 1;
}

static void print_step(lm_run *r, const char *name, size_t scratch, double gen, double up,
                       double run, double down, double check, const lc_report *rep) {
    printf("%-28s device %6.2f GiB + scratch %6.3f GiB, host %6.2f GiB | gen %6.2f s, "
           "upload %6.2f s, run %7.3f s, download %6.2f s, check %6.2f s: ",
           name, (double)r->dev_now / GIB, (double)scratch / GIB, (double)r->host_now / GIB, gen,
           up, run, down, check);
    if (rep->bad == 0) {
        printf("OK\n");
    } else {
        printf("FAIL %zu of %zu positions wrong; first at %zu (%s): got %" PRIu64 ", want %" PRIu64
               "\n",
               rep->bad, r->n, rep->first, rep->what, rep->got, rep->want);
        r->failed = 1;
    }
    fflush(stdout);
}

/* ---- scan ---- */

typedef struct scan_user {
    sweep_dtype dtype;
    size_t n;
    sweep_scan_kind kind;
} scan_user;

static sweep_status call_scan(sweep_context *ctx, void *const *dev, const void *user) {
    const scan_user *u = user;
    return sweep_scan(ctx, sweep_op_builtin(SWEEP_OP_SUM, u->dtype), dev[0], dev[1], u->n, u->kind);
}

static void step_scan(lm_run *r, sweep_dtype dtype, size_t es) {
    const size_t n = r->n, bytes = n * es;
    const char *tn = es == 1 ? "u8" : "u32";
    char name[64];
    double t0 = now_s();
    void *hin = host_alloc(r, bytes), *hout = host_alloc(r, bytes);
    sweep_status st = SWEEP_OK;
    void *din = hin && hout ? dev_alloc(r, bytes, &st) : NULL;
    void *dout = din ? dev_alloc(r, bytes, &st) : NULL;
    if (!dout) {
        if (hin && hout) sw_ok(r, st, "sweep_malloc");
        goto done;
    }
    snprintf(name, sizeof name, "scan.%s", tn);
    lg_fill_random(hin, es, n, lg_seed(name));
    double gen = now_s() - t0;
    t0 = now_s();
    if (!upload(r, din, hin, bytes)) goto done;
    double up = now_s() - t0;
    for (int excl = 0; excl < 2; ++excl) {
        scan_user u = {dtype, n, excl ? SWEEP_EXCLUSIVE : SWEEP_INCLUSIVE};
        void *dev[2] = {din, dout};
        size_t scratch = 0;
        double run = 0;
        if (timed_call(r, call_scan, dev, &u, &dev[1], &bytes, 1, &scratch, &run) != 1) {
            r->failed = 1;
            goto done;
        }
        t0 = now_s();
        if (!download(r, hout, dout, bytes)) goto done;
        double down = now_s() - t0;
        t0 = now_s();
        lc_report rep;
        lc_scan(hin, hout, es, n, excl, &rep);
        snprintf(name, sizeof name, "scan %s %s", tn, excl ? "exclusive" : "inclusive");
        print_step(r, name, scratch, excl ? 0 : gen, excl ? 0 : up, run, down, now_s() - t0, &rep);
    }
done:
    dev_free(r, dout, bytes);
    dev_free(r, din, bytes);
    host_free(r, hout, bytes);
    host_free(r, hin, bytes);
}

/* ---- split ---- */

typedef struct split_user {
    size_t es, n;
} split_user;

static sweep_status call_split(sweep_context *ctx, void *const *dev, const void *user) {
    const split_user *u = user;
    return sweep_split(ctx, dev[0], dev[1], dev[2], u->es, NULL, NULL, 0, u->n, dev[3]);
}

static void step_split(lm_run *r, size_t es) {
    const size_t n = r->n, bytes = n * es;
    const char *tn = es == 1 ? "u8" : "u32";
    char name[64];
    double t0 = now_s();
    uint8_t *hflags = host_alloc(r, n);
    void *hin = hflags ? host_alloc(r, bytes) : NULL, *hout = hin ? host_alloc(r, bytes) : NULL;
    sweep_status st = SWEEP_OK;
    void *dflags = hout ? dev_alloc(r, n, &st) : NULL;
    void *din = dflags ? dev_alloc(r, bytes, &st) : NULL;
    void *dout = din ? dev_alloc(r, bytes, &st) : NULL;
    void *dcount = dout ? dev_alloc(r, sizeof(size_t), &st) : NULL;
    if (!dcount) {
        if (hout) sw_ok(r, st, "sweep_malloc");
        goto done;
    }
    snprintf(name, sizeof name, "split.%s", tn);
    lg_fill_flags(hflags, n, lg_seed("split.flags"));
    lg_fill_random(hin, es, n, lg_seed(name));
    double gen = now_s() - t0;
    t0 = now_s();
    if (!upload(r, dflags, hflags, n) || !upload(r, din, hin, bytes)) goto done;
    double up = now_s() - t0;
    split_user u = {es, n};
    void *dev[4] = {dflags, din, dout, dcount};
    void *outs[2] = {dout, dcount};
    size_t out_bytes[2] = {bytes, sizeof(size_t)};
    size_t scratch = 0, count = 0;
    double run = 0;
    if (timed_call(r, call_split, dev, &u, outs, out_bytes, 2, &scratch, &run) != 1) {
        r->failed = 1;
        goto done;
    }
    t0 = now_s();
    if (!download(r, hout, dout, bytes) || !download(r, &count, dcount, sizeof count)) goto done;
    double down = now_s() - t0;
    t0 = now_s();
    lc_report rep;
    lc_split(hflags, hin, hout, es, n, count, &rep);
    snprintf(name, sizeof name, "split %s (%zu flagged)", tn, count);
    print_step(r, name, scratch, gen, up, run, down, now_s() - t0, &rep);
done:
    dev_free(r, dcount, sizeof(size_t));
    dev_free(r, dout, bytes);
    dev_free(r, din, bytes);
    dev_free(r, dflags, n);
    host_free(r, hout, bytes);
    host_free(r, hin, bytes);
    host_free(r, hflags, n);
}

/* ---- radix sort ---- */

typedef struct sort_user {
    sweep_dtype dtype;
    size_t n;
    int pairs;
} sort_user;

static sweep_status call_sort(sweep_context *ctx, void *const *dev, const void *user) {
    const sort_user *u = user;
    sweep_sort_desc d = sweep_sort_desc_make(u->dtype);
    if (u->pairs) d.value_size = 4;
    return sweep_radix_sort(ctx, dev[0], dev[1], u->pairs ? dev[2] : NULL, u->pairs ? dev[3] : NULL,
                            u->n, &d);
}

/* keys: u8 random, or u32 permutation keys (with u32 values when pairs). The pairs
 * sort runs in place (keys_out == keys_in, values_out == values_in) so that keys,
 * values and the sort's scratch fit in 80 GB; device memory that does not suffice
 * skips it. */
static void step_sort(lm_run *r, size_t es, int pairs) {
    const size_t n = r->n, bytes = n * es, vbytes = pairs ? n * 4 : 0;
    const char *name = es == 1 ? "radix_sort u8 keys"
                               : (pairs ? "radix_sort u32 pairs in place" : "radix_sort u32 keys");
    double t0 = now_s();
    void *hkeys = host_alloc(r, bytes), *hout = hkeys ? host_alloc(r, bytes) : NULL;
    void *hvals = hout && pairs ? host_alloc(r, vbytes) : NULL;
    sweep_status st = SWEEP_OK;
    void *dev[4] = {NULL, NULL, NULL, NULL};
    int have_host = hout && (!pairs || hvals);
    lg_perm perm = lg_perm_make(lg_seed(name));
    if (!have_host) goto done;
    dev[0] = dev_alloc(r, bytes, &st);
    if (dev[0]) dev[pairs ? 2 : 1] = dev_alloc(r, pairs ? vbytes : bytes, &st);
    if (pairs) {
        dev[1] = dev[0];
        dev[3] = dev[2];
    }
    if (!dev[pairs ? 2 : 1]) {
        if (pairs && st == SWEEP_ERR_OUT_OF_MEMORY) {
            printf("%-28s SKIP: the device cannot hold keys and values (%s)\n", name,
                   sweep_last_error());
            r->skipped = 1;
        } else {
            sw_ok(r, st, "sweep_malloc");
        }
        goto done;
    }
    if (es == 1)
        lg_fill_random(hkeys, 1, n, lg_seed(name));
    else
        lg_fill_perm_keys(hkeys, hvals, n, &perm);
    double gen = now_s() - t0;
    t0 = now_s();
    if (!upload(r, dev[0], hkeys, bytes) || (pairs && !upload(r, dev[2], hvals, vbytes))) goto done;
    double up = now_s() - t0;
    sort_user u = {es == 1 ? SWEEP_U8 : SWEEP_U32, n, pairs};
    void *outs[2] = {dev[1], dev[3]};
    size_t out_bytes[2] = {bytes, vbytes};
    size_t scratch = 0;
    double run = 0;
    /* in place, the outputs are the inputs: nothing to poison */
    int called = timed_call(r, call_sort, dev, &u, outs, out_bytes, pairs ? 0 : 1, &scratch, &run);
    if (called == -1 && pairs) {
        /* the scratch on top of keys and values did not fit */
        printf("%-28s SKIP: no room for its scratch (%.2f GiB)\n", name, (double)scratch / GIB);
        r->skipped = 1;
    }
    if (called != 1) {
        if (called == -1 && !pairs) r->failed = 1;
        goto done;
    }
    t0 = now_s();
    /* the values are checked against the keys: the input keys are not needed again */
    if (!download(r, hout, dev[1], bytes) || (pairs && !download(r, hvals, dev[3], vbytes)))
        goto done;
    double down = now_s() - t0;
    t0 = now_s();
    lc_report rep;
    if (es == 1)
        lc_sort_u8(hkeys, hout, n, &rep);
    else
        lc_sort_perm(&perm, hout, pairs ? hvals : NULL, n, &rep);
    print_step(r, name, scratch, gen, up, run, down, now_s() - t0, &rep);
done:
    dev_free(r, dev[2], vbytes);
    if (!pairs) dev_free(r, dev[1], bytes);
    dev_free(r, dev[0], bytes);
    host_free(r, hvals, vbytes);
    host_free(r, hout, bytes);
    host_free(r, hkeys, bytes);
}

/* ---- segmented radix sort ---- */

typedef struct segsort_user {
    size_t n, nseg;
    const size_t *offsets; /* context memory */
} segsort_user;

static sweep_status call_segsort(sweep_context *ctx, void *const *dev, const void *user) {
    const segsort_user *u = user;
    sweep_sort_desc d = sweep_sort_desc_make(SWEEP_U8);
    return sweep_segmented_radix_sort(ctx, dev[0], dev[1], NULL, NULL, u->n, u->offsets, u->nseg,
                                      &d);
}

/* u8 keys in five segments: a short one, one of nearly all keys (about 2^32 at the
 * default n), five keys across index 2^32, an empty one and the last five keys (past
 * 2^32). Smaller n keep the shape around n / 2. Every segment is checked as a u8 sort
 * of its own keys. */
static void step_segsort(lm_run *r) {
    const size_t n = r->n, two32 = (size_t)1 << 32;
    const size_t cut = n > two32 + 2 ? two32 : n / 2 + 3;
    const size_t off[6] = {0, n / 1024, cut - 3, cut + 2, cut + 2, n};
    const size_t nseg = 5;
    const char *name = "segmented_radix_sort u8";
    double t0 = now_s();
    void *hkeys = host_alloc(r, n), *hout = hkeys ? host_alloc(r, n) : NULL;
    sweep_status st = SWEEP_OK;
    void *dev[3] = {NULL, NULL, NULL};
    if (!hout) goto done;
    dev[0] = dev_alloc(r, n, &st);
    if (dev[0]) dev[1] = dev_alloc(r, n, &st);
    if (dev[1]) dev[2] = dev_alloc(r, sizeof off, &st);
    if (!dev[2]) {
        sw_ok(r, st, "sweep_malloc");
        goto done;
    }
    lg_fill_random(hkeys, 1, n, lg_seed(name));
    double gen = now_s() - t0;
    t0 = now_s();
    if (!upload(r, dev[0], hkeys, n) || !upload(r, dev[2], off, sizeof off)) goto done;
    double up = now_s() - t0;
    segsort_user u = {n, nseg, dev[2]};
    size_t scratch = 0;
    double run = 0;
    if (timed_call(r, call_segsort, dev, &u, &dev[1], &n, 1, &scratch, &run) != 1) {
        r->failed = 1;
        goto done;
    }
    t0 = now_s();
    if (!download(r, hout, dev[1], n)) goto done;
    double down = now_s() - t0;
    t0 = now_s();
    lc_report rep;
    memset(&rep, 0, sizeof rep);
    for (size_t s = 0; s < nseg; ++s) {
        lc_report one;
        lc_sort_u8((const uint8_t *)hkeys + off[s], (const uint8_t *)hout + off[s],
                   off[s + 1] - off[s], &one);
        if (one.bad && rep.bad == 0) {
            rep = one;
            rep.first += off[s];
        } else {
            rep.bad += one.bad;
        }
    }
    print_step(r, name, scratch, gen, up, run, down, now_s() - t0, &rep);
done:
    dev_free(r, dev[2], sizeof off);
    dev_free(r, dev[1], n);
    dev_free(r, dev[0], n);
    host_free(r, hout, n);
    host_free(r, hkeys, n);
}

/* ---- histogram ---- */

typedef struct hist_user {
    size_t n;
    void *counts;
} hist_user;

/* Bins of width 1 over [0, 255): samples of 255 fall outside. */
#define LM_BINS 255

static sweep_status call_histogram(sweep_context *ctx, void *const *dev, const void *user) {
    const hist_user *u = user;
    const uint8_t lower = 0, upper = LM_BINS;
    return sweep_histogram_even(ctx, dev[0], SWEEP_U8, u->n, &lower, &upper, LM_BINS, u->counts,
                                SWEEP_U64);
}

static void step_histogram(lm_run *r) {
    const size_t n = r->n, cbytes = LM_BINS * sizeof(uint64_t);
    const char *name = "histogram_even u8";
    double t0 = now_s();
    void *hin = host_alloc(r, n);
    uint64_t counts[LM_BINS];
    sweep_status st = SWEEP_OK;
    void *dev[2] = {NULL, NULL};
    if (!hin) goto done;
    dev[0] = dev_alloc(r, n, &st);
    if (dev[0]) dev[1] = dev_alloc(r, cbytes, &st);
    if (!dev[1]) {
        sw_ok(r, st, "sweep_malloc");
        goto done;
    }
    lg_fill_random(hin, 1, n, lg_seed(name));
    double gen = now_s() - t0;
    t0 = now_s();
    if (!upload(r, dev[0], hin, n)) goto done;
    double up = now_s() - t0;
    hist_user u = {n, dev[1]};
    size_t scratch = 0;
    double run = 0;
    if (timed_call(r, call_histogram, dev, &u, &dev[1], &cbytes, 1, &scratch, &run) != 1) {
        r->failed = 1;
        goto done;
    }
    t0 = now_s();
    if (!download(r, counts, dev[1], cbytes)) goto done;
    double down = now_s() - t0;
    t0 = now_s();
    lc_report rep;
    lc_histogram_u8(hin, n, counts, LM_BINS, &rep);
    print_step(r, name, scratch, gen, up, run, down, now_s() - t0, &rep);
done:
    dev_free(r, dev[1], cbytes);
    dev_free(r, dev[0], n);
    host_free(r, hin, n);
}

static void trim(lm_run *r) {
    sw_ok(r, sweep_context_trim(r->ctx), "sweep_context_trim");
}

static int usage(void) {
    printf("usage: sweep-hardening-large [--backend serial|openmp|cuda|hip] [--n N]\n"
           "                             [--path fused|generic] [--no-pairs]\n"
           "                             [--steps scan,split,sort,segsort,histogram]\n");
    return 2;
}

/* Whether the comma-separated list names step (NULL: every step). */
static int wanted(const char *list, const char *step) {
    if (!list) return 1;
    const size_t len = strlen(step);
    for (const char *p = list; *p;) {
        const char *end = strchr(p, ',');
        const size_t n = end ? (size_t)(end - p) : strlen(p);
        if (n == len && strncmp(p, step, n) == 0) return 1;
        if (!end) break;
        p = end + 1;
    }
    return 0;
}

int main(int argc, char **argv) {
    sweep_backend backend = SWEEP_BACKEND_CUDA;
    size_t n = ((size_t)1 << 32) + 7;
    unsigned options = 0;
    int pairs = 1;
    const char *steps = NULL;
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--backend") == 0 && i + 1 < argc) {
            if (!t_parse_backend(argv[++i], &backend)) return usage();
        } else if (strcmp(argv[i], "--n") == 0 && i + 1 < argc) {
            char *end = NULL;
            unsigned long long v = strtoull(argv[++i], &end, 0);
            if (!end || *end || v == 0) return usage();
            n = (size_t)v;
        } else if (strcmp(argv[i], "--path") == 0 && i + 1 < argc) {
            ++i;
            if (strcmp(argv[i], "generic") == 0)
                options = SWEEP_OPTION_GENERIC;
            else if (strcmp(argv[i], "fused") != 0)
                return usage();
        } else if (strcmp(argv[i], "--no-pairs") == 0) {
            pairs = 0;
        } else if (strcmp(argv[i], "--steps") == 0 && i + 1 < argc) {
            steps = argv[++i];
            static const char *const known[] = {"scan", "split", "sort", "segsort", "histogram"};
            for (const char *p = steps; *p;) {
                const char *end = strchr(p, ',');
                const size_t len = end ? (size_t)(end - p) : strlen(p);
                int ok = 0;
                for (unsigned k = 0; k < 5; ++k)
                    ok |= strlen(known[k]) == len && strncmp(p, known[k], len) == 0;
                if (!ok) return usage();
                if (!end) break;
                p = end + 1;
            }
        } else {
            return usage();
        }
    }
    if (t_backend_available(backend) <= 0) return T_EXIT_SKIP;
    lm_run r;
    memset(&r, 0, sizeof r);
    r.n = n;
    r.ctx = t_backend_context(backend, options, 0);
    if (!r.ctx) return 1;
    sweep_backend_info info;
    if (sweep_backend_query(backend, &info) != SWEEP_OK) info.device_name[0] = 0;
    printf("sweep-hardening-large: %s (%s), %s path, n = %zu, host threads %zu\n",
           sweep_backend_name(backend), info.device_name, options ? "generic" : "fused", n,
           lp_threads());
    fflush(stdout);
    double t0 = now_s();
    /* each step gives its cached scratch back, so the next one has the whole device */
    if (wanted(steps, "scan")) {
        step_scan(&r, SWEEP_U8, 1);
        trim(&r);
        step_scan(&r, SWEEP_U32, 4);
        trim(&r);
    }
    if (wanted(steps, "split")) {
        step_split(&r, 1);
        trim(&r);
        step_split(&r, 4);
        trim(&r);
    }
    if (wanted(steps, "sort")) {
        step_sort(&r, 1, 0);
        trim(&r);
        step_sort(&r, 4, 0);
        trim(&r);
        if (pairs) step_sort(&r, 4, 1);
        trim(&r);
    }
    if (wanted(steps, "segsort")) {
        step_segsort(&r);
        trim(&r);
    }
    if (wanted(steps, "histogram")) step_histogram(&r);
    sweep_context_destroy(r.ctx);
    printf("sweep-hardening-large: %s n = %zu: %s in %.1f s (peak device %.2f GiB + scratch, "
           "peak host %.2f GiB)\n",
           sweep_backend_name(backend), n, r.failed ? "FAIL" : "all outputs exact", now_s() - t0,
           (double)r.dev_peak / GIB, (double)r.host_peak / GIB);
    return r.failed ? 1 : 0;
}
