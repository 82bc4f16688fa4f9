/*
 * sweep-fuzz-random: the fuzz harness (fuzz_api.c) without libFuzzer. It runs every
 * file of the corpus folders it is given once, then seeded pseudo-random inputs (fresh
 * bytes, or a corpus input with a few bytes changed) until a count or a time is
 * reached. Any compiler builds it, so it also runs where libFuzzer cannot: on a GPU
 * machine with SWEEP_FUZZ_DEVICE=cuda (or hip), every call then also runs on that
 * backend against the same oracle.
 *   sweep-fuzz-random [--runs N] [--seconds S] [--seed X] [CORPUS_DIR_OR_FILE ...]
 * A disagreement aborts; the input is then printed in hex and written to
 * $SWEEP_FUZZ_ARTIFACT (default sweep-fuzz-random-failure.bin), and sweep-fuzz (the
 * libFuzzer build) or this program replays it when given the file. Exit status 77:
 * the device backend asked for is unavailable.
 */
#define _POSIX_C_SOURCE 200809L
#include "fuzz_call.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { kMaxInput = 256, kMaxCorpus = 4096 };

/* The input being run, for the abort handler. */
static uint8_t g_input[kMaxInput];
static size_t g_input_len;
static const char *g_artifact = "sweep-fuzz-random-failure.bin";

static void put(const char *s) {
    ssize_t r = write(2, s, strlen(s));
    (void)r;
}

static void on_abort(int sig) {
    static const char hex[] = "0123456789abcdef";
    char line[2 * kMaxInput + 2];
    size_t k = 0;
    for (size_t i = 0; i < g_input_len; ++i) {
        line[k++] = hex[g_input[i] >> 4];
        line[k++] = hex[g_input[i] & 15];
    }
    line[k++] = '\n';
    line[k] = 0;
    put("== sweep-fuzz-random: the failing input (hex): ");
    put(line);
    int fd = open(g_artifact, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
        ssize_t r = write(fd, g_input, g_input_len);
        (void)r;
        close(fd);
        put("== sweep-fuzz-random: written to ");
        put(g_artifact);
        put("\n");
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

static void run_one(const uint8_t *data, size_t len) {
    g_input_len = len < kMaxInput ? len : kMaxInput;
    memcpy(g_input, data, g_input_len);
    LLVMFuzzerTestOneInput(g_input, g_input_len);
}

typedef struct corpus {
    uint8_t *data[kMaxCorpus];
    size_t len[kMaxCorpus];
    size_t count;
} corpus;

static void add_file(corpus *c, const char *path) {
    if (c->count == kMaxCorpus) return;
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "sweep-fuzz-random: cannot read %s\n", path);
        exit(2);
    }
    uint8_t buf[kMaxInput];
    size_t len = fread(buf, 1, sizeof buf, f);
    fclose(f);
    uint8_t *p = malloc(len ? len : 1);
    if (!p) abort();
    memcpy(p, buf, len);
    c->data[c->count] = p;
    c->len[c->count++] = len;
}

static int by_name(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A folder's files in name order (so runs repeat), or the file itself. */
static void add_path(corpus *c, const char *path) {
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "sweep-fuzz-random: no such file or folder: %s\n", path);
        exit(2);
    }
    if (!S_ISDIR(st.st_mode)) {
        add_file(c, path);
        return;
    }
    DIR *d = opendir(path);
    if (!d) {
        fprintf(stderr, "sweep-fuzz-random: cannot open %s\n", path);
        exit(2);
    }
    char *names[kMaxCorpus];
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && n < kMaxCorpus) {
        if (e->d_name[0] == '.') continue;
        size_t len = strlen(path) + strlen(e->d_name) + 2;
        names[n] = malloc(len);
        if (!names[n]) abort();
        snprintf(names[n], len, "%s/%s", path, e->d_name);
        ++n;
    }
    closedir(d);
    qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; ++i) {
        add_file(c, names[i]);
        free(names[i]);
    }
}

static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void usage(const char *argv0) {
    fprintf(stderr,
            "usage: %s [--runs N] [--seconds S] [--seed X] [CORPUS_DIR_OR_FILE ...]\n"
            "  runs the corpus once, then random inputs until N of them (default 1000)\n"
            "  or S seconds, whichever comes first\n",
            argv0);
    exit(2);
}

int main(int argc, char **argv) {
    unsigned long long runs = 1000, seed = 1;
    double seconds = 0;
    static corpus c;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        if (i + 1 < argc && strcmp(a, "--runs") == 0) {
            runs = strtoull(argv[++i], NULL, 10);
        } else if (i + 1 < argc && strcmp(a, "--seconds") == 0) {
            seconds = atof(argv[++i]);
        } else if (i + 1 < argc && strcmp(a, "--seed") == 0) {
            seed = strtoull(argv[++i], NULL, 0);
        } else if (a[0] == '-') {
            usage(argv[0]);
        } else {
            add_path(&c, a);
        }
    }
    const char *art = getenv("SWEEP_FUZZ_ARTIFACT");
    if (art && art[0]) g_artifact = art;
    signal(SIGABRT, on_abort);

    LLVMFuzzerInitialize(&argc, &argv);
    if (fz_device_missing()) return 77;

    const double t0 = now_s();
    for (size_t i = 0; i < c.count; ++i)
        run_one(c.data[i], c.len[i]);
    t_rng s = {seed};
    unsigned long long done = 0;
    uint8_t buf[kMaxInput];
    for (; done < runs; ++done) {
        if (seconds > 0 && (done & 15) == 0 && now_s() - t0 >= seconds) break;
        size_t len;
        if (c.count && (t_rng_next(&s) & 1)) {
            /* a corpus input with one to four bytes changed (or appended) */
            const size_t k = (size_t)(t_rng_next(&s) % c.count);
            len = c.len[k];
            memcpy(buf, c.data[k], len);
            const int edits = 1 + (int)(t_rng_next(&s) % 4);
            for (int e = 0; e < edits; ++e) {
                const size_t at = (size_t)(t_rng_next(&s) % (len + 1));
                if (at == len && len < kMaxInput) ++len;
                if (at < len) buf[at] = (uint8_t)t_rng_next(&s);
            }
        } else {
            /* fresh bytes: the decoder reads the first dozen or so as the call's shape,
             * the rest (and the generator seeded by all of them) as element data */
            len = 4 + (size_t)(t_rng_next(&s) % 60);
            for (size_t i = 0; i < len; ++i)
                buf[i] = (uint8_t)t_rng_next(&s);
        }
        run_one(buf, len);
    }
    printf("sweep-fuzz-random: %zu corpus and %llu random inputs (seed %llu) in %.1f s, "
           "no disagreement\n",
           c.count, done, seed, now_s() - t0);
    return 0;
}
