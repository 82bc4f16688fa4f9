/* Status strings and the thread-local last-error message. */
#include "internal.h"

#include <stdio.h>

static _Thread_local char tl_message[1024];
static _Thread_local const char *tl_api = "sweep";

void sweep__enter(const char *api_name) {
    tl_api = api_name;
    tl_message[0] = '\0';
}

static void sweep__vrecord(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));
static void sweep__vrecord(const char *fmt, va_list ap) {
    int k = snprintf(tl_message, sizeof tl_message, "%s: ", tl_api);
    if (k < 0 || (size_t)k >= sizeof tl_message) return;
    vsnprintf(tl_message + k, sizeof tl_message - (size_t)k, fmt, ap);
}

void sweep__clear_error(void) {
    tl_message[0] = '\0';
}

sweep_status sweep__fail(sweep_status status, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    sweep__vrecord(fmt, ap);
    va_end(ap);
    return status;
}

void sweep__report(sweep_status status, const char *message) {
    if (message) sweep__fail(status, "%s", message);
}

sweep_status sweep__backend_failed(const char *backend_name, const char *entry,
                                   sweep_status status) {
    if (tl_message[0] == '\0')
        sweep__fail(status, "backend '%s' failed in %s (%s)", backend_name, entry,
                    sweep_status_string(status));
    return status;
}

const char *sweep_last_error(void) {
    return tl_message;
}

const char *sweep_status_string(sweep_status status) {
    switch (status) {
    case SWEEP_OK: return "SWEEP_OK: success";
    case SWEEP_ERR_INVALID_ARGUMENT: return "SWEEP_ERR_INVALID_ARGUMENT: invalid argument";
    case SWEEP_ERR_UNSUPPORTED: return "SWEEP_ERR_UNSUPPORTED: not supported by this backend";
    case SWEEP_ERR_OUT_OF_MEMORY: return "SWEEP_ERR_OUT_OF_MEMORY: out of memory";
    case SWEEP_ERR_DEVICE: return "SWEEP_ERR_DEVICE: device fault";
    case SWEEP_ERR_BACKEND_UNAVAILABLE:
        return "SWEEP_ERR_BACKEND_UNAVAILABLE: backend not available";
    case SWEEP_ERR_INTERNAL: return "SWEEP_ERR_INTERNAL: internal error in sweep";
    }
    return "unknown sweep_status";
}
