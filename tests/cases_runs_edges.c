/* Unique, run-length encoding and non-trivial runs at the edges of the GPU's fused
 * select (tiles of 2048 and 4096 keys): a run exactly one tile long starting at a
 * tile's last element, runs of two straddling every tile boundary, one run over
 * several tiles, all keys distinct, a single key; keys of 1, 2, 4 and 8 bytes, with
 * values of aligned and odd sizes. */
#include "families.h"
#include "runs_check.h"

#include <string.h>

/* How the keys lay out runs (c->a). */
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

/* c->kind (0 unique, 1 unique by key, 2 encode, 3 non-trivial runs), c->a shape,
 * c->b value size, c->c tile, c->d key size */
static t_result runs_edges_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    const size_t ks = (size_t)c->d, vs = c->kind == 1 ? (size_t)c->b : 0;
    const size_t n = edge_n(c->a, (size_t)c->c);
    t_rng rng;
    t_rng_seed(&rng, c->name);
    unsigned char *keys = t_host(&t, n * ks);
    if (!t.failed) {
        t_runs_keys(&rng, edge_starts, c->a, (size_t)c->c, keys, ks, n);
        t_runs_check(&t, env->ctx, &rng, c->kind, keys, ks, vs, n);
    }
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
