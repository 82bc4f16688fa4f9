/**
 * @file sweep.h
 * @brief The public C API of sweep, a portable parallel-primitives library.
 *
 * One program linked against libsweep runs scan, segmented scan, reduce, split,
 * compaction, radix sort, merge sort and merge on an NVIDIA GPU (CUDA), an AMD GPU
 * (HIP), all CPU cores (OpenMP) or one CPU core (serial), chosen at run time.
 *
 * Conventions:
 *  - Every function returns a sweep_status; SWEEP_OK is 0. On any other status a
 *    message saying what was wrong is available from sweep_last_error() on the same
 *    thread, and no output of the call has been written.
 *  - The context is the first argument; inputs come before outputs.
 *  - Every size and count is a size_t; inputs beyond 2^32 elements are supported.
 *  - Data pointers ("context memory") live in the memory of the context's device:
 *    device memory on GPU backends (from sweep_malloc or the native allocator),
 *    ordinary memory on CPU backends. Descriptors (sweep_op, sweep_sort_desc, ...)
 *    and the identity bytes of custom operators are host memory.
 *  - GPU calls are asynchronous on the context's stream: a result may be read after
 *    sweep_synchronize() or a sweep_memcpy() to the host. CPU backends finish the work
 *    before returning. Errors in arguments are reported immediately on all backends.
 *  - Data pointers must be aligned to their elements: a built-in dtype to its size, a
 *    custom element or key to its elem_align / key_align, values of a sort or merge to
 *    value_size, offsets and counts to sizeof(size_t); otherwise
 *    SWEEP_ERR_INVALID_ARGUMENT. Split and compaction take elements at any address.
 *  - n = 0 is valid everywhere and writes nothing.
 *  - The library never prints, never exits and never aborts.
 *
 * Sections, simple to advanced: status and errors; backends; contexts and memory;
 * element types and operators; scans; reductions; split and compaction; sorting and
 * merging; segmented sorting and searching; scratch memory.
 *
 * The user guide (docs/guide.md in the source tree) explains each of these at
 * length; this header is the contract.
 */
#ifndef SWEEP_SWEEP_H
#define SWEEP_SWEEP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* SWEEP_VERSION_MAJOR, _MINOR, _PATCH and _NUMBER, generated from CMakeLists.txt. */
#include <sweep/sweep_version.h>

/** Marks the functions that libsweep exports. */
#if defined(_WIN32)
#define SWEEP_API
#else
#define SWEEP_API __attribute__((visibility("default")))
#endif

/** The version of the library actually linked, as SWEEP_VERSION_NUMBER. */
SWEEP_API unsigned sweep_version_number(void);
/** The same as a string, "0.1.0". */
SWEEP_API const char *sweep_version_string(void);

/* ---------------------------------------------------------------- status ----- */

/** What every function returns. sweep_last_error() says more on the same thread. */
typedef enum sweep_status {
    SWEEP_OK = 0,                      /**< success                                        */
    SWEEP_ERR_INVALID_ARGUMENT = 1,    /**< a bad argument: NULL, range, dtype/op pair... */
    SWEEP_ERR_UNSUPPORTED = 2,         /**< valid, but this backend cannot do it (yet)     */
    SWEEP_ERR_OUT_OF_MEMORY = 3,       /**< host or device allocation failed; inputs intact */
    SWEEP_ERR_DEVICE = 4,              /**< the device or its runtime reported a fault     */
    SWEEP_ERR_BACKEND_UNAVAILABLE = 5, /**< the requested backend did not load or has no device */
    SWEEP_ERR_INTERNAL = 6             /**< a bug in sweep: please report it              */
} sweep_status;

/** A constant English name for a status ("SWEEP_ERR_INVALID_ARGUMENT: invalid
 * argument"); never NULL, also for values outside the enum. */
SWEEP_API const char *sweep_status_string(sweep_status status);

/** The message of the last failed call on the calling thread, e.g.
 * "sweep_radix_sort: end_bit 40 exceeds the 32-bit key type". Empty string ("")
 * when the last call on this thread succeeded. The pointer stays valid until the
 * next sweep call on the same thread. Never NULL. */
SWEEP_API const char *sweep_last_error(void);

/* -------------------------------------------------------------- backends ----- */

/** Where the work runs. */
typedef enum sweep_backend {
    SWEEP_BACKEND_AUTO = 0,   /**< CUDA, then HIP, then OpenMP, then serial: the first usable */
    SWEEP_BACKEND_SERIAL = 1, /**< one CPU core; the reference; built into libsweep           */
    SWEEP_BACKEND_OPENMP = 2, /**< all CPU cores; plugin libsweep-openmp.so                   */
    SWEEP_BACKEND_CUDA = 3,   /**< an NVIDIA GPU; plugin libsweep-cuda.so                     */
    SWEEP_BACKEND_HIP = 4     /**< an AMD GPU; plugin libsweep-hip.so                         */
} sweep_backend;

/** The number of sweep_backend values, AUTO included. */
#define SWEEP_BACKEND_COUNT 5

/** What sweep_backend_query() says about a backend. */
typedef struct sweep_backend_info {
    sweep_backend backend; /**< the backend described (AUTO resolves to the one it picks) */
    int available;         /**< 1 when a context can be created on it now               */
    int device_count;      /**< devices it sees (1 for the CPU backends)                 */
    char name[32];         /**< "serial", "openmp", "cuda", "hip"                        */
    char device_name[128]; /**< of device 0, e.g. "NVIDIA H100 80GB HBM3"; "" if none     */
    char path[512];        /**< the plugin file that was loaded or last tried; "" for serial */
    char reason[512];      /**< why it is unavailable, including every place looked at   */
} sweep_backend_info;

