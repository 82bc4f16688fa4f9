/*
 * cuda_rtc_internal.h -- the parts of run-time compilation behind cuda_rtc.cu: the
 * compiled image, the program text, NVRTC through dlopen (cuda_rtc_nvrtc.cu, CUDA
 * plugin only; hipRTC is backends/hip/hip_rtc_compiler.h) and the disk cache
 * (cuda_rtc_cache.cu, both plugins).
 */
#ifndef SWEEP_CUDA_RTC_INTERNAL_H
#define SWEEP_CUDA_RTC_INTERNAL_H

#include "cuda_rtc.h"

/* A compiled program: its image (CUBIN, NUL-terminated PTX, or under HIP an AMD code
 * object) and the lowered (mangled) names of its kernels, in name-expression order.
 * Heap memory. */
typedef struct sweep_rtc_image {
    unsigned char *data;
    size_t size;
    int is_cubin;
    int nkernels;
    char *lowered[SWEEP_RTC_MAX_KERNELS];
} sweep_rtc_image;

void sweep_rtc_image_free(sweep_rtc_image *img); /* cuda_rtc_image.cu */

/* The program NVRTC compiles for a request (cuda_rtc_program.cu): the user's source
 * between the embedded headers' prologue and the kernel instantiations. malloc'd;
 * NULL when out of memory. */
char *sweep_rtc_program_text(const sweep_rtc_request *req);

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

/* 128-bit key of a program (two FNV-1a streams), as 32 hex digits. */
void sweep_rtc_cache_key(const sweep_rtc_request *req, const char *target, int compiler_version,
                         char hex[33]);

/* Disk cache: 1 and the image when a valid entry exists. Never an error: an
 * unreadable or malformed entry is a miss. */
int sweep_rtc_cache_load(const char *key, int kind, sweep_rtc_image *img);
/* Stores an image atomically (temp file + rename); failures are ignored. */
void sweep_rtc_cache_store(const char *key, int kind, const sweep_rtc_image *img);

#endif /* SWEEP_CUDA_RTC_INTERNAL_H */
