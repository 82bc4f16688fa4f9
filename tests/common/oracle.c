/* The reference: each definition of sweep.h as a plain loop. */
#include "oracle.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ operators -- */

static void put_identity(o_op *op) {
    unsigned char *id = op->identity;
    memset(id, 0, sizeof op->identity);
    switch (op->kind) {
    case SWEEP_OP_PROD:
        if (op->dtype == SWEEP_F32) {
            float one = 1.0f;
            memcpy(id, &one, sizeof one);
        } else if (op->dtype == SWEEP_F64) {
            double one = 1.0;
            memcpy(id, &one, sizeof one);
        } else {
            id[0] = 1; /* little-endian 1 of any width */
        }
        break;
    case SWEEP_OP_AND: memset(id, 0xff, op->size); break;
    case SWEEP_OP_MIN:
    case SWEEP_OP_MAX: {
        int is_min = op->kind == SWEEP_OP_MIN;
        switch (op->dtype) {
        case SWEEP_F32: {
            float v = is_min ? INFINITY : -INFINITY;
            memcpy(id, &v, sizeof v);
            break;
        }
        case SWEEP_F64: {
            double v = is_min ? INFINITY : -INFINITY;
            memcpy(id, &v, sizeof v);
            break;
        }
        case SWEEP_U8:
        case SWEEP_U16:
        case SWEEP_U32:
        case SWEEP_U64:
            if (is_min) memset(id, 0xff, op->size); /* max of unsigned; min is 0 */
            break;
        default:
            /* signed: max = 0x7f..ff, min = 0x80..00 (little-endian) */
            if (is_min) {
                memset(id, 0xff, op->size);
                id[op->size - 1] = 0x7f;
            } else {
                id[op->size - 1] = 0x80;
            }
        }
        break;
    }
    default: break;
    }
}

o_op o_builtin(sweep_op_kind kind, sweep_dtype dtype) {
    o_op op;
    memset(&op, 0, sizeof op);
    op.kind = kind;
    op.dtype = dtype;
    op.size = sweep_dtype_size(dtype);
    put_identity(&op);
    return op;
}

o_op o_custom(size_t size, const void *identity, sweep_combine_fn combine, void *user) {
    o_op op;
    memset(&op, 0, sizeof op);
    op.kind = SWEEP_OP_CUSTOM;
    op.size = size;
    memcpy(op.identity, identity, size);
    op.combine = combine;
    op.user = user;
    return op;
}

/* Integer ops on the unsigned type of the width: wraparound is then defined. */
#define O_INT_OP(U)                                                                                \
    do {                                                                                           \
        U x, y, r;                                                                                 \
        memcpy(&x, a, sizeof x);                                                                   \
        memcpy(&y, b, sizeof y);                                                                   \
        switch (op->kind) {                                                                        \
        case SWEEP_OP_SUM: r = (U)(x + y); break;                                                  \
        case SWEEP_OP_PROD: r = (U)((uint64_t)x * (uint64_t)y); break;                             \
        case SWEEP_OP_AND: r = x & y; break;                                                       \
        case SWEEP_OP_OR: r = x | y; break;                                                        \
        default: r = x ^ y; break;                                                                 \
        }                                                                                          \
        memcpy(out, &r, sizeof r);                                                                 \
    } while (0)

#define O_MINMAX(T)                                                                                \
    do {                                                                                           \
        T x, y, r;                                                                                 \
        memcpy(&x, a, sizeof x);                                                                   \
        memcpy(&y, b, sizeof y);                                                                   \
        if (op->kind == SWEEP_OP_MIN)                                                              \
            r = y < x ? y : x;                                                                     \
        else                                                                                       \
            r = x < y ? y : x;                                                                     \
        memcpy(out, &r, sizeof r);                                                                 \
    } while (0)

/* sweep.h's floating MIN/MAX: a NaN operand, quiet or signalling, is ignored unless
 * both are NaN (C's fmin may answer NaN for a signalling one, as glibc's does). The
 * sign of a zero result is left open, as check.c compares MIN/MAX by value. */
