/*
 * rtc_compile_check.cu -- compiles the CUDA plugin's run-time programs (custom
 * operators and comparators, every kernel the plugin instantiates) with NVRTC for
 * the architectures given on the command line ("90" or "80,90"), without a GPU:
 * element sizes 1 to 32 bytes, by-value and const-reference signatures, and the
 * two kinds of bad source (a compile error, a type of the wrong size), which must
 * give SWEEP_ERR_INVALID_ARGUMENT with the compiler's words in the log.
 * Exit 0: all as expected; 1: a failure; 77: no NVRTC on this machine.
 */
#include "cuda/cuda_nvrtc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

namespace {

#include "rtc_check_programs.h"

int check(const Program &p, const char *target) {
    const sweep_rtc_request req = request_of(p);
    char *text = program_text(req, target);
    if (!text) return 0;
    const char *const *names = p.kind == SWEEP_RTC_OP ? sweep_rtc_op_names : sweep_rtc_cmp_names;
    const int nnames = kernel_count(p);
    static char log[1 << 16];
    sweep_rtc_image img;
    sweep_status st = sweep_rtc_nvrtc_compile(text, target, names, nnames, &img, log, sizeof log);
    free(text);
    int ok;
    if (!p.expect_in_log) {
        ok = st == SWEEP_OK && img.size > 0 && img.nkernels == nnames;
        if (!ok)
            printf("FAIL %s %s: status %d\n%s\n", target, p.name, (int)st, log);
        else
            printf("ok   %s %s (values %zu%s): %zu bytes, %d kernels\n", target, p.name,
                   p.value_size, p.safe_shapes ? ", safe shapes" : "", img.size, img.nkernels);
    } else {
        ok = refused_as_expected(p, target, st, log);
    }
    if (st == SWEEP_OK) sweep_rtc_image_free(&img);
    return ok;
}

} // namespace

int main(int argc, char **argv) {
    if (compiler_version("NVRTC", sweep_rtc_nvrtc_available) < 0) return 77;
    const char *archs = argc > 1 ? argv[1] : "90";
    int failures = 0, targets = 0;
    for (const char *p = archs; *p;) {
        const int cc = atoi(p);
        if (cc > 0) {
            char target[64];
            sweep_rtc_nvrtc_target(cc, target, sizeof target);
            ++targets;
            for (const Program &prog : kPrograms)
                failures += !check(prog, target);
        }
        p += strcspn(p, ",");
        if (*p == ',') ++p;
    }
    if (targets == 0) {
        printf("FAIL: no numeric architecture in '%s'\n", archs);
        return 1;
    }
    printf("%s: %d failure(s)\n", failures ? "FAIL" : "PASS", failures);
    return failures ? 1 : 0;
}
