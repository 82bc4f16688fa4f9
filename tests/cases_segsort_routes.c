/* Segmented sorts at the GPU's routes (backends/gpu/host/segmented_sort.cu): calls of
 * exactly the block sort's tile (4352 keys of up to 4 bytes, 2816 of 8) and one key
 * more, with empty segments at both ends and keys outside every segment, one segment
 * of everything, 8192 segments and one more, mostly empty; as many segments as one
 * block classifies and one more;
 * segments of exactly the shared-memory sort's capacity on the H100 and one key more.
 * Every key width, with and without values, ascending and descending, bit ranges, the
 * built-in comparators, in place. They run on every backend: the CPU's have other
 * thresholds, the results are the same. */
#include "check.h"
#include "comparators.h"
#include "families.h"
#include "segsort_check.h"

#include <stdio.h>
#include <string.h>

/* The GPU's thresholds these cases straddle: the block sort's tile (sm90.cuh:
 * sort_items; the medium segments' bound), the segments one block classifies
 * (segsort_classify.cuh: kSegClassifyOneMax), the calls whose small and medium
 * segments take one launch (segmented_sort.cu: kSegClassesFusedMax); and 8192
 * segments, mostly empty. */
enum {
    GPU_TILE_4 = 4352,
    GPU_TILE_8 = 2816,
    GPU_MANY_SEGS = 8192,
    GPU_CLASSIFY_ONE = 4096,
    GPU_CLASSES_FUSED = 65536
};

/* The shared-memory sort's capacity on the H100 (sm_90 build, nvcc 13): (232448 bytes
 * a block - the kernel's static shared memory, 21568 bytes with 1-byte keys and 1024
 * more for every further key byte) / (2 (key + value bytes)), a multiple of 16; and a
 * bound lowered through the environment (ci/gpu-check.sh runs the family with
 * SWEEP_CUDA_SEGSORT_SHARED_MAX=6000). */
enum {
    SHARED_K1V1 = 52720, /* 1-byte keys with 1-byte values */
    SHARED_K2 = 52464,   /* 2-byte keys alone */
    SHARED_K4 = 25968,   /* 4-byte keys alone */
    SHARED_K4V4 = 12976, /* 4-byte keys with 4-byte values */
    SHARED_K8 = 12720,   /* 8-byte keys alone */
    SHARED_K8V8 = 6352,  /* 8-byte keys with 8-byte values */
    SHARED_K4V16 = 5184, /* 4-byte keys with 16-byte values */
    SHARED_K8V16 = 4240, /* 8-byte keys with 16-byte values */
    SHARED_ENV = 6000
};

/* Segment layouts (c->m). */
enum {
    ROUTE_ONE,    /* c->n keys in all: lengths 0 to 40, empty segments at both ends */
    ROUTE_WHOLE,  /* c->n keys in one segment, nothing outside it                 */
    ROUTE_SPARSE, /* c->op segments, two in three empty, the others 1 or 2 keys    */
    ROUTE_COUNT,  /* c->op segments of 0 to 3 keys                                 */
    ROUTE_SHARED, /* c->b, c->b + 1 and c->b - 1 keys between shorter segments     */
    ROUTE_CLASSES /* c->n keys in all: segments of every class in turn, empty ones */
};

static const char *route_name(int shape) {
    switch (shape) {
    case ROUTE_ONE: return "one";
    case ROUTE_WHOLE: return "whole";
    case ROUTE_SPARSE: return "sparse";
    case ROUTE_COUNT: return "count";
    case ROUTE_CLASSES: return "classes";
    default: return "shared";
    }
}

/* Orders (c->c). */
enum { ORD_RADIX = T_SEGSORT_RADIX, ORD_BITS = T_SEGSORT_BITS, ORD_CMP = T_SEGSORT_CMP };

