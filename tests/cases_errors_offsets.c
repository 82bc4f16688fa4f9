/* Segment offsets on both sides of every way they are checked (GPU backends: one block
 * of 256 segments or several, the grid's stride; the OpenMP backend: its parts; the
 * core: no segment): decreases at the first index, at the last, several at once (the
 * least is named), a last offset of n (valid) and of n + 1, each refused by the
 * segmented reduce, scan and sort with nothing written, and the valid offsets accepted
 * right after, through the same context. */
#include "cases_errors.h"
#include "errors_fixture.h"
#include "gen.h"

#include <stdio.h>
#include <string.h>

/* Where the offsets can go wrong, and what the refusal must say. */
typedef struct off_layout {
    size_t nseg, n;
    const size_t *ok;                                /* valid, ok[nseg] = n, ok[0] >= 3 */
    void *in, *keys, *red_out, *scan_out, *sort_out; /* context memory */
} off_layout;

/* The call refused, its message naming what is wrong (want). */
static void refused(t_state *t, sweep_status st, const char *fn, const char *what,
                    const char *want) {
    if (!e_expect(t, st, SWEEP_ERR_INVALID_ARGUMENT, fn, what)) return;
    const char *m = sweep_last_error();
    if (!strstr(m, want))
        (void)t_fail(t, "%s with %s: message \"%s\" does not say \"%s\"", fn, what, m, want);
}

/* Every call taking offsets refuses w (host copy of the offsets). */
static void refuse_all(t_state *t, sweep_context *ctx, const off_layout *l, const size_t *w,
                       const char *what, const char *want) {
    size_t *d = t_dev_upload(t, w, (l->nseg + 1) * sizeof *w);
    if (!d) return;
    char full[160];
    snprintf(full, sizeof full, "%s (nseg = %zu, n = %zu)", what, l->nseg, l->n);
    sweep_sort_desc desc = sweep_sort_desc_make(SWEEP_U32);
    refused(t, sweep_segmented_reduce(ctx, e_op_i32(), l->in, l->n, d, l->nseg, l->red_out),
            "sweep_segmented_reduce", full, want);
    refused(t,
            sweep_segmented_scan_offsets(ctx, e_op_i32(), l->in, l->scan_out, l->n, d, l->nseg,
                                         SWEEP_INCLUSIVE),
            "sweep_segmented_scan_offsets", full, want);
    refused(
        t,
        sweep_segmented_radix_sort(ctx, l->keys, l->sort_out, NULL, NULL, l->n, d, l->nseg, &desc),
        "sweep_segmented_radix_sort", full, want);
}

/* The message of a decrease at s (w[s + 1] < w[s]). */
static void decrease_msg(char *buf, size_t len, const size_t *w, size_t s) {
    snprintf(buf, len, "offsets[%zu] = %zu < offsets[%zu] = %zu", s + 1, w[s + 1], s, w[s]);
}

/* Makes w[s + 1] < w[s] for each s of list (ascending, below nseg). The values start at
 * 3 or more and a run of at most three adjacent decreases lowers them by 3: none goes
 * below 0, and no other pair decreases (w[s + 2] >= ok[s] > w[s + 1]). */
static void make_decreases(size_t *w, const size_t *list, size_t count) {
    for (size_t i = 0; i < count; ++i)
        w[list[i] + 1] = w[list[i]] - 1;
}

