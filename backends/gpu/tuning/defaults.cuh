/*
 * defaults.cuh -- compile-time tuning tables of the architectures nobody has measured
 * yet: sm_90's shapes (sm90.cuh), marked as defaults. The warp (wavefront) size is
 * not a table value: each build takes it from its target (util/compat.cuh), and the
 * shapes that depend on it (ResidentShape's warps) follow.
 *
 * Measuring one of these is replacing its members with the values that won, and
 * setting measured.
 */
#ifndef SWEEP_GPU_TUNING_DEFAULTS_CUH
#define SWEEP_GPU_TUNING_DEFAULTS_CUH

#include "gpu/tuning/sm90.cuh"

namespace sweep_gpu {

/* NVIDIA GPUs other than sm_90. */
struct TuningNvidiaDefault : TuningSm90 {
    static constexpr bool measured = false;
};

/* AMD GPUs (CDNA and RDNA alike: one HIP build serves both, see tuning.cuh). */
struct TuningAmdDefault : TuningSm90 {
    static constexpr bool measured = false;
};

} // namespace sweep_gpu

#endif /* SWEEP_GPU_TUNING_DEFAULTS_CUH */
