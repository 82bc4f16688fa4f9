/*
 * pool.h -- the backend's threads: a pool of workers that the calling thread hands
 * items of work to. The caller takes items too, and nobody waits for a worker that
 * has not shown up: a call ends when its last item is done, so a worker that the
 * scheduler runs late (other processes on the cores) finds nothing left and costs
 * nothing, where a parallel region's join would wait for it. Workers spin briefly
 * after an item (park.h), then block.
 */
#ifndef SWEEP_OPENMP_POOL_H
#define SWEEP_OPENMP_POOL_H

#include <stddef.h>

/* One item of a call; worker is the taker's index in [0, threads): 0 is the calling
 * thread, and no two threads of one call share an index (per-thread scratch). */
typedef void (*swomp_item_fn)(void *ctx, size_t item, int worker);

/* Runs fn(ctx, i, worker) for every i in [0, items), each once, on the calling thread
 * and up to threads - 1 workers; items are taken in increasing order (item i is
 * taken before item i + 1 is), and an item's writes are visible to the caller when
 * this returns. When the pool is busy (a call from another thread, or from inside
 * an item) the calling thread runs every item itself. items < 2^32 - 1. */
void swomp_pool_run(int threads, size_t items, swomp_item_fn fn, void *ctx);

/* One part [lo, hi) of a range, run as an item. */
typedef void (*swomp_range_fn)(void *ctx, size_t lo, size_t hi, int worker);

/* Cuts [0, n) into `parts` near-equal contiguous parts (swomp_part) and runs them as
 * swomp_pool_run's items; part p is fn(ctx, lo_p, hi_p, worker). */
void swomp_pool_ranges(int threads, size_t n, size_t parts, swomp_range_fn fn, void *ctx);

#endif /* SWEEP_OPENMP_POOL_H */
