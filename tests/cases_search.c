/* Vectorised search: lower and upper bounds of needles (sorted, unsorted, drawn from
 * the haystack or not) in a sorted haystack of every dtype, ascending and descending
 * (NaN, -0.0, inf, runs of duplicates, all keys equal), custom comparators, an empty
 * haystack (every answer 0), and an unsorted haystack (every answer within [0, n]).
 * The CPU kernels walk monotone blocks of needles from the previous answer and search
 * other blocks in lockstep: needles reversed, all equal, outside the haystack on both
 * sides and in short sorted runs, with needle counts one either side of a block and of
 * a block at every OpenMP part's end, check both. */
#include "check.h"
#include "comparators.h"
#include "families.h"

#include <stdio.h>
#include <string.h>

enum {
    NEEDLES_RANDOM = 0,
    NEEDLES_SORTED = 1,
    NEEDLES_UNSORTED_HAYSTACK = 2,
    NEEDLES_REVERSED = 3, /* sorted, then reversed */
    NEEDLES_EQUAL = 4,    /* every needle the same key */
    NEEDLES_OUTSIDE = 5,  /* keys from before and after the haystack, mixed */
    NEEDLES_RUNS = 6      /* random, then short runs sorted either way */
};
static const char *needle_names[] = {"random",  "sorted", "unsorted_haystack", "reversed", "equal",
                                     "outside", "runs"};

/* c->dtype, c->c comparator mode, c->d descending, c->kind upper bound, c->n haystack
 * keys, c->m needles, c->a needle layout, c->b 1: duplicates, 2: all keys equal */