#define o_fmin(x, y) ((y) != (y) ? (x) : (x) != (x) ? (y) : (y) < (x) ? (y) : (x))
#define o_fmax(x, y) ((y) != (y) ? (x) : (x) != (x) ? (y) : (x) < (y) ? (y) : (x))

#define O_FLOAT_OP(T, FMIN, FMAX)                                                                  \
    do {                                                                                           \
        T x, y, r;                                                                                 \
        memcpy(&x, a, sizeof x);                                                                   \
        memcpy(&y, b, sizeof y);                                                                   \
        switch (op->kind) {                                                                        \
        case SWEEP_OP_SUM: r = x + y; break;                                                       \
        case SWEEP_OP_PROD: r = x * y; break;                                                      \
        case SWEEP_OP_MIN: r = FMIN(x, y); break;                                                  \
        default: r = FMAX(x, y); break;                                                            \
        }                                                                                          \
        memcpy(out, &r, sizeof r);                                                                 \
    } while (0)

void o_combine(const o_op *op, const void *a, const void *b, void *out) {
    if (op->kind == SWEEP_OP_CUSTOM) {
        op->combine(a, b, out, op->user);
        return;
    }
    int minmax = op->kind == SWEEP_OP_MIN || op->kind == SWEEP_OP_MAX;
    switch (op->dtype) {
    case SWEEP_I8:
        if (minmax)
            O_MINMAX(int8_t);
        else
            O_INT_OP(uint8_t);
        break;
    case SWEEP_I16:
        if (minmax)
            O_MINMAX(int16_t);
        else
            O_INT_OP(uint16_t);
        break;
    case SWEEP_I32:
        if (minmax)
            O_MINMAX(int32_t);
        else
            O_INT_OP(uint32_t);
        break;
    case SWEEP_I64:
        if (minmax)
            O_MINMAX(int64_t);
        else
            O_INT_OP(uint64_t);
        break;
    case SWEEP_U8:
        if (minmax)
            O_MINMAX(uint8_t);
        else
            O_INT_OP(uint8_t);
        break;
    case SWEEP_U16:
        if (minmax)
            O_MINMAX(uint16_t);
        else
            O_INT_OP(uint16_t);
        break;
    case SWEEP_U32:
        if (minmax)
            O_MINMAX(uint32_t);
        else
            O_INT_OP(uint32_t);
        break;
    case SWEEP_U64:
        if (minmax)
            O_MINMAX(uint64_t);
        else
            O_INT_OP(uint64_t);
        break;
    case SWEEP_F32: O_FLOAT_OP(float, o_fmin, o_fmax); break;
    case SWEEP_F64: O_FLOAT_OP(double, o_fmin, o_fmax); break;
    }
}

/* ----------------------------------------------------------------------- scans -- */

void o_scan(const o_op *op, const void *in, const uint8_t *heads, void *out, size_t n,
            int exclusive) {
    const unsigned char *src = in;
    unsigned char *dst = out;
    unsigned char acc[32], x[32];
    for (size_t i = 0; i < n; ++i) {
        /* read first: out may be in */
        memcpy(x, src + i * op->size, op->size);
        if (i == 0 || (heads && heads[i])) memcpy(acc, op->identity, op->size);
        if (exclusive) {
            memcpy(dst + i * op->size, acc, op->size);
            o_combine(op, acc, x, acc);
        } else {
            /* the first element of a segment is in[i] itself, not identity op in[i] */
            if (i == 0 || (heads && heads[i]))
                memcpy(acc, x, op->size);
            else
                o_combine(op, acc, x, acc);
            memcpy(dst + i * op->size, acc, op->size);
        }
    }
}

void o_scan_offsets(const o_op *op, const void *in, const size_t *offsets, size_t nseg, void *out,
                    int exclusive) {
    for (size_t s = 0; s < nseg; ++s) {
        size_t begin = offsets[s], len = offsets[s + 1] - offsets[s];
        o_scan(op, (const unsigned char *)in + begin * op->size, NULL,
               (unsigned char *)out + begin * op->size, len, exclusive);
    }
}

void o_heads_from_keys(const void *keys, size_t key_size, size_t n, uint8_t *heads) {
    const unsigned char *k = keys;
    for (size_t i = 0; i < n; ++i)
        heads[i] = i == 0 || memcmp(k + i * key_size, k + (i - 1) * key_size, key_size) != 0;
}

