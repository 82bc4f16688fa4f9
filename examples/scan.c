/*
 * scan: an inclusive prefix sum of 1, 2, ..., N on whichever backend AUTO picks (CUDA,
 * then HIP, then OpenMP, then serial; SWEEP_BACKEND=serial in the environment forces
 * one). Data lives in context memory, so the same code is right on a GPU and a CPU.
 */
#include <sweep/sweep.h>

#include <stdio.h>

enum { N = 1000 };

int main(void) {
    uint32_t host[N];
    for (uint32_t i = 0; i < N; ++i)
        host[i] = i + 1;

    sweep_context *ctx = NULL;
    void *data = NULL;
    sweep_status st = sweep_context_create(&ctx, NULL); /* NULL desc: AUTO, device 0 */
    if (st == SWEEP_OK) st = sweep_malloc(ctx, &data, sizeof host);
    if (st == SWEEP_OK) st = sweep_memcpy(ctx, data, host, sizeof host, SWEEP_COPY_HOST_TO_DEVICE);
    if (st == SWEEP_OK)
        st = sweep_scan(ctx, sweep_op_builtin(SWEEP_OP_SUM, SWEEP_U32), data, data, N,
                        SWEEP_INCLUSIVE); /* in place */
    if (st == SWEEP_OK) st = sweep_memcpy(ctx, host, data, sizeof host, SWEEP_COPY_DEVICE_TO_HOST);
    if (st != SWEEP_OK) /* report before any other sweep call replaces the message */
        fprintf(stderr, "scan: %s: %s\n", sweep_status_string(st), sweep_last_error());

    sweep_backend backend = SWEEP_BACKEND_AUTO;
    if (ctx) (void)sweep_context_backend(ctx, &backend);
    if (ctx) (void)sweep_free(ctx, data);
    sweep_context_destroy(ctx);
    if (st != SWEEP_OK) return 1;

    for (uint32_t i = 0; i < N; ++i) {
        uint32_t want = (i + 1) * (i + 2) / 2;
        if (host[i] != want) {
            fprintf(stderr, "scan: out[%u] = %u, want %u\n", i, host[i], want);
            return 1;
        }
    }
    printf("scan on %s: %d elements, out[%d] = %u\n", sweep_backend_name(backend), N, N - 1,
           host[N - 1]);
    return 0;
}
