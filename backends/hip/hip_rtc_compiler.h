/*
 * hip_rtc_compiler.h -- hipRTC through dlopen (hip_rtc_compiler.cpp): compiles a
 * run-time program (the text of backends/gpu/rtc/rtc_program.cpp, which the device
 * headers also accept under __HIPCC_RTC__) into an AMD code object. Host code only,
 * no HIP runtime: the plugin (hip_rtc_toolchain.cpp) and the device-free probe of
 * tests/rtc/rtc_compile_check_hip.cpp use it.
 */
#ifndef SWEEP_HIP_RTC_COMPILER_H
#define SWEEP_HIP_RTC_COMPILER_H

#include "gpu/rtc/rtc_internal.h"

/* hipRTC of this process, loaded once. Returns 0 and fills why ("hipRTC cannot be
 * loaded; looked for ...") when none can be loaded. version: major * 1000 + minor * 10. */
int sweep_hip_rtc_available(char *why, size_t why_len, int *version);

/* The compile option for a device whose hipDeviceProp_t::gcnArchName is given. */
void sweep_hip_rtc_target(const char *gcn_arch_name, char *opt, size_t len);

/* A kernel's name expression with the element alias (sweep_gpu::RtcElem, RtcKey)
 * written as the type it names, which is how hipRTC finds it (hip_rtc_names.cpp).
 * Returns 0 when out (len bytes) is too small. */
int sweep_hip_rtc_spell_name(const char *name, size_t size, size_t align, char *out, size_t len);

/* Compiles program text with the given headers for target into img (a code object,
 * and the kernels' lowered names in the order of names, their name expressions). A
 * compile error gives SWEEP_ERR_INVALID_ARGUMENT with the compiler's log in log
 * (truncated); other failures another status with a reason. */
sweep_status sweep_hip_rtc_compile(const char *text, const char *target, const char *const *names,
                                   int nnames, int nheaders, const char *const *header_names,
                                   const char *const *header_texts, sweep_rtc_image *img, char *log,
                                   size_t log_len);

#endif /* SWEEP_HIP_RTC_COMPILER_H */
