/*
 * primitives.h -- one representative call of every public primitive (scans, reduces,
 * split, compact, both sorts, merge; built-in and non-commutative custom operators;
 * in-place forms), each with seeded inputs, its oracle answer and placement of every
 * array at a chosen misalignment. The misalignment, allocation-failure and thread
 * tests all run this one table.
 */
#ifndef SWEEP_TESTS_HARDENING_PRIMITIVES_H
#define SWEEP_TESTS_HARDENING_PRIMITIVES_H

#include "exec.h"

/* Where the arrays of a call sit relative to a 256-byte boundary: typed arrays at
 * elem_shift elements (so element-aligned, not 256-aligned), byte-typed arrays
 * (flags, split/compact records of any elem_size) at byte_shift bytes. */
typedef struct h_shape {
    size_t n;
    size_t elem_shift;
    size_t byte_shift;
    const char *seed; /* salts the inputs */
} h_shape;

typedef int (*h_prim_fn)(const h_how *how, const h_shape *shape, char *why, size_t len);

typedef struct h_prim {
    const char *name;
    h_prim_fn run;
} h_prim;

extern const h_prim h_prims[];
extern const size_t h_num_prims;

#endif /* SWEEP_TESTS_HARDENING_PRIMITIVES_H */
