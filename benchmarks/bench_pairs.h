// bench_pairs.h -- the (key, value) records the CPU peers of radix_sort_pairs sort:
// an array of structs ordered by key alone, as a C++ user sorts pairs.
#pragma once

#include <cstdint>

namespace sweepbench {

struct KeyValue {
    std::uint32_t key, value;
};

struct KeyLess {
    bool operator()(const KeyValue &a, const KeyValue &b) const {
        return a.key < b.key;
    }
};

} // namespace sweepbench
