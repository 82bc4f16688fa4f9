/*
 * sweep-conformance: runs the conformance cases on one backend and path.
 *   sweep-conformance --backend NAME [--path fused|generic|both] [--primitive FAMILY]
 *                     [--case SUBSTRING] [--verbose] [--list] [--count]
 * Exit status: 0 all ran cases passed (skips allowed), 1 a case failed, 2 bad usage,
 * 77 the backend is not available (CTest shows the test as skipped).
 */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int usage(const char *argv0) {
    fprintf(stderr,
            "usage: %s --backend serial|openmp|cuda|hip [--path fused|generic|both]\n"
            "          [--primitive FAMILY] [--case SUBSTRING] [--verbose] [--list] [--count]\n"
            "families:",
            argv0);
    for (size_t f = 0; f < t_num_families; ++f)
        fprintf(stderr, " %s", t_families[f].name);
    fprintf(stderr, "\n");
    return 2;
}

int main(int argc, char **argv) {
    const char *backend_name = NULL, *path = "both", *family = NULL;
    t_run_opts opts = {0, NULL, 20};
    int list = 0, count = 0;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        int has_value = i + 1 < argc;
        if (strcmp(a, "--backend") == 0 && has_value)
            backend_name = argv[++i];
        else if (strcmp(a, "--path") == 0 && has_value)
            path = argv[++i];
        else if (strcmp(a, "--primitive") == 0 && has_value)
            family = argv[++i];
        else if (strcmp(a, "--case") == 0 && has_value)
            opts.case_filter = argv[++i];
        else if (strcmp(a, "--verbose") == 0)
            opts.verbose = 1;
        else if (strcmp(a, "--list") == 0)
            list = 1;
        else if (strcmp(a, "--count") == 0)
            count = 1;
        else
            return usage(argv[0]);
    }
    if (family && !t_family_find(family)) {
        fprintf(stderr, "unknown primitive family '%s'\n", family);
        return usage(argv[0]);
    }
    t_registry reg;
    if (!t_registry_build(&reg, family)) {
        fprintf(stderr, "no cases registered\n");
        return 1;
    }
    if (list || count) {
        if (list) t_print_list(&reg);
        if (count) t_print_counts(&reg);
        t_registry_free(&reg);
        return 0;
    }
    sweep_backend backend;
    if (!backend_name || !t_parse_backend(backend_name, &backend)) {
        t_registry_free(&reg);
        return usage(argv[0]);
    }
    int fused = strcmp(path, "fused") == 0 || strcmp(path, "both") == 0;
    int generic = strcmp(path, "generic") == 0 || strcmp(path, "both") == 0;
    if (!fused && !generic) {
        t_registry_free(&reg);
        return usage(argv[0]);
    }

    const int available = t_backend_available(backend);
    if (available <= 0) {
        t_registry_free(&reg);
        return available < 0 ? 1 : T_EXIT_SKIP;
    }
    const char *env_generic = getenv("SWEEP_GENERIC");
    if (fused && env_generic && strcmp(env_generic, "1") == 0)
        printf("note: SWEEP_GENERIC=1 is set, so the fused path runs the generic one\n");

    t_counts total = {0, 0, 0};
    for (int p = 0; p < 2; ++p) {
        if ((p == 0 && !fused) || (p == 1 && !generic)) continue;
        clock_t t0 = clock();
        t_counts k = t_run_family(&reg, family, backend, p ? SWEEP_OPTION_GENERIC : 0, &opts);
        printf("%s/%s %s: %zu passed, %zu failed, %zu skipped (%.1f s cpu)\n", backend_name,
               p ? "generic" : "fused", family ? family : "all", k.pass, k.fail, k.skip,
               (double)(clock() - t0) / CLOCKS_PER_SEC);
        total.pass += k.pass;
        total.fail += k.fail;
        total.skip += k.skip;
    }
    t_registry_free(&reg);
    if (total.fail) return 1;
    if (total.pass == 0 && total.skip > 0) return T_EXIT_SKIP; /* nothing could run here */
    return 0;
}
