/*
 * segmented_sort.c -- fused segmented sort (radix and comparator order). Segments
 * are sorted side by side, one thread each, taken dynamically: up to
 * SWOMP_SEG_INSERTION keys by insertion sort in place, radix order from
 * SWOMP_SEG_RADIX_MIN keys by LSD passes (constant digits skipped), everything else
 * by the merge passes of the fused merge sort (sort_kernels.h). A segment larger than
 * a thread's share of the covered range is left out of that and sorted afterwards by
 * the whole team (the fused radix or merge sort), so a few huge segments keep every
 * thread busy. Each segment's scratch lies at its own offsets in one buffer of n keys
 * and values, so the size query needs no offsets and threads never share a line of
 * scratch they write (segments are disjoint).
 */
#include <string.h>

#include "backend_omp.h"
#include "radix_digits.h"
#include "sort_kernels.h"

#include "pool.h"

#include <host/host_keys.h>

/* Segments up to this many keys: insertion sort (no merge pass pays off). */
#define SWOMP_SEG_INSERTION 32u
/* Radix order from this many keys: LSD passes instead of merge passes. */
#define SWOMP_SEG_RADIX_MIN 256u

/* Radix order on a partial bit range as a comparator: the selected bits of the
 * order-preserving pattern (descending already inverted in it). */
static int masked_less(const void *a, const void *b, void *user) {
    const sweep_kradix *k = (const sweep_kradix *)user;
    const unsigned span = k->end_bit - k->begin_bit;
    const uint64_t mask = span >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << span) - 1;
    const uint64_t ua = (sweep_host_radix_pattern(k, a) >> k->begin_bit) & mask;
    const uint64_t ub = (sweep_host_radix_pattern(k, b) >> k->begin_bit) & mask;
    return ua < ub;
}

/* What one call sorts with. */
typedef struct seg_plan {
    const sweep_kradix *key; /* radix order, or NULL */
    sweep_kcmp cmp;          /* the comparison order of small segments */
    const swomp_sortk *sk;
    size_t ks, vs;
    const unsigned char *kin, *vin;
    unsigned char *kout, *vout, *ktmp, *vtmp;
} seg_plan;

static void copy_range(const seg_plan *p, const unsigned char *ks, const unsigned char *vs,
                       unsigned char *kd, unsigned char *vd, size_t a, size_t m) {
    if (kd != ks) memcpy(kd + a * p->ks, ks + a * p->ks, m * p->ks);
    if (p->vs && vd != vs) memcpy(vd + a * p->vs, vs + a * p->vs, m * p->vs);
}

static unsigned char *at(unsigned char *base, size_t i, size_t size) {
    return size ? base + i * size : NULL;
}

/* LSD radix sort of segment [a, a + m) by one thread, passes ping-ponging between
 * the output and scratch so that the last lands in the output. */
static void radix_one(const seg_plan *p, size_t a, size_t m) {
    const sweep_kradix *k = p->key;
    size_t hist[8 * 256];
    const unsigned passes = swomp_radix_passes(k);
    memset(hist, 0, (size_t)passes * 256 * sizeof(size_t));
    swomp_radix_count_all(k, p->kin + a * p->ks, 0, m, hist);
    unsigned active[8], count = 0;
    for (unsigned q = 0; q < passes; ++q) {
        int moves = 1;
        for (size_t d = 0; d < 256 && moves; ++d)
            if (hist[q * 256 + d] == m) moves = 0;
        if (moves) active[count++] = q;
    }
    const int in_place = p->kin == p->kout;
    if (count == 0) {
        copy_range(p, p->kin, p->vin, p->kout, p->vout, a, m);
        return;
    }
    /* pass j writes the output when count - 1 - j is even; in place, the first pass
     * may not write the output it reads, so it goes to scratch and a copy ends */
    int to_out = count % 2 == 1 && !in_place;
    const unsigned char *src = p->kin + a * p->ks;
    const unsigned char *vsrc = p->vs ? p->vin + a * p->vs : NULL;
    for (unsigned j = 0; j < count; ++j) {
        unsigned char *dst = to_out ? p->kout + a * p->ks : p->ktmp + a * p->ks;
        unsigned char *vdst = p->vs ? (to_out ? p->vout : p->vtmp) + a * p->vs : NULL;
        const unsigned shift = swomp_radix_shift(k, active[j]);
        const unsigned nbits = swomp_radix_nbits(k, active[j]);
        const size_t *h = hist + (size_t)active[j] * 256;
        size_t pos[256], run = 0;
        for (size_t d = 0; d < 256; ++d) {
            pos[d] = run;
            run += h[d];
        }
        swomp_radix_scatter_range(k, src, dst, vsrc, vdst, p->vs, 0, m, shift, nbits, pos, NULL, 0);
        src = dst;
        vsrc = vdst;
        to_out = !to_out;
    }
    if (src != p->kout + a * p->ks) copy_range(p, p->ktmp, p->vtmp, p->kout, p->vout, a, m);
}

