/*
 * cuda_nvrtc.cu -- NVRTC, found at run time: the plugin links no part of it, so
 * it loads (and serves built-in operators) on machines without the toolkit. Looked
 * for as the toolkit's soname, then under $CUDA_HOME, /usr/local/cuda and the
 * plugin's own folder.
 */
#include "cuda/cuda_nvrtc.h"
#include "gpu/rtc/rtc_compiler.h"
#include "gpu/rtc/rtc_library_search.h"

#include <cuda_runtime_api.h>
#include <nvrtc.h>
#include <pthread.h>

namespace {

RtcCompiler<nvrtcProgram, nvrtcResult, const char *const *> g_nvrtc = {
    "nvrtc",
    "NVRTC",
    {NVRTC_SUCCESS, NVRTC_ERROR_COMPILATION, NVRTC_ERROR_OUT_OF_MEMORY,
     NVRTC_ERROR_INVALID_OPTION}};

/* NVRTC's own calls: the architectures it knows, and its two kinds of code. */
struct Extra {
    nvrtcResult (*GetNumSupportedArchs)(int *);
    nvrtcResult (*GetSupportedArchs)(int *);
    nvrtcResult (*GetCUBINSize)(nvrtcProgram, size_t *);
    nvrtcResult (*GetCUBIN)(nvrtcProgram, char *);
    nvrtcResult (*GetPTXSize)(nvrtcProgram, size_t *);
    nvrtcResult (*GetPTX)(nvrtcProgram, char *);
    void *lib;
    int version;
    int archs[64];
    int narchs;
    char why[768];
} g_extra;
pthread_once_t g_once = PTHREAD_ONCE_INIT;

int bind_lib(void *lib, void *) {
    return g_nvrtc.bind(lib) &&
           g_nvrtc.symbol(lib, "GetNumSupportedArchs", &g_extra.GetNumSupportedArchs) &&
           g_nvrtc.symbol(lib, "GetSupportedArchs", &g_extra.GetSupportedArchs) &&
           g_nvrtc.symbol(lib, "GetCUBINSize", &g_extra.GetCUBINSize) &&
           g_nvrtc.symbol(lib, "GetCUBIN", &g_extra.GetCUBIN) &&
           g_nvrtc.symbol(lib, "GetPTXSize", &g_extra.GetPTXSize) &&
           g_nvrtc.symbol(lib, "GetPTX", &g_extra.GetPTX);
}

void load_once() {
    sweep_rtc_candidates cand = {};
    const int major = CUDART_VERSION / 1000;
    sweep_rtc_candidates_add(&cand, "libnvrtc.so.%d", major);
    sweep_rtc_candidates_add(&cand, "libnvrtc.so");
    const char *home = getenv("CUDA_HOME");
    if (home && *home) {
        sweep_rtc_candidates_add(&cand, "%s/lib64/libnvrtc.so.%d", home, major);
        sweep_rtc_candidates_add(&cand, "%s/lib64/libnvrtc.so", home);
    }
    sweep_rtc_candidates_add(&cand, "/usr/local/cuda/lib64/libnvrtc.so.%d", major);
    sweep_rtc_candidates_add(&cand, "/usr/local/cuda/lib64/libnvrtc.so");
    char dir[SWEEP_RTC_CANDIDATE_LEN];
    if (sweep_rtc_own_folder(dir, sizeof dir))
        sweep_rtc_candidates_add(&cand, "%s/libnvrtc.so.%d", dir, major);
    void *lib = sweep_rtc_open_first(&cand, bind_lib, NULL, g_extra.why, sizeof g_extra.why);
    if (!lib) return;
    g_extra.version = g_nvrtc.version();
    int na = 0;
    if (g_extra.GetNumSupportedArchs(&na) == NVRTC_SUCCESS && na > 0 && na <= 64 &&
        g_extra.GetSupportedArchs(g_extra.archs) == NVRTC_SUCCESS)
        g_extra.narchs = na;
    g_extra.lib = lib;
}

} // namespace

int sweep_rtc_nvrtc_available(char *why, size_t why_len, int *version) {
    pthread_once(&g_once, load_once);
    if (!g_extra.lib) {
        if (why && why_len)
            snprintf(why, why_len, "NVRTC (libnvrtc) cannot be loaded; looked for %s", g_extra.why);
        return 0;
    }
    if (version) *version = g_extra.version;
    return 1;
}

void sweep_rtc_nvrtc_target(int cc, char *opt, size_t len) {
    int best = 0;
    for (int i = 0; i < g_extra.narchs; ++i) {
        if (g_extra.archs[i] == cc) {
            snprintf(opt, len, "-arch=sm_%d", cc);
            return;
        }
        if (g_extra.archs[i] < cc && g_extra.archs[i] > best) best = g_extra.archs[i];
    }
    /* no list at all: ask for the device's own PTX and let NVRTC say if it cannot */
    snprintf(opt, len, "-arch=compute_%d", best ? best : cc);
}

sweep_status sweep_rtc_nvrtc_compile(const char *text, const char *target, const char *const *names,
                                     int nnames, sweep_rtc_image *img, char *log, size_t log_len) {
    const char *opts[] = {target, "-std=c++17", "-default-device", "-DNDEBUG"};
    /* a CUBIN for an architecture NVRTC knows, else PTX the driver finishes */
    const int cubin = strncmp(target, "-arch=sm_", 9) == 0;
    decltype(g_nvrtc)::Job job = {text,
                                  "sweep_custom.cu",
                                  opts,
                                  4,
                                  sweep_rtc_header_count,
                                  sweep_rtc_header_names,
                                  sweep_rtc_header_texts,
                                  names,
                                  nnames,
                                  cubin ? g_extra.GetCUBINSize : g_extra.GetPTXSize,
                                  cubin ? g_extra.GetCUBIN : g_extra.GetPTX,
                                  cubin};
    return g_nvrtc.compile(job, img, log, log_len);
}
