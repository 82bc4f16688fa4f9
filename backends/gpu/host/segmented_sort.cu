/*
 * segmented_sort.cu -- the fused segmented sort, in radix order (and the built-in
 * comparator orders, which are the radix order of all the keys' bits), with the
 * method chosen per segment on the device, as CUB's segmented sort does, and no loop
 * over segments on the host:
 *  1. segsort_classify.cuh: every non-empty segment to the list of its size class;
 *  2. segsort_small.cuh: small segments (up to SegSmall::cap keys, then up to
 *     SegSmallWide::cap), a group of threads each, keys placed by counting;
 *  3. segsort_block.cuh: medium segments (up to the block sort's tile), a block each;
 *  4. segsort_large.cuh: large segments, a block each sorting in LSD passes through
 *     a buffer. Segments of at least kSegWholeMin keys are also listed apart; where
 *     there can be such, the host reads their count (the call's one wait), and when
 *     there are at most kSegFewLarge it reads them and sorts them one after another
 *     with the whole-array radix sort (radix.cu) instead, so that a few huge segments
 *     take the whole GPU.
 * Large segments that fit a block's shared memory take segsort_shared.cuh rather than
 * the block LSD sort through global memory; calls of few segments are classified by
 * one block, without the counts' memset, and short calls sort their small and medium
 * segments in one launch (segsort_classes.cuh). Both are selectable at context open
 * (gpu_backend.h: segsort_shared_max, segsort_lean), so old and new routes can be
 * timed in one run. (A sort of short calls by one launch of one block, by (segment,
 * key), was measured slower than these routes on an H200 and removed:
 * docs/perf/map.md.)
 * Keys of 1, 2, 4 or 8 bytes; values of 0, 1, 2, 4, 8 or 16 bytes at their natural
 * alignment (the radix sort's); fewer than 2^32 segments. Other calls, and custom
 * comparators, answer SWEEP_ERR_UNSUPPORTED from the size query and the core composes.
 */
#include "gpu/device/segsort_block.cuh"
#include "gpu/device/segsort_classes.cuh"
#include "gpu/device/segsort_classify.cuh"
#include "gpu/device/segsort_large.cuh"
#include "gpu/device/segsort_shared.cuh"
#include "gpu/device/segsort_small.cuh"
#include "gpu/host/gpu_backend.h"
#include "gpu/host/key_width.cuh"
#include "gpu/host/launch.cuh"
#include "gpu/util/ops.cuh"

#include <limits.h>
#include <string.h>

using namespace sweep_gpu;

static_assert((size_t)kSortThreads * sort_items(1) < kSegWholeMin &&
                  (size_t)kSortThreads * sort_items(8) < kSegWholeMin,
              "segments the whole-array sort takes are beyond the block sort's tile");
static_assert(SegSmall::cap < SegSmallWide::cap && SegSmallWide::cap < kSortThreads * sort_items(8),
              "the size classes grow: small, wide small, the block sort's tile");

