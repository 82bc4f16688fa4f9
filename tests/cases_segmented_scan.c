/* Segmented scans in their three forms (head flags, offsets, runs of keys) over the
 * segment layouts, every dtype x op (sampled forms and layouts), in place, and the
 * seeds' worked example. */
#include "check.h"
#include "families.h"
#include "segments.h"

#include <string.h>

enum { FORM_FLAGS = 0, FORM_OFFSETS = 1, FORM_KEYS = 2 };
static const char *form_names[] = {"flags", "offsets", "by_key"};

/* c->dtype, c->op, c->kind (exclusive), c->a form, c->b layout, c->c in place,
 * c->d key dtype, c->n */
static t_result segscan_case(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    sweep_dtype dt = (sweep_dtype)c->dtype, key_dt = (sweep_dtype)c->d;
    sweep_op_kind kind = (sweep_op_kind)c->op;
    size_t n = c->n, size = sweep_dtype_size(dt), key_size = sweep_dtype_size(key_dt);
    int exclusive = c->kind, form = c->a, in_place = c->c;
    t_rng rng;
    t_rng_seed(&rng, c->name);

    unsigned char *in = t_host(&t, n * size), *want = t_host(&t, n * size);
    unsigned char *got = t_host(&t, n * size);
    uint8_t *heads = t_host(&t, n), *flags = t_host(&t, n), *inside = t_host(&t, n);
    unsigned char *keys = t_host(&t, n * key_size);
    size_t *offsets = NULL, nseg = 0;
    if (t.failed || !t_make_offsets(&t, &rng, c->b, n, &offsets, &nseg)) return t_end(&t);
    t_gen_op_input(&rng, dt, kind, in, n);
    t_heads_from_offsets(offsets, nseg, n, heads);
    if (form == FORM_KEYS) {
        t_keys_from_heads(&rng, key_dt, heads, n, keys);
        o_heads_from_keys(keys, key_size, n, heads); /* bytes decide, as in sweep.h */
    }
    for (size_t i = 0; i < n; ++i) {
        /* any non-zero byte is a head; an interior head at 0 is implied anyway */
        flags[i] = heads[i] ? (uint8_t)(1 + t_rng_below(&rng, 255)) : 0;
        if (i == 0 && t_rng_below(&rng, 2)) flags[i] = 0;
        if (heads[i] || (form == FORM_OFFSETS && nseg && i == offsets[0]))
            t_gen_fix_nan_head(dt, in, i);
        inside[i] = form != FORM_OFFSETS || (nseg > 0 && i >= offsets[0] && i < offsets[nseg]);
    }

    o_op op = o_builtin(kind, dt);
    /* outside every segment the output keeps what was there: poison, or the input
     * when scanning in place */
    if (in_place)
        memcpy(want, in, n * size);
    else
        t_poison(want, n * size);
    t_expect e;
    if (form == FORM_OFFSETS) {
        uint8_t *seg_heads = t_host(&t, n);
        if (!seg_heads) return t_end(&t);
        t_heads_from_offsets(offsets, nseg, n, seg_heads);
        if (nseg && offsets[0] < n) seg_heads[offsets[0]] = 1;
        o_scan_offsets(&op, in, offsets, nseg, want, exclusive);
        if (!t_expect_scan(&t, &op, in, seg_heads, n, exclusive, want, &e)) return t_end(&t);
        e.inside = inside;
    } else {
        o_scan(&op, in, heads, want, n, exclusive);
        if (!t_expect_scan(&t, &op, in, heads, n, exclusive, want, &e)) return t_end(&t);
    }

    void *d_in = t_dev_upload(&t, in, n * size);
    void *d_out = in_place ? d_in : t_dev_poisoned(&t, n * size);
    void *d_flags = t_dev_upload(&t, flags, n);
    void *d_keys = t_dev_upload(&t, keys, n * key_size);
    void *d_offsets = t_dev_upload(&t, offsets, (nseg + 1) * sizeof *offsets);
    if (t.failed) return t_end(&t);
    sweep_scan_kind sk = exclusive ? SWEEP_EXCLUSIVE : SWEEP_INCLUSIVE;
    sweep_op sop = sweep_op_builtin(kind, dt);
    sweep_status st;
    const char *api;
    switch (form) {
    case FORM_FLAGS:
        api = "sweep_segmented_scan_flags";
        st = sweep_segmented_scan_flags(env->ctx, sop, d_in, d_flags, d_out, n, sk);
        break;
    case FORM_OFFSETS:
        api = "sweep_segmented_scan_offsets";
        st = sweep_segmented_scan_offsets(env->ctx, sop, d_in, d_out, n, d_offsets, nseg, sk);
        break;
    default:
        api = "sweep_scan_by_key";
        st = sweep_scan_by_key(env->ctx, sop, d_keys, key_dt, d_in, d_out, n, sk);
    }
    if (!t_ok(&t, st, api)) return t_end(&t);
    if (t_download(&t, got, d_out, n * size, "out")) t_check_op_output(&t, "out", &op, got, &e, n);
    return t_end(&t);
}

