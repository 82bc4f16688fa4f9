/*
 * ops.cuh -- the built-in operators on the device, the lifted (flag, value)
 * operator of segmented scans, and the host-side dispatch from a sweep_kop to one
 * template instantiation.
 *
 * Integer SUM, PROD, AND, OR and XOR give the same bits on signed and unsigned types
 * of one width, so they are instantiated once per width on the unsigned type: that
 * keeps the number of kernels (and the plugin's build time) down.
 */
#ifndef SWEEP_GPU_OPS_CUH
#define SWEEP_GPU_OPS_CUH

#include "gpu/util/compat.cuh"
#if !defined(SWEEP_GPU_RTC)
#include <sweep/backend.h>
#endif

namespace sweep_gpu {

/* b rounded up to a multiple of 256: the alignment of each array carved from one
 * scratch block. */
SWEEP_GPU_INLINE __host__ size_t round256(size_t b) {
    return (b + 255) & ~(size_t)255;
}

/* Narrow types promote to int; computing in unsigned int keeps overflow defined. */
template <class T> struct Wide { typedef T type; };
template <> struct Wide<uint8_t> { typedef unsigned type; };
template <> struct Wide<uint16_t> { typedef unsigned type; };

struct OpSum {
    template <class T> SWEEP_GPU_INLINE static T apply(T a, T b) {
        typedef typename Wide<T>::type W;
        return (T)((W)a + (W)b);
    }
};
struct OpProd {
    template <class T> SWEEP_GPU_INLINE static T apply(T a, T b) {
        typedef typename Wide<T>::type W;
        return (T)((W)a * (W)b);
    }
};
/* Floating MIN and MAX as on the host (backends/host/host_ops.h): a NaN operand,
 * quiet or signalling, is ignored unless both are NaN, and -0.0 orders before +0.0,
 * so the result does not depend on the grouping and equals the CPU backends'. */
SWEEP_GPU_INLINE bool sign_bit(float x) {
    return (__float_as_uint(x) >> 31) != 0u;
}
SWEEP_GPU_INLINE bool sign_bit(double x) {
    return __double_as_longlong(x) < 0;
}
template <class F> SWEEP_GPU_INLINE F float_min(F a, F b) {
    return b != b ? a : (a != a || b < a || (b == a && sign_bit(b))) ? b : a;
}
template <class F> SWEEP_GPU_INLINE F float_max(F a, F b) {
    return b != b ? a : (a != a || a < b || (b == a && !sign_bit(b))) ? b : a;
}
struct OpMin {
    template <class T> SWEEP_GPU_INLINE static T apply(T a, T b) {
        return b < a ? b : a;
    }
    SWEEP_GPU_INLINE static float apply(float a, float b) {
        return float_min(a, b);
    }
    SWEEP_GPU_INLINE static double apply(double a, double b) {
        return float_min(a, b);
    }
};
struct OpMax {
    template <class T> SWEEP_GPU_INLINE static T apply(T a, T b) {
        return a < b ? b : a;
    }
    SWEEP_GPU_INLINE static float apply(float a, float b) {
        return float_max(a, b);
    }
    SWEEP_GPU_INLINE static double apply(double a, double b) {
        return float_max(a, b);
    }
};
struct OpAnd {
    template <class T> SWEEP_GPU_INLINE static T apply(T a, T b) {
        return (T)(a & b);
    }
};
struct OpOr {
    template <class T> SWEEP_GPU_INLINE static T apply(T a, T b) {
        return (T)(a | b);
    }
};
struct OpXor {
    template <class T> SWEEP_GPU_INLINE static T apply(T a, T b) {
        return (T)(a ^ b);
    }
};

/* What pads a tile past the input's end: a value p with x op p == x, bit for bit, for
 * every x, so that padding never changes a result. The identity the user sees (an
 * exclusive scan's first output, an empty segment's reduction) is not always one:
 * x + (+0.0) turns -0.0 into +0.0, and MIN(x, +inf) turns a NaN x into +inf (a NaN
 * operand is ignored). -0.0 and a NaN are. Padding only ever stands to the right of
 * data, so a right identity is enough. Custom operators: their identity. */
template <class Op> struct RightNeutral {
    template <class T> SWEEP_GPU_INLINE static T of(T identity) {
        return identity;
    }
};
template <> struct RightNeutral<OpSum> {
    template <class T> SWEEP_GPU_INLINE static T of(T identity) {
        return identity;
    }
    SWEEP_GPU_INLINE static float of(float) {
        return -0.0f;
    }
    SWEEP_GPU_INLINE static double of(double) {
        return -0.0;
    }
};
struct RightNeutralNaN {
    template <class T> SWEEP_GPU_INLINE static T of(T identity) {
        return identity;
    }
    SWEEP_GPU_INLINE static float of(float) {
        return __int_as_float(0x7fc00000);
    }
    SWEEP_GPU_INLINE static double of(double) {
        return __longlong_as_double(0x7ff8000000000000ll);
    }
};
template <> struct RightNeutral<OpMin> : RightNeutralNaN {};
template <> struct RightNeutral<OpMax> : RightNeutralNaN {};

/* The plain operator as a combiner of scan values. */
template <class T, class Op> struct Plain {
    typedef T value;
    SWEEP_GPU_INLINE static T combine(const T &a, const T &b) {
        return Op::apply(a, b);
    }
    SWEEP_GPU_INLINE static T make(T v, unsigned) {
        return v;
    }
    SWEEP_GPU_INLINE static T get(const T &v) {
        return v;
    }
    SWEEP_GPU_INLINE static unsigned flag(const T &) {
        return 0;
    }
    static constexpr bool segmented = false;
};

/* Segmented scan as a plain scan of (flag, value) pairs:
 * (fa, a) + (fb, b) = (fa | fb, fb ? b : a op b). Associative, not commutative. */
template <class T> struct FlagValue {
    T v;
    unsigned f;
};
template <class T, class Op> struct Lifted {
    typedef FlagValue<T> value;
    SWEEP_GPU_INLINE static value combine(const value &a, const value &b) {
        value r;
        r.f = a.f | b.f;
        r.v = b.f ? b.v : Op::apply(a.v, b.v);
        return r;
    }
    SWEEP_GPU_INLINE static value make(T v, unsigned f) {
        value r;
        r.v = v;
        r.f = f;
        return r;
    }
    SWEEP_GPU_INLINE static T get(const value &v) {
        return v.v;
    }
    SWEEP_GPU_INLINE static unsigned flag(const value &v) {
        return v.f;
    }
    static constexpr bool segmented = true;
};

#if !defined(SWEEP_GPU_RTC)
/* A (type, operator) pair handed to the functor of dispatch_op. */
template <class T_, class Op_> struct OpTag {
    typedef T_ T;
    typedef Op_ Op;
};

template <class S, class U, class F> sweep_status dispatch_int(sweep_op_kind kind, F &&f) {
    switch (kind) {
    case SWEEP_OP_SUM: return f(OpTag<U, OpSum>());
    case SWEEP_OP_PROD: return f(OpTag<U, OpProd>());
    case SWEEP_OP_MIN: return f(OpTag<S, OpMin>());
    case SWEEP_OP_MAX: return f(OpTag<S, OpMax>());
    case SWEEP_OP_AND: return f(OpTag<U, OpAnd>());
    case SWEEP_OP_OR: return f(OpTag<U, OpOr>());
    case SWEEP_OP_XOR: return f(OpTag<U, OpXor>());
    default: return SWEEP_ERR_UNSUPPORTED;
    }
}
template <class T, class F> sweep_status dispatch_float(sweep_op_kind kind, F &&f) {
    switch (kind) {
    case SWEEP_OP_SUM: return f(OpTag<T, OpSum>());
    case SWEEP_OP_PROD: return f(OpTag<T, OpProd>());
    case SWEEP_OP_MIN: return f(OpTag<T, OpMin>());
    case SWEEP_OP_MAX: return f(OpTag<T, OpMax>());
    default: return SWEEP_ERR_UNSUPPORTED;
    }
}

/* Calls f(OpTag<T, Op>()) for a built-in operator; custom operators need run-time
 * compilation, which this backend does not have yet: SWEEP_ERR_UNSUPPORTED. */
template <class F> sweep_status dispatch_op(const sweep_kop *op, F &&f) {
    if (op->kind == SWEEP_OP_CUSTOM) return SWEEP_ERR_UNSUPPORTED;
    switch (op->dtype) {
    case SWEEP_I8: return dispatch_int<int8_t, uint8_t>(op->kind, f);
    case SWEEP_I16: return dispatch_int<int16_t, uint16_t>(op->kind, f);
    case SWEEP_I32: return dispatch_int<int32_t, uint32_t>(op->kind, f);
    case SWEEP_I64: return dispatch_int<int64_t, uint64_t>(op->kind, f);
    case SWEEP_U8: return dispatch_int<uint8_t, uint8_t>(op->kind, f);
    case SWEEP_U16: return dispatch_int<uint16_t, uint16_t>(op->kind, f);
    case SWEEP_U32: return dispatch_int<uint32_t, uint32_t>(op->kind, f);
    case SWEEP_U64: return dispatch_int<uint64_t, uint64_t>(op->kind, f);
    case SWEEP_F32: return dispatch_float<float>(op->kind, f);
    case SWEEP_F64: return dispatch_float<double>(op->kind, f);
    default: return SWEEP_ERR_UNSUPPORTED;
    }
}

/* The identity of a built-in operator as a T (the core filled its bytes). */
template <class T> inline T identity_of(const sweep_kop *op) {
    T v;
    memcpy(&v, op->identity, sizeof(T));
    return v;
}
#endif /* host dispatch, not part of run-time compiled programs */

} // namespace sweep_gpu

#endif /* SWEEP_GPU_OPS_CUH */
