/*
 * Decoding of every fuzzed call: its primitive, scalar arguments and arrays' places
 * in the arena (the inputs: fuzz_call_inputs.c; the call: fuzz_call_invoke.c; the
 * answers they must give: fuzz_expect.c). Arrays of a call (indices into fz_call.a):
 *   scans, reduces:  0 in, 1 out, 2 head flags / offsets / keys
 *   split, compact:  0 in, 1 out, 2 flags, 3 values_in, 4 values_out, 5 count
 *   sorts:           0 keys_in, 1 keys_out, 3 values_in, 4 values_out
 *   merge:           0 a_keys, 1 out_keys, 2 b_keys, 3 a_values, 4 out_values, 5 b_values
 *   segmented sorts: as sorts, 2 offsets
 *   searches:        0 haystack, 1 out, 2 needles
 *   unique:          0 keys_in, 1 keys_out, 3 values_in, 4 values_out, 5 count
 *   run lengths:     0 in, 1 unique_out, 2 offsets, 4 run_lengths, 5 count
 *   histograms:      0 samples, 1 counts, 2 boundaries
 * A call is decoded valid; with the input's "corrupt" bit one argument is then made
 * invalid in one of the ways sweep.h names, and the call must be refused.
 */
#include "custom.h"
#include "fuzz_call.h"
#include "fuzz_call_shared.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const sweep_custom_op *g_custom;
static const sweep_custom_compare *g_custom_cmp;

void fz_set_custom_op(const sweep_custom_op *op) {
    g_custom = op;
}

void fz_set_custom_compare(const sweep_custom_compare *cmp) {
    g_custom_cmp = cmp;
}

static const char *const fn_names[FZ_PRIMITIVES] = {"sweep_scan",
                                                    "sweep_segmented_scan_flags",
                                                    "sweep_segmented_scan_offsets",
                                                    "sweep_scan_by_key",
                                                    "sweep_reduce",
                                                    "sweep_segmented_reduce",
                                                    "sweep_split",
                                                    "sweep_compact",
                                                    "sweep_radix_sort",
                                                    "sweep_merge_sort",
                                                    "sweep_merge",
                                                    "sweep_segmented_radix_sort",
                                                    "sweep_segmented_merge_sort",
                                                    "sweep_lower_bound",
                                                    "sweep_upper_bound",
                                                    "sweep_unique",
                                                    "sweep_run_length_encode",
                                                    "sweep_nontrivial_runs",
                                                    "sweep_histogram_even"};

/* ------------------------------------------------------------- placement -- */

static size_t cursor_of(const fz_call *c) {
    size_t end = 0;
    for (int i = 0; i < FZ_MAX_ARRAYS; ++i)
        if (c->a[i].off != FZ_NULL && c->a[i].off + c->a[i].bytes > end)
            end = c->a[i].off + c->a[i].bytes;
    return end;
}

/* A fresh array after everything placed so far: a poisoned gap before it, then
 * misalign bytes past a 256-byte boundary. */
static void place(fz_call *c, int idx, size_t bytes, size_t misalign) {
    size_t at = (cursor_of(c) + 64 + 255) & ~(size_t)255;
    c->a[idx].off = at + misalign;
    c->a[idx].bytes = bytes;
}

static void region(fz_call *c, int idx, size_t elem, sweep_dtype float_dtype) {
    fz_region *g = &c->out[c->nout++];
    g->off = c->a[idx].off;
    g->bytes = c->a[idx].bytes;
    g->elem = elem;
    g->float_dtype = float_dtype;
    g->identity = c->fop.kind == SWEEP_OP_MAX ? -INFINITY : INFINITY;
}

/* ----------------------------------------------------------------- decode -- */