static long double load_float(sweep_dtype dtype, const void *in, size_t i) {
    if (dtype == SWEEP_F32) {
        float f;
        memcpy(&f, (const float *)in + i, sizeof f);
        return f;
    }
    double d;
    memcpy(&d, (const double *)in + i, sizeof d);
    return d;
}

void o_scan_exact(sweep_op_kind kind, sweep_dtype dtype, const void *in, const uint8_t *heads,
                  size_t n, int exclusive, long double *exact, long double *mag, size_t *terms) {
    int prod = kind == SWEEP_OP_PROD;
    long double acc = 0, absacc = 0;
    size_t count = 0;
    for (size_t i = 0; i < n; ++i) {
        if (i == 0 || (heads && heads[i])) {
            acc = prod ? 1 : 0;
            absacc = prod ? 1 : 0;
            count = 0;
        }
        long double x = load_float(dtype, in, i);
        if (!exclusive) {
            acc = prod ? acc * x : acc + x;
            absacc = prod ? fabsl(acc) : absacc + fabsl(x);
            ++count;
        }
        exact[i] = acc;
        mag[i] = prod ? fabsl(acc) : absacc;
        terms[i] = count;
        if (exclusive) {
            acc = prod ? acc * x : acc + x;
            absacc = prod ? fabsl(acc) : absacc + fabsl(x);
            ++count;
        }
    }
}

/* ------------------------------------------------------------------ reductions -- */

void o_reduce(const o_op *op, const void *in, size_t n, void *out) {
    unsigned char acc[32];
    memcpy(acc, op->identity, op->size);
    for (size_t i = 0; i < n; ++i) {
        const unsigned char *x = (const unsigned char *)in + i * op->size;
        if (i == 0)
            memcpy(acc, x, op->size);
        else
            o_combine(op, acc, x, acc);
    }
    memcpy(out, acc, op->size);
}

void o_segmented_reduce(const o_op *op, const void *in, const size_t *offsets, size_t nseg,
                        void *out) {
    for (size_t s = 0; s < nseg; ++s)
        o_reduce(op, (const unsigned char *)in + offsets[s] * op->size, offsets[s + 1] - offsets[s],
                 (unsigned char *)out + s * op->size);
}

/* ------------------------------------------------------------ split, compact -- */

size_t o_split(const uint8_t *flags, const void *in, void *out, size_t elem_size,
               const void *values_in, void *values_out, size_t vsize, size_t n,
               int keep_unflagged) {
    const unsigned char *src = in, *vsrc = values_in;
    unsigned char *dst = out, *vdst = values_out;
    size_t k = 0;
    for (int pass = 0; pass < (keep_unflagged ? 2 : 1); ++pass)
        for (size_t i = 0; i < n; ++i) {
            if ((flags[i] != 0) != (pass == 0)) continue;
            memcpy(dst + k * elem_size, src + i * elem_size, elem_size);
            if (vsize) memcpy(vdst + k * vsize, vsrc + i * vsize, vsize);
            ++k;
        }
    size_t flagged = 0;
    for (size_t i = 0; i < n; ++i)
        flagged += flags[i] != 0;
    return flagged;
}

/* --------------------------------------------------------------------- sorting -- */

uint64_t o_key_pattern(sweep_dtype dtype, const void *key) {
    size_t size = sweep_dtype_size(dtype);
    uint64_t raw = 0;
    const unsigned char *p = key;
    for (size_t b = 0; b < size; ++b)
        raw |= (uint64_t)p[b] << (8 * b);
    uint64_t sign = 1ull << (8 * size - 1);
    uint64_t all = size == 8 ? ~0ull : (1ull << (8 * size)) - 1;
    switch (dtype) {
    case SWEEP_I8:
    case SWEEP_I16:
    case SWEEP_I32:
    case SWEEP_I64: return raw ^ sign;
    case SWEEP_F32:
    case SWEEP_F64: return (raw & sign) ? (~raw & all) : (raw ^ sign);
    default: return raw;
    }
}

