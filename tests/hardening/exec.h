/*
 * exec.h -- one primitive call on context memory, checked as a whole: every array
 * the call touches is described once (its initial bytes, or poison for an output,
 * and the bytes it must hold after a successful call), placed at a chosen byte shift
 * from a 256-byte-aligned allocation and followed by a poisoned guard. After the
 * call every array must hold its expected bytes on success, and its initial bytes on
 * failure ("nothing is written"), and no guard may be touched.
 */
#ifndef SWEEP_TESTS_HARDENING_EXEC_H
#define SWEEP_TESTS_HARDENING_EXEC_H

#include "harness.h" /* T_POISON, T_GUARD: the poison byte and guard of every test */

#include <stddef.h>
#include <sweep/sweep.h>

#define H_MAX_ARRAYS 8

typedef struct h_array {
    const char *name;
    const void *init; /* bytes before the call; NULL: poison (an output)           */
    const void *want; /* bytes after a successful call; NULL: the same as init      */
    size_t bytes;
    size_t shift; /* byte offset from a 256-byte-aligned address                    */
    void *dev;    /* set by h_exec: where the call sees the array                   */
} h_array;

/* The call itself, on the arrays' context addresses. */
typedef sweep_status (*h_call_fn)(sweep_context *ctx, h_array *arrays, const void *user);

/* How a call is made. */
typedef struct h_how {
    sweep_context *ctx;
    long fail_alloc;      /* arm the allocation hook with this k around the call; -1: never */
    sweep_status *status; /* receives the call's status (may be NULL)                     */
} h_how;

/* Uploads the arrays, makes the call and checks the outcome as above. A status other
 * than SWEEP_OK is accepted only when it is SWEEP_ERR_OUT_OF_MEMORY with the hook
 * armed, and must come with a message naming fn. Returns 1 when all holds, otherwise
 * 0 with the reason in why. */
int h_exec(const h_how *how, const char *fn, h_array *arrays, size_t narrays, h_call_fn call,
           const void *user, char *why, size_t len);

#endif /* SWEEP_TESTS_HARDENING_EXEC_H */
