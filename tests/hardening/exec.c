/* One checked primitive call (see exec.h). */
#include "exec.h"

#include "alloc_hook.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int h_why(char *why, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int h_why(char *why, size_t len, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, len, fmt, ap);
    va_end(ap);
    return 0;
}

/* The first byte where got differs from want (or from poison when want is NULL);
 * bytes when none does. */
static size_t first_diff(const unsigned char *got, const unsigned char *want, size_t bytes) {
    for (size_t i = 0; i < bytes; ++i)
        if (got[i] != (want ? want[i] : T_POISON)) return i;
    return bytes;
}

typedef struct h_slot {
    void *base;
    size_t total;
} h_slot;

static void release(sweep_context *ctx, h_slot *slots, size_t n) {
    for (size_t i = 0; i < n; ++i)
        (void)sweep_free(ctx, slots[i].base);
}

/* Reads every array back; phase is "success" or "failure" for the message. */
static int verify(sweep_context *ctx, h_array *arrays, size_t narrays, h_slot *slots, int succeeded,
                  char *why, size_t len) {
    for (size_t a = 0; a < narrays; ++a) {
        h_array *arr = &arrays[a];
        unsigned char *back = malloc(slots[a].total);
        if (!back) return h_why(why, len, "out of host memory");
        sweep_status st =
            sweep_memcpy(ctx, back, slots[a].base, slots[a].total, SWEEP_COPY_DEVICE_TO_HOST);
        if (st != SWEEP_OK) {
            free(back);
            return h_why(why, len, "reading %s back: %s", arr->name, sweep_last_error());
        }
        const unsigned char *want = succeeded && arr->want ? arr->want : arr->init;
        size_t d = first_diff(back + arr->shift, want, arr->bytes);
        size_t g = first_diff(back, NULL, arr->shift);
        size_t t = first_diff(back + arr->shift + arr->bytes, NULL, T_GUARD);
        int ok = d == arr->bytes && g == arr->shift && t == T_GUARD;
        if (!ok) {
            if (d < arr->bytes)
                h_why(why, len, "%s (shift %zu) byte %zu is 0x%02x, want 0x%02x after %s",
                      arr->name, arr->shift, d, back[arr->shift + d], want ? want[d] : T_POISON,
                      succeeded ? "success" : "failure (nothing may be written)");
            else
                h_why(why, len, "%s (shift %zu): a byte %s the array was written", arr->name,
                      arr->shift, g < arr->shift ? "before" : "after");
        }
        free(back);
        if (!ok) return 0;
    }
    return 1;
}

int h_exec(const h_how *how, const char *fn, h_array *arrays, size_t narrays, h_call_fn call,
           const void *user, char *why, size_t len) {
    sweep_context *ctx = how->ctx;
    h_slot slots[H_MAX_ARRAYS];
    if (narrays > H_MAX_ARRAYS) return h_why(why, len, "too many arrays");
    size_t made = 0;
    for (; made < narrays; ++made) {
        h_array *arr = &arrays[made];
        size_t total = arr->shift + arr->bytes + T_GUARD;
        unsigned char *host = malloc(total);
        if (!host) break;
        memset(host, T_POISON, total);
        if (arr->init) memcpy(host + arr->shift, arr->init, arr->bytes);
        slots[made].total = total;
        slots[made].base = NULL;
        sweep_status st = sweep_malloc(ctx, &slots[made].base, total);
        if (st == SWEEP_OK)
            st = sweep_memcpy(ctx, slots[made].base, host, total, SWEEP_COPY_HOST_TO_DEVICE);
        free(host);
        if (st != SWEEP_OK) {
            ++made;
            release(ctx, slots, made);
            return h_why(why, len, "setting up %s: %s", arr->name, sweep_last_error());
        }
        arr->dev = (unsigned char *)slots[made].base + arr->shift;
    }
    if (made < narrays) {
        release(ctx, slots, made);
        return h_why(why, len, "out of host memory");
    }

    sweep_testing_fail_allocation(how->fail_alloc);
    sweep_status st = call(ctx, arrays, user);
    sweep_testing_fail_allocation(-1);
    char message[512];
    snprintf(message, sizeof message, "%s", sweep_last_error());
    if (how->status) *how->status = st;
    if (st == SWEEP_OK) st = sweep_synchronize(ctx);

    int ok = 1;
    if (st != SWEEP_OK) {
        int allowed = st == SWEEP_ERR_OUT_OF_MEMORY && how->fail_alloc >= 0;
        if (!allowed)
            ok = h_why(why, len, "%s: %s (%s)", fn, sweep_status_string(st), message);
        else if (!strstr(message, fn))
            ok =
                h_why(why, len, "%s: out of memory with message \"%s\" not naming it", fn, message);
    }
    if (ok) ok = verify(ctx, arrays, narrays, slots, st == SWEEP_OK, why, len);
    release(ctx, slots, narrays);
    return ok;
}
