/*
 * alloc_hook.h -- the test-only allocation-failure hook. Tests (tests/hardening)
 * make the k-th allocation the core attempts from now on fail, to prove that every
 * allocation failure surfaces as SWEEP_ERR_OUT_OF_MEMORY with the inputs intact,
 * nothing leaked and the context still usable. The counter is thread-local, so
 * threads that drive their own contexts do not disturb each other.
 */
#ifndef SWEEP_CORE_ALLOC_HOOK_H
#define SWEEP_CORE_ALLOC_HOOK_H

/* Called right before each allocation the core makes on behalf of a call (context,
 * scratch cache blocks and their table, the host copy of device offsets, custom
 * operators and comparators). Non-zero: treat that allocation as failed. Costs one
 * thread-local load when the hook is disarmed. */
int sweep__alloc_should_fail(void);

#endif /* SWEEP_CORE_ALLOC_HOOK_H */
