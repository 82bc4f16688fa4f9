/*
 * radix_sort_fused.c -- fused LSD radix sort. The first read of the keys finds the passes
 * whose digit is the same for every key, which are skipped, and whether the keys are
 * already in order: with several threads it counts the lowest digit and takes the AND
 * and the OR of the keys' patterns (a digit is constant where they agree); one thread
 * counts every pass's digit at once, since its histograms never need counting again.
 * Keys that never decrease are copied (nothing moves, in place), keys that always
 * decrease are reversed (no two are equal, so the reversal is the stable order), and
 * keys that never increase but hold ties go run by run: the runs of equal keys in
 * reverse order, each run in its own order. The first read checks all three on the
 * way. Each remaining pass is a count per part (the
 * first read's for the first pass when that pass moves keys; later passes count their
 * part of the previous output again) followed by a stable, write-combined scatter.
 * Buffers ping-pong between the output and one scratch copy of the keys (and values),
 * ordered so that the last pass lands in the output. Counting every pass in the first
 * read cost an increment per key and pass: on a 16-core machine (2^27 u32 keys) the
 * sort took 213-221 ms with the AND/OR read against 240-307 ms. Counting the next
 * pass inside the scatter would save a read of the keys but costs more than the read
 * (one thread, 2^24 u32 keys: 3.5 ns per key and pass against 1.3 + 0.4 for scatter +
 * count): the scatter is bound by its per-key work, not by memory.
 *
 * Every phase is a handover of parts to the pool (pool.h): the first read, and per
 * pass a count and a scatter, with the offsets summed between them on the calling
 * thread. No thread waits at a barrier for one that the scheduler runs late.
 */
#include <string.h>

#include "backend_omp.h"
#include "pool.h"
#include "radix_digits.h"
#include "stream_store.h"

/* Inputs of at least this many bytes (keys and values) stage their scatter through
 * write-combining lines that are streamed to memory whole: each output line is then
 * written once, never read for ownership, and a page is touched once per line
 * instead of once per key. Smaller inputs stay in cache, where direct stores win
 * (on a 2-core machine staging through memcpy was slower: 153 ms against 282 ms
 * for 2^22 u32 keys on one thread; 32.5 against 20.1 ms when the staged lines were
 * copied out with plain stores). On a 16-core machine (2^27 u32) staging with
 * 1024-byte lines gave 366 M keys/s and 288 M pairs/s, against 322 and 207 with
 * direct stores and 317 and 249 with 64-byte lines. */
#ifndef SWOMP_RADIX_WC_MIN_BYTES
#define SWOMP_RADIX_WC_MIN_BYTES SWOMP_STREAM_MIN_BYTES
#endif
/* Smaller inputs from this many bytes get staging lines too, which a scatter uses
 * (copying whole lines out, not streaming them) when its output streams collide in
 * the cache (radix_digits.c): one thread sorted 2^22 u32 keys that were sorted but
 * for one key in 22 ms that way, in 125-158 ms by direct stores. */
#define SWOMP_RADIX_STAGE_MIN_BYTES ((size_t)64 << 10)
/* ... as long as one thread's staging lines fit in its share of L2 (narrow keys with
 * wide values would need several MiB). */
#define SWOMP_RADIX_WC_MAX_BYTES ((size_t)1 << 20)

#define SWOMP_RADIX_PART_MIN ((size_t)1 << 16)

typedef struct radix_plan {
    unsigned pass[8]; /* the passes that move keys, in order */
    unsigned count;
} radix_plan;

/* The passes whose histogram has more than one non-empty digit. */
static radix_plan plan_passes(const size_t *counts, unsigned passes, size_t n) {
    radix_plan plan = {{0}, 0};
    for (unsigned p = 0; p < passes; p++) {
        int moves = 1;
        for (size_t d = 0; d < 256 && moves; d++)
            if (counts[p * 256 + d] == n) moves = 0;
        if (moves) plan.pass[plan.count++] = p;
    }
    return plan;
}

