/*
 * chain.c -- the look-back block pipeline of chain.h. A block's slot holds its
 * aggregate and, later, its inclusive prefix; a status word says which are there, and
 * is stored after the bytes it announces, so the carries themselves need no atomics.
 *
 * Blocks go to threads in the order the threads ask for them (the pool's items), not
 * round robin: with a fixed round robin a thread that falls behind (preempted, slower
 * pages) makes every later round wait for it.
 *
 * An earlier form chained the blocks: each block waited for the previous block's
 * inclusive prefix. A waiter spins for a while and then blocks (park.h), and once one
 * waiter had blocked, its successor waited longer than its spin for the wake-up, then
 * blocked as well, and so on down the chain: every block then paid a sleep and a
 * wake-up in turn. With 32 threads the 2^30 u32 scan took 675 ms where 16 took 234
 * (and 4 processes of 8 threads, a quarter of the input each, 113 ms). Looking back
 * over aggregates breaks the chain: a block waits only for the aggregates of the blocks
 * before it, which their threads publish as soon as they have read them.
 */
#include "chain.h"

#include <stdint.h>
#include <string.h>

#include "park.h"
#include "pool.h"

/* A slot's status (its park word): nothing yet, the aggregate, the inclusive prefix
 * (the aggregate stays readable once the prefix is there). */
enum { SWOMP_CHAIN_NONE = 0u, SWOMP_CHAIN_AGGREGATE = 1u, SWOMP_CHAIN_PREFIX = 2u };

typedef struct chain_slot {
    _Alignas(64) swomp_park status;
    _Alignas(64) unsigned char aggregate[SWOMP_CHAIN_CARRY_MAX];
    _Alignas(64) unsigned char prefix[SWOMP_CHAIN_CARRY_MAX];
} chain_slot;

typedef struct chain_run {
    const swomp_chain *c;
    chain_slot *slots;
    size_t n, block;
} chain_run;

size_t swomp_chain_scratch(size_t n, size_t block) {
    size_t nblocks = block ? (n + block - 1) / block : 0;
    return (nblocks ? nblocks : 1) * sizeof(chain_slot);
}

static void publish(chain_slot *s, unsigned status) {
    atomic_store(&s->status.word, status); /* seq_cst: the wake's sleeper count sees it */
    swomp_park_wake(&s->status);
}

static void chain_block(void *ctx, size_t b, int worker) {
    const chain_run *r = (const chain_run *)ctx;
    const swomp_chain *c = r->c;
    const size_t cs = c->carry_size;
    _Alignas(64) unsigned char prefix[SWOMP_CHAIN_CARRY_MAX], tmp[SWOMP_CHAIN_CARRY_MAX];
    size_t lo = b * r->block, hi = lo + r->block < r->n ? lo + r->block : r->n;
    chain_slot *mine = &r->slots[b];
    (void)worker;
    c->aggregate(c->ctx, lo, hi, mine->aggregate);
    if (b == 0) {
        memcpy(mine->prefix, mine->aggregate, cs);
        publish(mine, SWOMP_CHAIN_PREFIX);
        c->finish(c->ctx, lo, hi, NULL);
        return;
    }
    publish(mine, SWOMP_CHAIN_AGGREGATE);
    /* prefix = what the blocks in (x, b) hold, folded from the right; block x's
     * inclusive prefix ends the walk (block 0's is its aggregate, so it always ends). */
    size_t x = b - 1;
    int have = 0;
    for (;;) {
        chain_slot *s = &r->slots[x];
        unsigned st = atomic_load_explicit(&s->status.word, memory_order_acquire);
        if (st == SWOMP_CHAIN_NONE)
            st = swomp_park_until_change(&s->status, SWOMP_CHAIN_NONE, SWOMP_SPIN_CALL_NS);
        const unsigned char *part = st == SWOMP_CHAIN_PREFIX ? s->prefix : s->aggregate;
        if (have) {
            c->extend(c->ctx, part, prefix, tmp);
            memcpy(prefix, tmp, cs);
        } else {
            memcpy(prefix, part, cs);
            have = 1;
        }
        if (st == SWOMP_CHAIN_PREFIX) break;
        x--;
    }
    c->extend(c->ctx, prefix, mine->aggregate, mine->prefix);
    publish(mine, SWOMP_CHAIN_PREFIX);
    c->finish(c->ctx, lo, hi, prefix);
}

void swomp_chain_run(const swomp_chain *c, size_t n, size_t block, int threads, void *scratch) {
    chain_run r = {c, (chain_slot *)scratch, n, block};
    size_t nblocks = (n + block - 1) / block;
    for (size_t b = 0; b < nblocks; b++) {
        atomic_init(&r.slots[b].status.word, SWOMP_CHAIN_NONE);
        atomic_init(&r.slots[b].status.sleepers, 0u);
    }
    swomp_pool_run(threads, nblocks, chain_block, &r);
}
