/* The two-phase scratch API: measuring calls touch nothing; a caller buffer of the
 * measured size works; one byte less fails with SWEEP_ERR_OUT_OF_MEMORY, a message,
 * and outputs and inputs untouched; going back to the cache works again. */
#include "families.h"
#include "gen.h"
#include "oracle.h"

#include <string.h>

enum {
    S_SCAN,
    S_SEG_OFFSETS,
    S_REDUCE,
    S_SPLIT,
    S_RADIX,
    S_MERGE_SORT,
    S_MERGE,
    S_SEGSORT,
    S_SEARCH,
    S_UNIQUE_BY_KEY,
    S_COUNT
};
static const char *prim_names[] = {
    "scan",  "segmented_scan_offsets", "reduce",      "split",        "radix_sort", "merge_sort",
    "merge", "segmented_radix_sort",   "lower_bound", "unique_by_key"};

/* One primitive's inputs and expected outputs (host), element sizes, output counts. */
typedef struct s_setup {
    size_t n, na, nseg;
    size_t in_bytes, out_bytes, vout_bytes;
    unsigned char *in, *vin, *want, *vwant;
    uint8_t *flags;
    size_t *offsets;
} s_setup;

/* Device copies of the inputs in one context. */
typedef struct s_dev {
    void *in, *vin, *flags, *offsets;
} s_dev;

static int setup(t_state *t, int prim, size_t n, s_setup *s) {
    memset(s, 0, sizeof *s);
    t_rng rng;
    t_rng_seed(&rng, prim_names[prim]);
    s->n = n;
    s->na = n / 3;
    size_t es = prim == S_SPLIT ? 2 : (prim == S_MERGE_SORT ? 8 : 4);
    size_t vs = prim == S_SPLIT || prim == S_UNIQUE_BY_KEY
                    ? 8
                    : (prim == S_RADIX || prim == S_SEGSORT ? 4 : 0);
    s->in_bytes = n * es;
    s->out_bytes = prim == S_REDUCE ? es : prim == S_SEARCH ? n * sizeof(size_t) : n * es;
    s->vout_bytes = n * vs;
    s->in = t_host(t, s->in_bytes);
    s->vin = t_host(t, s->vout_bytes);
    s->want = t_host(t, s->out_bytes > s->in_bytes ? s->out_bytes : s->in_bytes);
    s->vwant = t_host(t, s->vout_bytes);
    s->flags = t_host(t, n);
    s->offsets = t_host(t, 4 * sizeof *s->offsets);
    if (t->failed) return 0;
    t_gen_values(&rng, s->vin, vs, n);
    t_gen_flags(&rng, s->flags, n, 500);
    o_op sum = o_builtin(SWEEP_OP_SUM, SWEEP_I32);
    switch (prim) {
    case S_SCAN:
        t_gen_op_input(&rng, SWEEP_I32, SWEEP_OP_SUM, s->in, n);
        o_scan(&sum, s->in, NULL, s->want, n, 1);
        break;
    case S_SEG_OFFSETS:
        t_gen_op_input(&rng, SWEEP_I32, SWEEP_OP_SUM, s->in, n);
        s->nseg = 3;
        s->offsets[0] = 5;
        s->offsets[1] = n / 2;
        s->offsets[2] = n / 2;
        s->offsets[3] = n - 7;
        t_poison(s->want, s->out_bytes);
        o_scan_offsets(&sum, s->in, s->offsets, 3, s->want, 0);
        break;
    case S_REDUCE:
        t_gen_op_input(&rng, SWEEP_I32, SWEEP_OP_SUM, s->in, n);
        o_reduce(&sum, s->in, n, s->want);
        break;
    case S_SPLIT:
        t_gen_bytes(&rng, s->in, s->in_bytes);
        o_split(s->flags, s->in, s->want, 2, s->vin, s->vwant, 8, n, 1);
        break;
    case S_RADIX:
        t_gen_keys(&rng, SWEEP_U32, s->in, n, 0);
        o_radix_sort(SWEEP_U32, s->in, s->want, s->vin, s->vwant, 4, n, 0, 32, 0);
        break;
    case S_SEGSORT: {
        sweep_sort_desc desc = sweep_sort_desc_make(SWEEP_U32);
        t_gen_keys(&rng, SWEEP_U32, s->in, n, 0);
        s->nseg = 3;
        s->offsets[0] = 5;
        s->offsets[1] = n / 2;
        s->offsets[2] = n / 2;
        s->offsets[3] = n - 7;
        t_poison(s->want, s->out_bytes);
        t_poison(s->vwant, s->vout_bytes);
        o_segmented_sort(NULL, &desc, s->in, s->want, s->vin, s->vwant, 4, s->offsets, 3);
        break;
    }
    case S_SEARCH: {
        /* the lower bound of every key of a sorted haystack in itself */
        o_cmp cmp = o_cmp_builtin(SWEEP_U32, 0);
        t_gen_keys(&rng, SWEEP_U32, s->want, n, 1);
        o_sort(&cmp, s->want, s->in, NULL, NULL, 0, n);
        o_bounds(&cmp, s->in, n, s->in, n, 0, (size_t *)(void *)s->want);
        break;
    }
    case S_UNIQUE_BY_KEY: /* out past the kept keys stays poisoned */
        t_gen_runs(&rng, SWEEP_U32, s->in, n, T_RUNS_SHORT);
        t_poison(s->want, s->out_bytes);
        t_poison(s->vwant, s->vout_bytes);
        o_unique(s->in, 4, s->vin, 8, n, s->want, s->vwant);
        break;
    case S_MERGE_SORT: {
        o_cmp cmp = o_cmp_builtin(SWEEP_F64, 0);
        t_gen_keys(&rng, SWEEP_F64, s->in, n, 0);
        o_sort(&cmp, s->in, s->want, NULL, NULL, 0, n);
        break;
    }
    default: {
        o_cmp cmp = o_cmp_builtin(SWEEP_U32, 0);
        t_gen_keys(&rng, SWEEP_U32, s->want, n, 1);
        o_sort(&cmp, s->want, s->in, NULL, NULL, 0, s->na);
        o_sort(&cmp, s->want + 4 * s->na, s->in + 4 * s->na, NULL, NULL, 0, n - s->na);
        o_merge(&cmp, s->in, NULL, s->na, s->in + 4 * s->na, NULL, n - s->na, s->want, NULL, 0);
    }
    }
    return 1;
}

