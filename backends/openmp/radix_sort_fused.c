/*
 * radix_sort_fused.c -- fused LSD radix sort. The first read of the keys finds the passes
 * whose digit is the same for every key, which are skipped: with several threads it
 * counts the lowest digit and takes the AND and the OR of the keys' patterns (a digit
 * is constant where they agree); one thread counts every pass's digit at once, since
 * its histograms never need counting again. Each remaining pass is a per-thread count
 * (the first read's for the first pass when that pass moves keys; later passes count
 * their part of the previous output again) followed by a stable, write-combined
 * scatter. Buffers ping-pong between the output and one scratch copy of the keys
 * (and values), ordered so that the last pass lands in the output. Counting every
 * pass in the first read cost an increment per key and pass: on a 16-core machine
 * (2^27 u32 keys) the sort took 213-221 ms with the AND/OR read against 240-307
 * ms. Counting the next pass inside the scatter would save a read of the keys but
 * costs more than the read (one thread, 2^24 u32 keys: 3.5 ns per key and pass
 * against 1.3 + 0.4 for scatter + count): the scatter is bound by its per-key work,
 * not by memory.
 */
#include <string.h>

#include "backend_omp.h"
#include "radix_digits.h"
#include "stream_store.h"

#include <omp.h>

/* Inputs of at least this many bytes (keys and values) stage their scatter through
 * write-combining lines that are streamed to memory whole: each output line is then
 * written once, never read for ownership, and a page is touched once per line
 * instead of once per key. Smaller inputs stay in cache, where direct stores win
 * (on a 2-core machine staging through memcpy was slower: 153 ms against 282 ms
 * for 2^22 u32 keys on one thread). On a 16-core machine (2^27 u32) staging with
 * 1024-byte lines gave 366 M keys/s and 288 M pairs/s, against 322 and 207 with
 * direct stores and 317 and 249 with 64-byte lines. */
#ifndef SWOMP_RADIX_WC_MIN_BYTES
#define SWOMP_RADIX_WC_MIN_BYTES SWOMP_STREAM_MIN_BYTES
#endif
/* ... as long as one thread's staging lines fit in its share of L2 (narrow keys with
 * wide values would need several MiB). */
#define SWOMP_RADIX_WC_MAX_BYTES ((size_t)1 << 20)

typedef struct radix_plan {
    unsigned pass[8]; /* the passes that move keys, in order */
    unsigned count;
} radix_plan;

