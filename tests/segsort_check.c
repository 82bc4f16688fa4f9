/* segsort_check.c -- the check both segmented sort families share (segsort_check.h). */
#include "segsort_check.h"

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
