/*
 * sweep-hardening-misaligned --backend NAME
 * Every primitive on arrays that are element-aligned but not 256-byte aligned (as a
 * caller gets from an offset into a larger sweep_malloc buffer), and, where the API
 * takes only elem_size (split, compact) or bytes (flags), at arbitrary byte
 * addresses; on the fused and the generic path; results checked against the oracle,
 * bytes around every array checked untouched.
 */
#include "backends.h"
#include "primitives.h"

#include <stdio.h>

int main(int argc, char **argv) {
    sweep_backend backend;
    const int usage = t_backend_arg(argc, argv, &backend);
    if (usage) return usage;
    static const size_t sizes[] = {1, 37, 4099, 65543};
    static const size_t shifts[][2] = {{1, 1}, {3, 7}}; /* elements, bytes */
    static const unsigned paths[] = {0, SWEEP_OPTION_GENERIC};
    int failures = 0, runs = 0;
    for (size_t p = 0; p < 2; ++p) {
        sweep_context *ctx = t_backend_context(backend, paths[p], 0);
        if (!ctx) return 1;
        h_how how = {ctx, -1, NULL};
        for (size_t i = 0; i < h_num_prims; ++i)
            for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; ++z)
                for (size_t s = 0; s < 2; ++s) {
                    h_shape sh = {sizes[z], shifts[s][0], shifts[s][1], "misaligned"};
                    char why[512] = "";
                    ++runs;
                    if (!h_prims[i].run(&how, &sh, why, sizeof why)) {
                        ++failures;
                        printf("FAIL %s %s n=%zu shift=%zu elements/%zu bytes: %s\n",
                               p ? "generic" : "fused", h_prims[i].name, sh.n, sh.elem_shift,
                               sh.byte_shift, why);
                    }
                }
        sweep_context_destroy(ctx);
    }
    printf("%s: %d of %d misaligned calls failed\n", sweep_backend_name(backend), failures, runs);
    return failures ? 1 : 0;
}
