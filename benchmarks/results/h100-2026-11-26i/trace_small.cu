// Experiment (session scratch): where a 2^16 u32 exclusive sum's time goes.
// Instrumented copies of the bulk scan's steps, with variants of load, store,
// look-back waiting. Build: nvcc -O3 -arch=sm_90 -std=c++17 -I backends -I include
// exp/trace_small.cu -o exp/trace_small
#include "gpu/block_scan.cuh"
#include "gpu/bulk_copy.cuh"
#include "gpu/gpu_ops.cuh"
#include "gpu/lookback.cuh"
#include "gpu/scan_bulk.cuh"
#include "gpu/scan_single_pass.cuh"
#include "sweep/sweep.h"
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cub/cub.cuh>
#include <vector>

using namespace sweep_gpu;
#define CK(x)                                                                                      \
    do {                                                                                           \
        cudaError_t e_ = (x);                                                                      \
        if (e_ != cudaSuccess) {                                                                   \
            printf("CUDA %s at %d\n", cudaGetErrorString(e_), __LINE__);                           \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

__device__ __forceinline__ unsigned long long gtimer() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

typedef Plain<unsigned, OpSum> C;
constexpr int NSTAGE = 6;
constexpr int STAGGER = 150; // cycles between warps' first polls (LB 4)

__device__ __forceinline__ void spin_cycles(long long c) {
    const long long t = clock64();
    while (clock64() - t < c) {
    }
}
// K polls of one word in flight, issued GAP cycles apart at first
template <int K, int GAP>
__device__ __forceinline__ unsigned poll_pipelined(const TileState<unsigned> &ts, size_t q,
                                                   unsigned &v) {
    const TileWord *p = &ts.word[q];
    TileWord w0, w1, w2, w3;
    w0 = load_tile_word(p);
    if (K > 1) {
        spin_cycles(GAP);
        w1 = load_tile_word(p);
    }
    if (K > 2) {
        spin_cycles(GAP);
        w2 = load_tile_word(p);
    }
    if (K > 3) {
        spin_cycles(GAP);
        w3 = load_tile_word(p);
    }
    for (;;) {
        unsigned st = tagged_status(w0.status, ts.tag);
        if (st) {
            v = (unsigned)w0.value;
            return st;
        }
        w0 = load_tile_word(p);
        if (K > 1) {
            st = tagged_status(w1.status, ts.tag);
            if (st) {
                v = (unsigned)w1.value;
                return st;
            }
            w1 = load_tile_word(p);
        }
        if (K > 2) {
            st = tagged_status(w2.status, ts.tag);
            if (st) {
                v = (unsigned)w2.value;
                return st;
            }
            w2 = load_tile_word(p);
        }
        if (K > 3) {
            st = tagged_status(w3.status, ts.tag);
            if (st) {
                v = (unsigned)w3.value;
                return st;
            }
            w3 = load_tile_word(p);
        }
    }
}

__device__ __noinline__ unsigned long long resolve_stuck_exp(const TileState<unsigned> &ts,
                                                             long long p, lanemask_t stuck,
                                                             unsigned v, unsigned st) {
    while (stuck) {
        const int l = ffs_mask(stuck) - 1;
        stuck &= stuck - 1;
        fence_device();
        unsigned pub;
        const unsigned now = ts.peek((size_t)(p - l), pub);
        if (lane_id() == l) {
            v = pub;
            st = now;
        }
    }
    return (unsigned long long)st << 32 | v;
}

// LOAD: 0 bulk engine, 1 registers (thread-contiguous uint4).  STORE: 0 bulk, 1 registers.
// LB: 0 no look-back (timing only, wrong answers), 1 library look-back,
//     2 look-back without sleeping, 3 every tile waits for all earlier aggregates at once.
template <int THREADS, int ITEMS, int LOAD, int STORE, int LB, bool TRACE>
__global__ void __launch_bounds__(THREADS)
    exp_scan(const unsigned *in, unsigned *out, size_t n, TileState<unsigned> ts,
             unsigned long long *trace) {
    constexpr int TILE = THREADS * ITEMS, NV = ITEMS / 4;
    typedef BlockScan<C, THREADS> BS;
    alignas(128) __shared__ unsigned sbuf[TILE];
    __shared__ typename BS::Storage bs;
    __shared__ unsigned s_prefix;
    __shared__ unsigned long long s_bar;
    __shared__ int s_done;
    const int tid = threadIdx.x;
    if (tid == 0) s_done = 0;
    const size_t tile = blockIdx.x;
    unsigned long long tr[NSTAGE];
    if (TRACE) tr[0] = gtimer();
    unsigned x[ITEMS];
    if (LOAD == 0) {
#if SWEEP_GPU_BULK_COPY
        if (tid == 0) {
            bulk_barrier_init(&s_bar);
            bulk_load(sbuf, in + tile * TILE, TILE * 4, &s_bar);
        }
        __syncthreads();
        bulk_wait(&s_bar);
#endif
        for (int j = 0; j < NV; ++j) {
            uint4 w = ((const uint4 *)(sbuf + tid * ITEMS))[j];
            memcpy(&x[4 * j], &w, 16);
        }
    } else {
        for (int j = 0; j < NV; ++j) {
            uint4 w = ((const uint4 *)(in + tile * TILE + tid * ITEMS))[j];
            memcpy(&x[4 * j], &w, 16);
        }
    }
    unsigned tacc = x[0];
    for (int i = 1; i < ITEMS; ++i)
        tacc += x[i];
    if (TRACE) tr[1] = gtimer();
    unsigned tprefix, total;
    bool thas;
    BS::exclusive(tacc, tprefix, thas, total, bs);
    if (TRACE) tr[2] = gtimer();
    if (LB == 4) {
        if (tile == 0) {
            if (tid == 0) ts.publish(0, total, kStatusPrefix);
        } else {
            if (tid == 0) ts.publish(tile, total, kStatusAggregate);
            const long long w0 = clock64();
            while (clock64() - w0 < (long long)warp_id() * STAGGER && !*(volatile int *)&s_done) {
            }
            for (;;) {
                if (*(volatile int *)&s_done) break;
                const long long q = (long long)tile - 1 - lane_id();
                unsigned v = 0, st = kStatusPrefix;
                if (q >= 0) st = ts.peek((size_t)q, v);
                if (sweep_gpu::ballot(q >= 0 && st == kStatusInvalid)) continue;
                const lanemask_t pref = sweep_gpu::ballot(q >= 0 && st == kStatusPrefix);
                const int stop = ffs_mask(pref) - 1;
                unsigned c = lane_id() <= stop ? v : 0;
                for (int o = 16; o > 0; o >>= 1)
                    c += __shfl_xor_sync(0xffffffffu, c, o);
                if (lane_id() == 0 && atomicCAS(&s_done, 0, 1) == 0) {
                    s_prefix = c;
                    ts.publish(tile, c + total, kStatusPrefix);
                }
                break;
            }
        }
    } else if (tile > 0 && warp_id() == 0) {
        if (LB != 0 && tid == 0) ts.publish(tile, total, kStatusAggregate);
        unsigned ex = 0;
        if (LB == 1) {
            ex = lookback<C>(ts, tile, 1000000, [&](size_t) { return 0u; });
        } else if (LB == 2 || LB == 5 || LB >= 6) {
            unsigned acc = 0;
            for (long long p = (long long)tile - 1;; p -= 32) {
                const long long q = p - lane_id();
                unsigned v = 0, st = kStatusPrefix;
                if (q >= 0 && LB == 6)
                    st = poll_pipelined<4, 300>(ts, (size_t)q, v);
                else if (q >= 0 && LB == 7)
                    st = poll_pipelined<2, 600>(ts, (size_t)q, v);
                else if (q >= 0 && LB == 8)
                    st = poll_pipelined<4, 150>(ts, (size_t)q, v);
                else if (q >= 0 && LB == 9)
                    st = poll_pipelined<3, 400>(ts, (size_t)q, v);
                else if (q >= 0) {
                    int k = 0;
                    unsigned ns = 32;
                    do {
                        if ((LB == 5 || LB >= 12) && ++k > 16) {
                            __nanosleep(ns);
                            if (ns < 256) ns *= 2;
                        }
                        st = ts.peek((size_t)q, v);
                    } while (st == kStatusInvalid);
                }
                if (LB == 14) {
                    const lanemask_t stuck = sweep_gpu::ballot(q >= 0 && st == kStatusInvalid);
                    if (stuck) {
                        const unsigned long long r = resolve_stuck_exp(ts, p, stuck, v, st);
                        v = (unsigned)r;
                        st = (unsigned)(r >> 32);
                    }
                }
                if (LB == 16) {
                    lanemask_t stuck = sweep_gpu::ballot(q >= 0 && st == kStatusInvalid);
                    while (stuck) {
                        const int l = ffs_mask(stuck) - 1;
                        stuck &= stuck - 1;
                        unsigned pub;
                        const unsigned now = ts.peek((size_t)(p - l), pub);
                        if (lane_id() == l) {
                            v = pub;
                            st = now;
                        }
                    }
                }
                if (LB == 13) {
                    lanemask_t stuck = sweep_gpu::ballot(q >= 0 && st == kStatusInvalid);
                    while (stuck) {
                        const int l = ffs_mask(stuck) - 1;
                        stuck &= stuck - 1;
                        fence_device();
                        unsigned pub;
                        const unsigned now = ts.peek((size_t)(p - l), pub);
                        if (lane_id() == l) {
                            v = pub;
                            st = now;
                        }
                    }
                }
                const lanemask_t pref = sweep_gpu::ballot(q >= 0 && st == kStatusPrefix);
                const int stop = pref ? ffs_mask(pref) - 1 : (p < 31 ? (int)p : 31);
                if (LB == 12) {
                    unsigned w = warp_reduce_reversed<C>(v, stop);
                    w = shfl(w, 0);
                    acc += w;
                } else {
                    unsigned c = (q >= 0 && lane_id() <= stop) ? v : 0;
                    for (int o = 16; o > 0; o >>= 1)
                        c += __shfl_xor_sync(0xffffffffu, c, o);
                    acc += c;
                }
                if (pref || p < 32) break;
            }
            ex = acc;
        } else if (LB == 3) {
            // every predecessor's aggregate (or prefix) at once: lanes stride the tiles
            unsigned acc = 0;
            for (long long q0 = (long long)tile - 1; q0 >= 0; q0 -= 32) {
                const long long q = q0 - lane_id();
                unsigned v = 0;
                unsigned st = kStatusPrefix;
                if (q >= 0) {
                    do
                        st = ts.peek((size_t)q, v);
                    while (st == kStatusInvalid);
                }
                const lanemask_t pref = sweep_gpu::ballot(q >= 0 && st == kStatusPrefix);
                (void)pref;
                acc += (q >= 0) ? v : 0;
                // no early stop: all aggregates of earlier tiles (prefixes not used)
            }
            for (int o = 16; o > 0; o >>= 1)
                acc += __shfl_xor_sync(0xffffffffu, acc, o);
            ex = acc;
        }
        if (tid == 0) {
            if (LB == 1 || LB == 2 || LB >= 5) ts.publish(tile, ex + total, kStatusPrefix);
            s_prefix = ex;
        }
    } else if (tile == 0 && tid == 0) {
        if (LB == 1 || LB == 2 || LB >= 5) ts.publish(0, total, kStatusPrefix);
        if (LB == 3) ts.publish(0, total, kStatusAggregate);
    }
    __syncthreads();
    if (TRACE) tr[3] = gtimer();
    unsigned run = tile > 0 ? s_prefix + (thas ? tprefix : 0) : (thas ? tprefix : 0);
    for (int i = 0; i < ITEMS; ++i) {
        const unsigned v = x[i];
        x[i] = run;
        run += v;
    }
    if (TRACE) tr[4] = gtimer();
    if (STORE == 0) {
        for (int j = 0; j < NV; ++j) {
            uint4 w;
            memcpy(&w, &x[4 * j], 16);
            ((uint4 *)(sbuf + tid * ITEMS))[j] = w;
        }
#if SWEEP_GPU_BULK_COPY
        bulk_fence_shared();
        __syncthreads();
        if (tid == 0) {
            bulk_store_start(out + tile * TILE, sbuf, TILE * 4);
            bulk_wait_stores_read();
        }
#endif
    } else {
        for (int j = 0; j < NV; ++j) {
            uint4 w;
            memcpy(&w, &x[4 * j], 16);
            ((uint4 *)(out + tile * TILE + tid * ITEMS))[j] = w;
        }
    }
    if (TRACE) {
        tr[5] = gtimer();
        if (tid == 0)
            for (int k = 0; k < NSTAGE; ++k)
                trace[tile * NSTAGE + k] = tr[k];
    }
}

namespace sweep_gpu {

template <class C, int FORM, int TILE, class BS, class T, class TS>
__device__ __forceinline__ void
my_tile_prefix(const ScanArgs<T> &a, const TS &ts, size_t tile, const typename C::value &tacc,
               typename BS::Storage &bs, typename C::value &s_prefix, typename C::value &run,
               bool &has) {
    typedef typename C::value V;
    V tprefix, total;
    bool thas;
    BS::exclusive(tacc, tprefix, thas, total, bs);
    if (tile > 0 && warp_id() == 0) {
        if (threadIdx.x == 0) ts.publish(tile, total, kStatusAggregate);
        unsigned acc = 0;
        for (long long p = (long long)tile - 1;; p -= 32) {
            const long long q = p - lane_id();
            unsigned v = 0, st = kStatusPrefix;
            if (q >= 0) {
                do {
                    st = ts.peek((size_t)q, v);
                } while (st == kStatusInvalid);
            }
            const lanemask_t pref = sweep_gpu::ballot(q >= 0 && st == kStatusPrefix);
            const int stop = pref ? ffs_mask(pref) - 1 : 31;
            unsigned c = (q >= 0 && lane_id() <= stop) ? v : 0;
            for (int o = 16; o > 0; o >>= 1)
                c += __shfl_xor_sync(0xffffffffu, c, o);
            acc += c;
            if (pref || p < 32) break;
        }
        if (threadIdx.x == 0) {
            ts.publish(tile, C::combine(acc, total), kStatusPrefix);
            s_prefix = acc;
        }
    } else if (tile == 0 && threadIdx.x == 0) {
        ts.publish(0, total, kStatusPrefix);
    }
    __syncthreads();
    has = thas;
    if (tile > 0) {
        run = thas ? C::combine(s_prefix, tprefix) : s_prefix;
        has = true;
    } else {
        run = tprefix;
    }
}
template <class T, class Op, class Sh, bool MY, bool PRE = false>
__global__ void __launch_bounds__(Sh::threads, Sh::min_blocks)
    lib_traced(ScanArgs<T> a, TileState<T> ts, unsigned long long *trace) {
    unsigned long long tr[NSTAGE];
    tr[0] = gtimer();
    if (PRE) {
        asm volatile("" ::"l"(ts.word), "l"(ts.tag), "r"(a.stall_mod), "r"(a.spin_limit));
    }
    typedef Plain<T, Op> C;
    constexpr int THREADS = Sh::threads, ITEMS = Sh::items, TILE = Sh::tile;
    constexpr int VEC = Sh::vec, NV = ITEMS / VEC;
    typedef BlockScan<C, THREADS> BS;

    alignas(128) __shared__ T sbuf[TILE];
    __shared__ typename BS::Storage bs;
    __shared__ T s_prefix;
#if SWEEP_GPU_BULK_COPY
    __shared__ unsigned long long s_bar;
#endif

    const int tid = threadIdx.x;
    const size_t tile = blockIdx.x;
    const size_t tile_start = tile * (size_t)TILE;
    const int len = a.n - tile_start < (size_t)TILE ? (int)(a.n - tile_start) : TILE;
    const bool full = len == TILE;
    const bool vec_in = full && aligned16(a.in);

#if SWEEP_GPU_BULK_COPY
    /* The input of a tile about a memory latency's worth of the grid's progress
     * ahead: its block's load then finds it in L2 (or on its way). The engine's
     * loads are bounded by the shared memory of blocks, of which those waiting on
     * their look-back hold theirs; these requests are not. */
    if (tid == 0) prefetch_tile_ahead<Sh::prefetch, TILE>(a.in, sizeof(T), tile, a.n);
    if (vec_in) {
        if (tid == 0) {
            bulk_barrier_init(&s_bar);
            bulk_load(sbuf, a.in + tile_start, (unsigned)(TILE * sizeof(T)), &s_bar);
        }
        __syncthreads(); /* the barrier's initialisation */
        bulk_wait(&s_bar);
    } else
#endif
    {
        if (vec_in) {
            uint4 w[NV];
#pragma unroll
            for (int j = 0; j < NV; ++j)
                w[j] = ((const uint4 *)(a.in + tile_start))[j * THREADS + tid];
#pragma unroll
            for (int j = 0; j < NV; ++j)
                ((uint4 *)sbuf)[j * THREADS + tid] = w[j];
        } else {
#pragma unroll
            for (int j = 0; j < ITEMS; ++j) {
                const int i = j * THREADS + tid;
                if (i < len) sbuf[i] = a.in[tile_start + i];
            }
        }
        __syncthreads();
    }

    /* The thread's items: ITEMS consecutive elements, identity past the end. */
    const int first = tid * ITEMS;
    auto read_items = [&](T(&x)[ITEMS]) {
        uint4 w[NV];
#pragma unroll
        for (int j = 0; j < NV; ++j)
            w[j] = ((const uint4 *)(sbuf + first))[j];
#pragma unroll
        for (int j = 0; j < NV; ++j)
            memcpy(&x[j * VEC], &w[j], 16);
        if (!full) {
#pragma unroll
            for (int i = 0; i < ITEMS; ++i)
                if (first + i >= len) x[i] = a.identity;
        }
    };

    tr[1] = gtimer();
    T tacc;
    {
        T x[ITEMS];
        read_items(x);
        tacc = x[0];
#pragma unroll
        for (int i = 1; i < ITEMS; ++i)
            tacc = C::combine(tacc, x[i]);
    }
    tr[2] = gtimer();
    T run;
    bool has;
    if (MY)
        my_tile_prefix<C, kSegNone, TILE, BS>(a, ts, tile, tacc, bs, s_prefix, run, has);
    else
        tile_prefix<C, kSegNone, TILE, BS>(a, ts, tile, tacc, bs, s_prefix, run, has);
    tr[3] = gtimer();
    {
        T x[ITEMS];
        read_items(x);
#pragma unroll
        for (int i = 0; i < ITEMS; ++i) {
            const T inc = has ? C::combine(run, x[i]) : x[i];
            const T o = a.exclusive ? (has ? run : a.identity) : inc;
            run = inc;
            has = true;
            x[i] = o;
        }
        uint4 w[NV];
#pragma unroll
        for (int j = 0; j < NV; ++j)
            memcpy(&w[j], &x[j * VEC], 16);
#pragma unroll
        for (int j = 0; j < NV; ++j)
            ((uint4 *)(sbuf + first))[j] = w[j];
    }

    tr[4] = gtimer();
    const bool vec_out = full && aligned16(a.out);
#if SWEEP_GPU_BULK_COPY
    if (vec_out && (const void *)a.in != (const void *)a.out) {
        bulk_fence_shared();
        __syncthreads();
        if (tid == 0) {
            bulk_store_start(a.out + tile_start, sbuf, (unsigned)(TILE * sizeof(T)));
            /* the block's shared memory must outlive the engine's read of it; the
             * writes themselves complete with the grid */
            bulk_wait_stores_read();
        }
        tr[5] = gtimer();
        if (tid == 0)
            for (int s = 0; s < NSTAGE; ++s)
                trace[tile * NSTAGE + s] = tr[s];
        return;
    }
#endif
    __syncthreads();
    if (vec_out) {
#pragma unroll
        for (int j = 0; j < NV; ++j)
            ((uint4 *)(a.out + tile_start))[j * THREADS + tid] =
                ((const uint4 *)sbuf)[j * THREADS + tid];
    } else {
#pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            const int i = j * THREADS + tid;
            if (i < len) a.out[tile_start + i] = sbuf[i];
        }
    }
}

} // namespace sweep_gpu

// Warp tiles: each warp scans 32*ITEMS elements, publishes its aggregate, then sums
// every earlier warp tile's aggregate (lane l reads tiles [l*PER, l*PER+PER)).
template <int WPB, int ITEMS, int PER>
__global__ void __launch_bounds__(WPB * 32)
    warp_tiles(const unsigned *in, unsigned *out, size_t n, TileState<unsigned> ts,
               unsigned long long *trace) {
    const int lane = threadIdx.x & 31;
    const size_t g = (size_t)blockIdx.x * WPB + threadIdx.x / 32;
    constexpr int WT = 32 * ITEMS;
    unsigned long long t0 = 0, t1 = 0, t2 = 0;
    if (trace) t0 = gtimer();
    const size_t base = g * WT + (size_t)lane * ITEMS;
    unsigned x[ITEMS];
#pragma unroll
    for (int j = 0; j < ITEMS / 4; ++j) {
        uint4 w = ((const uint4 *)(in + base))[j];
        memcpy(&x[4 * j], &w, 16);
    }
    unsigned s = 0;
#pragma unroll
    for (int i = 0; i < ITEMS; ++i)
        s += x[i];
    unsigned inc = s;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        const unsigned y = __shfl_up_sync(0xffffffffu, inc, o);
        if (lane >= o) inc += y;
    }
    const unsigned total = __shfl_sync(0xffffffffu, inc, 31);
    if (lane == 31) ts.publish(g, total, kStatusAggregate);
    if (trace) t1 = gtimer();
    TileWord w[PER];
#pragma unroll
    for (int j = 0; j < PER; ++j) {
        const size_t q = (size_t)lane * PER + j;
        if (q < g) w[j] = load_tile_word(&ts.word[q]);
    }
    unsigned acc = 0;
#pragma unroll
    for (int j = 0; j < PER; ++j) {
        const size_t q = (size_t)lane * PER + j;
        if (q < g) {
            while (tagged_status(w[j].status, ts.tag) == kStatusInvalid)
                w[j] = load_tile_word(&ts.word[q]);
            acc += (unsigned)w[j].value;
        }
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1)
        acc += __shfl_xor_sync(0xffffffffu, acc, o);
    if (trace) t2 = gtimer();
    unsigned run = acc + inc - s;
#pragma unroll
    for (int i = 0; i < ITEMS; ++i) {
        const unsigned v = x[i];
        x[i] = run;
        run += v;
    }
#pragma unroll
    for (int j = 0; j < ITEMS / 4; ++j) {
        uint4 v;
        memcpy(&v, &x[4 * j], 16);
        ((uint4 *)(out + base))[j] = v;
    }
    if (trace && lane == 0) {
        trace[g * NSTAGE + 0] = t0;
        trace[g * NSTAGE + 1] = t1;
        trace[g * NSTAGE + 2] = t1;
        trace[g * NSTAGE + 3] = t2;
        trace[g * NSTAGE + 4] = t2;
        trace[g * NSTAGE + 5] = gtimer();
    }
}

