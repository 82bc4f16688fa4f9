/*
 * rtc_compile_check_hip.cpp -- compiles the run-time programs of custom operators
 * and comparators (the very text and kernels the CUDA plugin hands NVRTC, from
 * backends/gpu/rtc/rtc_program.cpp) with hipRTC for the AMD targets given on the command line
 * ("gfx90a,gfx1030"), without a GPU, through the HIP plugin's own compile step
 * (hip_rtc_toolchain.cpp): element sizes 1 to 32 bytes, by-value and const-reference
 * signatures, both wavefront sizes, and the two kinds of bad source (a compile error,
 * a type of the wrong size), which must give SWEEP_ERR_INVALID_ARGUMENT with the
 * compiler's words in the log. Each program that compiles must also come back
 * byte for byte from the disk cache (backends/gpu/rtc/rtc_disk_cache.cpp, in a temporary folder),
 * and loading it with the module API must fail cleanly when there is no device (a status, nothing
 * left loaded), or succeed where there is one. Each target runs in a child process: a hipRTC that
 * does not know a target may crash rather than refuse it (ROCm 5.2 on gfx940), and that must be a
 * named failure of that target, not of the whole check. Exit 0: all as expected; 1: a failure; 77:
 * no hipRTC here, or it cannot compile even a trivial kernel without a device.
 */
#include "gpu/host/gpu_runtime.h"
#include "gpu/rtc/rtc_internal.h"
#include "hip/hip_rtc_compiler.h"

#include <hip/hip_runtime.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

#include "rtc_check_programs.h"

char g_log[1 << 16];
int g_version; /* hipRTC's, for the disk cache's key */

/* Whether the code object's string table holds name as a whole symbol name, which is
 * what hipModuleGetFunction will look up on a device. */
bool has_symbol(const sweep_rtc_image &img, const char *name) {
    const size_t n = strlen(name);
    const unsigned char *p = img.data, *end = img.data + img.size;
    while (p + n + 2 <= end) {
        const unsigned char *hit = (const unsigned char *)memchr(p, name[0], (size_t)(end - p));
        if (!hit || hit + n + 1 > end) return false;
        if (hit > img.data && hit[-1] == '\0' && memcmp(hit, name, n) == 0 && hit[n] == '\0')
            return true;
        p = hit + 1;
    }
    return false;
}

/* The image must come back unchanged from the disk cache. */
bool cache_round_trip(const sweep_rtc_request &req, const char *target,
                      const sweep_rtc_image &img) {
    char key[33];
    sweep_rtc_cache_key(&req, target, g_version, key);
    sweep_rtc_cache_store(key, req.kind, &img);
    sweep_rtc_image back;
    if (!sweep_rtc_cache_load(key, req.kind, &back)) return false;
    bool same = back.size == img.size && memcmp(back.data, img.data, img.size) == 0 &&
                back.nkernels == img.nkernels;
    for (int i = 0; same && i < img.nkernels; ++i)
        same = strcmp(back.lowered[i], img.lowered[i]) == 0;
    sweep_rtc_image_free(&back);
    return same;
}

/* Loading through the module API: a status and nothing loaded without a device; all
 * kernels found with one. */
bool load_behaves(const sweep_rtc_image &img, char *why, size_t len) {
    int devices = 0;
    const bool device = hipGetDeviceCount(&devices) == hipSuccess && devices > 0;
    (void)hipGetLastError();
    sweep_gpu_module module = &module; /* must be overwritten */
    sweep_gpu_kernel kernels[SWEEP_RTC_MAX_KERNELS];
    memset(kernels, 0, sizeof kernels);
    const hipError_t err = (hipError_t)sweep_rtc_load(&img, &module, kernels);
    (void)hipGetLastError();
    snprintf(why, len, "%s: %s, module %s", device ? "device" : "no device", hipGetErrorName(err),
             module ? "set" : "NULL");
    if (!device) return err != hipSuccess && module == NULL;
    bool all = err == hipSuccess && module != NULL;
    for (int i = 0; all && i < img.nkernels; ++i)
        all = kernels[i] != NULL;
    sweep_gpu_module_unload(module);
    return all;
}

