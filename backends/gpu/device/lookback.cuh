/*
 * lookback.cuh -- decoupled look-back across tiles (Merrill & Garland 2016) with a
 * fallback so it cannot hang.
 *
 * Each tile publishes its aggregate, then (once it knows its exclusive prefix) its
 * inclusive prefix. A tile's first warp walks back over a window of one predecessor
 * per lane, combining aggregates until it meets an inclusive prefix.
 *
 * Forward progress between blocks is not guaranteed everywhere (an SM shared with
 * other work, MPS, a GPU without independent block scheduling): a predecessor whose
 * status stays unavailable after a bounded wait is not waited for any longer; the
 * waiting lane reduces that tile's input itself (the "decoupled fallback" idea of
 * Smith et al.). If the owner publishes meanwhile, its value is used instead, which
 * also keeps in-place scans right (the owner writes its output only after publishing).
 *
 * No clearing before a run: every status word carries the run's tag (a 62-bit
 * number the host draws afresh for each launch), and a word whose tag differs is
 * "not yet published", whatever the scratch held before. That saves the memset
 * launch, which dominates small scans. Values of at most 8 bytes travel in one
 * 16-byte word with their tagged status (one vector access each way, as CUB does
 * for its 8-byte tile states), so a reader needs no fence. Wider values live beside
 * the status words: a value is written, fenced, then its status; a reader loads the
 * status, fences, then the value, as volatile 32-bit words so no stale L1 line is read.
 */
#ifndef SWEEP_GPU_LOOKBACK_CUH
#define SWEEP_GPU_LOOKBACK_CUH

#include "gpu/util/ops.cuh"
#include "gpu/warp/warp_scan.cuh"

