/*
 * pool.c -- the worker pool of pool.h. One pool per process, its workers created on
 * first need (never more than a call asks for) and kept. A call publishes its job
 * and a generation number; the items are claimed through one 64-bit word holding
 * the generation and the next item, by compare-and-swap, so a worker that read a
 * finished job's description cannot claim anything of it. The caller closes the
 * job once every item is done, before it describes the next one. Job fields are
 * sequentially consistent atomics: a worker that read a field of the next job sees
 * the close as well, and its claim fails.
 */
#define _GNU_SOURCE
#include "pool.h"

#include <omp.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

#include "backend_omp.h"
#include "park.h"

#define SWOMP_POOL_MAX 1024
#define SWOMP_ITEM_CLOSED 0xffffffffu

typedef struct pool_state {
    pthread_mutex_t grow;
    int workers;                         /* created: indices 1 ... workers */
    atomic_uint busy;                    /* 1 while a call owns the pool */
    _Alignas(64) _Atomic uint64_t claim; /* generation << 32 | next item */
    _Alignas(64) swomp_park jobs;        /* word: the generation last published */
    _Alignas(64) swomp_park done;        /* word: items of the job done */
    _Alignas(64) _Atomic uintptr_t fn;
    _Atomic uintptr_t ctx;
    atomic_uint items;
    atomic_uint threads;
} pool_state;

static pool_state pool = {.grow = PTHREAD_MUTEX_INITIALIZER};

static uint64_t claim_word(unsigned gen, unsigned item) {
    return (uint64_t)gen << 32 | item;
}

/* Claims and runs items of job gen until none is left. */
static void take_items(unsigned gen, unsigned items, swomp_item_fn fn, void *ctx, int worker) {
    uint64_t v = atomic_load(&pool.claim);
    for (;;) {
        unsigned item = (unsigned)v;
        if ((unsigned)(v >> 32) != gen || item >= items) return;
        if (!atomic_compare_exchange_weak(&pool.claim, &v, v + 1)) continue;
        fn(ctx, item, worker);
        if (atomic_fetch_add(&pool.done.word, 1) + 1 == items) swomp_park_wake(&pool.done);
        v = atomic_load(&pool.claim);
    }
}

static void *worker_main(void *arg) {
    int worker = (int)(intptr_t)arg;
    /* a job published before this read is left to the others */
    unsigned seen = atomic_load(&pool.jobs.word);
    for (;;) {
        unsigned gen = swomp_park_until_change(&pool.jobs, seen, SWOMP_SPIN_IDLE_NS);
        seen = gen;
        uint64_t v = atomic_load(&pool.claim);
        if ((unsigned)(v >> 32) != gen || (unsigned)v == SWOMP_ITEM_CLOSED) continue;
        swomp_item_fn fn = (swomp_item_fn)atomic_load(&pool.fn);
        void *ctx = (void *)atomic_load(&pool.ctx);
        unsigned items = atomic_load(&pool.items), threads = atomic_load(&pool.threads);
        if ((unsigned)worker < threads) take_items(gen, items, fn, ctx, worker);
    }
    return NULL;
}

/* A child of fork() has no workers; its first call creates them again. */
static void forget_workers(void) {
    pthread_mutex_t fresh = PTHREAD_MUTEX_INITIALIZER;
    pool.grow = fresh;
    pool.workers = 0;
    atomic_store(&pool.busy, 0);
}

/* Where the user asked OpenMP to bind threads (OMP_PROC_BIND, OMP_PLACES), worker w
 * runs on place w modulo the places, as the w-th thread of an OpenMP team would under
 * a spread or close binding with one thread a place (libgomp binds the initial thread
 * to the first place). Without a binding the scheduler places workers freely, which
 * lets it move them off a core that another process keeps busy. */