/* Merge passes over segment [a, a + m) by one thread: the keys are copied to where
 * the passes end in the output. */
static void merge_one(const seg_plan *p, size_t a, size_t m) {
    const unsigned passes = swomp_sort_passes(m);
    const int from_tmp = passes % 2 == 1;
    unsigned char *xk = from_tmp ? p->ktmp : p->kout, *xv = from_tmp ? p->vtmp : p->vout;
    unsigned char *yk = from_tmp ? p->kout : p->ktmp, *yv = from_tmp ? p->vout : p->vtmp;
    copy_range(p, p->kin, p->vin, xk, xv, a, m);
    swomp_buf x = {xk + a * p->ks, at(xv, a, p->vs)};
    swomp_buf y = {yk + a * p->ks, at(yv, a, p->vs)};
    swomp_sort_range(p->sk, &p->cmp, x, y, m, passes, p->vs);
}

static void sort_one(const seg_plan *p, size_t a, size_t m) {
    if (m <= SWOMP_SEG_INSERTION) {
        copy_range(p, p->kin, p->vin, p->kout, p->vout, a, m);
        if (m > 1) p->sk->insertion(&p->cmp, p->kout + a * p->ks, at(p->vout, a, p->vs), m, p->vs);
    } else if (p->key && m >= SWOMP_SEG_RADIX_MIN) {
        radix_one(p, a, m);
    } else {
        merge_one(p, a, m);
    }
}

/* The whole team's sort of a huge segment, and its scratch (at most that of n keys). */
/* Segments sorted side by side: item i is segments [16i, 16i + 16); a segment beyond
 * a thread's share and worth a team is left for the team (huge is set). */
#define SEG_PER_ITEM ((size_t)16)

typedef struct seg_job {
    const seg_plan *p;
    const size_t *offsets;
    size_t nseg, share, team_min;
    int threads;
    int huge;
} seg_job;

static void sort_item(void *ctx, size_t item, int worker) {
    seg_job *j = (seg_job *)ctx;
    (void)worker;
    const size_t end = (item + 1) * SEG_PER_ITEM < j->nseg ? (item + 1) * SEG_PER_ITEM : j->nseg;
    for (size_t s = item * SEG_PER_ITEM; s < end; ++s) {
        const size_t a = j->offsets[s], m = j->offsets[s + 1] - a;
        if (j->threads > 1 && m > j->share && m >= j->team_min)
            __atomic_store_n(&j->huge, 1, __ATOMIC_RELAXED);
        else
            sort_one(j->p, a, m);
    }
}

static sweep_status team_sort(swomp_handle *h, const seg_plan *p, const sweep_kcmp *custom,
                              size_t a, size_t m, void *scratch, size_t *bytes) {
    const void *ki = p->kin + a * p->ks, *vi = p->vs ? p->vin + a * p->vs : NULL;
    void *ko = p->kout + a * p->ks, *vo = p->vs ? p->vout + a * p->vs : NULL;
    if (p->key) return swomp_radix_sort(h, p->key, ki, ko, vi, vo, p->vs, m, scratch, bytes);
    return swomp_merge_sort(h, custom, ki, ko, vi, vo, p->vs, m, scratch, bytes);
}

