/*
 * sweep-hardening-threads
 * Four threads, each with its own serial and its own OpenMP context (two worker
 * threads each), run every primitive of the table concurrently, several rounds, with
 * results checked against the oracle. Contexts are documented as independent: this
 * is the test that holds the library to it (run it under the tsan preset, where
 * ThreadSanitizer with libomp's Archer sees the OpenMP workers too). A backend that
 * is absent is left out; if none of the two is present the test is skipped.
 */
#include "backends.h"
#include "primitives.h"

#include <pthread.h>
#include <stdio.h>

#define H_THREADS 4
#define H_ROUNDS 2

typedef struct worker {
    int id;
    int use[2]; /* serial, openmp available */
    int failures;
    int runs;
} worker;

static void *work(void *arg) {
    worker *w = arg;
    static const sweep_backend backends[2] = {SWEEP_BACKEND_SERIAL, SWEEP_BACKEND_OPENMP};
    sweep_context *ctx[2] = {NULL, NULL};
    for (int b = 0; b < 2; ++b) {
        if (!w->use[b]) continue;
        /* odd threads take the generic path: both paths run at the same time */
        ctx[b] = t_backend_context(backends[b], (w->id & 1) ? SWEEP_OPTION_GENERIC : 0, 2);
        if (!ctx[b]) {
            ++w->failures;
            return NULL;
        }
    }
    char seed[32];
    snprintf(seed, sizeof seed, "thread%d", w->id);
    for (int round = 0; round < H_ROUNDS; ++round)
        for (size_t i = 0; i < h_num_prims; ++i)
            for (int b = 0; b < 2; ++b) {
                if (!ctx[b]) continue;
                /* different sizes per thread: different scratch needs and tilings */
                h_shape sh = {3001 + 1000 * (size_t)w->id + 7 * (size_t)round, (size_t)round,
                              (size_t)w->id, seed};
                h_how how = {ctx[b], -1, NULL};
                char why[512] = "";
                ++w->runs;
                if (!h_prims[i].run(&how, &sh, why, sizeof why)) {
                    ++w->failures;
                    printf("FAIL thread %d %s %s n=%zu: %s\n", w->id,
                           sweep_backend_name(backends[b]), h_prims[i].name, sh.n, why);
                }
            }
    for (int b = 0; b < 2; ++b)
        sweep_context_destroy(ctx[b]);
    return NULL;
}

int main(void) {
    int use[2] = {t_backend_available(SWEEP_BACKEND_SERIAL) > 0,
                  t_backend_available(SWEEP_BACKEND_OPENMP) > 0};
    if (!use[0] && !use[1]) return T_EXIT_SKIP;
    worker w[H_THREADS];
    pthread_t th[H_THREADS];
    int started = 0, failures = 0, runs = 0;
    for (int i = 0; i < H_THREADS; ++i) {
        w[i].id = i;
        w[i].use[0] = use[0];
        w[i].use[1] = use[1];
        w[i].failures = 0;
        w[i].runs = 0;
        if (pthread_create(&th[i], NULL, work, &w[i]) != 0) {
            printf("FAIL pthread_create %d\n", i);
            ++failures;
            break;
        }
        ++started;
    }
    for (int i = 0; i < started; ++i) {
        pthread_join(th[i], NULL);
        failures += w[i].failures;
        runs += w[i].runs;
    }
    printf("%d threads (serial %s, openmp %s): %d of %d calls failed\n", started,
           use[0] ? "on" : "absent", use[1] ? "on" : "absent", failures, runs);
    return failures ? 1 : 0;
}
