/* Segmented sorts at the GPU's size classes (backends/gpu/tuning/sm90.cuh): segments
 * of exactly the small cap (64) and one more, the wide small cap (256) and one more,
 * the block sort's tile (4352 keys of up to 4 bytes, 2816 of 8) and one more, as many
 * huge segments as the whole-array sort takes one by one (32) and one more, segments
 * on both sides of its least length (65536), a few huge ones among many large ones,
 * all segments empty, and every class mixed in one call; 8-byte keys with values,
 * descending, bit ranges, the built-in comparators and in place. They run on every
 * backend: the CPU's have other thresholds, the results are the same. */
#include "check.h"
#include "comparators.h"
#include "families.h"
#include "segsort_check.h"

#include <stdio.h>
#include <string.h>

/* The GPU's thresholds these cases straddle (sm90.cuh: SegSmall, SegSmallWide,
 * sort_items, seg_few_large, seg_whole_min). */
enum {
    GPU_SMALL_CAP = 64,
    GPU_WIDE_CAP = 256,
    GPU_TILE_4 = 4352,
    GPU_TILE_8 = 2816,
    GPU_FEW_LARGE = 32,
    GPU_WHOLE_MIN = 65536
};

/* Segment layouts (c->m). */
enum {
    SHAPE_EQUAL, /* c->op segments of c->b keys                               */
    SHAPE_WHOLE, /* c->op segments alternately GPU_WHOLE_MIN - 1 and _MIN keys */
    SHAPE_EMPTY, /* c->op empty segments                                       */
    SHAPE_MIXED, /* c->op segments of every class, empty ones between         */
    SHAPE_AMONG  /* c->op segments of the tile and one more, a few of _MIN     */
};

static const char *shape_name(int shape) {
    switch (shape) {
    case SHAPE_EQUAL: return "equal";
    case SHAPE_WHOLE: return "whole";
    case SHAPE_EMPTY: return "empty";
    case SHAPE_AMONG: return "among";
    default: return "mixed";
    }
}

/* Orders (c->c). */
enum { ORD_RADIX = T_SEGSORT_RADIX, ORD_BITS = T_SEGSORT_BITS, ORD_CMP = T_SEGSORT_CMP };

/* Segment s's length in a layout. */
static size_t shape_len(int shape, size_t len, size_t tile, size_t s) {
    static const size_t mixed[] = {0,   1,    2, 17,   0,  GPU_SMALL_CAP, GPU_SMALL_CAP + 1,
                                   300, 0,    0, 3000, 33, GPU_WIDE_CAP,  GPU_WIDE_CAP + 1,
                                   5,   9000, 1};
    switch (shape) {
    case SHAPE_EQUAL: return len;
    case SHAPE_WHOLE: return s % 2 ? GPU_WHOLE_MIN : GPU_WHOLE_MIN - 1;
    case SHAPE_EMPTY: return 0;
    case SHAPE_AMONG: return s % 20 == 7 ? GPU_WHOLE_MIN : tile + 1;
    default:
        /* the tile and one more between the fixed lengths */
        if (s % 7 == 3) return tile + (s / 7) % 2;
        return mixed[s % (sizeof mixed / sizeof mixed[0])];
    }
}

/* c->dtype, c->a value size, c->b segment length (SHAPE_EQUAL), c->op segments,
 * c->m shape, c->c order, c->d descending, c->kind in place. Elements before the
 * first segment and after the last stay as they were. */
static t_result classes_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    const sweep_dtype dt = (sweep_dtype)c->dtype;
    const size_t ks = sweep_dtype_size(dt);
    const size_t tile = ks == 8 ? GPU_TILE_8 : GPU_TILE_4, nseg = (size_t)c->op;
    const size_t lead = 5, trail = 7;
    t_segsort_order o;
    if (!t_segsort_order_make(&t, dt, c->c, c->d, (size_t)c->a, &o)) return t_end(&t);
    size_t *offsets = t_host(&t, (nseg + 1) * sizeof *offsets);
    if (!t.failed) {
        offsets[0] = lead;
        for (size_t s = 0; s < nseg; ++s)
            offsets[s + 1] = offsets[s] + shape_len(c->m, (size_t)c->b, tile, s);
        const size_t n = offsets[nseg] + trail;
        t_rng rng;
        t_rng_seed(&rng, c->name);
        /* duplicates in every other case: stability shows in the values */
        t_segsort_generated(&t, env, &rng, dt, &o, n, (size_t)c->a, nseg, offsets, c->kind,
                            c->op % 2);
    }
    t_segsort_order_done(&o);
    return t_end(&t);
}

static void add(t_registry *r, t_case *c) {
    static const char *orders[] = {"radix", "bits", "merge"};
    t_register(r, c, "segmented_sort.classes.%s.%s.%s.v%d.%s.len%d.x%d%s",
               sweep_dtype_name((sweep_dtype)c->dtype), orders[c->c], c->d ? "desc" : "asc", c->a,
               shape_name((int)c->m), c->b, c->op, c->kind ? ".inplace" : "");
}