__global__ void empty_blocks(unsigned long long *trace) {
    if (trace && threadIdx.x == 0) trace[blockIdx.x * NSTAGE] = gtimer();
}
__global__ void copy_blocks(const uint4 *in, uint4 *out, int per) {
    const size_t b = (size_t)blockIdx.x * blockDim.x * per;
    for (int j = 0; j < per; ++j)
        out[b + j * blockDim.x + threadIdx.x] = in[b + j * blockDim.x + threadIdx.x];
}
__global__ void hold_gpu(const volatile int *flag) {
    const long long t0 = clock64();
    while (*flag == 0 && clock64() - t0 < 1000000000ll) {
    }
}

static int *flag_h, *flag_d;
static void *flush;
template <class F> static double timeit(F &&f, int mode, int reps = 201) {
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    f();
    f();
    CK(cudaDeviceSynchronize());
    std::vector<float> t;
    for (int r = 0; r < reps; ++r) {
        if (mode == 1) {
            CK(cudaMemsetAsync(flush, r & 0xff, (size_t)128 << 20));
            __atomic_store_n(flag_h, 0, __ATOMIC_SEQ_CST);
            hold_gpu<<<1, 1>>>(flag_d);
        }
        CK(cudaEventRecord(a));
        if (mode == 2)
            for (int i = 0; i < 100; ++i)
                f();
        else
            f();
        CK(cudaEventRecord(b));
        if (mode == 1) __atomic_store_n(flag_h, 1, __ATOMIC_SEQ_CST);
        CK(cudaEventSynchronize(b));
        float ms;
        CK(cudaEventElapsedTime(&ms, a, b));
        t.push_back(ms * 1000.0f / (mode == 2 ? 100 : 1));
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

static unsigned long long tagc = 1000;
static unsigned long long *trace_d;
static std::vector<unsigned long long> trace_h;

static void print_trace(const char *name, int ntiles) {
    CK(cudaMemcpy(trace_h.data(), trace_d, ntiles * NSTAGE * 8, cudaMemcpyDeviceToHost));
    unsigned long long t0 = ~0ull;
    for (int b = 0; b < ntiles; ++b)
        t0 = std::min(t0, trace_h[b * NSTAGE]);
    printf("    trace %-28s (ns from first start) stage: median / max over blocks\n", name);
    const char *sn[NSTAGE] = {"start",     "loaded+reduced", "block scan",
                              "look-back", "scanned",        "end"};
    for (int k = 0; k < NSTAGE; ++k) {
        std::vector<long long> v;
        for (int b = 0; b < ntiles; ++b)
            v.push_back((long long)(trace_h[b * NSTAGE + k] - t0));
        std::sort(v.begin(), v.end());
        printf("      %-16s %6lld / %6lld\n", sn[k], v[v.size() / 2], v.back());
    }
}

#include <functional>
#include <string>
struct Var {
    std::string name;
    std::function<void(bool)> launch;
    int ntiles;
    bool ok;
    std::vector<double> idle, held;
};
static std::vector<Var> vars;
static size_t g_n;

template <int THREADS, int ITEMS, int LOAD, int STORE, int LB>
static void add(const char *name, const unsigned *in, unsigned *out, size_t n, void *state,
                const std::vector<unsigned> &ref) {
    constexpr int TILE = THREADS * ITEMS;
    const int ntiles = (int)((n + TILE - 1) / TILE);
    if (LB == 4 && ntiles > 33) return;
    Var v;
    v.name = std::string(name) + " n=2^" + std::to_string(__builtin_ctzll(n));
    v.ntiles = ntiles;
    v.launch = [=](bool trace) {
        TileState<unsigned> ts = TileState<unsigned>::carve(state, ntiles, (tagc++) << 2);
        if (trace)
            exp_scan<THREADS, ITEMS, LOAD, STORE, LB, true>
                <<<ntiles, THREADS>>>(in, out, n, ts, trace_d);
        else
            exp_scan<THREADS, ITEMS, LOAD, STORE, LB, false>
                <<<ntiles, THREADS>>>(in, out, n, ts, nullptr);
    };
    CK(cudaMemset(out, 0xab, n * 4));
    v.launch(false);
    CK(cudaDeviceSynchronize());
    std::vector<unsigned> got(n);
    CK(cudaMemcpy(got.data(), out, n * 4, cudaMemcpyDeviceToHost));
    v.ok = std::equal(got.begin(), got.end(), ref.begin());
    vars.push_back(v);
}

template <int WPB, int ITEMS, int PER>
static void add_warp(const char *name, const unsigned *in, unsigned *out, size_t n, void *state,
                     const std::vector<unsigned> &ref) {
    constexpr int WT = 32 * ITEMS;
    const int nw = (int)(n / WT);
    if (nw > 32 * PER || n % (WT * WPB)) return;
    Var v;
    v.name = std::string(name) + " n=2^" + std::to_string(__builtin_ctzll(n));
    v.ntiles = nw;
    v.launch = [=](bool trace) {
        TileState<unsigned> ts = TileState<unsigned>::carve(state, nw, (tagc++) << 2);
        warp_tiles<WPB, ITEMS, PER>
            <<<nw / WPB, WPB * 32>>>(in, out, n, ts, trace ? trace_d : nullptr);
    };
    CK(cudaMemset(out, 0xab, n * 4));
    v.launch(false);
    CK(cudaDeviceSynchronize());
    std::vector<unsigned> got(n);
    CK(cudaMemcpy(got.data(), out, n * 4, cudaMemcpyDeviceToHost));
    v.ok = std::equal(got.begin(), got.end(), ref.begin());
    vars.push_back(v);
}

static double med(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

int main(int argc, char **argv) {
    const int lg = argc > 1 ? atoi(argv[1]) : 16;
    const int rounds = argc > 2 ? atoi(argv[2]) : 5;
    const size_t n = (size_t)1 << lg;
    g_n = n;
    CK(cudaHostAlloc((void **)&flag_h, sizeof(int), cudaHostAllocMapped));
    CK(cudaHostGetDevicePointer((void **)&flag_d, flag_h, 0));
    CK(cudaMalloc(&flush, (size_t)128 << 20));
    CK(cudaMalloc(&trace_d, 4096 * NSTAGE * 8));
    trace_h.resize(4096 * NSTAGE);
    std::vector<unsigned> h(n), ref(n);
    srand(7);
    for (auto &v : h)
        v = (unsigned)rand();
    unsigned s = 0;
    for (size_t i = 0; i < n; ++i) {
        ref[i] = s;
        s += h[i];
    }
    unsigned *in, *out, *cout;
    void *state;
    CK(cudaMalloc(&in, n * 4));
    CK(cudaMalloc(&out, n * 4));
    CK(cudaMalloc(&cout, n * 4));
    CK(cudaMalloc(&state, 1 << 20));
    CK(cudaMemcpy(in, h.data(), n * 4, cudaMemcpyHostToDevice));
    size_t need = 0;
    CK(cub::DeviceScan::ExclusiveSum(nullptr, need, in, cout, n));
    void *tmp;
    CK(cudaMalloc(&tmp, need));
    {
        Var c;
        c.name = "cub n=2^" + std::to_string(lg);
        c.ntiles = 0;
        c.ok = true;
        c.launch = [=](bool) mutable { cub::DeviceScan::ExclusiveSum(tmp, need, in, cout, n); };
        vars.push_back(c);
        Var e;
        e.name = "empty 32x256";
        e.ntiles = 0;
        e.ok = true;
        e.launch = [=](bool) { empty_blocks<<<32, 256>>>(nullptr); };
        vars.push_back(e);
    }
    add<256, 8, 0, 0, 5>("256x8 bulk/bulk spin16 (new)", in, out, n, state, ref);
    add<256, 8, 0, 0, 1>("256x8 bulk/bulk library look-back", in, out, n, state, ref);
    add<256, 8, 0, 0, 12>("256x8 spin16 + ordered reduce", in, out, n, state, ref);
    add<256, 8, 0, 0, 13>("256x8 spin16 + stuck ballot", in, out, n, state, ref);
    add<256, 8, 0, 0, 14>("256x8 spin16 + stuck noinline", in, out, n, state, ref);
    add<256, 8, 0, 0, 16>("256x8 spin16 + stuck, no fence", in, out, n, state, ref);
    add<256, 8, 0, 0, 5>("256x8 bulk/bulk spin16 (again)", in, out, n, state, ref);
    add<256, 8, 0, 0, 13>("256x8 spin16 + stuck ballot (again)", in, out, n, state, ref);
    add<256, 8, 0, 0, 1>("256x8 bulk/bulk library look-back (again)", in, out, n, state, ref);
    {
        typedef BulkScanSmall<unsigned> Sh;
        Var v;
        v.name = "library kernel, direct launch";
        v.ntiles = (int)((n + Sh::tile - 1) / Sh::tile);
        const int nt = v.ntiles;
        v.launch = [=](bool) {
            ScanArgs<unsigned> a;
            memset(&a, 0, sizeof a);
            a.in = in;
            a.out = out;
            a.n = n;
            a.exclusive = 1;
            a.spin_limit = 4000;
            TileState<unsigned> ts = TileState<unsigned>::carve(state, nt, (tagc++) << 2);
            scan_bulk_kernel<unsigned, OpSum, Sh><<<nt, Sh::threads>>>(a, ts);
        };
        CK(cudaMemset(out, 0xab, n * 4));
        v.launch(false);
        CK(cudaDeviceSynchronize());
        std::vector<unsigned> got(n);
        CK(cudaMemcpy(got.data(), out, n * 4, cudaMemcpyDeviceToHost));
        v.ok = got == ref;
        vars.push_back(v);
    }
    {
        typedef BulkScanSmall<unsigned> Sh;
        Var v;
        v.name = "library kernel traced copy";
        v.ntiles = (int)((n + Sh::tile - 1) / Sh::tile);
        const int nt = v.ntiles;
        v.launch = [=](bool) {
            ScanArgs<unsigned> a;
            memset(&a, 0, sizeof a);
            a.in = in;
            a.out = out;
            a.n = n;
            a.exclusive = 1;
            a.spin_limit = 4000;
            TileState<unsigned> ts = TileState<unsigned>::carve(state, nt, (tagc++) << 2);
            lib_traced<unsigned, OpSum, Sh, false><<<nt, Sh::threads>>>(a, ts, trace_d);
        };
        v.ok = true;
        vars.push_back(v);
        v.name = "library copy, params touched first";
        v.launch = [=](bool) {
            ScanArgs<unsigned> a;
            memset(&a, 0, sizeof a);
            a.in = in;
            a.out = out;
            a.n = n;
            a.exclusive = 1;
            a.spin_limit = 4000;
            TileState<unsigned> ts = TileState<unsigned>::carve(state, nt, (tagc++) << 2);
            lib_traced<unsigned, OpSum, Sh, false, true><<<nt, Sh::threads>>>(a, ts, trace_d);
        };
        vars.push_back(v);
        v.name = "library copy, my loop, params first";
        v.launch = [=](bool) {
            ScanArgs<unsigned> a;
            memset(&a, 0, sizeof a);
            a.in = in;
            a.out = out;
            a.n = n;
            a.exclusive = 1;
            a.spin_limit = 4000;
            TileState<unsigned> ts = TileState<unsigned>::carve(state, nt, (tagc++) << 2);
            lib_traced<unsigned, OpSum, Sh, true, true><<<nt, Sh::threads>>>(a, ts, trace_d);
        };
        vars.push_back(v);
        v.name = "library copy, my look-back loop";
        v.launch = [=](bool) {
            ScanArgs<unsigned> a;
            memset(&a, 0, sizeof a);
            a.in = in;
            a.out = out;
            a.n = n;
            a.exclusive = 1;
            a.spin_limit = 4000;
            TileState<unsigned> ts = TileState<unsigned>::carve(state, nt, (tagc++) << 2);
            lib_traced<unsigned, OpSum, Sh, true><<<nt, Sh::threads>>>(a, ts, trace_d);
        };
        vars.push_back(v);
    }
    {
        sweep_context *ctx;
        sweep_context_desc desc = {SWEEP_BACKEND_CUDA, 0, 0, 0};
        if (sweep_context_create(&ctx, &desc) != SWEEP_OK) {
            printf("no sweep context: %s\n", sweep_last_error());
            return 1;
        }
        Var v;
        v.name = "sweep_scan (plugin)";
        v.ntiles = 1;
        v.launch = [=](bool) {
            sweep_op op = sweep_op_builtin(SWEEP_OP_SUM, SWEEP_U32);
            sweep_scan(ctx, op, in, out, n, SWEEP_EXCLUSIVE);
        };
        CK(cudaMemset(out, 0xab, n * 4));
        v.launch(false);
        CK(cudaDeviceSynchronize());
        std::vector<unsigned> got(n);
        CK(cudaMemcpy(got.data(), out, n * 4, cudaMemcpyDeviceToHost));
        v.ok = got == ref;
        vars.push_back(v);
    }
    for (int i = 0; i < 3000; ++i) /* clocks up */
        vars[0].launch(false);
    CK(cudaDeviceSynchronize());
    for (int r = 0; r < rounds; ++r)
        for (auto &v : vars) {
            v.idle.push_back(timeit([&] { v.launch(false); }, 0, 41));
            v.held.push_back(timeit([&] { v.launch(false); }, 1, 21));
        }
    const double ci = med(vars[0].idle), chd = med(vars[0].held);
    for (auto &v : vars)
        printf("%-40s %3d tiles  idle %6.2f us (%.2f) held %6.2f us (%.2f)  %s\n", v.name.c_str(),
               v.ntiles, med(v.idle), med(v.idle) / ci, med(v.held), med(v.held) / chd,
               v.ok ? "ok" : "WRONG");
    for (auto &v : vars)
        if (v.ntiles > 1 && (v.name.find("(new)") != std::string::npos ||
                             v.name.find("traced copy") != std::string::npos ||
                             v.name.find("my look-back") != std::string::npos ||
                             v.name.find("params touched") != std::string::npos ||
                             v.name.find("warp tiles 512, 1 warp") != std::string::npos ||
                             v.name.find("warp tiles 512, 4 warps") != std::string::npos ||
                             v.name.find("256x8 bulk/bulk pipe4x300") != std::string::npos ||
                             v.name.find("256x8 bulk/bulk stagger") != std::string::npos)) {
            for (int r = 0; r < 5; ++r)
                v.launch(true);
            for (int r = 0; r < 2; ++r) {
                CK(cudaDeviceSynchronize());
                v.launch(true);
            }
            CK(cudaDeviceSynchronize());
            print_trace(v.name.c_str(), v.ntiles);
        }
    return 0;
}
