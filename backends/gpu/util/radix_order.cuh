/*
 * radix_order.cuh -- the radix sort's order (sweep_kradix: the key's pattern,
 * radix_keys.cuh, on bits [begin_bit, end_bit)) as a comparator policy of the block
 * sort (merge_cmp.cuh), so that comparison sorts of short runs give the radix sort's
 * result: keys are kept as their patterns and compared on the sorted bits alone, and
 * keys equal there keep their input order in a stable sort.
 */
#ifndef SWEEP_GPU_RADIX_ORDER_CUH
#define SWEEP_GPU_RADIX_ORDER_CUH

#include "gpu/util/radix_keys.cuh"

namespace sweep_gpu {

template <class U> struct RadixOrderCmp {
    typedef U Raw;
    typedef U Key;
    int kind, descending;
    unsigned shift; /* begin_bit */
    U mask;         /* end_bit - begin_bit ones */

    /* The bits a key is sorted on, as a number. */
    SWEEP_GPU_INLINE U field(const Key &k) const {
        return (U)((U)(k >> shift) & mask);
    }
    SWEEP_GPU_INLINE Key load(const Raw &r) const {
        return key_pattern(r, kind, descending);
    }
    SWEEP_GPU_INLINE Raw store(const Key &k) const {
        return key_from_pattern(k, kind, descending);
    }
    SWEEP_GPU_INLINE bool less(const Key &a, const Key &b) const {
        return field(a) < field(b);
    }
};

/* The policy of a radix order. */
template <class U> inline RadixOrderCmp<U> radix_order_cmp(const sweep_kradix &key) {
    RadixOrderCmp<U> p;
    p.kind = key_kind_of(key.dtype);
    p.descending = key.descending;
    p.shift = key.begin_bit;
    const unsigned bits = key.end_bit - key.begin_bit;
    p.mask = bits >= 8 * sizeof(U) ? (U) ~(U)0 : (U)(((U)1 << bits) - 1);
    return p;
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_RADIX_ORDER_CUH */