/* The operator of an op-taking primitive: a built-in valid pair or the custom one. */
static void decode_op(fz_reader *r, fz_call *c, int custom) {
    sweep_dtype d = (sweep_dtype)(fz_u8(r) % SWEEP_DTYPE_COUNT);
    sweep_op_kind k = (sweep_op_kind)(fz_u8(r) % 7);
    if (is_float(d) && k >= SWEEP_OP_AND) k = (sweep_op_kind)(k - SWEEP_OP_AND + SWEEP_OP_SUM);
    if (custom && g_custom) {
        c->op = sweep_op_custom(g_custom);
        c->fop = t_affine32_oracle();
        return;
    }
    c->op = sweep_op_builtin(k, d);
    c->fop = o_builtin(k, d);
    c->float_sum = is_float(d) && (k == SWEEP_OP_SUM || k == SWEEP_OP_PROD);
}

static sweep_dtype op_float_dtype(const fz_call *c) {
    if (c->fop.kind == SWEEP_OP_CUSTOM || !is_float(c->fop.dtype)) return SWEEP_U8;
    return c->fop.dtype;
}

/* nseg + 1 non-decreasing offsets within [0, n]. */
static void decode_offsets(fz_reader *r, fz_call *c) {
    c->nseg = fz_u8(r) % 10;
    for (size_t s = 0; s <= c->nseg; ++s)
        c->offs[s] = (size_t)(fz_next(r) % (c->n + 1));
    for (size_t i = 1; i <= c->nseg; ++i)
        for (size_t j = i; j > 0 && c->offs[j] < c->offs[j - 1]; --j) {
            size_t t = c->offs[j];
            c->offs[j] = c->offs[j - 1];
            c->offs[j - 1] = t;
        }
}

/* The bound of large calls: 5000 elements span several tiles of every CPU path;
 * SWEEP_FUZZ_MAX_N (81 ... 32768) lowers it for runs that favour executions per
 * second, or raises it to cross several tiles of the GPU kernels too (up to 11264
 * elements a tile). */
static size_t fz_large_n(void) {
    static size_t bound;
    if (!bound) {
        const char *v = getenv("SWEEP_FUZZ_MAX_N");
        long b = v ? atol(v) : 0;
        bound = b > 80 && b <= 32768 ? (size_t)b : 5000;
    }
    return bound;
}

static const size_t sort_value_sizes[6] = {0, 1, 2, 4, 8, 16};
static const size_t bad_value_sizes[4] = {3, 5, 12, 32};

/* What every call decodes before its primitive's own fields: the flag bits, the
 * mutation (-1: none), the misalignments of the arrays (in elements, in bytes),
 * whether the output aliases the input, and the offset of a partial overlap (in
 * elements). */
typedef struct decode_common {
    uint8_t bits;
    int mut;
    size_t elem_mis, byte_mis;
    int alias;
    size_t k;
} decode_common;

#define MUT(id, cond, name, action)                                                                \
    do {                                                                                           \
        if (mut == (id) && (cond)) {                                                               \
            action;                                                                                \
            c->invalid = 1;                                                                        \
            c->mutation = name;                                                                    \
        }                                                                                          \
    } while (0)

