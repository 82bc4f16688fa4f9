/*
 * runs_select.cuh -- the fused run primitives in one pass over the keys: each tile's
 * place in the output from a decoupled look-back (lookback.cuh).
 *
 * A tile loads its keys (striped, 16 bytes per thread where aligned) plus the key
 * before it and the key after it, and marks on chip each key's run head (it differs
 * from the key before) and run last (it differs from the key after). What it selects
 * and writes, by mode:
 *   kRunsUnique:     heads: their keys (and values) -> keys_out, values_out;
 *   kRunsEncode:     heads: their keys -> keys_out; lasts: their run's length ->
 *                    lengths, at the rank of the run;
 *   kRunsNonTrivial: heads that are not lasts (the first index of a run longer than
 *                    one) -> offsets; lasts that are not heads: the run's length ->
 *                    lengths, at the rank of the run.
 * A run's length is last + 1 - its head's index; where the head lies in an earlier
 * tile, the look-back brings it: tiles carry (runs selected, 1 + index of the latest
 * head) for encode and non-trivial runs, the count alone for unique. Selections and
 * lengths go out through shared memory, so the stores stay coalesced, and the last
 * tile writes the number of runs to *count. Keys are compared as unsigned integers of
 * their size, which is bytewise equality.
 */
#ifndef SWEEP_GPU_RUNS_SELECT_CUH
#define SWEEP_GPU_RUNS_SELECT_CUH

#include "gpu/block/block_scan.cuh"
#include "gpu/device/lookback.cuh"
#include "gpu/device/scan_single_pass.cuh"
#include "gpu/util/elem_copy.cuh"
#include "gpu/util/ops.cuh"

