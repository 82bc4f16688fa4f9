/* The primitives table's split and compaction (see primitives.h): records of
 * odd sizes at any byte address. */
#include "prim_host.h"
#include "prims.h"

#include "oracle.h"

#include <string.h>

/* ------------------------------------------------------ split, compaction -- */

typedef struct split_args {
    size_t elem_size, value_size, n;
} split_args;

static sweep_status call_split(sweep_context *ctx, h_array *a, const void *user) {
    const split_args *s = user;
    return sweep_split(ctx, a[0].dev, a[1].dev, a[2].dev, s->elem_size, a[3].dev, a[4].dev,
                       s->value_size, s->n, a[5].dev);
}

/* Records of 3 bytes at any byte address, with 8-byte values. */
int p_split(const h_how *how, const h_shape *sh, char *why, size_t len) {
    h_mem m = {0};
    t_rng r;
    h_seed(&r, sh, "split");
    const size_t es = 3, vs = 8;
    uint8_t *flags = h_alloc(&m, sh->n);
    void *in = h_alloc(&m, sh->n * es), *out = h_alloc(&m, sh->n * es);
    void *vin = h_alloc(&m, sh->n * vs), *vout = h_alloc(&m, sh->n * vs);
    size_t count;
    if (!flags || !in || !out || !vin || !vout) return H_OOM_HOST(&m);
    t_gen_flags(&r, flags, sh->n, 400);
    t_gen_bytes(&r, in, sh->n * es);
    t_gen_values(&r, vin, vs, sh->n);
    count = o_split(flags, in, out, es, vin, vout, vs, sh->n, 1);
    split_args s = {es, vs, sh->n};
    h_array a[] = {{"flags", flags, NULL, sh->n, sh->byte_shift, NULL},
                   {"in", in, NULL, sh->n * es, sh->byte_shift + 1, NULL},
                   {"out", NULL, out, sh->n * es, sh->byte_shift + 2, NULL},
                   {"values_in", vin, NULL, sh->n * vs, sh->elem_shift * vs, NULL},
                   {"values_out", NULL, vout, sh->n * vs, (sh->elem_shift + 1) * vs, NULL},
                   {"num_flagged", NULL, &count, sizeof count, sh->elem_shift * 8, NULL}};
    int ok = h_exec(how, "sweep_split", a, 6, call_split, &s, why, len);
    h_free_all(&m);
    return ok;
}

static sweep_status call_compact(sweep_context *ctx, h_array *a, const void *user) {
    const split_args *s = user;
    return sweep_compact(ctx, a[0].dev, a[1].dev, a[2].dev, s->elem_size, s->n, a[3].dev);
}

/* Records of 5 bytes at any byte address; the tail of out stays untouched. */
int p_compact(const h_how *how, const h_shape *sh, char *why, size_t len) {
    h_mem m = {0};
    t_rng r;
    h_seed(&r, sh, "compact");
    const size_t es = 5;
    uint8_t *flags = h_alloc(&m, sh->n);
    void *in = h_alloc(&m, sh->n * es), *out = h_poisoned(&m, sh->n * es);
    size_t count;
    if (!flags || !in || !out) return H_OOM_HOST(&m);
    t_gen_flags(&r, flags, sh->n, 300);
    t_gen_bytes(&r, in, sh->n * es);
    count = o_split(flags, in, out, es, NULL, NULL, 0, sh->n, 0);
    split_args s = {es, 0, sh->n};
    h_array a[] = {{"flags", flags, NULL, sh->n, sh->byte_shift + 3, NULL},
                   {"in", in, NULL, sh->n * es, sh->byte_shift, NULL},
                   {"out", NULL, out, sh->n * es, sh->byte_shift + 1, NULL},
                   {"num_kept", NULL, &count, sizeof count, sh->elem_shift * 8, NULL}};
    int ok = h_exec(how, "sweep_compact", a, 4, call_compact, &s, why, len);
    h_free_all(&m);
    return ok;
}
