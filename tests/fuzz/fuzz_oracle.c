/* The fuzzer's reference definitions (see fuzz_oracle.h). */
#include "fuzz_oracle.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void fo_affine_then(const void *x, const void *y, void *out, void *user) {
    (void)user;
    uint32_t f[2], g[2], h[2];
    memcpy(f, x, 8);
    memcpy(g, y, 8);
    h[0] = f[0] * g[0];
    h[1] = g[0] * f[1] + g[1];
    memcpy(out, h, 8);
}

int fo_mod_less(const void *a, const void *b, void *user) {
    (void)user;
    uint32_t x, y;
    memcpy(&x, a, 4);
    memcpy(&y, b, 4);
    return x % FO_MOD < y % FO_MOD;
}

static int is_signed(sweep_dtype d) {
    return d == SWEEP_I8 || d == SWEEP_I16 || d == SWEEP_I32 || d == SWEEP_I64;
}

static uint64_t load_u(const void *p, size_t size) {
    uint8_t b[8] = {0};
    memcpy(b, p, size);
    uint64_t v = 0;
    for (size_t i = 0; i < size; ++i)
        v |= (uint64_t)b[i] << (8 * i);
    return v;
}

static void store_u(void *p, size_t size, uint64_t v) {
    uint8_t b[8];
    for (size_t i = 0; i < 8; ++i)
        b[i] = (uint8_t)(v >> (8 * i));
    memcpy(p, b, size);
}

/* Sign-extended value of a signed integer of size bytes. */
static int64_t load_s(const void *p, size_t size) {
    uint64_t v = load_u(p, size);
    unsigned bits = (unsigned)(8 * size);
    if (bits < 64 && (v >> (bits - 1)) & 1) v |= ~(uint64_t)0 << bits;
    return (int64_t)v;
}

void fo_identity(const fo_op *op, void *out) {
    if (op->kind == SWEEP_OP_CUSTOM) {
        const uint32_t id[2] = {1, 0};
        memcpy(out, id, 8);
        return;
    }
    size_t s = op->size;
    if (op->dtype == SWEEP_F32 || op->dtype == SWEEP_F64) {
        double v = op->kind == SWEEP_OP_PROD  ? 1.0
                   : op->kind == SWEEP_OP_MIN ? INFINITY
                   : op->kind == SWEEP_OP_MAX ? -INFINITY
                                              : 0.0;
        if (op->dtype == SWEEP_F32) {
            float f = (float)v;
            memcpy(out, &f, 4);
        } else {
            memcpy(out, &v, 8);
        }
        return;
    }
    unsigned bits = (unsigned)(8 * s);
    uint64_t ones = bits == 64 ? ~(uint64_t)0 : (((uint64_t)1 << bits) - 1);
    uint64_t v = 0;
    switch (op->kind) {
    case SWEEP_OP_PROD: v = 1; break;
    case SWEEP_OP_AND: v = ones; break;
    case SWEEP_OP_MIN: v = is_signed(op->dtype) ? ones >> 1 : ones; break;
    case SWEEP_OP_MAX: v = is_signed(op->dtype) ? (uint64_t)1 << (bits - 1) : 0; break;
    default: v = 0; break;
    }
    store_u(out, s, v);
}

static double float_op(sweep_op_kind k, double a, double b) {
    switch (k) {
    case SWEEP_OP_SUM: return a + b;
    case SWEEP_OP_PROD: return a * b;
    /* a NaN operand, quiet or signalling, is ignored unless both are NaN (C's fmin
     * may answer NaN for a signalling one); the sign of a zero is left open */
    case SWEEP_OP_MIN: return b != b ? a : a != a ? b : b < a ? b : a;
    default: return b != b ? a : a != a ? b : a < b ? b : a;
    }
}

