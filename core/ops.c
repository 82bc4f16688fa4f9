/* Element types, operator and comparator descriptors: validation and resolution
 * into the forms kernels see (sweep_kop, sweep_kcmp, sweep_kradix), and the custom
 * operator and comparator objects. */
#include "alloc_hook.h"
#include "internal.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

size_t sweep_dtype_size(sweep_dtype dtype) {
    switch (dtype) {
    case SWEEP_I8:
    case SWEEP_U8: return 1;
    case SWEEP_I16:
    case SWEEP_U16: return 2;
    case SWEEP_I32:
    case SWEEP_U32:
    case SWEEP_F32: return 4;
    case SWEEP_I64:
    case SWEEP_U64:
    case SWEEP_F64: return 8;
    }
    return 0;
}

const char *sweep_dtype_name(sweep_dtype dtype) {
    static const char *const names[SWEEP_DTYPE_COUNT] = {"i8",  "i16", "i32", "i64", "u8",
                                                         "u16", "u32", "u64", "f32", "f64"};
    if ((int)dtype < 0 || (int)dtype >= SWEEP_DTYPE_COUNT) return "unknown";
    return names[dtype];
}

static const char *op_name(sweep_op_kind kind) {
    static const char *const names[] = {"SUM", "PROD", "MIN", "MAX", "AND", "OR", "XOR", "CUSTOM"};
    if ((int)kind < 0 || (int)kind > (int)SWEEP_OP_CUSTOM) return "unknown";
    return names[kind];
}

static int dtype_valid(sweep_dtype dtype) {
    return (int)dtype >= 0 && (int)dtype < SWEEP_DTYPE_COUNT;
}

static int dtype_is_float(sweep_dtype dtype) {
    return dtype == SWEEP_F32 || dtype == SWEEP_F64;
}

static int dtype_is_signed(sweep_dtype dtype) {
    return dtype == SWEEP_I8 || dtype == SWEEP_I16 || dtype == SWEEP_I32 || dtype == SWEEP_I64;
}

/* Writes the identity of a built-in operator on dtype into out (size bytes). */
static void builtin_identity(sweep_op_kind kind, sweep_dtype dtype, unsigned char *out) {
    size_t size = sweep_dtype_size(dtype);
    memset(out, 0, 32);
    if (dtype == SWEEP_F32 || dtype == SWEEP_F64) {
        double v = kind == SWEEP_OP_PROD  ? 1.0
                   : kind == SWEEP_OP_MIN ? INFINITY
                   : kind == SWEEP_OP_MAX ? -INFINITY
                                          : 0.0;
        if (dtype == SWEEP_F32) {
            float f = (float)v;
            memcpy(out, &f, sizeof f);
        } else {
            memcpy(out, &v, sizeof v);
        }
        return;
    }
    /* Integers, little-endian two's complement. */
    switch (kind) {
    case SWEEP_OP_PROD: out[0] = 1; break;
    case SWEEP_OP_AND: memset(out, 0xff, size); break;
    case SWEEP_OP_MIN: /* the type's maximum */
        memset(out, 0xff, size);
        if (dtype_is_signed(dtype)) out[size - 1] = 0x7f;
        break;
    case SWEEP_OP_MAX: /* the type's minimum */
        if (dtype_is_signed(dtype)) out[size - 1] = 0x80;
        break;
    default: break;
    }
}

sweep_status sweep__resolve_op(sweep_op op, sweep_kop *out) {
    memset(out, 0, sizeof *out);
    if ((int)op.kind < 0 || (int)op.kind > (int)SWEEP_OP_CUSTOM)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "unknown operator kind %d", (int)op.kind);
    out->kind = op.kind;
    if (op.kind == SWEEP_OP_CUSTOM) {
        if (!op.custom)
            return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                               "a SWEEP_OP_CUSTOM operator needs a custom pointer");
        out->dtype = SWEEP_U8;
        out->size = op.custom->elem_size;
        out->align = op.custom->elem_align;
        memcpy(out->identity, op.custom->identity, op.custom->elem_size);
        out->custom = op.custom;
        return SWEEP_OK;
    }
    if (!dtype_valid(op.dtype))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "unknown dtype %d", (int)op.dtype);
    if (dtype_is_float(op.dtype) && op.kind >= SWEEP_OP_AND)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "bitwise operator %s is not defined on %s",
                           op_name(op.kind), sweep_dtype_name(op.dtype));
    out->dtype = op.dtype;
    out->size = sweep_dtype_size(op.dtype);
    out->align = out->size;
    builtin_identity(op.kind, op.dtype, out->identity);
    return SWEEP_OK;
}

sweep_status sweep__resolve_cmp(sweep_compare cmp, sweep_kcmp *out) {
    memset(out, 0, sizeof *out);
    if ((int)cmp.kind < 0 || (int)cmp.kind > (int)SWEEP_COMPARE_CUSTOM)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "unknown comparator kind %d", (int)cmp.kind);
    out->kind = cmp.kind;
    if (cmp.kind == SWEEP_COMPARE_CUSTOM) {
        if (!cmp.custom)
            return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                               "a SWEEP_COMPARE_CUSTOM comparator needs a custom pointer");
        out->dtype = SWEEP_U8;
        out->key_size = cmp.custom->key_size;
        out->custom = cmp.custom;
        return SWEEP_OK;
    }
    if (!dtype_valid(cmp.dtype))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "unknown key dtype %d", (int)cmp.dtype);
    out->dtype = cmp.dtype;
    out->key_size = sweep_dtype_size(cmp.dtype);
    return SWEEP_OK;
}

