/*
 * fuzz_oracle.h -- the fuzzer's own reference: the definitions of sweep.h as plain
 * loops over host memory, sharing no code with the library or the conformance
 * suite's oracle (two independent readings of the contract).
 */
#ifndef SWEEP_FUZZ_ORACLE_H
#define SWEEP_FUZZ_ORACLE_H

#include <stddef.h>
#include <stdint.h>
#include <sweep/sweep.h>

/* An operator: built-in (kind on dtype) or the fuzzer's custom affine-map operator
 * (kind SWEEP_OP_CUSTOM, 8-byte elements). */
typedef struct fo_op {
    sweep_op_kind kind;
    sweep_dtype dtype;
    size_t size;
} fo_op;

/* The fuzzer's non-commutative custom operator: x -> a*x + b maps, composed. */
void fo_affine_then(const void *x, const void *y, void *out, void *user);

void fo_identity(const fo_op *op, void *out);
void fo_combine(const fo_op *op, const void *a, const void *b, void *out);

/* Scan where heads[i] != 0 restarts (heads NULL: one segment); out may equal in. */
void fo_scan(const fo_op *op, const void *in, const uint8_t *heads, void *out, size_t n,
             int exclusive);
void fo_reduce(const fo_op *op, const void *in, size_t n, void *out);

/* The fuzzer's custom comparator on 4-byte keys: by the key's value (as uint32_t)
 * modulo 251, a strict weak order with many ties. */
#define FO_MOD 251u
int fo_mod_less(const void *a, const void *b, void *user);

/* The unsigned pattern whose order is dtype's sort order (floats: totalOrder). */
uint64_t fo_pattern(sweep_dtype dtype, const void *key);

/* Stable permutation: idx[0..n) sorted by before(i, j) (i strictly before j). */
typedef int (*fo_before_fn)(size_t i, size_t j, const void *ctx);
void fo_stable_order(size_t *idx, size_t n, fo_before_fn before, const void *ctx);

#endif /* SWEEP_FUZZ_ORACLE_H */
