/*
 * sweep-check: runs the conformance cases on one or every backend, both paths, and
 * prints a table backend/path x primitive family with pass, FAIL or skip; for a
 * backend that is not available, the reason sweep_backend_query gives.
 *   sweep-check [--backend NAME] [--primitive FAMILY] [--verbose] [--count]
 * Exit status 0 iff nothing failed.
 */
#include "cli.h"

#include <stdio.h>
#include <string.h>

static int usage(const char *argv0) {
    fprintf(stderr,
            "usage: %s [--backend serial|openmp|cuda|hip] [--primitive FAMILY] [--verbose] "
            "[--count]\n",
            argv0);
    return 2;
}

static const char *cell(const t_counts *k) {
    if (k->fail) return "FAIL";
    if (k->pass) return "pass";
    return "skip";
}

int main(int argc, char **argv) {
    const char *only_backend = NULL, *family = NULL;
    t_run_opts opts = {0, NULL, 5};
    int count = 0;
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--backend") == 0 && i + 1 < argc)
            only_backend = argv[++i];
        else if (strcmp(argv[i], "--primitive") == 0 && i + 1 < argc)
            family = argv[++i];
        else if (strcmp(argv[i], "--verbose") == 0)
            opts.verbose = 1;
        else if (strcmp(argv[i], "--count") == 0)
            count = 1;
        else
            return usage(argv[0]);
    }
    sweep_backend chosen = SWEEP_BACKEND_AUTO;
    if (only_backend && !t_parse_backend(only_backend, &chosen)) return usage(argv[0]);
    if (family && !t_family_find(family)) return usage(argv[0]);
    t_registry reg;
    if (!t_registry_build(&reg, family)) return 1;
    if (count) {
        t_print_counts(&reg);
        t_registry_free(&reg);
        return 0;
    }
    printf("sweep %s conformance check\n\n", sweep_version_string());

    /* results[backend][path][family] */
    t_counts results[SWEEP_BACKEND_COUNT][2][16];
    memset(results, 0, sizeof results);
    sweep_backend_info infos[SWEEP_BACKEND_COUNT];
    memset(infos, 0, sizeof infos);
    int failed = 0;
    for (int b = SWEEP_BACKEND_SERIAL; b <= SWEEP_BACKEND_HIP; ++b) {
        if (only_backend && b != (int)chosen) continue;
        sweep_backend_info *info = &infos[b];
        if (sweep_backend_query((sweep_backend)b, info) != SWEEP_OK) {
            printf("sweep_backend_query(%s) failed: %s\n", sweep_backend_name((sweep_backend)b),
                   sweep_last_error());
            failed = 1;
            info->available = 0;
            snprintf(info->reason, sizeof info->reason, "query failed");
            continue;
        }
        if (!info->available) continue;
        for (int p = 0; p < 2; ++p)
            for (size_t f = 0; f < t_num_families && f < 16; ++f) {
                if (family && strcmp(family, t_families[f].name) != 0) continue;
                t_counts k = t_run_family(&reg, t_families[f].name, (sweep_backend)b,
                                          p ? SWEEP_OPTION_GENERIC : 0, &opts);
                results[b][p][f] = k;
                failed |= k.fail != 0;
            }
    }

    printf("\n%-16s", "backend/path");
    for (size_t f = 0; f < t_num_families && f < 16; ++f)
        if (!family || strcmp(family, t_families[f].name) == 0)
            printf(" %-*s", (int)(strlen(t_families[f].name) > 4 ? strlen(t_families[f].name) : 4),
                   t_families[f].name);
    printf("\n");
    for (int b = SWEEP_BACKEND_SERIAL; b <= SWEEP_BACKEND_HIP; ++b) {
        if (only_backend && b != (int)chosen) continue;
        for (int p = 0; p < 2; ++p) {
            char row[32];
            snprintf(row, sizeof row, "%s/%s", sweep_backend_name((sweep_backend)b),
                     p ? "generic" : "fused");
            printf("%-16s", row);
            for (size_t f = 0; f < t_num_families && f < 16; ++f) {
                if (family && strcmp(family, t_families[f].name) != 0) continue;
                int w = (int)(strlen(t_families[f].name) > 4 ? strlen(t_families[f].name) : 4);
                printf(" %-*s", w, infos[b].available ? cell(&results[b][p][f]) : "skip");
            }
            printf("\n");
        }
        if (!infos[b].available)
            printf("  %s skipped: %s\n", sweep_backend_name((sweep_backend)b), infos[b].reason);
    }
    size_t pass = 0, fail = 0, skip = 0;
    for (int b = 0; b < SWEEP_BACKEND_COUNT; ++b)
        for (int p = 0; p < 2; ++p)
            for (int f = 0; f < 16; ++f) {
                pass += results[b][p][f].pass;
                fail += results[b][p][f].fail;
                skip += results[b][p][f].skip;
            }
    printf("\ncases: %zu passed, %zu failed, %zu skipped\n", pass, fail, skip);
    t_registry_free(&reg);
    return failed ? 1 : 0;
}