void t_register_segsort_classes(t_registry *r) {
    static const struct {
        int dt, order, desc, vs, in_place, shape, len, count;
    } cases[] = {
        /* the small cap and one more */
        {SWEEP_U32, ORD_RADIX, 0, 4, 0, SHAPE_EQUAL, GPU_SMALL_CAP, 301},
        {SWEEP_U32, ORD_RADIX, 1, 4, 1, SHAPE_EQUAL, GPU_SMALL_CAP + 1, 300},
        {SWEEP_I8, ORD_BITS, 0, 2, 0, SHAPE_EQUAL, GPU_SMALL_CAP, 40},
        {SWEEP_F64, ORD_CMP, 1, 16, 0, SHAPE_EQUAL, GPU_SMALL_CAP + 1, 41},
        /* the wide small cap and one more */
        {SWEEP_F32, ORD_RADIX, 1, 8, 0, SHAPE_EQUAL, GPU_WIDE_CAP, 60},
        {SWEEP_I32, ORD_BITS, 0, 4, 1, SHAPE_EQUAL, GPU_WIDE_CAP + 1, 61},
        {SWEEP_U64, ORD_CMP, 0, 16, 0, SHAPE_EQUAL, GPU_WIDE_CAP, 33},
        {SWEEP_U16, ORD_RADIX, 1, 0, 1, SHAPE_EQUAL, GPU_WIDE_CAP + 1, 34},
        /* the block sort's tile and one more, 4- and 8-byte keys */
        {SWEEP_F32, ORD_RADIX, 0, 0, 0, SHAPE_EQUAL, GPU_TILE_4, 21},
        {SWEEP_U32, ORD_RADIX, 0, 8, 1, SHAPE_EQUAL, GPU_TILE_4 + 1, 20},
        {SWEEP_I16, ORD_BITS, 1, 1, 0, SHAPE_EQUAL, GPU_TILE_4 + 1, 9},
        {SWEEP_U64, ORD_RADIX, 1, 8, 0, SHAPE_EQUAL, GPU_TILE_8, 13},
        {SWEEP_I64, ORD_BITS, 0, 16, 1, SHAPE_EQUAL, GPU_TILE_8 + 1, 12},
        {SWEEP_F64, ORD_CMP, 0, 4, 1, SHAPE_EQUAL, GPU_TILE_8 + 1, 11},
        /* large segments: as many as the whole-array sort takes and one more */
        {SWEEP_U32, ORD_RADIX, 0, 4, 0, SHAPE_EQUAL, GPU_WHOLE_MIN, GPU_FEW_LARGE},
        {SWEEP_U32, ORD_RADIX, 1, 4, 1, SHAPE_EQUAL, GPU_WHOLE_MIN, GPU_FEW_LARGE + 1},
        /* a few large ones on both sides of the whole-array sort's least length */
        {SWEEP_U64, ORD_BITS, 0, 8, 1, SHAPE_WHOLE, 0, 4},
        {SWEEP_F32, ORD_CMP, 1, 0, 0, SHAPE_WHOLE, 0, 3},
        /* more large segments than the whole-array sort takes, a few huge among them */
        {SWEEP_U32, ORD_RADIX, 0, 4, 0, SHAPE_AMONG, 0, 45},
        {SWEEP_U64, ORD_CMP, 1, 8, 1, SHAPE_AMONG, 0, 41},
        /* every segment empty */
        {SWEEP_U32, ORD_RADIX, 0, 4, 0, SHAPE_EMPTY, 0, 1000},
        {SWEEP_F64, ORD_CMP, 1, 8, 1, SHAPE_EMPTY, 0, 3},
        /* every class in one call */
        {SWEEP_U64, ORD_RADIX, 1, 8, 1, SHAPE_MIXED, 0, 150},
        {SWEEP_I32, ORD_BITS, 0, 16, 0, SHAPE_MIXED, 0, 151},
        {SWEEP_F32, ORD_CMP, 0, 4, 0, SHAPE_MIXED, 0, 97},
        {SWEEP_U8, ORD_RADIX, 1, 1, 1, SHAPE_MIXED, 0, 60},
        {SWEEP_F64, ORD_BITS, 1, 2, 0, SHAPE_MIXED, 0, 88},
    };
    t_case c;
    memset(&c, 0, sizeof c);
    c.family = "segmented_sort";
    c.fn = classes_case;
    for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
        c.dtype = cases[k].dt;
        c.c = cases[k].order;
        c.d = cases[k].desc;
        c.a = cases[k].vs;
        c.kind = cases[k].in_place;
        c.m = (size_t)cases[k].shape;
        c.b = cases[k].len;
        c.op = cases[k].count;
        add(r, &c);
    }
}
