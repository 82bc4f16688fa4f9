/*
 * api_histogram.c -- the public histograms: even bins over [lower, upper) and bins
 * between sorted boundaries. Resolves the bins into the sweep_khist every backend
 * bins with (include/sweep/backend.h), after checking every argument; boundaries are
 * checked to be sorted and free of NaN (read back from device memory on GPUs).
 */
#include "alloc_hook.h"
#include "context_registry.h"
#include "ranges.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int is_float(sweep_dtype dtype) {
    return dtype == SWEEP_F32 || dtype == SWEEP_F64;
}

/* The integer order key of a sample (as sweep_khist defines it). */
static uint64_t order_key(sweep_dtype dtype, const void *p) {
    union {
        int8_t i8;
        int16_t i16;
        int32_t i32;
        int64_t i64;
        uint8_t u8;
        uint16_t u16;
        uint32_t u32;
        uint64_t u64;
    } v;
    memcpy(&v, p, sweep_dtype_size(dtype));
    switch (dtype) {
    case SWEEP_I8: return (uint64_t)(int64_t)v.i8 ^ 0x8000000000000000ull;
    case SWEEP_I16: return (uint64_t)(int64_t)v.i16 ^ 0x8000000000000000ull;
    case SWEEP_I32: return (uint64_t)(int64_t)v.i32 ^ 0x8000000000000000ull;
    case SWEEP_I64: return (uint64_t)v.i64 ^ 0x8000000000000000ull;
    case SWEEP_U8: return v.u8;
    case SWEEP_U16: return v.u16;
    case SWEEP_U32: return v.u32;
    default: return v.u64;
    }
}

static double real_of(sweep_dtype dtype, const void *p) {
    if (dtype == SWEEP_F32) {
        float f;
        memcpy(&f, p, sizeof f);
        return f;
    }
    double d;
    memcpy(&d, p, sizeof d);
    return d;
}

/* What both histograms check: the dtypes, the bins, and (n > 0) the samples and the
 * counts. The counts' bytes go to *count_bytes. */
static sweep_status check_common(sweep_context *ctx, const void *samples, sweep_dtype sample_dtype,
                                 size_t n, size_t num_bins, const void *counts,
                                 sweep_dtype count_dtype, size_t *count_bytes) {
    sweep_status st = sweep__check_ctx(ctx);
    if (st != SWEEP_OK) return st;
    const size_t ssize = sweep_dtype_size(sample_dtype);
    if (ssize == 0)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "unknown sample_dtype %d",
                           (int)sample_dtype);
    if (count_dtype != SWEEP_U32 && count_dtype != SWEEP_U64)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                           "count_dtype must be SWEEP_U32 or SWEEP_U64, not %s",
                           sweep_dtype_name(count_dtype));
    if (num_bins == 0) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "num_bins is 0");
    const size_t csize = sweep_dtype_size(count_dtype);
    st = sweep__bytes(num_bins, csize, "counts", count_bytes);
    if (st != SWEEP_OK || n == 0) return st;
    size_t bytes = 0;
    st = sweep__bytes(n, ssize, "samples", &bytes);
    if (st != SWEEP_OK) return st;
    if (!samples) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "samples is NULL with n = %zu", n);
    if (!counts) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "counts is NULL with n = %zu", n);
    st = sweep__check_aligned("samples", samples, ssize);
    if (st == SWEEP_OK) st = sweep__check_aligned("counts", counts, csize);
    if (st != SWEEP_OK) return st;
    if (sweep__overlap(counts, *count_bytes, samples, bytes))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "counts overlaps samples");
    return SWEEP_OK;
}

sweep_status sweep_histogram_even(sweep_context *ctx, const void *samples, sweep_dtype sample_dtype,
                                  size_t n, const void *lower, const void *upper, size_t num_bins,
                                  void *counts, sweep_dtype count_dtype) {
    SWEEP__ENTER("sweep_histogram_even");
    size_t count_bytes = 0;
    sweep_status st =
        check_common(ctx, samples, sample_dtype, n, num_bins, counts, count_dtype, &count_bytes);
    if (st != SWEEP_OK) return st;
    if (!lower || !upper)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "%s is NULL", lower ? "upper" : "lower");
    sweep_khist hist;
    memset(&hist, 0, sizeof hist);
    hist.form = SWEEP_HIST_EVEN;
    hist.sample_dtype = sample_dtype;
    hist.count_dtype = count_dtype;
    hist.num_bins = num_bins;
    if (is_float(sample_dtype)) {
        const double lo = real_of(sample_dtype, lower), hi = real_of(sample_dtype, upper);
        if (!isfinite(lo) || !isfinite(hi))
            return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                               "lower (%g) and upper (%g) must be finite", lo, hi);
        if (!(lo < hi))
            return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                               "lower (%g) must be less than upper (%g)", lo, hi);
        hist.lower = lo;
        hist.upper = hi;
        hist.width = hi - lo;
        if (!isfinite(hist.width))
            return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                               "upper - lower (%g - %g) overflows a double", hi, lo);
    } else {
        hist.lower_key = order_key(sample_dtype, lower);
        hist.upper_key = order_key(sample_dtype, upper);
        if (hist.lower_key >= hist.upper_key)
            return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "lower must be less than upper");
    }
    if (n == 0) return SWEEP_OK;
    return sweep__histogram(ctx, &hist, samples, n, counts);
}