/* The passes whose digit differs between some keys: the bits of the AND and the OR
 * of every key's pattern differ there. */
static radix_plan plan_spans(const sweep_kradix *key, uint64_t all_and, uint64_t all_or,
                             unsigned passes) {
    radix_plan plan = {{0}, 0};
    uint64_t differ = all_and ^ all_or;
    for (unsigned p = 0; p < passes; p++) {
        uint64_t mask = ((uint64_t)1 << swomp_radix_nbits(key, p)) - 1;
        if ((differ >> swomp_radix_shift(key, p)) & mask) plan.pass[plan.count++] = p;
    }
    return plan;
}

typedef struct radix_job {
    const sweep_kradix *key;
    size_t n, parts, ks, vsize, cnt_step, wc_bytes;
    size_t *cnt;             /* per part: counts, then first slots */
    swomp_radix_span *spans; /* per part, one line each */
    unsigned char *wc;       /* per worker, or NULL */
    const unsigned char *src, *vsrc;
    unsigned char *dst, *vdst;
    unsigned shift, nbits;
    int stream; /* staged lines are streamed to memory */
} radix_job;

#define SWOMP_SPAN_STEP (SWOMP_LINE / sizeof(swomp_radix_span) + 1)

static void order_part(void *ctx, size_t p, int worker) {
    const radix_job *j = (const radix_job *)ctx;
    size_t lo, hi;
    swomp_radix_span *span = j->spans + p * SWOMP_SPAN_STEP;
    (void)worker;
    swomp_part(j->n, j->parts, p, &lo, &hi);
    swomp_radix_span_init(span);
    swomp_radix_order(j->key, j->src, lo, hi, span);
}

static void first_read(void *ctx, size_t p, int worker) {
    const radix_job *j = (const radix_job *)ctx;
    size_t lo, hi, *mine = j->cnt + p * j->cnt_step;
    swomp_radix_span *span = j->spans + p * SWOMP_SPAN_STEP;
    (void)worker;
    swomp_part(j->n, j->parts, p, &lo, &hi);
    memset(mine, 0, 256 * sizeof(size_t));
    span->all_and = ~(uint64_t)0;
    span->all_or = 0;
    swomp_radix_count_span(j->key, j->src, lo, hi, swomp_radix_shift(j->key, 0),
                           swomp_radix_nbits(j->key, 0), mine, &span->all_and, &span->all_or);
}

static void count_part(void *ctx, size_t p, int worker) {
    const radix_job *j = (const radix_job *)ctx;
    size_t lo, hi, *mine = j->cnt + p * j->cnt_step;
    (void)worker;
    swomp_part(j->n, j->parts, p, &lo, &hi);
    memset(mine, 0, 256 * sizeof(size_t));
    swomp_radix_count(j->key, j->src, lo, hi, j->shift, j->nbits, mine);
}

static void scatter_part(void *ctx, size_t p, int worker) {
    const radix_job *j = (const radix_job *)ctx;
    size_t lo, hi, pos[256];
    swomp_part(j->n, j->parts, p, &lo, &hi);
    memcpy(pos, j->cnt + p * j->cnt_step, sizeof pos);
    swomp_radix_scatter_range(j->key, j->src, j->dst, j->vsrc, j->vdst, j->vsize, lo, hi, j->shift,
                              j->nbits, pos, j->wc ? j->wc + (size_t)worker * j->wc_bytes : NULL,
                              j->stream);
}

/* dst = src (keys and values) over the part. */
static void copy_part(void *ctx, size_t p, int worker) {
    const radix_job *j = (const radix_job *)ctx;
    size_t lo, hi;
    (void)worker;
    swomp_part(j->n, j->parts, p, &lo, &hi);
    if (j->dst != j->src) memcpy(j->dst + lo * j->ks, j->src + lo * j->ks, (hi - lo) * j->ks);
    if (j->vsize && j->vdst != j->vsrc)
        memcpy(j->vdst + lo * j->vsize, j->vsrc + lo * j->vsize, (hi - lo) * j->vsize);
}