/** Describes a backend: whether it loaded, how many devices it sees, and if it is not
 * available, why. Loads the plugin on first use (never crashes when a driver or a
 * runtime is missing). Plugins are looked for next to libsweep, then in each
 * directory of SWEEP_PLUGIN_PATH (colon-separated).
 *
 * SWEEP_BACKEND_AUTO describes the backend that AUTO picks. The environment variable
 * SWEEP_BACKEND overrides that choice: "auto", "serial", "openmp", "cuda" or "hip",
 * in any case ("OpenMP", "AUTO" and "Cuda" are accepted); unset or empty means
 * "auto". Naming a backend picks it even when it is unavailable (the info then says
 * why); AUTO does not fall back from it.
 *
 * Returns SWEEP_OK also when the backend is unavailable (out->available == 0).
 * SWEEP_ERR_INVALID_ARGUMENT for an unknown backend value, for out == NULL, and, for
 * SWEEP_BACKEND_AUTO only, when SWEEP_BACKEND holds anything else than those names
 * (the message quotes it); *out is then not written. sweep_context_create() with AUTO
 * fails the same way. */
SWEEP_API sweep_status sweep_backend_query(sweep_backend backend, sweep_backend_info *out);

/** "auto", "serial", "openmp", "cuda", "hip"; "unknown" for other values. */
SWEEP_API const char *sweep_backend_name(sweep_backend backend);

/* ------------------------------------------------------ contexts, memory ----- */

/** A backend, a device and what sweep keeps for them (cached memory, compiled
 * kernels, a stream). Opaque; made by sweep_context_create(). */
typedef struct sweep_context sweep_context;

/** Context option (a bit of sweep_context_desc.options): ignore the backend's fused
 * primitives and always use the core's composition of basic kernels. Also set when
 * the environment has SWEEP_GENERIC=1. */
#define SWEEP_OPTION_GENERIC 1u
/** Context option (a bit of sweep_context_desc.options): floating scans and
 * reductions use one fixed association order on every backend, so results are
 * bitwise identical across runs, thread counts and backends (slower: it takes the
 * generic path). A NaN result is NaN everywhere, but its sign and payload may differ:
 * processors pass NaN payloads on differently. */
#define SWEEP_OPTION_DETERMINISTIC 2u

/** What sweep_context_create() makes. All zeros (or a NULL pointer) is AUTO, device 0,
 * no options, the default number of threads. */
typedef struct sweep_context_desc {
    sweep_backend backend; /**< SWEEP_BACKEND_AUTO (0) picks one                        */
    int device;            /**< device index on GPU backends; 0 otherwise               */
    unsigned options;      /**< SWEEP_OPTION_* bits                                     */
    int num_threads;       /**< CPU backends: worker threads; 0 = OMP_NUM_THREADS or all */
} sweep_context_desc;

/** Creates a context on a backend and device. desc may be NULL (AUTO, device 0, no
 * options). Errors: SWEEP_ERR_INVALID_ARGUMENT (out NULL, unknown backend, negative
 * device or threads, unknown option bits; with AUTO, a SWEEP_BACKEND value that names
 * no backend, see sweep_backend_query()), SWEEP_ERR_BACKEND_UNAVAILABLE (the backend
 * did not load or the device does not exist; the message says why),
 * SWEEP_ERR_OUT_OF_MEMORY. *out is written only on success.
 * A context may be used by one thread at a time; different contexts are independent
 * and may be driven from different threads at once. */
SWEEP_API sweep_status sweep_context_create(sweep_context **out, const sweep_context_desc *desc);

/** Waits for the context's work, frees its cached memory, whatever sweep_malloc gave
 * out on it and did not get back, and the context. NULL is a no-op. A context that is
 * not live (destroyed already) is left alone: the call records a message for
 * sweep_last_error() and frees nothing. Every function taking a context refuses one
 * that was destroyed with SWEEP_ERR_INVALID_ARGUMENT (unless a newer context happens
 * to have the same address). */
SWEEP_API void sweep_context_destroy(sweep_context *ctx);

/** The backend the context runs on (never AUTO). */
SWEEP_API sweep_status sweep_context_backend(const sweep_context *ctx, sweep_backend *out);

/** Makes later calls run on a native stream (cudaStream_t / hipStream_t) owned by the
 * caller; NULL selects the default stream. CPU backends accept only NULL
 * (SWEEP_ERR_UNSUPPORTED otherwise). */
SWEEP_API sweep_status sweep_context_set_stream(sweep_context *ctx, void *native_stream);

/** Waits until all work issued on the context has finished. Reports a device fault of
 * earlier asynchronous work as SWEEP_ERR_DEVICE. After a fault that loses the device
 * context (CUDA), this and every later call on the context keep failing. */
SWEEP_API sweep_status sweep_synchronize(sweep_context *ctx);

/** Allocates bytes of context memory (device memory on GPU backends), aligned to at
 * least 256 bytes. bytes == 0 gives *ptr = NULL and SWEEP_OK. */
SWEEP_API sweep_status sweep_malloc(sweep_context *ctx, void **ptr, size_t bytes);

/** Frees memory from sweep_malloc on the same context. NULL is a no-op. Any other
 * pointer (another context's memory, a pointer into an allocation, one freed already,
 * a native allocation) is SWEEP_ERR_INVALID_ARGUMENT and nothing is freed. */
SWEEP_API sweep_status sweep_free(sweep_context *ctx, void *ptr);

