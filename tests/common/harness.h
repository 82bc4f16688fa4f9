/*
 * harness.h -- what every conformance case shares: the case record and registry,
 * the per-case state that tracks context and host allocations, poisoned output
 * buffers with a guard tail, and failure messages.
 *
 * A case runs on one context (the suite's context for a backend and a path) and
 * returns PASS, FAIL (with a message) or SKIP (with a reason). Cases never abort:
 * every failure is a message, so one broken primitive cannot hide the others.
 */
#ifndef SWEEP_TESTS_HARNESS_H
#define SWEEP_TESTS_HARNESS_H

#include <stddef.h>
#include <stdint.h>
#include <sweep/sweep.h>

typedef enum t_result { T_PASS = 0, T_FAIL = 1, T_SKIP = 2 } t_result;

/* Where a case runs: the backend, the context options of the path, and the suite's
 * context (created once per backend and path). Cases that need other contexts (other
 * options, scratch buffers, other backends) create their own from these fields. */
typedef struct t_env {
    sweep_backend backend;
    unsigned options; /* 0 (fused path) or SWEEP_OPTION_GENERIC */
    sweep_context *ctx;
} t_env;

struct t_case;
typedef t_result (*t_case_fn)(const struct t_case *c, const t_env *env, char *msg, size_t len);

/* One registered case. The parameter fields mean what the family's case function
 * says; name is unique and seeds the case's random generator. */
typedef struct t_case {
    const char *family;
    char name[128];
    t_case_fn fn;
    int dtype;
    int op;
    int kind;
    int a, b, c, d; /* family-specific knobs */
    size_t n;
    size_t m;
} t_case;

typedef struct t_registry {
    t_case *cases;
    size_t len, cap;
} t_registry;

/* Appends a copy of c with the printf-formatted name. */
void t_register(t_registry *r, const t_case *c, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---------------------------------------------------------------- per case ----- */

#define T_POISON 0xA5u
/* Bytes after every poisoned output that must stay poisoned (catches overruns). */
#define T_GUARD 64u
#define T_MAX_ALLOCS 64

typedef struct t_state {
    sweep_context *ctx;
    const t_env *env;
    char *msg;
    size_t len;
    int failed;
    int skipped;
    void *dev[T_MAX_ALLOCS];
    int ndev;
    void *host[T_MAX_ALLOCS];
    int nhost;
} t_state;

void t_begin(t_state *t, const t_env *env, char *msg, size_t len);
/* Frees every tracked allocation; the case's result. */
t_result t_end(t_state *t);

/* Records the first failure (later ones are dropped: the first explains best).
 * Returns 0 so checks read `if (!cond) return t_fail(...)`. */
int t_fail(t_state *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Marks the case skipped with a reason. */
void t_skip(t_state *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Fails unless st == SWEEP_OK, quoting the status and sweep_last_error(). */
int t_ok(t_state *t, sweep_status st, const char *what);

/* Host memory (zeroed; never NULL on success, also for 0 bytes). */
void *t_host(t_state *t, size_t bytes);
/* Context memory of bytes + T_GUARD, every byte poisoned. */
void *t_dev_poisoned(t_state *t, size_t bytes);
/* Context memory holding a copy of bytes of host data, with a poisoned guard tail. */
void *t_dev_upload(t_state *t, const void *host, size_t bytes);
/* Copies bytes of context memory to the host and checks that the T_GUARD bytes after
 * them are still poisoned (what names the buffer in a failure). */
int t_download(t_state *t, void *host, const void *dev, size_t bytes, const char *what);
/* Copies bytes + guard and checks that every byte is still poisoned. */
int t_expect_poisoned(t_state *t, const void *dev, size_t bytes, const char *what);

/* Exact comparison of n elements of elem_size bytes; names the first mismatch. */
int t_compare_bytes(t_state *t, const char *what, const void *got, const void *want, size_t n,
                    size_t elem_size);

/* A context on the env's backend with extra options and threads (0 = default). */
int t_context(t_state *t, unsigned options, int num_threads, sweep_context **out);

/* Fills bytes with the poison pattern. */
void t_poison(void *p, size_t bytes);

/* Sizes every family draws from. */
extern const size_t t_small_sizes[];
extern const size_t t_num_small_sizes;
extern const size_t t_mid_sizes[];
extern const size_t t_num_mid_sizes;
extern const size_t t_large_sizes[];
extern const size_t t_num_large_sizes;

/* Valid built-in (dtype, op) pairs. */
int t_op_valid(sweep_dtype dtype, sweep_op_kind op);
const char *t_op_name(sweep_op_kind op);
int t_is_float(sweep_dtype dtype);

#endif /* SWEEP_TESTS_HARNESS_H */
