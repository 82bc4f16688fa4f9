/*
 * hip_fallback.c -- on a machine without an AMD GPU, the HIP plugin must load,
 * say "no device", and AUTO must pick the next backend (CUDA, else OpenMP, else
 * serial), which then works. This is what CI can check of the HIP backend; its
 * kernels run only where ci/gpu-check.sh --backend hip finds AMD hardware.
 *
 * Exit codes: 0 passed, 1 failed, 77 skipped (an AMD GPU is present: the
 * conformance suite covers that machine instead).
 */
#define _POSIX_C_SOURCE 200809L /* unsetenv */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sweep/sweep.h>
#include <unistd.h>

static int failures = 0;

static void check(int ok, const char *what) {
    printf("%s: %s\n", ok ? "ok  " : "FAIL", what);
    if (!ok) ++failures;
}

static int ends_with(const char *s, const char *suffix) {
    size_t ls = strlen(s), lx = strlen(suffix);
    return ls >= lx && strcmp(s + ls - lx, suffix) == 0;
}

/* The backend AUTO must pick when HIP has no device: the next one that is available. */
static sweep_backend expected_auto(void) {
    static const sweep_backend after_hip[] = {SWEEP_BACKEND_OPENMP, SWEEP_BACKEND_SERIAL};
    sweep_backend_info info;
    if (sweep_backend_query(SWEEP_BACKEND_CUDA, &info) == SWEEP_OK && info.available)
        return SWEEP_BACKEND_CUDA;
    for (size_t i = 0; i < sizeof after_hip / sizeof after_hip[0]; ++i)
        if (sweep_backend_query(after_hip[i], &info) == SWEEP_OK && info.available)
            return after_hip[i];
    return SWEEP_BACKEND_SERIAL;
}

/* An inclusive sum scan on the picked backend, checked on the host: AUTO's choice
 * must be a working backend, not just a name. */
static int scan_works(sweep_context *ctx) {
    enum { N = 1000 };
    uint32_t host[N], back[N];
    for (uint32_t i = 0; i < N; ++i)
        host[i] = i * 2654435761u;
    void *d = NULL;
    int ok = sweep_malloc(ctx, &d, sizeof host) == SWEEP_OK &&
             sweep_memcpy(ctx, d, host, sizeof host, SWEEP_COPY_HOST_TO_DEVICE) == SWEEP_OK &&
             sweep_scan(ctx, sweep_op_builtin(SWEEP_OP_SUM, SWEEP_U32), d, d, N, SWEEP_INCLUSIVE) ==
                 SWEEP_OK &&
             sweep_memcpy(ctx, back, d, sizeof back, SWEEP_COPY_DEVICE_TO_HOST) == SWEEP_OK;
    uint32_t run = 0;
    for (uint32_t i = 0; ok && i < N; ++i) {
        run += host[i];
        ok = back[i] == run;
    }
    if (d) sweep_free(ctx, d);
    return ok;
}

int main(void) {
    /* What the test means must not depend on the caller's settings. */
    unsetenv("SWEEP_BACKEND");
    unsetenv("SWEEP_PLUGIN_PATH");

    sweep_backend_info hip;
    memset(&hip, 0, sizeof hip);
    sweep_status st = sweep_backend_query(SWEEP_BACKEND_HIP, &hip);
    check(st == SWEEP_OK, "sweep_backend_query(HIP) returns SWEEP_OK");
    printf("      hip: available=%d devices=%d path=\"%s\"\n      reason=\"%s\"\n", hip.available,
           hip.device_count, hip.path, hip.reason);
    if (st == SWEEP_OK && hip.available) {
        printf("skip: an AMD GPU is present (%s); run ci/gpu-check.sh --backend hip instead\n",
               hip.device_name);
        return 77;
    }
    check(strcmp(hip.name, "hip") == 0, "the backend is named \"hip\"");
    check(hip.device_count == 0, "no devices are counted");
    check(ends_with(hip.path, "/libsweep-hip.so") && access(hip.path, F_OK) == 0,
          "the plugin file was found next to libsweep");
    /* "loaded, but" is the loader's note for a plugin that loaded and has no device,
     * as opposed to "not found" or "cannot load". */
    check(strstr(hip.reason, "loaded, but") != NULL, "the plugin loaded (dlopen succeeded)");
    check(strstr(hip.reason, "no device") != NULL, "the reason says \"no device\"");

    sweep_context *ctx = NULL;
    sweep_context_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.backend = SWEEP_BACKEND_HIP;
    st = sweep_context_create(&ctx, &desc);
    check(st == SWEEP_ERR_BACKEND_UNAVAILABLE && ctx == NULL,
          "a HIP context is refused with SWEEP_ERR_BACKEND_UNAVAILABLE");
    printf("      message=\"%s\"\n", sweep_last_error());
    check(strstr(sweep_last_error(), "no device") != NULL, "its message says \"no device\"");
    if (ctx) sweep_context_destroy(ctx);
    ctx = NULL;

    const sweep_backend want = expected_auto();
    sweep_backend_info autoinfo;
    st = sweep_backend_query(SWEEP_BACKEND_AUTO, &autoinfo);
    check(st == SWEEP_OK && autoinfo.available && autoinfo.backend == want,
          "sweep_backend_query(AUTO) describes the next available backend");

    st = sweep_context_create(&ctx, NULL);
    check(st == SWEEP_OK && ctx != NULL, "an AUTO context is created");
    if (ctx) {
        sweep_backend got = SWEEP_BACKEND_AUTO;
        check(sweep_context_backend(ctx, &got) == SWEEP_OK && got == want &&
                  got != SWEEP_BACKEND_HIP,
              "AUTO picked the next backend, not HIP");
        printf("      AUTO picked %s (expected %s)\n", sweep_backend_name(got),
               sweep_backend_name(want));
        check(scan_works(ctx), "a scan on the picked backend is right");
        sweep_context_destroy(ctx);
    }

    printf("%s: %d check(s) failed\n", failures ? "FAILED" : "passed", failures);
    return failures ? 1 : 0;
}