int check(const Program &p, const char *target) {
    const sweep_rtc_request req = request_of(p);
    char *text = program_text(req, target);
    if (!text) return 0;
    const int nnames = kernel_count(p);
    sweep_rtc_image img;
    const sweep_status st = sweep_gpu_rtc_compile(&req, text, target, &img, g_log, sizeof g_log);
    free(text);
    int ok;
    if (!p.expect_in_log) {
        /* an AMDGPU code object is an ELF file; a lowered name is what
         * hipModuleGetFunction needs: it must be mangled C++ */
        ok = st == SWEEP_OK && img.size > 4 &&
             memcmp(img.data,
                    "\x7f"
                    "ELF",
                    4) == 0 &&
             img.nkernels == nnames;
        for (int i = 0; ok && i < img.nkernels; ++i)
            ok = strncmp(img.lowered[i], "_Z", 2) == 0 && has_symbol(img, img.lowered[i]);
        char load[160] = "";
        if (!ok) {
            printf("FAIL %s %s: status %d, or a kernel missing from the code object\n%s\n", target,
                   p.name, (int)st, g_log);
        } else if (!cache_round_trip(req, target, img)) {
            printf("FAIL %s %s: the disk cache did not give the image back\n", target, p.name);
            ok = 0;
        } else if (!load_behaves(img, load, sizeof load)) {
            printf("FAIL %s %s: module load (%s)\n", target, p.name, load);
            ok = 0;
        } else {
            printf("ok   %s %s (values %zu%s): %zu bytes, %d kernels, cached; load (%s)\n", target,
                   p.name, p.value_size, p.safe_shapes ? ", safe shapes" : "", img.size,
                   img.nkernels, load);
        }
    } else {
        ok = refused_as_expected(p, target, st, g_log);
    }
    if (st == SWEEP_OK) sweep_rtc_image_free(&img);
    return ok;
}

/* Runs fn(arch) in a child: its exit status, or -signal when it crashed. */
int in_child(int (*fn)(const char *), const char *arch) {
    fflush(stdout);
    const pid_t pid = fork();
    if (pid < 0) return -1000;
    if (pid == 0) {
        const int rc = fn(arch);
        fflush(stdout);
        _exit(rc);
    }
    int status = 0;
    if (waitpid(pid, &status, 0) != pid) return -1000;
    if (WIFSIGNALED(status)) return -WTERMSIG(status);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1000;
}

/* 0 when this hipRTC compiles a trivial kernel for arch without a device: some
 * builds cannot (ROCm 5.2 crashes on gfx940), which says nothing of sweep's programs. */
int probe(const char *arch) {
    static const char *const names[] = {"sweep_probe"};
    char target[128];
    sweep_hip_rtc_target(arch, target, sizeof target);
    sweep_rtc_image code;
    const sweep_status st = sweep_hip_rtc_compile(
        "extern \"C\" __global__ void sweep_probe(int *p) { p[threadIdx.x] = 1; }\n", target, names,
        1, 0, NULL, NULL, &code, g_log, sizeof g_log);
    if (st != SWEEP_OK) {
        printf("%s\n", g_log);
        return 1;
    }
    sweep_rtc_image_free(&code);
    return 0;
}

/* Every program for one target: the failure count. */
int check_all(const char *arch) {
    char target[128];
    sweep_hip_rtc_target(arch, target, sizeof target);
    int failures = 0;
    for (const Program &prog : kPrograms)
        failures += !check(prog, target);
    return failures > 100 ? 100 : failures;
}

/* Empties and removes the temporary cache folder. */
void remove_cache(const char *dir) {
    DIR *d = opendir(dir);
    if (d) {
        char path[4200];
        for (struct dirent *e; (e = readdir(d)) != NULL;) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            (void)unlink(path);
        }
        closedir(d);
    }
    (void)rmdir(dir);
}

} // namespace

int main(int argc, char **argv) {
    g_version = compiler_version("hipRTC", sweep_hip_rtc_available);
    if (g_version < 0) return 77;
    char cache[] = "/tmp/sweep-rtc-hip-XXXXXX";
    if (!mkdtemp(cache) || setenv("SWEEP_CACHE_DIR", cache, 1) != 0) {
        printf("FAIL: no temporary cache folder\n");
        return 1;
    }
    const char *archs = argc > 1 ? argv[1] : "gfx90a";
    int failures = 0, targets = 0, checked = 0;
    for (const char *p = archs; *p;) {
        const size_t len = strcspn(p, ",");
        if (len > 0 && len < 64) {
            char arch[64];
            memcpy(arch, p, len);
            arch[len] = '\0';
            ++targets;
            const int pr = in_child(probe, arch);
            if (pr != 0) {
                printf("skip %s: this hipRTC cannot compile a trivial kernel for it (%s %d)\n",
                       arch, pr < 0 ? "signal" : "status", pr < 0 ? -pr : pr);
            } else {
                ++checked;
                const int rc = in_child(check_all, arch);
                if (rc < 0) printf("FAIL %s: hipRTC crashed (signal %d)\n", arch, -rc);
                failures += rc < 0 ? 1 : rc;
            }
        }
        p += len;
        if (*p == ',') ++p;
    }
    remove_cache(cache);
    if (targets == 0) {
        printf("FAIL: no target in '%s'\n", archs);
        return 1;
    }
    if (checked == 0) {
        printf("skip: hipRTC compiles for none of %s without a device\n", archs);
        return 77;
    }
    printf("%s: %d failure(s), %d of %d target(s) checked\n", failures ? "FAIL" : "PASS", failures,
           checked, targets);
    return failures ? 1 : 0;
}
