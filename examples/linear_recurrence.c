/*
 * linear_recurrence: x[i] = a[i] * x[i-1] + b[i] (x[-1] = 0) for all i at once, as an
 * inclusive scan of affine maps f_i(x) = a[i]*x + b[i] under composition. The scan's
 * i-th output is f_i o ... o f_0, whose b is x[i]. Composition is associative but not
 * commutative, which is why it needs a custom operator: a C function for CPU backends
 * and the same function as device source, compiled at run time on GPU backends.
 *
 * Runs on whichever backend AUTO picks (SWEEP_BACKEND=serial forces one) and checks
 * the answer against the sequential loop. The data are integer-valued (a = +-1, small
 * integer b) so that every intermediate is an integer below 2^24 and exact in float:
 * the scan must then equal the loop exactly (as values: -0.0 == +0.0). With general
 * data the two differ by rounding, as any parallel sum does.
 */
#include <sweep/sweep.h>

#include <stdio.h>
#include <stdlib.h>

enum { N = 100000 };

typedef struct affine {
    float a, b; /* x -> a*x + b */
} affine;

/* x -> second(first(x)): first is the earlier element of the scan. */
static void affine_compose(const void *first, const void *second, void *out, void *user) {
    (void)user;
    const affine *f = first, *s = second;
    affine r;
    r.a = s->a * f->a;
    r.b = s->a * f->b + s->b;
    *(affine *)out = r;
}

/* The GPU backends compile this; the name of the function is the operator's name. */
static const char affine_source[] = "struct affine { float a, b; };\n"
                                    "__device__ affine affine_f32(affine f, affine s) {\n"
                                    "    affine r;\n"
                                    "    r.a = s.a * f.a;\n"
                                    "    r.b = s.a * f.b + s.b;\n"
                                    "    return r;\n"
                                    "}\n";

int main(void) {
    affine *host = malloc(N * sizeof *host);
    if (!host) return 1;
    unsigned seed = 12345;
    for (size_t i = 0; i < N; ++i) {
        seed = seed * 1103515245u + 12345u;
        host[i].a = (seed >> 16) & 1 ? 1.0f : -1.0f;
        host[i].b = (float)((int)((seed >> 20) % 101) - 50);
    }

    static const affine identity = {1.0f, 0.0f};
    sweep_custom_op_desc desc = {0};
    desc.name = "affine_f32";
    desc.elem_size = sizeof(affine);
    desc.elem_align = _Alignof(affine);
    desc.identity = &identity;
    desc.combine = affine_compose;
    desc.device_source = affine_source;

    sweep_custom_op *op = NULL;
    sweep_context *ctx = NULL;
    void *data = NULL;
    sweep_status st = sweep_custom_op_create(&op, &desc);
    if (st == SWEEP_OK) st = sweep_context_create(&ctx, NULL); /* AUTO, device 0 */
    if (st == SWEEP_OK) st = sweep_malloc(ctx, &data, N * sizeof *host);
    if (st == SWEEP_OK)
        st = sweep_memcpy(ctx, data, host, N * sizeof *host, SWEEP_COPY_HOST_TO_DEVICE);
    /* On a GPU the first call with this operator compiles it (then cached on disk). */
    if (st == SWEEP_OK) st = sweep_scan(ctx, sweep_op_custom(op), data, data, N, SWEEP_INCLUSIVE);
    affine *maps = malloc(N * sizeof *maps);
    if (st == SWEEP_OK && !maps) st = SWEEP_ERR_OUT_OF_MEMORY;
    if (st == SWEEP_OK)
        st = sweep_memcpy(ctx, maps, data, N * sizeof *maps, SWEEP_COPY_DEVICE_TO_HOST);
    if (st != SWEEP_OK) /* report before any other sweep call replaces the message */
        fprintf(stderr, "linear_recurrence: %s: %s\n", sweep_status_string(st), sweep_last_error());

    sweep_backend backend = SWEEP_BACKEND_AUTO;
    if (ctx) (void)sweep_context_backend(ctx, &backend);
    if (ctx) (void)sweep_free(ctx, data);
    sweep_context_destroy(ctx);
    sweep_custom_op_destroy(op);

    int ok = st == SWEEP_OK;
    float x = 0.0f;
    for (size_t i = 0; ok && i < N; ++i) {
        x = host[i].a * x + host[i].b;
        if (maps[i].b != x) {
            fprintf(stderr, "linear_recurrence: x[%zu] = %g, the loop gives %g\n", i,
                    (double)maps[i].b, (double)x);
            ok = 0;
        }
    }
    if (ok)
        printf("linear_recurrence on %s: %d steps of x[i] = a[i]*x[i-1] + b[i], x[%d] = %g\n",
               sweep_backend_name(backend), N, N - 1, (double)x);
    free(maps);
    free(host);
    return ok ? 0 : 1;
}