namespace sweep_gpu {

enum : int { kRunsUnique = 0, kRunsEncode = 1, kRunsNonTrivial = 2 };

constexpr int kRunsThreads = 256;

/* 16 items per thread (a 16-byte load of 1-byte keys); 128 threads instead of 256
 * where a tile's widest element is 16 bytes, so that the exchange buffer stays at
 * 32 KB. */
template <class K, class Vt, int MODE> struct RunsShape {
    static constexpr size_t key_bytes = sizeof(K);
    static constexpr size_t val_bytes = std::is_same<Vt, NoValue>::value ? 0 : sizeof(Vt);
    static constexpr size_t pos_bytes = MODE == kRunsUnique ? 0 : sizeof(size_t);
    static constexpr size_t widest = key_bytes > val_bytes
                                         ? (key_bytes > pos_bytes ? key_bytes : pos_bytes)
                                         : (val_bytes > pos_bytes ? val_bytes : pos_bytes);
    static constexpr int threads = widest >= 16 ? kRunsThreads / 2 : kRunsThreads;
    static constexpr int items = 16;
    static constexpr int tile = threads * items;
    static constexpr size_t buffer_bytes = (size_t)tile * widest;
    /* tiles ahead whose keys a block asks L2 for, as the single-pass scans do */
    static constexpr int prefetch =
        tiles_ahead((size_t)tile * key_bytes, BuildTuning::prefetch_bytes);
};

/* What a tile carries to the next for encode and non-trivial runs: the runs selected
 * so far and 1 + the index of the latest run head (0: none yet). */
struct RunsCarry {
    unsigned long long count;
    unsigned long long head1;
};
struct RunsCarryOp {
    typedef RunsCarry value;
    SWEEP_GPU_INLINE static RunsCarry combine(const RunsCarry &a, const RunsCarry &b) {
        RunsCarry r;
        r.count = a.count + b.count;
        r.head1 = b.head1 ? b.head1 : a.head1;
        return r;
    }
};
/* The count alone (unique). */
typedef Plain<unsigned long long, OpSum> RunsCountOp;

SWEEP_GPU_INLINE unsigned long long runs_count(const unsigned long long &v) {
    return v;
}
SWEEP_GPU_INLINE unsigned long long runs_count(const RunsCarry &v) {
    return v.count;
}
SWEEP_GPU_INLINE unsigned long long runs_head1(const unsigned long long &) {
    return 0;
}
SWEEP_GPU_INLINE unsigned long long runs_head1(const RunsCarry &v) {
    return v.head1;
}
SWEEP_GPU_INLINE void runs_make(unsigned long long &v, unsigned long long count,
                                unsigned long long) {
    v = count;
}
SWEEP_GPU_INLINE void runs_make(RunsCarry &v, unsigned long long count, unsigned long long head1) {
    v.count = count;
    v.head1 = head1;
}

template <int MODE>
using RunsOp = typename std::conditional<MODE == kRunsUnique, RunsCountOp, RunsCarryOp>::type;

struct RunsArgs {
    const void *keys;
    size_t n;
    const void *values_in; /* kRunsUnique with values, or NULL */
    size_t vsize;          /* bytes per value (the generic value path) */
    unsigned value_unit;   /* copy_unit of the generic value path */
    void *keys_out;        /* kRunsUnique, kRunsEncode */
    void *values_out;
    size_t *offsets;    /* kRunsNonTrivial */
    size_t *lengths;    /* kRunsEncode, kRunsNonTrivial */
    size_t *count;      /* the number of runs written */
    unsigned stall_mod; /* test hook: tiles with tile % stall_mod == 1 publish late */
    int spin_limit;
};

/* The marks of one key: head, last, selected, and whether it writes a length. */
enum : unsigned { kMarkHead = 1u, kMarkSelect = 2u, kMarkLength = 4u };

template <int MODE, class K>
SWEEP_GPU_INLINE unsigned runs_marks(bool have_prev, K prev, K cur, bool have_next, K next) {
    const bool head = !have_prev || prev != cur;
    const bool last = !have_next || next != cur;
    bool select, length;
    if (MODE == kRunsNonTrivial) {
        select = head && !last;
        length = last && !head;
    } else {
        select = head;
        length = MODE == kRunsEncode && last;
    }
    return (head ? kMarkHead : 0u) | (select ? kMarkSelect : 0u) | (length ? kMarkLength : 0u);
}

/* One lane's carry of tile q (the look-back's fallback: rare, plain loads). */
template <int MODE, int TILE, class K>
SWEEP_GPU_INLINE typename RunsOp<MODE>::value runs_reduce_tile(const RunsArgs &a, size_t q) {
    const K *keys = (const K *)a.keys;
    const size_t start = q * (size_t)TILE;
    const size_t end = a.n - start < (size_t)TILE ? a.n : start + TILE;
    unsigned long long c = 0, head1 = 0;
    K prev = start > 0 ? keys[start - 1] : K(0);
    K cur = keys[start];
    for (size_t g = start; g < end; ++g) {
        const bool have_next = g + 1 < a.n;
        const K next = have_next ? keys[g + 1] : K(0);
        const unsigned m = runs_marks<MODE>(g > 0, prev, cur, have_next, next);
        c += (m & kMarkSelect) != 0;
        if (m & kMarkHead) head1 = g + 1;
        prev = cur;
        cur = next;
    }
    typename RunsOp<MODE>::value v;
    runs_make(v, c, head1);
    return v;
}

/* A tile's total elements, in order in shared memory, to out from base on, coalesced. */
template <class T>
SWEEP_GPU_INLINE void runs_write(T *out, size_t base, const T *sbuf, unsigned total) {
    for (unsigned p = threadIdx.x; p < total; p += blockDim.x)
        out[base + p] = sbuf[p];
}

template <class K, class Vt, int MODE, class Sh = RunsShape<K, Vt, MODE>>
__global__ void __launch_bounds__(Sh::threads)
    runs_select_kernel(RunsArgs a, TileState<typename RunsOp<MODE>::value> ts) {
    typedef RunsOp<MODE> C;
    typedef typename C::value V;
    typedef BlockScan<C, Sh::threads> BS;
    constexpr int THREADS = Sh::threads;
    constexpr int ITEMS = Sh::items;
    constexpr int TILE = Sh::tile;
    constexpr bool VALUES = !std::is_same<Vt, NoValue>::value;

    alignas(16) __shared__ unsigned char
        sbuf[Sh::buffer_bytes > (size_t)smem_padded_size<K>(TILE) * sizeof(K)
                 ? Sh::buffer_bytes
                 : (size_t)smem_padded_size<K>(TILE) * sizeof(K)];
    __shared__ typename BS::Storage bs;
    __shared__ V s_prefix;
    __shared__ K s_edge[2];      /* the keys before and after the tile */
    __shared__ unsigned s_first; /* the marks of the tile's first key */
    __shared__ unsigned s_nlen;  /* lengths the tile writes */

    const K *keys = (const K *)a.keys;
    const int tid = threadIdx.x;
    const size_t tile = blockIdx.x;
    const size_t tile_start = tile * (size_t)TILE;
    const int len = a.n - tile_start < (size_t)TILE ? (int)(a.n - tile_start) : TILE;
    const bool full = len == TILE;

    /* The keys of a tile ahead: its block then finds them in L2 or on their way. */
    if (tid == 0) prefetch_tile_ahead<Sh::prefetch, TILE>(a.keys, sizeof(K), tile, a.n);
    K *skeys = (K *)sbuf;
    tile_load_striped<K, THREADS, ITEMS>(keys + tile_start, skeys, len,
                                         full && aligned16(keys + tile_start));
    if (tid == 0) {
        if (tile_start > 0) s_edge[0] = keys[tile_start - 1];
        s_nlen = 0;
    }
    if (MODE != kRunsUnique && tid == 1 && tile_start + len < a.n)
        s_edge[1] = keys[tile_start + len];
    __syncthreads();

    /* The thread's items, blocked: marks (4 bits each), and the keys the scatter needs. */
    const int first = tid * ITEMS;
    K mine[MODE == kRunsNonTrivial ? 1 : ITEMS];
    unsigned long long marks = 0;
    unsigned cnt = 0, nlen = 0;
    unsigned long long head1 = 0;
    {
        const bool have_prev0 = tile_start + (size_t)first > 0;
        K prev = first == 0 ? s_edge[0] : first - 1 < len ? skeys[smem_pad<K>(first - 1)] : K(0);
        K cur = first < len ? skeys[smem_pad<K>(first)] : K(0);
#pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            const int i = first + j;
            const bool have_next = tile_start + (size_t)i + 1 < a.n;
            K next = K(0);
            if (i + 1 < len)
                next = skeys[smem_pad<K>(i + 1)];
            else if (MODE != kRunsUnique && have_next)
                next = s_edge[1];
            if constexpr (MODE != kRunsNonTrivial) mine[j] = cur;
            const unsigned m =
                i < len ? runs_marks<MODE>(j > 0 || have_prev0, prev, cur, have_next, next) : 0u;
            marks |= (unsigned long long)m << (4 * j);
            cnt += (m & kMarkSelect) != 0;
            nlen += (m & kMarkLength) != 0;
            if (m & kMarkHead) head1 = tile_start + (size_t)i + 1;
            prev = cur;
            cur = next;
        }
    }
    if (tid == 0) s_first = (unsigned)(marks & 0xfu);
    if (MODE != kRunsUnique && nlen) atomic_add(&s_nlen, nlen);

