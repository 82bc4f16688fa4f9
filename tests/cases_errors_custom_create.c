/* The error contract of custom operator and comparator creation. */
#include "cases_errors.h"
#include "custom.h"
#include "errors_fixture.h"

#include <stdio.h>
#include <string.h>

t_result e_custom_create(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    static const uint64_t id[4] = {0, 0, 0, 0};
    sweep_custom_op *sentinel = (sweep_custom_op *)(uintptr_t)0x10, *op = sentinel;
    /* combine is never called: every create below fails */
    const sweep_custom_op_desc d =
        t_op_desc("good_name_1", 8, 8, id, (sweep_combine_fn)(uintptr_t)1, NULL);
    const char *fn = "sweep_custom_op_create";
    sweep_custom_op_desc x;
    BAD(sweep_custom_op_create(NULL, &d), fn, "out NULL");
    BAD(sweep_custom_op_create(&op, NULL), fn, "desc NULL");
    static const char long_name[] =
        "a123456789012345678901234567890123456789012345678901234567890123"; /* 64 chars */
    const char *bad_names[] = {NULL, "", "1abc", "a-b", "a b", long_name};
    for (unsigned i = 0; i < 6; ++i) {
        char what[96];
        snprintf(what, sizeof what, "name \"%.20s\"", bad_names[i] ? bad_names[i] : "(NULL)");
        x = d;
        x.name = bad_names[i];
        BAD(sweep_custom_op_create(&op, &x), fn, what);
    }
    x = d;
    x.identity = NULL;
    BAD(sweep_custom_op_create(&op, &x), fn, "identity NULL");
    x = d;
    x.combine = NULL;
    BAD(sweep_custom_op_create(&op, &x), fn, "combine NULL");
    static const size_t sa[][2] = {{0, 1}, {33, 1}, {64, 8}, {8, 0}, {8, 3}, {6, 4}, {32, 64}};
    for (unsigned i = 0; i < sizeof sa / sizeof sa[0]; ++i) {
        char what[64];
        snprintf(what, sizeof what, "elem_size %zu, elem_align %zu", sa[i][0], sa[i][1]);
        x = d;
        x.elem_size = sa[i][0];
        x.elem_align = sa[i][1];
        BAD(sweep_custom_op_create(&op, &x), fn, what);
    }
    if (op != sentinel) t_fail(&t, "sweep_custom_op_create wrote *out on failure");

    sweep_custom_compare *cs = (sweep_custom_compare *)(uintptr_t)0x20, *cmp = cs;
    const sweep_custom_compare_desc cd =
        t_compare_desc("cmp", 4, 4, (sweep_less_fn)(uintptr_t)1, NULL);
    sweep_custom_compare_desc y;
    fn = "sweep_custom_compare_create";
    BAD(sweep_custom_compare_create(NULL, &cd), fn, "out NULL");
    BAD(sweep_custom_compare_create(&cmp, NULL), fn, "desc NULL");
    for (unsigned i = 0; i < 6; ++i) {
        y = cd;
        y.name = bad_names[i];
        BAD(sweep_custom_compare_create(&cmp, &y), fn, "a bad name");
    }
    y = cd;
    y.less = NULL;
    BAD(sweep_custom_compare_create(&cmp, &y), fn, "less NULL");
    for (unsigned i = 0; i < sizeof sa / sizeof sa[0]; ++i) {
        y = cd;
        y.key_size = sa[i][0];
        y.key_align = sa[i][1];
        BAD(sweep_custom_compare_create(&cmp, &y), fn, "a bad key size or alignment");
    }
    if (cmp != cs) t_fail(&t, "sweep_custom_compare_create wrote *out on failure");
    sweep_custom_op_destroy(NULL);
    sweep_custom_compare_destroy(NULL);
    E_END;
}