/** The direction of a sweep_memcpy(). */
typedef enum sweep_copy_kind {
    SWEEP_COPY_HOST_TO_DEVICE = 0,  /**< host memory -> context memory    */
    SWEEP_COPY_DEVICE_TO_HOST = 1,  /**< context memory -> host memory    */
    SWEEP_COPY_DEVICE_TO_DEVICE = 2 /**< context memory -> context memory */
} sweep_copy_kind;

/** Copies bytes between host and context memory. Copies to the host are synchronous
 * (the data is there on return); the others are ordered on the context's stream.
 * Overlapping ranges: SWEEP_ERR_INVALID_ARGUMENT. */
SWEEP_API sweep_status sweep_memcpy(sweep_context *ctx, void *dst, const void *src, size_t bytes,
                                    sweep_copy_kind kind);

/** Sets bytes of context memory to value (the low 8 bits). */
SWEEP_API sweep_status sweep_memset(sweep_context *ctx, void *dst, int value, size_t bytes);

/* ------------------------------------------------ element types, operators ----- */

/** The built-in element types. */
typedef enum sweep_dtype {
    SWEEP_I8 = 0,  /**< int8_t   */
    SWEEP_I16 = 1, /**< int16_t  */
    SWEEP_I32 = 2, /**< int32_t  */
    SWEEP_I64 = 3, /**< int64_t  */
    SWEEP_U8 = 4,  /**< uint8_t  */
    SWEEP_U16 = 5, /**< uint16_t */
    SWEEP_U32 = 6, /**< uint32_t */
    SWEEP_U64 = 7, /**< uint64_t */
    SWEEP_F32 = 8, /**< float (IEEE-754 binary32)  */
    SWEEP_F64 = 9  /**< double (IEEE-754 binary64) */
} sweep_dtype;

/** The number of sweep_dtype values. */
#define SWEEP_DTYPE_COUNT 10

/** Size in bytes of one element of dtype; 0 for an unknown value. */
SWEEP_API size_t sweep_dtype_size(sweep_dtype dtype);
/** "i8" ... "f64"; "unknown" for other values. */
SWEEP_API const char *sweep_dtype_name(sweep_dtype dtype);

/** The operators of scans and reductions. See @ref grouping for how they group. */
typedef enum sweep_op_kind {
    SWEEP_OP_SUM = 0,   /**< integers wrap modulo 2^bits; identity 0             */
    SWEEP_OP_PROD = 1,  /**< integers wrap; identity 1                           */
    SWEEP_OP_MIN = 2,   /**< identity: the type's maximum (+inf for floats)      */
    SWEEP_OP_MAX = 3,   /**< identity: the type's minimum (-inf for floats)      */
    SWEEP_OP_AND = 4,   /**< integers only; identity all ones                    */
    SWEEP_OP_OR = 5,    /**< integers only; identity 0                           */
    SWEEP_OP_XOR = 6,   /**< integers only; identity 0                           */
    SWEEP_OP_CUSTOM = 7 /**< a sweep_custom_op                                  */
} sweep_op_kind;

/** @page grouping How scans and reductions group
 * Scans and reductions group by association only, never by commutation. Every
 * result (a reduction, each scan output, each segment's value) equals the operator
 * applied to the elements of its range in input order under some bracketing into
 * contiguous subranges: (x0 op x1) op (x2 op x3) may happen, x0 op x2 never does.
 * Backends split a range into contiguous blocks (threads, tiles, vector lanes), fold
 * each block from its first element and fold the blocks' results in order. The
 * identity is only the value of an empty range (an exclusive scan's first output, an
 * empty segment); it is never combined into a non-empty one. This holds for built-in
 * and custom operators on every backend and path. So, for floating types:
 *   - SUM of -0.0s alone is -0.0.
 *   - MIN and MAX follow IEEE fmin/fmax: a NaN operand, quiet or signalling, is
 *     ignored unless both are NaN; -0.0 counts as less than +0.0. A range of NaNs
 *     alone gives NaN (its first element's bits). These results do not depend on the
 *     grouping: they are identical on every backend.
 *   - SUM and PROD round at each step, so the bracketing (which differs between
 *     backends, thread counts and sizes) changes the last bits. For m elements the
 *     result r of a SUM obeys |r - sum x_i| <= g(m-1) * sum |x_i|, and of a PROD
 *     |r - prod x_i| <= g(m-1) * |prod x_i|, with g(k) = k*u / (1 - k*u), u = 2^-24
 *     (f32) or 2^-53 (f64), as long as no partial overflows or underflows.
 *   - An overflowing partial: a result is inf or NaN only where the fold of some
 *     contiguous subrange of its range overflows. Elements that are not adjacent are
 *     never combined, so +b, -b, +b, ... sums to +b, -b or +0.0 exactly, and 2^k,
 *     2^-k, 2^k, ... multiplies to 2^k, 2^-k or 1 exactly, on every backend, even
 *     where b + b or 2^k * 2^k overflows.
 * SWEEP_OPTION_DETERMINISTIC fixes one bracketing for every backend, so floating
 * results are then bitwise identical across runs, thread counts and backends. */

/** A user-defined associative operator, made by sweep_custom_op_create(). Opaque. */
typedef struct sweep_custom_op sweep_custom_op;

/** Combines two elements: *out = (*a) op (*b). a is the earlier element: the operator
 * need not be commutative, and no backend reorders operands. out may alias a or b. */
typedef void (*sweep_combine_fn)(const void *a, const void *b, void *out, void *user);