/* Reverses elements of size es: out[i] = in[n - 1 - i] for i in [lo, hi); in place
 * (out == in) swaps i with n - 1 - i for i in [lo, hi) below n / 2. */
static void reverse_range(unsigned char *out, const unsigned char *in, size_t es, size_t n,
                          size_t lo, size_t hi) {
    unsigned char t[32];
    if (out != in) {
        for (size_t i = lo; i < hi; i++)
            memcpy(out + i * es, in + (n - 1 - i) * es, es);
        return;
    }
    for (size_t i = lo; i < hi; i++) {
        memcpy(t, out + i * es, es);
        memcpy(out + i * es, out + (n - 1 - i) * es, es);
        memcpy(out + (n - 1 - i) * es, t, es);
    }
}

static void reverse_part(void *ctx, size_t p, int worker) {
    const radix_job *j = (const radix_job *)ctx;
    size_t lo, hi, ks = j->ks, vs = j->vsize;
    (void)worker;
    /* out of place the parts cover every element; in place, the first half */
    size_t span = j->dst == j->src ? j->n / 2 : j->n;
    swomp_part(span, j->parts, p, &lo, &hi);
    reverse_range(j->dst, j->src, ks, j->n, lo, hi);
    if (vs) {
        size_t vspan = j->vdst == j->vsrc ? j->n / 2 : j->n;
        swomp_part(vspan, j->parts, p, &lo, &hi);
        reverse_range(j->vdst, j->vsrc, vs, j->n, lo, hi);
    }
}

/* Keys that never increase, with ties: part p's keys go to their places, its run
 * bounds in the first two counts of its line. */
static void unreverse_part(void *ctx, size_t p, int worker) {
    const radix_job *j = (const radix_job *)ctx;
    size_t lo, hi;
    const size_t *run = j->cnt + p * j->cnt_step;
    (void)worker;
    swomp_part(j->n, j->parts, p, &lo, &hi);
    swomp_radix_unreverse(j->key, j->src, j->dst, j->vsrc, j->vdst, j->vsize, j->n, lo, hi, run[0],
                          run[1]);
}

/* Where the run holding each part's first key starts and the run holding its last
 * key ends, from the parts' spans (first and last sort keys, and how many keys at
 * either end equal them): a run may cross several parts. */
static void run_bounds(radix_job *j) {
    size_t lo, hi, plo, phi;
    j->cnt[0] = 0;
    for (size_t p = 1; p < j->parts; p++) {
        const swomp_radix_span *prev = j->spans + (p - 1) * SWOMP_SPAN_STEP,
                               *me = j->spans + p * SWOMP_SPAN_STEP;
        swomp_part(j->n, j->parts, p - 1, &plo, &phi);
        swomp_part(j->n, j->parts, p, &lo, &hi);
        size_t *run = j->cnt + p * j->cnt_step;
        if (prev->last != me->first)
            run[0] = lo;
        else if (prev->trail == phi - plo)
            run[0] = j->cnt[(p - 1) * j->cnt_step];
        else
            run[0] = phi - prev->trail;
    }
    j->cnt[(j->parts - 1) * j->cnt_step + 1] = j->n;
    for (size_t p = j->parts - 1; p-- > 0;) {
        const swomp_radix_span *me = j->spans + p * SWOMP_SPAN_STEP,
                               *next = j->spans + (p + 1) * SWOMP_SPAN_STEP;
        swomp_part(j->n, j->parts, p, &lo, &hi);
        swomp_part(j->n, j->parts, p + 1, &plo, &phi);
        size_t *run = j->cnt + p * j->cnt_step;
        if (me->last != next->first)
            run[1] = hi;
        else if (next->lead == phi - plo)
            run[1] = j->cnt[(p + 1) * j->cnt_step + 1];
        else
            run[1] = plo + next->lead;
    }
}

/* First slots of every part and digit, in place of the counts: keys of smaller
 * digits, then keys of the digit in earlier parts. */
