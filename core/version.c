/* The version of the linked library. */
#include "internal.h"

#define SWEEP__STR2(x) #x
#define SWEEP__STR(x) SWEEP__STR2(x)

unsigned sweep_version_number(void) {
    return SWEEP_VERSION_NUMBER;
}

const char *sweep_version_string(void) {
    return SWEEP__STR(SWEEP_VERSION_MAJOR) "." SWEEP__STR(SWEEP_VERSION_MINOR) "." SWEEP__STR(
        SWEEP_VERSION_PATCH);
}