/** Describes a user-defined operator for sweep_custom_op_create().
 *
 * Device source (GPU backends): device_source is CUDA/HIP C++ that defines a
 * __device__ function named `name` combining two elements, a the earlier one:
 *     __device__ T NAME(T a, T b)        (const T & parameters are accepted too)
 * where T is any trivially copyable type the source defines, with sizeof(T) ==
 * elem_size and alignof(T) <= elem_align, e.g.
 *     struct affine { float a, b; };
 *     __device__ affine affine_f32(affine x, affine y) {
 *         affine r; r.a = y.a * x.a; r.b = y.a * x.b + y.b; return r; }
 * The source is compiled without any header. The fixed-width integer names of
 * stdint.h (int8_t ... int64_t, uint8_t ... uint64_t) are predefined for it, as
 * are the built-in types; nothing else of the C or C++ libraries is.
 * The CUDA backend compiles it at run time with NVRTC (libnvrtc, loaded when first
 * needed) for the device's architecture, together with sweep's kernels, and caches
 * the result per context and on disk ($SWEEP_CACHE_DIR, else $XDG_CACHE_HOME/sweep,
 * else $HOME/.cache/sweep; an unwritable folder only means no disk cache), so the
 * first call on a context may take seconds and later processes start without
 * compiling. Errors, from the first call that needs the kernels: source that does
 * not compile, or a T of the wrong size or alignment, is SWEEP_ERR_INVALID_ARGUMENT
 * with the compiler's log (truncated) in sweep_last_error(); NULL device_source, or
 * no NVRTC (the message lists where it looked), is SWEEP_ERR_UNSUPPORTED. The HIP
 * backend does the same with hipRTC (libhiprtc, or the hiprtc* functions of
 * libamdhip64, loaded when first needed) for the device's gcnArchName, and says
 * "hipRTC" and where it looked when none is found. HIP custom operators are only
 * compile-tested (for gfx90a and gfx1030, without a GPU) and have never run on an
 * AMD GPU. */
typedef struct sweep_custom_op_desc {
    const char *name;          /**< a short identifier, [A-Za-z_][A-Za-z0-9_]*, <= 63 chars */
    size_t elem_size;          /**< 1 ... 32 bytes                                          */
    size_t elem_align;         /**< a power of two <= 32 dividing elem_size                  */
    const void *identity;      /**< elem_size bytes: identity op x == x op identity == x     */
    sweep_combine_fn combine;  /**< for CPU backends; required                              */
    void *user;                /**< passed to combine                                        */
    const char *device_source; /**< for GPU backends, compiled at run time; may be NULL
                                  (then GPU backends answer SWEEP_ERR_UNSUPPORTED)         */
} sweep_custom_op_desc;

/** Creates a user-defined associative operator. The descriptor's strings and identity
 * are copied. Errors: SWEEP_ERR_INVALID_ARGUMENT (NULL out/desc/identity/combine, bad
 * name, size or alignment). */
SWEEP_API sweep_status sweep_custom_op_create(sweep_custom_op **out,
                                              const sweep_custom_op_desc *desc);
/** Frees an operator; NULL is a no-op. No call using it may be in flight. */
SWEEP_API void sweep_custom_op_destroy(sweep_custom_op *op);

/** An operator descriptor: a plain value, no allocation for built-in operators.
 * dtype is ignored for SWEEP_OP_CUSTOM. */
typedef struct sweep_op {
    sweep_op_kind kind;            /**< which operator                          */
    sweep_dtype dtype;             /**< the element type of a built-in operator */
    const sweep_custom_op *custom; /**< only for SWEEP_OP_CUSTOM                */
} sweep_op;

/** A built-in operator on a dtype, e.g. sweep_op_builtin(SWEEP_OP_SUM, SWEEP_U32). */
static inline sweep_op sweep_op_builtin(sweep_op_kind kind, sweep_dtype dtype) {
    sweep_op op;
    op.kind = kind;
    op.dtype = dtype;
    op.custom = NULL;
    return op;
}
/** A custom operator. */
static inline sweep_op sweep_op_custom(const sweep_custom_op *custom) {
    sweep_op op;
    op.kind = SWEEP_OP_CUSTOM;
    op.dtype = SWEEP_U8;
    op.custom = custom;
    return op;
}

/* ----------------------------------------------------------------- scans ----- */

/** Whether out[i] includes in[i]. */
typedef enum sweep_scan_kind {
    SWEEP_INCLUSIVE = 0, /**< out[i] = in[0] op ... op in[i]                    */
    SWEEP_EXCLUSIVE = 1  /**< out[0] = identity, out[i] = in[0] op ... op in[i-1] */
} sweep_scan_kind;

/** Prefix scan of n elements with op. in == out (in place) is allowed; any other
 * overlap is SWEEP_ERR_INVALID_ARGUMENT. Integer results are exact (wrapping);
 * floating results are within the rounding bound of a sum of n terms
 * (|error| <= (n-1) * eps * sum |in[j]|) and bitwise reproducible with
 * SWEEP_OPTION_DETERMINISTIC. */
SWEEP_API sweep_status sweep_scan(sweep_context *ctx, sweep_op op, const void *in, void *out,
                                  size_t n, sweep_scan_kind kind);

/** Segmented scan: the scan restarts at every i with head_flags[i] != 0 (and at 0).
 * An exclusive segment starts at the identity. in == out allowed. head_flags are n
 * bytes of context memory. */
SWEEP_API sweep_status sweep_segmented_scan_flags(sweep_context *ctx, sweep_op op, const void *in,
                                                  const uint8_t *head_flags, void *out, size_t n,
                                                  sweep_scan_kind kind);