static void check_layout(t_state *t, sweep_context *ctx, const off_layout *l) {
    const size_t nseg = l->nseg, n = l->n, bytes = (nseg + 1) * sizeof(size_t);
    size_t *w = t_host(t, bytes);
    char want[128];
    if (!w) return;

    memcpy(w, l->ok, bytes);
    w[nseg] = n + 1;
    snprintf(want, sizeof want, "offsets[%zu] = %zu exceeds n = %zu", nseg, n + 1, n);
    refuse_all(t, ctx, l, w, "offsets[nseg] = n + 1", want);

    memcpy(w, l->ok, bytes);
    w[0] = w[1] + 1;
    decrease_msg(want, sizeof want, w, 0);
    refuse_all(t, ctx, l, w, "a decrease at index 0", want);

    memcpy(w, l->ok, bytes);
    w[nseg] = w[nseg - 1] - 1;
    decrease_msg(want, sizeof want, w, nseg - 1);
    refuse_all(t, ctx, l, w, "a decrease at the last index", want);

    /* one in the middle alone */
    memcpy(w, l->ok, bytes);
    const size_t mid = nseg / 2;
    make_decreases(w, &mid, 1);
    decrease_msg(want, sizeof want, w, mid);
    refuse_all(t, ctx, l, w, "a decrease in the middle", want);

    /* several: adjacent ones, one a block of 256 further on, the last; least first */
    const size_t least = nseg / 3;
    const size_t cand[] = {least, least + 1, least + 256, least + 257, nseg - 1};
    size_t list[5], count = 0;
    for (size_t i = 0; i < 5; ++i)
        if (cand[i] < nseg && (count == 0 || cand[i] > list[count - 1])) list[count++] = cand[i];
    memcpy(w, l->ok, bytes);
    make_decreases(w, list, count);
    decrease_msg(want, sizeof want, w, least);
    refuse_all(t, ctx, l, w, "several decreases", want);

    /* a decrease before a last offset beyond n: the decrease is named */
    memcpy(w, l->ok, bytes);
    make_decreases(w, &least, 1);
    if (least + 1 < nseg) w[nseg] = n + 1;
    decrease_msg(want, sizeof want, w, least);
    refuse_all(t, ctx, l, w, "a decrease and offsets[nseg] = n + 1", want);

    if (!t_expect_poisoned(t, l->red_out, nseg * sizeof(int32_t), "segment sums") ||
        !t_expect_poisoned(t, l->scan_out, n * sizeof(int32_t), "scan out") ||
        !t_expect_poisoned(t, l->sort_out, n * sizeof(uint32_t), "sorted keys"))
        return;

    /* offsets[nseg] = n: accepted, the sums right (the same context's state after the
     * refusals) */
    size_t *d = t_dev_upload(t, l->ok, bytes);
    int32_t *got = t_host(t, nseg * sizeof *got), *host_in = t_host(t, n * sizeof *host_in);
    if (!d || !got || !host_in) return;
    char what[96];
    snprintf(what, sizeof what, "offsets[nseg] = n (nseg = %zu, n = %zu)", nseg, n);
    if (!t_ok(t, sweep_segmented_reduce(ctx, e_op_i32(), l->in, n, d, nseg, l->red_out), what))
        return;
    if (!t_download(t, got, l->red_out, nseg * sizeof *got, "segment sums") ||
        !t_download(t, host_in, l->in, n * sizeof *host_in, "in"))
        return;
    for (size_t s = 0; s < nseg; ++s) {
        uint32_t sum = 0;
        for (size_t i = l->ok[s]; i < l->ok[s + 1]; ++i)
            sum += (uint32_t)host_in[i];
        if ((uint32_t)got[s] != sum) {
            (void)t_fail(t, "%s: segment %zu sums to %d, want %d", what, s, (int)got[s],
                         (int)(int32_t)sum);
            return;
        }
    }
    sweep_sort_desc desc = sweep_sort_desc_make(SWEEP_U32);
    (void)t_ok(t,
               sweep_segmented_scan_offsets(ctx, e_op_i32(), l->in, l->scan_out, n, d, nseg,
                                            SWEEP_INCLUSIVE),
               what);
    (void)t_ok(t,
               sweep_segmented_radix_sort(ctx, l->keys, l->sort_out, NULL, NULL, n, d, nseg, &desc),
               what);
}

/* n = 0 with segments: all empty is valid (the reduce writes the identity, the scan
 * nothing); a last offset of 1 is refused. */
