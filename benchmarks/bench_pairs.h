// bench_pairs.h -- the (key, value) records the CPU peers of the pair sorts sort: an
// array of structs ordered by key alone, as a C++ user sorts pairs; and the opaque
// comparator of the custom-comparator sorts' CPU peers.
#pragma once

#include "bench_inputs.h"

#include <cstdint>
#include <vector>

namespace sweepbench {

template <class K> struct KeyValue {
    K key;
    std::uint32_t value;
};

template <class K> struct KeyLess {
    bool operator()(const KeyValue<K> &a, const KeyValue<K> &b) const {
        return a.key < b.key;
    }
};

// a < b through a function pointer read from a volatile variable, so the sort that
// calls it cannot inline it: what a library given a user's comparator as a C function
// (sweep's sweep_less_fn) has to do on every comparison.
template <class K> using LessFn = bool (*)(const K &, const K &);
template <class K> bool less_than(const K &a, const K &b) {
    return a < b;
}
template <class K> LessFn<K> opaque_less() {
    static LessFn<K> volatile fn = less_than<K>;
    return fn;
}

template <class K> struct OpaqueLess {
    LessFn<K> fn = opaque_less<K>();
    bool operator()(const K &a, const K &b) const {
        return fn(a, b);
    }
};

template <class K> struct OpaqueKeyLess {
    LessFn<K> fn = opaque_less<K>();
    bool operator()(const KeyValue<K> &a, const KeyValue<K> &b) const {
        return fn(a.key, b.key);
    }
};

// The records of keys (n elements of K) with the values 0 ... n-1.
template <class K> std::vector<KeyValue<K>> make_pairs(const Bytes &keys, std::size_t n) {
    const K *k = reinterpret_cast<const K *>(keys.data());
    std::vector<KeyValue<K>> out(n);
    for (std::size_t i = 0; i < n; ++i)
        out[i] = KeyValue<K>{k[i], static_cast<std::uint32_t>(i)};
    return out;
}

} // namespace sweepbench
