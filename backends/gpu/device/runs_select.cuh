/*
 * runs_select.cuh -- the fused run primitives' select: one pass over the keys, each
 * tile's output position from a decoupled look-back over counts (lookback.cuh).
 *
 * A tile loads its keys (striped, 16 bytes per thread where aligned) plus the key
 * before it (and, for non-trivial runs, the key after it), flags on chip what it
 * selects, counts, publishes its count, looks back for the selections before it and
 * scatters its selections through shared memory, so the stores stay coalesced. What
 * is selected and written, by mode:
 *   kRunsUnique:     the first key of each run (and its value) -> keys_out, values_out;
 *   kRunsEncode:     the first key of each run -> keys_out, its position -> starts;
 *   kRunsNonTrivial: the first and the last position of each run longer than one, in
 *                    order: selection 2k writes offsets[k] (the start), selection
 *                    2k + 1 writes lengths[k] = last + 1 (the end), which
 *                    runs_end_to_length_kernel turns into the length afterwards.
 * The last tile writes the number of runs to *count. Keys are compared as unsigned
 * integers of their size, which is bytewise equality.
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
};

struct RunsArgs {
    const void *keys;
    size_t n;
    const void *values_in; /* kRunsUnique with values, or NULL */
    size_t vsize;          /* bytes per value (the generic value path) */
    unsigned value_unit;   /* copy_unit of the generic value path */
    void *keys_out;        /* kRunsUnique, kRunsEncode */
    void *values_out;
    size_t *starts;     /* kRunsEncode: run starts; kRunsNonTrivial: offsets */
    size_t *ends;       /* kRunsNonTrivial: run ends (lengths, before the fix-up) */
    size_t *count;      /* the number of runs written */
    unsigned stall_mod; /* test hook: tiles with tile % stall_mod == 1 publish late */
    int spin_limit;
};

/* Whether position i (0 < i < n, or i == 0 with have_prev false) is selected: a run's
 * first key (unique, encode), or a non-trivial run's first or last position. */
template <int MODE, class K>
SWEEP_GPU_INLINE unsigned runs_flag(bool have_prev, K prev, K cur, bool have_next, K next) {
    const bool head = !have_prev || prev != cur;
    if (MODE != kRunsNonTrivial) return head;
    const bool last = !have_next || next != cur;
    return head != last; /* a head that is not also its run's last, or the reverse */
}

/* One lane's count of tile q's selections (the look-back's fallback: rare, plain loads). */
template <int MODE, int TILE, class K>
SWEEP_GPU_INLINE unsigned long long runs_count_tile(const RunsArgs &a, size_t q) {
    const K *keys = (const K *)a.keys;
    const size_t start = q * (size_t)TILE;
    const size_t end = a.n - start < (size_t)TILE ? a.n : start + TILE;
    unsigned long long c = 0;
    K prev = start > 0 ? keys[start - 1] : K(0);
    K cur = keys[start];
    for (size_t g = start; g < end; ++g) {
        const bool have_next = g + 1 < a.n;
        const K next = have_next ? keys[g + 1] : K(0);
        c += runs_flag<MODE>(g > 0, prev, cur, have_next, next);
        prev = cur;
        cur = next;
    }
    return c;
}

/* A tile's total selected elements, in order in shared memory, to out from base on,
 * coalesced. */
template <class T>
SWEEP_GPU_INLINE void runs_write(T *out, size_t base, const T *sbuf, unsigned total) {
    for (unsigned p = threadIdx.x; p < total; p += blockDim.x)
        out[base + p] = sbuf[p];
}

