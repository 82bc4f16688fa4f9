/*
 * rtc_library_search.c -- the dlopen search for a run-time compiler library, shared
 * by the NVRTC (backends/cuda/cuda_nvrtc.cu) and hipRTC (backends/hip/hip_rtc_compiler.cpp)
 * loaders.
 */
#define _GNU_SOURCE /* dladdr */
#include "gpu/rtc/rtc_library_search.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void sweep_rtc_candidates_add(sweep_rtc_candidates *list, const char *fmt, ...) {
    if (list->count >= SWEEP_RTC_MAX_CANDIDATES) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(list->path[list->count], sizeof list->path[0], fmt, ap);
    va_end(ap);
    ++list->count;
}

/* Any object of this file lies in the shared object whose folder is wanted; data
 * rather than a function, since ISO C has no conversion of a function pointer to
 * void *. */
static const char own_anchor;

int sweep_rtc_own_folder(char *out, size_t len) {
    if (!len) return 0;
    out[0] = '\0';
    Dl_info info;
    if (!dladdr(&own_anchor, &info) || !info.dli_fname) return 0;
    const char *slash = strrchr(info.dli_fname, '/');
    if (!slash) return 0;
    int dir = (int)(slash - info.dli_fname);
    if (dir > 400) dir = 400;
    snprintf(out, len, "%.*s", dir, info.dli_fname);
    return 1;
}

/* Appends ", s" (or s) to buf, cutting what does not fit. */
static void append(char *buf, size_t len, const char *s) {
    size_t used = strlen(buf);
    const char *parts[2] = {used ? ", " : "", s};
    for (int i = 0; i < 2; ++i)
        for (const char *p = parts[i]; *p && used + 1 < len; ++p)
            buf[used++] = *p;
    buf[used] = '\0';
}

void *sweep_rtc_open_first(const sweep_rtc_candidates *list, int (*bind)(void *lib, void *arg),
                           void *arg, char *why, size_t why_len) {
    if (why && why_len) why[0] = '\0';
    for (int i = 0; i < list->count; ++i) {
        void *lib = dlopen(list->path[i], RTLD_NOW | RTLD_LOCAL);
        if (lib && bind(lib, arg)) return lib;
        if (lib) dlclose(lib);
        if (why && why_len) append(why, why_len, list->path[i]);
    }
    return NULL;
}