/* The passes whose histogram has more than one non-empty digit. */
static radix_plan plan_passes(const size_t *counts, size_t team, size_t stride, unsigned passes,
                              size_t n) {
    radix_plan plan = {{0}, 0};
    for (unsigned p = 0; p < passes; p++) {
        int moves = 1;
        for (size_t d = 0; d < 256 && moves; d++) {
            size_t total = 0;
            for (size_t t = 0; t < team; t++)
                total += counts[t * stride + p * 256 + d];
            if (total == n) moves = 0;
        }
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

sweep_status swomp_radix_sort(void *hv, const sweep_kradix *key, const void *keys_in,
                              void *keys_out, const void *values_in, void *values_out, size_t vsize,
                              size_t n, void *scratch, size_t *scratch_bytes) {
    swomp_handle *h = (swomp_handle *)hv;
    size_t ks = key->key_size;
    if (!values_in) vsize = 0;
    int threads = swomp_team(h, n * (ks + vsize));
    unsigned passes = swomp_radix_passes(key);
    size_t all_stride = (size_t)passes * 256,
           wc_bytes = swomp_round(swomp_radix_wc_bytes(ks, vsize));
    int use_wc =
        n * (ks + vsize) >= SWOMP_RADIX_WC_MIN_BYTES && wc_bytes <= SWOMP_RADIX_WC_MAX_BYTES;
    size_t need = swomp_round(n * ks) + swomp_round(n * vsize) +
                  (size_t)threads * swomp_round(all_stride * sizeof(size_t)) +
                  (size_t)threads * swomp_round(256 * sizeof(size_t)) +
                  (size_t)threads * SWOMP_LINE + (use_wc ? (size_t)threads * wc_bytes : 0);
    if (swomp_scratch_query(scratch, scratch_bytes, need)) return SWEEP_OK;

    unsigned char *cur = (unsigned char *)scratch;
    unsigned char *tmp_keys = swomp_carve(&cur, n * ks);
    unsigned char *tmp_values = swomp_carve(&cur, n * vsize);
    size_t *all = swomp_carve(&cur, (size_t)threads * swomp_round(all_stride * sizeof(size_t)));
    size_t *cnt = swomp_carve(&cur, (size_t)threads * swomp_round(256 * sizeof(size_t)));
    /* per thread, one line: the AND and the OR of its keys' patterns */
    uint64_t *spans = swomp_carve(&cur, (size_t)threads * SWOMP_LINE);
    const size_t span_step = SWOMP_LINE / sizeof(uint64_t);
    unsigned char *wc = use_wc ? cur : NULL;
    size_t all_step = swomp_round(all_stride * sizeof(size_t)) / sizeof(size_t);
    size_t cnt_step = swomp_round(256 * sizeof(size_t)) / sizeof(size_t);

    int inplace = keys_in == keys_out || (vsize && values_in == values_out);

#pragma omp parallel num_threads(threads)
    {
        size_t team = (size_t)omp_get_num_threads(), t = (size_t)omp_get_thread_num(), lo, hi;
        swomp_part(n, team, t, &lo, &hi);
        size_t *mine_all = all + t * all_step, *mine = cnt + t * cnt_step;
        radix_plan plan;
        /* counted: cnt holds the per-thread counts of the first moving pass */
        int counted = 0;
        if (team == 1) {
            memset(mine_all, 0, all_stride * sizeof(size_t));
            swomp_radix_count_all(key, keys_in, lo, hi, mine_all);
            plan = plan_passes(all, team, all_step, passes, n);
        } else {
            /* One read counts the lowest digit and finds, through the AND and the OR
             * of the patterns, which digits vary: a count of every digit would cost
             * an increment per key and pass, and later passes count again anyway. */
            uint64_t *span = spans + t * span_step;
            span[0] = ~(uint64_t)0;
            span[1] = 0;
            memset(mine, 0, 256 * sizeof(size_t));
            swomp_radix_count_span(key, keys_in, lo, hi, swomp_radix_shift(key, 0),
                                   swomp_radix_nbits(key, 0), mine, &span[0], &span[1]);
#pragma omp barrier
            uint64_t all_and = ~(uint64_t)0, all_or = 0;
            for (size_t u = 0; u < team; u++) {
                const uint64_t *other = spans + u * span_step;
                all_and &= other[0];
                all_or |= other[1];
            }
            plan = plan_spans(key, all_and, all_or, passes);
            counted = plan.count > 0 && plan.pass[0] == 0;
        }
        /* destination of pass a: scratch first when in place or for an even count */
        int tmp_first = inplace || plan.count % 2 == 0;
        const unsigned char *src = (const unsigned char *)keys_in;
        const unsigned char *vsrc = (const unsigned char *)values_in;
        for (unsigned a = 0; a < plan.count; a++) {
            unsigned p = plan.pass[a], shift = swomp_radix_shift(key, p),
                     nbits = swomp_radix_nbits(key, p);
            int to_tmp = (a % 2 == 0) == tmp_first;
            unsigned char *dst = to_tmp ? tmp_keys : (unsigned char *)keys_out;
            unsigned char *vdst = to_tmp ? tmp_values : (unsigned char *)values_out;
            size_t step = all_step;
            const size_t *counts = all + (size_t)p * 256;
            /* one thread's part is the whole input: the first count holds every pass;
             * with more, each part of the previous pass's output is counted again
             * (the first pass's counts come from the first read unless its digit
             * was constant) */
            if (team > 1) {
                counts = cnt;
                step = cnt_step;
            }
            if (team > 1 && !(a == 0 && counted)) {
                memset(mine, 0, 256 * sizeof(size_t));
                swomp_radix_count(key, src, lo, hi, shift, nbits, mine);
                counts = cnt;
                step = cnt_step;
#pragma omp barrier
            }
            /* this thread's first slot for digit d: keys of smaller digits, then keys
             * of digit d in earlier threads' parts */
            size_t pos[256], run = 0;
            for (size_t d = 0; d < 256; d++) {
                size_t before = 0, total = 0;
                for (size_t u = 0; u < team; u++) {
                    size_t c = counts[u * step + d];
                    if (u < t) before += c;
                    total += c;
                }
                pos[d] = run + before;
                run += total;
            }
            swomp_radix_scatter_range(key, src, dst, vsrc, vdst, vsize, lo, hi, shift, nbits, pos,
                                      wc ? wc + t * wc_bytes : NULL);
#pragma omp barrier
            src = dst;
            vsrc = vdst;
        }
        /* the result is in scratch (in-place sorts with an odd pass count) or still
         * in the input (no pass moved anything) */
        if (src != (const unsigned char *)keys_out) {
            memcpy((unsigned char *)keys_out + lo * ks, src + lo * ks, (hi - lo) * ks);
            if (vsize && vsrc != (const unsigned char *)values_out)
                memcpy((unsigned char *)values_out + lo * vsize, vsrc + lo * vsize,
                       (hi - lo) * vsize);
        } else if (vsize && vsrc != (const unsigned char *)values_out) {
            memcpy((unsigned char *)values_out + lo * vsize, vsrc + lo * vsize, (hi - lo) * vsize);
        }
    }
    return SWEEP_OK;
}