/* Scans and reduces: the operator, segment offsets or keys. */
static void decode_scan(fz_reader *r, fz_call *c, const decode_common *d) {
    const uint8_t bits = d->bits;
    const int mut = d->mut;
    const size_t n = c->n;
    const size_t elem_mis = d->elem_mis;
    const size_t byte_mis = d->byte_mis;
    const int alias = d->alias;
    const size_t k = d->k;
    decode_op(r, c, (bits & 0x08) != 0);
    const size_t s = c->fop.size;
    const int segmented_by_offsets = c->prim == FZ_SEGSCAN_OFFSETS || c->prim == FZ_SEGREDUCE;
    if (segmented_by_offsets) decode_offsets(r, c);
    /* segment-offset calls ignore everything else when nseg == 0 */
    const int live = segmented_by_offsets ? c->nseg > 0 : 1;
    place(c, 0, n * s, elem_mis * s);
    if (c->prim == FZ_REDUCE)
        place(c, 1, s, 0);
    else if (c->prim == FZ_SEGREDUCE)
        place(c, 1, c->nseg * s, elem_mis * s);
    else if (alias)
        c->a[1] = c->a[0];
    else
        place(c, 1, n * s, ((elem_mis + 1) & 3) * s);
    if (c->prim == FZ_SEGSCAN_FLAGS) place(c, 2, n, byte_mis);
    if (segmented_by_offsets) place(c, 2, (c->nseg + 1) * sizeof(size_t), 8 * elem_mis);
    if (c->prim == FZ_SCAN_BY_KEY) {
        c->key_dtype = (sweep_dtype)(fz_u8(r) % SWEEP_DTYPE_COUNT);
        size_t ks = sweep_dtype_size(c->key_dtype);
        place(c, 2, n * ks, elem_mis * ks);
    }
    MUT(0, n > 0 && live, "in NULL", c->a[0].off = FZ_NULL);
    MUT(1, (n > 0 || c->prim == FZ_SEGREDUCE) && live, "out NULL", c->a[1].off = FZ_NULL);
    MUT(2, n > 0 && live && c->prim != FZ_SCAN && c->prim != FZ_REDUCE, "aux NULL",
        c->a[2].off = FZ_NULL);
    MUT(3, c->fop.kind != SWEEP_OP_CUSTOM, "unknown dtype",
        c->op.dtype = (sweep_dtype)(SWEEP_DTYPE_COUNT + (int)(fz_next(r) % 3)));
    MUT(4, 1, "unknown op kind", c->op.kind = (sweep_op_kind)(8 + (int)(fz_next(r) % 90)));
    MUT(5, 1, "bitwise op on a float",
        c->op = sweep_op_builtin((sweep_op_kind)(SWEEP_OP_AND + (int)(fz_next(r) % 3)),
                                 (fz_next(r) & 1) ? SWEEP_F32 : SWEEP_F64));
    MUT(6, c->prim != FZ_REDUCE && c->prim != FZ_SEGREDUCE, "unknown scan kind",
        c->kind = (sweep_scan_kind)(2 + (int)(fz_next(r) % 5)));
    MUT(7, c->nseg > 0, "offsets decrease", {
        size_t at = (size_t)(fz_next(r) % c->nseg);
        if (c->offs[at] == 0) c->offs[at] = 1;
        c->offs[at + 1] = c->offs[at] - 1;
    });
    MUT(8, c->nseg > 0, "offsets exceed n", c->offs[c->nseg] = n + 1 + (fz_next(r) % 3));
    MUT(9, c->prim == FZ_SCAN_BY_KEY, "unknown key dtype",
        c->key_dtype = (sweep_dtype)(SWEEP_DTYPE_COUNT + 7));
    MUT(12, live && n >= 2 && c->prim != FZ_REDUCE && c->prim != FZ_SEGREDUCE,
        "out partly overlaps in", {
            c->a[1].off = c->a[0].off + k * s;
            c->a[1].bytes = n * s;
        });
    MUT(12, live && n >= 1 && (c->prim == FZ_REDUCE || c->prim == FZ_SEGREDUCE), "out overlaps in",
        c->a[1].off = c->a[0].off + (k % n) * s);
    MUT(13, 1, "custom op without an operator", c->op = sweep_op_custom(NULL));
    if (!c->invalid) {
        sweep_dtype fd = op_float_dtype(c);
        if (c->fop.kind != SWEEP_OP_MIN && c->fop.kind != SWEEP_OP_MAX) fd = SWEEP_U8;
        region(c, 1, s, fd);
    }
}

