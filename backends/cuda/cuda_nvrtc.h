/*
 * cuda_nvrtc.h -- NVRTC through dlopen (cuda_nvrtc.cu): the CUDA plugin's run-time
 * compiler, also compiled into the device-free compile check (tests/rtc).
 */
#ifndef SWEEP_CUDA_NVRTC_H
#define SWEEP_CUDA_NVRTC_H

#include "gpu/rtc/rtc_internal.h"

/* NVRTC of this process, loaded once. Returns 0 and fills why (where it looked)
 * when none can be loaded. version: major * 1000 + minor * 10. */
int sweep_rtc_nvrtc_available(char *why, size_t why_len, int *version);

/* The compile target for a device of compute capability `cc` (major * 10 + minor):
 * "-arch=sm_XY" when NVRTC knows it, else the newest "-arch=compute_XY" it knows
 * that the device can run (PTX, finished by the driver). */
void sweep_rtc_nvrtc_target(int cc, char *opt, size_t len);

/* Compiles program text with the embedded headers for target; names are the
 * kernels' name expressions. On failure returns SWEEP_ERR_INVALID_ARGUMENT with the
 * compiler's log in log (truncated), or another status with a reason. */
sweep_status sweep_rtc_nvrtc_compile(const char *text, const char *target, const char *const *names,
                                     int nnames, sweep_rtc_image *img, char *log, size_t log_len);

#endif /* SWEEP_CUDA_NVRTC_H */
