/*
 * args_merge.cuh -- MergeArgs (gpu/device/merge_path.cuh), filled in one place for the
 * built-in merge kernels (host/merge.cu) and the run-time compiled ones of custom
 * comparators (host/rtc_merge.cu): both take the struct as it is, so a field that one
 * launch sets and another forgets would be a silent difference between them.
 */
#ifndef SWEEP_GPU_ARGS_MERGE_CUH
#define SWEEP_GPU_ARGS_MERGE_CUH

#include "gpu/device/merge_path.cuh"

#include <string.h>

/* The widest unit that moves values between all three places (a NULL one is
 * ignored). */
inline unsigned sweep_gpu_value_unit(const void *a, const void *b, const void *c, size_t vsize) {
    if (!vsize) return 1;
    const void *r = c ? c : a ? a : b;
    unsigned u1 = sweep_gpu::copy_unit(a ? a : r, r, vsize),
             u2 = sweep_gpu::copy_unit(b ? b : r, r, vsize);
    return u1 < u2 ? u1 : u2;
}

/* One merge of a (na keys, values av) with b into out, in output partitions of part
 * whose merge-path splits are at splits. */
inline sweep_gpu::MergeArgs sweep_gpu_merge_args(const void *a, const void *av, size_t na,
                                                 const void *b, const void *bv, size_t nb,
                                                 void *out, void *outv, size_t vsize, size_t part,
                                                 const size_t *splits) {
    sweep_gpu::MergeArgs m;
    memset(&m, 0, sizeof m);
    m.a = a;
    m.av = av;
    m.na = na;
    m.b = b;
    m.bv = bv;
    m.nb = nb;
    m.out = out;
    m.outv = outv;
    m.vsize = vsize;
    m.vunit = sweep_gpu_value_unit(av, bv, outv, vsize);
    m.part = part;
    m.splits = splits;
    return m;
}

/* One merge-sort pass: every pair of adjacent sorted runs of width in src (n keys)
 * merged into the same place of dst, in output partitions of part (which divides
 * 2 * width). */
inline sweep_gpu::MergeArgs sweep_gpu_merge_pass_args(const void *src, const void *srcv, void *dst,
                                                      void *dstv, size_t n, size_t width,
                                                      size_t vsize, size_t part,
                                                      const size_t *splits) {
    sweep_gpu::MergeArgs m;
    memset(&m, 0, sizeof m);
    m.width = width;
    m.src = src;
    m.srcv = srcv;
    m.dst = dst;
    m.dstv = dstv;
    m.n = n;
    m.vsize = vsize;
    m.vunit = sweep_gpu_value_unit(srcv, srcv, dstv, vsize);
    m.part = part;
    m.splits = splits;
    return m;
}

#endif /* SWEEP_GPU_ARGS_MERGE_CUH */