static sweep_status run(sweep_context *ctx, int prim, const s_setup *s, const s_dev *d, void *out,
                        void *vout) {
    size_t n = s->n;
    switch (prim) {
    case S_SCAN:
        return sweep_scan(ctx, sweep_op_builtin(SWEEP_OP_SUM, SWEEP_I32), d->in, out, n,
                          SWEEP_EXCLUSIVE);
    case S_SEG_OFFSETS:
        return sweep_segmented_scan_offsets(ctx, sweep_op_builtin(SWEEP_OP_SUM, SWEEP_I32), d->in,
                                            out, n, d->offsets, s->nseg, SWEEP_INCLUSIVE);
    case S_REDUCE:
        return sweep_reduce(ctx, sweep_op_builtin(SWEEP_OP_SUM, SWEEP_I32), d->in, n, out);
    case S_SPLIT: return sweep_split(ctx, d->flags, d->in, out, 2, d->vin, vout, 8, n, NULL);
    case S_RADIX: {
        sweep_sort_desc desc = sweep_sort_desc_make(SWEEP_U32);
        desc.value_size = 4;
        return sweep_radix_sort(ctx, d->in, out, d->vin, vout, n, &desc);
    }
    case S_UNIQUE_BY_KEY:
        return sweep_unique_by_key(ctx, d->in, d->vin, out, vout, SWEEP_U32, 8, n, NULL);
    case S_MERGE_SORT:
        return sweep_merge_sort(ctx, d->in, out, NULL, NULL, 0, n,
                                sweep_compare_builtin(SWEEP_F64, 0));
    case S_SEGSORT: {
        sweep_sort_desc desc = sweep_sort_desc_make(SWEEP_U32);
        desc.value_size = 4;
        return sweep_segmented_radix_sort(ctx, d->in, out, d->vin, vout, n, d->offsets, s->nseg,
                                          &desc);
    }
    case S_SEARCH:
        return sweep_lower_bound(ctx, d->in, n, d->in, n, out, sweep_compare_builtin(SWEEP_U32, 0));
    default:
        return sweep_merge(ctx, d->in, NULL, s->na, (unsigned char *)d->in + 4 * s->na, NULL,
                           n - s->na, out, NULL, 0, sweep_compare_builtin(SWEEP_U32, 0));
    }
}

