/*
 * host_bins_range.h -- the CPU backends' loops for histograms with bins given by
 * sorted boundaries (sweep_khist's SWEEP_HIST_RANGE form): each sample's bin by a
 * binary search of the boundaries in the samples' own type, without a branch on the
 * comparisons (the search's next index is a conditional move) and without a switch on
 * the type per step; compiled per sample type. Bins are those of host_bins.h's
 * sweep_host_bin_of: bin i holds boundaries[i] <= x < boundaries[i + 1]; samples
 * outside [boundaries[0], boundaries[bins]), and NaNs, in no bin. Header-only, C11.
 */
#ifndef SWEEP_HOST_BINS_RANGE_H
#define SWEEP_HOST_BINS_RANGE_H

#include <stdint.h>
#include <string.h>
#include <sweep/backend.h>

/* Adds one to cnt[bin] (cnt of type C) for every sample of [lo, hi) of type T in a
 * bin. Comparisons in T: the signed types' order, IEEE order for floats (NaN fails
 * every comparison, so it lands nowhere). */
#define SWEEP_HOST_RANGE_LOOP(T, C)                                                                \
    do {                                                                                           \
        const T *s_ = (const T *)samples;                                                          \
        const unsigned char *b_ = (const unsigned char *)hist->boundaries;                         \
        const size_t bins_ = hist->num_bins;                                                       \
        T first_, last_;                                                                           \
        memcpy(&first_, b_, sizeof first_);                                                        \
        memcpy(&last_, b_ + bins_ * sizeof(T), sizeof last_);                                      \
        for (size_t i_ = lo; i_ < hi; ++i_) {                                                      \
            T v_;                                                                                  \
            memcpy(&v_, s_ + i_, sizeof v_);                                                       \
            if (!(v_ >= first_ && v_ < last_)) continue;                                           \
            size_t base_ = 0, len_ = bins_; /* the bin is in [base_, base_ + len_) */              \
            while (len_ > 1) {                                                                     \
                const size_t half_ = len_ / 2;                                                     \
                T m_;                                                                              \
                memcpy(&m_, b_ + (base_ + half_) * sizeof(T), sizeof m_);                          \
                base_ = m_ <= v_ ? base_ + half_ : base_;                                          \
                len_ -= half_;                                                                     \
            }                                                                                      \
            ++((C *)cnt)[base_];                                                                   \
        }                                                                                          \
    } while (0)

#define SWEEP_HOST_RANGE_DISPATCH(C)                                                               \
    switch (hist->sample_dtype) {                                                                  \
    case SWEEP_I8: SWEEP_HOST_RANGE_LOOP(int8_t, C); break;                                        \
    case SWEEP_I16: SWEEP_HOST_RANGE_LOOP(int16_t, C); break;                                      \
    case SWEEP_I32: SWEEP_HOST_RANGE_LOOP(int32_t, C); break;                                      \
    case SWEEP_I64: SWEEP_HOST_RANGE_LOOP(int64_t, C); break;                                      \
    case SWEEP_U8: SWEEP_HOST_RANGE_LOOP(uint8_t, C); break;                                       \
    case SWEEP_U16: SWEEP_HOST_RANGE_LOOP(uint16_t, C); break;                                     \
    case SWEEP_U32: SWEEP_HOST_RANGE_LOOP(uint32_t, C); break;                                     \
    case SWEEP_U64: SWEEP_HOST_RANGE_LOOP(uint64_t, C); break;                                     \
    case SWEEP_F32: SWEEP_HOST_RANGE_LOOP(float, C); break;                                        \
    default: SWEEP_HOST_RANGE_LOOP(double, C); break;                                              \
    }

/* Counts the samples [lo, hi) of a histogram by boundaries (host memory) into cnt:
 * uint32_t counters when count32 (wrapping), uint64_t otherwise. */
static inline void sweep_host_range_count(const sweep_khist *hist, const void *samples, size_t lo,
                                          size_t hi, void *cnt, int count32) {
    if (count32)
        SWEEP_HOST_RANGE_DISPATCH(uint32_t)
    else
        SWEEP_HOST_RANGE_DISPATCH(uint64_t)
}

#endif /* SWEEP_HOST_BINS_RANGE_H */
