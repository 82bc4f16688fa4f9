/* The parallel chunk loop of sweep-hardening-large (see large_par.h). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, sysconf under -std=c11 */

#include "large_par.h"

#include <pthread.h>
#include <unistd.h>

#define LP_MAX_THREADS 256

size_t lp_threads(void) {
    long c = sysconf(_SC_NPROCESSORS_ONLN);
    if (c < 1) c = 1;
    if (c > LP_MAX_THREADS) c = LP_MAX_THREADS;
    return (size_t)c;
}

size_t lp_lo(size_t n, size_t nchunks, size_t c) {
    /* n * c may overflow 64 bits only beyond 2^48 elements with 2^16 chunks: split the
     * product so that it cannot for any n this program handles. */
    return (n / nchunks) * c + (n % nchunks) * c / nchunks;
}

typedef struct lp_job {
    size_t n, nchunks, stride, first;
    lp_chunk_fn fn;
    void *arg;
} lp_job;

static void *lp_worker(void *p) {
    const lp_job *j = p;
    for (size_t c = j->first; c < j->nchunks; c += j->stride)
        j->fn(lp_lo(j->n, j->nchunks, c), lp_lo(j->n, j->nchunks, c + 1), c, j->arg);
    return NULL;
}

void lp_for(size_t n, size_t nchunks, lp_chunk_fn fn, void *arg) {
    size_t t = lp_threads();
    if (t > nchunks) t = nchunks;
    pthread_t th[LP_MAX_THREADS];
    lp_job jobs[LP_MAX_THREADS];
    int running[LP_MAX_THREADS] = {0};
    for (size_t i = 0; i < t; ++i) {
        jobs[i] = (lp_job){n, nchunks, t, i, fn, arg};
        if (i > 0) running[i] = pthread_create(&th[i], NULL, lp_worker, &jobs[i]) == 0;
    }
    lp_worker(&jobs[0]);
    /* a thread that could not start leaves its chunks to the calling thread */
    for (size_t i = 1; i < t; ++i) {
        if (running[i])
            pthread_join(th[i], NULL);
        else
            lp_worker(&jobs[i]);
    }
}
