/*
 * alloc_hook.h -- the test-only allocation-failure hook of libsweep (core/alloc_hook.c).
 * Not part of the API and deliberately absent from sweep.h: only tests declare it.
 */
#ifndef SWEEP_TESTS_HARDENING_ALLOC_HOOK_H
#define SWEEP_TESTS_HARDENING_ALLOC_HOOK_H

/* Makes the k-th allocation that the library attempts from now on, on the calling
 * thread, fail (k = 0: the next one); one failure per arming. k = -1 disarms. */
void sweep_testing_fail_allocation(long k);

#endif /* SWEEP_TESTS_HARDENING_ALLOC_HOOK_H */
