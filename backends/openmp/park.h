/*
 * park.h -- how the backend's threads wait for each other: spin for a bounded time
 * (a few tens of microseconds, where a wait on an idle machine ends), then block in
 * the kernel until the word changes. A thread that blocks gives its core to whoever
 * it waits for: when other processes keep the cores busy, the awaited thread may be
 * the one that is not running, and spinning (or sched_yield, which does not give the
 * core to a thread queued on another one) would hold it off for a time slice.
 */
#ifndef SWEEP_OPENMP_PARK_H
#define SWEEP_OPENMP_PARK_H

#include <stdatomic.h>

/* A word threads wait on, and how many of them are blocked on it. */
typedef struct swomp_park {
    atomic_uint word;
    atomic_uint sleepers;
} swomp_park;

/* Spin budgets in nanoseconds: a worker waiting for the next call, and a thread
 * waiting inside a call (for a block's prefix, for the other threads' items). */
#define SWOMP_SPIN_IDLE_NS 50000u
#define SWOMP_SPIN_CALL_NS 20000u

/* Returns once p->word == want (acquire). */
void swomp_park_until_equal(swomp_park *p, unsigned want, unsigned spin_ns);

/* Returns once p->word != seen (acquire); the value it saw. */
unsigned swomp_park_until_change(swomp_park *p, unsigned seen, unsigned spin_ns);

/* After a store to p->word (seq_cst): wakes every thread blocked on it. */
void swomp_park_wake(swomp_park *p);

#endif /* SWEEP_OPENMP_PARK_H */