/* Split and compaction: element and value sizes, flags, the count. */
static void decode_split(fz_reader *r, fz_call *c, const decode_common *d) {
    const int mut = d->mut;
    const size_t n = c->n;
    const size_t elem_mis = d->elem_mis;
    const size_t byte_mis = d->byte_mis;
    const size_t k = d->k;
    c->elem_size = 1 + fz_u8(r) % 24u;
    const size_t es = c->elem_size;
    c->value_size = c->prim == FZ_SPLIT ? fz_u8(r) % 20u : 0;
    const size_t vs = c->value_size;
    place(c, 0, n * es, byte_mis);
    place(c, 1, n * es, (byte_mis * 7) & 15);
    place(c, 2, n, (byte_mis * 3) & 15);
    if (vs) {
        place(c, 3, n * vs, byte_mis ^ 5);
        place(c, 4, n * vs, byte_mis ^ 9);
    }
    if (c->with_count) place(c, 5, sizeof(size_t), 8 * elem_mis);
    MUT(0, n > 0, "in NULL", c->a[0].off = FZ_NULL);
    MUT(1, n > 0, "out NULL", c->a[1].off = FZ_NULL);
    MUT(2, n > 0, "flags NULL", c->a[2].off = FZ_NULL);
    MUT(11, c->prim == FZ_SPLIT && vs > 0, "value_size without values",
        c->a[3 + (int)(fz_next(r) & 1)].off = FZ_NULL);
    MUT(12, n > 0, "out overlaps in", c->a[1].off = c->a[0].off + (k % n) * es);
    MUT(14, 1, "elem_size 0", c->elem_size = 0);
    MUT(15, c->prim == FZ_SPLIT && vs > 0, "values with value_size 0", c->value_size = 0);
    if (!c->invalid) {
        region(c, 1, 1, SWEEP_U8);
        if (vs) region(c, 4, 1, SWEEP_U8);
        if (c->with_count) region(c, 5, 1, SWEEP_U8);
    }
}