/* Poisoned outputs, the call, and the comparison (expect_ok) or the untouched check. */
static int attempt(t_state *t, int prim, const s_setup *s, const s_dev *d, sweep_status expect,
                   const char *stage) {
    void *out = t_dev_poisoned(t, s->out_bytes);
    void *vout = s->vout_bytes ? t_dev_poisoned(t, s->vout_bytes) : NULL;
    unsigned char *got = t_host(t, s->out_bytes + s->vout_bytes);
    if (t->failed) return 0;
    sweep_status st = run(t->ctx, prim, s, d, out, vout);
    if (st != expect)
        return t_fail(t, "%s: %s returned %s, want %s (%s)", stage, prim_names[prim],
                      sweep_status_string(st), sweep_status_string(expect), sweep_last_error());
    if (expect != SWEEP_OK) {
        const char *m = sweep_last_error();
        if (!m[0]) return t_fail(t, "%s: no message from sweep_last_error()", stage);
        if (!t_expect_poisoned(t, out, s->out_bytes, stage)) return 0;
        return !vout || t_expect_poisoned(t, vout, s->vout_bytes, stage);
    }
    if (!t_download(t, got, out, s->out_bytes, stage)) return 0;
    if (!t_compare_bytes(t, stage, got, s->want, s->out_bytes, 1)) return 0;
    if (!vout) return 1;
    return t_download(t, got, vout, s->vout_bytes, stage) &&
           t_compare_bytes(t, stage, got, s->vwant, s->vout_bytes, 1);
}

/* c->a primitive, c->n */
static t_result scratch_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state outer;
    t_begin(&outer, env, msg, len);
    sweep_context *ctx = NULL;
    if (!t_context(&outer, 0, 0, &ctx)) return t_end(&outer);
    /* everything of this case lives in its own context (its scratch state changes) */
    t_env own = {env->backend, env->options, ctx};
    t_state t;
    t_begin(&t, &own, msg, len);
    int prim = c->a;
    s_setup s;
    s_dev d = {0};
    void *buf = NULL;
    size_t need = 0;
    if (!setup(&t, prim, c->n, &s)) goto done;
    d.in = t_dev_upload(&t, s.in, s.in_bytes);
    d.vin = s.vout_bytes ? t_dev_upload(&t, s.vin, s.vout_bytes) : NULL;
    d.flags = t_dev_upload(&t, s.flags, s.n);
    d.offsets = t_dev_upload(&t, s.offsets, 4 * sizeof(size_t));
    if (t.failed) goto done;

    if (!t_ok(&t, sweep_scratch_query_begin(ctx), "sweep_scratch_query_begin")) goto done;
    /* measuring validates and returns SWEEP_OK without touching data */
    void *out = t_dev_poisoned(&t, s.out_bytes);
    void *vout = s.vout_bytes ? t_dev_poisoned(&t, s.vout_bytes) : NULL;
    if (t.failed) goto done;
    sweep_status st = run(ctx, prim, &s, &d, out, vout);
    sweep_status end_st = sweep_scratch_query_end(ctx, &need);
    if (!t_ok(&t, st, "measuring call") || !t_ok(&t, end_st, "sweep_scratch_query_end")) goto done;
    if (!t_expect_poisoned(&t, out, s.out_bytes, "output of a measuring call") ||
        (vout && !t_expect_poisoned(&t, vout, s.vout_bytes, "values of a measuring call")))
        goto done;

    if (need && !t_ok(&t, sweep_malloc(ctx, &buf, need), "sweep_malloc(scratch)")) goto done;
    if (!t_ok(&t, sweep_context_set_scratch(ctx, buf, need), "sweep_context_set_scratch"))
        goto done;
    if (!attempt(&t, prim, &s, &d, SWEEP_OK, "with the measured scratch")) goto done;
    if (need) {
        /* one byte less must fail; for offsets the measured need is an upper bound (the
         * offsets may not hold data while measuring, so the whole input bounds it) */
        size_t too_little = prim == S_SEG_OFFSETS || prim == S_SEGSORT ? need / 2 : need - 1;
        if (!t_ok(&t, sweep_context_set_scratch(ctx, buf, too_little), "sweep_context_set_scratch"))
            goto done;
        if (!attempt(&t, prim, &s, &d, SWEEP_ERR_OUT_OF_MEMORY, "with too little scratch"))
            goto done;
        /* the inputs are intact after the failure */
        unsigned char *back = t_host(&t, s.in_bytes);
        if (!back || !t_download(&t, back, d.in, s.in_bytes, "input") ||
            !t_compare_bytes(&t, "input after SWEEP_ERR_OUT_OF_MEMORY", back, s.in, s.in_bytes, 1))
            goto done;
    }
    if (!t_ok(&t, sweep_context_set_scratch(ctx, NULL, 0), "sweep_context_set_scratch(NULL)"))
        goto done;
    attempt(&t, prim, &s, &d, SWEEP_OK, "back on the caching allocator");
