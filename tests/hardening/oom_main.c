/*
 * sweep-hardening-oom --backend NAME
 * Memory pressure: for every primitive (fused and generic path) and every k = 0, 1,
 * 2, ... the k-th allocation the library attempts during the call fails, until the
 * call needs fewer than k + 1 allocations and succeeds. Each failure must be
 * SWEEP_ERR_OUT_OF_MEMORY with a message, with inputs intact and outputs untouched;
 * the same context must then run the call correctly. Every call starts on a fresh
 * context, so the scratch cache allocates from nothing each time. Under the asan
 * preset LeakSanitizer checks that no failure path leaks. Context, custom operator
 * and comparator creation get the same treatment.
 */
#include "alloc_hook.h"
#include "backends.h"
#include "custom.h"
#include "primitives.h"

#include <stdio.h>
#include <string.h>

/* More allocations than any single call makes: reaching it means the hook is
 * ignored somewhere or a call retries forever. */
#define H_MAX_K 64

static int oom_primitive(sweep_backend backend, unsigned options, const h_prim *prim,
                         long *failed_allocs) {
    h_shape sh = {20011, 1, 3, "oom"};
    for (long k = 0; k < H_MAX_K; ++k) {
        sweep_context *ctx = t_backend_context(backend, options, 0);
        if (!ctx) return 0;
        sweep_status st = SWEEP_OK;
        h_how how = {ctx, k, &st};
        char why[512] = "";
        int ok = prim->run(&how, &sh, why, sizeof why);
        if (ok && st == SWEEP_ERR_OUT_OF_MEMORY) {
            /* the context must have survived the failure */
            h_how again = {ctx, -1, &st};
            ok = prim->run(&again, &sh, why, sizeof why);
            if (!ok) printf("  (the call after the failure of allocation %ld)\n", k);
            st = SWEEP_ERR_OUT_OF_MEMORY;
        }
        sweep_context_destroy(ctx);
        if (!ok) {
            printf("FAIL %s %s, allocation %ld fails: %s\n", options ? "generic" : "fused",
                   prim->name, k, why);
            return 0;
        }
        if (st == SWEEP_OK) {
            *failed_allocs = k;
            return 1;
        }
    }
    printf("FAIL %s %s: still out of memory after failing each of %d allocations\n",
           options ? "generic" : "fused", prim->name, H_MAX_K);
    return 0;
}

static void add_u64(const void *a, const void *b, void *out, void *user) {
    (void)user;
    unsigned long long x, y;
    memcpy(&x, a, 8);
    memcpy(&y, b, 8);
    x += y;
    memcpy(out, &x, 8);
}

static int less_u32(const void *a, const void *b, void *user) {
    (void)user;
    return *(const unsigned *)a < *(const unsigned *)b;
}

/* Object creation under failing allocations: *out untouched on failure. */
static int oom_objects(sweep_backend backend) {
    int ok = 1;
    for (long k = 0; k < H_MAX_K; ++k) {
        sweep_context *sentinel = (sweep_context *)&ok, *ctx = sentinel;
        sweep_context_desc d;
        memset(&d, 0, sizeof d);
        d.backend = backend;
        sweep_testing_fail_allocation(k);
        sweep_status st = sweep_context_create(&ctx, &d);
        sweep_testing_fail_allocation(-1);
        if (st == SWEEP_OK) {
            sweep_context_destroy(ctx);
            printf("context creation: %ld allocation(s) made fail\n", k);
            break;
        }
        if (st != SWEEP_ERR_OUT_OF_MEMORY || ctx != sentinel || !sweep_last_error()[0]) {
            printf("FAIL sweep_context_create, allocation %ld fails: %s, *out %s: %s\n", k,
                   sweep_status_string(st), ctx == sentinel ? "untouched" : "written",
                   sweep_last_error());
            ok = 0;
            break;
        }
    }
    static const unsigned char identity[8] = {0};
    /* the device source is a second allocation */
    const sweep_custom_op_desc od =
        t_op_desc("oom_op", 8, 8, identity, add_u64, "struct e { unsigned long long v; };");
    const sweep_custom_compare_desc cd = t_compare_desc(
        "oom_cmp", 4, 4, less_u32, "bool less(unsigned a, unsigned b) { return a < b; }");
    for (int which = 0; which < 2; ++which) {
        long k = 0;
        for (; k < H_MAX_K; ++k) {
            sweep_custom_op *op_sentinel = (sweep_custom_op *)&ok, *op = op_sentinel;
            sweep_custom_compare *cmp_sentinel = (sweep_custom_compare *)&ok, *cmp = cmp_sentinel;
            sweep_testing_fail_allocation(k);
            sweep_status st = which == 0 ? sweep_custom_op_create(&op, &od)
                                         : sweep_custom_compare_create(&cmp, &cd);
            sweep_testing_fail_allocation(-1);
            if (st == SWEEP_OK) {
                sweep_custom_op_destroy(which == 0 ? op : NULL);
                sweep_custom_compare_destroy(which == 1 ? cmp : NULL);
                break;
            }
            if (st != SWEEP_ERR_OUT_OF_MEMORY || op != op_sentinel || cmp != cmp_sentinel) {
                printf("FAIL %s, allocation %ld fails: %s\n",
                       which ? "sweep_custom_compare_create" : "sweep_custom_op_create", k,
                       sweep_status_string(st));
                ok = 0;
                break;
            }
        }
        if (k < 2) {
            printf("FAIL %s: %ld allocation failure(s) seen, want 2 (object, device source)\n",
                   which ? "sweep_custom_compare_create" : "sweep_custom_op_create", k);
            ok = 0;
        }
    }
    return ok;
}

int main(int argc, char **argv) {
    sweep_backend backend;
    const int usage = t_backend_arg(argc, argv, &backend);
    if (usage) return usage;
    int failures = oom_objects(backend) ? 0 : 1;
    long total_failed = 0;
    static const unsigned paths[] = {0, SWEEP_OPTION_GENERIC};
    for (size_t p = 0; p < 2; ++p) {
        for (size_t i = 0; i < h_num_prims; ++i) {
            long k = 0;
            if (!oom_primitive(backend, paths[p], &h_prims[i], &k)) {
                ++failures;
                continue;
            }
            total_failed += k;
            printf("%s %s: %ld allocation failure(s) survived\n", p ? "generic" : "fused",
                   h_prims[i].name, k);
        }
    }
    /* A run where no call allocated would prove nothing about the failure paths. */
    if (total_failed == 0) {
        printf("FAIL no call allocated anything: the allocation hook is not reached\n");
        ++failures;
    }
    printf("%s: %d failure(s), %ld injected allocation failures survived\n",
           sweep_backend_name(backend), failures, total_failed);
    return failures ? 1 : 0;
}
