/*
 * oracle_runs.c -- the oracle of the run primitives (unique, run-length encoding,
 * non-trivial runs) and the histograms, as plain loops (oracle.h). Apart from
 * oracle.c, which holds the scans, reductions, splits, sorts and searches.
 */
#include "oracle.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* -------------------------------------------------------- runs, histograms -- */

static int same_key(const unsigned char *k, size_t size, size_t i, size_t j) {
    return memcmp(k + i * size, k + j * size, size) == 0;
}

size_t o_unique(const void *keys, size_t key_size, const void *values, size_t vsize, size_t n,
                void *keys_out, void *values_out) {
    const unsigned char *k = keys, *v = values;
    unsigned char *ko = keys_out, *vo = values_out;
    size_t runs = 0;
    for (size_t i = 0; i < n; ++i) {
        if (i > 0 && same_key(k, key_size, i, i - 1)) continue;
        memcpy(ko + runs * key_size, k + i * key_size, key_size);
        if (vsize) memcpy(vo + runs * vsize, v + i * vsize, vsize);
        ++runs;
    }
    return runs;
}

size_t o_run_length_encode(const void *in, size_t size, size_t n, void *unique_out,
                           size_t *lengths) {
    const unsigned char *k = in;
    unsigned char *ko = unique_out;
    size_t runs = 0, i = 0;
    while (i < n) {
        size_t j = i + 1;
        while (j < n && same_key(k, size, j, i))
            ++j;
        memcpy(ko + runs * size, k + i * size, size);
        lengths[runs++] = j - i;
        i = j;
    }
    return runs;
}

size_t o_nontrivial_runs(const void *in, size_t size, size_t n, size_t *offsets, size_t *lengths) {
    const unsigned char *k = in;
    size_t runs = 0, i = 0;
    while (i < n) {
        size_t j = i + 1;
        while (j < n && same_key(k, size, j, i))
            ++j;
        if (j - i > 1) {
            offsets[runs] = i;
            lengths[runs++] = j - i;
        }
        i = j;
    }
    return runs;
}

static int is_float_dtype(sweep_dtype dtype) {
    return dtype == SWEEP_F32 || dtype == SWEEP_F64;
}

/* An integer sample as a signed 128-bit number. */
__extension__ typedef __int128 o_i128;
static o_i128 int_value(sweep_dtype dtype, const void *p) {
    switch (dtype) {
    case SWEEP_I8: return *(const int8_t *)p;
    case SWEEP_I16: return *(const int16_t *)p;
    case SWEEP_I32: return *(const int32_t *)p;
    case SWEEP_I64: return *(const int64_t *)p;
    case SWEEP_U8: return *(const uint8_t *)p;
    case SWEEP_U16: return *(const uint16_t *)p;
    case SWEEP_U32: return *(const uint32_t *)p;
    default: return *(const uint64_t *)p;
    }
}

static double real_value(sweep_dtype dtype, const void *p) {
    return dtype == SWEEP_F32 ? (double)*(const float *)p : *(const double *)p;
}

void o_histogram_even(sweep_dtype dtype, const void *samples, size_t n, const void *lower,
                      const void *upper, size_t num_bins, uint64_t *counts) {
    const size_t size = sweep_dtype_size(dtype);
    const unsigned char *s = samples;
    memset(counts, 0, num_bins * sizeof *counts);
    for (size_t i = 0; i < n; ++i) {
        const void *x = s + i * size;
        size_t bin;
        if (is_float_dtype(dtype)) {
            double v = real_value(dtype, x), lo = real_value(dtype, lower);
            double hi = real_value(dtype, upper);
            if (isnan(v) || v < lo || v >= hi) continue;
            double width = hi - lo;
            double scaled = (v - lo) * (double)num_bins;
            double f = floor(scaled / width);
            bin = f >= (double)num_bins ? num_bins - 1 : (size_t)f;
        } else {
            o_i128 v = int_value(dtype, x), lo = int_value(dtype, lower);
            o_i128 hi = int_value(dtype, upper);
            if (v < lo || v >= hi) continue;
            bin = (size_t)((v - lo) * (o_i128)num_bins / (hi - lo));
        }
        ++counts[bin];
    }
}

void o_histogram_range(sweep_dtype dtype, const void *samples, size_t n, const void *boundaries,
                       size_t num_bins, uint64_t *counts) {
    const size_t size = sweep_dtype_size(dtype);
    const unsigned char *s = samples, *b = boundaries;
    memset(counts, 0, num_bins * sizeof *counts);
    for (size_t i = 0; i < n; ++i) {
        const void *x = s + i * size;
        /* the last bin whose lower boundary is <= x, if x is below the last boundary */
        for (size_t k = num_bins; k-- > 0;) {
            int below_top, at_least;
            if (is_float_dtype(dtype)) {
                double v = real_value(dtype, x);
                below_top = v < real_value(dtype, b + num_bins * size);
                at_least = v >= real_value(dtype, b + k * size);
            } else {
                o_i128 v = int_value(dtype, x);
                below_top = v < int_value(dtype, b + num_bins * size);
                at_least = v >= int_value(dtype, b + k * size);
            }
            if (!below_top) break;
            if (at_least) {
                ++counts[k];
                break;
            }
        }
    }
}
