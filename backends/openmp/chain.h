/*
 * chain.h -- single-pass, cache-blocked scan skeleton for the CPU: the input is cut
 * into blocks that fit in a core's L2; each thread takes the next unclaimed block
 * (the blocks are the items of a pool call, pool.h), computes its aggregate (the only
 * read from memory) and publishes it, then finds the prefix of the blocks before it by
 * looking back over their published aggregates until it meets a published inclusive
 * prefix, publishes its own inclusive prefix, and finishes the block from cache. Each
 * element is read once from memory and written once; the scratch is one slot per
 * block. No block waits for another block's prefix, only for aggregates, which every
 * thread computes independently: a thread that the scheduler runs late delays no
 * chain of blocks behind it.
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
    /* out = prefix followed by agg, for any two adjacent spans (out does not alias the
     * inputs); associative, so aggregates may be combined in any bracketing */
    void (*extend)(void *ctx, const void *prefix, const void *agg, void *out);
    /* writes block [lo, hi) given the inclusive prefix of the blocks before it
     * (NULL for the first block) */
    void (*finish)(void *ctx, size_t lo, size_t hi, const void *prefix);
} swomp_chain;

/* Scratch bytes of a chain run over n elements in blocks of `block` elements. */
size_t swomp_chain_scratch(size_t n, size_t block);

/* Runs the chain over n elements in blocks of `block` with up to `threads` threads;
 * scratch holds swomp_chain_scratch(n, block) bytes, 64-byte aligned. */
void swomp_chain_run(const swomp_chain *c, size_t n, size_t block, int threads, void *scratch);

#endif /* SWEEP_OPENMP_CHAIN_H */