int sweep__value_size_ok(size_t value_size) {
    return value_size == 0 || value_size == 1 || value_size == 2 || value_size == 4 ||
           value_size == 8 || value_size == 16;
}

sweep_status sweep__resolve_radix(const sweep_sort_desc *desc, sweep_kradix *out) {
    memset(out, 0, sizeof *out);
    if (!desc) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "desc is NULL");
    if (!dtype_valid(desc->key_dtype))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "unknown key dtype %d",
                           (int)desc->key_dtype);
    size_t bits = 8 * sweep_dtype_size(desc->key_dtype);
    if (desc->end_bit > bits)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "end_bit %u exceeds the %zu-bit key type",
                           desc->end_bit, bits);
    if (desc->begin_bit >= desc->end_bit)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "begin_bit %u must be less than end_bit %u",
                           desc->begin_bit, desc->end_bit);
    if (!sweep__value_size_ok(desc->value_size))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "value_size %zu is not 0, 1, 2, 4, 8 or 16",
                           desc->value_size);
    if (desc->descending != 0 && desc->descending != 1)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "descending %d is not 0 or 1",
                           desc->descending);
    out->dtype = desc->key_dtype;
    out->key_size = sweep_dtype_size(desc->key_dtype);
    out->begin_bit = desc->begin_bit;
    out->end_bit = desc->end_bit;
    out->descending = desc->descending;
    return SWEEP_OK;
}

/* ---------------------------------------------------------- custom objects -- */

static int name_ok(const char *name) {
    if (!name || !name[0] || strlen(name) > 63) return 0;
    for (const char *p = name; *p; ++p) {
        int alpha = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '_';
        int digit = *p >= '0' && *p <= '9';
        if (!(alpha || (digit && p != name))) return 0;
    }
    return 1;
}

static sweep_status check_layout(const char *what, size_t size, size_t align) {
    if (size < 1 || size > 32)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "%s_size %zu is not within 1 ... 32", what,
                           size);
    if (align == 0 || (align & (align - 1)) != 0 || align > 32 || size % align != 0)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                           "%s_align %zu is not a power of two <= 32 dividing %s_size %zu", what,
                           align, what, size);
    return SWEEP_OK;
}

static sweep_status copy_source(const char *src, char **out) {
    *out = NULL;
    if (!src) return SWEEP_OK;
    size_t len = strlen(src);
    *out = sweep__alloc_should_fail() ? NULL : malloc(len + 1);
    if (!*out) return sweep__fail(SWEEP_ERR_OUT_OF_MEMORY, "cannot copy device_source");
    memcpy(*out, src, len + 1);
    return SWEEP_OK;
}

sweep_status sweep_custom_op_create(sweep_custom_op **out, const sweep_custom_op_desc *desc) {
    SWEEP__ENTER("sweep_custom_op_create");
    if (!out) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "out is NULL");
    if (!desc) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "desc is NULL");
    if (!name_ok(desc->name))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                           "name must be an identifier of 1 to 63 characters");
    sweep_status st = check_layout("elem", desc->elem_size, desc->elem_align);
    if (st != SWEEP_OK) return st;
    if (!desc->identity) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "identity is NULL");
    if (!desc->combine) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "combine is NULL");
    sweep_custom_op *op = sweep__alloc_should_fail() ? NULL : calloc(1, sizeof *op);
    if (!op) return sweep__fail(SWEEP_ERR_OUT_OF_MEMORY, "cannot allocate an operator");
    st = copy_source(desc->device_source, &op->device_source);
    if (st != SWEEP_OK) {
        free(op);
        return st;
    }
    memcpy(op->name, desc->name, strlen(desc->name) + 1);
    op->elem_size = desc->elem_size;
    op->elem_align = desc->elem_align;
    memcpy(op->identity, desc->identity, desc->elem_size);
    op->combine = desc->combine;
    op->user = desc->user;
    *out = op;
    return SWEEP_OK;
}

void sweep_custom_op_destroy(sweep_custom_op *op) {
    if (!op) return;
    free(op->device_source);
    free(op);
}

sweep_status sweep_custom_compare_create(sweep_custom_compare **out,
                                         const sweep_custom_compare_desc *desc) {
    SWEEP__ENTER("sweep_custom_compare_create");
    if (!out) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "out is NULL");
    if (!desc) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "desc is NULL");
    if (!name_ok(desc->name))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                           "name must be an identifier of 1 to 63 characters");
    sweep_status st = check_layout("key", desc->key_size, desc->key_align);
    if (st != SWEEP_OK) return st;
    if (!desc->less) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "less is NULL");
    sweep_custom_compare *cmp = sweep__alloc_should_fail() ? NULL : calloc(1, sizeof *cmp);
    if (!cmp) return sweep__fail(SWEEP_ERR_OUT_OF_MEMORY, "cannot allocate a comparator");
    st = copy_source(desc->device_source, &cmp->device_source);
    if (st != SWEEP_OK) {
        free(cmp);
        return st;
    }
    memcpy(cmp->name, desc->name, strlen(desc->name) + 1);
    cmp->key_size = desc->key_size;
    cmp->key_align = desc->key_align;
    cmp->less = desc->less;
    cmp->user = desc->user;
    *out = cmp;
    return SWEEP_OK;
}

void sweep_custom_compare_destroy(sweep_custom_compare *cmp) {
    if (!cmp) return;
    free(cmp->device_source);
    free(cmp);
}
