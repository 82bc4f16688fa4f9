/* Split and compaction: element sizes 1 ... 24 bytes, with and without values, flag
 * densities from none to all, with and without the count, and the seeds' example. */
#include "families.h"
#include "gen.h"
#include "oracle.h"

#include <string.h>

/* c->kind (0 split, 1 compact), c->a elem_size, c->b value_size, c->c permille,
 * c->d count wanted, c->n, c->m: every device array starts m elements (flags: m bytes)
 * into its allocation, off the 16-byte boundaries the kernels' vector paths need */
static t_result split_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    int compact = c->kind;
    size_t n = c->n, es = (size_t)c->a, vs = compact ? 0 : (size_t)c->b;
    t_rng rng;
    t_rng_seed(&rng, c->name);
    unsigned char *in = t_host(&t, n * es), *want = t_host(&t, n * es), *got = t_host(&t, n * es);
    unsigned char *vin = t_host(&t, n * vs), *vwant = t_host(&t, n * vs);
    unsigned char *vgot = t_host(&t, n * vs);
    uint8_t *flags = t_host(&t, n);
    if (t.failed) return t_end(&t);
    t_gen_bytes(&rng, in, n * es);
    t_gen_values(&rng, vin, vs, n);
    t_gen_flags(&rng, flags, n, (unsigned)c->c);
    t_poison(want, n * es);
    size_t count = o_split(flags, in, want, es, vin, vwant, vs, n, !compact);

    const size_t m = c->m;
    unsigned char *d_in = t_dev_poisoned(&t, (n + m) * es);
    unsigned char *d_flags = t_dev_poisoned(&t, n + m);
    unsigned char *d_out = t_dev_poisoned(&t, (n + m) * es);
    unsigned char *d_vin = vs ? t_dev_poisoned(&t, (n + m) * vs) : NULL;
    unsigned char *d_vout = vs ? t_dev_poisoned(&t, (n + m) * vs) : NULL;
    size_t *d_count = c->d ? t_dev_poisoned(&t, sizeof(size_t)) : NULL;
    if (t.failed) return t_end(&t);
    d_in += m * es;
    d_flags += m;
    d_out += m * es;
    if (vs) {
        d_vin += m * vs;
        d_vout += m * vs;
    }
    const sweep_copy_kind up = SWEEP_COPY_HOST_TO_DEVICE;
    if (!t_ok(&t, sweep_memcpy(t.ctx, d_in, in, n * es, up), "upload of in") ||
        !t_ok(&t, sweep_memcpy(t.ctx, d_flags, flags, n, up), "upload of flags") ||
        (vs && !t_ok(&t, sweep_memcpy(t.ctx, d_vin, vin, n * vs, up), "upload of values_in")))
        return t_end(&t);
    sweep_status st =
        compact ? sweep_compact(env->ctx, d_flags, d_in, d_out, es, n, d_count)
                : sweep_split(env->ctx, d_flags, d_in, d_out, es, d_vin, d_vout, vs, n, d_count);
    if (!t_ok(&t, st, compact ? "sweep_compact" : "sweep_split")) return t_end(&t);
    /* compaction leaves out past the kept elements unwritten: want holds poison there */
    if (!t_download(&t, got, d_out, n * es, "out")) return t_end(&t);
    if (!t_compare_bytes(&t, "out", got, want, n, es)) return t_end(&t);
    if (vs && t_download(&t, vgot, d_vout, n * vs, "values_out"))
        if (!t_compare_bytes(&t, "values_out", vgot, vwant, n, vs)) return t_end(&t);
    if (d_count) {
        size_t got_count = 0;
        if (n == 0)
            t_expect_poisoned(&t, d_count, sizeof(size_t), "count (n == 0 writes nothing)");
        else if (t_download(&t, &got_count, d_count, sizeof got_count, "count") &&
                 got_count != count)
            t_fail(&t, "count: got %zu, want %zu", got_count, count);
    }
    return t_end(&t);
}