static void check_zero_n(t_state *t, sweep_context *ctx, const void *in) {
    enum { NSEG = 3 };
    static const size_t zeros[NSEG + 1] = {0, 0, 0, 0}, one[NSEG + 1] = {0, 0, 0, 1};
    size_t *dz = t_dev_upload(t, zeros, sizeof zeros);
    size_t *d1 = t_dev_upload(t, one, sizeof one);
    void *red = t_dev_poisoned(t, NSEG * sizeof(int32_t));
    void *scan = t_dev_poisoned(t, sizeof(int32_t));
    if (t->failed) return;
    refused(t, sweep_segmented_reduce(ctx, e_op_i32(), in, 0, d1, NSEG, red),
            "sweep_segmented_reduce", "n = 0, offsets[3] = 1", "offsets[3] = 1 exceeds n = 0");
    refused(t, sweep_segmented_scan_offsets(ctx, e_op_i32(), in, scan, 0, d1, NSEG, 0),
            "sweep_segmented_scan_offsets", "n = 0, offsets[3] = 1",
            "offsets[3] = 1 exceeds n = 0");
    if (!t_expect_poisoned(t, red, NSEG * sizeof(int32_t), "segment sums (n = 0)")) return;
    if (!t_ok(t, sweep_segmented_scan_offsets(ctx, e_op_i32(), in, scan, 0, dz, NSEG, 0),
              "segmented scan, n = 0, empty segments") ||
        !t_expect_poisoned(t, scan, sizeof(int32_t), "scan out (n = 0)"))
        return;
    int32_t got[NSEG];
    if (!t_ok(t, sweep_segmented_reduce(ctx, e_op_i32(), in, 0, dz, NSEG, red),
              "segmented reduce, n = 0, empty segments") ||
        !t_download(t, got, red, sizeof got, "segment sums (n = 0)"))
        return;
    for (int s = 0; s < NSEG; ++s)
        if (got[s] != 0) {
            (void)t_fail(t, "n = 0: segment %d reduces to %d, want the identity 0", s, (int)got[s]);
            return;
        }
}

t_result e_offsets_edges(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    /* one segment; one block of 256 threads and one more (also at two blocks); the
     * core's former 4096; past the H100's grid of 132 x 16 blocks of 256 */
    static const size_t nsegs[] = {1, 2, 3, 255, 256, 257, 511, 512, 513, 4095, 4096, 4097, 600001};
    t_rng rng;
    t_rng_seed(&rng, "errors.offsets_edges");
    for (size_t k = 0; k < sizeof nsegs / sizeof nsegs[0] && !t.failed; ++k) {
        const size_t nseg = nsegs[k];
        /* every allocation of a layout is freed at t_end: keep their count bounded */
        t_state u;
        t_begin(&u, env, msg, len);
        size_t *ok = t_host(&u, (nseg + 1) * sizeof *ok);
        if (!ok) {
            t.failed = 1;
            (void)t_end(&u);
            break;
        }
        ok[0] = 3 + t_rng_below(&rng, 3);
        for (size_t s = 0; s < nseg; ++s)
            ok[s + 1] = ok[s] + t_rng_below(&rng, 4); /* empty segments too */
        off_layout l;
        l.nseg = nseg;
        l.n = ok[nseg];
        l.ok = ok;
        const size_t n = l.n;
        int32_t *host_in = t_host(&u, n * sizeof *host_in);
        uint32_t *host_keys = t_host(&u, n * sizeof *host_keys);
        if (host_in && host_keys) {
            t_gen_bytes(&rng, host_in, n * sizeof *host_in);
            t_gen_bytes(&rng, host_keys, n * sizeof *host_keys);
            l.in = t_dev_upload(&u, host_in, n * sizeof *host_in);
            l.keys = t_dev_upload(&u, host_keys, n * sizeof *host_keys);
            l.red_out = t_dev_poisoned(&u, nseg * sizeof(int32_t));
            l.scan_out = t_dev_poisoned(&u, n * sizeof(int32_t));
            l.sort_out = t_dev_poisoned(&u, n * sizeof(uint32_t));
            if (!u.failed) check_layout(&u, ctx, &l);
        }
        if (u.failed) t.failed = 1; /* u wrote its message into msg */
        (void)t_end(&u);
    }
    if (!t.failed) check_zero_n(&t, ctx, in);
    E_END;
}
