/*
 * context_registry.h -- the process's table of live contexts. sweep_context_create
 * records a context here and sweep_context_destroy takes it out (context.c); every
 * function that takes a context checks it here first (sweep__check_ctx), so a pointer
 * to a destroyed context is an error instead of undefined behaviour. The table knows
 * nothing of what a context holds: context.c, memory.c and scratch.c depend on it,
 * never the other way round.
 */
#ifndef SWEEP_CORE_CONTEXT_REGISTRY_H
#define SWEEP_CORE_CONTEXT_REGISTRY_H

#include <sweep/sweep.h>

/* Records ctx as live; 0 when there is no memory for it (nothing recorded). */
int sweep__registry_add(const sweep_context *ctx);

/* Takes ctx out of the table; whether it was live. */
int sweep__registry_remove(const sweep_context *ctx);

/* Validates a context argument: NULL, or a pointer that is not a live context
 * (destroyed, never created), is SWEEP_ERR_INVALID_ARGUMENT. One lock and a lookup in
 * the table; the context itself is not read. */
sweep_status sweep__check_ctx(const sweep_context *ctx);

#endif /* SWEEP_CORE_CONTEXT_REGISTRY_H */
