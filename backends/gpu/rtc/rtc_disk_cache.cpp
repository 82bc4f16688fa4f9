/*
 * rtc_disk_cache.cpp -- compiled programs on disk, so a second process skips the
 * compiler (NVRTC or hipRTC).
 * Folder: $SWEEP_CACHE_DIR, else $XDG_CACHE_HOME/sweep, else $HOME/.cache/sweep.
 * An entry's name is a hash of everything that shapes the image: the user's source
 * and function name, element size and alignment, program kind, compile target, the
 * build's tuning table, compiler version, sweep version and the embedded headers'
 * text. Entries are written to a temporary file and renamed into place, so readers
 * never see half of one; any failure only means no disk cache.
 */
#include "gpu/rtc/rtc_internal.h"

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

const char kMagic[8] = {'S', 'W', 'P', 'R', 'T', 'C', '0', '1'};

struct Fnv2 {
    uint64_t a = 0xcbf29ce484222325ull, b = 0x84222325cbf29ce4ull;
    void bytes(const void *p, size_t n) {
        const unsigned char *c = (const unsigned char *)p;
        for (size_t i = 0; i < n; ++i) {
            a = (a ^ c[i]) * 0x100000001b3ull;
            b = (b ^ c[i]) * 0x100000001b3ull;
            b ^= b >> 29;
        }
    }
    /* Length first, so ("ab", "c") and ("a", "bc") differ. */
    void field(const void *p, size_t n) {
        uint64_t len = n;
        bytes(&len, sizeof len);
        bytes(p, n);
    }
    void str(const char *s) {
        field(s ? s : "", s ? strlen(s) : 0);
    }
    void num(uint64_t v) {
        field(&v, sizeof v);
    }
};

uint64_t g_headers_hash[2];
pthread_once_t g_headers_once = PTHREAD_ONCE_INIT;
void hash_headers() {
    Fnv2 h;
    for (int i = 0; i < sweep_rtc_header_count; ++i) {
        h.str(sweep_rtc_header_names[i]);
        h.str(sweep_rtc_header_texts[i]);
    }
    g_headers_hash[0] = h.a;
    g_headers_hash[1] = h.b;
}

bool cache_dir(char *dir, size_t len) {
    const char *s = getenv("SWEEP_CACHE_DIR");
    if (s && *s) return snprintf(dir, len, "%s", s) < (int)len;
    s = getenv("XDG_CACHE_HOME");
    if (s && *s) return snprintf(dir, len, "%s/sweep", s) < (int)len;
    s = getenv("HOME");
    if (s && *s) return snprintf(dir, len, "%s/.cache/sweep", s) < (int)len;
    return false;
}

/* mkdir -p; true when the folder exists afterwards. */
bool make_dirs(char *path) {
    for (char *p = path + 1; *p; ++p) {
        if (*p != '/') continue;
        *p = '\0';
        const int r = mkdir(path, 0755);
        *p = '/';
        if (r != 0 && errno != EEXIST) return false;
    }
    return mkdir(path, 0755) == 0 || errno == EEXIST;
}

bool entry_path(const char *key, char *path, size_t len) {
    char dir[768];
    if (!cache_dir(dir, sizeof dir)) return false;
    return snprintf(path, len, "%s/rtc-%s.bin", dir, key) < (int)len;
}

bool read_exact(FILE *f, void *p, size_t n) {
    return fread(p, 1, n, f) == n;
}
bool write_exact(FILE *f, const void *p, size_t n) {
    return fwrite(p, 1, n, f) == n;
}

} // namespace

void sweep_rtc_cache_key(const sweep_rtc_request *req, const char *target, int compiler_version,
                         char hex[33]) {
    pthread_once(&g_headers_once, hash_headers);
    Fnv2 h;
    h.num((uint64_t)req->kind);
    h.str(req->name);
    h.str(req->source);
    h.num(req->size);
    h.num(req->align);
    h.num(req->value_size);
    h.num((uint64_t)req->safe_shapes);
    const bool op = req->kind == SWEEP_RTC_OP;
    for (int i = 0; i < (op ? (int)SWEEP_RTC_OP_KERNELS : (int)SWEEP_RTC_CMP_KERNELS); ++i)
        h.str(op ? sweep_rtc_op_names[i] : sweep_rtc_cmp_names[i]);
    h.str(target);
    h.str(sweep_rtc_program_tuning());
    h.num((uint64_t)compiler_version);
    h.num((uint64_t)SWEEP_VERSION_NUMBER);
    h.num(g_headers_hash[0]);
    h.num(g_headers_hash[1]);
    snprintf(hex, 33, "%016llx%016llx", (unsigned long long)h.a, (unsigned long long)h.b);
}

int sweep_rtc_cache_load(const char *key, int kind, sweep_rtc_image *img) {
    memset(img, 0, sizeof *img);
    char path[1024];
    if (!entry_path(key, path, sizeof path)) return 0;
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    char magic[8];
    uint32_t hdr[3]; /* kind, is_cubin, nkernels */
    uint64_t size = 0;
    bool ok = read_exact(f, magic, 8) && memcmp(magic, kMagic, 8) == 0 &&
              read_exact(f, hdr, sizeof hdr) && hdr[0] == (uint32_t)kind &&
              hdr[2] <= SWEEP_RTC_MAX_KERNELS;
    if (ok) {
        img->is_cubin = (int)hdr[1];
        for (uint32_t i = 0; ok && i < hdr[2]; ++i) {
            uint32_t n = 0;
            ok = read_exact(f, &n, sizeof n) && n > 0 && n < 4096;
            if (ok) img->lowered[i] = (char *)calloc(n + 1, 1);
            ok = ok && img->lowered[i] && read_exact(f, img->lowered[i], n);
            if (img->lowered[i]) img->nkernels = (int)i + 1;
        }
    }
    ok = ok && read_exact(f, &size, sizeof size) && size > 0 && size < ((uint64_t)1 << 31);
    if (ok) {
        img->data = (unsigned char *)malloc((size_t)size + 1);
        ok = img->data && read_exact(f, img->data, (size_t)size);
        if (ok) {
            img->data[size] = 0;
            img->size = (size_t)size;
            char extra;
            ok = fread(&extra, 1, 1, f) == 0; /* nothing after the image */
        }
    }
    fclose(f);
    if (!ok) sweep_rtc_image_free(img);
    return ok ? 1 : 0;
}

void sweep_rtc_cache_store(const char *key, int kind, const sweep_rtc_image *img) {
    char dir[768], path[1024], tmp[1100];
    if (!cache_dir(dir, sizeof dir) || !make_dirs(dir)) return;
    if (!entry_path(key, path, sizeof path)) return;
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld.%lx", path, (long)getpid(),
             (unsigned long)pthread_self());
    FILE *f = fopen(tmp, "wb");
    if (!f) return;
    const uint32_t hdr[3] = {(uint32_t)kind, (uint32_t)img->is_cubin, (uint32_t)img->nkernels};
    const uint64_t size = img->size;
    bool ok = write_exact(f, kMagic, 8) && write_exact(f, hdr, sizeof hdr);
    for (int i = 0; ok && i < img->nkernels; ++i) {
        const uint32_t n = (uint32_t)strlen(img->lowered[i]);
        ok = write_exact(f, &n, sizeof n) && write_exact(f, img->lowered[i], n);
    }
    ok = ok && write_exact(f, &size, sizeof size) && write_exact(f, img->data, img->size);
    ok = fclose(f) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) (void)unlink(tmp);
}
