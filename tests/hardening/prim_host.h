/*
 * prim_host.h -- the host side of one call of the primitives table (prims_*.c):
 * its host buffers, freed together, and the seed of its inputs.
 */
#ifndef SWEEP_TESTS_HARDENING_PRIM_HOST_H
#define SWEEP_TESTS_HARDENING_PRIM_HOST_H

#include "gen.h"
#include "primitives.h"

#include <stdio.h>

/* Host buffers of one call, freed together. */
typedef struct h_mem {
    void *p[16];
    int n;
} h_mem;

/* Zeroed bytes (at least one), or NULL when out of memory or of the 16 slots. */
void *h_alloc(h_mem *m, size_t bytes);
/* The same, filled with T_POISON. */
void *h_poisoned(h_mem *m, size_t bytes);
void h_free_all(h_mem *m);

/* Seeds r from the primitive's name, the shape's salt and n. */
void h_seed(t_rng *r, const h_shape *s, const char *prim);

/* Inside a primitive's run: frees m and fails with "out of host memory". */
#define H_OOM_HOST(m) (snprintf(why, len, "out of host memory"), h_free_all(m), 0)

#endif /* SWEEP_TESTS_HARDENING_PRIM_HOST_H */
