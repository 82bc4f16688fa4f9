/* Unique, run-length encoding and non-trivial runs at the edges of the GPU's fused
 * select (tiles of 2048 and 4096 keys): a run exactly one tile long starting at a
 * tile's last element, runs of two straddling every tile boundary, one run over
 * several tiles, all keys distinct, a single key; keys of 1, 2, 4 and 8 bytes, with
 * values of aligned and odd sizes. */
#include "families.h"
#include "gen.h"
#include "oracle.h"

#include <string.h>

/* How runs_edges_keys lays out runs (c->a). */
enum {
    EDGE_TILE_RUN = 0, /* runs of T from a tile's last element, then short ones */
    EDGE_STRADDLE = 1, /* a run of 2 across every tile boundary, singles between */
    EDGE_ONE_RUN = 2,  /* one run of every key, over several tiles                */
    EDGE_DISTINCT = 3, /* every run one key                                       */
    EDGE_SINGLE = 4,   /* n = 1                                                   */
    EDGE_SHAPES = 5
};
static const char *const edge_names[EDGE_SHAPES] = {"tile_run", "straddle", "one_run", "distinct",
                                                    "single"};

static size_t edge_n(int shape, size_t tile) {
    switch (shape) {
    case EDGE_TILE_RUN: return 6 * tile + 5;
    case EDGE_STRADDLE: return 4 * tile + 1;
    case EDGE_ONE_RUN: return 5 * tile + 3;
    case EDGE_DISTINCT: return 3 * tile + 1;
    default: return 1;
    }
}

/* Whether a run starts at i (i > 0) in the shape. */
static int edge_starts(t_rng *rng, int shape, size_t tile, size_t i) {
    switch (shape) {
    case EDGE_TILE_RUN:
        /* runs of exactly one tile from T - 1 and 4T - 1, a single at 2T - 1, a run of
         * T - 1 from 2T, then runs of 1 to 3 */
        if (i < 5 * tile - 1)
            return i == tile - 1 || i == 2 * tile - 1 || i == 2 * tile || i == 3 * tile - 1 ||
                   i == 4 * tile - 1;
        return i == 5 * tile - 1 || t_rng_below(rng, 3) == 0;
    case EDGE_STRADDLE: return i % tile != 0; /* pairs at kT - 1, kT */
    case EDGE_ONE_RUN: return 0;
    default: return 1;
    }
}

/* n keys of ks bytes: each run a random key that differs from the run before. */
static void runs_edges_keys(t_rng *rng, int shape, size_t tile, unsigned char *keys, size_t ks,
                            size_t n) {
    uint64_t key = t_rng_next(rng), mask = ks == 8 ? ~(uint64_t)0 : ((uint64_t)1 << (8 * ks)) - 1;
    for (size_t i = 0; i < n; ++i) {
        if (i > 0 && edge_starts(rng, shape, tile, i)) {
            const uint64_t prev = key;
            key = t_rng_next(rng);
            if (((key ^ prev) & mask) == 0) key ^= 1;
        }
        for (size_t b = 0; b < ks; ++b)
            keys[i * ks + b] = (unsigned char)(key >> (8 * b));
    }
}

static sweep_dtype edge_dtype(size_t ks) {
    return ks == 1 ? SWEEP_U8 : ks == 2 ? SWEEP_U16 : ks == 4 ? SWEEP_U32 : SWEEP_U64;
}

/* c->kind (0 unique, 1 unique by key, 2 encode, 3 non-trivial runs), c->a shape,
 * c->b value size, c->c tile, c->d key size */
