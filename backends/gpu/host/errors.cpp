/*
 * errors.cpp -- how a GPU plugin reports: every message starts with the plugin's
 * name ("cuda: ", "hip: "), and a failed runtime call says what was called and the
 * runtime's words for the error.
 */
#include "gpu/host/gpu_backend.h"

#include <stdio.h>

sweep_status sweep_gpu_report(const sweep_gpu_handle *h, sweep_status status, const char *message) {
    if (h && h->report) {
        /* long enough for a compiler's log (rtc_programs.cpp builds those of up to 1 KiB) */
        char msg[1100];
        snprintf(msg, sizeof msg, "%s: %s", sweep_gpu_plugin_name, message ? message : "");
        h->report(status, msg);
    }
    return status;
}

sweep_status sweep_gpu_fail(const sweep_gpu_handle *h, sweep_gpu_error err, const char *what) {
    const sweep_status st = sweep_gpu_error_status(err);
    char why[160], msg[400];
    sweep_gpu_error_text(err, why, sizeof why);
    snprintf(msg, sizeof msg, "%s: %s", what, why);
    /* Clears a non-sticky error (an allocation failure) so later calls start clean. */
    sweep_gpu_clear_error();
    return sweep_gpu_report(h, st, msg);
}
