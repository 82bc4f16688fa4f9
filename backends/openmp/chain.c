/*
 * chain.c -- the chained block pipeline of chain.h. A block's publication is a
 * sequence number stored after its carry; the next block's thread acquires it, so
 * the carry bytes themselves need no atomics.
 *
 * Blocks go to threads in the order the threads ask for them (the pool's items), not
 * round robin: with a fixed round robin a thread that falls behind (preempted, slower
 * pages) makes every later round wait for it. On a 16-core machine (2^27 u32 scan)
 * the threads waited 2.97 ms per call each with round robin and 0.27 ms with the
 * counter; the scan took 16.6 against 13.8 ms. A thread that waits for the previous
 * block spins for a while and then blocks (park.h): when the previous block's
 * thread has been preempted, a spinning or yielding waiter keeps it off its core for
 * a scheduler time slice (4-8 ms a call on a 2-core machine with one busy process).
 */
#include "chain.h"

#include <stdint.h>
#include <string.h>

#include "park.h"
#include "pool.h"

typedef struct chain_slot {
    _Alignas(64) swomp_park seq; /* the block whose prefix the slot holds */
    _Alignas(64) unsigned char carry[SWOMP_CHAIN_CARRY_MAX];
} chain_slot;

#define SWOMP_NO_BLOCK 0xffffffffu

typedef struct chain_run {
    const swomp_chain *c;
    chain_slot *slots;
    size_t n, block, nslots;
} chain_run;

size_t swomp_chain_scratch(int threads) {
    return (size_t)(threads > 0 ? threads : 1) * sizeof(chain_slot);
}

/* Block b publishes in slot b % nslots. The slot is next written by block b + nslots,
 * whose publication comes after that of b + 1, which read slot b first: a slot is
 * never overwritten before its reader is done, however many threads take part. */
static void chain_block(void *ctx, size_t b, int worker) {
    const chain_run *r = (const chain_run *)ctx;
    const swomp_chain *c = r->c;
    _Alignas(64) unsigned char agg[SWOMP_CHAIN_CARRY_MAX], prefix[SWOMP_CHAIN_CARRY_MAX];
    size_t lo = b * r->block, hi = lo + r->block < r->n ? lo + r->block : r->n;
    chain_slot *mine = &r->slots[b % r->nslots];
    (void)worker;
    c->aggregate(c->ctx, lo, hi, agg);
    if (b == 0) {
        memcpy(mine->carry, agg, c->carry_size);
        atomic_store(&mine->seq.word, 0u);
        swomp_park_wake(&mine->seq);
        c->finish(c->ctx, lo, hi, NULL);
        return;
    }
    chain_slot *prev = &r->slots[(b - 1) % r->nslots];
    swomp_park_until_equal(&prev->seq, (unsigned)(b - 1), SWOMP_SPIN_CALL_NS);
    memcpy(prefix, prev->carry, c->carry_size);
    c->extend(c->ctx, prefix, agg, mine->carry);
    atomic_store(&mine->seq.word, (unsigned)b);
    swomp_park_wake(&mine->seq);
    c->finish(c->ctx, lo, hi, prefix);
}

void swomp_chain_run(const swomp_chain *c, size_t n, size_t block, int threads, void *scratch) {
    chain_run r = {c, (chain_slot *)scratch, n, block, (size_t)(threads > 0 ? threads : 1)};
    size_t nblocks = (n + block - 1) / block;
    for (size_t t = 0; t < r.nslots; t++) {
        atomic_init(&r.slots[t].seq.word, SWOMP_NO_BLOCK);
        atomic_init(&r.slots[t].seq.sleepers, 0u);
    }
    swomp_pool_run(threads, nblocks, chain_block, &r);
}