static t_result runs_edges_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    const size_t ks = (size_t)c->d, vs = c->kind == 1 ? (size_t)c->b : 0;
    const size_t n = edge_n(c->a, (size_t)c->c);
    const sweep_dtype dt = edge_dtype(ks);
    const size_t cap = c->kind == 3 ? n / 2 : n, zs = sizeof(size_t);
    t_rng rng;
    t_rng_seed(&rng, c->name);
    unsigned char *keys = t_host(&t, n * ks), *want = t_host(&t, n * ks);
    unsigned char *got = t_host(&t, n * ks);
    unsigned char *vin = t_host(&t, n * vs + 1), *vwant = t_host(&t, n * vs + 1);
    unsigned char *vgot = t_host(&t, n * vs + 1);
    size_t *owant = t_host(&t, n * zs), *ogot = t_host(&t, n * zs);
    size_t *lwant = t_host(&t, n * zs), *lgot = t_host(&t, n * zs);
    if (t.failed) return t_end(&t);
    runs_edges_keys(&rng, c->a, (size_t)c->c, keys, ks, n);
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

    void *d_keys = t_dev_upload(&t, keys, n * ks);
    void *d_vin = vs ? t_dev_upload(&t, vin, n * vs) : NULL;
    void *d_out = c->kind <= 2 ? t_dev_poisoned(&t, n * ks) : NULL;
    void *d_vout = vs ? t_dev_poisoned(&t, n * vs) : NULL;
    size_t *d_offsets = c->kind == 3 ? t_dev_poisoned(&t, cap * zs) : NULL;
    size_t *d_lengths = c->kind >= 2 ? t_dev_poisoned(&t, cap * zs) : NULL;
    size_t *d_count = t_dev_poisoned(&t, zs);
    if (t.failed) return t_end(&t);
    sweep_status st;
    const char *what;
    switch (c->kind) {
    case 0:
        st = sweep_unique(env->ctx, d_keys, d_out, dt, n, d_count);
        what = "sweep_unique";
        break;
    case 1:
        st = sweep_unique_by_key(env->ctx, d_keys, d_vin, d_out, d_vout, dt, vs, n, d_count);
        what = "sweep_unique_by_key";
        break;
    case 2:
        st = sweep_run_length_encode(env->ctx, d_keys, d_out, d_lengths, dt, n, d_count);
        what = "sweep_run_length_encode";
        break;
    default:
        st = sweep_nontrivial_runs(env->ctx, d_keys, d_offsets, d_lengths, dt, n, d_count);
        what = "sweep_nontrivial_runs";
        break;
    }
    if (!t_ok(&t, st, what)) return t_end(&t);
    if (d_out && (!t_download(&t, got, d_out, n * ks, "keys_out") ||
                  !t_compare_bytes(&t, "keys_out", got, want, n, ks)))
        return t_end(&t);
    if (vs && (!t_download(&t, vgot, d_vout, n * vs, "values_out") ||
               !t_compare_bytes(&t, "values_out", vgot, vwant, n, vs)))
        return t_end(&t);
    if (d_offsets && (!t_download(&t, ogot, d_offsets, cap * zs, "offsets") ||
                      !t_compare_bytes(&t, "offsets", ogot, owant, cap, zs)))
        return t_end(&t);
    if (d_lengths && (!t_download(&t, lgot, d_lengths, cap * zs, "run_lengths") ||
                      !t_compare_bytes(&t, "run_lengths", lgot, lwant, cap, zs)))
        return t_end(&t);
    size_t got_count = 0;
    if (t_download(&t, &got_count, d_count, zs, "count") && got_count != count)
        t_fail(&t, "count: got %zu, want %zu", got_count, count);
    return t_end(&t);
}

void t_register_runs_edges(t_registry *r, const char *family) {
    t_case c;
    memset(&c, 0, sizeof c);
    c.family = family;
    c.fn = runs_edges_case;
    static const char *const prims[4] = {"unique", "unique_by_key", "encode", "nontrivial"};
    static const int value_sizes[] = {1, 2, 3, 4, 8, 12, 16};
    static const int tiles[] = {2048, 4096};
    static const int key_sizes[] = {1, 2, 4, 8};
    const int unique = strcmp(family, "unique") == 0;
    for (int kind = unique ? 0 : 2; kind < (unique ? 2 : 4); ++kind)
        for (int shape = 0; shape < EDGE_SHAPES; ++shape)
            for (unsigned ti = 0; ti < 2; ++ti) {
                if (shape == EDGE_SINGLE && ti > 0) continue; /* n = 1 whatever the tile */
                for (unsigned ki = 0; ki < 4; ++ki) {
                    const unsigned nv = kind == 1 ? 7 : 1;
                    for (unsigned vi = 0; vi < nv; ++vi) {
                        c.kind = kind;
                        c.a = shape;
                        c.b = kind == 1 ? value_sizes[vi] : 0;
                        c.c = tiles[ti];
                        c.d = key_sizes[ki];
                        c.n = edge_n(shape, (size_t)c.c);
                        t_register(r, &c, "%s.edges.%s.t%d.k%d.v%d.n%zu", prims[kind],
                                   edge_names[shape], c.c, c.d, c.b, c.n);
                    }
                }
            }
}
