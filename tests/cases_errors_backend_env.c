/* SWEEP_BACKEND: a backend name in any case overrides AUTO; any other value makes
 * AUTO fail with SWEEP_ERR_INVALID_ARGUMENT and a message quoting it (as sweep.h
 * documents at sweep_backend_query), writing nothing. The variable is set and put back
 * around each check: the library reads it on every AUTO resolution. */
#define _POSIX_C_SOURCE 200809L /* setenv, unsetenv, strdup under -std=c11 */

#include "cases_errors.h"
#include "errors_fixture.h"

#include <stdlib.h>
#include <string.h>

/* Sets SWEEP_BACKEND to value (NULL: unset). */
static void set_backend_env(const char *value) {
    if (value)
        setenv("SWEEP_BACKEND", value, 1);
    else
        unsetenv("SWEEP_BACKEND");
}

/* AUTO with SWEEP_BACKEND=value resolves to want (whether or not it is available). */
static void expect_resolves(t_state *t, const char *value, sweep_backend want) {
    set_backend_env(value);
    sweep_backend_info info;
    memset(&info, 0, sizeof info);
    sweep_status st = sweep_backend_query(SWEEP_BACKEND_AUTO, &info);
    if (st != SWEEP_OK)
        t_fail(t, "SWEEP_BACKEND=\"%s\": sweep_backend_query(AUTO) gave %s (%s)", value,
               sweep_status_string(st), sweep_last_error());
    else if (info.backend != want)
        t_fail(t, "SWEEP_BACKEND=\"%s\": AUTO resolves to %s, want %s", value,
               sweep_backend_name(info.backend), sweep_backend_name(want));
}

/* AUTO with SWEEP_BACKEND=value is refused by the query and by context creation. */
static void expect_refused(t_state *t, const char *value) {
    set_backend_env(value);
    sweep_backend_info info, poison;
    memset(&info, 0x5a, sizeof info);
    memcpy(&poison, &info, sizeof info);
    if (e_expect(t, sweep_backend_query(SWEEP_BACKEND_AUTO, &info), SWEEP_ERR_INVALID_ARGUMENT,
                 "sweep_backend_query", value)) {
        const char *m = sweep_last_error();
        if (!strstr(m, "SWEEP_BACKEND") || !strstr(m, value))
            t_fail(t, "SWEEP_BACKEND=\"%s\": the message \"%s\" does not quote the variable", value,
                   m);
    }
    if (memcmp(&info, &poison, sizeof info) != 0)
        t_fail(t, "SWEEP_BACKEND=\"%s\": sweep_backend_query wrote *out on failure", value);

    sweep_context *sentinel = (sweep_context *)(uintptr_t)0x1234, *got = sentinel;
    e_expect(t, sweep_context_create(&got, NULL), SWEEP_ERR_INVALID_ARGUMENT,
             "sweep_context_create", value);
    if (got != sentinel) {
        t_fail(t, "SWEEP_BACKEND=\"%s\": sweep_context_create wrote *out on failure", value);
        if (got) sweep_context_destroy(got);
    }
    /* A named backend does not depend on the variable. */
    e_expect(t, sweep_backend_query(SWEEP_BACKEND_SERIAL, &info), SWEEP_OK, "sweep_backend_query",
             "SERIAL under a bad SWEEP_BACKEND");
}

t_result e_backend_env(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    const char *saved_env = getenv("SWEEP_BACKEND");
    char *saved = saved_env ? strdup(saved_env) : NULL;
    if (saved_env && !saved) {
        t_fail(&t, "cannot save SWEEP_BACKEND");
        E_END;
    }

    /* What AUTO picks without the variable; empty counts as unset. */
    set_backend_env(NULL);
    sweep_backend_info info;
    memset(&info, 0, sizeof info);
    sweep_backend plain = SWEEP_BACKEND_SERIAL;
    if (e_expect(&t, sweep_backend_query(SWEEP_BACKEND_AUTO, &info), SWEEP_OK,
                 "sweep_backend_query", "AUTO without SWEEP_BACKEND"))
        plain = info.backend;
    expect_resolves(&t, "", plain);
    for (const char *const *s = (const char *const[]){"auto", "AUTO", "Auto", NULL}; *s; ++s)
        expect_resolves(&t, *s, plain);

    /* Names in any case. */
    static const struct {
        const char *value;
        sweep_backend backend;
    } names[] = {
        {"serial", SWEEP_BACKEND_SERIAL}, {"SERIAL", SWEEP_BACKEND_SERIAL},
        {"sErIaL", SWEEP_BACKEND_SERIAL}, {"openmp", SWEEP_BACKEND_OPENMP},
        {"OpenMP", SWEEP_BACKEND_OPENMP}, {"OPENMP", SWEEP_BACKEND_OPENMP},
        {"cuda", SWEEP_BACKEND_CUDA},     {"Cuda", SWEEP_BACKEND_CUDA},
        {"CUDA", SWEEP_BACKEND_CUDA},     {"hip", SWEEP_BACKEND_HIP},
        {"HIP", SWEEP_BACKEND_HIP},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i)
        expect_resolves(&t, names[i].value, names[i].backend);

    /* A context with a NULL desc follows the variable, whatever its case. */
    set_backend_env("Serial");
    sweep_context *sctx = NULL;
    if (e_expect(&t, sweep_context_create(&sctx, NULL), SWEEP_OK, "sweep_context_create",
                 "SWEEP_BACKEND=Serial")) {
        sweep_backend be = SWEEP_BACKEND_AUTO;
        if (sweep_context_backend(sctx, &be) != SWEEP_OK || be != SWEEP_BACKEND_SERIAL)
            t_fail(&t, "SWEEP_BACKEND=Serial: the context runs on %s", sweep_backend_name(be));
        sweep_context_destroy(sctx);
    }

    /* Anything else: the documented SWEEP_ERR_INVALID_ARGUMENT, nothing written. */
    for (const char *const *s =
             (const char *const[]){"bogus", "open mp", "serial ", " serial", "openmp2", "c", NULL};
         *s; ++s)
        expect_refused(&t, *s);

    set_backend_env(saved);
    free(saved);
    E_END;
}