/* A stable merge sort of indices by a key function: simple and O(n log n), so the
 * oracle keeps up with the library at a few million keys. */
typedef int (*o_before_fn)(size_t i, size_t j, const void *ctx);

static void o_sort_indices(size_t *idx, size_t *tmp, size_t n, o_before_fn before,
                           const void *ctx) {
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n;
            size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, k = lo;
            /* take from the right run only when strictly before: stability */
            while (i < mid && j < hi)
                tmp[k++] = before(idx[j], idx[i], ctx) ? idx[j++] : idx[i++];
            while (i < mid)
                tmp[k++] = idx[i++];
            while (j < hi)
                tmp[k++] = idx[j++];
        }
        memcpy(idx, tmp, n * sizeof *idx);
    }
}

static void o_permute(const size_t *idx, const void *keys_in, void *keys_out, size_t key_size,
                      const void *values_in, void *values_out, size_t vsize, size_t n) {
    for (size_t k = 0; k < n; ++k) {
        memcpy((unsigned char *)keys_out + k * key_size,
               (const unsigned char *)keys_in + idx[k] * key_size, key_size);
        if (vsize)
            memcpy((unsigned char *)values_out + k * vsize,
                   (const unsigned char *)values_in + idx[k] * vsize, vsize);
    }
}

typedef struct o_radix_ctx {
    const uint64_t *field;
    int descending;
} o_radix_ctx;

static int o_radix_before(size_t i, size_t j, const void *ctx) {
    const o_radix_ctx *c = ctx;
    return c->descending ? c->field[i] > c->field[j] : c->field[i] < c->field[j];
}

void o_radix_sort(sweep_dtype dtype, const void *keys_in, void *keys_out, const void *values_in,
                  void *values_out, size_t vsize, size_t n, unsigned begin_bit, unsigned end_bit,
                  int descending) {
    size_t size = sweep_dtype_size(dtype);
    size_t *idx = malloc((n ? n : 1) * sizeof *idx);
    size_t *tmp = malloc((n ? n : 1) * sizeof *tmp);
    uint64_t *field = malloc((n ? n : 1) * sizeof *field);
    if (!idx || !tmp || !field) {
        free(idx);
        free(tmp);
        free(field);
        return; /* the caller's comparison then fails on its poisoned expectation */
    }
    unsigned width = end_bit - begin_bit;
    uint64_t mask = width >= 64 ? ~0ull : (1ull << width) - 1;
    for (size_t i = 0; i < n; ++i) {
        idx[i] = i;
        field[i] =
            (o_key_pattern(dtype, (const unsigned char *)keys_in + i * size) >> begin_bit) & mask;
    }
    o_radix_ctx c = {field, descending};
    o_sort_indices(idx, tmp, n, o_radix_before, &c);
    o_permute(idx, keys_in, keys_out, size, values_in, values_out, vsize, n);
    free(idx);
    free(tmp);
    free(field);
}

o_cmp o_cmp_builtin(sweep_dtype dtype, int descending) {
    o_cmp c;
    memset(&c, 0, sizeof c);
    c.dtype = dtype;
    c.descending = descending;
    c.key_size = sweep_dtype_size(dtype);
    return c;
}

o_cmp o_cmp_custom(size_t key_size, sweep_less_fn less, void *user) {
    o_cmp c;
    memset(&c, 0, sizeof c);
    c.custom = 1;
    c.key_size = key_size;
    c.less = less;
    c.user = user;
    return c;
}

int o_less(const o_cmp *c, const void *a, const void *b) {
    if (c->custom) return c->less(a, b, c->user) != 0;
    uint64_t x = o_key_pattern(c->dtype, a), y = o_key_pattern(c->dtype, b);
    return c->descending ? y < x : x < y;
}

typedef struct o_cmp_ctx {
    const o_cmp *cmp;
    const unsigned char *keys;
} o_cmp_ctx;

static int o_cmp_before(size_t i, size_t j, const void *ctx) {
    const o_cmp_ctx *c = ctx;
    return o_less(c->cmp, c->keys + i * c->cmp->key_size, c->keys + j * c->cmp->key_size);
}

