/*
 * hip_rtc_names.cpp -- the kernels' name expressions as hipRTC can resolve them.
 * hipRTC (ROCm 5) finds a name expression by comparing it with the demangled kernel
 * symbols, so an alias in it (sweep_gpu::RtcElem, a typedef of Elem<S, A>) never
 * matches, where NVRTC resolves it like the compiler would. The aliases are spelled
 * out here as the demangler prints them; both compilers accept that spelling.
 */
#include "hip_rtc_compiler.h"

#include <stdio.h>
#include <string.h>

int sweep_hip_rtc_spell_name(const char *name, size_t size, size_t align, char *out, size_t len) {
    static const char *const aliases[] = {"sweep_gpu::RtcElem", "sweep_gpu::RtcKey"};
    char elem[64];
    snprintf(elem, sizeof elem, "sweep_gpu::Elem<%zu, %zu>", size, align);
    size_t used = 0;
    while (*name) {
        const char *with = NULL;
        size_t skip = 1;
        for (const char *a : aliases) {
            const size_t n = strlen(a);
            /* a whole name only: not a prefix of a longer identifier */
            if (strncmp(name, a, n) == 0 &&
                !(name[n] == '_' || (name[n] >= 'a' && name[n] <= 'z') ||
                  (name[n] >= 'A' && name[n] <= 'Z') || (name[n] >= '0' && name[n] <= '9'))) {
                with = elem;
                skip = n;
                break;
            }
        }
        const size_t add = with ? strlen(with) : 1;
        if (used + add >= len) return 0;
        memcpy(out + used, with ? with : name, add);
        used += add;
        name += skip;
    }
    out[used] = '\0';
    return 1;
}