/** Segmented scan over segments [offsets[s], offsets[s+1]) for s < nseg; offsets has
 * nseg + 1 entries (context memory), non-decreasing, offsets[nseg] <= n. Elements
 * outside every segment (before offsets[0] or from offsets[nseg] on) are not written.
 * Empty segments are allowed. in == out allowed. Offsets that decrease or exceed n:
 * SWEEP_ERR_INVALID_ARGUMENT, nothing written (on GPU backends a kernel checks the
 * offsets and the call blocks the host until it and the work queued before it on the
 * context's stream are done; on the fused path the scan is queued right behind the
 * check before the host waits, and its kernels write nothing when the check fails). */
SWEEP_API sweep_status sweep_segmented_scan_offsets(sweep_context *ctx, sweep_op op, const void *in,
                                                    void *out, size_t n, const size_t *offsets,
                                                    size_t nseg, sweep_scan_kind kind);

/** Scan by key: segments are the maximal runs of consecutive equal keys. Keys compare
 * by their bytes (for floats: -0.0 and +0.0 differ, equal NaN patterns are equal).
 * in == out allowed; keys must not overlap out. */
SWEEP_API sweep_status sweep_scan_by_key(sweep_context *ctx, sweep_op op, const void *keys,
                                         sweep_dtype key_dtype, const void *in, void *out, size_t n,
                                         sweep_scan_kind kind);

/* ------------------------------------------------------------ reductions ----- */

/** Reduces in[0] op in[1] op ... op in[n-1] into *out (one element of context memory),
 * in this order: non-commutative operators are right. n == 0 writes nothing. out must
 * not overlap in. */
SWEEP_API sweep_status sweep_reduce(sweep_context *ctx, sweep_op op, const void *in, size_t n,
                                    void *out);

/** out[s] = reduction of segment [offsets[s], offsets[s+1]) for s < nseg; the identity
 * for an empty segment. offsets as in sweep_segmented_scan_offsets (checked the same
 * way, and on GPU backends the reduction queued behind the check the same way). out
 * has nseg elements and must not overlap in. nseg == 0 writes nothing; n == 0 with
 * nseg > 0 (all segments empty) writes the identity to every out[s]. */
SWEEP_API sweep_status sweep_segmented_reduce(sweep_context *ctx, sweep_op op, const void *in,
                                              size_t n, const size_t *offsets, size_t nseg,
                                              void *out);

/* ---------------------------------------------------- split, compaction ----- */

/** The seeds' split: the elements whose flag is non-zero first, then the others, each
 * group in input order (unlike CUB's partition, the second group is not reversed).
 * elem_size is any positive size. values_in/values_out (value_size bytes each) are
 * optional: both NULL with value_size 0, or both set. If num_flagged is not NULL it
 * receives the count of flagged elements (one size_t of context memory). Outputs must
 * not overlap inputs. n == 0 writes nothing, not even *num_flagged. */
SWEEP_API sweep_status sweep_split(sweep_context *ctx, const uint8_t *flags, const void *in,
                                   void *out, size_t elem_size, const void *values_in,
                                   void *values_out, size_t value_size, size_t n,
                                   size_t *num_flagged);

/** Stream compaction: keeps the elements whose flag is non-zero, in input order, at the
 * front of out; elements of out past the kept ones are not written. num_kept as
 * num_flagged in sweep_split (context memory, may be NULL). out must not overlap in. */
SWEEP_API sweep_status sweep_compact(sweep_context *ctx, const uint8_t *flags, const void *in,
                                     void *out, size_t elem_size, size_t n, size_t *num_kept);

/* ------------------------------------------- unique, run-length encoding ----- */

/** Unique: keeps the first element of every run of consecutive equal elements, in
 * input order, at the front of out (as CUB's DeviceSelect::Unique). Elements compare
 * by their bytes, as the keys of sweep_scan_by_key: for floats -0.0 and +0.0 differ,
 * and NaNs with the same bits are equal. Elements of out past the kept ones are not
 * written. If num_unique is not NULL it receives the number kept (one size_t of
 * context memory), as num_kept in sweep_compact. in and out are n elements of dtype
 * (any dtype), aligned to it, and must not overlap; num_unique must not overlap
 * either. n == 0 writes nothing, not even *num_unique. */
SWEEP_API sweep_status sweep_unique(sweep_context *ctx, const void *in, void *out,
                                    sweep_dtype dtype, size_t n, size_t *num_unique);

/** Unique by key: as sweep_unique on the keys, and each kept key's value (value_size
 * bytes, any positive size, at any address) moves with it to values_out. The first
 * key of each run of equal keys and its value are kept. values_in/values_out are
 * optional: both NULL with value_size 0 (then it is sweep_unique), or both set. No
 * output may overlap an input or another output. n == 0 writes nothing. */
SWEEP_API sweep_status sweep_unique_by_key(sweep_context *ctx, const void *keys_in,
                                           const void *values_in, void *keys_out, void *values_out,
                                           sweep_dtype key_dtype, size_t value_size, size_t n,
                                           size_t *num_unique);

/** Run-length encoding (as CUB's DeviceRunLengthEncode::Encode): for run k of
 * consecutive equal elements (compared by their bytes, as in sweep_unique), in input
 * order, unique_out[k] is its element and run_lengths[k] its length; *num_runs
 * receives the number of runs. unique_out (n elements of dtype), run_lengths (n
 * size_t) and num_runs (one size_t) are context memory, all required, none
 * overlapping another or in; entries past the number of runs are not written. The
 * number of runs stays in context memory: on GPUs the call does not wait for it.
 * n == 0 writes nothing, not even *num_runs. */
