/* Backend selection for the test programs (see backends.h). */
#include "backends.h"

#include <stdio.h>
#include <string.h>

int t_parse_backend(const char *name, sweep_backend *out) {
    for (int b = SWEEP_BACKEND_SERIAL; b <= SWEEP_BACKEND_HIP; ++b)
        if (name && strcmp(name, sweep_backend_name((sweep_backend)b)) == 0) {
            *out = (sweep_backend)b;
            return 1;
        }
    return 0;
}

int t_backend_available(sweep_backend backend) {
    sweep_backend_info info;
    sweep_status st = sweep_backend_query(backend, &info);
    if (st != SWEEP_OK) {
        printf("sweep_backend_query(%s) failed: %s (%s)\n", sweep_backend_name(backend),
               sweep_status_string(st), sweep_last_error());
        return -1;
    }
    if (!info.available)
        printf("backend %s is not available: %s\n", sweep_backend_name(backend), info.reason);
    return info.available ? 1 : 0;
}

sweep_context *t_backend_context(sweep_backend backend, unsigned options, int num_threads) {
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

int t_backend_arg(int argc, char **argv, sweep_backend *out) {
    if (argc != 3 || strcmp(argv[1], "--backend") != 0 || !t_parse_backend(argv[2], out)) {
        fprintf(stderr, "usage: %s --backend serial|openmp|cuda|hip\n", argv[0]);
        return 2;
    }
    return t_backend_available(*out) > 0 ? 0 : T_EXIT_SKIP;
}
