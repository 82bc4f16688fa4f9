/*
 * The test-only allocation-failure hook (see alloc_hook.h). Exported so that test
 * programs can arm it, but declared in no installed header: it is not API.
 */
#include "alloc_hook.h"

#include "internal.h"

/* Allocations still to pass before one fails; negative: disarmed. */
static _Thread_local long tl_allocs_before_failure = -1;

SWEEP_API void sweep_testing_fail_allocation(long k);
SWEEP_API void sweep_testing_fail_allocation(long k) {
    tl_allocs_before_failure = k < 0 ? -1 : k;
}

int sweep__alloc_should_fail(void) {
    if (tl_allocs_before_failure < 0) return 0;
    if (tl_allocs_before_failure == 0) {
        /* One failure per arming: a later allocation of the same call (a retry, a
         * cleanup path) sees a healthy allocator again, as after a transient failure. */
        tl_allocs_before_failure = -1;
        return 1;
    }
    --tl_allocs_before_failure;
    return 0;
}