SWEEP_API sweep_status sweep_run_length_encode(sweep_context *ctx, const void *in, void *unique_out,
                                               size_t *run_lengths, sweep_dtype dtype, size_t n,
                                               size_t *num_runs);

/** Non-trivial runs (as CUB's DeviceRunLengthEncode::NonTrivialRuns): for each run of
 * consecutive equal elements (compared by their bytes) longer than one element, in
 * input order, offsets[k] is the index of its first element and run_lengths[k] its
 * length; *num_runs receives the number of such runs (at most n / 2, so offsets and
 * run_lengths need n / 2 entries). offsets, run_lengths and num_runs are size_t of
 * context memory, all required, none overlapping another or in; entries past the
 * number of runs are not written. n == 0 writes nothing, not even *num_runs. */
SWEEP_API sweep_status sweep_nontrivial_runs(sweep_context *ctx, const void *in, size_t *offsets,
                                             size_t *run_lengths, sweep_dtype dtype, size_t n,
                                             size_t *num_runs);

/* ------------------------------------------------------------ histograms ----- */

/** Histogram with num_bins even bins over [*lower, *upper) (as CUB's
 * DeviceHistogram::HistogramEven): counts[b] = the number of samples in bin b.
 * samples are n elements of sample_dtype (any dtype); lower and upper point at one
 * value of sample_dtype each (host memory), lower < upper; counts are num_bins
 * counters of count_dtype, SWEEP_U32 (wrapping modulo 2^32) or SWEEP_U64, context
 * memory not overlapping the samples. Every count is written, also of empty bins.
 * Samples outside [lower, upper) are dropped, and so are NaN samples, of any sign or
 * payload. The bin of a sample x, the same on every backend:
 *   - integer samples: floor((x - lower) * num_bins / (upper - lower)), computed
 *     exactly (differences in 64 bits, the product in 128 bits); so bin b starts at
 *     lower + ceil(b * (upper - lower) / num_bins);
 *   - floating samples: floor((((double)x - lower) * num_bins) / (upper - lower)), each
 *     operation an IEEE-754 double operation rounded to nearest (upper - lower once,
 *     in double), and num_bins - 1 where rounding gives num_bins or more. A sample on
 *     the edge lower + b * (upper - lower) / num_bins, where that and the steps are
 *     exact, lands in bin b. -0.0 and +0.0 are the same number here.
 * lower and upper of floating type must be finite with a finite difference.
 * n == 0 writes nothing (counts keep their contents). Errors: unknown dtypes,
 * count_dtype other than SWEEP_U32 or SWEEP_U64, num_bins == 0, lower or upper NULL,
 * not lower < upper, non-finite bounds; NULL samples or counts with n > 0. */
SWEEP_API sweep_status sweep_histogram_even(sweep_context *ctx, const void *samples,
                                            sweep_dtype sample_dtype, size_t n, const void *lower,
                                            const void *upper, size_t num_bins, void *counts,
                                            sweep_dtype count_dtype);

/** Histogram with bins between boundaries (as CUB's DeviceHistogram::HistogramRange):
 * bin i is [boundaries[i], boundaries[i+1]) for i < num_bins; boundaries holds
 * num_bins + 1 values of sample_dtype in context memory, non-decreasing (equal
 * neighbours make an empty bin) and, for floats, without NaN. Comparisons are in the
 * sample type (floats numerically: -0.0 == +0.0). A sample counts in the last bin whose
 * lower boundary is <= it, if it lies in [boundaries[0], boundaries[num_bins]);
 * others and NaN samples are dropped. counts and count_dtype as in
 * sweep_histogram_even. Boundaries that decrease or hold NaN:
 * SWEEP_ERR_INVALID_ARGUMENT (on GPU backends this check reads them back, so the
 * call waits for work queued before it). n == 0 writes nothing. */
SWEEP_API sweep_status sweep_histogram_range(sweep_context *ctx, const void *samples,
                                             sweep_dtype sample_dtype, size_t n,
                                             const void *boundaries, size_t num_bins, void *counts,
                                             sweep_dtype count_dtype);

/* ------------------------------------------------------ sorting, merging ----- */

/** What a radix sort sorts. Start from sweep_sort_desc_make(). */
typedef struct sweep_sort_desc {
    sweep_dtype key_dtype; /**< any dtype                                          */
    size_t value_size;     /**< 0 (keys only), 1, 2, 4, 8 or 16 bytes per value     */
    unsigned begin_bit;    /**< sort on bits [begin_bit, end_bit) of the key's      */
    unsigned end_bit;      /**<   order-preserving bit pattern (see below)          */
    int descending;        /**< 0 ascending, 1 descending; both stable              */
} sweep_sort_desc;

/** All bits of key_dtype, keys only, ascending. */
SWEEP_API sweep_sort_desc sweep_sort_desc_make(sweep_dtype key_dtype);

