/*
 * rtc_compiler.h -- a run-time compiler opened with dlopen, as both plugins use one:
 * NVRTC (backends/cuda/cuda_nvrtc.cu) and hipRTC (backends/hip/hip_rtc_compiler.cpp)
 * have the same calls under their own prefix ("nvrtc", "hiprtc") and compile a
 * program the same way: the program with its headers, the kernels' name expressions,
 * the options, the log on a compile error, the compiled code, the lowered names. This
 * is that way, once; each plugin adds how it finds the library, its options and
 * which code it takes.
 */
#ifndef SWEEP_GPU_RTC_COMPILER_H
#define SWEEP_GPU_RTC_COMPILER_H

#include "gpu/rtc/rtc_internal.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The results the driver tells apart (each compiler's own enum values). */
template <class R> struct RtcResults { R success, compilation, out_of_memory, invalid_option; };

/* A compiler's calls: P its program handle, R its result type, S its type of string
 * arrays (nvrtc takes const char *const *, hiprtc const char **). */
template <class P, class R, class S> struct RtcCompiler {
    const char *prefix; /* of its symbols */
    const char *name;   /* in messages */
    RtcResults<R> results;
    const char *(*GetErrorString)(R) = nullptr;
    R (*Version)(int *, int *) = nullptr;
    R (*CreateProgram)(P *, const char *, const char *, int, S, S) = nullptr;
    R (*DestroyProgram)(P *) = nullptr;
    R (*CompileProgram)(P, int, S) = nullptr;
    R (*GetProgramLogSize)(P, size_t *) = nullptr;
    R (*GetProgramLog)(P, char *) = nullptr;
    R (*AddNameExpression)(P, const char *) = nullptr;
    R (*GetLoweredName)(P, const char *, const char **) = nullptr;

    /* Unbound until bind(). */
    RtcCompiler(const char *prefix_, const char *name_, RtcResults<R> results_)
        : prefix(prefix_), name(name_), results(results_) {}

    /* *f = the library's <prefix><call>; false where it has none. */
    template <class F> bool symbol(void *lib, const char *call, F *f) const {
        char full[96];
        snprintf(full, sizeof full, "%s%s", prefix, call);
        void *s = dlsym(lib, full);
        if (!s) return false;
        memcpy(f, &s, sizeof s);
        return true;
    }

    /* The calls every compiler has, from lib; false where one is missing. */
    bool bind(void *lib) {
        return symbol(lib, "GetErrorString", &GetErrorString) && symbol(lib, "Version", &Version) &&
               symbol(lib, "CreateProgram", &CreateProgram) &&
               symbol(lib, "DestroyProgram", &DestroyProgram) &&
               symbol(lib, "CompileProgram", &CompileProgram) &&
               symbol(lib, "GetProgramLogSize", &GetProgramLogSize) &&
               symbol(lib, "GetProgramLog", &GetProgramLog) &&
               symbol(lib, "AddNameExpression", &AddNameExpression) &&
               symbol(lib, "GetLoweredName", &GetLoweredName);
    }

    /* The compiler's version, major * 1000 + minor * 10 (0 if it does not say). */
    int version() const {
        int ma = 0, mi = 0;
        if (Version(&ma, &mi) != results.success) ma = mi = 0;
        return ma * 1000 + mi * 10;
    }

    /* "<name> <what> failed: <its words>" in log, and the status it maps to. */
    sweep_status failed(const char *what, R r, char *log, size_t log_len) const {
        snprintf(log, log_len, "%s %s failed: %s", name, what, GetErrorString(r));
        /* an option the compiler refuses is the target: a device it does not know */
        return r == results.out_of_memory    ? SWEEP_ERR_OUT_OF_MEMORY
               : r == results.invalid_option ? SWEEP_ERR_UNSUPPORTED
                                             : SWEEP_ERR_INTERNAL;
    }

    /* What a compile needs besides the compiler. The code comes from code_size and code
     * (the compiler's calls for the kind of code wanted); binary: it is a binary for the
     * device (the image's is_cubin), else text a driver finishes. */
    struct Job {
        const char *text;
        const char *file; /* the program's name in the log */
        const char *const *options;
        int noptions;
        int nheaders;
        const char *const *header_names, *const *header_texts;
        const char *const *names; /* the kernels' name expressions */
        int nnames;
        R (*code_size)(P, size_t *);
        R (*code)(P, char *);
        int binary;
    };

    /* Compiles job into img: its code (NUL-terminated) and the lowered names, in order.
     * A compile error gives SWEEP_ERR_INVALID_ARGUMENT with the compiler's log in log
     * (truncated); other failures another status with a reason. */
    sweep_status compile(const Job &job, sweep_rtc_image *img, char *log, size_t log_len) const {
        memset(img, 0, sizeof *img);
        log[0] = '\0';
        if (job.nnames > SWEEP_RTC_MAX_KERNELS) {
            snprintf(log, log_len, "too many kernels (%d)", job.nnames);
            return SWEEP_ERR_INTERNAL;
        }
        P prog;
        R r = CreateProgram(&prog, job.text, job.file, job.nheaders, (S)job.header_texts,
                            (S)job.header_names);
        if (r != results.success) return failed("program creation", r, log, log_len);
        sweep_status st = SWEEP_OK;
        for (int i = 0; i < job.nnames && st == SWEEP_OK; ++i) {
            r = AddNameExpression(prog, job.names[i]);
            if (r != results.success) st = failed("name expression", r, log, log_len);
        }
        if (st == SWEEP_OK) {
            r = CompileProgram(prog, job.noptions, (S)job.options);
            if (r == results.compilation) {
                size_t n = 0;
                if (GetProgramLogSize(prog, &n) == results.success && n > 1) {
                    char *full = (char *)malloc(n);
                    if (full && GetProgramLog(prog, full) == results.success)
                        snprintf(log, log_len, "%s", full);
                    free(full);
                }
                st = SWEEP_ERR_INVALID_ARGUMENT;
            } else if (r != results.success) {
                st = failed("compilation", r, log, log_len);
            }
        }
        if (st == SWEEP_OK) st = take_code(job, prog, img, log, log_len);
        for (int i = 0; i < job.nnames && st == SWEEP_OK; ++i) {
            const char *lowered = NULL;
            r = GetLoweredName(prog, job.names[i], &lowered);
            if (r != results.success || !lowered) {
                char what[320];
                snprintf(what, sizeof what, "lowered name of %.280s", job.names[i]);
                st = failed(what, r, log, log_len);
                break;
            }
            img->lowered[i] = strdup(lowered);
            img->nkernels = i + 1;
            if (!img->lowered[i]) {
                st = SWEEP_ERR_OUT_OF_MEMORY;
                snprintf(log, log_len, "out of host memory");
            }
        }
        (void)DestroyProgram(&prog);
        if (st != SWEEP_OK) sweep_rtc_image_free(img);
        return st;
    }

  private:
    sweep_status take_code(const Job &job, P prog, sweep_rtc_image *img, char *log,
                           size_t log_len) const {
        size_t n = 0;
        R r = job.code_size(prog, &n);
        if (r != results.success) return failed("code", r, log, log_len);
        if (n == 0) {
            snprintf(log, log_len, "%s produced no code for %s", name, job.options[0]);
            return SWEEP_ERR_UNSUPPORTED;
        }
        img->data = (unsigned char *)malloc(n + 1);
        if (!img->data) {
            snprintf(log, log_len, "out of host memory");
            return SWEEP_ERR_OUT_OF_MEMORY;
        }
        r = job.code(prog, (char *)img->data);
        img->data[n] = 0;
        img->size = n;
        img->is_cubin = job.binary;
        return r == results.success ? SWEEP_OK : failed("code", r, log, log_len);
    }
};

#endif /* SWEEP_GPU_RTC_COMPILER_H */
