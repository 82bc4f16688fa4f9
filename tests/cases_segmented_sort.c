/* Segmented sorts (radix and comparator order): every dtype ascending and descending
 * (NaN, -0.0, inf, duplicates, all-equal keys), values of 0 to 16 bytes, partial bit
 * ranges, custom comparators, in place; segment layouts from many tiny segments
 * (lengths 0 to 32) to a few huge ones, empty and single-element segments, segments
 * across tile boundaries, elements outside every segment left unwritten. */
#include "check.h"
#include "comparators.h"
#include "families.h"
#include "segments.h"
#include "segsort_check.h"

#include <stdio.h>
#include <string.h>

/* Layouts beyond the shared ones (segments.h). */
enum {
    LAYOUT_TINY = T_LAYOUT_COUNT, /* lengths 0 to 32, uniformly       */
    LAYOUT_MIXED,                 /* tiny ones with a few huge between */
    LAYOUT_FEW_HUGE,              /* three segments, one of most keys  */
    LAYOUT_END
};

static const char *layout_name(int layout) {
    switch (layout) {
    case LAYOUT_TINY: return "tiny";
    case LAYOUT_MIXED: return "mixed";
    case LAYOUT_FEW_HUGE: return "few_huge";
    default: return t_layout_name(layout);
    }
}

static int make_offsets(t_state *t, t_rng *rng, int layout, size_t n, size_t **offsets,
                        size_t *nseg) {
    if (layout < T_LAYOUT_COUNT) return t_make_offsets(t, rng, layout, n, offsets, nseg);
    size_t cap = 2 * n + 16;
    size_t *o = t_host(t, cap * sizeof *o);
    if (!o) return 0;
    size_t k = 0, pos = 0;
    o[k++] = 0;
    if (layout == LAYOUT_FEW_HUGE) {
        o[k++] = n / 10;
        o[k++] = n - n / 20;
    } else {
        while (pos < n && k + 2 < cap) {
            size_t len = t_rng_below(rng, 33);
            if (layout == LAYOUT_MIXED && t_rng_below(rng, 500) == 0) len = n / 5 + 1;
            pos = len < n - pos ? pos + len : n;
            o[k++] = pos;
        }
    }
    o[k++] = n;
    *offsets = o;
    *nseg = k - 1;
    return 1;
}

enum { ORDER_RADIX = -1 };

/* c->dtype, c->a value_size, c->c comparator mode (ORDER_RADIX: the radix sort),
 * c->d descending, c->kind in place, c->b layout, c->op partial bit range (radix),
 * c->m 1: duplicates, 2: all keys equal, c->n */
static t_result segsort_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    sweep_dtype dt = (sweep_dtype)c->dtype;
    size_t n = c->n, vs = (size_t)c->a, ks = sweep_dtype_size(dt);
    int in_place = c->kind, radix = c->c == ORDER_RADIX;
    sweep_compare cmp;
    o_cmp ocmp;
    sweep_custom_compare *custom = NULL;
    sweep_sort_desc desc = sweep_sort_desc_make(dt);
    if (!radix && !t_sort_comparator(&t, c->c, dt, c->d, &cmp, &ocmp, &custom, &ks))
        return t_end(&t);
    if (radix) {
        desc.value_size = vs;
        desc.descending = c->d;
        if (c->op) {
            desc.begin_bit = ks > 1 ? 3 : 1;
            desc.end_bit = (unsigned)(8 * ks) - (ks > 1 ? 2 : 1);
        }
    }
    t_rng rng;
    t_rng_seed(&rng, c->name);
    unsigned char *keys = t_host(&t, n * ks), *vals = t_host(&t, n * vs);
    size_t *offsets = NULL, nseg = 0;
    if (t.failed || !make_offsets(&t, &rng, c->b, n, &offsets, &nseg)) goto done;
    t_gen_sort_keys(&rng, radix ? CMP_BUILTIN : c->c, dt, keys, n, c->m == 1);
    if (c->m == 2)
        for (size_t i = 1; i < n; ++i)
            memcpy(keys + i * ks, keys, ks);
    t_gen_values(&rng, vals, vs, n);
    const t_segsort_call call = {
        n, ks, vs, nseg, keys, vals, offsets, in_place, radix, custom != NULL, desc, cmp, &ocmp};
    t_segsort_check(&t, env, &call);
done:;
    t_result res = t_end(&t);
    sweep_custom_compare_destroy(custom);
    return res;
}

static void add(t_registry *r, t_case *c) {
    const char *order = c->c == ORDER_RADIX ? "radix" : c->c == CMP_BUILTIN ? "merge" : NULL;
    char what[48];
    if (order)
        snprintf(what, sizeof what, "%s.%s.%s", order, sweep_dtype_name((sweep_dtype)c->dtype),
                 c->d ? "desc" : "asc");
    else
        snprintf(what, sizeof what, "custom_%s", t_comparator_name(c->c));
    t_register(r, c, "segmented_sort.%s%s.v%d.%s.n%zu%s%s", what, c->op ? ".bits" : "", c->a,
               layout_name(c->b), c->n, c->kind ? ".inplace" : "",
               c->m == 2   ? ".all_equal"
               : c->m == 1 ? ".dups"
                           : "");
}

