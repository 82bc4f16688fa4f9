/*
 * ranges.h -- named memory ranges of one call and the check that the outputs of a
 * primitive stay clear of its inputs and of each other (split, compaction, sorts,
 * merge), with a message naming the two arguments.
 */
#ifndef SWEEP_CORE_RANGES_H
#define SWEEP_CORE_RANGES_H

#include "internal.h"

typedef struct sweep__range {
    const char *name;
    const void *ptr;
    size_t bytes; /* 0 (or ptr NULL): an absent argument, which overlaps nothing */
} sweep__range;

static inline sweep_status sweep__check_apart(const sweep__range *outs, size_t nouts,
                                              const sweep__range *ins, size_t nins) {
    for (size_t o = 0; o < nouts; ++o) {
        for (size_t i = 0; i < nins; ++i)
            if (sweep__overlap(outs[o].ptr, outs[o].bytes, ins[i].ptr, ins[i].bytes))
                return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "%s overlaps %s", outs[o].name,
                                   ins[i].name);
        for (size_t p = o + 1; p < nouts; ++p)
            if (sweep__overlap(outs[o].ptr, outs[o].bytes, outs[p].ptr, outs[p].bytes))
                return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "%s overlaps %s", outs[o].name,
                                   outs[p].name);
    }
    return SWEEP_OK;
}

#endif /* SWEEP_CORE_RANGES_H */
