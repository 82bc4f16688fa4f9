/* Host buffers and seeds of the primitives table's calls (see prim_host.h). */
#include "prim_host.h"

#include <stdlib.h>
#include <string.h>

void *h_alloc(h_mem *m, size_t bytes) {
    if (m->n == 16) return NULL;
    void *p = calloc(1, bytes ? bytes : 1);
    if (p) m->p[m->n++] = p;
    return p;
}

void *h_poisoned(h_mem *m, size_t bytes) {
    void *p = h_alloc(m, bytes);
    if (p) memset(p, T_POISON, bytes);
    return p;
}

void h_free_all(h_mem *m) {
    for (int i = 0; i < m->n; ++i)
        free(m->p[i]);
    m->n = 0;
}

void h_seed(t_rng *r, const h_shape *s, const char *prim) {
    char name[160];
    snprintf(name, sizeof name, "hardening.%s.%s.%zu", prim, s->seed, s->n);
    t_rng_seed(r, name);
}