/** Stable radix sort of n keys (and values). Order: unsigned as is; signed two's
 * complement; floats by IEEE-754 totalOrder: -NaN < -inf < ... < -0.0 < +0.0 < ...
 * < +inf < +NaN. Bits [begin_bit, end_bit) select digits of the key mapped to an
 * unsigned pattern that sorts in that order (signed: sign bit flipped; floats: sign
 * bit flipped for positives, all bits flipped for negatives), as CUB does; keys equal
 * on those bits keep their input order (also when descending).
 * keys_out == keys_in (and values_out == values_in) sorts in place; partial overlap is
 * SWEEP_ERR_INVALID_ARGUMENT. values_in/values_out must be NULL iff value_size == 0.
 * The CUDA and HIP backends sort long inputs (from 2^25 8-byte keys, 2^26 4-byte keys
 * with values, 2^27 without, up to about 6.3e8 keys) with two passes on the top digits
 * and a sort of each bucket in fast memory; such a call blocks the host once or
 * twice, until work it queued earlier on the context's stream is done (it reads digit
 * counts and bucket sizes), and returns with the sort's last steps still queued.
 * Errors: begin_bit >= end_bit or end_bit beyond the key, bad value_size. */
SWEEP_API sweep_status sweep_radix_sort(sweep_context *ctx, const void *keys_in, void *keys_out,
                                        const void *values_in, void *values_out, size_t n,
                                        const sweep_sort_desc *desc);

/** The orders of merge sorts and merges. */
typedef enum sweep_compare_kind {
    SWEEP_COMPARE_ASCENDING = 0,  /**< built-in order of a dtype (floats: totalOrder) */
    SWEEP_COMPARE_DESCENDING = 1, /**< its reverse; still stable                       */
    SWEEP_COMPARE_CUSTOM = 2      /**< a sweep_custom_compare                          */
} sweep_compare_kind;

/** A user-defined comparator, made by sweep_custom_compare_create(). Opaque. */
typedef struct sweep_custom_compare sweep_custom_compare;

/** Strict weak order: non-zero when *a must come before *b. */
typedef int (*sweep_less_fn)(const void *a, const void *b, void *user);

/** Describes a user-defined comparator for sweep_custom_compare_create().
 *
 * device_source (GPU backends) defines `__device__ bool NAME(T a, T b)` (or const T &
 * parameters): true when a must come before b, a strict weak order, with sizeof(T)
 * == key_size and alignof(T) <= key_align. Compiled, cached and reported as for
 * operators (see sweep_custom_op_desc), once for keys alone and once for each value
 * size sorted or merged with it (so each such first call may take seconds). Keys
 * alone of 4 bytes are compiled for block shapes that suit a plain comparison; if
 * the compiler spills any of those kernels, the comparator is compiled a second time
 * with more registers a thread, and that program is used (and cached). */
typedef struct sweep_custom_compare_desc {
    const char *name;          /**< identifier as for operators                          */
    size_t key_size;           /**< 1 ... 32 bytes                                        */
    size_t key_align;          /**< power of two <= 32 dividing key_size                  */
    sweep_less_fn less;        /**< for CPU backends; required                            */
    void *user;                /**< passed to less                                        */
    const char *device_source; /**< for GPU backends; may be NULL (SWEEP_ERR_UNSUPPORTED)  */
} sweep_custom_compare_desc;

/** Creates a user-defined comparator (strings copied). */
SWEEP_API sweep_status sweep_custom_compare_create(sweep_custom_compare **out,
                                                   const sweep_custom_compare_desc *desc);
/** Frees a comparator; NULL is a no-op. */
SWEEP_API void sweep_custom_compare_destroy(sweep_custom_compare *cmp);

/** A comparator descriptor (a plain value). dtype is ignored for custom ones. */
typedef struct sweep_compare {
    sweep_compare_kind kind;            /**< which order                         */
    sweep_dtype dtype;                  /**< the key type of a built-in order    */
    const sweep_custom_compare *custom; /**< only for SWEEP_COMPARE_CUSTOM       */
} sweep_compare;

/** The built-in order of a dtype (floats: IEEE-754 totalOrder), ascending, or
 * descending when descending is non-zero. */
static inline sweep_compare sweep_compare_builtin(sweep_dtype dtype, int descending) {
    sweep_compare c;
    c.kind = descending ? SWEEP_COMPARE_DESCENDING : SWEEP_COMPARE_ASCENDING;
    c.dtype = dtype;
    c.custom = NULL;
    return c;
}
/** A custom comparator. */
static inline sweep_compare sweep_compare_custom(const sweep_custom_compare *custom) {
    sweep_compare c;
    c.kind = SWEEP_COMPARE_CUSTOM;
    c.dtype = SWEEP_U8;
    c.custom = custom;
    return c;
}

/** Stable merge sort of n keys (and values, value_size 0/1/2/4/8/16 bytes; NULL iff 0).
 * With a built-in comparator the order equals sweep_radix_sort's on every dtype, so
 * backends with a fused radix sort use it for inputs beyond one sort tile (same keys
 * and values, fewer passes over memory); custom comparators always merge.
 * keys_out == keys_in sorts in place; partial overlap is SWEEP_ERR_INVALID_ARGUMENT. */
SWEEP_API sweep_status sweep_merge_sort(sweep_context *ctx, const void *keys_in, void *keys_out,
                                        const void *values_in, void *values_out, size_t value_size,
                                        size_t n, sweep_compare cmp);

/** Stable merge of two sorted sequences a (na keys) and b (nb keys) into out (na + nb):
 * on ties the element of a comes first. Values optional as for sweep_merge_sort.
 * out must not overlap the inputs. Inputs that are not sorted give an unspecified
 * permutation of the inputs (never a fault). */
SWEEP_API sweep_status sweep_merge(sweep_context *ctx, const void *a_keys, const void *a_values,
                                   size_t na, const void *b_keys, const void *b_values, size_t nb,
                                   void *out_keys, void *out_values, size_t value_size,
                                   sweep_compare cmp);

/* ------------------------------------------ segmented sorting, searching ----- */

