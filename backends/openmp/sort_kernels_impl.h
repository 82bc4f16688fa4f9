/*
 * sort_kernels_impl.h -- the body of one comparator's loops, included by
 * sort_kernels.c once per comparator (no include guard, by design). Expects:
 *   SK_SUFFIX             name suffix of the generated functions
 *   SK_KS                 key size in bytes (a constant for built-ins; may use cmp)
 *   SK_LESS(cmp, pa, pb)  non-zero when the key at pa must come before the key at pb
 *   SK_SETUP(cmp)         (optional) declarations SK_LESS uses, made once per call:
 *                         a user's function and its argument are read once, not
 *                         again after every call that might have changed them
 * The merge picks the next key by a mask, not a branch: with an opaque comparator
 * the compiler branches on its result, which random keys mispredict half the time.
 */
#ifndef SK_SETUP
#define SK_SETUP(cmp) (void)0
#endif

#define SK_CAT2(a, b) a##_##b
#define SK_CAT(a, b) SK_CAT2(a, b)
#define SK_NAME(x) SK_CAT(x, SK_SUFFIX)

static size_t SK_NAME(partition)(const sweep_kcmp *cmp, const void *va, size_t na, const void *vb,
                                 size_t nb, size_t d) {
    const unsigned char *a = (const unsigned char *)va, *b = (const unsigned char *)vb;
    size_t lo = d > nb ? d - nb : 0, hi = d < na ? d : na;
    SK_SETUP(cmp);
    (void)cmp;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        /* a[mid] is among the first d outputs unless b[d - 1 - mid] precedes it */
        if (!SK_LESS(cmp, b + (d - mid - 1) * (SK_KS), a + mid * (SK_KS)))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Outputs a merge takes from one side at once, where the last block of outputs came
 * from one side alone (long runs: duplicates, presorted stretches): one comparison
 * decides SWOMP_MERGE_RUN outputs, and a copy moves them. Random keys interleave, no
 * block comes from one side, and no comparison is added. */
#ifndef SWOMP_MERGE_RUN
#define SWOMP_MERGE_RUN 16
#endif

/* The stable merge of keys alone, from both ends at once: the first h outputs from the
 * front, the other na + nb - h from the back (ties: a's key first, so from the back b's
 * is taken first). The two halves are independent chains of comparisons, which the
 * CPU overlaps: each comparison's result decides the next one's operands, so one
 * chain waits for every call in turn. Steps go in blocks of SWOMP_MERGE_RUN; after a
 * block whose outputs all came from one side, each end first tries to take the next
 * block from one side with one comparison. */
static void SK_NAME(merge_keys)(const sweep_kcmp *cmp, const unsigned char *a, size_t na,
                                const unsigned char *b, size_t nb, unsigned char *out) {
    SK_SETUP(cmp);
    (void)cmp;
    const size_t K = SWOMP_MERGE_RUN, KB = SWOMP_MERGE_RUN * (SK_KS);
    size_t total = na + nb, h = total / 2;
    const unsigned char *pa = a, *pb = b, *ea = a + na * (SK_KS), *eb = b + nb * (SK_KS);
    unsigned char *po = out, *eo = out + h * (SK_KS);
    size_t ra = na, rb = nb; /* a[0, ra) and b[0, rb) are not yet taken from the back */
    unsigned char *qo = out + total * (SK_KS); /* the back's outputs end here */
    int front_run = 0, back_run = 0;
    while (po < eo && pa < ea && pb < eb && ra > 0 && rb > 0) {
        if (front_run && (size_t)(eo - po) >= KB) {
            front_run = 0;
            if ((size_t)(ea - pa) >= KB && !SK_LESS(cmp, pb, pa + KB - (SK_KS))) {
                memcpy(po, pa, KB); /* a's next K come before b's next key */
                pa += KB;
                po += KB;
                front_run = 1;
            } else if ((size_t)(eb - pb) >= KB && SK_LESS(cmp, pb + KB - (SK_KS), pa)) {
                memcpy(po, pb, KB); /* b's next K come before a's next key */
                pb += KB;
                po += KB;
                front_run = 1;
            }
            if (front_run) continue;
        }
        if (back_run && (size_t)(qo - eo) >= KB) {
            back_run = 0;
            if (ra >= K && SK_LESS(cmp, b + (rb - 1) * (SK_KS), a + (ra - K) * (SK_KS))) {
                qo -= KB; /* a's last K come after b's last key */
                memcpy(qo, a + (ra - K) * (SK_KS), KB);
                ra -= K;
                back_run = 1;
            } else if (rb >= K && !SK_LESS(cmp, b + (rb - K) * (SK_KS), a + (ra - 1) * (SK_KS))) {
                qo -= KB; /* b's last K come after a's last key */
                memcpy(qo, b + (rb - K) * (SK_KS), KB);
                rb -= K;
                back_run = 1;
            }
            if (back_run) continue;
        }
        const unsigned char *pa0 = pa;
        const size_t ra0 = ra;
        size_t k = 0;
        for (; k < K && po < eo && pa < ea && pb < eb && ra > 0 && rb > 0; ++k) {
            const unsigned char *xa = a + (ra - 1) * (SK_KS), *xb = b + (rb - 1) * (SK_KS);
            uintptr_t m = (uintptr_t)0 - (uintptr_t)(SK_LESS(cmp, pb, pa) ? 1 : 0);
            uintptr_t n2 = (uintptr_t)0 - (uintptr_t)(SK_LESS(cmp, xb, xa) ? 1 : 0);
            memcpy(po, (const unsigned char *)(((uintptr_t)pa & ~m) | ((uintptr_t)pb & m)),
                   (SK_KS));
            qo -= (SK_KS);
            memcpy(qo, (const unsigned char *)(((uintptr_t)xb & ~n2) | ((uintptr_t)xa & n2)),
                   (SK_KS));
            pa += (SK_KS) & ~m;
            pb += (SK_KS)&m;
            po += (SK_KS);
            ra -= 1 & n2;
            rb -= 1 & ~n2;
        }
        /* the block's k outputs at each end all from one side */
        const size_t fa = (size_t)(pa - pa0) / (SK_KS), bt = ra0 - ra;
        front_run = k == K && (fa == 0 || fa == K);
        back_run = k == K && (bt == 0 || bt == K);
    }
    for (; po < eo; po += (SK_KS)) { /* the front's rest */
        int tb = pa == ea || (pb < eb && SK_LESS(cmp, pb, pa));
        memcpy(po, tb ? pb : pa, (SK_KS));
        if (tb)
            pb += (SK_KS);
        else
            pa += (SK_KS);
    }
    while (qo > eo) { /* the back's rest */
        int ta =
            rb == 0 || (ra > 0 && SK_LESS(cmp, b + (rb - 1) * (SK_KS), a + (ra - 1) * (SK_KS)));
        qo -= (SK_KS);
        memcpy(qo, ta ? a + (ra - 1) * (SK_KS) : b + (rb - 1) * (SK_KS), (SK_KS));
        if (ta)
            ra--;
        else
            rb--;
    }
}

/* The same with values (vs bytes each), by indices, and the same blocks. */
static void SK_NAME(merge_pairs)(const sweep_kcmp *cmp, const unsigned char *a,
                                 const unsigned char *av, size_t na, const unsigned char *b,
                                 const unsigned char *bv, size_t nb, unsigned char *out,
                                 unsigned char *outv, size_t vs) {
    SK_SETUP(cmp);
    (void)cmp;
    const size_t K = SWOMP_MERGE_RUN;
    size_t total = na + nb, h = total / 2, i = 0, j = 0, o = 0, ra = na, rb = nb, q = total;
    int front_run = 0, back_run = 0;
    while (o < h && i < na && j < nb && ra > 0 && rb > 0) {
        if (front_run && h - o >= K) {
            front_run = 0;
            if (na - i >= K && !SK_LESS(cmp, b + j * (SK_KS), a + (i + K - 1) * (SK_KS))) {
                memcpy(out + o * (SK_KS), a + i * (SK_KS), K * (SK_KS));
                memcpy(outv + o * vs, av + i * vs, K * vs);
                i += K;
                o += K;
                front_run = 1;
            } else if (nb - j >= K && SK_LESS(cmp, b + (j + K - 1) * (SK_KS), a + i * (SK_KS))) {
                memcpy(out + o * (SK_KS), b + j * (SK_KS), K * (SK_KS));
                memcpy(outv + o * vs, bv + j * vs, K * vs);
                j += K;
                o += K;
                front_run = 1;
            }
            if (front_run) continue;
        }
        if (back_run && q - h >= K) {
            back_run = 0;
            if (ra >= K && SK_LESS(cmp, b + (rb - 1) * (SK_KS), a + (ra - K) * (SK_KS))) {
                q -= K;
                ra -= K;
                memcpy(out + q * (SK_KS), a + ra * (SK_KS), K * (SK_KS));
                memcpy(outv + q * vs, av + ra * vs, K * vs);
                back_run = 1;
            } else if (rb >= K && !SK_LESS(cmp, b + (rb - K) * (SK_KS), a + (ra - 1) * (SK_KS))) {
                q -= K;
                rb -= K;
                memcpy(out + q * (SK_KS), b + rb * (SK_KS), K * (SK_KS));
                memcpy(outv + q * vs, bv + rb * vs, K * vs);
                back_run = 1;
            }
            if (back_run) continue;
        }
        const size_t i0 = i, ra0 = ra;
        size_t k = 0;
        for (; k < K && o < h && i < na && j < nb && ra > 0 && rb > 0; ++k) {
            const unsigned char *pa = a + i * (SK_KS), *pb = b + j * (SK_KS);
            const unsigned char *xa = a + (ra - 1) * (SK_KS), *xb = b + (rb - 1) * (SK_KS);
            size_t tb = SK_LESS(cmp, pb, pa) ? 1 : 0, ta = SK_LESS(cmp, xb, xa) ? 1 : 0;
            uintptr_t m = (uintptr_t)0 - tb, n2 = (uintptr_t)0 - ta;
            const unsigned char *fa = av + i * vs, *fb = bv + j * vs;
            const unsigned char *ga = av + (ra - 1) * vs, *gb = bv + (rb - 1) * vs;
            q--;
            memcpy(out + o * (SK_KS),
                   (const unsigned char *)(((uintptr_t)pa & ~m) | ((uintptr_t)pb & m)), (SK_KS));
            sweep_host_copy_elem(
                outv + o * vs, (const unsigned char *)(((uintptr_t)fa & ~m) | ((uintptr_t)fb & m)),
                vs);
            memcpy(out + q * (SK_KS),
                   (const unsigned char *)(((uintptr_t)xb & ~n2) | ((uintptr_t)xa & n2)), (SK_KS));
            sweep_host_copy_elem(
                outv + q * vs,
                (const unsigned char *)(((uintptr_t)gb & ~n2) | ((uintptr_t)ga & n2)), vs);
            i += 1 - tb;
            j += tb;
            o++;
            ra -= ta;
            rb -= 1 - ta;
        }
        /* the block's k outputs at each end all from one side */
        front_run = k == K && (i - i0 == 0 || i - i0 == K);
        back_run = k == K && (ra0 - ra == 0 || ra0 - ra == K);
    }
    for (; o < h; o++) { /* the front's rest */
        int tb = i == na || (j < nb && SK_LESS(cmp, b + j * (SK_KS), a + i * (SK_KS)));
        memcpy(out + o * (SK_KS), tb ? b + j * (SK_KS) : a + i * (SK_KS), (SK_KS));
        sweep_host_copy_elem(outv + o * vs, tb ? bv + j * vs : av + i * vs, vs);
        if (tb)
            j++;
        else
            i++;
    }
    while (q > h) { /* the back's rest */
        int ta =
            rb == 0 || (ra > 0 && SK_LESS(cmp, b + (rb - 1) * (SK_KS), a + (ra - 1) * (SK_KS)));
        q--;
        memcpy(out + q * (SK_KS), ta ? a + (ra - 1) * (SK_KS) : b + (rb - 1) * (SK_KS), (SK_KS));
        sweep_host_copy_elem(outv + q * vs, ta ? av + (ra - 1) * vs : bv + (rb - 1) * vs, vs);
        if (ta)
            ra--;
        else
            rb--;
    }
}

static void SK_NAME(merge)(const sweep_kcmp *cmp, const void *va, const void *vav, size_t na,
                           const void *vb, const void *vbv, size_t nb, void *vout, void *voutv,
                           size_t vs) {
    const unsigned char *a = (const unsigned char *)va, *b = (const unsigned char *)vb;
    const unsigned char *av = (const unsigned char *)vav, *bv = (const unsigned char *)vbv;
    unsigned char *out = (unsigned char *)vout, *outv = (unsigned char *)voutv;
    if (!outv) vs = 0;
    /* Runs already in order (presorted or reversed input, disjoint ranges): two copies
     * instead of a comparison an element; two comparisons a call otherwise. Stable: a
     * first unless b's last key comes strictly before a's first. */
    int order = 1; /* 1: a then b; 2: b then a; 0: interleaved */
    if (na > 0 && nb > 0) {
        SK_SETUP(cmp);
        (void)cmp;
        if (SK_LESS(cmp, b, a + (na - 1) * (SK_KS)))
            order = SK_LESS(cmp, b + (nb - 1) * (SK_KS), a) ? 2 : 0;
    }
    if (order) {
        const int bf = order == 2;
        const unsigned char *fk = bf ? b : a, *sk = bf ? a : b;
        const unsigned char *fv = bf ? bv : av, *sv = bf ? av : bv;
        const size_t nf = bf ? nb : na, ns = bf ? na : nb;
        if (nf) memcpy(out, fk, nf * (SK_KS));
        if (ns) memcpy(out + nf * (SK_KS), sk, ns * (SK_KS));
        if (vs && nf) memcpy(outv, fv, nf * vs);
        if (vs && ns) memcpy(outv + nf * vs, sv, ns * vs);
        return;
    }
    if (!vs)
        SK_NAME(merge_keys)(cmp, a, na, b, nb, out);
    else
        SK_NAME(merge_pairs)(cmp, a, av, na, b, bv, nb, out, outv, vs);
}

static void SK_NAME(insertion)(const sweep_kcmp *cmp, void *vk, void *vv, size_t n, size_t vs) {
    unsigned char *k = (unsigned char *)vk, *v = (unsigned char *)vv;
    _Alignas(32) unsigned char key[32];
    _Alignas(32) unsigned char val[32];
    SK_SETUP(cmp);
    (void)cmp;
    if (!v) vs = 0;
    /* A strictly descending prefix (reversed input) is reversed in place: no two of its
     * keys are equal, so this keeps the sort stable, and the insertions below then start
     * from a sorted run instead of moving every key across it. */
    size_t d = 1;
    while (d < n && SK_LESS(cmp, k + d * (SK_KS), k + (d - 1) * (SK_KS)))
        d++;
    for (size_t lo = 0, hi = d - 1; d > 1 && lo < hi; lo++, hi--) {
        memcpy(key, k + lo * (SK_KS), (SK_KS));
        memcpy(k + lo * (SK_KS), k + hi * (SK_KS), (SK_KS));
        memcpy(k + hi * (SK_KS), key, (SK_KS));
        if (!vs) continue;
        sweep_host_copy_elem(val, v + lo * vs, vs);
        sweep_host_copy_elem(v + lo * vs, v + hi * vs, vs);
        sweep_host_copy_elem(v + hi * vs, val, vs);
    }
    for (size_t i = d; i < n; i++) {
        if (!SK_LESS(cmp, k + i * (SK_KS), k + (i - 1) * (SK_KS))) continue;
        memcpy(key, k + i * (SK_KS), (SK_KS));
        if (vs) sweep_host_copy_elem(val, v + i * vs, vs);
        size_t j = i;
        do {
            memcpy(k + j * (SK_KS), k + (j - 1) * (SK_KS), (SK_KS));
            if (vs) sweep_host_copy_elem(v + j * vs, v + (j - 1) * vs, vs);
            j--;
        } while (j > 0 && SK_LESS(cmp, key, k + (j - 1) * (SK_KS)));
        memcpy(k + j * (SK_KS), key, (SK_KS));
        if (vs) sweep_host_copy_elem(v + j * vs, val, vs);
    }
}

static const swomp_sortk SK_NAME(sortk) = {SK_NAME(partition), SK_NAME(merge), SK_NAME(insertion)};

#undef SK_NAME
#undef SK_CAT
#undef SK_CAT2
#undef SK_SUFFIX
#undef SK_KS
#undef SK_LESS
#undef SK_SETUP
