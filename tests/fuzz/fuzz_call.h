/*
 * fuzz_call.h -- one API call decoded from fuzzer bytes: which primitive, its scalar
 * arguments, where each array sits in one arena (so that aliasing and overlap are
 * decided by the input too), whether the contract makes it invalid, and the regions
 * a successful call may write.
 */
#ifndef SWEEP_FUZZ_CALL_H
#define SWEEP_FUZZ_CALL_H

#include "fuzz_decode.h"
#include "oracle.h"

#include <sweep/sweep.h>

enum {
    FZ_SCAN,
    FZ_SEGSCAN_FLAGS,
    FZ_SEGSCAN_OFFSETS,
    FZ_SCAN_BY_KEY,
    FZ_REDUCE,
    FZ_SEGREDUCE,
    FZ_SPLIT,
    FZ_COMPACT,
    FZ_RADIX_SORT,
    FZ_MERGE_SORT,
    FZ_MERGE,
    FZ_SEGSORT_RADIX,
    FZ_SEGSORT_MERGE,
    FZ_LOWER_BOUND,
    FZ_UPPER_BOUND,
    FZ_UNIQUE, /* sweep_unique, or sweep_unique_by_key with values */
    FZ_RUN_LENGTH,
    FZ_NONTRIVIAL_RUNS,
    FZ_HISTOGRAM, /* even bins, or boundaries with hist_range */
    FZ_PRIMITIVES
};

#define FZ_NULL ((size_t)-1) /* an array passed as a NULL pointer */
#define FZ_MAX_ARRAYS 8
#define FZ_MAX_REGIONS 4

typedef struct fz_array {
    size_t off; /* byte offset in the arena, or FZ_NULL */
    size_t bytes;
} fz_array;

/* A range a successful call writes; float MIN/MAX results compare by value: +-0 are
 * equal and any NaN equals any NaN (fmin/fmax leave both open), and where every
 * element combined is NaN the result may be NaN or the identity, as sweep.h does not
 * say whether a segment starts from the identity or from its first element. */
typedef struct fz_region {
    size_t off, bytes, elem;
    sweep_dtype float_dtype; /* F32/F64 for a float MIN/MAX result, else U8 */
    double identity;         /* +inf (MIN) or -inf (MAX) */
} fz_region;

typedef struct fz_call {
    int prim;
    const char *fn; /* the public function's name */
    sweep_op op;
    o_op fop; /* the operator as the oracle applies it */
    sweep_scan_kind kind;
    sweep_dtype key_dtype;
    sweep_sort_desc desc;
    const sweep_sort_desc *desc_ptr;
    sweep_compare cmp;
    size_t n, nseg, na, elem_size, value_size; /* na: also the needles of a search */
    int with_count;
    int narrow;                   /* few distinct keys: runs, ties */
    int custom_cmp;               /* merge sort / merge by the fuzzer's custom comparator */
    unsigned flag_density;        /* of 256 */
    size_t offs[16];              /* segment offsets (nseg + 1 of them) */
    size_t placed_value_size;     /* sorts: the value size the arrays were laid out for */
    sweep_dtype placed_key_dtype; /* sorts: the key type the arrays were laid out for */
    fz_array a[FZ_MAX_ARRAYS];    /* meaning per primitive: see fuzz_call_decode.c */
    fz_region out[FZ_MAX_REGIONS];
    int nout;
    int invalid;   /* the contract requires SWEEP_ERR_INVALID_ARGUMENT */
    int float_sum; /* floating SUM/PROD: compared across backends, not with the oracle */
    size_t arena;  /* bytes the arena needs */
    /* histograms: the bins (lower and upper: one sample each, host memory), the count
     * type, and boundaries made to decrease (a mutation applied when inputs are filled) */
    int hist_range;
    size_t num_bins;
    unsigned char lower[8], upper[8];
    sweep_dtype count_dtype;
    int bad_boundaries;
    const char *mutation;
} fz_call;

/* Non-zero when SWEEP_FUZZ_DEVICE asked for a backend that is unavailable (after
 * LLVMFuzzerInitialize in fuzz_api.c). */
int fz_device_missing(void);

/* The fuzzer's custom operator (affine maps on uint32_t, tests/common/custom.h),
 * created once. */
void fz_set_custom_op(const sweep_custom_op *op);
/* The fuzzer's custom comparator on 4-byte keys: by the key's value (as uint32_t)
 * modulo FZ_MOD, a strict weak order with many ties; created once. */
#define FZ_MOD 251u
int fz_mod_less(const void *a, const void *b, void *user);
void fz_set_custom_compare(const sweep_custom_compare *cmp);

/* Decodes a call and fills the arena's input arrays (the rest stays poison). */
void fz_decode_call(fz_reader *r, fz_call *c);
void fz_fill_inputs(fz_reader *r, fz_call *c, uint8_t *arena);
/* The order of a merge sort's or a merge's keys as the oracle applies it: the
 * built-in order of key_dtype (descending as the comparator says) or, with custom_cmp,
 * fz_mod_less. */
o_cmp fz_key_cmp(const fz_call *c);

/* Writes the oracle's answer of a valid, non-float_sum call into want (a copy of the
 * initial arena). */
void fz_expect(const fz_call *c, uint8_t *want);
/* Makes the call on ctx with the arena at base. */
sweep_status fz_invoke(const fz_call *c, sweep_context *ctx, uint8_t *base);

#endif /* SWEEP_FUZZ_CALL_H */