    V mine_v, pre, total;
    runs_make(mine_v, cnt, head1);
    bool has;
    BS::exclusive(mine_v, pre, has, total, bs);

    /* What comes before this tile. */
    if (emulated_stall(a.stall_mod, tile) && tid == 0) stall_delay(a.spin_limit);
    if (tile > 0 && warp_id() == 0) {
        if (tid == 0) ts.publish(tile, total, kStatusAggregate);
        const V ex = lookback<C>(ts, tile, a.spin_limit,
                                 [&](size_t q) { return runs_reduce_tile<MODE, TILE, K>(a, q); });
        if (tid == 0) {
            ts.publish(tile, C::combine(ex, total), kStatusPrefix);
            s_prefix = ex;
        }
    } else if (tile == 0 && tid == 0) {
        ts.publish(0, total, kStatusPrefix);
        V zero;
        runs_make(zero, 0, 0);
        s_prefix = zero;
    }
    __syncthreads(); /* s_prefix, s_first, s_nlen; every thread is done with skeys */
    const V tile_prefix = s_prefix;
    const V before = has ? C::combine(tile_prefix, pre) : tile_prefix; /* this thread's */
    const size_t base = (size_t)runs_count(tile_prefix);
    const unsigned tcount = (unsigned)runs_count(total);
    const size_t mine_rank = (size_t)runs_count(before); /* of the thread's first selection */