static void first_slots(size_t *cnt, size_t parts, size_t step) {
    size_t run = 0;
    for (size_t d = 0; d < 256; d++)
        for (size_t p = 0; p < parts; p++) {
            size_t c = cnt[p * step + d];
            cnt[p * step + d] = run;
            run += c;
        }
}

sweep_status swomp_radix_sort(void *hv, const sweep_kradix *key, const void *keys_in,
                              void *keys_out, const void *values_in, void *values_out, size_t vsize,
                              size_t n, void *scratch, size_t *scratch_bytes) {
    swomp_handle *h = (swomp_handle *)hv;
    size_t ks = key->key_size;
    if (!values_in) vsize = 0;
    unsigned passes = swomp_radix_passes(key);
    /* each pass reads and writes every key (and value) once, counting and scattering:
     * short sorts are passes of work, not one stream of their bytes */
    int threads = swomp_team(h, n * (ks + vsize) * (passes > 2 ? passes / 2 : 1));
    /* a few parts a thread, but none below SWOMP_RADIX_PART_MIN keys: a part's count
     * and scatter set up 256 digits each (2^16 u32 keys on 2 threads: 0.42-0.48 ms in 8
     * parts, against 0.29 for one fork of 2 threads) */
    size_t parts = threads > 1 ? swomp_parts(threads, n / SWOMP_RADIX_PART_MIN) : 1;
    if (threads > 1 && parts < (size_t)threads) parts = (size_t)threads;
    size_t all_stride = (size_t)passes * 256,
           wc_bytes = swomp_round(swomp_radix_wc_bytes(ks, vsize));
    int use_wc =
        n * (ks + vsize) >= SWOMP_RADIX_STAGE_MIN_BYTES && wc_bytes <= SWOMP_RADIX_WC_MAX_BYTES;
    size_t cnt_step = swomp_round(all_stride * sizeof(size_t)) / sizeof(size_t);
    size_t need = swomp_round(n * ks) + swomp_round(n * vsize) + parts * cnt_step * sizeof(size_t) +
                  swomp_round(parts * SWOMP_SPAN_STEP * sizeof(swomp_radix_span)) +
                  (use_wc ? (size_t)threads * wc_bytes : 0);
    if (swomp_scratch_query(scratch, scratch_bytes, need)) return SWEEP_OK;

    unsigned char *cur = (unsigned char *)scratch;
    unsigned char *tmp_keys = swomp_carve(&cur, n * ks);
    unsigned char *tmp_values = swomp_carve(&cur, n * vsize);
    radix_job j;
    memset(&j, 0, sizeof j);
    j.key = key;
    j.n = n;
    j.parts = parts;
    j.ks = ks;
    j.vsize = vsize;
    j.cnt_step = cnt_step;
    j.wc_bytes = wc_bytes;
    j.cnt = swomp_carve(&cur, parts * cnt_step * sizeof(size_t));
    j.spans = swomp_carve(&cur, parts * SWOMP_SPAN_STEP * sizeof(swomp_radix_span));
    j.wc = use_wc ? cur : NULL;
    j.stream = n * (ks + vsize) >= SWOMP_RADIX_WC_MIN_BYTES;
    j.src = (const unsigned char *)keys_in;
    j.vsrc = (const unsigned char *)values_in;

    /* keys already in order are copied, strictly decreasing ones reversed (no two are
     * equal, so the reversal is the stable order); the check stops where neither can
     * hold, within the first keys of each part for random keys */
    swomp_radix_span order;
    swomp_radix_span_init(&order);
    if (parts == 1) {
        swomp_radix_order(key, keys_in, 0, n, &order);
    } else {
        swomp_pool_run(threads, parts, order_part, &j);
        for (size_t p = 0; p < parts; p++)
            swomp_radix_span_join(&order, j.spans + p * SWOMP_SPAN_STEP);
    }
    j.dst = (unsigned char *)keys_out;
    j.vdst = (unsigned char *)values_out;
    if (!order.ascending && order.descending && !order.empty) {
        swomp_pool_run(threads, parts, reverse_part, &j);
        return SWEEP_OK;
    }
    /* keys that never increase but hold ties: the runs of equal keys in reverse order,
     * each in its own order (from a copy in scratch when sorting in place) */
    int inplace = keys_in == keys_out || (vsize && values_in == values_out);
    if (!order.ascending && order.nonincreasing && !order.empty && n >= parts) {
        if (inplace) {
            j.dst = tmp_keys;
            j.vdst = tmp_values;
            if (parts == 1)
                copy_part(&j, 0, 0);
            else
                swomp_pool_run(threads, parts, copy_part, &j);
            j.src = tmp_keys;
            j.vsrc = tmp_values;
            j.dst = (unsigned char *)keys_out;
            j.vdst = (unsigned char *)values_out;
        }
        if (parts == 1) {
            swomp_radix_unreverse(key, j.src, j.dst, j.vsrc, j.vdst, vsize, n, 0, n, 0, n);
        } else {
            run_bounds(&j);
            swomp_pool_run(threads, parts, unreverse_part, &j);
        }
        return SWEEP_OK;
    }

    /* the first read: every pass's counts on one thread, the first digit's and the
     * patterns' AND and OR with several */
    radix_plan plan = {{0}, 0};
    int counted = 0; /* cnt holds the first moving pass's counts per part */
    if (order.ascending) {
        /* already in order: nothing moves */
    } else if (parts == 1) {
        memset(j.cnt, 0, all_stride * sizeof(size_t));
        swomp_radix_count_all(key, keys_in, 0, n, j.cnt);
        plan = plan_passes(j.cnt, passes, n);
    } else {
        swomp_pool_run(threads, parts, first_read, &j);
        uint64_t all_and = ~(uint64_t)0, all_or = 0;
        for (size_t p = 0; p < parts; p++) {
            all_and &= j.spans[p * SWOMP_SPAN_STEP].all_and;
            all_or |= j.spans[p * SWOMP_SPAN_STEP].all_or;
        }
        plan = plan_spans(key, all_and, all_or, passes);
        counted = plan.count > 0 && plan.pass[0] == 0;
    }

    /* destination of pass a: scratch first when in place or for an even count */
    int tmp_first = inplace || plan.count % 2 == 0;
    for (unsigned a = 0; a < plan.count; a++) {
        unsigned p = plan.pass[a];
        int to_tmp = (a % 2 == 0) == tmp_first;
        j.shift = swomp_radix_shift(key, p);
        j.nbits = swomp_radix_nbits(key, p);
        j.dst = to_tmp ? tmp_keys : (unsigned char *)keys_out;
        j.vdst = to_tmp ? tmp_values : (unsigned char *)values_out;
        if (parts == 1) {
            /* one part: the first read counted every pass */
            size_t pos[256], run = 0;
            for (size_t d = 0; d < 256; d++) {
                pos[d] = run;
                run += j.cnt[(size_t)p * 256 + d];
            }
            swomp_radix_scatter_range(key, j.src, j.dst, j.vsrc, j.vdst, vsize, 0, n, j.shift,
                                      j.nbits, pos, j.wc, j.stream);
        } else {
            if (!(a == 0 && counted)) swomp_pool_run(threads, parts, count_part, &j);
            first_slots(j.cnt, parts, cnt_step);
            swomp_pool_run(threads, parts, scatter_part, &j);
        }
        j.src = j.dst;
        j.vsrc = j.vdst;
    }
    /* the result is in scratch (in-place sorts with an odd pass count) or still in the
     * input (no pass moved anything) */
    j.dst = (unsigned char *)keys_out;
    j.vdst = (unsigned char *)values_out;
    if (j.src != j.dst || (vsize && j.vsrc != j.vdst)) {
        if (parts == 1)
            copy_part(&j, 0, 0);
        else
            swomp_pool_run(threads, parts, copy_part, &j);
    }
    return SWEEP_OK;
}
