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
 * waiting warp reduces that tile's input itself (the "decoupled fallback" idea of
 * Smith et al.). If the owner publishes meanwhile, its value is used instead, which
 * also keeps in-place scans right (the owner writes its output only after publishing).
 *
 * Values of at most 4 bytes (with a segment flag) travel in one 64-bit word with
 * their status, so a reader needs no fence. Wider values live beside a status
 * array: a value is written, fenced, then its status; a reader loads the status,
 * fences, then the value, as volatile 32-bit words so no stale L1 line is read.
 */
#ifndef SWEEP_GPU_LOOKBACK_CUH
#define SWEEP_GPU_LOOKBACK_CUH

#include "gpu_ops.cuh"
#include "warp_scan.cuh"

namespace sweep_gpu {

enum : unsigned { kStatusInvalid = 0u, kStatusAggregate = 1u, kStatusPrefix = 2u };

SWEEP_GPU_INLINE __host__ size_t round256(size_t b) {
    return (b + 255) & ~(size_t)255;
}

/* Which values pack into one word with their status: bits 0-31 value, bit 32 the
 * segment flag, bits 40-41 the status. */
template <class V, class Enable = void> struct Packing { static constexpr bool packed = false; };
template <class T>
struct Packing<T, typename std::enable_if<std::is_arithmetic<T>::value && sizeof(T) <= 4>::type> {
    static constexpr bool packed = true;
    SWEEP_GPU_INLINE static unsigned long long pack(const T &v, unsigned st) {
        unsigned w = 0;
        memcpy(&w, &v, sizeof(T));
        return (unsigned long long)w | ((unsigned long long)st << 40);
    }
    SWEEP_GPU_INLINE static T unpack(unsigned long long x) {
        unsigned w = (unsigned)x;
        T v;
        memcpy(&v, &w, sizeof(T));
        return v;
    }
};
template <class T> struct Packing<FlagValue<T>, typename std::enable_if<sizeof(T) <= 4>::type> {
    static constexpr bool packed = true;
    SWEEP_GPU_INLINE static unsigned long long pack(const FlagValue<T> &v, unsigned st) {
        unsigned w = 0;
        memcpy(&w, &v.v, sizeof(T));
        return (unsigned long long)w | ((unsigned long long)(v.f != 0) << 32) |
               ((unsigned long long)st << 40);
    }
    SWEEP_GPU_INLINE static FlagValue<T> unpack(unsigned long long x) {
        unsigned w = (unsigned)x;
        FlagValue<T> v;
        memcpy(&v.v, &w, sizeof(T));
        v.f = (unsigned)(x >> 32) & 1u;
        return v;
    }
};

template <class V, bool PACKED = Packing<V>::packed> struct TileState;

/* One 64-bit word per tile. */
template <class V> struct TileState<V, true> {
    unsigned *counter; /* next dynamic tile id */
    unsigned long long *word;

    __host__ static size_t bytes(size_t ntiles) {
        return 256 + round256(ntiles * sizeof(unsigned long long));
    }
    __host__ static size_t clear_bytes(size_t ntiles) {
        return bytes(ntiles);
    }
    __host__ static TileState carve(void *scratch, size_t) {
        TileState s;
        s.counter = (unsigned *)scratch;
        s.word = (unsigned long long *)((unsigned char *)scratch + 256);
        return s;
    }
    SWEEP_GPU_INLINE void publish(size_t tile, const V &v, unsigned kind) const {
        store_volatile(&word[tile], Packing<V>::pack(v, kind));
    }
    /* The status of tile q; v is its value when the status is not invalid. */
    SWEEP_GPU_INLINE unsigned peek(size_t q, V &v) const {
        const unsigned long long x = load_volatile(&word[q]);
        v = Packing<V>::unpack(x);
        return (unsigned)(x >> 40);
    }
};

/* A status array beside two value arrays. */
template <class V> struct TileState<V, false> {
    typedef Words<V> W;
    unsigned *counter;
    unsigned *status;
    W *aggregate;
    W *inclusive;

    __host__ static size_t bytes(size_t ntiles) {
        return 256 + round256(ntiles * sizeof(unsigned)) + 2 * round256(ntiles * sizeof(W));
    }
    /* The bytes from counter to the end of status: what must be zero before a run. */
    __host__ static size_t clear_bytes(size_t ntiles) {
        return 256 + round256(ntiles * sizeof(unsigned));
    }
    __host__ static TileState carve(void *scratch, size_t ntiles) {
        TileState s;
        unsigned char *p = (unsigned char *)scratch;
        s.counter = (unsigned *)p;
        p += 256;
        s.status = (unsigned *)p;
        p += round256(ntiles * sizeof(unsigned));
        s.aggregate = (W *)p;
        p += round256(ntiles * sizeof(W));
        s.inclusive = (W *)p;
        return s;
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
        store_volatile(&status[tile], kind);
    }
    SWEEP_GPU_INLINE unsigned peek(size_t q, V &v) const {
        const unsigned st = load_volatile(&status[q]);
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

/* Called by every lane of one warp of tile `tile` > 0. Returns the reduction of all
 * earlier tiles, in order, in every lane. reduce_tile(q) is a warp-cooperative
 * reduction of tile q's input (all lanes call it, all get the result). */
template <class C, class TS, class ReduceTile>
SWEEP_GPU_INLINE typename C::value lookback(const TS &ts, size_t tile, int spin_limit,
                                            ReduceTile &&reduce_tile) {
    typedef typename C::value V;
    const int lane = lane_id();
    V acc;
    bool have = false;
    long long p = (long long)tile - 1; /* the nearest predecessor of this window */
    for (;;) {
        const long long q = p - lane;
        unsigned st = kStatusPrefix;
        V val;
        if (q >= 0) {
            st = ts.peek((size_t)q, val);
            unsigned ns = 32;
            for (int k = 0; st == kStatusInvalid && k < spin_limit; ++k) {
                backoff(ns);
                if (ns < 256) ns *= 2;
                st = ts.peek((size_t)q, val);
            }
        }
        /* Predecessors still unavailable: reduce them here, one tile at a time. */
        lanemask_t stuck = ballot(q >= 0 && st == kStatusInvalid);
        while (stuck) {
            const int l = ffs_mask(stuck) - 1;
            stuck &= stuck - 1;
            const long long qs = p - l;
            V r = reduce_tile((size_t)qs);
            fence_device();
            V pub;
            const unsigned now = ts.peek((size_t)qs, pub);
            if (lane == l) {
                if (now == kStatusInvalid) {
                    val = r;
                    st = kStatusAggregate;
                } else {
                    val = pub;
                    st = now;
                }
            }
        }
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
