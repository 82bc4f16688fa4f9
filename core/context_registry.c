/* The live contexts of the process (see context_registry.h). */
#include "context_registry.h"

#include "alloc_hook.h"
#include "internal.h"

#include <pthread.h>
#include <stdlib.h>

/* A destroyed context's pointer dangles: looking it up here (comparing addresses,
 * never reading through it) turns a use after destroy into an error instead of
 * undefined behaviour. Only an address that a newer context happens to reuse escapes
 * this. Programs hold few contexts: a linear table is enough. */
static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;
static const sweep_context **live;
static size_t live_len, live_cap;

int sweep__registry_add(const sweep_context *ctx) {
    int ok = 1;
    pthread_mutex_lock(&live_lock);
    if (live_len == live_cap) {
        size_t cap = live_cap ? 2 * live_cap : 16;
        const sweep_context **grown =
            sweep__alloc_should_fail() ? NULL : realloc((void *)live, cap * sizeof *grown);
        if (grown) {
            live = grown;
            live_cap = cap;
        } else {
            ok = 0;
        }
    }
    if (ok) live[live_len++] = ctx;
    pthread_mutex_unlock(&live_lock);
    return ok;
}

/* Removes ctx when remove is set; returns whether it was live. */
static int live_find(const sweep_context *ctx, int remove) {
    int found = 0;
    pthread_mutex_lock(&live_lock);
    for (size_t i = live_len; i-- > 0;)
        if (live[i] == ctx) {
            found = 1;
            if (remove) live[i] = live[--live_len];
            break;
        }
    if (live_len == 0 && live) { /* the last context is gone: leave nothing behind */
        free((void *)live);
        live = NULL;
        live_cap = 0;
    }
    pthread_mutex_unlock(&live_lock);
    return found;
}

int sweep__registry_remove(const sweep_context *ctx) {
    return live_find(ctx, 1);
}

sweep_status sweep__check_ctx(const sweep_context *ctx) {
    if (!ctx) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "ctx is NULL");
    if (!live_find(ctx, 0))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "ctx %p is not a live context (destroyed?)",
                           (const void *)ctx);
    return SWEEP_OK;
}
