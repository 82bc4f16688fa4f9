/*
 * block_merge.cuh -- merging inside a block, in shared memory: the merge-path split
 * of one thread's output diagonal (Green, McColl & Bader 2012) and the serial merge
 * of the thread's items into registers. Ties take a first: a[i] precedes b[j]
 * unless b[j] < a[i], which keeps the merge (and every sort built on it) stable.
 */
#ifndef SWEEP_GPU_BLOCK_MERGE_CUH
#define SWEEP_GPU_BLOCK_MERGE_CUH

#include "gpu_compat.cuh"

namespace sweep_gpu {

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
 * read from shared memory once: the current head of each range stays in a register. */
template <int ITEMS, class P, class Key>
SWEEP_GPU_INLINE void merge_serial(const P &p, const Key *s, int ai, int aend, int bi, int bend,
                                   Key (&k)[ITEMS], int (&pos)[ITEMS]) {
    Key ka = s[ai < aend ? ai : bi];
    Key kb = s[bi < bend ? bi : ai];
#pragma unroll
    for (int r = 0; r < ITEMS; ++r) {
        const bool take_b = bi < bend && (ai >= aend || p.less(kb, ka));
        k[r] = take_b ? kb : ka;
        pos[r] = take_b ? bi : ai;
        if (take_b) {
            if (++bi < bend) kb = s[bi];
        } else {
            if (++ai < aend) ka = s[ai];
        }
    }
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_BLOCK_MERGE_CUH */
