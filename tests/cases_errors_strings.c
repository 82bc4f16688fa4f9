/* Status strings, names, backend queries, and the message reset after success. */
#include "cases_errors.h"
#include "errors_fixture.h"

#include <stdio.h>
#include <string.h>

/* Status strings, names, backend queries, and the message reset after success. */
t_result e_strings(const t_case *c, const t_env *env, char *msg, size_t len) {
    E_BEGIN;
    static const char *names[] = {"SWEEP_OK",
                                  "SWEEP_ERR_INVALID_ARGUMENT",
                                  "SWEEP_ERR_UNSUPPORTED",
                                  "SWEEP_ERR_OUT_OF_MEMORY",
                                  "SWEEP_ERR_DEVICE",
                                  "SWEEP_ERR_BACKEND_UNAVAILABLE",
                                  "SWEEP_ERR_INTERNAL"};
    for (int s = 0; s <= SWEEP_ERR_INTERNAL; ++s) {
        const char *str = sweep_status_string((sweep_status)s);
        if (!str || !strstr(str, names[s]))
            t_fail(&t, "sweep_status_string(%d) = \"%s\", should name %s", s, str ? str : "(NULL)",
                   names[s]);
        for (int o = 0; o < s; ++o)
            if (str && strcmp(str, sweep_status_string((sweep_status)o)) == 0)
                t_fail(&t, "sweep_status_string(%d) equals that of %d", s, o);
    }
    if (!sweep_status_string((sweep_status)1234) || !sweep_status_string((sweep_status)-1))
        t_fail(&t, "sweep_status_string of a value outside the enum is NULL");
    if (strcmp(sweep_backend_name((sweep_backend)99), "unknown") != 0 ||
        strcmp(sweep_dtype_name((sweep_dtype)99), "unknown") != 0 ||
        sweep_dtype_size((sweep_dtype)99) != 0)
        t_fail(&t, "names/sizes of unknown enum values are not \"unknown\"/0");
    static const size_t sizes[SWEEP_DTYPE_COUNT] = {1, 2, 4, 8, 1, 2, 4, 8, 4, 8};
    for (int d = 0; d < SWEEP_DTYPE_COUNT; ++d)
        if (sweep_dtype_size((sweep_dtype)d) != sizes[d])
            t_fail(&t, "sweep_dtype_size(%s) = %zu", sweep_dtype_name((sweep_dtype)d),
                   sweep_dtype_size((sweep_dtype)d));
    if (sweep_version_number() != SWEEP_VERSION_NUMBER || !sweep_version_string())
        t_fail(&t, "sweep_version_number() %u differs from the header's %d", sweep_version_number(),
               SWEEP_VERSION_NUMBER);

    sweep_backend_info info;
    BAD(sweep_backend_query((sweep_backend)99, &info), "sweep_backend_query", "an unknown backend");
    BAD(sweep_backend_query(SWEEP_BACKEND_SERIAL, NULL), "sweep_backend_query", "out NULL");
    static const char *bnames[] = {"auto", "serial", "openmp", "cuda", "hip"};
    for (int be = 0; be < SWEEP_BACKEND_COUNT; ++be) {
        memset(&info, 0x5a, sizeof info);
        if (!e_expect(&t, sweep_backend_query((sweep_backend)be, &info), SWEEP_OK,
                      "sweep_backend_query", bnames[be]))
            continue;
        if (!memchr(info.name, 0, sizeof info.name) ||
            !memchr(info.reason, 0, sizeof info.reason) ||
            !memchr(info.path, 0, sizeof info.path) ||
            !memchr(info.device_name, 0, sizeof info.device_name)) {
            t_fail(&t, "sweep_backend_query(%s): an unterminated string", bnames[be]);
            continue;
        }
        if (be == SWEEP_BACKEND_AUTO) {
            if (!info.available || info.backend == SWEEP_BACKEND_AUTO)
                t_fail(&t, "AUTO resolves to %s, available %d", sweep_backend_name(info.backend),
                       info.available);
            continue;
        }
        if (info.backend != (sweep_backend)be || strcmp(info.name, bnames[be]) != 0)
            t_fail(&t, "sweep_backend_query(%s) describes \"%s\"", bnames[be], info.name);
        if (!info.available && !info.reason[0])
            t_fail(&t, "backend %s is unavailable without a reason", bnames[be]);
        if (info.available && info.device_count < 1)
            t_fail(&t, "backend %s is available with %d devices", bnames[be], info.device_count);
        if (be == SWEEP_BACKEND_SERIAL && !info.available)
            t_fail(&t, "the serial backend is unavailable: %s", info.reason);
        if (be == (int)env->backend && !info.available)
            t_fail(&t, "the running backend %s reports itself unavailable", bnames[be]);
    }

    /* the message of a failure is cleared by the next successful call */
    sweep_scan(ctx, e_bad_op(2), in, out, E_N, SWEEP_INCLUSIVE);
    void *p = NULL;
    if (!sweep_last_error()[0])
        t_fail(&t, "no message after a failed sweep_scan");
    else if (sweep_malloc(ctx, &p, 0) == SWEEP_OK && sweep_last_error()[0])
        t_fail(&t, "the message \"%s\" survives a successful call", sweep_last_error());
    E_END;
}