static t_result search_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    sweep_dtype dt = (sweep_dtype)c->dtype;
    size_t n = c->n, m = c->m, ks = 0;
    int upper = c->kind;
    sweep_compare cmp;
    o_cmp ocmp;
    sweep_custom_compare *custom = NULL;
    if (!t_sort_comparator(&t, c->c, dt, c->d, &cmp, &ocmp, &custom, &ks)) return t_end(&t);
    t_rng rng;
    t_rng_seed(&rng, c->name);
    unsigned char *raw = t_host(&t, n * ks), *hay = t_host(&t, n * ks);
    /* pool: fresh keys, then scratch (two runs of up to 40 keys for NEEDLES_RUNS) */
    unsigned char *needles = t_host(&t, m * ks), *pool = t_host(&t, (m + 80) * ks);
    size_t *want = t_host(&t, m * sizeof(size_t)), *got = t_host(&t, m * sizeof(size_t));
    if (t.failed) goto done;
    t_gen_sort_keys(&rng, c->c, dt, raw, n, c->b == 1);
    if (c->b == 2)
        for (size_t i = 1; i < n; ++i)
            memcpy(raw + i * ks, raw, ks);
    if (c->a == NEEDLES_UNSORTED_HAYSTACK)
        memcpy(hay, raw, n * ks);
    else if (c->a != NEEDLES_OUTSIDE)
        o_sort(&ocmp, raw, hay, NULL, NULL, 0, n);
    /* needles: haystack keys (hits, the ends of runs) and fresh keys (misses, the IEEE
     * edge values) */
    t_gen_sort_keys(&rng, c->c, dt, pool, m, c->b == 1);
    for (size_t i = 0; i < m; ++i) {
        const unsigned char *src =
            n && t_rng_below(&rng, 2) ? hay + t_rng_below(&rng, n) * ks : pool + i * ks;
        memcpy(needles + i * ks, src, ks);
    }
    if (c->a == NEEDLES_SORTED || c->a == NEEDLES_REVERSED) {
        memcpy(pool, needles, m * ks);
        o_sort(&ocmp, pool, needles, NULL, NULL, 0, m);
    }
    if (c->a == NEEDLES_REVERSED)
        for (size_t i = 0; i < m / 2; ++i) {
            memcpy(pool, needles + i * ks, ks);
            memcpy(needles + i * ks, needles + (m - 1 - i) * ks, ks);
            memcpy(needles + (m - 1 - i) * ks, pool, ks);
        }
    if (c->a == NEEDLES_EQUAL)
        for (size_t i = 1; i < m; ++i)
            memcpy(needles + i * ks, needles, ks);
    if (c->a == NEEDLES_RUNS)
        for (size_t i = 0; i < m;) {
            size_t run = 1 + (size_t)t_rng_below(&rng, 40);
            if (run > m - i) run = m - i;
            int reverse = (int)t_rng_below(&rng, 2);
            memcpy(pool, needles + i * ks, run * ks);
            o_sort(&ocmp, pool, pool + run * ks, NULL, NULL, 0, run);
            for (size_t k = 0; k < run; ++k)
                memcpy(needles + (i + k) * ks, pool + (run + (reverse ? run - 1 - k : k)) * ks, ks);
            i += run;
        }
    if (c->a == NEEDLES_OUTSIDE && !t.failed) {
        /* n + m sorted keys: the middle n are the haystack, the m/2 before and the
         * rest after are the needles, taken from either side at random */
        unsigned char *all = t_host(&t, (n + m) * ks), *sorted = t_host(&t, (n + m) * ks);
        if (t.failed) goto done;
        t_gen_sort_keys(&rng, c->c, dt, all, n + m, c->b == 1);
        o_sort(&ocmp, all, sorted, NULL, NULL, 0, n + m);
        const size_t below = m / 2, above = m - below;
        memcpy(hay, sorted + below * ks, n * ks);
        for (size_t i = 0; i < m; ++i) {
            int low = below && (!above || t_rng_below(&rng, 2));
            size_t at = low ? (size_t)t_rng_below(&rng, below)
                            : below + n + (size_t)t_rng_below(&rng, above);
            memcpy(needles + i * ks, sorted + at * ks, ks);
        }
    }
    if (c->a != NEEDLES_UNSORTED_HAYSTACK) o_bounds(&ocmp, hay, n, needles, m, upper, want);

    void *d_hay = t_dev_upload(&t, hay, n * ks);
    void *d_needles = t_dev_upload(&t, needles, m * ks);
    size_t *d_out = t_dev_poisoned(&t, m * sizeof(size_t));
    if (t.failed) goto done;
    sweep_status st = upper ? sweep_upper_bound(env->ctx, d_hay, n, d_needles, m, d_out, cmp)
                            : sweep_lower_bound(env->ctx, d_hay, n, d_needles, m, d_out, cmp);
    if (custom && t_runtime_compiler_missing(env, st)) {
        t_skip(&t, "no runtime compiler for the custom comparator: %s", sweep_last_error());
        goto done;
    }
    if (!t_ok(&t, st, upper ? "sweep_upper_bound" : "sweep_lower_bound")) goto done;
    if (!t_download(&t, got, d_out, m * sizeof(size_t), "out")) goto done;
    if (c->a == NEEDLES_UNSORTED_HAYSTACK) {
        /* no order to find: every answer must still be an index in [0, n] */
        for (size_t i = 0; i < m; ++i)
            if (got[i] > n) {
                t_fail(&t, "out[%zu] = %zu exceeds n = %zu (unsorted haystack)", i, got[i], n);
                break;
            }
    } else {
        t_compare_bytes(&t, "out", got, want, m, sizeof(size_t));
    }
done:;
    t_result res = t_end(&t);
    sweep_custom_compare_destroy(custom);
    return res;
}

static void add(t_registry *r, t_case *c) {
    char what[48];
    if (c->c == CMP_BUILTIN)
        snprintf(what, sizeof what, "%s.%s", sweep_dtype_name((sweep_dtype)c->dtype),
                 c->d ? "desc" : "asc");
    else
        snprintf(what, sizeof what, "custom_%s", t_comparator_name(c->c));
    t_register(r, c, "search.%s.%s.%s.n%zu.m%zu%s", c->kind ? "upper" : "lower", what,
               needle_names[c->a], c->n, c->m,
               c->b == 2   ? ".all_equal"
               : c->b == 1 ? ".dups"
                           : "");
}

