/*
 * sweep-check: runs the conformance cases on one or every backend, both paths. It
 * prints a line as each backend/path/family row finishes (a row: one family of cases
 * on one backend and path), then a table of the rows with pass, FAIL or skip, and the
 * totals. A backend that is not available is reported with the reason
 * sweep_backend_query gives, and its rows and cases count as skipped, never as passed.
 *   sweep-check [--backend NAME] [--primitive FAMILY] [--verbose] [--count]
 * Exit status: 0 when something ran and nothing failed, 1 when something failed, 77
 * when nothing could run (no backend asked for is available here), 2 bad usage.
 */
#include "cli.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#define MAX_FAMILIES 16

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

static double seconds_now(void) {
    struct timespec ts;
    if (!timespec_get(&ts, TIME_UTC)) return 0.0;
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static size_t cases_of(const t_registry *r, const char *family) {
    size_t k = 0;
    for (size_t i = 0; i < r->len; ++i)
        k += strcmp(r->cases[i].family, family) == 0;
    return k;
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

    size_t nfam = t_num_families < MAX_FAMILIES ? t_num_families : MAX_FAMILIES;
    int backends = 0;
    size_t families = 0;
    for (int b = SWEEP_BACKEND_SERIAL; b <= SWEEP_BACKEND_HIP; ++b)
        backends += !only_backend || b == (int)chosen;
    for (size_t f = 0; f < nfam; ++f)
        families += !family || strcmp(family, t_families[f].name) == 0;
    const size_t rows = (size_t)backends * 2 * families;
    printf("sweep %s conformance check: %zu rows (backend/path x family), a line as each "
           "finishes\n\n",
           sweep_version_string(), rows);
    fflush(stdout);

    /* results[backend][path][family] */
    t_counts results[SWEEP_BACKEND_COUNT][2][MAX_FAMILIES];
    memset(results, 0, sizeof results);
    sweep_backend_info infos[SWEEP_BACKEND_COUNT];
    memset(infos, 0, sizeof infos);
    size_t done = 0, rows_pass = 0, rows_fail = 0, rows_skip = 0;
    size_t pass = 0, fail = 0, skip = 0;
    int failed = 0;
    for (int b = SWEEP_BACKEND_SERIAL; b <= SWEEP_BACKEND_HIP; ++b) {
        if (only_backend && b != (int)chosen) continue;
        const char *bname = sweep_backend_name((sweep_backend)b);
        sweep_backend_info *info = &infos[b];
        if (sweep_backend_query((sweep_backend)b, info) != SWEEP_OK) {
            snprintf(info->reason, sizeof info->reason, "sweep_backend_query failed: %s",
                     sweep_last_error());
            info->available = 0;
            failed = 1;
        }
        if (!info->available) {
            /* Every row of this backend is skipped: say so now, count its cases. */
            size_t skipped_cases = 0;
            for (size_t f = 0; f < nfam; ++f)
                if (!family || strcmp(family, t_families[f].name) == 0)
                    skipped_cases += 2 * cases_of(&reg, t_families[f].name);
            done += 2 * families;
            rows_skip += 2 * families;
            skip += skipped_cases;
            char row[48];
            snprintf(row, sizeof row, "%s/both", bname);
            printf("[%3zu/%zu] %-15s %-15s skip: %zu rows, %zu cases not run: %s\n", done, rows,
                   row, family ? family : "every family", 2 * families, skipped_cases,
                   info->reason);
            fflush(stdout);
            continue;
        }
        for (int p = 0; p < 2; ++p)
            for (size_t f = 0; f < nfam; ++f) {
                if (family && strcmp(family, t_families[f].name) != 0) continue;
                double t0 = seconds_now();
                t_counts k = t_run_family(&reg, t_families[f].name, (sweep_backend)b,
                                          p ? SWEEP_OPTION_GENERIC : 0, &opts);
                results[b][p][f] = k;
                failed |= k.fail != 0;
                pass += k.pass;
                fail += k.fail;
                skip += k.skip;
                rows_fail += k.fail != 0;
                rows_pass += !k.fail && k.pass;
                rows_skip += !k.fail && !k.pass;
                ++done;
                char row[48];
                snprintf(row, sizeof row, "%s/%s", bname, p ? "generic" : "fused");
                printf("[%3zu/%zu] %-15s %-15s %s: %zu passed, %zu failed, %zu skipped "
                       "(%.1f s)\n",
                       done, rows, row, t_families[f].name, cell(&k), k.pass, k.fail, k.skip,
                       seconds_now() - t0);
                fflush(stdout);
            }
    }

    printf("\n%-16s", "backend/path");
    for (size_t f = 0; f < nfam; ++f)
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
            for (size_t f = 0; f < nfam; ++f) {
                if (family && strcmp(family, t_families[f].name) != 0) continue;
                int w = (int)(strlen(t_families[f].name) > 4 ? strlen(t_families[f].name) : 4);
                printf(" %-*s", w, infos[b].available ? cell(&results[b][p][f]) : "skip");
            }
            printf("\n");
        }
        if (!infos[b].available)
            printf("  %s skipped: %s\n", sweep_backend_name((sweep_backend)b), infos[b].reason);
    }
    printf("\nrows:  %zu passed, %zu failed, %zu skipped\n", rows_pass, rows_fail, rows_skip);
    printf("cases: %zu passed, %zu failed, %zu skipped\n", pass, fail, skip);
    char checked[64] = "", unchecked[64] = "";
    for (int b = SWEEP_BACKEND_SERIAL; b <= SWEEP_BACKEND_HIP; ++b) {
        if (only_backend && b != (int)chosen) continue;
        char *list = infos[b].available ? checked : unchecked;
        size_t len = strlen(list);
        snprintf(list + len, sizeof checked - len, "%s%s", len ? ", " : "",
                 sweep_backend_name((sweep_backend)b));
    }
    const char *verdict = failed ? "FAIL" : rows_pass ? "PASS" : "NOTHING RAN";
    printf("%s%s%s%s%s\n", verdict, checked[0] ? " on " : "", checked,
           unchecked[0] ? "; not checked (not available here): " : "", unchecked);
    t_registry_free(&reg);
    if (failed) return 1;
    return rows_pass ? 0 : T_EXIT_SKIP;
}