/* Boundaries (host copy) that do not decrease and hold no NaN. */
static sweep_status check_host_boundaries(sweep_dtype dtype, const unsigned char *b, size_t count) {
    const size_t size = sweep_dtype_size(dtype);
    for (size_t i = 0; i < count; ++i) {
        if (is_float(dtype)) {
            const double x = real_of(dtype, b + i * size);
            if (isnan(x))
                return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "boundaries[%zu] is NaN", i);
            if (i > 0 && x < real_of(dtype, b + (i - 1) * size))
                return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                                   "boundaries decrease: boundaries[%zu] = %g < boundaries[%zu] "
                                   "= %g",
                                   i, x, i - 1, real_of(dtype, b + (i - 1) * size));
        } else if (i > 0 && order_key(dtype, b + i * size) < order_key(dtype, b + (i - 1) * size)) {
            return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                               "boundaries decrease: boundaries[%zu] < boundaries[%zu]", i, i - 1);
        }
    }
    return SWEEP_OK;
}

static sweep_status check_boundaries(sweep_context *ctx, sweep_dtype dtype, const void *b,
                                     size_t count, size_t bytes) {
    if (ctx->props.flags & SWEEP_BACKEND_HOST_MEMORY) return check_host_boundaries(dtype, b, count);
    /* Device memory: read the boundaries back (the call is synchronous for this). */
    unsigned char *host = sweep__alloc_should_fail() ? NULL : malloc(bytes);
    if (!host)
        return sweep__fail(SWEEP_ERR_OUT_OF_MEMORY,
                           "cannot allocate %zu bytes to check the boundaries", bytes);
    sweep_status st = ctx->be->memcpy(ctx->h, host, b, bytes, SWEEP_COPY_DEVICE_TO_HOST);
    if (st != SWEEP_OK)
        st = sweep__backend_failed(ctx->be->name, "memcpy", st);
    else
        st = check_host_boundaries(dtype, host, count);
    free(host);
    return st;
}

sweep_status sweep_histogram_range(sweep_context *ctx, const void *samples,
                                   sweep_dtype sample_dtype, size_t n, const void *boundaries,
                                   size_t num_bins, void *counts, sweep_dtype count_dtype) {
    SWEEP__ENTER("sweep_histogram_range");
    size_t count_bytes = 0;
    sweep_status st =
        check_common(ctx, samples, sample_dtype, n, num_bins, counts, count_dtype, &count_bytes);
    if (st != SWEEP_OK || n == 0) return st;
    const size_t ssize = sweep_dtype_size(sample_dtype);
    size_t bytes = 0;
    if (num_bins == SIZE_MAX)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "num_bins is too large");
    st = sweep__bytes(num_bins + 1, ssize, "boundaries", &bytes);
    if (st != SWEEP_OK) return st;
    if (!boundaries) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "boundaries is NULL");
    st = sweep__check_aligned("boundaries", boundaries, ssize);
    if (st != SWEEP_OK) return st;
    if (sweep__overlap(counts, count_bytes, boundaries, bytes))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "counts overlaps boundaries");
    /* While measuring the boundaries may not hold data yet. */
    if (!ctx->querying) {
        st = check_boundaries(ctx, sample_dtype, boundaries, num_bins + 1, bytes);
        if (st != SWEEP_OK) return st;
    }
    sweep_khist hist;
    memset(&hist, 0, sizeof hist);
    hist.form = SWEEP_HIST_RANGE;
    hist.sample_dtype = sample_dtype;
    hist.count_dtype = count_dtype;
    hist.num_bins = num_bins;
    hist.boundaries = boundaries;
    return sweep__histogram(ctx, &hist, samples, n, counts);
}
