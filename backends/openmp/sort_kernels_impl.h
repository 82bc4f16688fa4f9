/*
 * sort_kernels_impl.h -- the body of one comparator's loops, included by
 * sort_kernels.c once per comparator (no include guard, by design). Expects:
 *   SK_SUFFIX             name suffix of the generated functions
 *   SK_KS                 key size in bytes (a constant for built-ins; may use cmp)
 *   SK_LESS(cmp, pa, pb)  non-zero when the key at pa must come before the key at pb
 */
#define SK_CAT2(a, b) a##_##b
#define SK_CAT(a, b) SK_CAT2(a, b)
#define SK_NAME(x) SK_CAT(x, SK_SUFFIX)

static size_t SK_NAME(partition)(const sweep_kcmp *cmp, const void *va, size_t na, const void *vb,
                                 size_t nb, size_t d) {
    const unsigned char *a = (const unsigned char *)va, *b = (const unsigned char *)vb;
    size_t lo = d > nb ? d - nb : 0, hi = d < na ? d : na;
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

static void SK_NAME(merge)(const sweep_kcmp *cmp, const void *va, const void *vav, size_t na,
                           const void *vb, const void *vbv, size_t nb, void *vout, void *voutv,
                           size_t vs) {
    const unsigned char *a = (const unsigned char *)va, *b = (const unsigned char *)vb;
    const unsigned char *av = (const unsigned char *)vav, *bv = (const unsigned char *)vbv;
    unsigned char *out = (unsigned char *)vout, *outv = (unsigned char *)voutv;
    size_t i = 0, j = 0, o = 0;
    (void)cmp;
    if (!outv || !vs) {
        while (i < na && j < nb) {
            const unsigned char *pa = a + i * (SK_KS), *pb = b + j * (SK_KS);
            size_t tb = SK_LESS(cmp, pb, pa) ? 1 : 0;
            memcpy(out + o * (SK_KS), tb ? pb : pa, (SK_KS));
            i += 1 - tb;
            j += tb;
            o++;
        }
    } else {
        while (i < na && j < nb) {
            const unsigned char *pa = a + i * (SK_KS), *pb = b + j * (SK_KS);
            size_t tb = SK_LESS(cmp, pb, pa) ? 1 : 0;
            memcpy(out + o * (SK_KS), tb ? pb : pa, (SK_KS));
            swomp_copy_value(outv + o * vs, tb ? bv + j * vs : av + i * vs, vs);
            i += 1 - tb;
            j += tb;
            o++;
        }
    }
    if (i < na) {
        memcpy(out + o * (SK_KS), a + i * (SK_KS), (na - i) * (SK_KS));
        if (outv && vs) memcpy(outv + o * vs, av + i * vs, (na - i) * vs);
        o += na - i;
    }
    if (j < nb) {
        memcpy(out + o * (SK_KS), b + j * (SK_KS), (nb - j) * (SK_KS));
        if (outv && vs) memcpy(outv + o * vs, bv + j * vs, (nb - j) * vs);
    }
}

static void SK_NAME(insertion)(const sweep_kcmp *cmp, void *vk, void *vv, size_t n, size_t vs) {
    unsigned char *k = (unsigned char *)vk, *v = (unsigned char *)vv;
    _Alignas(32) unsigned char key[32];
    _Alignas(32) unsigned char val[32];
    (void)cmp;
    if (!v) vs = 0;
    for (size_t i = 1; i < n; i++) {
        if (!SK_LESS(cmp, k + i * (SK_KS), k + (i - 1) * (SK_KS))) continue;
        memcpy(key, k + i * (SK_KS), (SK_KS));
        if (vs) memcpy(val, v + i * vs, vs);
        size_t j = i;
        do {
            memcpy(k + j * (SK_KS), k + (j - 1) * (SK_KS), (SK_KS));
            if (vs) memcpy(v + j * vs, v + (j - 1) * vs, vs);
            j--;
        } while (j > 0 && SK_LESS(cmp, key, k + (j - 1) * (SK_KS)));
        memcpy(k + j * (SK_KS), key, (SK_KS));
        if (vs) memcpy(v + j * vs, val, vs);
    }
}

static const swomp_sortk SK_NAME(sortk) = {SK_NAME(partition), SK_NAME(merge), SK_NAME(insertion)};

#undef SK_NAME
#undef SK_CAT
#undef SK_CAT2
#undef SK_SUFFIX
#undef SK_KS
#undef SK_LESS
