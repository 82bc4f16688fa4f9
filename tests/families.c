/* The family table and the runner shared by sweep-conformance and sweep-check. */
#include "families.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const t_family t_families[] = {
    {"scan", t_register_scan},
    {"segmented_scan", t_register_segmented_scan},
    {"reduce", t_register_reduce},
    {"grouping", t_register_grouping},
    {"split", t_register_split},
    {"radix_sort", t_register_radix_sort},
    {"merge_sort", t_register_merge_sort},
    {"merge", t_register_merge},
    {"custom_op", t_register_custom_op},
    {"scratch", t_register_scratch},
    {"deterministic", t_register_deterministic},
    {"errors", t_register_errors},
    {"segmented_sort", t_register_segmented_sort},
    {"search", t_register_search},
    {"unique", t_register_unique},
    {"run_length", t_register_run_length},
    {"histogram", t_register_histogram},
};
const size_t t_num_families = sizeof t_families / sizeof t_families[0];

const t_family *t_family_find(const char *name) {
    for (size_t i = 0; i < t_num_families; ++i)
        if (strcmp(t_families[i].name, name) == 0) return &t_families[i];
    return NULL;
}

int t_registry_build(t_registry *r, const char *only) {
    memset(r, 0, sizeof *r);
    for (size_t i = 0; i < t_num_families; ++i)
        if (!only || strcmp(only, t_families[i].name) == 0) t_families[i].register_cases(r);
    return r->len > 0;
}

void t_registry_free(t_registry *r) {
    free(r->cases);
    memset(r, 0, sizeof *r);
}

t_counts t_run_family(const t_registry *r, const char *family, sweep_backend backend,
                      unsigned options, const t_run_opts *opts) {
    t_counts counts = {0, 0, 0};
    sweep_context_desc desc = {0};
    desc.backend = backend;
    desc.options = options;
    t_env env = {backend, options, NULL};
    sweep_status st = sweep_context_create(&env.ctx, &desc);
    const char *path = options & SWEEP_OPTION_GENERIC ? "generic" : "fused";
    if (st != SWEEP_OK) {
        printf("FAIL %s/%s: sweep_context_create: %s (%s)\n", sweep_backend_name(backend), path,
               sweep_status_string(st), sweep_last_error());
        counts.fail = 1;
        return counts;
    }
    char msg[1024];
    size_t skips_shown = 0;
    for (size_t i = 0; i < r->len; ++i) {
        const t_case *c = &r->cases[i];
        if (family && strcmp(c->family, family) != 0) continue;
        if (opts->case_filter && !strstr(c->name, opts->case_filter)) continue;
        msg[0] = '\0';
        t_result res = c->fn(c, &env, msg, sizeof msg);
        switch (res) {
        case T_PASS:
            ++counts.pass;
            if (opts->verbose)
                printf("pass %s/%s %s\n", sweep_backend_name(backend), path, c->name);
            break;
        case T_SKIP:
            ++counts.skip;
            if (opts->verbose || skips_shown++ < 3)
                printf("skip %s/%s %s: %s\n", sweep_backend_name(backend), path, c->name, msg);
            break;
        default:
            ++counts.fail;
            if (opts->verbose || counts.fail <= opts->max_failures_shown)
                printf("FAIL %s/%s %s: %s\n", sweep_backend_name(backend), path, c->name, msg);
            break;
        }
        fflush(stdout);
    }
    sweep_context_destroy(env.ctx);
    return counts;
}