/** Stable radix sort of every segment [offsets[s], offsets[s+1]) for s < nseg, each
 * on its own: keys (and values) never leave their segment. desc as for
 * sweep_radix_sort (every dtype, IEEE-754 totalOrder for floats, bits [begin_bit,
 * end_bit), ascending or descending, both stable; value_size 0, 1, 2, 4, 8 or 16 with
 * values_in/values_out NULL iff 0). offsets has nseg + 1 entries (context memory),
 * non-decreasing, offsets[nseg] <= n; empty segments are allowed. Elements outside
 * every segment (before offsets[0] or from offsets[nseg] on) are not written.
 * keys_out == keys_in (and values_out == values_in) sorts in place; partial overlap,
 * or an output overlapping offsets, is SWEEP_ERR_INVALID_ARGUMENT. n = 0 or nseg = 0
 * writes nothing. Offsets that decrease or exceed n: SWEEP_ERR_INVALID_ARGUMENT (on GPU
 * backends a kernel checks the offsets, and the call blocks the host until it and the
 * work queued earlier on the context's stream are done). Many
 * tiny segments and a few huge ones are both fine: CPU backends sort segments side by
 * side (tiny ones by insertion, huge ones with every thread), GPU backends sort by key
 * and then by segment, so the cost does not grow with the number of segments. */
SWEEP_API sweep_status sweep_segmented_radix_sort(sweep_context *ctx, const void *keys_in,
                                                  void *keys_out, const void *values_in,
                                                  void *values_out, size_t n, const size_t *offsets,
                                                  size_t nseg, const sweep_sort_desc *desc);

/** Stable comparator sort of every segment [offsets[s], offsets[s+1]) for s < nseg:
 * cmp and value_size as for sweep_merge_sort (a built-in order equals the radix
 * sort's, floats in totalOrder; custom comparators as there, device source on GPU
 * backends), segments and everything else as for sweep_segmented_radix_sort. */
SWEEP_API sweep_status sweep_segmented_merge_sort(sweep_context *ctx, const void *keys_in,
                                                  void *keys_out, const void *values_in,
                                                  void *values_out, size_t value_size, size_t n,
                                                  const size_t *offsets, size_t nseg,
                                                  sweep_compare cmp);

/** Vectorised search: out[i] = the lower bound of needles[i] in haystack[0, n), the
 * first j with !(haystack[j] < needles[i]) under cmp (n if there is none), for every
 * i < num_needles. haystack is sorted by cmp (ascending or descending built-in orders
 * of every dtype, floats in IEEE-754 totalOrder, or a custom comparator as for
 * sweep_merge_sort); needles are keys of the same type in any order (sorted needles
 * are faster on CPU backends). out is num_needles size_t (context memory) and must
 * not overlap haystack or needles. num_needles = 0 writes nothing; n = 0 with
 * num_needles > 0 writes 0 to every out[i]. A haystack that is not sorted gives some
 * index in [0, n] for each needle (never a fault). */
SWEEP_API sweep_status sweep_lower_bound(sweep_context *ctx, const void *haystack, size_t n,
                                         const void *needles, size_t num_needles, size_t *out,
                                         sweep_compare cmp);

/** As sweep_lower_bound, with the upper bound: out[i] = the first j with
 * needles[i] < haystack[j] (n if there is none), so [lower, upper) are the keys
 * equal to needles[i]. */
SWEEP_API sweep_status sweep_upper_bound(sweep_context *ctx, const void *haystack, size_t n,
                                         const void *needles, size_t num_needles, size_t *out,
                                         sweep_compare cmp);

/* --------------------------------------------------------- scratch memory ----- */

/** By default a context takes temporary memory from its own caching allocator (kept
 * for reuse until the context is destroyed or sweep_context_trim is called).
 *
 * A caller who wants no hidden allocation hands the context a buffer instead:
 *   sweep_scratch_query_begin(ctx);        calls now only validate and measure
 *   sweep_radix_sort(ctx, ...);            (returns SWEEP_OK, writes nothing)
 *   sweep_scratch_query_end(ctx, &bytes);  the most any measured call needs
 *   sweep_malloc(ctx, &buf, bytes);
 *   sweep_context_set_scratch(ctx, buf, bytes);
 *   sweep_radix_sort(ctx, ...);            uses buf only
 * With a caller buffer set, a call that needs more than it holds fails with
 * SWEEP_ERR_OUT_OF_MEMORY (the message gives the size needed) and writes nothing. */

/** Starts measuring: until sweep_scratch_query_end, primitive calls validate their
 * arguments, add up their scratch needs and return without touching any data. */
SWEEP_API sweep_status sweep_scratch_query_begin(sweep_context *ctx);
/** Stops measuring; *bytes = the largest scratch need of the calls measured. */
SWEEP_API sweep_status sweep_scratch_query_end(sweep_context *ctx, size_t *bytes);
/** Uses [buffer, buffer + bytes) of context memory for all scratch (NULL, 0 goes back to
 * the caching allocator). buffer must be 256-byte aligned (sweep_malloc's are) and must
 * outlive its use by queued GPU work. On a GPU backend the buffer is zeroed once here
 * (queued on the context's stream), as the caching allocator's new blocks are, so the
 * single-pass kernels' first look at their tile states reads written memory. */
SWEEP_API sweep_status sweep_context_set_scratch(sweep_context *ctx, void *buffer, size_t bytes);
/** Releases the caching allocator's cached blocks. */
SWEEP_API sweep_status sweep_context_trim(sweep_context *ctx);

#ifdef __cplusplus
}
#endif

#endif /* SWEEP_SWEEP_H */