/* The offsets of a layout: lead keys before the first segment, trail after the last. */
static size_t *route_offsets(t_state *t, t_rng *rng, const t_case *c, size_t *n_out,
                             size_t *nseg_out) {
    const int shape = (int)c->m;
    const size_t lead = shape == ROUTE_WHOLE ? 0 : 3, trail = shape == ROUTE_WHOLE ? 0 : 5;
    size_t cap = 16;
    if (shape == ROUTE_ONE || shape == ROUTE_CLASSES) cap = c->n + 16;
    if (shape == ROUTE_SPARSE || shape == ROUTE_COUNT) cap = (size_t)c->op + 1;
    size_t *o = t_host(t, cap * sizeof *o);
    if (!o) return NULL;
    size_t k = 0;
    o[k++] = lead;
    switch (shape) {
    case ROUTE_ONE:
    case ROUTE_CLASSES: {
        const size_t end = c->n - trail;
        for (int e = 0; e < 4; ++e)
            o[k++] = lead; /* empty segments first */
        while (o[k - 1] < end) {
            size_t len = (size_t)t_rng_below(rng, 41);
            if (shape == ROUTE_CLASSES) {
                /* small, wide small, medium (up to 8-byte keys' tile), empty, large */
                static const size_t lo[] = {1, 65, 257, 0, GPU_TILE_4 + 1};
                static const size_t span[] = {64, 192, GPU_TILE_8 - 256, 1, 1000};
                len = lo[k % 5] + (size_t)t_rng_below(rng, span[k % 5]);
            }
            if (k + 5 >= cap) len = end - o[k - 1]; /* room for the empty ones after */
            o[k] = o[k - 1] + (len < end - o[k - 1] ? len : end - o[k - 1]);
            ++k;
        }
        for (int e = 0; e < 3; ++e)
            o[k++] = end; /* and last */
        break;
    }
    case ROUTE_WHOLE: o[k++] = c->n; break;
    case ROUTE_SPARSE:
        for (size_t s = 0; s < (size_t)c->op; ++s, ++k)
            o[k] = o[k - 1] + (s % 3 ? 0 : s % 2 ? 2 : 1);
        break;
    case ROUTE_COUNT:
        for (size_t s = 0; s < (size_t)c->op; ++s, ++k)
            o[k] = o[k - 1] + s % 4;
        break;
    default: {
        const size_t L = (size_t)c->b;
        const size_t lens[] = {L, 17, L + 1, 0, GPU_TILE_4 + 1, 300, L - 1, 1};
        for (size_t s = 0; s < sizeof lens / sizeof lens[0]; ++s, ++k)
            o[k] = o[k - 1] + lens[s];
        break;
    }
    }
    *nseg_out = k - 1;
    *n_out = o[k - 1] + trail;
    return o;
}

/* c->dtype, c->a value size, c->c order, c->d descending, c->kind in place, c->m
 * layout with c->n, c->op, c->b as it says. Elements before the first segment and after
 * the last must stay as they were (the poison, or the input in place). */
static t_result routes_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    const sweep_dtype dt = (sweep_dtype)c->dtype;
    t_segsort_order o;
    if (!t_segsort_order_make(&t, dt, c->c, c->d, (size_t)c->a, &o)) return t_end(&t);
    t_rng rng;
    t_rng_seed(&rng, c->name);
    size_t n = 0, nseg = 0;
    const size_t *offsets = route_offsets(&t, &rng, c, &n, &nseg);
    /* duplicates in every other case: stability shows in the values */
    if (!t.failed)
        t_segsort_generated(&t, env, &rng, dt, &o, n, (size_t)c->a, nseg, offsets, c->kind,
                            (int)(n % 2));
    t_segsort_order_done(&o);
    return t_end(&t);
}

static void add(t_registry *r, t_case *c) {
    static const char *orders[] = {"radix", "bits", "merge"};
    t_register(r, c, "segmented_sort.routes.%s.%s.%s.v%d.%s.n%zu.len%d.x%d%s",
               sweep_dtype_name((sweep_dtype)c->dtype), orders[c->c], c->d ? "desc" : "asc", c->a,
               route_name((int)c->m), c->n, c->b, c->op, c->kind ? ".inplace" : "");
}

