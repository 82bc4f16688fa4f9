/*
 * rtc_internal.h -- the parts of run-time compilation behind rtc_programs.cpp that
 * both plugins share: the compiled image, the program text and the disk cache
 * (rtc_disk_cache.cpp). Each plugin's compiler turns the text into an image
 * (gpu_runtime.h: sweep_gpu_rtc_compile).
 */
#ifndef SWEEP_GPU_RTC_INTERNAL_H
#define SWEEP_GPU_RTC_INTERNAL_H

#include "gpu/rtc/rtc.h"

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

void sweep_rtc_image_free(sweep_rtc_image *img); /* rtc/rtc_image.cpp */

/* The program the run-time compiler compiles for a request (rtc/rtc_program.cpp): the user's source
 * between the embedded headers' prologue and the kernel instantiations. malloc'd;
 * NULL when out of memory. */
char *sweep_rtc_program_text(const sweep_rtc_request *req);
/* The part of every program's text that names the build's tuning table (empty where
 * the build has one table only): part of the disk cache's key. */
const char *sweep_rtc_program_tuning(void);

/* Loads an image on the current device and finds its img->nkernels kernels, in
 * order (rtc_programs.cpp). On failure nothing stays loaded and *module is NULL. */
sweep_gpu_error sweep_rtc_load(const sweep_rtc_image *img, sweep_gpu_module *module,
                               sweep_gpu_kernel *kernels);

/* 128-bit key of a program (two FNV-1a streams), as 32 hex digits. */
void sweep_rtc_cache_key(const sweep_rtc_request *req, const char *target, int compiler_version,
                         char hex[33]);

/* Disk cache: 1 and the image when a valid entry exists. Never an error: an
 * unreadable or malformed entry is a miss. */
int sweep_rtc_cache_load(const char *key, int kind, sweep_rtc_image *img);
/* Stores an image atomically (temp file + rename); failures are ignored. */
void sweep_rtc_cache_store(const char *key, int kind, const sweep_rtc_image *img);

#endif /* SWEEP_GPU_RTC_INTERNAL_H */
