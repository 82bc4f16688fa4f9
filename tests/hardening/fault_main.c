/*
 * sweep-hardening-fault [--backend cuda|hip]
 * A real device fault must come back as SWEEP_ERR_DEVICE, not kill the program: a
 * scan reads its input from an address no allocation covers (aligned, so it passes
 * validation). The call or the next sweep_synchronize must report SWEEP_ERR_DEVICE
 * with a message naming the runtime's error; every later call on the faulted context
 * must fail (the CUDA context is lost for good) without crashing or hanging; destroy
 * must return; and a serial context created afterwards must still compute. An alarm
 * turns a hang into a failure. Without the backend the program exits 77 (skipped).
 */
#define _POSIX_C_SOURCE 200809L /* alarm under -std=c11 */

#include "backends.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define F_N (1u << 20)
#define F_ALARM_S 120u

static int failures;

static void expect(int ok, const char *what, sweep_status st) {
    printf("%s %s: %s%s%s\n", ok ? "ok  " : "FAIL", what, sweep_status_string(st),
           st != SWEEP_OK ? " -- " : "", st != SWEEP_OK ? sweep_last_error() : "");
    fflush(stdout);
    if (!ok) ++failures;
}

/* Every later call on the faulted context fails; none may crash or hang. */
static void after_fault(sweep_context *ctx, void *out) {
    sweep_op sum = sweep_op_builtin(SWEEP_OP_SUM, SWEEP_U32);
    sweep_status st = sweep_scan(ctx, sum, out, out, F_N, SWEEP_INCLUSIVE);
    if (st == SWEEP_OK) st = sweep_synchronize(ctx);
    expect(st != SWEEP_OK, "a valid scan on the faulted context fails", st);
    uint32_t host[16];
    st = sweep_memcpy(ctx, host, out, sizeof host, SWEEP_COPY_DEVICE_TO_HOST);
    expect(st != SWEEP_OK, "a copy to the host fails", st);
    void *p = NULL;
    st = sweep_malloc(ctx, &p, 1024);
    expect(st != SWEEP_OK, "an allocation fails", st);
    if (st == SWEEP_OK) (void)sweep_free(ctx, p);
    st = sweep_synchronize(ctx);
    expect(st == SWEEP_ERR_DEVICE, "sweep_synchronize reports SWEEP_ERR_DEVICE again", st);
    sweep_sort_desc d = sweep_sort_desc_make(SWEEP_U32);
    st = sweep_radix_sort(ctx, out, out, NULL, NULL, F_N, &d);
    if (st == SWEEP_OK) st = sweep_synchronize(ctx);
    expect(st != SWEEP_OK, "an in-place radix sort fails", st);
    st = sweep_free(ctx, out);
    printf("     sweep_free on the faulted context: %s (either is fine; it must return)\n",
           sweep_status_string(st));
}

static void serial_still_works(void) {
    sweep_context *ctx = t_backend_context(SWEEP_BACKEND_SERIAL, 0, 0);
    if (!ctx) {
        expect(0, "a serial context after the fault", SWEEP_ERR_INTERNAL);
        return;
    }
    uint32_t in[1000], out[1000];
    for (uint32_t i = 0; i < 1000; ++i)
        in[i] = i * 2654435761u;
    sweep_status st =
        sweep_scan(ctx, sweep_op_builtin(SWEEP_OP_SUM, SWEEP_U32), in, out, 1000, SWEEP_EXCLUSIVE);
    uint32_t run = 0;
    int right = st == SWEEP_OK;
    for (uint32_t i = 0; right && i < 1000; run += in[i], ++i)
        right = out[i] == run;
    expect(right, "a serial scan after the fault is right", st);
    sweep_context_destroy(ctx);
}

int main(int argc, char **argv) {
    sweep_backend backend = SWEEP_BACKEND_CUDA;
    if (argc == 3 && strcmp(argv[1], "--backend") == 0) {
        if (!t_parse_backend(argv[2], &backend) ||
            (backend != SWEEP_BACKEND_CUDA && backend != SWEEP_BACKEND_HIP)) {
            printf("usage: sweep-hardening-fault [--backend cuda|hip]\n");
            return 2;
        }
    } else if (argc != 1) {
        printf("usage: sweep-hardening-fault [--backend cuda|hip]\n");
        return 2;
    }
    if (t_backend_available(backend) <= 0) return T_EXIT_SKIP;
    alarm(F_ALARM_S); /* a hang ends the program with SIGALRM: a failure, not a stall */

    sweep_context *ctx = t_backend_context(backend, 0, 0);
    /* a bystander on the same device: what a fault does to it is printed, not
     * required (on CUDA both share the device's primary context) */
    sweep_context *bystander = t_backend_context(backend, 0, 0);
    if (!ctx || !bystander) return 1;
    void *out = NULL;
    sweep_status st = sweep_malloc(ctx, &out, F_N * sizeof(uint32_t));
    if (st != SWEEP_OK) {
        expect(0, "sweep_malloc", st);
        return 1;
    }
    /* 0x1000 is aligned for u32 and lies in the first page, which no device
     * allocation ever covers: the first load of the kernel faults. */
    const void *bogus = (const void *)(uintptr_t)0x1000;
    st = sweep_scan(ctx, sweep_op_builtin(SWEEP_OP_SUM, SWEEP_U32), bogus, out, F_N,
                    SWEEP_INCLUSIVE);
    const char *where = "the scan";
    if (st == SWEEP_OK) {
        st = sweep_synchronize(ctx);
        where = "sweep_synchronize after the scan";
    }
    char what[160];
    snprintf(what, sizeof what, "%s reports the fault as SWEEP_ERR_DEVICE", where);
    expect(st == SWEEP_ERR_DEVICE, what, st);
    const char *err_prefix = backend == SWEEP_BACKEND_CUDA ? "cudaError" : "hipError";
    if (st == SWEEP_ERR_DEVICE)
        expect(strstr(sweep_last_error(), err_prefix) != NULL,
               "the message names the runtime's error", st);

    after_fault(ctx, out);
    st = sweep_synchronize(bystander);
    printf("     another context on the same device after the fault: %s%s%s\n",
           sweep_status_string(st), st != SWEEP_OK ? " -- " : "",
           st != SWEEP_OK ? sweep_last_error() : "");
    sweep_context_destroy(bystander);
    sweep_context_destroy(ctx);
    printf("ok   sweep_context_destroy returned\n");
    st = sweep_synchronize(ctx);
    expect(st == SWEEP_ERR_INVALID_ARGUMENT, "the destroyed context is refused", st);
    serial_still_works();
    alarm(0);
    printf("sweep-hardening-fault: %s: %s\n", sweep_backend_name(backend),
           failures ? "FAIL" : "device fault contained");
    return failures ? 1 : 0;
}
