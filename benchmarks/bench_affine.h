// bench_affine.h -- the custom operator of the affine_scan benchmark: maps
// x -> a*x + b over (f32 a, f32 b) pairs, composed in scan order, as a user writes it
// once for every backend (a C function for CPUs, device source for GPUs). Its scan
// solves the recurrence x[i] = a[i]*x[i-1] + b[i] (examples/linear_recurrence.c).
#pragma once

#include "bench_inputs.h"

#include <sweep/sweep.h>

#include <string>

namespace sweepbench {

// The operator, created on first use and kept for the whole run (GPU backends compile
// it on the first call of each context, which the benchmark leaves out of the timing).
// NULL if it could not be created; *error says why.
const sweep_custom_op *affine_op(std::string *error);
void release_affine_op();

// Checks an inclusive scan of maps (n pairs) against the sequential loop: exactly,
// because input_affine_maps keeps every value an integer far below 2^24. "" if right.
std::string check_affine_scan(const Bytes &maps, const Bytes &out, std::size_t n);

} // namespace sweepbench
