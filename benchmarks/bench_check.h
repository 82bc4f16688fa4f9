// bench_check.h -- a cheap plausibility check of one result per benchmark, run once
// outside the timing. The conformance suite proves correctness; this only keeps a
// broken path from being published as a fast one.
#pragma once

#include "bench_inputs.h"
#include "bench_primitives.h"

#include <string>

namespace sweepbench {

struct CheckInput {
    Primitive primitive;
    sweep_dtype dtype;
    std::size_t n;
    const Bytes *values;     // the input (sorted halves for merge)
    const Bytes *flags;      // split/compact flags or segment heads, else nullptr
    const Bytes *output;     // what the implementation wrote (n elements; 1 for reduce)
    std::size_t out_count;   // num_flagged/num_kept reported, for split and compact
    const Bytes *values_out; // radix_sort_pairs: the values written (inputs: 0..n-1)
};

// Returns "" when the result is plausible, else what is wrong.
std::string check_result(const CheckInput &in);

} // namespace sweepbench