    /* the selections: keys (unique, encode) or first indices (non-trivial runs) */
    if constexpr (MODE != kRunsNonTrivial) {
        unsigned r = (unsigned)(mine_rank - base);
#pragma unroll
        for (int j = 0; j < ITEMS; ++j)
            if ((marks >> (4 * j)) & kMarkSelect) ((K *)sbuf)[r++] = mine[j];
        __syncthreads();
        runs_write<K>((K *)a.keys_out, base, (const K *)sbuf, tcount);
        __syncthreads();
    } else {
        unsigned r = (unsigned)(mine_rank - base);
#pragma unroll
        for (int j = 0; j < ITEMS; ++j)
            if ((marks >> (4 * j)) & kMarkSelect)
                ((size_t *)sbuf)[r++] = tile_start + (size_t)(first + j);
        __syncthreads();
        runs_write<size_t>(a.offsets, base, (const size_t *)sbuf, tcount);
        __syncthreads();
    }
    /* the lengths: a run's at its last key, at the run's rank; the tile's first length
     * is of the run of its first key (started in an earlier tile unless that key is a
     * head) */
    if constexpr (MODE != kRunsUnique) {
        const size_t lbase = base - ((s_first & kMarkHead) ? 0 : 1);
        size_t r = mine_rank;
        unsigned long long latest1 = runs_head1(before);
#pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            const unsigned m = (unsigned)(marks >> (4 * j)) & 0xfu;
            const size_t g = tile_start + (size_t)(first + j);
            if (m & kMarkHead) latest1 = g + 1;
            if (m & kMarkSelect) ++r;
            if (m & kMarkLength) ((size_t *)sbuf)[r - 1 - lbase] = g + 2 - latest1;
        }
        __syncthreads();
        runs_write<size_t>(a.lengths, lbase, (const size_t *)sbuf, s_nlen);
    }
    if (MODE == kRunsUnique && a.values_in) {
        if constexpr (VALUES && MODE == kRunsUnique) {
            /* values striped into shared memory, the selected ones gathered in order */
            typedef Vt Val;
            const Val *vin = (const Val *)a.values_in + tile_start;
            Val *sval = (Val *)sbuf;
            if (full && aligned16(vin) && (TILE * sizeof(Val)) % 16 == 0) {
                for (int k = tid; k < TILE * (int)sizeof(Val) / 16; k += THREADS)
                    ((uint4 *)sval)[k] = ((const uint4 *)vin)[k];
            } else {
                for (int i = tid; i < len; i += THREADS)
                    sval[i] = vin[i];
            }
            __syncthreads();
            Val picked[ITEMS];
#pragma unroll
            for (int j = 0; j < ITEMS; ++j)
                if ((marks >> (4 * j)) & kMarkSelect) picked[j] = sval[first + j];
            __syncthreads();
            unsigned r = (unsigned)(mine_rank - base);
#pragma unroll
            for (int j = 0; j < ITEMS; ++j)
                if ((marks >> (4 * j)) & kMarkSelect) sval[r++] = picked[j];
            __syncthreads();
            runs_write<Val>((Val *)a.values_out, base, sval, tcount);
        } else {
            /* values of any size, straight from the input */
            size_t r = mine_rank;
#pragma unroll
            for (int j = 0; j < ITEMS; ++j) {
                if ((marks >> (4 * j)) & kMarkSelect) {
                    copy_elem(a.values_out, r, a.values_in, tile_start + (size_t)(first + j),
                              a.vsize, a.value_unit);
                    ++r;
                }
            }
        }
    }
    if (tid == 0 && tile_start + (size_t)len == a.n) *a.count = base + tcount;
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_RUNS_SELECT_CUH */