void o_sort(const o_cmp *c, const void *keys_in, void *keys_out, const void *values_in,
            void *values_out, size_t vsize, size_t n) {
    size_t *idx = malloc((n ? n : 1) * sizeof *idx);
    size_t *tmp = malloc((n ? n : 1) * sizeof *tmp);
    if (!idx || !tmp) {
        free(idx);
        free(tmp);
        return;
    }
    for (size_t i = 0; i < n; ++i)
        idx[i] = i;
    o_cmp_ctx ctx = {c, keys_in};
    o_sort_indices(idx, tmp, n, o_cmp_before, &ctx);
    o_permute(idx, keys_in, keys_out, c->key_size, values_in, values_out, vsize, n);
    free(idx);
    free(tmp);
}

void o_merge(const o_cmp *c, const void *a, const void *a_values, size_t na, const void *b,
             const void *b_values, size_t nb, void *out, void *out_values, size_t vsize) {
    const unsigned char *ka = a, *kb = b, *va = a_values, *vb = b_values;
    unsigned char *ko = out, *vo = out_values;
    size_t ks = c->key_size, i = 0, j = 0;
    for (size_t k = 0; k < na + nb; ++k) {
        /* b goes first only when strictly before a: ties take a */
        int take_b = i == na || (j < nb && o_less(c, kb + j * ks, ka + i * ks));
        if (take_b) {
            memcpy(ko + k * ks, kb + j * ks, ks);
            if (vsize) memcpy(vo + k * vsize, vb + j * vsize, vsize);
            ++j;
        } else {
            memcpy(ko + k * ks, ka + i * ks, ks);
            if (vsize) memcpy(vo + k * vsize, va + i * vsize, vsize);
            ++i;
        }
    }
}

/* One order for the segmented sorts: a comparator, or a radix descriptor. */
static void o_sort_segment(const o_cmp *c, const sweep_sort_desc *radix, const unsigned char *kin,
                           unsigned char *kout, const unsigned char *vin, unsigned char *vout,
                           size_t vsize, size_t a, size_t m) {
    size_t ks = c ? c->key_size : sweep_dtype_size(radix->key_dtype);
    const void *vi = vsize ? vin + a * vsize : NULL;
    void *vo = vsize ? vout + a * vsize : NULL;
    if (c)
        o_sort(c, kin + a * ks, kout + a * ks, vi, vo, vsize, m);
    else
        o_radix_sort(radix->key_dtype, kin + a * ks, kout + a * ks, vi, vo, vsize, m,
                     radix->begin_bit, radix->end_bit, radix->descending);
}

void o_segmented_sort(const o_cmp *c, const sweep_sort_desc *radix, const void *keys_in,
                      void *keys_out, const void *values_in, void *values_out, size_t vsize,
                      const size_t *offsets, size_t nseg) {
    for (size_t s = 0; s < nseg; ++s)
        o_sort_segment(c, radix, keys_in, keys_out, values_in, values_out, vsize, offsets[s],
                       offsets[s + 1] - offsets[s]);
}

void o_bounds(const o_cmp *c, const void *haystack, size_t n, const void *needles, size_t nn,
              int upper, size_t *out) {
    const unsigned char *h = haystack, *x = needles;
    for (size_t i = 0; i < nn; ++i) {
        const unsigned char *key = x + i * c->key_size;
        /* the number of haystack keys before the needle: those less than it (lower),
         * or not greater (upper); on a sorted haystack they are a prefix */
        size_t count = 0;
        if (n > ((size_t)1 << 25) / (nn ? nn : 1)) {
            /* too many pairs to count: halve the prefix instead */
            size_t lo = 0, hi = n;
            while (lo < hi) {
                size_t mid = lo + (hi - lo) / 2;
                const unsigned char *y = h + mid * c->key_size;
                if (upper ? !o_less(c, key, y) : o_less(c, y, key))
                    lo = mid + 1;
                else
                    hi = mid;
            }
            count = lo;
        } else {
            for (size_t j = 0; j < n; ++j) {
                const unsigned char *y = h + j * c->key_size;
                if (upper ? !o_less(c, key, y) : o_less(c, y, key)) ++count;
            }
        }
        out[i] = count;
    }
}
