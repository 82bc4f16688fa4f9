// custom_less.cpp -- the user comparators of --tuning=custom_compare.
#include "custom_less.h"

#include <cstdint>
#include <cstring>
#include <map>

namespace sweepbench {

namespace {

template <class T> int less(const void *a, const void *b, void *) {
    T x, y;
    std::memcpy(&x, a, sizeof x);
    std::memcpy(&y, b, sizeof y);
    return x < y;
}

struct Source {
    sweep_dtype dtype;
    const char *name;
    std::size_t size;
    sweep_less_fn fn;
    const char *device_source;
};

// The inputs hold no NaN, so every one of these is a strict weak order.
const Source kSources[] = {
    {SWEEP_U32, "less_u32", 4, less<std::uint32_t>,
     "__device__ bool less_u32(uint32_t a, uint32_t b) { return a < b; }\n"},
    {SWEEP_U64, "less_u64", 8, less<std::uint64_t>,
     "__device__ bool less_u64(uint64_t a, uint64_t b) { return a < b; }\n"},
    {SWEEP_F32, "less_f32", 4, less<float>,
     "__device__ bool less_f32(float a, float b) { return a < b; }\n"},
};

std::map<sweep_dtype, sweep_custom_compare *> &comparators() {
    static std::map<sweep_dtype, sweep_custom_compare *> c;
    return c;
}

} // namespace

const sweep_custom_compare *custom_less(sweep_dtype dtype, std::string *error) {
    auto hit = comparators().find(dtype);
    if (hit != comparators().end()) return hit->second;
    for (const Source &s : kSources) {
        if (s.dtype != dtype) continue;
        sweep_custom_compare_desc d{};
        d.name = s.name;
        d.key_size = s.size;
        d.key_align = s.size;
        d.less = s.fn;
        d.device_source = s.device_source;
        sweep_custom_compare *cmp = nullptr;
        const sweep_status st = sweep_custom_compare_create(&cmp, &d);
        if (st != SWEEP_OK) {
            *error = std::string("sweep_custom_compare_create: ") + sweep_status_string(st) + " (" +
                     sweep_last_error() + ")";
            return nullptr;
        }
        comparators()[dtype] = cmp;
        return cmp;
    }
    *error = std::string("no custom comparator for ") + sweep_dtype_name(dtype);
    return nullptr;
}

void release_custom_less() {
    for (auto &entry : comparators())
        sweep_custom_compare_destroy(entry.second);
    comparators().clear();
}

} // namespace sweepbench
