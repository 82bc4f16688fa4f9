/*
 * dist_cases_reuse.c -- calls in a row on one communicator, which keeps its buffers
 * between calls (sweep_comm): sorts whose sizes shrink and grow, so that each buffer
 * is reused while it is large enough, regrown past what it holds (also by less than
 * the eighth a buffer grows by beyond its need), and left empty by a call of n = 0;
 * keys alone and pairs of 4, 8 and 16 bytes, radix and merge sorts; splits and scans
 * in between (a split uses the sorts' buffers for other element sizes, a scan its
 * own); sweep_comm_trim between some calls, twice in a row once; and twice a sort
 * whose first buffer allocation fails once (the test hook), which the retry after
 * freeing what the call does not hold must absorb. Every result is checked against
 * the single-process call as in the other families, so a stale or too small buffer
 * fails.
 */
#include "dist_test.h"

#include <stdio.h>

typedef struct reuse_step {
    char what;   /* 'r' radix sort, 'm' merge sort, 's' split, 'c' scan, 't' trim;
                  * 'f', 'g': radix, merge sort whose first allocation fails (below) */
    size_t N;    /* elements in all */
    size_t size; /* values (sorts) or element bytes (split, scan) */
} reuse_step;

static const reuse_step steps[] = {
    {'r', 9000, 0},  {'r', 40, 4},     {'m', 9000, 8}, {'r', 9100, 8}, {'t', 0, 0},
    {'f', 20000, 4}, {'s', 5000, 12},  {'m', 3, 16},   {'r', 0, 4},    {'c', 30000, 4},
    {'m', 26000, 0}, {'t', 0, 0},      {'t', 0, 0},    {'g', 700, 16}, {'s', 33000, 8},
    {'m', 33000, 4}, {'r', 33500, 16}, {'c', 100, 4},  {'r', 1, 0},    {'m', 12000, 16},
};

void d_cases_reuse(d_env *e) {
    if (!d_selected(e, "dist.reuse")) return;
    /* The steps make one sequence: all of them run under this partition. */
    const int all = e->all_layouts;
    e->all_layouts = 1;
    char name[128];
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; ++i) {
        const reuse_step *s = &steps[i];
        snprintf(name, sizeof name, "dist.reuse.step%zu.%c.n%zu.s%zu", i, s->what, s->N, s->size);
        switch (s->what) {
        case 't': d_ok(e, name, sweep_comm_trim(e->comm), "sweep_comm_trim"); break;
        case 's': d_run_split(e, name, 0, s->size, 4, 400, s->N); break;
        case 'c':
            d_run_scan(e, name, sweep_op_builtin(SWEEP_OP_SUM, SWEEP_U32), s->size, 0,
                       SWEEP_EXCLUSIVE, s->N, 0);
            break;
        default: {
            /* Descending u64 keys on every third step, duplicates on every other. After a
             * trim, the first allocation a sort makes is its first buffer's ('f', 'g'):
             * made to fail once, the buffer must come from the retry. */
            if (s->what == 'f' || s->what == 'g') e->fail_alloc = 0;
            d_sort_case c = {s->what == 'm' || s->what == 'g',
                             i % 3 == 0 ? SWEEP_U64 : SWEEP_U32,
                             0,
                             s->size,
                             0,
                             0,
                             i % 3 == 0,
                             (int)(i % 2),
                             s->N};
            d_run_sort(e, name, &c);
            e->fail_alloc = -1;
            break;
        }
        }
    }
    e->all_layouts = all;
}