/* The seeds' split: 5 7 3 1 4 2 7 2 by flags 1 1 0 1 0 0 1 0 is 5 7 1 7 3 4 2 2. */
static t_result split_known_answer(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    (void)c;
    static const uint32_t in[8] = {5, 7, 3, 1, 4, 2, 7, 2};
    static const uint8_t flags[8] = {1, 1, 0, 1, 0, 0, 1, 0};
    static const uint32_t want[8] = {5, 7, 1, 7, 3, 4, 2, 2};
    uint32_t got[8];
    size_t count = 0;
    void *d_in = t_dev_upload(&t, in, sizeof in);
    void *d_flags = t_dev_upload(&t, flags, sizeof flags);
    void *d_out = t_dev_poisoned(&t, sizeof in);
    size_t *d_count = t_dev_poisoned(&t, sizeof(size_t));
    if (t.failed) return t_end(&t);
    if (t_ok(&t, sweep_split(env->ctx, d_flags, d_in, d_out, 4, NULL, NULL, 0, 8, d_count),
             "sweep_split") &&
        t_download(&t, got, d_out, sizeof got, "out") &&
        t_compare_bytes(&t, "out", got, want, 8, 4) &&
        t_download(&t, &count, d_count, sizeof count, "count") && count != 4)
        t_fail(&t, "count: got %zu, want 4", count);
    return t_end(&t);
}

void t_register_split(t_registry *r) {
    t_case c;
    memset(&c, 0, sizeof c);
    c.family = "split";
    c.fn = split_known_answer;
    t_register(r, &c, "split.known_answer");

    c.fn = split_case;
    static const int elem_sizes[] = {1, 2, 3, 4, 8, 12, 16, 24};
    static const int value_sizes[] = {0, 1, 2, 4, 8, 16};
    static const int densities[] = {500, 0, 1000, 10, 990};
    static const size_t sizes[] = {0, 1, 2, 31, 32, 33, 1023, 4097, 10007};
    unsigned k = 0;
    for (int compact = 0; compact < 2; ++compact)
        for (unsigned e = 0; e < sizeof elem_sizes / sizeof elem_sizes[0]; ++e)
            for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; ++s, ++k) {
                c.kind = compact;
                c.a = elem_sizes[e];
                c.b = compact ? 0 : value_sizes[k % 6];
                c.c = densities[k % 5];
                c.d = k % 3 != 0;
                c.n = sizes[s];
                t_register(r, &c, "%s.e%d.v%d.p%d%s.n%zu", compact ? "compact" : "split", c.a, c.b,
                           c.c, c.d ? ".count" : "", c.n);
            }
    /* every value size and density at a tile-crossing size */
    for (unsigned v = 0; v < sizeof value_sizes / sizeof value_sizes[0]; ++v)
        for (unsigned d = 0; d < sizeof densities / sizeof densities[0]; ++d) {
            c.kind = 0;
            c.a = 4;
            c.b = value_sizes[v];
            c.c = densities[d];
            c.d = 1;
            c.n = 65537;
            t_register(r, &c, "split.e4.v%d.p%d.count.n%zu", c.b, c.c, c.n);
        }
    static const size_t large[] = {(1u << 20) + 3, (3u << 20) + 7};
    for (int compact = 0; compact < 2; ++compact)
        for (unsigned s = 0; s < 2; ++s) {
            c.kind = compact;
            c.a = s ? 4 : 8;
            c.b = compact ? 0 : 4;
            c.c = 500;
            c.d = 1;
            c.n = large[s];
            t_register(r, &c, "%s.e%d.v%d.p500.count.n%zu", compact ? "compact" : "split", c.a, c.b,
                       c.n);
        }
    /* millions of elements without values: several tiles a block in CUDA's one-kernel split */
    static const int resident_sizes[] = {1, 4, 16, 8};
    for (unsigned e = 0; e < 4; ++e) {
        c.kind = e == 3;
        c.a = resident_sizes[e];
        c.b = 0;
        c.c = e == 0 ? 990 : 500;
        c.d = 1;
        c.n = ((size_t)1 << 22) + 5 + e;
        t_register(r, &c, "%s.e%d.v0.p%d.count.n%zu", c.kind ? "compact" : "split", c.a, c.c, c.n);
    }
    /* arrays off their 16-byte boundaries, over many tiles and count blocks */
    for (int compact = 0; compact < 2; ++compact)
        for (unsigned s = 0; s < 2; ++s) {
            c.kind = compact;
            c.a = s ? 4 : 2;
            c.b = compact ? 0 : (s ? 8 : 4);
            c.c = s ? 10 : 500;
            c.d = 1;
            c.n = large[s];
            c.m = s ? 3 : 1;
            t_register(r, &c, "%s.e%d.v%d.p%d.count.off%zu.n%zu", compact ? "compact" : "split",
                       c.a, c.b, c.c, c.m, c.n);
        }
}