/* Sorts, segmented sorts and merges: keys, values, bits, comparator. */
static void decode_sort(fz_reader *r, fz_call *c, const decode_common *d) {
    const uint8_t bits = d->bits;
    const int mut = d->mut;
    const size_t n = c->n;
    const size_t elem_mis = d->elem_mis;
    const size_t byte_mis = d->byte_mis;
    const int alias = d->alias;
    const size_t k = d->k;
    c->key_dtype = (sweep_dtype)(fz_u8(r) % SWEEP_DTYPE_COUNT);
    const size_t ks = sweep_dtype_size(c->key_dtype);
    c->value_size = sort_value_sizes[fz_u8(r) % 6];
    const size_t vs = c->value_size, va = vs ? vs : 1;
    c->placed_value_size = vs;
    c->placed_key_dtype = c->key_dtype;
    const int descending = (bits & 0x08) != 0;
    c->desc = sweep_sort_desc_make(c->key_dtype);
    c->desc.value_size = vs;
    c->desc.descending = descending;
    const unsigned kbits = (unsigned)(8 * ks);
    c->desc.begin_bit = fz_u8(r) % kbits;
    c->desc.end_bit = c->desc.begin_bit + 1 + fz_u8(r) % (kbits - c->desc.begin_bit);
    c->cmp = sweep_compare_builtin(c->key_dtype, descending);
    const int radix = c->prim == FZ_RADIX_SORT || c->prim == FZ_SEGSORT_RADIX;
    const int segmented = c->prim == FZ_SEGSORT_RADIX || c->prim == FZ_SEGSORT_MERGE;
    /* merges of 4-byte keys by the custom comparator (byte_mis is unused here) */
    if (!radix && ks == 4 && (byte_mis & 1) && g_custom_cmp) {
        c->cmp = sweep_compare_custom(g_custom_cmp);
        c->custom_cmp = 1;
    }
    if (c->prim == FZ_MERGE) {
        c->na = n ? (size_t)(fz_next(r) % (n + 1)) : 0;
        place(c, 0, c->na * ks, elem_mis * ks);
        place(c, 2, (n - c->na) * ks, ((elem_mis + 1) & 3) * ks);
        place(c, 1, n * ks, ((elem_mis + 2) & 3) * ks);
        if (vs) {
            place(c, 3, c->na * vs, elem_mis * vs);
            place(c, 5, (n - c->na) * vs, ((elem_mis + 3) & 3) * vs);
            place(c, 4, n * vs, 0);
        }
    } else {
        place(c, 0, n * ks, elem_mis * ks);
        if (vs) place(c, 3, n * vs, elem_mis * va);
        if (alias) {
            c->a[1] = c->a[0];
            c->a[4] = c->a[3];
        } else {
            place(c, 1, n * ks, ((elem_mis + 1) & 3) * ks);
            if (vs) place(c, 4, n * vs, ((elem_mis + 2) & 3) * va);
        }
    }
    if (segmented) {
        decode_offsets(r, c);
        place(c, 2, (c->nseg + 1) * sizeof(size_t), 8 * elem_mis);
    }
    const int merge = c->prim == FZ_MERGE;
    /* a segmented sort with segments and elements reads its offsets */
    const int live = segmented && n > 0 && c->nseg > 0;
    MUT(0, merge ? c->na > 0 : n > 0, "keys_in / a_keys NULL", c->a[0].off = FZ_NULL);
    MUT(1, n > 0, "keys_out NULL", c->a[1].off = FZ_NULL);
    MUT(2, merge ? n - c->na > 0 : (vs > 0 && n > 0), "b_keys / values_out NULL",
        c->a[merge ? 2 : 4].off = FZ_NULL);
    MUT(3, !c->custom_cmp, "unknown key dtype", {
        c->desc.key_dtype = (sweep_dtype)(SWEEP_DTYPE_COUNT + 2);
        c->cmp.dtype = (sweep_dtype)(SWEEP_DTYPE_COUNT + 2);
    });
    MUT(4, !radix, "unknown compare kind",
        c->cmp.kind = (sweep_compare_kind)(3 + (fz_next(r) % 9)));
    MUT(6, radix, "descending not 0 or 1", c->desc.descending = 2 + (int)(fz_next(r) % 5));
    MUT(9, radix, "begin_bit >= end_bit",
        c->desc.begin_bit = c->desc.end_bit + (unsigned)(fz_next(r) % 2));
    MUT(10, radix, "end_bit beyond the key",
        c->desc.end_bit = kbits + 1 + (unsigned)(fz_next(r) % 40));
    MUT(11, 1, "bad value_size", {
        c->value_size = bad_value_sizes[fz_next(r) % 4];
        c->desc.value_size = c->value_size;
    });
    MUT(12, merge ? c->na > 0 : n >= 2, "output partly overlaps an input",
        c->a[1].off = c->a[0].off + (merge ? k % c->na : k) * ks);
    MUT(13, 1, "descriptor NULL / custom compare NULL", {
        c->desc_ptr = NULL;
        c->cmp = sweep_compare_custom(NULL);
    });
    MUT(15, vs > 0, "values with value_size 0", {
        c->value_size = 0;
        c->desc.value_size = 0;
    });
    MUT(5, live, "offsets NULL", c->a[2].off = FZ_NULL);
    MUT(7, live, "offsets decrease", {
        size_t at = (size_t)(fz_next(r) % c->nseg);
        if (c->offs[at] == 0) c->offs[at] = 1;
        c->offs[at + 1] = c->offs[at] - 1;
    });
    MUT(8, live, "offsets exceed n", c->offs[c->nseg] = n + 1 + (fz_next(r) % 3));
    MUT(14, live, "keys_out over the offsets", {
        c->a[1].off = c->a[2].off;
        c->a[1].bytes = n * ks;
    });
    if (!c->invalid) {
        region(c, 1, 1, SWEEP_U8);
        if (vs) region(c, 4, 1, SWEEP_U8);
    }
}

