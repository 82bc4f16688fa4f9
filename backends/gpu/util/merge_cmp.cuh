/*
 * merge_cmp.cuh -- the comparator policies of the merge kernels, so one block sort
 * and one merge serve the built-in orders and users' comparators. A policy P has a
 * key type as stored (Raw) and as compared (Key), load/store between them and
 * less(a, b). Built-in keys are compared as their order-preserving unsigned patterns
 * (radix_keys.cuh), so one kernel per key width serves every dtype and direction;
 * a user's key is compared as it is, by the user's function, once it sits in
 * registers or shared memory.
 */
#ifndef SWEEP_GPU_MERGE_CMP_CUH
#define SWEEP_GPU_MERGE_CMP_CUH

#include "gpu/util/compat.cuh"
#if !defined(SWEEP_GPU_RTC)
#include "gpu/util/radix_keys.cuh"
#endif

namespace sweep_gpu {

/* L: a type with `static bool less(const K &, const K &)` (rtc_cmp_program.cuh). */
template <class K, class L> struct UserCmp {
    typedef K Raw;
    typedef K Key;
    SWEEP_GPU_INLINE Key load(const Raw &r) const {
        return r;
    }
    SWEEP_GPU_INLINE Raw store(const Key &k) const {
        return k;
    }
    SWEEP_GPU_INLINE bool less(const Key &a, const Key &b) const {
        return L::less(a, b);
    }
};

#if !defined(SWEEP_GPU_RTC)
template <class U> struct PatternCmp {
    typedef U Raw;
    typedef U Key;
    int kind, descending;
    SWEEP_GPU_INLINE Key load(const Raw &r) const {
        return key_pattern(r, kind, descending);
    }
    SWEEP_GPU_INLINE Raw store(const Key &k) const {
        return key_from_pattern(k, kind, descending);
    }
    SWEEP_GPU_INLINE bool less(const Key &a, const Key &b) const {
        return a < b;
    }
};
#endif

} // namespace sweep_gpu

#endif /* SWEEP_GPU_MERGE_CMP_CUH */
