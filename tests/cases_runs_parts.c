/* Unique, run-length encoding and non-trivial runs over inputs large enough that a
 * CPU backend splits them among its threads (contexts of 3 and 4 threads), so that
 * runs cross the threads' parts: random short runs, long ones, runs longer than a
 * thread's part (parts with no run start), and singles with rare pairs (parts whose
 * last runs are dropped by non-trivial runs); keys of 1, 2, 4 and 8 bytes, values of
 * the sizes with their own copy (1, 2, 4, 8, 16) and of others (3, 12). */
#include "families.h"
#include "gen.h"
#include "oracle.h"

#include <string.h>

enum { PART_SHORT = 0, PART_LONG = 1, PART_HUGE = 2, PART_PAIRS = 3, PART_SHAPES = 4 };
static const char *const part_names[PART_SHAPES] = {"short", "long", "huge", "pairs"};

/* Whether a run starts at i (i > 0). */
static int part_starts(t_rng *rng, int shape, size_t n, size_t i) {
    switch (shape) {
    case PART_SHORT: return t_rng_below(rng, 2) == 0;
    case PART_LONG: return t_rng_below(rng, 3000) == 0;
    case PART_HUGE: return i == n / 7 || i == n / 2 + 3 || i == n - 2;
    default: return t_rng_below(rng, 50) != 0;
    }
}

/* n keys of ks bytes: each run a random key that differs from the run before. */
static void part_keys(t_rng *rng, int shape, unsigned char *keys, size_t ks, size_t n) {
    uint64_t key = t_rng_next(rng), mask = ks == 8 ? ~(uint64_t)0 : ((uint64_t)1 << (8 * ks)) - 1;
    for (size_t i = 0; i < n; ++i) {
        if (i > 0 && part_starts(rng, shape, n, i)) {
            const uint64_t prev = key;
            key = t_rng_next(rng);
            if (((key ^ prev) & mask) == 0) key ^= 1;
        }
        for (size_t b = 0; b < ks; ++b)
            keys[i * ks + b] = (unsigned char)(key >> (8 * b));
    }
}

static sweep_dtype part_dtype(size_t ks) {
    return ks == 1 ? SWEEP_U8 : ks == 2 ? SWEEP_U16 : ks == 4 ? SWEEP_U32 : SWEEP_U64;
}

/* c->kind (0 unique, 1 unique by key, 2 encode, 3 non-trivial runs), c->a shape,
 * c->b value size, c->c threads, c->d key size, c->n */