/* Lower and upper bounds: the haystack, the needles, the comparator. */
static void decode_search(fz_reader *r, fz_call *c, const decode_common *d) {
    const uint8_t bits = d->bits;
    const int mut = d->mut;
    const size_t n = c->n;
    const size_t elem_mis = d->elem_mis;
    const size_t byte_mis = d->byte_mis;
    c->key_dtype = (sweep_dtype)(fz_u8(r) % SWEEP_DTYPE_COUNT);
    const size_t ks = sweep_dtype_size(c->key_dtype);
    c->placed_key_dtype = c->key_dtype;
    c->cmp = sweep_compare_builtin(c->key_dtype, (bits & 0x08) != 0);
    if (ks == 4 && (byte_mis & 1) && g_custom_cmp) {
        c->cmp = sweep_compare_custom(g_custom_cmp);
        c->custom_cmp = 1;
    }
    c->na = fz_u8(r) % 48u; /* needles */
    const size_t nn = c->na;
    place(c, 0, n * ks, elem_mis * ks);
    place(c, 2, nn * ks, ((elem_mis + 1) & 3) * ks);
    place(c, 1, nn * sizeof(size_t), 8 * ((elem_mis + 2) & 3));
    MUT(0, n > 0 && nn > 0, "haystack NULL", c->a[0].off = FZ_NULL);
    MUT(1, nn > 0, "out NULL", c->a[1].off = FZ_NULL);
    MUT(2, nn > 0, "needles NULL", c->a[2].off = FZ_NULL);
    MUT(3, nn > 0 && !c->custom_cmp, "unknown key dtype",
        c->cmp.dtype = (sweep_dtype)(SWEEP_DTYPE_COUNT + 2));
    MUT(4, nn > 0, "unknown compare kind",
        c->cmp.kind = (sweep_compare_kind)(3 + (fz_next(r) % 9)));
    MUT(12, n > 0 && nn > 0, "out overlaps the haystack", c->a[1].off = c->a[0].off);
    MUT(13, nn > 0, "custom compare NULL", c->cmp = sweep_compare_custom(NULL));
    MUT(14, nn > 0, "out misaligned", c->a[1].off += 4);
    if (!c->invalid && nn > 0) region(c, 1, 1, SWEEP_U8);
}

/* Unique, run-length encoding and non-trivial runs: keys, values, counts. */
static void decode_runs(fz_reader *r, fz_call *c, const decode_common *d) {
    const int mut = d->mut;
    const size_t n = c->n;
    const size_t elem_mis = d->elem_mis;
    const size_t byte_mis = d->byte_mis;
    const size_t k = d->k;
    c->key_dtype = (sweep_dtype)(fz_u8(r) % SWEEP_DTYPE_COUNT);
    const size_t ks = sweep_dtype_size(c->key_dtype);
    const int unique = c->prim == FZ_UNIQUE, nontrivial = c->prim == FZ_NONTRIVIAL_RUNS;
    c->value_size = unique ? fz_u8(r) % 20u : 0;
    const size_t vs = c->value_size;
    if (unique && vs) c->fn = "sweep_unique_by_key";
    /* the contract's output sizes: n keys and lengths, or n / 2 runs */
    const size_t runs = nontrivial ? n / 2 : n;
    const int with_count = unique ? c->with_count : 1;
    place(c, 0, n * ks, elem_mis * ks);
    if (!nontrivial) place(c, 1, n * ks, ((elem_mis + 1) & 3) * ks);
    if (nontrivial) place(c, 2, runs * sizeof(size_t), 8 * elem_mis);
    if (vs) {
        place(c, 3, n * vs, byte_mis);
        place(c, 4, n * vs, byte_mis ^ 5);
    }
    if (!unique) place(c, 4, runs * sizeof(size_t), 8 * ((elem_mis + 1) & 3));
    if (with_count) place(c, 5, sizeof(size_t), 8 * elem_mis);
    MUT(0, n > 0, "in NULL", c->a[0].off = FZ_NULL);
    MUT(1, n > 0 && !nontrivial, "out NULL", c->a[1].off = FZ_NULL);
    MUT(2, n > 0 && nontrivial, "offsets NULL", c->a[2].off = FZ_NULL);
    MUT(3, 1, "unknown dtype", c->key_dtype = (sweep_dtype)(SWEEP_DTYPE_COUNT + 4));
    MUT(4, n > 0 && !unique, "run_lengths NULL", c->a[4].off = FZ_NULL);
    MUT(5, n > 0 && !unique, "num_runs NULL", c->a[5].off = FZ_NULL);
    MUT(11, unique && vs > 0 && n > 0, "value_size without values",
        c->a[3 + (int)(fz_next(r) & 1)].off = FZ_NULL);
    MUT(12, n > 0 && !nontrivial, "out overlaps in", c->a[1].off = c->a[0].off + (k % n) * ks);
    MUT(12, n > 1 && nontrivial, "offsets overlap in",
        c->a[2].off = (c->a[0].off + (k % n) * ks) & ~(size_t)7);
    MUT(14, n > 0 && ks > 1, "in misaligned", c->a[0].off += 1);
    MUT(15, unique && vs > 0, "values with value_size 0", c->value_size = 0);
    if (!c->invalid) {
        if (!nontrivial) region(c, 1, 1, SWEEP_U8);
        if (nontrivial) region(c, 2, 1, SWEEP_U8);
        if (vs || !unique) region(c, 4, 1, SWEEP_U8);
        if (with_count) region(c, 5, 1, SWEEP_U8);
    }
}

