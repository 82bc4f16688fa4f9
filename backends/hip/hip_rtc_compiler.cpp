/*
 * hip_rtc_compiler.cpp -- hipRTC, found at run time, compiling the very programs
 * NVRTC compiles for the CUDA plugin (backends/gpu/rtc/rtc_program.cpp) into code
 * objects for one AMD target, through the shared driver of gpu/rtc/rtc_compiler.h. The plugin links
 * no part of hipRTC: ROCm 6 ships it as libhiprtc.so.6, ROCm 5 as libhiprtc.so.5 or (Debian's
 * ROCm 5.2) as hiprtc* symbols of libamdhip64 itself, so each is tried in turn.
 */
#include "hip_rtc_compiler.h"
#include "gpu/rtc/rtc_compiler.h"
#include "gpu/rtc/rtc_library_search.h"

#include <hip/hiprtc.h>
#include <pthread.h>

namespace {

RtcCompiler<hiprtcProgram, hiprtcResult, const char **> g_hiprtc = {
    "hiprtc",
    "hipRTC",
    {HIPRTC_SUCCESS, HIPRTC_ERROR_COMPILATION, HIPRTC_ERROR_OUT_OF_MEMORY,
     HIPRTC_ERROR_INVALID_OPTION}};

/* hipRTC's code object, and what loading it found. */
hiprtcResult (*g_code_size)(hiprtcProgram, size_t *);
hiprtcResult (*g_code)(hiprtcProgram, char *);
void *g_lib;
int g_version;
char g_why[768];
pthread_once_t g_once = PTHREAD_ONCE_INIT;

int bind_lib(void *lib, void *) {
    return g_hiprtc.bind(lib) && g_hiprtc.symbol(lib, "GetCodeSize", &g_code_size) &&
           g_hiprtc.symbol(lib, "GetCode", &g_code);
}

void load_once() {
    /* By soname, then in a ROCm tree the loader may not search ($ROCM_PATH, /opt/rocm);
     * the runtime's own hiprtc* last: a separate libhiprtc is the newer layout. */
    static const char *const own[] = {"libhiprtc.so.6", "libhiprtc.so.5", "libhiprtc.so"};
    static const char *const runtime[] = {"libamdhip64.so.6", "libamdhip64.so.5", "libamdhip64.so"};
    sweep_rtc_candidates cand = {};
    for (const char *name : own)
        sweep_rtc_candidates_add(&cand, "%s", name);
    const char *rocm = getenv("ROCM_PATH");
    if (rocm && *rocm) sweep_rtc_candidates_add(&cand, "%.400s/lib/libhiprtc.so", rocm);
    sweep_rtc_candidates_add(&cand, "/opt/rocm/lib/libhiprtc.so");
    for (const char *name : runtime)
        sweep_rtc_candidates_add(&cand, "%s", name);
    void *lib = sweep_rtc_open_first(&cand, bind_lib, NULL, g_why, sizeof g_why);
    if (!lib) return;
    g_version = g_hiprtc.version();
    g_lib = lib;
}

} // namespace

int sweep_hip_rtc_available(char *why, size_t why_len, int *version) {
    pthread_once(&g_once, load_once);
    if (!g_lib) {
        if (why && why_len) snprintf(why, why_len, "hipRTC cannot be loaded; looked for %s", g_why);
        return 0;
    }
    if (version) *version = g_version;
    return 1;
}

void sweep_hip_rtc_target(const char *gcn_arch_name, char *opt, size_t len) {
    /* gcnArchName carries feature flags ("gfx90a:sramecc+:xnack-"); hipRTC takes them
     * as they are, so the code object matches the device's mode */
    snprintf(opt, len, "--gpu-architecture=%s", gcn_arch_name);
}

sweep_status sweep_hip_rtc_compile(const char *text, const char *target, const char *const *names,
                                   int nnames, int nheaders, const char *const *header_names,
                                   const char *const *header_texts, sweep_rtc_image *img, char *log,
                                   size_t log_len) {
    const char *opts[] = {target, "-std=c++17", "-O3", "-DNDEBUG"};
    /* a code object: a binary for the device, not text for a driver to finish */
    decltype(g_hiprtc)::Job job = {text,     "sweep_custom.hip", opts,         4,
                                   nheaders, header_names,       header_texts, names,
                                   nnames,   g_code_size,        g_code,       1};
    return g_hiprtc.compile(job, img, log, log_len);
}
