/* Unique, run-length encoding and non-trivial runs over inputs large enough that a
 * CPU backend splits them among its threads (contexts of 3 and 4 threads), so that
 * runs cross the threads' parts: random short runs, long ones, runs longer than a
 * thread's part (parts with no run start), and singles with rare pairs (parts whose
 * last runs are dropped by non-trivial runs); keys of 1, 2, 4 and 8 bytes, values of
 * the sizes with their own copy (1, 2, 4, 8, 16) and of others (3, 12). */
#include "families.h"
#include "runs_check.h"

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
    t_rng rng;
    t_rng_seed(&rng, c->name);
    unsigned char *keys = t_host(&t, n * ks);
    if (!t.failed) {
        t_runs_keys(&rng, part_starts, c->a, n, keys, ks, n);
        t_runs_check(&t, ctx, &rng, c->kind, keys, ks, vs, n);
    }
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