/* The seeds' example: flags 1 0 0 1 0 0 1 0 over 4 2 1 3 0 2 1 5, exclusive sum:
 * 0 4 6 0 3 3 0 1; given as flags, as offsets {0, 3, 6, 8} and as keys. */
static t_result segscan_known_answer(const t_case *c, const t_env *env, char *msg, size_t len) {
    t_state t;
    t_begin(&t, env, msg, len);
    static const int32_t data[8] = {4, 2, 1, 3, 0, 2, 1, 5};
    static const uint8_t flags[8] = {1, 0, 0, 1, 0, 0, 1, 0};
    static const size_t offsets[4] = {0, 3, 6, 8};
    static const int32_t keys[8] = {7, 7, 7, -9, -9, -9, 7, 7};
    static const int32_t excl[8] = {0, 4, 6, 0, 3, 3, 0, 1};
    static const int32_t incl[8] = {4, 6, 7, 3, 3, 5, 1, 6};
    int32_t got[8];
    void *d_in = t_dev_upload(&t, data, sizeof data);
    void *d_flags = t_dev_upload(&t, flags, sizeof flags);
    void *d_offsets = t_dev_upload(&t, offsets, sizeof offsets);
    void *d_keys = t_dev_upload(&t, keys, sizeof keys);
    void *d_out = t_dev_poisoned(&t, sizeof data);
    if (t.failed) return t_end(&t);
    sweep_op op = sweep_op_builtin(SWEEP_OP_SUM, SWEEP_I32);
    sweep_scan_kind sk = c->kind ? SWEEP_EXCLUSIVE : SWEEP_INCLUSIVE;
    sweep_status st;
    if (c->a == FORM_FLAGS)
        st = sweep_segmented_scan_flags(env->ctx, op, d_in, d_flags, d_out, 8, sk);
    else if (c->a == FORM_OFFSETS)
        st = sweep_segmented_scan_offsets(env->ctx, op, d_in, d_out, 8, d_offsets, 3, sk);
    else
        st = sweep_scan_by_key(env->ctx, op, d_keys, SWEEP_I32, d_in, d_out, 8, sk);
    if (t_ok(&t, st, form_names[c->a]) && t_download(&t, got, d_out, sizeof got, "out"))
        t_compare_bytes(&t, "out", got, c->kind ? excl : incl, 8, sizeof got[0]);
    return t_end(&t);
}

