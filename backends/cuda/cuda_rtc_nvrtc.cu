/*
 * cuda_rtc_nvrtc.cu -- NVRTC, found at run time: the plugin links no part of it, so
 * it loads (and serves built-in operators) on machines without the toolkit. Looked
 * for as the toolkit's soname, then under $CUDA_HOME, /usr/local/cuda and the
 * plugin's own folder.
 */
#include "cuda_rtc_internal.h"
#include "rtc_library_search.h"

#include <dlfcn.h>
#include <nvrtc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

namespace {

struct Nvrtc {
    const char *(*GetErrorString)(nvrtcResult);
    nvrtcResult (*Version)(int *, int *);
    nvrtcResult (*GetNumSupportedArchs)(int *);
    nvrtcResult (*GetSupportedArchs)(int *);
    nvrtcResult (*CreateProgram)(nvrtcProgram *, const char *, const char *, int,
                                 const char *const *, const char *const *);
    nvrtcResult (*DestroyProgram)(nvrtcProgram *);
    nvrtcResult (*CompileProgram)(nvrtcProgram, int, const char *const *);
    nvrtcResult (*GetProgramLogSize)(nvrtcProgram, size_t *);
    nvrtcResult (*GetProgramLog)(nvrtcProgram, char *);
    nvrtcResult (*GetCUBINSize)(nvrtcProgram, size_t *);
    nvrtcResult (*GetCUBIN)(nvrtcProgram, char *);
    nvrtcResult (*GetPTXSize)(nvrtcProgram, size_t *);
    nvrtcResult (*GetPTX)(nvrtcProgram, char *);
    nvrtcResult (*AddNameExpression)(nvrtcProgram, const char *);
    nvrtcResult (*GetLoweredName)(nvrtcProgram, const char *, const char **);
    void *lib;
    int version;
    int archs[64];
    int narchs;
    char why[768];
};

Nvrtc g_nvrtc;
pthread_once_t g_once = PTHREAD_ONCE_INIT;

bool bind_all(void *lib) {
#define SWEEP_NVRTC_SYM(f)                                                                         \
    do {                                                                                           \
        void *s = dlsym(lib, "nvrtc" #f);                                                          \
        if (!s) return false;                                                                      \
        memcpy(&g_nvrtc.f, &s, sizeof s);                                                          \
    } while (0)
    SWEEP_NVRTC_SYM(GetErrorString);
    SWEEP_NVRTC_SYM(Version);
    SWEEP_NVRTC_SYM(GetNumSupportedArchs);
    SWEEP_NVRTC_SYM(GetSupportedArchs);
    SWEEP_NVRTC_SYM(CreateProgram);
    SWEEP_NVRTC_SYM(DestroyProgram);
    SWEEP_NVRTC_SYM(CompileProgram);
    SWEEP_NVRTC_SYM(GetProgramLogSize);
    SWEEP_NVRTC_SYM(GetProgramLog);
    SWEEP_NVRTC_SYM(GetCUBINSize);
    SWEEP_NVRTC_SYM(GetCUBIN);
    SWEEP_NVRTC_SYM(GetPTXSize);
    SWEEP_NVRTC_SYM(GetPTX);
    SWEEP_NVRTC_SYM(AddNameExpression);
    SWEEP_NVRTC_SYM(GetLoweredName);
#undef SWEEP_NVRTC_SYM
    return true;
}

int bind_lib(void *lib, void *) {
    return bind_all(lib);
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
    void *lib = sweep_rtc_open_first(&cand, bind_lib, NULL, g_nvrtc.why, sizeof g_nvrtc.why);
    if (!lib) return;
    int ma = 0, mi = 0;
    if (g_nvrtc.Version(&ma, &mi) != NVRTC_SUCCESS) ma = mi = 0;
    g_nvrtc.version = ma * 1000 + mi * 10;
    int na = 0;
    if (g_nvrtc.GetNumSupportedArchs(&na) == NVRTC_SUCCESS && na > 0 && na <= 64 &&
        g_nvrtc.GetSupportedArchs(g_nvrtc.archs) == NVRTC_SUCCESS)
        g_nvrtc.narchs = na;
    g_nvrtc.lib = lib;
}

} // namespace

int sweep_rtc_nvrtc_available(char *why, size_t why_len, int *version) {
    pthread_once(&g_once, load_once);
    if (!g_nvrtc.lib) {
        if (why && why_len)
            snprintf(why, why_len, "NVRTC (libnvrtc) cannot be loaded; looked for %s", g_nvrtc.why);
        return 0;
    }
    if (version) *version = g_nvrtc.version;
    return 1;
}

void sweep_rtc_nvrtc_target(int cc, char *opt, size_t len) {
    int best = 0;
    for (int i = 0; i < g_nvrtc.narchs; ++i) {
        if (g_nvrtc.archs[i] == cc) {
            snprintf(opt, len, "-arch=sm_%d", cc);
            return;
        }
        if (g_nvrtc.archs[i] < cc && g_nvrtc.archs[i] > best) best = g_nvrtc.archs[i];
    }
    /* no list at all: ask for the device's own PTX and let NVRTC say if it cannot */
    snprintf(opt, len, "-arch=compute_%d", best ? best : cc);
}

static sweep_status nvrtc_error(const char *what, nvrtcResult r, char *log, size_t log_len) {
    snprintf(log, log_len, "NVRTC %s failed: %s", what, g_nvrtc.GetErrorString(r));
    /* an option NVRTC refuses is the target: a device older than it supports */
    return r == NVRTC_ERROR_OUT_OF_MEMORY    ? SWEEP_ERR_OUT_OF_MEMORY
           : r == NVRTC_ERROR_INVALID_OPTION ? SWEEP_ERR_UNSUPPORTED
                                             : SWEEP_ERR_INTERNAL;
}

sweep_status sweep_rtc_nvrtc_compile(const char *text, const char *target, const char *const *names,
                                     int nnames, sweep_rtc_image *img, char *log, size_t log_len) {
    memset(img, 0, sizeof *img);
    log[0] = '\0';
    nvrtcProgram prog;
    nvrtcResult r = g_nvrtc.CreateProgram(&prog, text, "sweep_custom.cu", sweep_rtc_header_count,
                                          sweep_rtc_header_texts, sweep_rtc_header_names);
    if (r != NVRTC_SUCCESS) return nvrtc_error("program creation", r, log, log_len);
    sweep_status st = SWEEP_OK;
    for (int i = 0; i < nnames && st == SWEEP_OK; ++i) {
        r = g_nvrtc.AddNameExpression(prog, names[i]);
        if (r != NVRTC_SUCCESS) st = nvrtc_error("name expression", r, log, log_len);
    }
    if (st == SWEEP_OK) {
        const char *opts[] = {target, "-std=c++17", "-default-device", "-DNDEBUG"};
        r = g_nvrtc.CompileProgram(prog, 4, opts);
        if (r == NVRTC_ERROR_COMPILATION) {
            size_t n = 0;
            if (g_nvrtc.GetProgramLogSize(prog, &n) == NVRTC_SUCCESS && n > 1) {
                char *full = (char *)malloc(n);
                if (full && g_nvrtc.GetProgramLog(prog, full) == NVRTC_SUCCESS)
                    snprintf(log, log_len, "%s", full);
                free(full);
            }
            st = SWEEP_ERR_INVALID_ARGUMENT;
        } else if (r != NVRTC_SUCCESS) {
            st = nvrtc_error("compilation", r, log, log_len);
        }
    }
    if (st == SWEEP_OK) {
        const int cubin = strncmp(target, "-arch=sm_", 9) == 0;
        size_t n = 0;
        r = cubin ? g_nvrtc.GetCUBINSize(prog, &n) : g_nvrtc.GetPTXSize(prog, &n);
        if (r == NVRTC_SUCCESS) {
            img->data = (unsigned char *)malloc(n + 1);
            if (!img->data) {
                st = SWEEP_ERR_OUT_OF_MEMORY;
                snprintf(log, log_len, "out of host memory");
            } else {
                r = cubin ? g_nvrtc.GetCUBIN(prog, (char *)img->data)
                          : g_nvrtc.GetPTX(prog, (char *)img->data);
                img->data[n] = 0;
                img->size = n;
                img->is_cubin = cubin;
            }
        }
        if (st == SWEEP_OK && r != NVRTC_SUCCESS) st = nvrtc_error("image", r, log, log_len);
    }
    for (int i = 0; i < nnames && st == SWEEP_OK; ++i) {
        const char *lowered = NULL;
        r = g_nvrtc.GetLoweredName(prog, names[i], &lowered);
        if (r != NVRTC_SUCCESS || !lowered) {
            st = nvrtc_error("lowered name", r, log, log_len);
            break;
        }
        img->lowered[i] = strdup(lowered);
        img->nkernels = i + 1;
        if (!img->lowered[i]) {
            st = SWEEP_ERR_OUT_OF_MEMORY;
            snprintf(log, log_len, "out of host memory");
        }
    }
    (void)g_nvrtc.DestroyProgram(&prog);
    if (st != SWEEP_OK) sweep_rtc_image_free(img);
    return st;
}
