/*
 * comparators.h -- the custom comparators of the sort and merge cases:
 *  - "by_key": 8-byte records {int32 key; uint32 seq;} ordered by key only, so a
 *    stable sort keeps seq increasing within equal keys;
 *  - "be24": 3-byte keys (alignment 1) compared as big-endian numbers;
 *  - "low16": 4-byte unsigned keys ordered by their low 16 bits only, so a stable
 *    sort keeps the high bits of equal keys in input order;
 *  - "rec16": 4-byte records {int16 key; uint16 seq;} ordered by key only.
 * The CUDA backend sorts keys alone of 4 bytes with its fast block shapes where their
 * kernels fit the registers (low16), else with the safe ones (rec16, whose halves
 * take registers of their own).
 * Each has a C function for CPU backends and device source computing the same order
 * for GPU backends.
 */
#ifndef SWEEP_TESTS_COMPARATORS_H
#define SWEEP_TESTS_COMPARATORS_H

#include "gen.h"
#include "harness.h"
#include "oracle.h"

#include <stdint.h>
#include <sweep/sweep.h>

typedef struct t_record {
    int32_t key;
    uint32_t seq;
} t_record;

int t_record_less(const void *a, const void *b, void *user);
int t_be24_less(const void *a, const void *b, void *user);
int t_low16_less(const void *a, const void *b, void *user);
int t_rec16_less(const void *a, const void *b, void *user);

typedef struct t_rec16 {
    int16_t key;
    uint16_t seq;
} t_rec16;

/* Creates comparator 0 (by_key), 1 (be24), 2 (low16) or 3 (rec16); *size receives
 * its key size. */
sweep_status t_comparator_create(int which, sweep_custom_compare **out, size_t *size);

enum { CMP_BUILTIN = 0, CMP_RECORD = 1, CMP_BE24 = 2, CMP_LOW16 = 3, CMP_REC16 = 4 };

/* A custom mode's name in case names: "record", "be24", "low16" or "rec16". */
const char *t_comparator_name(int mode);

/* The library comparator and the oracle's for a mode (built-in on dt, or one of the
 * custom ones); a custom one is created into *custom for the caller to destroy. */
int t_sort_comparator(t_state *t, int mode, sweep_dtype dt, int desc, sweep_compare *cmp,
                      o_cmp *ocmp, sweep_custom_compare **custom, size_t *key_size);

/* Keys for a mode: dtype keys, records with duplicate keys and seq = index, 3-byte
 * keys (dups: few distinct values), 4-byte keys with random high bits (dups: few
 * distinct low halves), or 4-byte records with seq = index (dups: few keys). */
void t_gen_sort_keys(t_rng *rng, int mode, sweep_dtype dt, void *keys, size_t n, int dups);

#endif /* SWEEP_TESTS_COMPARATORS_H */