void t_register_segsort_routes(t_registry *r) {
    static const struct {
        int dt, order, desc, vs, in_place, shape;
        size_t n;
        int len, count;
    } cases[] = {
        /* the one-launch sort's capacity and one key more, every key width */
        {SWEEP_U8, ORD_RADIX, 0, 0, 0, ROUTE_ONE, GPU_TILE_4, 0, 0},
        {SWEEP_I8, ORD_BITS, 1, 1, 1, ROUTE_ONE, GPU_TILE_4 + 1, 0, 0},
        {SWEEP_I16, ORD_BITS, 1, 2, 0, ROUTE_ONE, GPU_TILE_4, 0, 0},
        {SWEEP_U16, ORD_RADIX, 0, 0, 1, ROUTE_ONE, GPU_TILE_4 + 1, 0, 0},
        {SWEEP_U32, ORD_RADIX, 0, 0, 0, ROUTE_ONE, GPU_TILE_4, 0, 0},
        {SWEEP_U32, ORD_RADIX, 1, 4, 0, ROUTE_ONE, GPU_TILE_4, 0, 0},
        {SWEEP_U32, ORD_RADIX, 0, 4, 1, ROUTE_ONE, GPU_TILE_4 + 1, 0, 0},
        {SWEEP_F32, ORD_RADIX, 1, 16, 0, ROUTE_ONE, GPU_TILE_4, 0, 0},
        {SWEEP_F32, ORD_CMP, 0, 8, 0, ROUTE_ONE, GPU_TILE_4 + 1, 0, 0},
        {SWEEP_I32, ORD_BITS, 0, 0, 1, ROUTE_ONE, GPU_TILE_4, 0, 0},
        {SWEEP_U64, ORD_RADIX, 0, 0, 0, ROUTE_ONE, GPU_TILE_8, 0, 0},
        {SWEEP_U64, ORD_RADIX, 1, 0, 1, ROUTE_ONE, GPU_TILE_8 + 1, 0, 0},
        {SWEEP_I64, ORD_BITS, 1, 8, 0, ROUTE_ONE, GPU_TILE_8, 0, 0},
        {SWEEP_F64, ORD_CMP, 1, 4, 1, ROUTE_ONE, GPU_TILE_8, 0, 0},
        {SWEEP_F64, ORD_RADIX, 0, 16, 0, ROUTE_ONE, GPU_TILE_8 + 1, 0, 0},
        /* short calls: one key and a few segments */
        {SWEEP_U32, ORD_RADIX, 0, 4, 0, ROUTE_ONE, 9, 0, 0},
        {SWEEP_I64, ORD_CMP, 1, 2, 0, ROUTE_ONE, 100, 0, 0},
        /* one segment of everything */
        {SWEEP_U32, ORD_RADIX, 1, 4, 0, ROUTE_WHOLE, GPU_TILE_4, 0, 0},
        {SWEEP_U32, ORD_BITS, 0, 0, 1, ROUTE_WHOLE, GPU_TILE_4 + 1, 0, 0},
        {SWEEP_U64, ORD_RADIX, 0, 8, 1, ROUTE_WHOLE, GPU_TILE_8, 0, 0},
        {SWEEP_F64, ORD_CMP, 1, 0, 0, ROUTE_WHOLE, GPU_TILE_8 + 1, 0, 0},
        {SWEEP_U8, ORD_RADIX, 1, 16, 0, ROUTE_WHOLE, 1, 0, 0},
        /* as many segments as the one-launch sort walks and one more (mostly empty) */
        {SWEEP_U32, ORD_RADIX, 0, 4, 0, ROUTE_SPARSE, 0, 0, GPU_MANY_SEGS},
        {SWEEP_F32, ORD_CMP, 1, 0, 1, ROUTE_SPARSE, 0, 0, GPU_MANY_SEGS + 1},
        {SWEEP_U8, ORD_RADIX, 1, 2, 0, ROUTE_SPARSE, 0, 0, 3},
        /* as many segments as one block classifies and one more */
        {SWEEP_U32, ORD_RADIX, 1, 4, 0, ROUTE_COUNT, 0, 0, GPU_CLASSIFY_ONE},
        {SWEEP_I64, ORD_BITS, 0, 0, 1, ROUTE_COUNT, 0, 0, GPU_CLASSIFY_ONE + 1},
        /* the shared-memory sort's capacity and one key more */
        {SWEEP_U16, ORD_RADIX, 0, 0, 0, ROUTE_SHARED, 0, SHARED_K2, 0},
        {SWEEP_U8, ORD_BITS, 1, 1, 1, ROUTE_SHARED, 0, SHARED_K1V1, 0},
        {SWEEP_U32, ORD_RADIX, 0, 0, 0, ROUTE_SHARED, 0, SHARED_K4, 0},
        {SWEEP_F32, ORD_CMP, 1, 0, 1, ROUTE_SHARED, 0, SHARED_K4, 0},
        {SWEEP_U32, ORD_RADIX, 1, 4, 0, ROUTE_SHARED, 0, SHARED_K4V4, 0},
        {SWEEP_I32, ORD_BITS, 0, 4, 1, ROUTE_SHARED, 0, SHARED_K4V4, 0},
        {SWEEP_U64, ORD_RADIX, 0, 0, 0, ROUTE_SHARED, 0, SHARED_K8, 0},
        {SWEEP_F64, ORD_CMP, 1, 8, 0, ROUTE_SHARED, 0, SHARED_K8V8, 0},
        {SWEEP_U64, ORD_BITS, 0, 8, 1, ROUTE_SHARED, 0, SHARED_K8V8, 0},
        {SWEEP_F32, ORD_RADIX, 1, 16, 0, ROUTE_SHARED, 0, SHARED_K4V16, 0},
        {SWEEP_I64, ORD_RADIX, 0, 16, 1, ROUTE_SHARED, 0, SHARED_K8V16, 0},
        {SWEEP_U32, ORD_RADIX, 0, 4, 0, ROUTE_SHARED, 0, SHARED_ENV, 0},
        {SWEEP_U64, ORD_CMP, 1, 0, 1, ROUTE_SHARED, 0, SHARED_ENV, 0},
        /* every class, at the one-launch bound of the small and medium segments and one
         * key more */
        {SWEEP_U32, ORD_RADIX, 0, 4, 0, ROUTE_CLASSES, GPU_CLASSES_FUSED, 0, 0},
        {SWEEP_U32, ORD_RADIX, 1, 0, 1, ROUTE_CLASSES, GPU_CLASSES_FUSED + 1, 0, 0},
        {SWEEP_U64, ORD_BITS, 0, 8, 1, ROUTE_CLASSES, GPU_CLASSES_FUSED, 0, 0},
        {SWEEP_F32, ORD_CMP, 1, 16, 0, ROUTE_CLASSES, GPU_CLASSES_FUSED + 1, 0, 0},
        {SWEEP_U8, ORD_RADIX, 1, 2, 0, ROUTE_CLASSES, GPU_CLASSES_FUSED, 0, 0},
    };
    t_case c;
    memset(&c, 0, sizeof c);
    c.family = "segmented_sort";
    c.fn = routes_case;
    for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
        c.dtype = cases[k].dt;
        c.c = cases[k].order;
        c.d = cases[k].desc;
        c.a = cases[k].vs;
        c.kind = cases[k].in_place;
        c.m = (size_t)cases[k].shape;
        c.n = cases[k].n;
        c.b = cases[k].len;
        c.op = cases[k].count;
        add(r, &c);
    }
}