void fo_combine(const fo_op *op, const void *a, const void *b, void *out) {
    if (op->kind == SWEEP_OP_CUSTOM) {
        fo_affine_then(a, b, out, NULL);
        return;
    }
    if (op->dtype == SWEEP_F32) {
        float x, y;
        memcpy(&x, a, 4);
        memcpy(&y, b, 4);
        float r = op->kind == SWEEP_OP_SUM    ? x + y
                  : op->kind == SWEEP_OP_PROD ? x * y
                                              : (float)float_op(op->kind, x, y);
        memcpy(out, &r, 4);
        return;
    }
    if (op->dtype == SWEEP_F64) {
        double x, y;
        memcpy(&x, a, 8);
        memcpy(&y, b, 8);
        double r = float_op(op->kind, x, y);
        memcpy(out, &r, 8);
        return;
    }
    size_t s = op->size;
    uint64_t x = load_u(a, s), y = load_u(b, s), r;
    switch (op->kind) {
    case SWEEP_OP_SUM: r = x + y; break;
    case SWEEP_OP_PROD: r = x * y; break;
    case SWEEP_OP_AND: r = x & y; break;
    case SWEEP_OP_OR: r = x | y; break;
    case SWEEP_OP_XOR: r = x ^ y; break;
    case SWEEP_OP_MIN:
        if (is_signed(op->dtype))
            r = load_s(a, s) <= load_s(b, s) ? x : y;
        else
            r = x <= y ? x : y;
        break;
    default:
        if (is_signed(op->dtype))
            r = load_s(a, s) >= load_s(b, s) ? x : y;
        else
            r = x >= y ? x : y;
        break;
    }
    store_u(out, s, r);
}

void fo_scan(const fo_op *op, const void *in, const uint8_t *heads, void *out, size_t n,
             int exclusive) {
    const uint8_t *src = in;
    uint8_t *dst = out;
    size_t s = op->size;
    uint8_t acc[32], x[32];
    for (size_t i = 0; i < n; ++i) {
        memcpy(x, src + i * s, s); /* before out[i] may overwrite it (in place) */
        if (i == 0 || (heads && heads[i])) fo_identity(op, acc);
        if (exclusive) {
            memcpy(dst + i * s, acc, s);
            fo_combine(op, acc, x, acc);
        } else {
            fo_combine(op, acc, x, acc);
            memcpy(dst + i * s, acc, s);
        }
    }
}

void fo_reduce(const fo_op *op, const void *in, size_t n, void *out) {
    uint8_t acc[32];
    fo_identity(op, acc);
    for (size_t i = 0; i < n; ++i)
        fo_combine(op, acc, (const uint8_t *)in + i * op->size, acc);
    memcpy(out, acc, op->size);
}

uint64_t fo_pattern(sweep_dtype dtype, const void *key) {
    size_t s = sweep_dtype_size(dtype);
    uint64_t v = load_u(key, s), sign = (uint64_t)1 << (8 * s - 1);
    uint64_t ones = s == 8 ? ~(uint64_t)0 : (((uint64_t)1 << (8 * s)) - 1);
    if (is_signed(dtype)) return v ^ sign;
    if (dtype == SWEEP_F32 || dtype == SWEEP_F64) return (v & sign) ? (~v & ones) : (v | sign);
    return v;
}

void fo_stable_order(size_t *idx, size_t n, fo_before_fn before, const void *ctx) {
    /* bottom-up merge sort of indices: stable by construction */
    for (size_t i = 0; i < n; ++i)
        idx[i] = i;
    if (n < 2) return;
    size_t *tmp = malloc(n * sizeof *tmp);
    if (!tmp) abort();
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n;
            size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                tmp[k++] = before(idx[j], idx[i], ctx) ? idx[j++] : idx[i++];
            while (i < mid)
                tmp[k++] = idx[i++];
            while (j < hi)
                tmp[k++] = idx[j++];
        }
        memcpy(idx, tmp, n * sizeof *tmp);
    }
    free(tmp);
}