void t_register_segmented_sort(t_registry *r) {
    t_case c;
    memset(&c, 0, sizeof c);
    c.family = "segmented_sort";
    c.fn = segsort_case;
    static const int value_sizes[] = {0, 1, 2, 4, 8, 16};
    static const size_t sizes[] = {0, 1, 2, 33, 1000, 5003};
    unsigned k = 0;
    /* every dtype, both orders and directions, sizes and layouts in turn */
    for (int dt = 0; dt < SWEEP_DTYPE_COUNT; ++dt)
        for (int order = ORDER_RADIX; order <= CMP_BUILTIN; ++order)
            for (int desc = 0; desc < 2; ++desc)
                for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; ++s, ++k) {
                    c.dtype = dt;
                    c.c = order;
                    c.d = desc;
                    c.a = value_sizes[k % 6];
                    c.n = sizes[s];
                    c.b = (int)(k % LAYOUT_END);
                    c.kind = k % 4 == 1;
                    c.m = k % 7 == 3 ? 2 : (int)(k % 2);
                    c.op = 0;
                    add(r, &c);
                }
    /* partial bit ranges: equal fields keep input order */
    for (int dt = 0; dt < SWEEP_DTYPE_COUNT; ++dt, ++k) {
        c.dtype = dt;
        c.c = ORDER_RADIX;
        c.d = dt % 2;
        c.a = value_sizes[k % 6];
        c.n = 4001;
        c.b = dt % 2 ? LAYOUT_TINY : T_LAYOUT_RANDOM;
        c.kind = dt % 3 == 0;
        c.m = 1;
        c.op = 1;
        add(r, &c);
    }
    /* every layout at sizes past the CPU tiles and the insertion and radix cut-offs */
    for (int layout = 0; layout < LAYOUT_END; ++layout)
        for (int order = ORDER_RADIX; order <= CMP_BUILTIN; ++order, ++k) {
            static const sweep_dtype dts[] = {SWEEP_U32, SWEEP_F32, SWEEP_I64, SWEEP_F64};
            c.dtype = dts[k % 4];
            c.c = order;
            c.d = layout % 2;
            c.a = value_sizes[(k + 2) % 6];
            c.n = 70001;
            c.b = layout;
            c.kind = layout % 3 == 2;
            c.m = (int)(k % 2);
            c.op = 0;
            add(r, &c);
        }
    /* large inputs: a few huge segments (every thread on one), a million tiny ones */
    static const struct {
        int dt, order, layout, vs, in_place;
    } big[] = {{SWEEP_U32, ORDER_RADIX, LAYOUT_FEW_HUGE, 4, 0},
               {SWEEP_F32, CMP_BUILTIN, LAYOUT_FEW_HUGE, 0, 1},
               {SWEEP_U64, ORDER_RADIX, LAYOUT_TINY, 8, 0},
               {SWEEP_I16, CMP_BUILTIN, LAYOUT_MIXED, 2, 0},
               {SWEEP_F64, ORDER_RADIX, T_LAYOUT_SPARSE, 0, 1},
               {SWEEP_I32, ORDER_RADIX, T_LAYOUT_ONE_BIG, 16, 0}};
    for (unsigned b = 0; b < sizeof big / sizeof big[0]; ++b) {
        c.dtype = big[b].dt;
        c.c = big[b].order;
        c.d = (int)(b % 2);
        c.a = big[b].vs;
        c.n = (1u << 20) + 3;
        c.b = big[b].layout;
        c.kind = big[b].in_place;
        c.m = (int)(b % 2);
        c.op = 0;
        add(r, &c);
    }
    /* custom comparators: records stable in their second field, 3-byte keys,
     * keys ordered by their low half */
    static const size_t custom_sizes[] = {0, 1, 40, 3001, 20011};
    for (int mode = CMP_RECORD; mode <= CMP_REC16; ++mode)
        for (unsigned s = 0; s < sizeof custom_sizes / sizeof custom_sizes[0]; ++s, ++k) {
            c.dtype = SWEEP_U8;
            c.c = mode;
            c.d = 0;
            c.a = value_sizes[k % 6];
            c.n = custom_sizes[s];
            c.b = (int)(k % LAYOUT_END);
            c.kind = s % 3 == 1;
            c.m = 1;
            c.op = 0;
            add(r, &c);
        }
    /* the GPU's size classes and the far side of each */
    t_register_segsort_classes(r);
    t_register_segsort_routes(r);
}
