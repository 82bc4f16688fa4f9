// custom_less.h -- sweep-bench --tuning=custom_compare: merge sort and merge through
// a user comparator (a C function on CPUs, device source compiled at run time on GPUs)
// next to the built-in order, on the same inputs, so the rows show what an opaque
// comparator costs each backend. Every sweep backend gets the rows
// merge_sort/<dtype>/custom_less-<backend>/<n> and merge/<dtype>/custom_less-<backend>/<n>
// (u32, u64, f32); CUB's and libstdc++'s merge sorts already take a comparator.
#pragma once

#include <sweep/sweep.h>

#include <string>

namespace sweepbench {

// a < b on dtype's values as a user writes it, created on first use and kept for the
// run (GPU backends compile it on a context's first call, outside the timing). NULL
// for a dtype without one, or if it could not be created; *error says why.
const sweep_custom_compare *custom_less(sweep_dtype dtype, std::string *error);
void release_custom_less();

} // namespace sweepbench