template <class K, class Vt, int MODE, class Sh = RunsShape<K, Vt, MODE>>
__global__ void __launch_bounds__(Sh::threads)
    runs_select_kernel(RunsArgs a, TileState<unsigned long long> ts) {
    typedef Plain<unsigned long long, OpSum> C;
    typedef BlockScan<Plain<unsigned, OpSum>, Sh::threads> BS;
    constexpr int THREADS = Sh::threads;
    constexpr int ITEMS = Sh::items;
    constexpr int TILE = Sh::tile;
    constexpr bool VALUES = !std::is_same<Vt, NoValue>::value;

    alignas(16) __shared__ unsigned char
        sbuf[Sh::buffer_bytes > (size_t)smem_padded_size<K>(TILE) * sizeof(K)
                 ? Sh::buffer_bytes
                 : (size_t)smem_padded_size<K>(TILE) * sizeof(K)];
    __shared__ typename BS::Storage bs;
    __shared__ unsigned long long s_prefix;
    __shared__ K s_edge[2]; /* the keys before and after the tile */

    const K *keys = (const K *)a.keys;
    const int tid = threadIdx.x;
    const size_t tile = blockIdx.x;
    const size_t tile_start = tile * (size_t)TILE;
    const int len = a.n - tile_start < (size_t)TILE ? (int)(a.n - tile_start) : TILE;
    const bool full = len == TILE;

    K *skeys = (K *)sbuf;
    tile_load_striped<K, THREADS, ITEMS>(keys + tile_start, skeys, len,
                                         full && aligned16(keys + tile_start));
    if (tid == 0 && tile_start > 0) s_edge[0] = keys[tile_start - 1];
    if (MODE == kRunsNonTrivial && tid == 1 && tile_start + len < a.n)
        s_edge[1] = keys[tile_start + len];
    __syncthreads();

    /* The thread's items, blocked: flags as bits, and the keys the scatter needs. */
    const int first = tid * ITEMS;
    K mine[ITEMS];
    unsigned bits = 0, cnt = 0;
    {
        const bool have_prev0 = tile_start + (size_t)first > 0;
        K prev = first == 0 ? s_edge[0] : first - 1 < len ? skeys[smem_pad<K>(first - 1)] : K(0);
        K cur = first < len ? skeys[smem_pad<K>(first)] : K(0);
#pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            const int i = first + j;
            const bool in_tile_next = i + 1 < len;
            const bool have_next = tile_start + (size_t)i + 1 < a.n;
            K next = K(0);
            if (MODE == kRunsNonTrivial && have_next)
                next = in_tile_next ? skeys[smem_pad<K>(i + 1)] : s_edge[1];
            else if (in_tile_next)
                next = skeys[smem_pad<K>(i + 1)];
            mine[j] = cur;
            const unsigned f =
                i < len ? runs_flag<MODE>(j > 0 || have_prev0, prev, cur, have_next, next) : 0u;
            bits |= f << j;
            cnt += f;
            prev = cur;
            cur = next;
        }
    }

    unsigned pre, tcount;
    bool has;
    BS::exclusive(cnt, pre, has, tcount, bs);
    if (!has) pre = 0;

    /* The selections before this tile. */
    if (emulated_stall(a.stall_mod, tile) && tid == 0) stall_delay(a.spin_limit);
    if (tile > 0 && warp_id() == 0) {
        if (tid == 0) ts.publish(tile, (unsigned long long)tcount, kStatusAggregate);
        const unsigned long long ex = lookback<C>(
            ts, tile, a.spin_limit, [&](size_t q) { return runs_count_tile<MODE, TILE, K>(a, q); });
        if (tid == 0) {
            ts.publish(tile, ex + tcount, kStatusPrefix);
            s_prefix = ex;
        }
    } else if (tile == 0 && tid == 0) {
        ts.publish(0, (unsigned long long)tcount, kStatusPrefix);
        s_prefix = 0;
    }
    __syncthreads(); /* s_prefix; every thread is done with skeys */
    const size_t base = (size_t)s_prefix;

    if (MODE != kRunsNonTrivial) {
        /* the selected keys, in order */
        unsigned r = pre;
#pragma unroll
        for (int j = 0; j < ITEMS; ++j)
            if (bits >> j & 1u) ((K *)sbuf)[r++] = mine[j];
        __syncthreads();
        runs_write<K>((K *)a.keys_out, base, (const K *)sbuf, tcount);
        __syncthreads();
    }
    if (MODE != kRunsUnique) {
        /* positions: run starts; for non-trivial runs, starts and ends alternating */
        size_t *spos = (size_t *)sbuf;
        unsigned r = pre;
#pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            if (bits >> j & 1u) {
                const size_t g = tile_start + (size_t)(first + j);
                spos[r] = MODE == kRunsNonTrivial && ((base + r) & 1u) ? g + 1 : g;
                ++r;
            }
        }
        __syncthreads();
        if (MODE == kRunsEncode) {
            runs_write<size_t>(a.starts, base, spos, tcount);
        } else {
            for (unsigned p = tid; p < tcount; p += THREADS) {
                const size_t k = base + p;
                if (k & 1u)
                    a.ends[k >> 1] = spos[p];
                else
                    a.starts[k >> 1] = spos[p];
            }
        }
    }
    if (MODE == kRunsUnique && a.values_in) {
        if constexpr (VALUES) {
            /* values striped into shared memory, the selected ones gathered in order */
            typedef Vt V;
            const V *vin = (const V *)a.values_in + tile_start;
            V *sval = (V *)sbuf;
            if (full && aligned16(vin) && (TILE * sizeof(V)) % 16 == 0) {
                for (int k = tid; k < TILE * (int)sizeof(V) / 16; k += THREADS)
                    ((uint4 *)sval)[k] = ((const uint4 *)vin)[k];
            } else {
                for (int i = tid; i < len; i += THREADS)
                    sval[i] = vin[i];
            }
            __syncthreads();
            V picked[ITEMS];
#pragma unroll
            for (int j = 0; j < ITEMS; ++j)
                if (bits >> j & 1u) picked[j] = sval[first + j];
            __syncthreads();
            unsigned r = pre;
#pragma unroll
            for (int j = 0; j < ITEMS; ++j)
                if (bits >> j & 1u) sval[r++] = picked[j];
            __syncthreads();
            runs_write<V>((V *)a.values_out, base, sval, tcount);
        } else {
            /* values of any size, straight from the input */
            unsigned r = pre;
#pragma unroll
            for (int j = 0; j < ITEMS; ++j) {
                if (bits >> j & 1u) {
                    copy_elem(a.values_out, base + r, a.values_in, tile_start + (size_t)(first + j),
                              a.vsize, a.value_unit);
                    ++r;
                }
            }
        }
    }
    if (tid == 0 && tile_start + (size_t)len == a.n)
        *a.count = MODE == kRunsNonTrivial ? (base + tcount) / 2 : base + tcount;
}

/* Non-trivial runs: lengths[k] held the run's end; the length is end - offsets[k]
 * (the number of runs read on the device). */
static __global__ void runs_end_to_length_kernel(const size_t *offsets, const size_t *count,
                                                 size_t *lengths) {
    const size_t c = *count;
    for (size_t k = blockIdx.x * (size_t)blockDim.x + threadIdx.x; k < c;
         k += (size_t)gridDim.x * blockDim.x)
        lengths[k] -= offsets[k];
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_RUNS_SELECT_CUH */