static void bind_attr(pthread_attr_t *attr, int worker) {
#if defined(__linux__)
    int places = omp_get_num_places();
    if (omp_get_proc_bind() == omp_proc_bind_false || places <= 0) return;
    int place = worker % places, count = omp_get_place_num_procs(place);
    if (count <= 0) return;
    int *ids = (int *)malloc((size_t)count * sizeof *ids);
    if (!ids) return;
    omp_get_place_proc_ids(place, ids);
    cpu_set_t set;
    CPU_ZERO(&set);
    for (int i = 0; i < count; i++)
        if (ids[i] >= 0 && ids[i] < CPU_SETSIZE) CPU_SET(ids[i], &set);
    free(ids);
    if (CPU_COUNT(&set) > 0) pthread_attr_setaffinity_np(attr, sizeof set, &set);
#else
    (void)attr;
    (void)worker;
#endif
}

/* Creates workers up to `want`; returns how many exist. Workers run with every
 * signal blocked (signals are the user's threads' business). */
static int grow(int want) {
    static int atfork;
    pthread_mutex_lock(&pool.grow);
    if (!atfork) atfork = pthread_atfork(NULL, NULL, forget_workers) == 0 ? 1 : -1;
    if (want > SWOMP_POOL_MAX) want = SWOMP_POOL_MAX;
    if (pool.workers < want) {
        sigset_t all, old;
        sigfillset(&all);
        pthread_sigmask(SIG_SETMASK, &all, &old);
        while (pool.workers < want) {
            pthread_t t;
            pthread_attr_t attr;
            pthread_attr_init(&attr);
            pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
            bind_attr(&attr, pool.workers + 1);
            int rc = pthread_create(&t, &attr, worker_main, (void *)(intptr_t)(pool.workers + 1));
            pthread_attr_destroy(&attr);
            if (rc != 0) break;
            pool.workers++;
        }
        pthread_sigmask(SIG_SETMASK, &old, NULL);
    }
    int have = pool.workers;
    pthread_mutex_unlock(&pool.grow);
    return have;
}

static void run_inline(size_t items, swomp_item_fn fn, void *ctx) {
    for (size_t i = 0; i < items; i++)
        fn(ctx, i, 0);
}

void swomp_pool_run(int threads, size_t items, swomp_item_fn fn, void *ctx) {
    if (threads <= 1 || items <= 1 || items >= SWOMP_ITEM_CLOSED ||
        atomic_exchange(&pool.busy, 1) != 0) {
        run_inline(items, fn, ctx);
        return;
    }
    unsigned gen = atomic_load(&pool.jobs.word) + 1;
    int have = grow(threads - 1);
    if (have + 1 < threads) threads = have + 1;
    if (threads <= 1) {
        atomic_store(&pool.busy, 0);
        run_inline(items, fn, ctx);
        return;
    }
    unsigned n = (unsigned)items;
    atomic_store(&pool.fn, (uintptr_t)fn);
    atomic_store(&pool.ctx, (uintptr_t)ctx);
    atomic_store(&pool.items, n);
    atomic_store(&pool.threads, (unsigned)threads);
    atomic_store(&pool.done.word, 0);
    atomic_store(&pool.claim, claim_word(gen, 0));
    atomic_store(&pool.jobs.word, gen);
    swomp_park_wake(&pool.jobs);
    take_items(gen, n, fn, ctx, 0);
    swomp_park_until_equal(&pool.done, n, SWOMP_SPIN_CALL_NS);
    atomic_store(&pool.claim, claim_word(gen, SWOMP_ITEM_CLOSED));
    atomic_store_explicit(&pool.busy, 0, memory_order_release);
}

typedef struct ranges_job {
    size_t n, parts;
    swomp_range_fn fn;
    void *ctx;
} ranges_job;

static void range_item(void *ctx, size_t item, int worker) {
    const ranges_job *j = (const ranges_job *)ctx;
    size_t lo, hi;
    swomp_part(j->n, j->parts, item, &lo, &hi);
    j->fn(j->ctx, lo, hi, worker);
}

void swomp_pool_ranges(int threads, size_t n, size_t parts, swomp_range_fn fn, void *ctx) {
    ranges_job j = {n, parts ? parts : 1, fn, ctx};
    swomp_pool_run(threads, j.parts, range_item, &j);
}