namespace sweep_gpu {

enum : unsigned { kStatusInvalid = 0u, kStatusAggregate = 1u, kStatusPrefix = 2u };

/* The status half of a tile word: the run's tag above two status bits. The host's
 * tag has its low two bits clear. */
SWEEP_GPU_INLINE unsigned tagged_status(unsigned long long word, unsigned long long tag) {
    return (word & ~3ull) == tag ? (unsigned)(word & 3ull) : kStatusInvalid;
}

/* The tag of states cleared to zero before the run instead (see carve below). */
constexpr unsigned long long kClearedStateTag = 4ull;

/* A 16-byte word read or written in one access. */
struct alignas(16) TileWord {
    unsigned long long value;
    unsigned long long status;
};
#if defined(__HIPCC__)
typedef unsigned long long sweep_u64x2 __attribute__((ext_vector_type(2)));
SWEEP_GPU_INLINE TileWord load_tile_word(const TileWord *p) {
    const sweep_u64x2 x = *(const volatile sweep_u64x2 *)p;
    TileWord w;
    w.value = x.x;
    w.status = x.y;
    return w;
}
SWEEP_GPU_INLINE void store_tile_word(TileWord *p, const TileWord &w) {
    sweep_u64x2 x;
    x.x = w.value;
    x.y = w.status;
    *(volatile sweep_u64x2 *)p = x;
}
#else
SWEEP_GPU_INLINE TileWord load_tile_word(const TileWord *p) {
    TileWord w;
    asm volatile("ld.relaxed.gpu.v2.u64 {%0, %1}, [%2];"
                 : "=l"(w.value), "=l"(w.status)
                 : "l"(p)
                 : "memory");
    return w;
}
SWEEP_GPU_INLINE void store_tile_word(TileWord *p, const TileWord &w) {
    asm volatile("st.relaxed.gpu.v2.u64 [%0], {%1, %2};" ::"l"(p), "l"(w.value), "l"(w.status)
                 : "memory");
}
#endif

template <class V, bool PACKED = (sizeof(V) <= 8)> struct TileState;

/* One 16-byte word per tile: the value's bytes, then the tagged status. */
template <class V> struct TileState<V, true> {
    TileWord *word;
    unsigned long long tag;

    __host__ static size_t bytes(size_t ntiles) {
        return round256(ntiles * sizeof(TileWord));
    }
    __host__ static TileState carve(void *scratch, size_t, unsigned long long tag) {
        TileState s;
        s.word = (TileWord *)scratch;
        s.tag = tag;
        return s;
    }
    /* Callers that clear clear_bytes(ntiles) to zero before the run instead of
     * drawing a tag (zero reads as "not published" under any tag). */
    __host__ static size_t clear_bytes(size_t ntiles) {
        return bytes(ntiles);
    }
    __host__ static TileState carve(void *scratch, size_t ntiles) {
        return carve(scratch, ntiles, kClearedStateTag);
    }
    SWEEP_GPU_INLINE void publish(size_t tile, const V &v, unsigned kind) const {
        TileWord w;
        w.value = 0;
        memcpy(&w.value, &v, sizeof(V));
        w.status = tag | kind;
        store_tile_word(&word[tile], w);
    }
    /* The status of tile q; v is its value when the status is not invalid. */
    SWEEP_GPU_INLINE unsigned peek(size_t q, V &v) const {
        const TileWord w = load_tile_word(&word[q]);
        memcpy(&v, &w.value, sizeof(V));
        return tagged_status(w.status, tag);
    }
};

/* A tagged status array beside two value arrays. */
template <class V> struct TileState<V, false> {
    typedef Words<V> W;
    unsigned long long *status;
    W *aggregate;
    W *inclusive;
    unsigned long long tag;

    __host__ static size_t bytes(size_t ntiles) {
        return round256(ntiles * sizeof(unsigned long long)) + 2 * round256(ntiles * sizeof(W));
    }
    __host__ static TileState carve(void *scratch, size_t ntiles, unsigned long long tag) {
        TileState s;
        unsigned char *p = (unsigned char *)scratch;
        s.status = (unsigned long long *)p;
        p += round256(ntiles * sizeof(unsigned long long));
        s.aggregate = (W *)p;
        p += round256(ntiles * sizeof(W));
        s.inclusive = (W *)p;
        s.tag = tag;
        return s;
    }
    __host__ static size_t clear_bytes(size_t ntiles) {
        return round256(ntiles * sizeof(unsigned long long));
    }
    __host__ static TileState carve(void *scratch, size_t ntiles) {
        return carve(scratch, ntiles, kClearedStateTag);
    }
    SWEEP_GPU_INLINE static void store_value(W *dst, const V &v) {
        W w;
        w.w[W::n - 1] = 0;
        memcpy(w.w, &v, sizeof(V));
#pragma unroll
        for (int i = 0; i < W::n; ++i)
            store_volatile(&dst->w[i], w.w[i]);
    }
    SWEEP_GPU_INLINE static V load_value(const W *src) {
        W w;
#pragma unroll
        for (int i = 0; i < W::n; ++i)
            w.w[i] = load_volatile(&src->w[i]);
        V v;
        memcpy(&v, w.w, sizeof(V));
        return v;
    }
    SWEEP_GPU_INLINE void publish(size_t tile, const V &v, unsigned kind) const {
        store_value(kind == kStatusPrefix ? &inclusive[tile] : &aggregate[tile], v);
        fence_device();
        store_volatile(&status[tile], tag | kind);
    }
    SWEEP_GPU_INLINE unsigned peek(size_t q, V &v) const {
        const unsigned st = tagged_status(load_volatile(&status[q]), tag);
        if (st != kStatusInvalid) {
            fence_device();
            v = load_value(st == kStatusPrefix ? &inclusive[q] : &aggregate[q]);
        }
        return st;
    }
};

/* Look-back tests: a tile chosen by stall_mod holds back everything it would publish
 * for far longer than a successor's bounded wait, as a block that is not scheduled
 * would, so its successors take the fallback; then it carries on normally (it still
 * writes its output only after publishing, as real tiles do). */
SWEEP_GPU_INLINE bool emulated_stall(unsigned stall_mod, size_t tile) {
    return stall_mod != 0 && tile % stall_mod == 1;
}
SWEEP_GPU_INLINE void stall_delay(int spin_limit) {
    for (int i = 0; i < 50 * spin_limit + 50; ++i)
        backoff(1000);
}

/* A waiting lane polls this many times back to back before it starts to sleep
 * between polls: each poll is an L2 round trip already, and a sleep of even 32 ns
 * came back late enough to cost a short scan 0.3 us on the H100 (2^16 u32, behind
 * a held queue: 5.89 against 5.57 us; docs/perf/scan.md#where-the-time-goes). */
constexpr int kEagerPolls = 16;

/* One lane: tile q's status, its value in v. After spin_limit polls more without
 * one, the lane reduces the tile's input itself (reduce_tile(q)) and reports that
 * as the aggregate, unless the owner has published by then. The fallback is the
 * lane's own, so a warp whose predecessors all publish never votes on it (a second
 * vote per window measured 0.15 us on a 2^16 scan; same results). */
template <class TS, class V, class ReduceTile>
SWEEP_GPU_INLINE unsigned poll_tile(const TS &ts, size_t q, int spin_limit, V &v,
                                    ReduceTile &reduce_tile) {
    unsigned ns = 32;
    for (int k = 0;; ++k) {
        const unsigned st = ts.peek(q, v);
        if (st != kStatusInvalid) return st;
        if (k >= spin_limit) break;
        if (k >= kEagerPolls) {
            backoff(ns);
            if (ns < 256) ns *= 2;
        }
    }
    const V r = reduce_tile(q);
    fence_device();
    const unsigned now = ts.peek(q, v);
    if (now != kStatusInvalid) return now;
    v = r;
    return kStatusAggregate;
}

/* Called by every lane of one warp of tile `tile` > 0. Returns the reduction of all
 * earlier tiles, in order, in every lane. reduce_tile(q) is one lane's reduction of
 * tile q's input (the fallback of poll_tile). */
template <class C, class TS, class ReduceTile>
SWEEP_GPU_INLINE typename C::value lookback(const TS &ts, size_t tile, int spin_limit,
                                            ReduceTile &&reduce_tile) {
    typedef typename C::value V;
    V acc;
    bool have = false;
    long long p = (long long)tile - 1; /* the nearest predecessor of this window */
    for (;;) {
        const long long q = p - lane_id();
        unsigned st = kStatusPrefix;
        V val{}; /* lanes past tile 0 hold it, outside the reduction below */
        if (q >= 0) st = poll_tile(ts, (size_t)q, spin_limit, val, reduce_tile);
        /* Lanes past tile 0 do not exist: the window stops at the first prefix. */
        const lanemask_t pref = ballot(q >= 0 && st == kStatusPrefix);
        const int last_valid = p < kWarp - 1 ? (int)p : kWarp - 1;
        const int stop = pref ? ffs_mask(pref) - 1 : last_valid;
        V w = warp_reduce_reversed<C>(val, stop);
        w = shfl(w, 0);
        acc = have ? C::combine(w, acc) : w;
        have = true;
        if (pref || p < kWarp) break;
        p -= kWarp;
    }
    return acc;
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_LOOKBACK_CUH */