sweep_status swomp_segmented_sort(void *hv, const sweep_kradix *key, const sweep_kcmp *cmp,
                                  const void *keys_in, void *keys_out, const void *values_in,
                                  void *values_out, size_t vsize, size_t n, const size_t *offsets,
                                  size_t nseg, void *scratch, size_t *scratch_bytes) {
    swomp_handle *h = (swomp_handle *)hv;
    if (!values_in) vsize = 0;
    /* a built-in comparator is the radix order on every bit */
    sweep_kradix full;
    if (cmp && cmp->kind != SWEEP_COMPARE_CUSTOM) {
        full.dtype = cmp->dtype;
        full.key_size = cmp->key_size;
        full.begin_bit = 0;
        full.end_bit = (unsigned)(8 * cmp->key_size);
        full.descending = cmp->kind == SWEEP_COMPARE_DESCENDING;
        key = &full;
        cmp = NULL;
    }
    seg_plan p;
    memset(&p, 0, sizeof p);
    p.key = key;
    p.ks = key ? key->key_size : cmp->key_size;
    p.vs = vsize;
    sweep_custom_compare masked;
    if (key && key->begin_bit == 0 && key->end_bit == 8 * key->key_size) {
        p.cmp.kind = key->descending ? SWEEP_COMPARE_DESCENDING : SWEEP_COMPARE_ASCENDING;
        p.cmp.dtype = key->dtype;
        p.cmp.key_size = key->key_size;
    } else if (key) {
        memset(&masked, 0, sizeof masked);
        masked.key_size = key->key_size;
        masked.key_align = key->key_size;
        masked.less = masked_less;
        masked.user = (void *)key;
        p.cmp.kind = SWEEP_COMPARE_CUSTOM;
        p.cmp.dtype = key->dtype;
        p.cmp.key_size = key->key_size;
        p.cmp.custom = &masked;
    } else {
        p.cmp = *cmp;
    }
    p.sk = swomp_sortk_for(&p.cmp);

    p.kin = (const unsigned char *)keys_in;
    p.vin = p.vs ? (const unsigned char *)values_in : NULL;
    p.kout = (unsigned char *)keys_out;
    p.vout = p.vs ? (unsigned char *)values_out : NULL;

    size_t team_need = 0;
    team_sort(h, &p, cmp, 0, n, NULL, &team_need);
    size_t own = swomp_round(n * p.ks) + swomp_round(n * p.vs);
    if (swomp_scratch_query(scratch, scratch_bytes, own > team_need ? own : team_need))
        return SWEEP_OK;

    unsigned char *cur = (unsigned char *)scratch;
    p.ktmp = swomp_carve(&cur, n * p.ks);
    p.vtmp = p.vs ? swomp_carve(&cur, n * p.vs) : NULL;

    const size_t covered = offsets[nseg] - offsets[0];
    const int threads = swomp_team(h, covered * (p.ks + p.vs));
    /* a segment beyond a thread's share, and worth a team, waits for one */
    const size_t share = covered / (size_t)threads;
    const size_t team_min = SWOMP_PARALLEL_MIN_BYTES / (p.ks + p.vs);
    seg_job job = {&p, offsets, nseg, share, team_min, threads, 0};
    swomp_pool_run(threads, (nseg + SEG_PER_ITEM - 1) / SEG_PER_ITEM, sort_item, &job);
    const int any_huge = __atomic_load_n(&job.huge, __ATOMIC_RELAXED);
    if (!any_huge) return SWEEP_OK;
    for (size_t s = 0; s < nseg; ++s) {
        const size_t a = offsets[s], m = offsets[s + 1] - a;
        if (!(m > share && m >= team_min)) continue;
        size_t bytes = *scratch_bytes;
        sweep_status st = team_sort(h, &p, cmp, a, m, scratch, &bytes);
        if (st != SWEEP_OK) return st;
    }
    return SWEEP_OK;
}
