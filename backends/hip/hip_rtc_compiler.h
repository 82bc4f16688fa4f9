/*
 * hip_rtc_compiler.h -- hipRTC through dlopen (hip_rtc_compiler.cpp): compiles a
 * run-time program (the text cuda_rtc_program.cu builds for NVRTC, which the device
 * headers also accept under __HIPCC_RTC__) into an AMD code object. Host code only,
 * no HIP runtime: the plugin (hip_rtc_toolchain.cpp) and the device-free probe of
 * tests/rtc/rtc_compile_check_hip.cpp use it.
 */
#ifndef SWEEP_HIP_RTC_COMPILER_H
#define SWEEP_HIP_RTC_COMPILER_H

#include <stddef.h>
#include <sweep/sweep.h>

#define SWEEP_HIP_RTC_MAX_KERNELS 16

/* A code object (for hipModuleLoadData) and its kernels' lowered names, in
 * name-expression order. Heap memory. */
typedef struct sweep_hip_rtc_code {
    unsigned char *data;
    size_t size;
    int nkernels;
    char *lowered[SWEEP_HIP_RTC_MAX_KERNELS];
} sweep_hip_rtc_code;

void sweep_hip_rtc_code_free(sweep_hip_rtc_code *code);

/* hipRTC of this process, loaded once. Returns 0 and fills why ("hipRTC cannot be
 * loaded; looked for ...") when none can be loaded. version: major * 1000 + minor * 10. */
int sweep_hip_rtc_available(char *why, size_t why_len, int *version);

/* The compile option for a device whose hipDeviceProp_t::gcnArchName is given. */
void sweep_hip_rtc_target(const char *gcn_arch_name, char *opt, size_t len);

/* A kernel's name expression with the element alias (sweep_gpu::RtcElem, RtcKey)
 * written as the type it names, which is how hipRTC finds it (hip_rtc_names.cpp).
 * Returns 0 when out (len bytes) is too small. */
int sweep_hip_rtc_spell_name(const char *name, size_t size, size_t align, char *out, size_t len);

/* Compiles program text with the given headers for target; names are the kernels'
 * name expressions. A compile error gives SWEEP_ERR_INVALID_ARGUMENT with the
 * compiler's log in log (truncated); other failures another status with a reason. */
sweep_status sweep_hip_rtc_compile(const char *text, const char *target, const char *const *names,
                                   int nnames, int nheaders, const char *const *header_names,
                                   const char *const *header_texts, sweep_hip_rtc_code *code,
                                   char *log, size_t log_len);

#endif /* SWEEP_HIP_RTC_COMPILER_H */
