/*
 * block_merge.cuh -- merging inside a block, in shared memory: the merge-path split
 * of one thread's output diagonal (Green, McColl & Bader 2012) and the serial merge
 * of the thread's items into registers. Ties take a first: a[i] precedes b[j]
 * unless b[j] < a[i], which keeps the merge (and every sort built on it) stable.
 */
#ifndef SWEEP_GPU_BLOCK_MERGE_CUH
#define SWEEP_GPU_BLOCK_MERGE_CUH

#include "gpu/util/compat.cuh"

namespace sweep_gpu {

/* A compile-time flag passed to a generic lambda, which then compiles once for each
 * value: the block sort and the merge keep a whole tile's copy free of bound checks
 * (H100, run-time compiled sort of 2^26 u32 pairs: 6.96 ms, against 7.25 with the
 * checks everywhere; docs/perf/merge-sort.md#whole-tiles-without-bound-checks). */
template <bool B> struct BoolTag { static constexpr bool value = B; };

/* Shared memory of the block sort and of the merge, for a block shape Shape: a tile of
 * keys and, when values move, each key's source position. The block sort also stages
 * values of up to the key's size in the keys' room (value_gather.cuh: staged_values),
 * hence its alignment. */
template <class Key, bool VALUES, class Shape> struct SortStorage {
    alignas(16) Key keys[Shape::tile];
    unsigned short idx[VALUES ? Shape::tile : 1];
};

/* How many of the first diag outputs of merge(a[0, na), b[0, nb)) come from a. */
template <class P, class Key>
SWEEP_GPU_INLINE int merge_path_shared(const P &p, const Key *a, int na, const Key *b, int nb,
                                       int diag) {
    int lo = diag > nb ? diag - nb : 0;
    int hi = diag < na ? diag : na;
    while (lo < hi) {
        const int mid = (lo + hi) >> 1;
        if (!p.less(b[diag - 1 - mid], a[mid]))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* ITEMS outputs of the merge of s[ai, aend) and s[bi, bend) into k, with the shared
 * position each came from in pos. The caller keeps the outputs it has (at least
 * one, so at least one range is non-empty); the rest are unspecified. Each input is
 * read from shared memory once: the current head of each range stays in a register.
 * No branches: the next head is loaded from whichever range advanced (clamped below
 * cap, the size of s, once a range is used up; that key is then never compared), so
 * lanes taking different ranges do not diverge. On the H100 a run-time compiled sort
 * of 2^26 u32 keys took 3.76 ms, against 3.94 ms with a branch per item (u32/u32
 * pairs: 9.97 against 10.71 ms; docs/perf/merge-sort.md#variants-that-lost). */
template <int ITEMS, class P, class Key>
SWEEP_GPU_INLINE void merge_serial(const P &p, const Key *s, int cap, int ai, int aend, int bi,
                                   int bend, Key (&k)[ITEMS], int (&pos)[ITEMS]) {
    Key ka = s[ai < aend ? ai : bi];
    Key kb = s[bi < bend ? bi : ai];
#pragma unroll
    for (int r = 0; r < ITEMS; ++r) {
        const bool take_b = bi < bend && (ai >= aend || p.less(kb, ka));
        k[r] = take_b ? kb : ka;
        pos[r] = take_b ? bi : ai;
        bi += take_b ? 1 : 0;
        ai += take_b ? 0 : 1;
        const int next = take_b ? bi : ai;
        const Key x = s[next < cap ? next : cap - 1];
        if (take_b)
            kb = x;
        else
            ka = x;
    }
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_BLOCK_MERGE_CUH */
