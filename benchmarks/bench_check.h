// bench_check.h -- a check of one result per benchmark, run once outside the timing,
// against a host loop: scans and segmented scans element by element (floating sums
// within the rounding bound of their terms), segmented reductions by every
// segment's result, reductions by their result, split
// and compaction by their counts and first elements, sorts and merges by their order
// and a permutation fingerprint (pairs: every value carries its key, stably; segmented
// sorts within every segment), searches by a sample of the needles against
// std::lower_bound / upper_bound, unique and the run-length encodings by every output
// entry and the count, histograms by every count. The
// conformance suite proves correctness; this keeps a broken path from being
// published as a fast one.
#pragma once

#include "bench_inputs.h"
#include "bench_primitives.h"

#include <string>

namespace sweepbench {

struct CheckInput {
    Primitive primitive;
    sweep_dtype dtype;
    Variant variant; // scan: sum or max
    std::size_t n;
    const Bytes *values;            // the input (sorted halves for merge)
    const Bytes *flags;             // split/compact flags or segment heads, else nullptr
    const Bytes *offsets;           // segment offsets (size_t, nseg + 1), else nullptr
    const Bytes *output;            // what the implementation wrote (n elements; 1 for reduce,
                                    // one per segment for segmented reduce)
    std::size_t out_count;          // num_flagged/num_kept/num_unique/num_runs reported
    const Bytes *values_out;        // pairs: the values written (inputs: 0..n-1)
    const Bytes *aux_out = nullptr; // run lengths (run-length encoding, non-trivial runs)
    const Bytes *needles = nullptr; // the searches' needles (n keys)
};

// Returns "" when the result is plausible, else what is wrong.
std::string check_result(const CheckInput &in);

} // namespace sweepbench
