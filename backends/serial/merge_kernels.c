/*
 * merge_kernels.c -- the serial backend's merge sort kernels: stable sort of every
 * tile, merge-path partitioning of a stable merge (ties take a first) and the merge
 * of every partition. Values move with their keys.
 */
#include "serial.h"

#include <host/host_keys.h>
#include <stdlib.h>
#include <string.h>

/* Keys (and values) of one array, viewed as a sequence of records. */
typedef struct records {
    unsigned char *keys;
    unsigned char *values; /* NULL when vsize == 0 */
} records;

/* Stable merge of src[lo, mid) and src[mid, hi) into dst[lo, hi): an element of the
 * second run goes first only when strictly less. */
static void merge_runs(const sweep_kcmp *cmp, size_t ks, size_t vs, records src, size_t lo,
                       size_t mid, size_t hi, records dst) {
    size_t i = lo, j = mid, o = lo;
    while (i < mid && j < hi) {
        const size_t take = sweep_host_less(cmp, src.keys + j * ks, src.keys + i * ks) ? j++ : i++;
        memcpy(dst.keys + o * ks, src.keys + take * ks, ks);
        if (vs) memcpy(dst.values + o * vs, src.values + take * vs, vs);
        ++o;
    }
    /* At most one run has elements left; they are already in order. */
    const size_t rest_from = i < mid ? i : j;
    const size_t rest = (i < mid ? mid : hi) - rest_from;
    memcpy(dst.keys + o * ks, src.keys + rest_from * ks, rest * ks);
    if (vs) memcpy(dst.values + o * vs, src.values + rest_from * vs, rest * vs);
}

/* Bottom-up merge sort of data[0, len), ping-ponging with tmp; the result ends in
 * data. */
static void sort_records(const sweep_kcmp *cmp, size_t ks, size_t vs, records data, size_t len,
                         records tmp) {
    records src = data, dst = tmp;
    for (size_t width = 1; width < len; width *= 2) {
        for (size_t lo = 0; lo < len; lo += 2 * width) {
            const size_t mid = len - lo > width ? lo + width : len;
            const size_t hi = len - mid > width ? mid + width : len;
            merge_runs(cmp, ks, vs, src, lo, mid, hi, dst);
        }
        records swap = src;
        src = dst;
        dst = swap;
    }
    if (src.keys != data.keys) {
        memcpy(data.keys, src.keys, len * ks);
        if (vs) memcpy(data.values, src.values, len * vs);
    }
}

/* aligned_alloc of at least bytes, aligned for any key (custom keys: at most 32). */
static void *alloc_aligned32(size_t bytes) {
    const size_t rounded = (bytes + 31) / 32 * 32;
    return aligned_alloc(32, rounded ? rounded : 32);
}

sweep_status sweep_serial_tile_sort(void *h, const sweep_kcmp *cmp, void *keys, void *values,
                                    size_t vsize, size_t n, size_t tile) {
    (void)h;
    const size_t ks = cmp->key_size;
    const size_t vs = values ? vsize : 0;
    const size_t cap = tile < n ? tile : n;
    if (cap < 2) return SWEEP_OK;
    records tmp = {alloc_aligned32(cap * ks), vs ? alloc_aligned32(cap * vs) : NULL};
    if (!tmp.keys || (vs && !tmp.values)) {
        free(tmp.keys);
        free(tmp.values);
        return SWEEP_ERR_OUT_OF_MEMORY;
    }
    for (size_t start = 0; start < n; start += tile) {
        const size_t len = n - start > tile ? tile : n - start;
        records data = {(unsigned char *)keys + start * ks,
                        vs ? (unsigned char *)values + start * vs : NULL};
        sort_records(cmp, ks, vs, data, len, tmp);
    }
    free(tmp.keys);
    free(tmp.values);
    return SWEEP_OK;
}

/* How many of the first d outputs of the stable merge come from a. a[i] precedes
 * b[d - 1 - i] unless b's key is strictly less, so the answer is the first i at which
 * that no longer holds. */
static size_t merge_path_split(const sweep_kcmp *cmp, const unsigned char *a, size_t na,
                               const unsigned char *b, size_t nb, size_t d) {
    const size_t ks = cmp->key_size;
    size_t lo = d > nb ? d - nb : 0;
    size_t hi = d < na ? d : na;
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if (sweep_host_less(cmp, b + (d - 1 - mid) * ks, a + mid * ks))
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

sweep_status sweep_serial_merge_partition(void *h, const sweep_kcmp *cmp, const void *a, size_t na,
                                          const void *b, size_t nb, size_t vsize, size_t part,
                                          size_t *splits) {
    (void)h;
    (void)vsize;
    const size_t total = na + nb;
    const size_t nparts = sweep_serial_ntiles(total, part);
    for (size_t k = 0; k <= nparts; ++k) {
        /* k * part may exceed total only on the last diagonal; avoid overflow too. */
        const size_t d = k >= nparts ? total : k * part;
        splits[k] = merge_path_split(cmp, a, na, b, nb, d);
    }
    return SWEEP_OK;
}

sweep_status sweep_serial_merge_tiles(void *h, const sweep_kcmp *cmp, const void *a,
                                      const void *a_values, size_t na, const void *b,
                                      const void *b_values, size_t nb, size_t vsize, size_t part,
                                      const size_t *splits, void *out, void *out_values) {
    (void)h;
    const size_t ks = cmp->key_size;
    const size_t vs = out_values ? vsize : 0;
    const size_t total = na + nb;
    const size_t nparts = sweep_serial_ntiles(total, part);
    const unsigned char *ak = a, *bk = b, *av = a_values, *bv = b_values;
    unsigned char *ok = out, *ov = out_values;
    for (size_t k = 0; k < nparts; ++k) {
        const size_t d0 = k * part;
        const size_t d1 = k + 1 >= nparts ? total : (k + 1) * part;
        size_t i = splits[k], j = d0 - splits[k];
        const size_t iend = splits[k + 1], jend = d1 - splits[k + 1];
        for (size_t o = d0; o < d1; ++o) {
            /* Take b only when strictly less (or a is exhausted): ties take a first. */
            const int from_b =
                i >= iend || (j < jend && sweep_host_less(cmp, bk + j * ks, ak + i * ks));
            const size_t src = from_b ? j++ : i++;
            memcpy(ok + o * ks, (from_b ? bk : ak) + src * ks, ks);
            if (vs) memcpy(ov + o * vs, (from_b ? bv : av) + src * vs, vs);
        }
    }
    return SWEEP_OK;
}
