/*
 * merge_path.cuh -- merge-path merging of sorted runs in global memory (Green,
 * McColl & Bader 2012): the stable merge of a and b is cut along output diagonals
 * by binary search (one search per block, by the partition kernels), and each block
 * merges its share: both inputs' ranges come into shared memory with coalesced
 * loads, each thread finds its own diagonal there and merges ITEMS outputs in
 * registers (block_merge.cuh), and the outputs go back through shared memory so the
 * stores are coalesced too. Ties take a first: a[i] precedes b[j] unless b[j] < a[i].
 * Everything is written once over a comparator policy (merge_cmp.cuh).
 */
#ifndef SWEEP_GPU_MERGE_PATH_CUH
#define SWEEP_GPU_MERGE_PATH_CUH

#include "gpu/block/block_merge.cuh"
#include "gpu/block/value_gather.cuh"
#include "gpu/tuning/tuning.cuh"
#include "gpu/util/elem_copy.cuh"
#include "gpu/util/merge_cmp.cuh"

namespace sweep_gpu {

/* How many of the first diag outputs of merge(a[0, na), b[0, nb)) come from a,
 * keys read from global memory. */
template <class P>
SWEEP_GPU_INLINE size_t merge_path_global(const P &p, const typename P::Raw *a, size_t na,
                                          const typename P::Raw *b, size_t nb, size_t diag) {
    size_t lo = diag > nb ? diag - nb : 0;
    size_t hi = diag < na ? diag : na;
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if (!p.less(p.load(b[diag - 1 - mid]), p.load(a[mid])))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* One merge (a with b) or, when width > 0, every pair of adjacent sorted runs of
 * that width in src (the passes of a merge sort: pair p merges runs [2pw, 2pw + w)
 * and [2pw + w, 2pw + 2w) into the same place of dst). For pairs, part divides
 * 2 * width. The layout does not depend on the key type (run-time compiled kernels
 * take it as is). */
struct MergeArgs {
    const void *a, *av;
    size_t na;
    const void *b, *bv;
    size_t nb;
    void *out, *outv;
    size_t width;
    const void *src, *srcv;
    void *dst, *dstv;
    size_t n;
    size_t vsize;
    unsigned vunit;
    size_t part;
    const size_t *splits;
    int kind, descending;
};

/* The two runs and the output of the merge that output partition k belongs to, and
 * k's first output diagonal within it. PAIRS: the runs of a merge-sort pass (chosen
 * at compile time, so each kernel computes one kind of job). */
template <class U, bool PAIRS> struct MergeJob {
    const U *a, *b;
    const unsigned char *av, *bv;
    U *out;
    unsigned char *outv;
    size_t na, nb, d0;
    SWEEP_GPU_INLINE MergeJob(const MergeArgs &m, size_t k) {
        if constexpr (!PAIRS) {
            a = (const U *)m.a;
            b = (const U *)m.b;
            av = (const unsigned char *)m.av;
            bv = (const unsigned char *)m.bv;
            out = (U *)m.out;
            outv = (unsigned char *)m.outv;
            na = m.na;
            nb = m.nb;
            d0 = k * m.part;
        } else {
            const size_t pair = 2 * m.width;
            const size_t pbase = k * m.part / pair * pair;
            const size_t rest = m.n - pbase;
            const size_t la = rest < m.width ? rest : m.width;
            const size_t lb = rest - la < m.width ? rest - la : m.width;
            const U *src = (const U *)m.src;
            const unsigned char *srcv = (const unsigned char *)m.srcv;
            na = la;
            nb = lb;
            a = src + pbase;
            b = src + pbase + la;
            av = srcv + pbase * m.vsize;
            bv = srcv + (pbase + la) * m.vsize;
            out = (U *)m.dst + pbase;
            outv = (unsigned char *)m.dstv + pbase * m.vsize;
            d0 = k * m.part - pbase;
        }
    }
};

/* splits[k] = merge-path split of diagonal min(k * part, na + nb), for k <= nparts. */
template <class P>
SWEEP_GPU_INLINE void merge_partition_body(const P &p, const typename P::Raw *a, size_t na,
                                           const typename P::Raw *b, size_t nb, size_t part,
                                           size_t nparts, size_t *splits) {
    const size_t k = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (k > nparts) return;
    const size_t total = na + nb;
    const size_t diag = k * part < total ? k * part : total;
    splits[k] = merge_path_global(p, a, na, b, nb, diag);
}

/* splits[k] for every output partition k < nparts of every pair of runs. */
template <class P>
SWEEP_GPU_INLINE void merge_pairs_partition_body(const P &p, const MergeArgs &m, size_t nparts,
                                                 size_t *splits) {
    const size_t k = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (k >= nparts) return;
    MergeJob<typename P::Raw, true> j(m, k);
    splits[k] = merge_path_global(p, j.a, j.na, j.b, j.nb, j.d0);
}

/* Whether a merge compiled for values of VS bytes (0: size known at run time) stages
 * them in shared memory (merge_tiles_body): a word type of VS bytes exists
 * (ValueWord), and a tile of them fits beside SortStorage in the 48 KB of static
 * shared memory. */
template <size_t VS, class Key, class Shape>
__host__ __device__ constexpr bool merge_stages_values() {
    return (VS == 1 || VS == 2 || VS == 4 || VS == 8 || VS == 16) &&
           sizeof(SortStorage<Key, true, Shape>) + (size_t)Shape::tile * VS + 1024 <= 48 * 1024;
}

/* Block k merges output partition k (m.part outputs) in chunks of one tile: the
 * partition's first split comes from the partition kernel, a later chunk's from one
 * search inside the partition (only when part exceeds the tile, on the core's
 * generic path). VS and vstage: a kernel compiled for values of VS bytes stages
 * them, when merge_stages_values and their unit allow, in vstage (a tile of them):
 * they are loaded with the keys, before the merge, as CUB's merge does, so the two
 * loads wait out one memory latency together; otherwise each output gathers its
 * value from global memory once the merge has placed it. H100, run-time compiled
 * sort of 2^26 u32 keys with u32 values: 7.24-7.26 ms staged, 7.38-7.41 gathered.
 * Asking L2 for the runs' ranges of the partition 1.5 MB ahead, as the scans do
 * (bulk_copy.cuh), made that sort of keys alone slower (3.60 against 3.40-3.43 ms)
 * and with values 1.5% faster (docs/perf/merge-sort.md#variants-that-lost): not taken. */
template <class P, bool VALUES, bool PAIRS, class Shape = SortShape<typename P::Key>, size_t VS = 0,
          class Storage>
SWEEP_GPU_INLINE void merge_tiles_body(const P &p, Storage &st, size_t *split_slot,
                                       const MergeArgs &m, void *vstage = NULL) {
    typedef typename P::Key Key;
    typedef typename P::Raw Raw;
    constexpr int T = Shape::threads, ITEMS = Shape::items;
    constexpr bool STAGE = VALUES && merge_stages_values<VS, Key, Shape>();
    typedef typename ValueWord<STAGE ? VS : 1>::type V;
    const bool stage = STAGE && m.vunit >= VS; /* the same for the whole block */
    V *sv = (V *)vstage;
    const size_t k = blockIdx.x;
    const int tid = (int)threadIdx.x;
    MergeJob<Raw, PAIRS> j(m, k);
    const size_t total = j.na + j.nb;
    const size_t d0 = j.d0, d1 = d0 + m.part < total ? d0 + m.part : total;
    const size_t a0 = m.splits[k], a1 = d1 == total ? j.na : m.splits[k + 1];
    const size_t b0 = d0 - a0, b1 = d1 - a1;
    size_t ca = a0; /* split at the chunk's first output */
    for (size_t e = d0; e < d1; e += (size_t)Shape::tile) {
        const size_t e1 = d1 - e > (size_t)Shape::tile ? e + Shape::tile : d1;
        size_t ea = a1;
        if (e1 != d1) {
            if (tid == 0)
                *split_slot =
                    a0 + merge_path_global(p, j.a + a0, a1 - a0, j.b + b0, b1 - b0, e1 - d0);
            __syncthreads();
            ea = *split_slot;
        }
        const size_t cb = e - ca;
        const int la = (int)(ea - ca), lb = (int)(e1 - ea - cb), len = la + lb;
        /* A whole tile (every chunk but a partition's last) drops the bound checks:
         * the body is compiled for both cases. */
        auto chunk = [&](auto full_tag) {
            constexpr bool FULL = decltype(full_tag)::value;
            /* every load is issued before the first store to shared memory, so their
             * latencies overlap: loaded under if/else straight into shared memory, they
             * went out one after another, and a pass of 2^26 u32 keys on the H100 took
             * 0.375 ms, against 0.204 ms now (docs/perf/merge-sort.md#where-the-time-went) */
            Raw raw[ITEMS];
            V vraw[STAGE ? ITEMS : 1];
            const Raw *ra = j.a + ca + tid;
            const Raw *rb =
                (const Raw *)((uintptr_t)(j.b + cb + tid) - (uintptr_t)la * sizeof(Raw));
            const V *vra = (const V *)j.av + ca + tid;
            const V *vrb =
                (const V *)((uintptr_t)((const V *)j.bv + cb + tid) - (uintptr_t)la * VS);
#pragma unroll
            for (int r = 0; r < ITEMS; ++r) {
                const int i = r * T + tid;
                if (i < la) {
                    raw[r] = ra[r * T];
                    if (STAGE && stage) vraw[STAGE ? r : 0] = vra[r * T];
                } else if (FULL || i < len) {
                    raw[r] = rb[r * T];
                    if (STAGE && stage) vraw[STAGE ? r : 0] = vrb[r * T];
                }
            }
            __syncthreads(); /* the previous chunk's readers are done with st */
#pragma unroll
            for (int r = 0; r < ITEMS; ++r) {
                const int i = r * T + tid;
                if (FULL || i < len) {
                    st.keys[i] = p.load(raw[r]);
                    if (STAGE && stage) sv[i] = vraw[STAGE ? r : 0];
                }
            }
            __syncthreads();
            const int diag = tid * ITEMS;
            const int cnt = FULL                 ? ITEMS
                            : len - diag < 0     ? 0
                            : len - diag < ITEMS ? len - diag
                                                 : ITEMS;
            Key kk[ITEMS];
            int pos[ITEMS];
            if (FULL || cnt > 0) {
                const int i = merge_path_shared(p, st.keys, la, st.keys + la, lb, diag);
                merge_serial<ITEMS>(p, st.keys, Shape::tile, i, la, la + diag - i, len, kk, pos);
            }
            V vv[STAGE ? ITEMS : 1];
            if (STAGE && stage) {
#pragma unroll
                for (int r = 0; r < ITEMS; ++r)
                    if (FULL || r < cnt) vv[STAGE ? r : 0] = sv[pos[r]];
            }
            __syncthreads();
#pragma unroll
            for (int r = 0; r < ITEMS; ++r) {
                if (FULL || r < cnt) {
                    st.keys[diag + r] = kk[r];
                    if (STAGE && stage)
                        sv[diag + r] = vv[STAGE ? r : 0];
                    else if constexpr (VALUES)
                        st.idx[diag + r] = (unsigned short)pos[r];
                }
            }
            __syncthreads();
            const size_t o = e;
#pragma unroll
            for (int r = 0; r < ITEMS; ++r) {
                const int i = r * T + tid;
                if (FULL || i < len) j.out[o + i] = p.store(st.keys[i]);
            }
            if (STAGE && stage) {
                /* a plain copy: gather_values_as here (every load, then every store) took
                 * the run-time compiled pairs sort from 7.24 to 7.47 ms on the H100
                 * (docs/perf/merge-sort.md#variants-that-lost) */
                V *vout = (V *)j.outv + o;
#pragma unroll
                for (int r = 0; r < ITEMS; ++r) {
                    const int i = r * T + tid;
                    if (FULL || i < len) vout[i] = sv[i];
                }
            } else if constexpr (VALUES) {
                /* the outputs' values from the two runs (the destination is neither) */
                const size_t vs = m.vsize;
                const unsigned char *va = j.av + ca * vs, *vb = j.bv + cb * vs;
                gather_values<T, ITEMS, false>(
                    [&](int i) {
                        const int s = st.idx[i];
                        return s < la ? va + (size_t)s * vs : vb + (size_t)(s - la) * vs;
                    },
                    len, j.outv + o * vs, vs, m.vunit);
            }
        };
        if (len == Shape::tile)
            chunk(BoolTag<true>());
        else
            chunk(BoolTag<false>());
        ca = ea;
    }
}

#if !defined(SWEEP_GPU_RTC) /* built-in orders; custom ones: rtc_sort_kernels.cuh */
template <class U>
__global__ void merge_partition_kernel(PatternCmp<U> p, const U *a, size_t na, const U *b,
                                       size_t nb, size_t part, size_t nparts, size_t *splits) {
    merge_partition_body(p, a, na, b, nb, part, nparts, splits);
}

template <class U>
__global__ void merge_pairs_partition_kernel(PatternCmp<U> p, MergeArgs m, size_t nparts,
                                             size_t *splits) {
    merge_pairs_partition_body(p, m, nparts, splits);
}

template <class U, bool VALUES, bool PAIRS, class Shape = SortShape<U, VALUES>>
__global__ void __launch_bounds__(Shape::threads, Shape::min_blocks)
    merge_tiles_kernel(PatternCmp<U> p, MergeArgs m) {
    __shared__ SortStorage<U, VALUES, Shape> st;
    __shared__ size_t split_slot;
    merge_tiles_body<PatternCmp<U>, VALUES, PAIRS, Shape>(p, st, &split_slot, m);
}
#endif

} // namespace sweep_gpu

#endif /* SWEEP_GPU_MERGE_PATH_CUH */