static t_result runs_parts_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state outer;
    t_begin(&outer, env, msg, len);
    sweep_context *ctx = NULL;
    if (!t_context(&outer, 0, c->c, &ctx)) return t_end(&outer);
    t_env own = {env->backend, env->options, ctx};
    t_state t;
    t_begin(&t, &own, msg, len);
    const size_t ks = (size_t)c->d, vs = c->kind == 1 ? (size_t)c->b : 0, n = c->n;
    const sweep_dtype dt = part_dtype(ks);
    const size_t cap = c->kind == 3 ? n / 2 : n, zs = sizeof(size_t);
    t_rng rng;
    t_rng_seed(&rng, c->name);
    unsigned char *keys = t_host(&t, n * ks), *want = t_host(&t, n * ks);
    unsigned char *got = t_host(&t, n * ks);
    unsigned char *vin = t_host(&t, n * vs + 1), *vwant = t_host(&t, n * vs + 1);
    unsigned char *vgot = t_host(&t, n * vs + 1);
    size_t *owant = t_host(&t, n * zs), *ogot = t_host(&t, n * zs);
    size_t *lwant = t_host(&t, n * zs), *lgot = t_host(&t, n * zs);
    void *d_keys = NULL, *d_vin = NULL, *d_out = NULL, *d_vout = NULL;
    size_t *d_offsets = NULL, *d_lengths = NULL, *d_count = NULL;
    if (t.failed) goto done;
    part_keys(&rng, c->a, keys, ks, n);
    t_gen_values(&rng, vin, vs, n);
    t_poison(want, n * ks);
    t_poison(vwant, n * vs);
    t_poison(owant, n * zs);
    t_poison(lwant, n * zs);
    size_t count;
    if (c->kind <= 1)
        count = o_unique(keys, ks, vin, vs, n, want, vwant);
    else if (c->kind == 2)
        count = o_run_length_encode(keys, ks, n, want, lwant);
    else
        count = o_nontrivial_runs(keys, ks, n, owant, lwant);

    d_keys = t_dev_upload(&t, keys, n * ks);
    d_vin = vs ? t_dev_upload(&t, vin, n * vs) : NULL;
    d_out = c->kind <= 2 ? t_dev_poisoned(&t, n * ks) : NULL;
    d_vout = vs ? t_dev_poisoned(&t, n * vs) : NULL;
    d_offsets = c->kind == 3 ? t_dev_poisoned(&t, cap * zs) : NULL;
    d_lengths = c->kind >= 2 ? t_dev_poisoned(&t, cap * zs) : NULL;
    d_count = t_dev_poisoned(&t, zs);
    if (t.failed) goto done;
    sweep_status st;
    const char *what;
    switch (c->kind) {
    case 0:
        st = sweep_unique(ctx, d_keys, d_out, dt, n, d_count);
        what = "sweep_unique";
        break;
    case 1:
        st = sweep_unique_by_key(ctx, d_keys, d_vin, d_out, d_vout, dt, vs, n, d_count);
        what = "sweep_unique_by_key";
        break;
    case 2:
        st = sweep_run_length_encode(ctx, d_keys, d_out, d_lengths, dt, n, d_count);
        what = "sweep_run_length_encode";
        break;
    default:
        st = sweep_nontrivial_runs(ctx, d_keys, d_offsets, d_lengths, dt, n, d_count);
        what = "sweep_nontrivial_runs";
        break;
    }
    if (!t_ok(&t, st, what)) goto done;
    /* every entry, the poisoned ones past the count too */
    if (d_out && (!t_download(&t, got, d_out, n * ks, "keys_out") ||
                  !t_compare_bytes(&t, "keys_out", got, want, n, ks)))
        goto done;
    if (vs && (!t_download(&t, vgot, d_vout, n * vs, "values_out") ||
               !t_compare_bytes(&t, "values_out", vgot, vwant, n, vs)))
        goto done;
    if (d_offsets && (!t_download(&t, ogot, d_offsets, cap * zs, "offsets") ||
                      !t_compare_bytes(&t, "offsets", ogot, owant, cap, zs)))
        goto done;
    if (d_lengths && (!t_download(&t, lgot, d_lengths, cap * zs, "run_lengths") ||
                      !t_compare_bytes(&t, "run_lengths", lgot, lwant, cap, zs)))
        goto done;
    size_t got_count = 0;
    if (t_download(&t, &got_count, d_count, zs, "count") && got_count != count)
        t_fail(&t, "count: got %zu, want %zu", got_count, count);
done:;
    t_result res = t_end(&t);
    sweep_context_destroy(ctx);
    t_end(&outer);
    return res;
}

void t_register_runs_parts(t_registry *r, const char *family) {
    t_case c;
    memset(&c, 0, sizeof c);
    c.family = family;
    c.fn = runs_parts_case;
    static const char *const prims[4] = {"unique", "unique_by_key", "encode", "nontrivial"};
    static const int value_sizes[] = {1, 2, 3, 4, 8, 12, 16};
    static const int key_sizes[] = {1, 2, 4, 8};
    const int unique = strcmp(family, "unique") == 0;
    unsigned k = 0;
    for (int kind = unique ? 0 : 2; kind < (unique ? 2 : 4); ++kind)
        for (int shape = 0; shape < PART_SHAPES; ++shape)
            for (unsigned ki = 0; ki < 4; ++ki) {
                /* every value size on the short runs, one a key size on the others */
                const unsigned nv = kind != 1 ? 1 : shape == PART_SHORT ? 7 : 1;
                for (unsigned vi = 0; vi < nv; ++vi, ++k) {
                    c.kind = kind;
                    c.a = shape;
                    c.b = kind != 1 ? 0 : shape == PART_SHORT ? value_sizes[vi] : value_sizes[ki];
                    c.c = 3 + (int)(k % 2);
                    c.d = key_sizes[ki];
                    /* at least 256 KiB of keys a thread, not a multiple of the threads */
                    c.n = ((size_t)(c.c * 256 * 1024) + 1024) / (size_t)c.d + 7;
                    t_register(r, &c, "%s.parts.%s.k%d.v%d.threads%d.n%zu", prims[kind],
                               part_names[shape], c.d, c.b, c.c, c.n);
                }
            }
}