/* Histograms: the samples, the bins (even or by boundaries), the counts. */
static void decode_histogram(fz_reader *r, fz_call *c, const decode_common *d) {
    const uint8_t bits = d->bits;
    const int mut = d->mut;
    const size_t n = c->n;
    const size_t elem_mis = d->elem_mis;
    c->key_dtype = (sweep_dtype)(fz_u8(r) % SWEEP_DTYPE_COUNT);
    const size_t ks = sweep_dtype_size(c->key_dtype);
    c->hist_range = (bits & 0x08) != 0;
    if (c->hist_range) c->fn = "sweep_histogram_range";
    c->count_dtype = (bits & 0x01) ? SWEEP_U64 : SWEEP_U32;
    const uint8_t nb = fz_u8(r);
    /* now and then past the counters a GPU block keeps in shared memory */
    c->num_bins = nb == 255 ? 13000 : 1 + nb % 64u;
    /* even bins: two samples of the type, in order (integers from the fuzzer's
     * bits, floats small multiples of 1/8) */
    if (is_float(c->key_dtype)) {
        const double lo = (double)(int8_t)fz_u8(r) / 8, hi = lo + (1 + fz_u8(r)) / 8.0;
        const float flo = (float)lo, fhi = (float)hi;
        if (c->key_dtype == SWEEP_F32) {
            memcpy(c->lower, &flo, 4);
            memcpy(c->upper, &fhi, 4);
        } else {
            memcpy(c->lower, &lo, 8);
            memcpy(c->upper, &hi, 8);
        }
    } else {
        uint64_t a = fz_next(r), b = fz_next(r);
        if (c->narrow) b = a + 1 + b % 300; /* a narrow range: most samples land */
        memcpy(c->lower, &a, 8);
        memcpy(c->upper, &b, 8);
        const o_cmp order = o_cmp_builtin(c->key_dtype, 0);
        if (memcmp(c->lower, c->upper, ks) == 0) c->upper[0] ^= 1;
        if (o_less(&order, c->upper, c->lower)) {
            memcpy(c->lower, &b, 8);
            memcpy(c->upper, &a, 8);
            if (c->narrow) c->upper[0] ^= 1;
        }
        if (!o_less(&order, c->lower, c->upper)) { /* wrapped: a plain pair */
            memset(c->lower, 0, 8);
            memset(c->upper, 0, 8);
            c->upper[0] = 1;
        }
    }
    const size_t csize = sweep_dtype_size(c->count_dtype);
    place(c, 0, n * ks, elem_mis * ks);
    place(c, 1, c->num_bins * csize, 8 * elem_mis);
    if (c->hist_range) place(c, 2, (c->num_bins + 1) * ks, ((elem_mis + 1) & 3) * ks);
    MUT(0, n > 0, "samples NULL", c->a[0].off = FZ_NULL);
    MUT(1, n > 0, "counts NULL", c->a[1].off = FZ_NULL);
    MUT(2, n > 0 && c->hist_range, "boundaries NULL", c->a[2].off = FZ_NULL);
    MUT(3, 1, "unknown sample dtype", c->key_dtype = (sweep_dtype)(SWEEP_DTYPE_COUNT + 1));
    MUT(4, 1, "bad count dtype", c->count_dtype = (sweep_dtype)(fz_next(r) % 6));
    MUT(5, 1, "num_bins 0", c->num_bins = 0);
    MUT(6, !c->hist_range, "lower >= upper", {
        unsigned char t[8];
        memcpy(t, c->lower, 8);
        memcpy(c->lower, c->upper, 8);
        if (fz_next(r) & 1) memcpy(c->upper, t, 8);
    });
    MUT(7, n > 0 && c->hist_range && c->num_bins > 1, "boundaries decrease", c->bad_boundaries = 1);
    MUT(12, n > 0, "counts overlap samples", c->a[1].off = c->a[0].off);
    if (!c->invalid) region(c, 1, 1, SWEEP_U8);
}

