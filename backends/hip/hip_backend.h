/*
 * hip_backend.h -- what the HIP plugin's own files share. The plugin is the HIP side
 * of backends/gpu: the shared host code (backends/gpu/host) and device code run over
 * the runtime interface backends/gpu/host/gpu_runtime.h, which this folder implements
 * with the HIP runtime, its module API and hipRTC.
 */
#ifndef SWEEP_HIP_BACKEND_H
#define SWEEP_HIP_BACKEND_H

#include "gpu/host/gpu_backend.h"

#include <hip/hip_runtime.h>

/* ---- hip_errors.cpp ---- */
/* The runtime's message and name for err ("out of memory (hipErrorOutOfMemory)"),
 * once when ROCm gives the name as the message. */
void sweep_hip_describe(hipError_t err, char *buf, size_t len);

/* The offload targets the plugin was built for, "gfx90a,gfx940,gfx1030" (from CMake). */
#ifndef SWEEP_HIP_TARGETS
#error "SWEEP_HIP_TARGETS must name the offload targets of this build"
#endif

#endif /* SWEEP_HIP_BACKEND_H */
