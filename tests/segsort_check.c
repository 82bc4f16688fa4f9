/* segsort_check.c -- the check both segmented sort families share (segsort_check.h). */
#include "segsort_check.h"

#include "comparators.h"
#include "gen.h"

#include <string.h>

void t_segsort_check(t_state *t, const t_env *env, const t_segsort_call *c) {
    const size_t n = c->n, ks = c->ks, vs = c->vs, nseg = c->nseg;
    unsigned char *kwant = t_host(t, n * ks), *kgot = t_host(t, n * ks);
    unsigned char *vwant = t_host(t, n * vs), *vgot = t_host(t, n * vs);
    if (t->failed) return;
    if (c->in_place) {
        memcpy(kwant, c->keys, n * ks);
        memcpy(vwant, c->vals, n * vs);
    } else {
        t_poison(kwant, n * ks);
        t_poison(vwant, n * vs);
    }
    o_segmented_sort(c->radix ? NULL : c->ocmp, c->radix ? &c->desc : NULL, c->keys, kwant, c->vals,
                     vwant, vs, c->offsets, nseg);

    void *d_keys = t_dev_upload(t, c->keys, n * ks);
    void *d_kout = c->in_place ? d_keys : t_dev_poisoned(t, n * ks);
    void *d_vals = vs ? t_dev_upload(t, c->vals, n * vs) : NULL;
    void *d_vout = vs ? (c->in_place ? d_vals : t_dev_poisoned(t, n * vs)) : NULL;
    size_t *d_off = t_dev_upload(t, c->offsets, (nseg + 1) * sizeof *c->offsets);
    if (t->failed) return;
    sweep_status st;
    const char *what;
    if (c->radix) {
        what = "sweep_segmented_radix_sort";
        st = sweep_segmented_radix_sort(env->ctx, d_keys, d_kout, d_vals, d_vout, n, d_off, nseg,
                                        &c->desc);
    } else {
        what = "sweep_segmented_merge_sort";
        st = sweep_segmented_merge_sort(env->ctx, d_keys, d_kout, d_vals, d_vout, vs, n, d_off,
                                        nseg, c->cmp);
    }
    if (c->custom && t_runtime_compiler_missing(env, st)) {
        t_skip(t, "no runtime compiler for the custom comparator: %s", sweep_last_error());
        return;
    }
    if (!t_ok(t, st, what)) return;
    if (!t_download(t, kgot, d_kout, n * ks, "keys_out") ||
        !t_compare_bytes(t, "keys_out", kgot, kwant, n, ks))
        return;
    if (vs && t_download(t, vgot, d_vout, n * vs, "values_out"))
        t_compare_bytes(t, "values_out (stability)", vgot, vwant, n, vs);
}

int t_segsort_order_make(t_state *t, sweep_dtype dt, int order, int desc, size_t vs,
                         t_segsort_order *o) {
    memset(o, 0, sizeof *o);
    o->radix = order != T_SEGSORT_CMP;
    o->ks = sweep_dtype_size(dt);
    o->desc = sweep_sort_desc_make(dt);
    if (!o->radix)
        return t_sort_comparator(t, CMP_BUILTIN, dt, desc, &o->cmp, &o->ocmp, &o->custom, &o->ks);
    o->desc.value_size = vs;
    o->desc.descending = desc;
    if (order == T_SEGSORT_BITS) {
        o->desc.begin_bit = o->ks > 1 ? 3 : 1;
        o->desc.end_bit = (unsigned)(8 * o->ks) - (o->ks > 1 ? 2 : 1);
    }
    return 1;
}

void t_segsort_order_done(t_segsort_order *o) {
    sweep_custom_compare_destroy(o->custom);
    o->custom = NULL;
}

void t_segsort_generated(t_state *t, const t_env *env, t_rng *rng, sweep_dtype dt,
                         const t_segsort_order *o, size_t n, size_t vs, size_t nseg,
                         const size_t *offsets, int in_place, int dups) {
    unsigned char *keys = t_host(t, n * o->ks), *vals = t_host(t, n * vs);
    if (t->failed) return;
    t_gen_sort_keys(rng, CMP_BUILTIN, dt, keys, n, dups);
    t_gen_values(rng, vals, vs, n);
    const t_segsort_call call = {n,        o->ks,    vs, nseg,    keys,   vals,    offsets,
                                 in_place, o->radix, 0,  o->desc, o->cmp, &o->ocmp};
    t_segsort_check(t, env, &call);
}