void t_register_search(t_registry *r) {
    t_case c;
    memset(&c, 0, sizeof c);
    c.family = "search";
    c.fn = search_case;
    static const struct {
        size_t n, m;
    } sizes[] = {{0, 7}, {1, 5}, {2, 33}, {33, 1}, {1000, 1000}, {4097, 333}, {100003, 2001}};
    unsigned k = 0;
    for (int dt = 0; dt < SWEEP_DTYPE_COUNT; ++dt)
        for (int desc = 0; desc < 2; ++desc)
            for (int upper = 0; upper < 2; ++upper)
                for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; ++s, ++k) {
                    c.dtype = dt;
                    c.c = CMP_BUILTIN;
                    c.d = desc;
                    c.kind = upper;
                    c.n = sizes[s].n;
                    c.m = sizes[s].m;
                    c.a = (int)(k % 2);
                    c.b = k % 5 == 2 ? 2 : (int)(k % 2);
                    add(r, &c);
                }
    /* no needles: nothing written */
    c.dtype = SWEEP_U32;
    c.c = CMP_BUILTIN;
    c.d = 0;
    c.kind = 0;
    c.n = 100;
    c.m = 0;
    c.a = NEEDLES_RANDOM;
    c.b = 0;
    add(r, &c);
    /* many needles, sorted and not, in a large haystack */
    static const sweep_dtype big[] = {SWEEP_U32, SWEEP_F64, SWEEP_I16, SWEEP_F32};
    for (unsigned b = 0; b < sizeof big / sizeof big[0]; ++b, ++k) {
        c.dtype = big[b];
        c.d = (int)(b % 2);
        c.kind = (int)(b / 2);
        c.n = (1u << 20) + 3;
        c.m = 300007;
        c.a = (int)(b % 2 == 0);
        c.b = (int)(b % 2);
        add(r, &c);
    }
    /* unsorted haystacks */
    for (int upper = 0; upper < 2; ++upper) {
        c.dtype = SWEEP_I32;
        c.d = 0;
        c.kind = upper;
        c.n = 5000;
        c.m = 3000;
        c.a = NEEDLES_UNSORTED_HAYSTACK;
        c.b = 0;
        add(r, &c);
    }
    /* the CPU kernels' block walks: every dtype and needle layout, one to a few
     * blocks of needles (a block is 16) in small haystacks */
    static const int layouts[] = {NEEDLES_RANDOM, NEEDLES_SORTED,  NEEDLES_REVERSED,
                                  NEEDLES_EQUAL,  NEEDLES_OUTSIDE, NEEDLES_RUNS};
    static const struct {
        size_t n, m;
    } block_sizes[] = {{1, 15}, {1, 17}, {2, 16}, {17, 31}, {1000, 33}, {4099, 300}};
    const unsigned nblock = sizeof block_sizes / sizeof block_sizes[0];
    for (int dt = 0; dt < SWEEP_DTYPE_COUNT; ++dt)
        for (unsigned l = 0; l < sizeof layouts / sizeof layouts[0]; ++l, ++k) {
            c.dtype = dt;
            c.c = CMP_BUILTIN;
            c.d = (int)(k % 2);
            c.kind = (int)(k / 2 % 2);
            c.n = block_sizes[(unsigned)dt % nblock].n;
            c.m = block_sizes[(unsigned)dt % nblock].m;
            if (layouts[l] == NEEDLES_RANDOM || layouts[l] == NEEDLES_SORTED) {
                c.n = block_sizes[(unsigned)(dt + 1) % nblock].n + 1;
                c.m = block_sizes[(unsigned)(dt + 1) % nblock].m;
            }
            c.a = layouts[l];
            c.b = k % 3 == 1 ? 1 : (k % 7 == 3 && layouts[l] != NEEDLES_OUTSIDE ? 2 : 0);
            add(r, &c);
        }
    /* needle counts whose OpenMP parts (8 with 2 threads) end one before, at and one
     * after a block, and a part one either side of a whole number of blocks; the
     * haystack is sampled first for 4- and 8-byte keys */
    static const size_t part_m[] = {5112, 5119, 5120, 5121, 5128};
    static const sweep_dtype part_dt[] = {SWEEP_U32, SWEEP_F64, SWEEP_I8};
    for (unsigned d = 0; d < sizeof part_dt / sizeof part_dt[0]; ++d)
        for (unsigned s = 0; s < sizeof part_m / sizeof part_m[0]; ++s)
            for (int lay = 0; lay < 3; ++lay, ++k) {
                c.dtype = part_dt[d];
                c.c = CMP_BUILTIN;
                c.d = (int)(d % 2);
                c.kind = (int)(k % 2);
                c.n = 65537;
                c.m = part_m[s];
                c.a = lay == 2 ? NEEDLES_OUTSIDE : lay ? NEEDLES_RUNS : NEEDLES_RANDOM;
                c.b = (int)(s % 2);
                add(r, &c);
            }
    /* haystacks one key either side of 256 KiB, where the CPU kernels start searching
     * a sample of the haystack first */
    static const struct {
        sweep_dtype dt;
        size_t n;
    } sampled[] = {{SWEEP_U32, 65535}, {SWEEP_U32, 65536}, {SWEEP_I64, 32767}, {SWEEP_I64, 32768}};
    for (unsigned s = 0; s < sizeof sampled / sizeof sampled[0]; ++s)
        for (int lay = 0; lay < 2; ++lay, ++k) {
            c.dtype = sampled[s].dt;
            c.c = CMP_BUILTIN;
            c.d = (int)(s % 2);
            c.kind = (int)(k % 2);
            c.n = sampled[s].n;
            c.m = 4111;
            c.a = lay ? NEEDLES_OUTSIDE : NEEDLES_RANDOM;
            c.b = (int)(k % 3 == 0);
            add(r, &c);
        }
    /* custom comparators */
    static const struct {
        size_t n, m;
    } custom_sizes[] = {{0, 3}, {1, 9}, {100, 77}, {20011, 1500}};
    for (int mode = CMP_RECORD; mode <= CMP_REC16; ++mode)
        for (unsigned s = 0; s < sizeof custom_sizes / sizeof custom_sizes[0]; ++s, ++k) {
            c.dtype = SWEEP_U8;
            c.c = mode;
            c.d = 0;
            c.kind = (int)(k % 2);
            c.n = custom_sizes[s].n;
            c.m = custom_sizes[s].m;
            c.a = (int)(s % 2);
            c.b = 1;
            add(r, &c);
        }
    /* custom comparators through the block walks */
    static const int custom_layouts[] = {NEEDLES_REVERSED, NEEDLES_EQUAL, NEEDLES_OUTSIDE,
                                         NEEDLES_RUNS};
    for (unsigned l = 0; l < sizeof custom_layouts / sizeof custom_layouts[0]; ++l)
        for (unsigned s = 0; s < 3; ++s, ++k) {
            static const struct { size_t n, m; } cs[] = {{1, 17}, {1000, 33}, {20011, 5121}};
            c.dtype = SWEEP_U8;
            c.c = (int)(CMP_RECORD + (l + s) % (CMP_REC16 - CMP_RECORD + 1));
            c.d = 0;
            c.kind = (int)(k % 2);
            c.n = cs[s].n;
            c.m = cs[s].m;
            c.a = custom_layouts[l];
            c.b = (int)(s % 2);
            add(r, &c);
        }
}
