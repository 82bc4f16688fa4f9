/* Output comparison against the oracle (exact or within the float bound). */
#include "check.h"

#include <ctype.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static long double load(sweep_dtype dtype, const void *p) {
    if (dtype == SWEEP_F32) {
        float f;
        memcpy(&f, p, sizeof f);
        return f;
    }
    double d;
    memcpy(&d, p, sizeof d);
    return d;
}

int t_float_close(sweep_dtype dtype, const void *got, long double exact, long double mag,
                  size_t terms) {
    long double g = load(dtype, got);
    long double eps = dtype == SWEEP_F32 ? FLT_EPSILON : DBL_EPSILON;
    long double tiny = dtype == SWEEP_F32 ? FLT_MIN : DBL_MIN;
    if (isnan(g) || isnan(exact)) return isnan(g) && isnan(exact);
    if (isinf(exact) || isinf(g)) return g == exact;
    long double bound = T_FLOAT_FACTOR * (long double)(terms + 1) * eps * mag + tiny;
    return fabsl(g - exact) <= bound;
}

static int minmax_equal(sweep_dtype dtype, const void *got, const void *want) {
    long double g = load(dtype, got), w = load(dtype, want);
    if (isnan(g) || isnan(w)) return isnan(g) && isnan(w);
    return g == w; /* fmin/fmax may return either zero for -0.0 vs +0.0 */
}

int t_check_op_output(t_state *t, const char *what, const o_op *op, const void *got,
                      const t_expect *e, size_t n) {
    const unsigned char *g = got, *w = e->want;
    size_t size = op->size;
    int is_float =
        op->kind != SWEEP_OP_CUSTOM && (op->dtype == SWEEP_F32 || op->dtype == SWEEP_F64);
    for (size_t i = 0; i < n; ++i) {
        const unsigned char *gi = g + i * size, *wi = w + i * size;
        int ok;
        if (e->inside && !e->inside[i]) {
            ok = memcmp(gi, wi, size) == 0;
            if (!ok)
                return t_fail(t, "%s[%zu] of %zu: written, but it lies outside every segment", what,
                              i, n);
            continue;
        }
        if (!is_float) {
            if (memcmp(gi, wi, size) != 0) return t_compare_bytes(t, what, g, w, n, size);
            continue;
        }
        if (op->kind == SWEEP_OP_MIN || op->kind == SWEEP_OP_MAX || !e->exact)
            ok = minmax_equal(op->dtype, gi, wi);
        else
            ok = t_float_close(op->dtype, gi, e->exact[i], e->mag[i], e->terms[i]);
        if (!ok)
            return t_fail(t, "%s[%zu] of %zu: got %.17Lg, want %.17Lg (oracle in type: %.17Lg)",
                          what, i, n, load(op->dtype, gi), e->exact ? e->exact[i] : 0.0L,
                          load(op->dtype, wi));
    }
    return 1;
}

int t_expect_scan(t_state *t, const o_op *op, const void *in, const uint8_t *heads, size_t n,
                  int exclusive, const void *want, t_expect *e) {
    memset(e, 0, sizeof *e);
    e->want = want;
    int is_float =
        op->kind != SWEEP_OP_CUSTOM && (op->dtype == SWEEP_F32 || op->dtype == SWEEP_F64);
    if (!is_float || (op->kind != SWEEP_OP_SUM && op->kind != SWEEP_OP_PROD)) return 1;
    long double *exact = t_host(t, n * sizeof *exact);
    long double *mag = t_host(t, n * sizeof *mag);
    size_t *terms = t_host(t, n * sizeof *terms);
    if (!exact || !mag || !terms) return 0;
    o_scan_exact(op->kind, op->dtype, in, heads, n, exclusive, exact, mag, terms);
    e->exact = exact;
    e->mag = mag;
    e->terms = terms;
    return 1;
}

/* Case-insensitive: the plugin may write "NVRTC", "libnvrtc.so" or "hipRTC". */
static int contains_nocase(const char *hay, const char *needle) {
    for (; *hay; ++hay) {
        size_t i = 0;
        while (needle[i] && tolower((unsigned char)hay[i]) == tolower((unsigned char)needle[i]))
            ++i;
        if (!needle[i]) return 1;
    }
    return 0;
}

int t_runtime_compiler_missing(const t_env *env, sweep_status st) {
    if (st != SWEEP_ERR_UNSUPPORTED || env->backend < SWEEP_BACKEND_CUDA) return 0;
    const char *why = sweep_last_error();
    return why && (contains_nocase(why, "nvrtc") || contains_nocase(why, "hiprtc"));
}
