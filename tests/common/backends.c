/* Backend selection for the hardening programs (see backends.h). */
#include "backends.h"

#include <stdio.h>
#include <string.h>

int h_parse_backend(const char *name, sweep_backend *out) {
    static const struct {
        const char *name;
        sweep_backend backend;
    } known[] = {{"serial", SWEEP_BACKEND_SERIAL},
                 {"openmp", SWEEP_BACKEND_OPENMP},
                 {"cuda", SWEEP_BACKEND_CUDA},
                 {"hip", SWEEP_BACKEND_HIP}};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; ++i)
        if (name && strcmp(name, known[i].name) == 0) {
            *out = known[i].backend;
            return 1;
        }
    return 0;
}

int h_backend_available(sweep_backend backend) {
    sweep_backend_info info;
    sweep_status st = sweep_backend_query(backend, &info);
    if (st != SWEEP_OK) {
        printf("sweep_backend_query(%s): %s\n", sweep_backend_name(backend), sweep_last_error());
        return 0;
    }
    if (!info.available)
        printf("backend %s is not available: %s\n", sweep_backend_name(backend), info.reason);
    return info.available;
}

sweep_context *h_context(sweep_backend backend, unsigned options, int num_threads) {
    sweep_context_desc d;
    memset(&d, 0, sizeof d);
    d.backend = backend;
    d.options = options;
    d.num_threads = num_threads;
    sweep_context *ctx = NULL;
    if (sweep_context_create(&ctx, &d) != SWEEP_OK) {
        printf("sweep_context_create(%s): %s\n", sweep_backend_name(backend), sweep_last_error());
        return NULL;
    }
    return ctx;
}