#undef MUT

void fz_decode_call(fz_reader *r, fz_call *c) {
    memset(c, 0, sizeof *c);
    for (int i = 0; i < FZ_MAX_ARRAYS; ++i)
        c->a[i].off = FZ_NULL;
    c->prim = fz_u8(r) % FZ_PRIMITIVES;
    c->fn = fn_names[c->prim];
    const uint8_t bits = fz_u8(r);
    const int corrupt = (bits & 0x40) != 0;
    const int mut = corrupt ? fz_u8(r) % 16 : -1;
    const uint16_t nraw = fz_u16(r);
    /* mostly small calls (fast, and every branch of validation); sometimes enough
     * elements for several tiles of the CPU backends and of the deterministic path */
    c->n = (bits & 0x20) && (nraw & 0x8000) ? (nraw & 0x7fff) % fz_large_n() : nraw % 80u;
    c->kind = (bits & 1) ? SWEEP_EXCLUSIVE : SWEEP_INCLUSIVE;
    c->narrow = (bits & 0x10) != 0;
    const uint8_t shape = fz_u8(r);
    const size_t elem_mis = shape & 3, byte_mis = (shape >> 2) & 15;
    const int alias = (shape >> 6) == 2; /* in place where the primitive allows it */
    c->flag_density = fz_u8(r);
    c->with_count = (bits & 0x80) != 0;
    const size_t n = c->n;
    size_t k = 0; /* offset of a partial overlap, in elements */
    if (n >= 2) k = 1 + (size_t)(fz_next(r) % (n - 1));
    c->desc_ptr = &c->desc;
    const decode_common d = {bits, mut, elem_mis, byte_mis, alias, k};

    switch (c->prim) {
    case FZ_SCAN:
    case FZ_SEGSCAN_FLAGS:
    case FZ_SEGSCAN_OFFSETS:
    case FZ_SCAN_BY_KEY:
    case FZ_REDUCE:
    case FZ_SEGREDUCE: decode_scan(r, c, &d); break;
    case FZ_SPLIT:
    case FZ_COMPACT: decode_split(r, c, &d); break;
    case FZ_RADIX_SORT:
    case FZ_MERGE_SORT:
    case FZ_MERGE:
    case FZ_SEGSORT_RADIX:
    case FZ_SEGSORT_MERGE: decode_sort(r, c, &d); break;
    case FZ_LOWER_BOUND:
    case FZ_UPPER_BOUND: decode_search(r, c, &d); break;
    case FZ_UNIQUE:
    case FZ_RUN_LENGTH:
    case FZ_NONTRIVIAL_RUNS: decode_runs(r, c, &d); break;
    case FZ_HISTOGRAM: decode_histogram(r, c, &d); break;
    }
    c->arena = cursor_of(c) + 64;
}
