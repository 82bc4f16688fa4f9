// bench_dtype.h -- maps a run-time sweep_dtype to the C++ type peers are instantiated
// on. Header-only so that the CUDA and HIP peer sources can use it too.
#pragma once

#include <sweep/sweep.h>

#include <cstdint>
#include <cstring>

namespace sweepbench {

// Calls f(T{}) with the C++ type of dt and returns what it returns.
template <class F> auto with_dtype(sweep_dtype dt, F &&f) {
    switch (dt) {
    case SWEEP_I8: return f(std::int8_t{});
    case SWEEP_I16: return f(std::int16_t{});
    case SWEEP_I32: return f(std::int32_t{});
    case SWEEP_I64: return f(std::int64_t{});
    case SWEEP_U8: return f(std::uint8_t{});
    case SWEEP_U16: return f(std::uint16_t{});
    case SWEEP_U32: return f(std::uint32_t{});
    case SWEEP_U64: return f(std::uint64_t{});
    case SWEEP_F32: return f(float{});
    case SWEEP_F64: break;
    }
    return f(double{});
}

// The split/compact flag of a value: a hash of its bytes, below percent out of 100.
// Deriving the flag from the value lets std::stable_partition and copy_if, which take a
// predicate rather than a flag array, see exactly the partition the flag-based
// primitives see.
template <class T> inline bool split_flag_of(const T &v, unsigned percent = 50) {
    std::uint64_t raw = 0;
    std::memcpy(&raw, &v, sizeof(T));
    raw ^= raw >> 31;
    raw *= 0x9e3779b97f4a7c15ull;
    raw ^= raw >> 29;
    return (((raw >> 40) & 0xffffu) * 100u >> 16) < percent;
}

} // namespace sweepbench
