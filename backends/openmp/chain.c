/*
 * chain.c -- the chained block pipeline of chain.h. A block's publication is a
 * sequence number stored with release order after its carry; the next block's thread
 * acquires it, so the carry bytes themselves need no atomics.
 */
#define _POSIX_C_SOURCE 200809L
#include "chain.h"

#include <omp.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

typedef struct chain_slot {
    _Alignas(64) atomic_size_t seq; /* the block whose prefix the slot holds */
    _Alignas(64) unsigned char carry[SWOMP_CHAIN_CARRY_MAX];
} chain_slot;

#define SWOMP_NO_BLOCK SIZE_MAX

size_t swomp_chain_scratch(int threads) {
    return (size_t)(threads > 0 ? threads : 1) * sizeof(chain_slot);
}

/* Spins briefly, then yields: with more threads than cores the waited-on thread
 * needs the core. */
static void wait_for(chain_slot *s, size_t block) {
    unsigned spins = 0;
    while (atomic_load_explicit(&s->seq, memory_order_acquire) != block) {
        if (++spins > 256) sched_yield();
    }
}

void swomp_chain_run(const swomp_chain *c, size_t n, size_t block, int threads, void *scratch) {
    chain_slot *slots = (chain_slot *)scratch;
    size_t nblocks = (n + block - 1) / block;
    for (int t = 0; t < threads; t++)
        atomic_init(&slots[t].seq, SWOMP_NO_BLOCK);
    if ((size_t)threads > nblocks) threads = (int)nblocks;

#pragma omp parallel num_threads(threads)
    {
        size_t team = (size_t)omp_get_num_threads(), t = (size_t)omp_get_thread_num();
        _Alignas(64) unsigned char agg[SWOMP_CHAIN_CARRY_MAX], prefix[SWOMP_CHAIN_CARRY_MAX];
        chain_slot *mine = &slots[t], *prev = &slots[t == 0 ? team - 1 : t - 1];
        for (size_t b = t; b < nblocks; b += team) {
            size_t lo = b * block, hi = lo + block < n ? lo + block : n;
            c->aggregate(c->ctx, lo, hi, agg);
            if (b == 0) {
                memcpy(mine->carry, agg, c->carry_size);
                atomic_store_explicit(&mine->seq, b, memory_order_release);
                c->finish(c->ctx, lo, hi, NULL);
                continue;
            }
            wait_for(prev, b - 1);
            memcpy(prefix, prev->carry, c->carry_size);
            c->extend(c->ctx, prefix, agg, mine->carry);
            atomic_store_explicit(&mine->seq, b, memory_order_release);
            c->finish(c->ctx, lo, hi, prefix);
        }
    }
}