void t_register_segmented_scan(t_registry *r) {
    t_case c;
    memset(&c, 0, sizeof c);
    c.family = "segmented_scan";
    c.fn = segscan_known_answer;
    for (int form = 0; form < 3; ++form)
        for (int kind = 0; kind < 2; ++kind) {
            c.a = form;
            c.kind = kind;
            t_register(r, &c, "segmented_scan.known_answer.%s.%s", form_names[form],
                       kind ? "excl" : "incl");
        }

    c.fn = segscan_case;
    /* every dtype x op x kind, forms and layouts in turn */
    static const size_t sizes[] = {1, 2, 33, 1025, 4097};
    unsigned combo = 0;
    for (int dt = 0; dt < SWEEP_DTYPE_COUNT; ++dt)
        for (int op = 0; op <= SWEEP_OP_XOR; ++op) {
            if (!t_op_valid((sweep_dtype)dt, (sweep_op_kind)op)) continue;
            ++combo;
            for (int kind = 0; kind < 2; ++kind)
                for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
                    c.dtype = dt;
                    c.op = op;
                    c.kind = kind;
                    c.n = sizes[s];
                    c.a = (int)((combo + s + (unsigned)kind) % 3);
                    c.b = (int)((combo * 5 + s + (unsigned)kind) % T_LAYOUT_COUNT);
                    c.c = (combo + s + (unsigned)kind) % 4 == 0;
                    c.d = (int)((combo + s) % SWEEP_DTYPE_COUNT);
                    t_register(r, &c, "segmented_scan.%s.%s.%s.%s.%s.n%zu%s", form_names[c.a],
                               sweep_dtype_name((sweep_dtype)dt), t_op_name((sweep_op_kind)op),
                               kind ? "excl" : "incl", t_layout_name(c.b), c.n,
                               c.c ? ".inplace" : "");
                }
        }

    /* every form x layout x size on a few operators */
    static const size_t layout_sizes[] = {0, 1, 2, 31, 4096, 65537};
    static const struct {
        int dt, op, kind;
    } ops[] = {{SWEEP_I32, SWEEP_OP_SUM, 1},
               {SWEEP_F64, SWEEP_OP_SUM, 0},
               {SWEEP_U16, SWEEP_OP_MAX, 0},
               {SWEEP_F32, SWEEP_OP_MIN, 1}};
    unsigned k = 0;
    for (int form = 0; form < 3; ++form)
        for (int layout = 0; layout < T_LAYOUT_COUNT; ++layout)
            for (unsigned s = 0; s < sizeof layout_sizes / sizeof layout_sizes[0]; ++s)
                for (unsigned o = 0; o < sizeof ops / sizeof ops[0]; ++o, ++k) {
                    c.dtype = ops[o].dt;
                    c.op = ops[o].op;
                    c.kind = ops[o].kind;
                    c.n = layout_sizes[s];
                    c.a = form;
                    c.b = layout;
                    c.c = k % 5 == 0;
                    c.d = (int)(k % SWEEP_DTYPE_COUNT);
                    t_register(r, &c, "segmented_scan.layout.%s.%s.%s.%s.%s.n%zu.k%s%s",
                               form_names[form], t_layout_name(layout),
                               sweep_dtype_name((sweep_dtype)c.dtype),
                               t_op_name((sweep_op_kind)c.op), c.kind ? "excl" : "incl", c.n,
                               sweep_dtype_name((sweep_dtype)c.d), c.c ? ".inplace" : "");
                }

    /* large: 2^20 + 3 for each form on three operators; one larger case per form */
    static const struct {
        int dt, op, kind, layout;
    } big[] = {{SWEEP_I64, SWEEP_OP_SUM, 0, T_LAYOUT_RANDOM},
               {SWEEP_F32, SWEEP_OP_SUM, 1, T_LAYOUT_TILE},
               {SWEEP_U32, SWEEP_OP_XOR, 0, T_LAYOUT_EMPTY}};
    for (int form = 0; form < 3; ++form) {
        for (unsigned b = 0; b < sizeof big / sizeof big[0]; ++b) {
            c.dtype = big[b].dt;
            c.op = big[b].op;
            c.kind = big[b].kind;
            c.b = big[b].layout;
            c.a = form;
            c.c = b == 1;
            c.d = SWEEP_U32;
            c.n = t_large_sizes[4];
            t_register(r, &c, "segmented_scan.large.%s.%s.%s.%s.%s.n%zu%s", form_names[form],
                       sweep_dtype_name((sweep_dtype)c.dtype), t_op_name((sweep_op_kind)c.op),
                       c.kind ? "excl" : "incl", t_layout_name(c.b), c.n, c.c ? ".inplace" : "");
        }
        c.dtype = SWEEP_I32;
        c.op = SWEEP_OP_SUM;
        c.kind = 1;
        c.b = T_LAYOUT_RANDOM;
        c.c = 0;
        c.n = t_large_sizes[5];
        t_register(r, &c, "segmented_scan.large.%s.i32.sum.excl.random.n%zu", form_names[form],
                   c.n);
    }

    /* around the OpenMP backend's parallel threshold for segmented scans (128 KiB of
     * work: twice the bytes, times 4 for floating sums): below, at and above it */
    static const struct {
        int dt, op;
        size_t n;
    } par[] = {{SWEEP_U32, SWEEP_OP_SUM, 16383}, {SWEEP_U32, SWEEP_OP_SUM, 16384},
               {SWEEP_U32, SWEEP_OP_XOR, 16385}, {SWEEP_F32, SWEEP_OP_SUM, 4095},
               {SWEEP_F32, SWEEP_OP_SUM, 4097},  {SWEEP_I64, SWEEP_OP_MAX, 24577}};
    for (int form = 0; form < 3; ++form)
        for (unsigned b = 0; b < sizeof par / sizeof par[0]; ++b) {
            c.dtype = par[b].dt;
            c.op = par[b].op;
            c.kind = (int)((b + (unsigned)form) % 2);
            c.b = (int)((b + (unsigned)form) % 2 ? T_LAYOUT_RANDOM : T_LAYOUT_TILE);
            c.a = form;
            c.c = 0;
            c.d = SWEEP_U32;
            c.n = par[b].n;
            t_register(r, &c, "segmented_scan.threshold.%s.%s.%s.%s.%s.n%zu", form_names[form],
                       sweep_dtype_name((sweep_dtype)c.dtype), t_op_name((sweep_op_kind)c.op),
                       c.kind ? "excl" : "incl", t_layout_name(c.b), c.n);
        }

    /* every form over more than 32 MiB of output, which the OpenMP backend streams
     * out piece by piece, carrying the fold from piece to piece (offsets and keys
     * through head flags staged a piece at a time) */
    static const struct {
        int dt, op, kind, layout, in_place;
    } streamed[] = {{SWEEP_U8, SWEEP_OP_SUM, 0, T_LAYOUT_RANDOM, 0},
                    {SWEEP_U32, SWEEP_OP_SUM, 1, T_LAYOUT_RANDOM, 0},
                    {SWEEP_F32, SWEEP_OP_MAX, 1, T_LAYOUT_TILE, 1},
                    {SWEEP_I64, SWEEP_OP_MIN, 0, T_LAYOUT_EMPTY, 0},
                    /* one segment: runs streamed whole through the vector loop */
                    {SWEEP_I32, SWEEP_OP_SUM, 1, T_LAYOUT_ONE_BIG, 0},
                    {SWEEP_U16, SWEEP_OP_MAX, 0, T_LAYOUT_ONE_BIG, 1}};
    for (int form = 0; form < 3; ++form)
        for (unsigned b = 0; b < sizeof streamed / sizeof streamed[0]; ++b) {
            if (form != FORM_FLAGS && b % 2 != (unsigned)form % 2) continue; /* two each */
            c.dtype = streamed[b].dt;
            c.op = streamed[b].op;
            c.kind = streamed[b].kind;
            c.b = streamed[b].layout;
            c.a = form;
            c.c = streamed[b].in_place;
            c.d = SWEEP_U32;
            c.n = ((size_t)33 << 20) / sweep_dtype_size((sweep_dtype)c.dtype) + 13;
            t_register(r, &c, "segmented_scan.streamed.%s.%s.%s.%s.%s.n%zu%s", form_names[form],
                       sweep_dtype_name((sweep_dtype)c.dtype), t_op_name((sweep_op_kind)c.op),
                       c.kind ? "excl" : "incl", t_layout_name(c.b), c.n, c.c ? ".inplace" : "");
        }
}