done:;
    t_result res = t_end(&t);
    if (buf) sweep_free(ctx, buf);
    sweep_context_destroy(ctx);
    t_end(&outer);
    return res;
}

/* Measuring several calls reports the largest need, and trim keeps the context usable. */
static t_result scratch_max_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    (void)c;
    t_state outer;
    t_begin(&outer, env, msg, len);
    sweep_context *ctx = NULL;
    if (!t_context(&outer, 0, 0, &ctx)) return t_end(&outer);
    t_env own = {env->backend, env->options, ctx};
    t_state t;
    t_begin(&t, &own, msg, len);
    size_t needs[S_COUNT], all = 0, max = 0;
    s_setup s[S_COUNT];
    s_dev d[S_COUNT];
    memset(d, 0, sizeof d);
    for (int p = 0; p < S_COUNT && !t.failed; ++p) {
        if (!setup(&t, p, 20000, &s[p])) break;
        d[p].in = t_dev_upload(&t, s[p].in, s[p].in_bytes);
        d[p].vin = s[p].vout_bytes ? t_dev_upload(&t, s[p].vin, s[p].vout_bytes) : NULL;
        d[p].flags = t_dev_upload(&t, s[p].flags, s[p].n);
        d[p].offsets = t_dev_upload(&t, s[p].offsets, 4 * sizeof(size_t));
    }
    void *out = t_dev_poisoned(&t, 20000 * 8), *vout = t_dev_poisoned(&t, 20000 * 8);
    if (t.failed) goto done;
    for (int p = 0; p < S_COUNT; ++p) {
        if (!t_ok(&t, sweep_scratch_query_begin(ctx), "sweep_scratch_query_begin") ||
            !t_ok(&t, run(ctx, p, &s[p], &d[p], out, vout), prim_names[p]) ||
            !t_ok(&t, sweep_scratch_query_end(ctx, &needs[p]), "sweep_scratch_query_end"))
            goto done;
        if (needs[p] > max) max = needs[p];
    }
    if (!t_ok(&t, sweep_scratch_query_begin(ctx), "sweep_scratch_query_begin")) goto done;
    for (int p = 0; p < S_COUNT; ++p)
        if (!t_ok(&t, run(ctx, p, &s[p], &d[p], out, vout), prim_names[p])) goto done;
    if (!t_ok(&t, sweep_scratch_query_end(ctx, &all), "sweep_scratch_query_end")) goto done;
    if (all != max) {
        t_fail(&t, "measuring all primitives gave %zu bytes, the largest single need is %zu", all,
               max);
        goto done;
    }
    if (!t_expect_poisoned(&t, out, 20000 * 8, "output of measuring calls")) goto done;
    if (t_ok(&t, sweep_context_trim(ctx), "sweep_context_trim"))
        attempt(&t, S_RADIX, &s[S_RADIX], &d[S_RADIX], SWEEP_OK, "after sweep_context_trim");
done:;
    t_result res = t_end(&t);
    sweep_context_destroy(ctx);
    t_end(&outer);
    return res;
}

void t_register_scratch(t_registry *r) {
    t_case c;
    memset(&c, 0, sizeof c);
    c.family = "scratch";
    c.fn = scratch_case;
    static const size_t sizes[] = {100, 4097, 100003};
    for (int p = 0; p < S_COUNT; ++p)
        for (unsigned s = 0; s < 3; ++s) {
            c.a = p;
            c.n = sizes[s];
            t_register(r, &c, "scratch.%s.n%zu", prim_names[p], c.n);
        }
    c.fn = scratch_max_case;
    t_register(r, &c, "scratch.largest_need_and_trim");
}
