/* Custom comparators for the sort and merge cases. */
#include "comparators.h"

#include "custom.h"

#include <string.h>

/* The field each comparator orders by, read from a possibly misaligned key. */
static int32_t record_key(const void *p) {
    t_record x;
    memcpy(&x, p, sizeof x);
    return x.key;
}
static uint32_t low16_key(const void *p) {
    uint32_t x;
    memcpy(&x, p, sizeof x);
    return x & 0xffffu;
}
static int16_t rec16_key(const void *p) {
    t_rec16 x;
    memcpy(&x, p, sizeof x);
    return x.key;
}

int t_record_less(const void *a, const void *b, void *user) {
    (void)user;
    return record_key(a) < record_key(b);
}

int t_be24_less(const void *a, const void *b, void *user) {
    (void)user;
    return memcmp(a, b, 3) < 0; /* bytewise = big-endian numeric order */
}

int t_low16_less(const void *a, const void *b, void *user) {
    (void)user;
    return low16_key(a) < low16_key(b);
}

int t_rec16_less(const void *a, const void *b, void *user) {
    (void)user;
    return rec16_key(a) < rec16_key(b);
}

/* The GPU twins of the C functions above, compiled at run time by the GPU
 * backends: same layout (sizeof 8, align 4; sizeof 3, align 1; sizeof 4, align 4
 * and 2), same answers. */
static const char record_source[] =
    "struct t_record { int key; unsigned int seq; };\n"
    "__device__ bool by_key(t_record a, t_record b) { return a.key < b.key; }\n";

/* memcmp's order: the first differing byte decides, as unsigned char. */
static const char be24_source[] = "struct t_be24 { unsigned char b[3]; };\n"
                                  "__device__ bool be24(t_be24 x, t_be24 y) {\n"
                                  "    for (int i = 0; i < 3; ++i)\n"
                                  "        if (x.b[i] != y.b[i]) return x.b[i] < y.b[i];\n"
                                  "    return false;\n"
                                  "}\n";

static const char low16_source[] =
    "__device__ bool low16(unsigned a, unsigned b) { return (a & 0xffffu) < (b & 0xffffu); }\n";

static const char rec16_source[] =
    "struct t_rec16 { short key; unsigned short seq; };\n"
    "__device__ bool rec16(t_rec16 a, t_rec16 b) { return a.key < b.key; }\n";

/* The custom comparators, in the order of CMP_RECORD ... CMP_REC16. */
static const struct {
    const char *case_name, *name;
    size_t size, align;
    sweep_less_fn less;
    const char *source;
} comparators[] = {
    {"record", "by_key", sizeof(t_record), 4, t_record_less, record_source},
    {"be24", "be24", 3, 1, t_be24_less, be24_source},
    {"low16", "low16", 4, 4, t_low16_less, low16_source},
    {"rec16", "rec16", sizeof(t_rec16), 2, t_rec16_less, rec16_source},
};

const char *t_comparator_name(int mode) {
    return comparators[mode - CMP_RECORD].case_name;
}

sweep_status t_comparator_create(int which, sweep_custom_compare **out, size_t *size) {
    const sweep_custom_compare_desc d =
        t_compare_desc(comparators[which].name, comparators[which].size, comparators[which].align,
                       comparators[which].less, comparators[which].source);
    *size = d.key_size;
    return sweep_custom_compare_create(out, &d);
}

void t_gen_sort_keys(t_rng *rng, int mode, sweep_dtype dt, void *keys, size_t n, int dups) {
    if (mode == CMP_BUILTIN) {
        t_gen_keys(rng, dt, keys, n, dups);
    } else if (mode == CMP_RECORD) {
        t_record *rec = keys;
        int32_t range = dups ? 5 : 1 << 20;
        for (size_t i = 0; i < n; ++i) {
            t_record x = {(int32_t)t_rng_below(rng, 2 * (uint64_t)range) - range, (uint32_t)i};
            memcpy(&rec[i], &x, sizeof x);
        }
    } else if (mode == CMP_REC16) {
        int32_t range = dups ? 5 : 1 << 14;
        for (size_t i = 0; i < n; ++i) {
            t_rec16 x = {(int16_t)((int32_t)t_rng_below(rng, 2 * (uint64_t)range) - range),
                         (uint16_t)i};
            memcpy((unsigned char *)keys + sizeof x * i, &x, sizeof x);
        }
    } else if (mode == CMP_LOW16) {
        for (size_t i = 0; i < n; ++i) {
            const uint32_t lo = (uint32_t)t_rng_below(rng, dups ? 7 : 65536);
            const uint32_t x = (uint32_t)t_rng_next(rng) << 16 | lo;
            memcpy((unsigned char *)keys + 4 * i, &x, sizeof x);
        }
    } else {
        unsigned char *p = keys;
        for (size_t i = 0; i < n; ++i) {
            p[3 * i] = (unsigned char)t_rng_below(rng, dups ? 3 : 256);
            p[3 * i + 1] = (unsigned char)t_rng_below(rng, dups ? 2 : 256);
            p[3 * i + 2] = (unsigned char)t_rng_next(rng);
        }
    }
}

int t_sort_comparator(t_state *t, int mode, sweep_dtype dt, int desc, sweep_compare *cmp,
                      o_cmp *ocmp, sweep_custom_compare **custom, size_t *key_size) {
    *custom = NULL;
    if (mode == CMP_BUILTIN) {
        *cmp = sweep_compare_builtin(dt, desc);
        *ocmp = o_cmp_builtin(dt, desc);
        *key_size = sweep_dtype_size(dt);
        return 1;
    }
    if (!t_ok(t, t_comparator_create(mode - CMP_RECORD, custom, key_size),
              "sweep_custom_compare_create"))
        return 0;
    *cmp = sweep_compare_custom(*custom);
    *ocmp = o_cmp_custom(*key_size, comparators[mode - CMP_RECORD].less, NULL);
    return 1;
}