namespace {

/* Calls of up to this many keys sort their small, wide small and medium segments in one
 * launch (segsort_classes.cuh) where segsort_lean is on. Not yet timed: the sizes where
 * the call's fixed steps weigh most, and the fused kernel's fewer blocks an SM least. */
constexpr size_t kSegClassesFusedMax = (size_t)1 << 16;

/* The large and huge counts' read-back (pinned, so that the copy queues behind the
 * classification like a kernel and the host waits on an event for it while the small
 * and medium segments' kernels run): made on the first call that reads them; where
 * either cannot be had, the call waits for the stream instead. */
bool readback_ready(sweep_gpu_handle *h) {
    if (h->segsort_readback) return true;
    if (h->segsort_readback_failed) return false;
    void *p = NULL;
    if (sweep_gpu_host_alloc(&p, 2 * sizeof(unsigned)) != 0) {
        sweep_gpu_clear_error();
        h->segsort_readback_failed = 1;
        return false;
    }
    sweep_gpu_event e;
    if (sweep_gpu_event_create(&e) != 0) {
        sweep_gpu_clear_error();
        (void)sweep_gpu_host_free(p);
        h->segsort_readback_failed = 1;
        return false;
    }
    h->segsort_readback = p;
    h->segsort_event = e;
    return true;
}

/* The call, its order as a radix key. */
struct SegCall {
    sweep_gpu_handle *h;
    sweep_kradix key;
    const void *kin, *vin;
    void *kout, *vout;
    size_t vsize, n, nseg;
    const size_t *offsets;
};

/* The most segments of each class n keys in nseg segments can hold, and the scratch
 * they take: counts, the five lists (segsort_classify.cuh), and one region that serves as the large
 * segments' buffer (keys and values) and as the whole-array sort's scratch (never at
 * the same time: the stream runs them one after the other). */
struct SegLayout {
    size_t small_max, wide_max, medium_max, large_max, huge_max;
    size_t b_counts, b_small, b_wide, b_medium, b_large, b_huge, b_region, b_buffer_keys;
    size_t total;
};

size_t at_most(size_t a, size_t b) {
    return a < b ? a : b;
}

sweep_status layout_of(const SegCall &c, SegLayout *l) {
    const size_t ks = c.key.key_size, tile = sweep_gpu_one_block_sort_max(ks);
    l->small_max = at_most(c.nseg, c.n);
    l->wide_max = at_most(c.nseg, c.n / (SegSmall::cap + 1));
    l->medium_max = at_most(c.nseg, c.n / (SegSmallWide::cap + 1));
    l->large_max = at_most(c.nseg, c.n / (tile + 1));
    l->huge_max = at_most(l->large_max, c.n / kSegWholeMin);
    l->b_counts = 256;
    l->b_small = round256(l->small_max * sizeof(unsigned));
    l->b_wide = round256(l->wide_max * sizeof(unsigned));
    l->b_medium = round256(l->medium_max * sizeof(unsigned));
    l->b_large = round256(l->large_max * 2 * sizeof(unsigned long long));
    l->b_huge = round256(l->huge_max * 2 * sizeof(unsigned long long));
    l->b_region = 0;
    l->b_buffer_keys = 0;
    if (l->large_max) {
        l->b_buffer_keys = round256(c.n * ks);
        const size_t buffer = l->b_buffer_keys + round256(c.n * c.vsize);
        size_t whole = 0;
        sweep_status st = sweep_gpu_radix_sort(c.h, &c.key, c.kin, c.kout, c.vin, c.vout, c.vsize,
                                               c.n, NULL, &whole);
        if (st != SWEEP_OK) return st;
        l->b_region = buffer > whole ? buffer : round256(whole);
    }
    l->total =
        l->b_counts + l->b_small + l->b_wide + l->b_medium + l->b_large + l->b_huge + l->b_region;
    return SWEEP_OK;
}

template <class F> sweep_status by_value_size(size_t vsize, F &&f) {
    switch (vsize) {
    case 0: return f(NoValue());
    case 1: return f((uint8_t)0);
    case 2: return f((uint16_t)0);
    case 4: return f((uint32_t)0);
    case 8: return f((unsigned long long)0);
    case 16: return f(Value16());
    default: return SWEEP_ERR_UNSUPPORTED;
    }
}

/* Blocks for a list of at most `most` entries taken `per_block` at a time. */
unsigned list_grid(const sweep_gpu_handle *h, size_t most, size_t per_block, unsigned threads) {
    const size_t want = (most + per_block - 1) / per_block;
    const size_t fill = sweep_gpu_grid(h, want * threads, threads);
    return (unsigned)(want < fill ? (want ? want : 1) : fill);
}

/* The small segments of one shape, `most` of them at most (their count is read on the
 * device). */
template <class U, class Vt, class Sh>
sweep_status launch_small(const SegCall &c, const RadixOrderCmp<U> &order, const unsigned *list,
                          const unsigned *count, size_t most, const char *what) {
    constexpr int groups = Sh::threads / Sh::group;
    SWEEP_GPU_LAUNCH(c.h, what, segsort_small_kernel<U, Vt, Sh>,
                     list_grid(c.h, most, groups, Sh::threads), Sh::threads, 0, order,
                     (const U *)c.kin, (U *)c.kout, (const Vt *)c.vin, (Vt *)c.vout, list, count,
                     c.offsets);
    return SWEEP_OK;
}

/* The shared-memory route of the large segments (segsort_shared.cuh): the longest
 * segment it takes (0: none; the block LSD sort takes them all), the buffers' length
 * and their bytes. */
struct SegShared {
    size_t max, room, smem;
};

template <class U, class Vt> sweep_status shared_route(const SegCall &c, SegShared *s) {
    constexpr bool VALUES = !std::is_same<Vt, NoValue>::value;
    sweep_gpu_handle *h = c.h;
    s->max = s->room = s->smem = 0;
    if (h->segsort_shared_max == 0) return SWEEP_OK;
    const void *kernel = (const void *)segsort_shared_kernel<U, Vt>;
    size_t stat = 0;
    SWEEP_GPU_TRY(h, sweep_gpu_kernel_static_smem(kernel, &stat));
    const size_t per = segsort_shared_bytes<U, Vt>(1, VALUES);
    if (h->smem_per_block <= stat + 16 * per) return SWEEP_OK;
    const size_t cap = ((h->smem_per_block - stat) / per) & ~(size_t)15;
    const size_t most = at_most(cap, h->segsort_shared_max);
    /* segments up to the block sort's tile are medium ones */
    if (most <= sweep_gpu_one_block_sort_max(sizeof(U))) return SWEEP_OK;
    s->max = most;
    s->room = (at_most(most, c.n) + 15) & ~(size_t)15;
    s->smem = segsort_shared_bytes<U, Vt>(s->room, VALUES);
    SWEEP_GPU_TRY(h, sweep_gpu_kernel_max_dynamic_smem(kernel, (int)s->smem));
    return SWEEP_OK;
}

/* The large segments shorter than skip_from, `most` of them at most (their count is
 * read on the device): those of at most sh.max keys by the shared-memory sort, the
 * others by the block LSD sort. */
template <class U, class Vt>
sweep_status launch_large(const SegCall &c, const SegLayout &l, const SegLists &lists,
                          unsigned char *region, unsigned long long skip_from, size_t most) {
    SegShared sh;
    sweep_status st = shared_route<U, Vt>(c, &sh);
    if (st != SWEEP_OK) return st;
    SegLargeArgs a;
    memset(&a, 0, sizeof a);
    a.keys_in = c.kin;
    a.keys_out = c.kout;
    a.values_in = c.vin;
    a.values_out = c.vout;
    a.keys_tmp = region;
    a.values_tmp = c.vsize ? region + l.b_buffer_keys : NULL;
    a.large = lists.large;
    a.count = lists.counts + 3;
    a.skip_from = skip_from;
    a.kind = key_kind_of(c.key.dtype);
    a.descending = c.key.descending;
    a.begin_bit = c.key.begin_bit;
    a.end_bit = c.key.end_bit;
    a.shared_max = sh.max;
    if (sh.max)
        SWEEP_GPU_LAUNCH(c.h, "segmented_sort (large segments, shared memory)",
                         segsort_shared_kernel<U, Vt>, list_grid(c.h, most, 1, SegLarge::threads),
                         SegLarge::threads, sh.smem, a, (unsigned)sh.room);
    /* no segment is longer than the call */
    if (c.n <= sh.max) return SWEEP_OK;
    /* the counts of every pass up front where the shared-memory route is on; without
     * it, the block LSD sort as it was (both timed in one run) */
    if (c.h->segsort_shared_max)
        SWEEP_GPU_LAUNCH(c.h, "segmented_sort (large segments)", segsort_large_kernel<U, Vt, true>,
                         list_grid(c.h, most, 1, SegLarge::threads), SegLarge::threads, 0, a);
    else
        SWEEP_GPU_LAUNCH(c.h, "segmented_sort (large segments)", segsort_large_kernel<U, Vt, false>,
                         list_grid(c.h, most, 1, SegLarge::threads), SegLarge::threads, 0, a);
    return SWEEP_OK;
}

/* The large segments after the small and medium ones are queued, where some can be
 * huge: the counts of both lists; at most kSegFewLarge huge ones (each one's scratch
 * within the region) are read and sorted one after another by the whole-array sort,
 * the block LSD sort taking the others; otherwise it takes all. */
template <class U, class Vt>
sweep_status sort_large(const SegCall &c, const SegLayout &l, const SegLists &lists,
                        unsigned char *region, bool queued) {
    sweep_gpu_handle *h = c.h;
    unsigned counts[2] = {0, 0}; /* large, huge */
    if (queued) {
        /* copied behind the classification: the kernels queued since run meanwhile */
        SWEEP_GPU_TRY(h, sweep_gpu_event_synchronize(h->segsort_event));
        memcpy(counts, h->segsort_readback, sizeof counts);
    } else {
        SWEEP_GPU_TRY(h, sweep_gpu_memcpy_async(counts, lists.counts + 3, sizeof counts,
                                                SWEEP_COPY_DEVICE_TO_HOST, h->stream));
        SWEEP_GPU_TRY(h, sweep_gpu_stream_synchronize(h->stream));
    }
    const unsigned count = counts[0], huge = counts[1];
    if (count == 0) return SWEEP_OK;
    unsigned long long seg[2 * kSegFewLarge];
    bool whole = huge > 0 && huge <= kSegFewLarge;
    if (whole) {
        SWEEP_GPU_TRY(h, sweep_gpu_memcpy_async(seg, lists.huge, 2 * huge * sizeof seg[0],
                                                SWEEP_COPY_DEVICE_TO_HOST, h->stream));
        SWEEP_GPU_TRY(h, sweep_gpu_stream_synchronize(h->stream));
        for (unsigned k = 0; k < huge && whole; ++k) {
            size_t need = 0;
            sweep_status st = sweep_gpu_radix_sort(h, &c.key, c.kin, c.kout, c.vin, c.vout, c.vsize,
                                                   (size_t)seg[2 * k + 1], NULL, &need);
            if (st != SWEEP_OK) return st;
            whole = need <= l.b_region;
        }
    }
    if (!whole || huge < count) {
        sweep_status st =
            launch_large<U, Vt>(c, l, lists, region, whole ? kSegWholeMin : ULLONG_MAX, count);
        if (st != SWEEP_OK) return st;
    }
    if (!whole) return SWEEP_OK;
    const size_t ks = c.key.key_size;
    for (unsigned k = 0; k < huge; ++k) {
        const size_t start = (size_t)seg[2 * k], len = (size_t)seg[2 * k + 1];
        size_t bytes = l.b_region;
        sweep_status st =
            sweep_gpu_radix_sort(h, &c.key, (const unsigned char *)c.kin + start * ks,
                                 (unsigned char *)c.kout + start * ks,
                                 c.vsize ? (const unsigned char *)c.vin + start * c.vsize : NULL,
                                 c.vsize ? (unsigned char *)c.vout + start * c.vsize : NULL,
                                 c.vsize, len, region, &bytes);
        if (st != SWEEP_OK) return st;
    }
    return SWEEP_OK;
}

/* The small, wide small and medium segments, a launch each class that can have some. */
template <class U, class Vt>
sweep_status launch_classes(const SegCall &c, const SegLayout &l, const SegLists &lists,
                            const RadixOrderCmp<U> &order) {
    constexpr bool VALUES = !std::is_same<Vt, NoValue>::value;
    sweep_gpu_handle *h = c.h;
    if (l.small_max) {
        sweep_status st = launch_small<U, Vt, SegSmall>(c, order, lists.small, lists.counts,
                                                        l.small_max, "segmented_sort (small)");
        if (st != SWEEP_OK) return st;
    }
    if (l.wide_max) {
        sweep_status st = launch_small<U, Vt, SegSmallWide>(
            c, order, lists.wide, lists.counts + 1, l.wide_max, "segmented_sort (small, wide)");
        if (st != SWEEP_OK) return st;
    }
    if (l.medium_max) {
        const unsigned vunit = VALUES ? copy_unit(c.vin, c.vout, c.vsize) : 1;
        SWEEP_GPU_LAUNCH(h, "segmented_sort (medium segments)", segsort_block_kernel<U, VALUES>,
                         list_grid(h, l.medium_max, 1, kSortThreads), kSortThreads, 0, order,
                         (const U *)c.kin, (U *)c.kout, c.vin, c.vout, c.vsize, vunit, lists.medium,
                         lists.counts + 2, c.offsets);
    }
    return SWEEP_OK;
}

template <class U, class Vt> sweep_status run(const SegCall &c, const SegLayout &l, void *scratch) {
    constexpr bool VALUES = !std::is_same<Vt, NoValue>::value;
    sweep_gpu_handle *h = c.h;
    unsigned char *p = (unsigned char *)scratch;
    SegLists lists;
    lists.counts = (unsigned *)p;
    p += l.b_counts;
    lists.small = (unsigned *)p;
    p += l.b_small;
    lists.wide = (unsigned *)p;
    p += l.b_wide;
    lists.medium = (unsigned *)p;
    p += l.b_medium;
    lists.large = (unsigned long long *)p;
    p += l.b_large;
    lists.huge = (unsigned long long *)p;
    p += l.b_huge;
    unsigned char *region = p;

    const size_t tile = sweep_gpu_one_block_sort_max(sizeof(U));
    if (h->segsort_lean && c.nseg <= kSegClassifyOneMax) {
        /* one block, which writes the counts itself */
        SWEEP_GPU_LAUNCH(h, "segmented_sort (classify, one block)", segsort_classify_one_kernel, 1,
                         kSegClassifyOneThreads, 0, c.offsets, c.nseg, (size_t)SegSmall::cap,
                         (size_t)SegSmallWide::cap, tile, kSegWholeMin, lists);
    } else {
        SWEEP_GPU_TRY(
            h, sweep_gpu_memset_async(lists.counts, 0, kSegLists * sizeof(unsigned), h->stream));
        SWEEP_GPU_LAUNCH(h, "segmented_sort (classify)", segsort_classify_kernel,
                         sweep_gpu_grid(h, c.nseg, kSegClassifyThreads), kSegClassifyThreads, 0,
                         c.offsets, c.nseg, (size_t)SegSmall::cap, (size_t)SegSmallWide::cap, tile,
                         kSegWholeMin, lists);
    }
    /* where the host must read the large and huge counts, their copy goes behind the
     * classification, before the small and medium segments' kernels */
    const bool queued = l.huge_max && h->segsort_lean && readback_ready(h);
    if (queued) {
        SWEEP_GPU_TRY(h, sweep_gpu_memcpy_async(h->segsort_readback, lists.counts + 3,
                                                2 * sizeof(unsigned), SWEEP_COPY_DEVICE_TO_HOST,
                                                h->stream));
        SWEEP_GPU_TRY(h, sweep_gpu_event_record(h->segsort_event, h->stream));
    }
    const RadixOrderCmp<U> order = radix_order_cmp<U>(c.key);
    if (h->segsort_lean && c.n <= kSegClassesFusedMax) {
        SegClassesGrid g;
        g.medium = l.medium_max ? list_grid(h, l.medium_max, 1, kSortThreads) : 0u;
        g.wide = l.wide_max ? list_grid(h, l.wide_max, SegSmallWide::threads / SegSmallWide::group,
                                        SegSmallWide::threads)
                            : 0u;
        g.small = l.small_max ? list_grid(h, l.small_max, SegSmall::threads / SegSmall::group,
                                          SegSmall::threads)
                              : 0u;
        const unsigned vunit = VALUES ? copy_unit(c.vin, c.vout, c.vsize) : 1;
        SWEEP_GPU_LAUNCH(h, "segmented_sort (small and medium segments)",
                         segsort_classes_kernel<U, Vt>, g.medium + g.wide + g.small, kSortThreads,
                         0, order, (const U *)c.kin, (U *)c.kout, (const Vt *)c.vin, (Vt *)c.vout,
                         c.vsize, vunit, lists, c.offsets, g);
    } else {
        sweep_status st = launch_classes<U, Vt>(c, l, lists, order);
        if (st != SWEEP_OK) return st;
    }
    if (!l.large_max) return SWEEP_OK;
    /* no segment reaches the whole-array sort's length: no need to wait for a count */
    if (!l.huge_max) return launch_large<U, Vt>(c, l, lists, region, ULLONG_MAX, l.large_max);
    return sort_large<U, Vt>(c, l, lists, region, queued);
}

bool natural(const void *p, size_t size) {
    return ((uintptr_t)p & (size - 1)) == 0;
}

} // namespace

