/* Shared command-line helpers of sweep-conformance and sweep-check. */
#include "cli.h"

#include <stdio.h>
#include <string.h>

void t_print_counts(const t_registry *r) {
    size_t total = 0;
    for (size_t f = 0; f < t_num_families; ++f) {
        size_t k = 0;
        for (size_t i = 0; i < r->len; ++i)
            k += strcmp(r->cases[i].family, t_families[f].name) == 0;
        if (k) printf("%-16s %6zu\n", t_families[f].name, k);
        total += k;
    }
    printf("%-16s %6zu\n", "total", total);
}

void t_print_list(const t_registry *r) {
    for (size_t i = 0; i < r->len; ++i)
        printf("%s %s\n", r->cases[i].family, r->cases[i].name);
}
