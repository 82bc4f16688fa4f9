/*
 * chain.h -- single-pass, cache-blocked scan skeleton for the CPU: the input is cut
 * into blocks that fit in a core's L2; each thread takes the next unclaimed block
 * (the blocks are the items of a pool call, pool.h),
 * computes its aggregate (the only read from memory), waits for the inclusive prefix
 * of the previous block, publishes its own, then finishes the block from cache. Each
 * element is read once from memory and written once, and the scratch is one slot per
 * thread (block b publishes in slot b % threads, which is rewritten only after block
 * b + 1 has read it).
 */
#ifndef SWEEP_OPENMP_CHAIN_H
#define SWEEP_OPENMP_CHAIN_H

#include <stddef.h>

#define SWOMP_CHAIN_CARRY_MAX 64 /* bytes of a carry (a value and a head flag) */

typedef struct swomp_chain {
    size_t carry_size;
    void *ctx;
    /* aggregate of block [lo, hi) into agg */
    void (*aggregate)(void *ctx, size_t lo, size_t hi, void *agg);
    /* out = prefix followed by agg (out does not alias the inputs) */
    void (*extend)(void *ctx, const void *prefix, const void *agg, void *out);
    /* writes block [lo, hi) given the inclusive prefix of the blocks before it
     * (NULL for the first block) */
    void (*finish)(void *ctx, size_t lo, size_t hi, const void *prefix);
} swomp_chain;

/* Scratch bytes of a chain run with up to `threads` threads. */
size_t swomp_chain_scratch(int threads);

/* Runs the chain over n elements in blocks of `block` with up to `threads` threads;
 * scratch holds swomp_chain_scratch(threads) bytes, 64-byte aligned. */
void swomp_chain_run(const swomp_chain *c, size_t n, size_t block, int threads, void *scratch);

#endif /* SWEEP_OPENMP_CHAIN_H */