void sweep_gpu_segsort_release(sweep_gpu_handle *h) {
    if (!h->segsort_readback) return;
    (void)sweep_gpu_event_destroy(h->segsort_event);
    (void)sweep_gpu_host_free(h->segsort_readback);
    h->segsort_readback = NULL;
}

sweep_status sweep_gpu_segmented_sort(void *hv, const sweep_kradix *key, const sweep_kcmp *cmp,
                                      const void *keys_in, void *keys_out, const void *values_in,
                                      void *values_out, size_t vsize, size_t n,
                                      const size_t *offsets, size_t nseg, void *scratch,
                                      size_t *scratch_bytes) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SegCall c;
    memset(&c, 0, sizeof c);
    c.h = h;
    if (key) {
        c.key = *key;
    } else {
        /* built-in orders: the radix order of all bits (both are IEEE-754 totalOrder
         * for floats, reversed when descending) */
        if (cmp->kind != SWEEP_COMPARE_ASCENDING && cmp->kind != SWEEP_COMPARE_DESCENDING)
            return SWEEP_ERR_UNSUPPORTED;
        c.key.dtype = cmp->dtype;
        c.key.key_size = cmp->key_size;
        c.key.begin_bit = 0;
        c.key.end_bit = (unsigned)(8 * cmp->key_size);
        c.key.descending = cmp->kind == SWEEP_COMPARE_DESCENDING;
    }
    const size_t ks = c.key.key_size;
    if (ks != 1 && ks != 2 && ks != 4 && ks != 8) return SWEEP_ERR_UNSUPPORTED;
    if (vsize != 0 && vsize != 1 && vsize != 2 && vsize != 4 && vsize != 8 && vsize != 16)
        return SWEEP_ERR_UNSUPPORTED;
    if (vsize && (!natural(values_in, vsize) || !natural(values_out, vsize)))
        return SWEEP_ERR_UNSUPPORTED;
    if (nseg >= (size_t)UINT_MAX) return SWEEP_ERR_UNSUPPORTED;
    c.kin = keys_in;
    c.kout = keys_out;
    c.vin = vsize ? values_in : NULL;
    c.vout = vsize ? values_out : NULL;
    c.vsize = vsize;
    c.n = n;
    c.nseg = nseg;
    c.offsets = offsets;
    SegLayout l;
    sweep_status st = layout_of(c, &l);
    if (st != SWEEP_OK) return st;
    if (!scratch) {
        *scratch_bytes = l.total;
        return SWEEP_OK;
    }
    if (n == 0 || nseg == 0) return SWEEP_OK;
    SWEEP_GPU_ENTER(h);
    return by_key_width(ks, [&](auto u) -> sweep_status {
        typedef decltype(u) U;
        return by_value_size(
            vsize, [&](auto v) -> sweep_status { return run<U, decltype(v)>(c, l, scratch); });
    });
}
