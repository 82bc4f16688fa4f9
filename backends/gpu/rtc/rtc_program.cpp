/*
 * rtc_program.cpp -- what NVRTC (or hipRTC) compiles for a custom operator or
 * comparator: the program text around the user's source and the kernels' name
 * expressions. Kept apart from the plugins' launch code so the device-free checks
 * (tests/rtc/rtc_compile_check.cu, rtc_compile_check_hip.cpp) compile exactly the
 * same programs.
 * Name expressions list every template argument, defaulted ones too: hipRTC (ROCm 5)
 * matches them against demangled symbols, which spell all of them out.
 */
#include "gpu/rtc/rtc_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const sweep_rtc_op_names[SWEEP_RTC_OP_KERNELS] = {
    "sweep_gpu::scan_single_pass_kernel<sweep_gpu::RtcElem, sweep_gpu::RtcOp, 0, false,"
    " sweep_gpu::ScanTuning<sweep_gpu::RtcElem>>",
    "sweep_gpu::scan_single_pass_kernel<sweep_gpu::RtcElem, sweep_gpu::RtcOp, 1, false,"
    " sweep_gpu::ScanTuning<sweep_gpu::RtcElem>>",
    "sweep_gpu::scan_single_pass_kernel<sweep_gpu::RtcElem, sweep_gpu::RtcOp, 2, false,"
    " sweep_gpu::ScanTuning<sweep_gpu::RtcElem>>",
    "sweep_gpu::scan_single_pass_kernel<sweep_gpu::RtcElem, sweep_gpu::RtcOp, 3, false,"
    " sweep_gpu::ScanTuning<sweep_gpu::RtcElem>>",
    "sweep_gpu::scan_single_pass_kernel<sweep_gpu::RtcElem, sweep_gpu::RtcOp, 2, true,"
    " sweep_gpu::ScanTuning<sweep_gpu::RtcElem>>",
    "sweep_gpu::tile_block_kernel<sweep_gpu::RtcElem, sweep_gpu::RtcOp, false>",
    "sweep_gpu::tile_block_kernel<sweep_gpu::RtcElem, sweep_gpu::RtcOp, true>",
    "sweep_gpu::tile_sequential_kernel<sweep_gpu::RtcElem, sweep_gpu::RtcOp, false>",
    "sweep_gpu::tile_sequential_kernel<sweep_gpu::RtcElem, sweep_gpu::RtcOp, true>",
};
const char *const sweep_rtc_cmp_names[SWEEP_RTC_CMP_KERNELS] = {
    "sweep_gpu::rtc_tile_sort_kernel<sweep_gpu::RtcKey, sweep_gpu::RtcLess, false,"
    " sweep_gpu::RtcSortShape<sweep_gpu::RtcKey, false>>",
    "sweep_gpu::rtc_tile_sort_kernel<sweep_gpu::RtcKey, sweep_gpu::RtcLess, true,"
    " sweep_gpu::RtcSortShape<sweep_gpu::RtcKey, true>>",
    "sweep_gpu::rtc_merge_tiles_kernel<sweep_gpu::RtcKey, sweep_gpu::RtcLess, false, false,"
    " sweep_gpu::RtcSortShape<sweep_gpu::RtcKey, false>>",
    "sweep_gpu::rtc_merge_tiles_kernel<sweep_gpu::RtcKey, sweep_gpu::RtcLess, false, true,"
    " sweep_gpu::RtcSortShape<sweep_gpu::RtcKey, true>>",
    "sweep_gpu::rtc_merge_tiles_kernel<sweep_gpu::RtcKey, sweep_gpu::RtcLess, true, false,"
    " sweep_gpu::RtcSortShape<sweep_gpu::RtcKey, false>>",
    "sweep_gpu::rtc_merge_tiles_kernel<sweep_gpu::RtcKey, sweep_gpu::RtcLess, true, true,"
    " sweep_gpu::RtcSortShape<sweep_gpu::RtcKey, true>>",
    "sweep_gpu::rtc_merge_partition_kernel<sweep_gpu::RtcKey, sweep_gpu::RtcLess>",
    "sweep_gpu::rtc_merge_pairs_partition_kernel<sweep_gpu::RtcKey, sweep_gpu::RtcLess>",
    "sweep_gpu::rtc_tile_sort_wide_kernel<sweep_gpu::RtcKey, sweep_gpu::RtcLess>",
    "sweep_gpu::rtc_search_kernel<sweep_gpu::RtcKey, sweep_gpu::RtcLess>",
};

/* The compile-time tuning table of the plugin's build (tuning/tuning.cuh), handed to
 * the program so that its kernels have the shapes the plugin launches. */
#define SWEEP_RTC_TEXT(x) #x
#define SWEEP_RTC_VALUE(x) SWEEP_RTC_TEXT(x)
#if defined(SWEEP_GPU_TUNING_SM)
#define SWEEP_RTC_TUNING "#define SWEEP_GPU_TUNING_SM " SWEEP_RTC_VALUE(SWEEP_GPU_TUNING_SM) "\n"
#else
#define SWEEP_RTC_TUNING ""
#endif

const char *sweep_rtc_program_tuning(void) {
    return SWEEP_RTC_TUNING;
}

char *sweep_rtc_program_text(const sweep_rtc_request *req) {
    const char *tail =
        req->kind == SWEEP_RTC_OP ? "gpu/rtc/rtc_op_program.cuh" : "gpu/rtc/rtc_cmp_program.cuh";
    const size_t len = strlen(req->source) + strlen(req->name) + 512;
    char *t = (char *)malloc(len);
    if (!t) return NULL;
    snprintf(t, len,
             "#define SWEEP_RTC_FN %s\n#define SWEEP_RTC_SIZE %zu\n#define SWEEP_RTC_ALIGN %zu\n"
             "#define SWEEP_RTC_VALUE_SIZE %zu\n#define SWEEP_RTC_SAFE_SHAPES %d\n" SWEEP_RTC_TUNING
             "#include \"gpu/util/compat.cuh\"\n#line 1 \"device_source\"\n%s\n#include \"%s\"\n",
             req->name, req->size, req->align, req->value_size, req->safe_shapes, req->source,
             tail);
    return t;
}
