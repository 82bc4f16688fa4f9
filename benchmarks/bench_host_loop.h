// bench_host_loop.h -- the timing loop of the CPU peers: one untimed warm-up call,
// then per iteration an untimed reset (in-place algorithms get their input back) and
// the timed call on a monotonic host clock.
#pragma once

#include "bench_record.h"

#include <benchmark/benchmark.h>

namespace sweepbench {

template <class Reset, class Body>
void time_host_calls(benchmark::State &state, Reset &&reset, Body &&body) {
    reset();
    body();
    for (auto _ : state) {
        reset();
        benchmark::ClobberMemory();
        const std::uint64_t t0 = host_now_ns();
        body();
        benchmark::ClobberMemory();
        state.SetIterationTime(host_seconds_since(t0));
    }
}

} // namespace sweepbench
