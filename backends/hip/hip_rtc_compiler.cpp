/*
 * hip_rtc_compiler.cpp -- hipRTC, found at run time, compiling the very programs
 * NVRTC compiles for the CUDA plugin (cuda_rtc_program.cu) into code objects for
 * one AMD target. The plugin links no part of hipRTC: ROCm 6 ships it as
 * libhiprtc.so.6, ROCm 5 as libhiprtc.so.5 or (Debian's ROCm 5.2) as hiprtc*
 * symbols of libamdhip64 itself, so each is tried in turn.
 */
#include "hip_rtc_compiler.h"
#include "cuda/rtc_library_search.h"

#include <dlfcn.h>
#include <hip/hiprtc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

namespace {

struct Hiprtc {
    const char *(*GetErrorString)(hiprtcResult);
    hiprtcResult (*Version)(int *, int *);
    hiprtcResult (*CreateProgram)(hiprtcProgram *, const char *, const char *, int, const char **,
                                  const char **);
    hiprtcResult (*DestroyProgram)(hiprtcProgram *);
    hiprtcResult (*CompileProgram)(hiprtcProgram, int, const char **);
    hiprtcResult (*GetProgramLogSize)(hiprtcProgram, size_t *);
    hiprtcResult (*GetProgramLog)(hiprtcProgram, char *);
    hiprtcResult (*GetCodeSize)(hiprtcProgram, size_t *);
    hiprtcResult (*GetCode)(hiprtcProgram, char *);
    hiprtcResult (*AddNameExpression)(hiprtcProgram, const char *);
    hiprtcResult (*GetLoweredName)(hiprtcProgram, const char *, const char **);
    void *lib;
    int version;
    char why[768];
};

Hiprtc g_hiprtc;
pthread_once_t g_once = PTHREAD_ONCE_INIT;

bool bind_all(void *lib) {
#define SWEEP_HIPRTC_SYM(f)                                                                        \
    do {                                                                                           \
        void *s = dlsym(lib, "hiprtc" #f);                                                         \
        if (!s) return false;                                                                      \
        memcpy(&g_hiprtc.f, &s, sizeof s);                                                         \
    } while (0)
    SWEEP_HIPRTC_SYM(GetErrorString);
    SWEEP_HIPRTC_SYM(Version);
    SWEEP_HIPRTC_SYM(CreateProgram);
    SWEEP_HIPRTC_SYM(DestroyProgram);
    SWEEP_HIPRTC_SYM(CompileProgram);
    SWEEP_HIPRTC_SYM(GetProgramLogSize);
    SWEEP_HIPRTC_SYM(GetProgramLog);
    SWEEP_HIPRTC_SYM(GetCodeSize);
    SWEEP_HIPRTC_SYM(GetCode);
    SWEEP_HIPRTC_SYM(AddNameExpression);
    SWEEP_HIPRTC_SYM(GetLoweredName);
#undef SWEEP_HIPRTC_SYM
    return true;
}

int bind_lib(void *lib, void *) {
    return bind_all(lib);
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
    void *lib = sweep_rtc_open_first(&cand, bind_lib, NULL, g_hiprtc.why, sizeof g_hiprtc.why);
    if (!lib) return;
    int ma = 0, mi = 0;
    if (g_hiprtc.Version(&ma, &mi) != HIPRTC_SUCCESS) ma = mi = 0;
    g_hiprtc.version = ma * 1000 + mi * 10;
    g_hiprtc.lib = lib;
}

sweep_status hiprtc_error(const char *what, hiprtcResult r, char *log, size_t log_len) {
    snprintf(log, log_len, "hipRTC %s failed: %s", what, g_hiprtc.GetErrorString(r));
    return r == HIPRTC_ERROR_OUT_OF_MEMORY    ? SWEEP_ERR_OUT_OF_MEMORY
           : r == HIPRTC_ERROR_INVALID_OPTION ? SWEEP_ERR_UNSUPPORTED
                                              : SWEEP_ERR_INTERNAL;
}

} // namespace

int sweep_hip_rtc_available(char *why, size_t why_len, int *version) {
    pthread_once(&g_once, load_once);
    if (!g_hiprtc.lib) {
        if (why && why_len)
            snprintf(why, why_len, "hipRTC cannot be loaded; looked for %s", g_hiprtc.why);
        return 0;
    }
    if (version) *version = g_hiprtc.version;
    return 1;
}

void sweep_hip_rtc_target(const char *gcn_arch_name, char *opt, size_t len) {
    /* gcnArchName carries feature flags ("gfx90a:sramecc+:xnack-"); hipRTC takes them
     * as they are, so the code object matches the device's mode */
    snprintf(opt, len, "--gpu-architecture=%s", gcn_arch_name);
}

void sweep_hip_rtc_code_free(sweep_hip_rtc_code *code) {
    free(code->data);
    for (int i = 0; i < code->nkernels; ++i)
        free(code->lowered[i]);
    memset(code, 0, sizeof *code);
}

sweep_status sweep_hip_rtc_compile(const char *text, const char *target, const char *const *names,
                                   int nnames, int nheaders, const char *const *header_names,
                                   const char *const *header_texts, sweep_hip_rtc_code *code,
                                   char *log, size_t log_len) {
    memset(code, 0, sizeof *code);
    log[0] = '\0';
    if (nnames > SWEEP_HIP_RTC_MAX_KERNELS) {
        snprintf(log, log_len, "too many kernels (%d)", nnames);
        return SWEEP_ERR_INTERNAL;
    }
    hiprtcProgram prog;
    hiprtcResult r =
        g_hiprtc.CreateProgram(&prog, text, "sweep_custom.hip", nheaders,
                               (const char **)header_texts, (const char **)header_names);
    if (r != HIPRTC_SUCCESS) return hiprtc_error("program creation", r, log, log_len);
    sweep_status st = SWEEP_OK;
    for (int i = 0; i < nnames && st == SWEEP_OK; ++i) {
        r = g_hiprtc.AddNameExpression(prog, names[i]);
        if (r != HIPRTC_SUCCESS) st = hiprtc_error("name expression", r, log, log_len);
    }
    if (st == SWEEP_OK) {
        const char *opts[] = {target, "-std=c++17", "-O3", "-DNDEBUG"};
        r = g_hiprtc.CompileProgram(prog, 4, opts);
        if (r == HIPRTC_ERROR_COMPILATION) {
            size_t n = 0;
            if (g_hiprtc.GetProgramLogSize(prog, &n) == HIPRTC_SUCCESS && n > 1) {
                char *full = (char *)malloc(n);
                if (full && g_hiprtc.GetProgramLog(prog, full) == HIPRTC_SUCCESS)
                    snprintf(log, log_len, "%s", full);
                free(full);
            }
            st = SWEEP_ERR_INVALID_ARGUMENT;
        } else if (r != HIPRTC_SUCCESS) {
            st = hiprtc_error("compilation", r, log, log_len);
        }
    }
    if (st == SWEEP_OK) {
        size_t n = 0;
        r = g_hiprtc.GetCodeSize(prog, &n);
        if (r == HIPRTC_SUCCESS && n == 0) {
            snprintf(log, log_len, "hipRTC produced no code object for %s", target);
            st = SWEEP_ERR_UNSUPPORTED;
        } else if (r == HIPRTC_SUCCESS) {
            code->data = (unsigned char *)malloc(n);
            if (!code->data) {
                st = SWEEP_ERR_OUT_OF_MEMORY;
                snprintf(log, log_len, "out of host memory");
            } else {
                r = g_hiprtc.GetCode(prog, (char *)code->data);
                code->size = n;
            }
        }
        if (st == SWEEP_OK && r != HIPRTC_SUCCESS) st = hiprtc_error("code", r, log, log_len);
    }
    for (int i = 0; i < nnames && st == SWEEP_OK; ++i) {
        const char *lowered = NULL;
        r = g_hiprtc.GetLoweredName(prog, names[i], &lowered);
        if (r != HIPRTC_SUCCESS || !lowered) {
            char what[320];
            snprintf(what, sizeof what, "lowered name of %.280s", names[i]);
            st = hiprtc_error(what, r, log, log_len);
            break;
        }
        code->lowered[i] = strdup(lowered);
        code->nkernels = i + 1;
        if (!code->lowered[i]) {
            st = SWEEP_ERR_OUT_OF_MEMORY;
            snprintf(log, log_len, "out of host memory");
        }
    }
    (void)g_hiprtc.DestroyProgram(&prog);
    if (st != SWEEP_OK) sweep_hip_rtc_code_free(code);
    return st;
}
