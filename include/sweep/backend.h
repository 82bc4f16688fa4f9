/**
 * @file backend.h
 * @brief The kernel interface: what a sweep backend plugin implements.
 *
 * A backend is a shared library (libsweep-NAME.so) exporting one C symbol,
 *     const sweep_backend_table *sweep_backend_entry(void);
 * The serial backend implements the same table and is linked into libsweep.
 *
 * The core owns the algorithms: it validates arguments, resolves descriptors and
 * composes every primitive from the basic kernels below. A backend may also provide
 * fused primitives (NULL = compose); the core prefers them unless the context asks
 * for the generic path. A fused entry may answer SWEEP_ERR_UNSUPPORTED without
 * writing anything, and the core then composes the primitive from basic kernels.
 *
 * Rules for every entry:
 *
 *  - Returns a sweep_status value. On failure it may explain through the report
 *    callback given to open(); it never prints, exits or aborts.
 *  - Pointers to data are context memory of the backend (device memory on GPUs);
 *    descriptor structs and the identity bytes inside them are host memory.
 *  - Work may be asynchronous on the handle's stream; entries are ordered.
 *  - n == 0 never reaches a kernel; arguments have been validated by the core.
 *  - Two-phase scratch (fused entries): called with scratch == NULL, the entry stores
 *    the bytes it needs in *scratch_bytes and returns without work; called with a
 *    buffer of at least that size (context memory, 256-byte aligned) it runs.
 *    The size query answers SWEEP_ERR_UNSUPPORTED exactly when the run would.
 *  - When the context has SWEEP_OPTION_DETERMINISTIC (open args), tile_reduce and
 *    tile_scan combine strictly left to right inside a tile (p = x0; p = p op x1; ...)
 *    and apply a carry as carry op p; the core then uses only basic kernels with a
 *    fixed tile, so floating results agree bit for bit across backends.
 *
 * The ABI is versioned: the core refuses a table whose abi_version differs.
 */
#ifndef SWEEP_BACKEND_H
#define SWEEP_BACKEND_H

#include "sweep.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The version of this interface; the core refuses a table with another. */
#define SWEEP_BACKEND_ABI_VERSION 3u

/* ------------------------------------------------------------ descriptors ----- */

/** Layout of a custom operator (public type sweep_custom_op): a copy of its
 * sweep_custom_op_desc. */
struct sweep_custom_op {
    char name[64];              /**< the device function's name        */
    size_t elem_size;           /**< bytes per element                 */
    size_t elem_align;          /**< alignment of an element           */
    unsigned char identity[32]; /**< the identity (elem_size bytes)    */
    sweep_combine_fn combine;   /**< the C function of CPU backends    */
    void *user;                 /**< passed to combine                 */
    char *device_source;        /**< GPU source; NULL if none          */
};

/** Layout of a custom comparator (public type sweep_custom_compare): a copy of its
 * sweep_custom_compare_desc. */
struct sweep_custom_compare {
    char name[64];       /**< the device function's name     */
    size_t key_size;     /**< bytes per key                  */
    size_t key_align;    /**< alignment of a key             */
    sweep_less_fn less;  /**< the C function of CPU backends */
    void *user;          /**< passed to less                 */
    char *device_source; /**< GPU source; NULL if none       */
};

/** An operator as kernels see it: resolved by the core for built-in and custom ones. */
typedef struct sweep_kop {
    sweep_op_kind kind;            /**< SWEEP_OP_CUSTOM for custom operators          */
    sweep_dtype dtype;             /**< element type of a built-in operator            */
    size_t size;                   /**< element size in bytes                          */
    size_t align;                  /**< element alignment                              */
    unsigned char identity[32];    /**< the identity's bytes (size of them used)      */
    const sweep_custom_op *custom; /**< NULL for built-in operators                    */
} sweep_kop;

/** A comparator as kernels see it. Built-in: the dtype's order (floats: IEEE-754
 * totalOrder), reversed for SWEEP_COMPARE_DESCENDING. */
typedef struct sweep_kcmp {
    sweep_compare_kind kind;            /**< ascending, descending or custom          */
    sweep_dtype dtype;                  /**< built-in comparators                     */
    size_t key_size;                    /**< bytes per key                            */
    const sweep_custom_compare *custom; /**< NULL unless SWEEP_COMPARE_CUSTOM          */
} sweep_kcmp;

/** Radix keys. A key's digit bits come from its order-preserving unsigned pattern u:
 * unsigned: the key; signed: key ^ sign bit; floats: sign set ? ~key : key ^ sign bit.
 * For descending sorts u is replaced by ~u (so ascending order of digits is
 * descending order of keys, and equal keys stay stable). The digit of a pass is
 * (u >> shift) & ((1 << nbits) - 1). */
typedef struct sweep_kradix {
    sweep_dtype dtype;  /**< the key type                                    */
    size_t key_size;    /**< bytes per key                                   */
    unsigned begin_bit; /**< validated: begin_bit < end_bit <= 8 * key_size */
    unsigned end_bit;   /**< one past the last bit sorted on                 */
    int descending;     /**< non-zero: descending (u replaced by ~u)         */
} sweep_kradix;

/** Digit width of the core's LSD passes. */
#define SWEEP_RADIX_BITS 8u
/** Digits per pass, 2^SWEEP_RADIX_BITS. */
#define SWEEP_RADIX_SIZE 256u

/** How segments of a fused segmented scan are given. */
typedef enum sweep_kseg_form {
    SWEEP_SEG_FLAGS = 0,   /**< flags[i] != 0 starts a segment                            */
    SWEEP_SEG_OFFSETS = 1, /**< segment s starts at offsets[s] - base (s < nseg)          */
    SWEEP_SEG_KEYS = 2     /**< runs of bytewise-equal keys (key_size bytes each)          */
} sweep_kseg_form;

/** The segments of a fused segmented scan, in one of three forms. */
typedef struct sweep_ksegments {
    sweep_kseg_form form;  /**< which of the fields below are set                           */
    const uint8_t *flags;  /**< SWEEP_SEG_FLAGS: n bytes                                      */
    const size_t *offsets; /**< SWEEP_SEG_OFFSETS: nseg + 1 validated offsets (context memory) */
    size_t nseg;           /**< SWEEP_SEG_OFFSETS: the number of segments                     */
    size_t base;           /**< SWEEP_SEG_OFFSETS: offsets[0]; in/out point at element base    */
    const void *keys;      /**< SWEEP_SEG_KEYS: n keys                                        */
    size_t key_size;       /**< SWEEP_SEG_KEYS: bytes per key                                 */
} sweep_ksegments;

/** How the bins of a histogram are given. */
typedef enum sweep_khist_form {
    SWEEP_HIST_EVEN = 0, /**< num_bins equal bins over [lower, upper)                      */
    SWEEP_HIST_RANGE = 1 /**< bin i = [boundaries[i], boundaries[i+1]), i < num_bins        */
} sweep_khist_form;

/** The bins of a histogram (sweep_histogram_even, sweep_histogram_range), resolved by
 * the core so that every backend puts every sample in the same bin:
 *  - integer samples (SWEEP_HIST_EVEN): with k(x) the sample's order key (unsigned: x;
 *    signed: x as 64-bit two's complement with the sign bit flipped), x counts when
 *    lower_key <= k(x) < upper_key, in bin floor((k(x) - lower_key) * num_bins /
 *    (upper_key - lower_key)), the product taken exactly (128 bits);
 *  - floating samples (SWEEP_HIST_EVEN): x counts when lower <= (double)x < upper (so
 *    never NaN), in bin min(num_bins - 1, floor((((double)x - lower) * (double)num_bins)
 *    / width)), each operation an IEEE-754 double operation rounded to nearest
 *    (no fused multiply-add, no reciprocal);
 *  - SWEEP_HIST_RANGE: x counts when boundaries[0] <= x < boundaries[num_bins]
 *    (compared in the sample type, floats numerically: -0.0 == +0.0, NaN never), in
 *    the largest bin i < num_bins with boundaries[i] <= x. The core has checked that
 *    the boundaries do not decrease and hold no NaN. */
typedef struct sweep_khist {
    sweep_khist_form form;    /**< even bins or boundaries                                  */
    sweep_dtype sample_dtype; /**< any dtype                                                */
    sweep_dtype count_dtype;  /**< SWEEP_U32 (counts wrap modulo 2^32) or SWEEP_U64         */
    size_t num_bins;          /**< at least 1                                               */
    uint64_t lower_key;       /**< even bins, integer samples: order key of lower           */
    uint64_t upper_key;       /**< even bins, integer samples: order key of upper (> lower) */
    double lower;             /**< even bins, floating samples: lower (finite)              */
    double upper;             /**< even bins, floating samples: upper (finite, > lower)      */
    double width;             /**< even bins, floating samples: upper - lower (finite)      */
    const void *boundaries;   /**< SWEEP_HIST_RANGE: num_bins + 1 samples (context memory)  */
} sweep_khist;

/** What a fused run primitive computes (sweep_kruns.form). */
typedef enum sweep_kruns_form {
    SWEEP_RUNS_UNIQUE = 0,    /**< first key (and value) of each run: sweep_unique(_by_key)  */
    SWEEP_RUNS_ENCODE = 1,    /**< first key and length of each run: sweep_run_length_encode */
    SWEEP_RUNS_NONTRIVIAL = 2 /**< start and length of each run longer than 1               */
} sweep_kruns_form;

/** The arguments of the fused run primitive. Runs are maximal ranges of consecutive
 * keys that are equal bytewise. Run k (in input order; for SWEEP_RUNS_NONTRIVIAL
 * counting only runs longer than 1) writes keys_out[k] (its first key), values_out[k]
 * (the value of that key), offsets[k] (its first index) and lengths[k], as far as the
 * form uses them; count (one size_t of context memory, may be NULL for
 * SWEEP_RUNS_UNIQUE) receives the number of runs written. Nothing else is written. */
typedef struct sweep_kruns {
    sweep_kruns_form form; /**< what is written                                    */
    const void *keys;      /**< n keys of key_size bytes                           */
    size_t key_size;       /**< 1, 2, 4 or 8                                        */
    size_t n;              /**< at least 1                                          */
    const void *values_in; /**< SWEEP_RUNS_UNIQUE: n values of vsize bytes, or NULL */
    size_t vsize;          /**< 0 when there are no values                          */
    void *keys_out;        /**< SWEEP_RUNS_UNIQUE, SWEEP_RUNS_ENCODE                */
    void *values_out;      /**< SWEEP_RUNS_UNIQUE with values                       */
    size_t *offsets;       /**< SWEEP_RUNS_NONTRIVIAL                               */
    size_t *lengths;       /**< SWEEP_RUNS_ENCODE, SWEEP_RUNS_NONTRIVIAL            */
    size_t *count;         /**< the number of runs written                          */
} sweep_kruns;

/* --------------------------------------------------------------- opening ----- */

/** Explains a failure: sets the calling thread's last error (sweep_last_error). */
typedef void (*sweep_report_fn)(sweep_status status, const char *message);

/** What open() gets: the context's device, threads, options and error channel. */
typedef struct sweep_backend_open_args {
    int device;             /**< validated against device_count                          */
    int num_threads;        /**< CPU backends; 0 = OMP_NUM_THREADS or every core          */
    unsigned options;       /**< SWEEP_OPTION_* bits of the context                       */
    sweep_report_fn report; /**< explains a failure in the calling thread's last error    */
} sweep_backend_open_args;

/** A bit of sweep_backend_props.flags: context memory is ordinary host memory. */
#define SWEEP_BACKEND_HOST_MEMORY 1u

/** What open() says about an opened device: its kind of memory and the tile sizes the
 * core composes primitives with. */
typedef struct sweep_backend_props {
    unsigned flags;    /**< SWEEP_BACKEND_* bits                                          */
    size_t scan_tile;  /**< elements per tile in the core's tile_reduce/tile_scan        */
    size_t split_tile; /**< elements per tile for flag_count/flag_scatter                */
    size_t radix_tile; /**< keys per tile for radix_tile_histogram/radix_scatter         */
    size_t sort_tile;  /**< keys per tile for tile_sort                                  */
    size_t merge_part; /**< outputs per merge-path partition                             */
} sweep_backend_props;

/* ----------------------------------------------------------------- table ----- */

/** The table a plugin's sweep_backend_entry() returns: its name, device entries, the
 * basic kernels (required) and the fused primitives (optional, NULL = compose). */
typedef struct sweep_backend_table {
    uint32_t abi_version; /**< SWEEP_BACKEND_ABI_VERSION                               */
    uint32_t table_size;  /**< sizeof(sweep_backend_table) of the plugin's build      */
    const char *name;     /**< "serial", "openmp", "cuda", "hip"                       */

    /* ---- device ---- */
    /** Number of usable devices; when 0, reason (reason_len bytes) says why
     * ("no CUDA driver", "no device"). Must not crash without driver or runtime. */
    sweep_status (*device_count)(int *count, char *reason, size_t reason_len);
    /** The name of a device (buf of len bytes, NUL-terminated). */
    sweep_status (*device_name)(int device, char *buf, size_t len);
    /** Opens a device for one context: *handle is passed to every other entry, props
     * says what the core may assume. */
    sweep_status (*open)(const sweep_backend_open_args *args, void **handle,
                         sweep_backend_props *props);
    /** Waits for the handle's work and releases it. */
    void (*close)(void *h);
    /** Allocates context memory, 256-byte aligned (sweep_malloc). */
    sweep_status (*alloc)(void *h, void **ptr, size_t bytes);
    /** Frees what alloc gave. */
    sweep_status (*free)(void *h, void *ptr);
    /** Copies as sweep_memcpy does: to the host synchronously, otherwise ordered. */
    sweep_status (*memcpy)(void *h, void *dst, const void *src, size_t bytes, sweep_copy_kind kind);
    /** Sets bytes of context memory (sweep_memset). */
    sweep_status (*memset)(void *h, void *dst, int value, size_t bytes);
    /** Uses a native stream from now on (sweep_context_set_stream). */
    sweep_status (*set_stream)(void *h, void *native_stream);
    /** Waits for the handle's work; reports earlier device faults. */
    sweep_status (*synchronize)(void *h);

    /* ---- basic kernels (required): the core composes every primitive from these ---- */

    /** partials[t] = op-reduction of tile t = [t*tile, min(n, (t+1)*tile)), in order.
     * With flags (may be NULL) the lifted operator of segmented scan is used:
     * partial_flags[t] = any flag set in the tile, partials[t] = reduction from the
     * tile's last head (inclusive) to its end, or of the whole tile if it has none. */
    sweep_status (*tile_reduce)(void *h, const sweep_kop *op, const void *in, const uint8_t *flags,
                                size_t n, size_t tile, void *partials, uint8_t *partial_flags);

    /** Scans each tile with a carry: for i in tile t before the tile's first head (all
     * of it without flags), out[i] = carries[t] op local(i), where local is the
     * inclusive or exclusive scan inside the tile (exclusive local of the tile's first
     * element is the identity, so out = carries[t]); from the first head on, the plain
     * segmented scan inside the tile. carries may be NULL (identity). in == out allowed. */
    sweep_status (*tile_scan)(void *h, const sweep_kop *op, const void *in, const uint8_t *flags,
                              void *out, size_t n, size_t tile, const void *carries, int exclusive);

    /** flags[i] = (i == 0 || keys[i] differs bytewise from keys[i-1]). */
    sweep_status (*heads_from_keys)(void *h, const void *keys, size_t key_size, size_t n,
                                    uint8_t *flags);

    /** For s < nseg with base <= offsets[s] < base + n: flags[offsets[s] - base] = 1.
     * Other flags are left as they are (the core clears them first). */
    sweep_status (*heads_from_offsets)(void *h, const size_t *offsets, size_t nseg, size_t base,
                                       size_t n, uint8_t *flags);

    /** out[s] = offsets[s] < offsets[s+1] ? scanned[offsets[s+1] - 1 - base] : identity,
     * for s < nseg (scanned: inclusive segmented scan of the range starting at base). */
    sweep_status (*segment_last)(void *h, const sweep_kop *op, const void *scanned,
                                 const size_t *offsets, size_t nseg, size_t base, void *out);

    /** counts[t] = number of non-zero flags in tile t. */
    sweep_status (*flag_count)(void *h, const uint8_t *flags, size_t n, size_t tile,
                               size_t *counts);

    /** Stable scatter by flags. Element i of tile t with flag set and local rank r among
     * the tile's flagged elements goes to out[before[t] + r]; if keep_unflagged, an
     * unflagged one with local rank r among the tile's unflagged ones goes to
     * out[*total + t*tile - before[t] + r]. values (vsize bytes; NULL when 0) move
     * alongside. before and total are context memory. */
    sweep_status (*flag_scatter)(void *h, const uint8_t *flags, const void *in, void *out,
                                 size_t elem_size, const void *values_in, void *values_out,
                                 size_t vsize, size_t n, size_t tile, const size_t *before,
                                 const size_t *total, int keep_unflagged);

    /** One pass over the keys counting every digit of every pass: for p < passes =
     * ceil((end_bit - begin_bit) / 8), hist[p * 256 + d] = number of keys whose digit at
     * shift begin_bit + 8p (width min(8, end_bit - shift)) is d. Writes all entries. */
    sweep_status (*radix_histogram)(void *h, const sweep_kradix *key, const void *keys, size_t n,
                                    size_t *hist);

    /** hist[d * ntiles + t] = keys of tile t whose digit (shift, nbits) is d, for every
     * d < 2^nbits (digit-major, so one exclusive scan gives scatter offsets). */
    sweep_status (*radix_tile_histogram)(void *h, const sweep_kradix *key, const void *keys,
                                         size_t n, size_t tile, unsigned shift, unsigned nbits,
                                         size_t *hist);

    /** Stable scatter: key i of tile t with digit d and rank r among the tile's keys of
     * digit d goes to position offsets[d * ntiles + t] + r (values alongside). Inputs
     * and outputs do not overlap. */
    sweep_status (*radix_scatter)(void *h, const sweep_kradix *key, const void *keys_in,
                                  void *keys_out, const void *values_in, void *values_out,
                                  size_t vsize, size_t n, size_t tile, unsigned shift,
                                  unsigned nbits, const size_t *offsets);

    /** Sorts every tile of keys (and values) in place, stably. */
    sweep_status (*tile_sort)(void *h, const sweep_kcmp *cmp, void *keys, void *values,
                              size_t vsize, size_t n, size_t tile);

    /** Merge-path partition of the stable merge of a and b (ties take a first): for
     * k <= nparts = ceil((na + nb) / part), with diagonal d = min(k * part, na + nb),
     * splits[k] = how many of the first d outputs come from a. vsize: the value bytes
     * the merge_tiles call that follows moves (0: keys alone); the splits do not
     * depend on it, but a backend that compiles a custom comparator's program per
     * value size takes the partition from that program instead of compiling one for
     * keys alone. (ABI 2 added vsize.) */
    sweep_status (*merge_partition)(void *h, const sweep_kcmp *cmp, const void *a, size_t na,
                                    const void *b, size_t nb, size_t vsize, size_t part,
                                    size_t *splits);

    /** Merges partition k (outputs [d_k, d_{k+1})) of every k from a[splits[k],
     * splits[k+1]) and b[d_k - splits[k], d_{k+1} - splits[k+1]), ties taking a first.
     * Outputs do not overlap inputs. */
    sweep_status (*merge_tiles)(void *h, const sweep_kcmp *cmp, const void *a, const void *a_values,
                                size_t na, const void *b, const void *b_values, size_t nb,
                                size_t vsize, size_t part, const size_t *splits, void *out,
                                void *out_values);

    /* ---- fused primitives (optional, NULL = compose; two-phase scratch) ---- */

    /** Scan (sweep_scan). */
    sweep_status (*scan)(void *h, const sweep_kop *op, const void *in, void *out, size_t n,
                         int exclusive, void *scratch, size_t *scratch_bytes);

    /** Segmented scan in any of the three segment forms. */
    sweep_status (*segmented_scan)(void *h, const sweep_kop *op, const void *in, void *out,
                                   size_t n, const sweep_ksegments *seg, int exclusive,
                                   void *scratch, size_t *scratch_bytes);

    /** Reduction into one element of context memory (sweep_reduce). */
    sweep_status (*reduce)(void *h, const sweep_kop *op, const void *in, size_t n, void *out,
                           void *scratch, size_t *scratch_bytes);

    /** Offsets validated; out[s] for every s < nseg (identity for empty segments). */
    sweep_status (*segmented_reduce)(void *h, const sweep_kop *op, const void *in, size_t n,
                                     const size_t *offsets, size_t nseg, void *out, void *scratch,
                                     size_t *scratch_bytes);

    /** Split (keep_unflagged = 1) or compact (0); num_flagged may be NULL. */
    sweep_status (*split)(void *h, const uint8_t *flags, const void *in, void *out,
                          size_t elem_size, const void *values_in, void *values_out, size_t vsize,
                          size_t n, size_t *num_flagged, int keep_unflagged, void *scratch,
                          size_t *scratch_bytes);

    /** keys_out == keys_in (and values) allowed: sort in place. */
    sweep_status (*radix_sort)(void *h, const sweep_kradix *key, const void *keys_in,
                               void *keys_out, const void *values_in, void *values_out,
                               size_t vsize, size_t n, void *scratch, size_t *scratch_bytes);

    /** keys_out == keys_in (and values) allowed: sort in place. */
    sweep_status (*merge_sort)(void *h, const sweep_kcmp *cmp, const void *keys_in, void *keys_out,
                               const void *values_in, void *values_out, size_t vsize, size_t n,
                               void *scratch, size_t *scratch_bytes);

    /** Stable merge, ties taking a first (sweep_merge). */
    sweep_status (*merge)(void *h, const sweep_kcmp *cmp, const void *a, const void *a_values,
                          size_t na, const void *b, const void *b_values, size_t nb, void *out,
                          void *out_values, size_t vsize, void *scratch, size_t *scratch_bytes);

    /* ---- added in ABI 3: segmented sorts and vectorised search ---- */

    /** Basic kernel (required): out[i] = in[idx[i]] for i < n, elements of elem_size
     * bytes (1 to 32) at any address (the alignment of a custom key may be 1). Every
     * idx[i] is a valid index of in; out overlaps neither in nor idx. */
    sweep_status (*gather)(void *h, const void *in, size_t elem_size, const size_t *idx, size_t n,
                           void *out);

    /** Basic kernel (required): for each i < nneedles, out[i] = the lower bound (upper
     * == 0: the first j with !(haystack[j] < needles[i])) or the upper bound (upper != 0:
     * the first j with needles[i] < haystack[j]) of needles[i] in haystack[0, nhay),
     * under cmp; nhay if there is none. nhay > 0. An unsorted haystack gives some
     * index in [0, nhay] (never a fault). */
    sweep_status (*search)(void *h, const sweep_kcmp *cmp, const void *haystack, size_t nhay,
                           const void *needles, size_t nneedles, int upper, size_t *out);

    /** Fused segmented sort (optional): sorts every segment [offsets[s], offsets[s+1])
     * of keys (and values) stably, in radix order (key != NULL, cmp == NULL) or
     * comparator order (cmp != NULL, key == NULL); elements outside every segment are
     * not written. Offsets are validated (context memory); the size query depends on
     * n, not on the offsets (they may not hold data yet). keys_out == keys_in (and
     * values) allowed: sort in place. */
    sweep_status (*segmented_sort)(void *h, const sweep_kradix *key, const sweep_kcmp *cmp,
                                   const void *keys_in, void *keys_out, const void *values_in,
                                   void *values_out, size_t vsize, size_t n, const size_t *offsets,
                                   size_t nseg, void *scratch, size_t *scratch_bytes);
    /* ---- basic kernels added in ABI 3 (required) ---- */

    /** out[i] = first + i for i < n. */
    sweep_status (*iota)(void *h, size_t first, size_t n, size_t *out);

    /** Lengths of consecutive ranges from their starts, with the number of ranges in
     * context memory: for k < c = *count (c <= n), lengths[k] = (k + 1 < c ?
     * starts[k + 1] : end) - starts[k]; lengths from c on are not written. If
     * long_flags is not NULL, long_flags[k] = (lengths[k] > 1) for k < c and 0 for
     * c <= k < n. */
    sweep_status (*range_lengths)(void *h, const size_t *starts, const size_t *count, size_t end,
                                  size_t n, size_t *lengths, uint8_t *long_flags);

    /** Adds to counts[b] (hist->num_bins counters of hist->count_dtype, context
     * memory) the number of samples in bin b, as sweep_khist defines the bins; samples
     * in no bin are skipped. The core zeroes the counts first. */
    sweep_status (*histogram)(void *h, const sweep_khist *hist, const void *samples, size_t n,
                              void *counts);

    /* ---- fused primitives added in ABI 3 (optional, NULL = compose) ---- */

    /** Unique, run-length encoding and non-trivial runs (sweep_kruns). */
    sweep_status (*runs)(void *h, const sweep_kruns *runs, void *scratch, size_t *scratch_bytes);

    /** Optional (NULL: the core copies the offsets to the host and checks them there):
     * checks segment offsets[0..nseg] (context memory, nseg >= 1) where they are and
     * stores in result (host memory) result[0] = offsets[0], result[1] =
     * offsets[nseg] and result[2] = the least s < nseg with offsets[s + 1] <
     * offsets[s], or SIZE_MAX where they never decrease. Returns once result is
     * written, so it waits for the stream's earlier work. */
    sweep_status (*check_offsets)(void *h, const size_t *offsets, size_t nseg, size_t *result);

    /* ---- the offsets check overlapped with its work (appended to ABI 3) ---- */

    /** Optional, with offsets_gate_end (both or neither; NULL: the core waits for
     * check_offsets, or checks on the host, before it queues any work). Queues the
     * check_offsets check of offsets[0..nseg] (context memory, nseg >= 1), with
     * offsets[nseg] <= n besides, and returns without waiting for it: the gate is
     * open. Until offsets_gate_end, the core calls only size queries, scratch
     * allocation and one fused entry, segmented_reduce(..., offsets, nseg, ...) or
     * segmented_scan with SWEEP_SEG_OFFSETS and these offsets, base 0 and the whole
     * n (the entry then writes out[i] only for offsets[0] <= i < offsets[nseg]);
     * where the check fails, that entry writes nothing, to its outputs or to anything
     * a later call reads (its kernels read the check's verdict first, or it waits
     * for the check). */
    sweep_status (*offsets_gate_begin)(void *h, const size_t *offsets, size_t nseg, size_t n);

    /** Closes the gate offsets_gate_begin opened, called once after every begin that
     * returned SWEEP_OK, whatever happened between: waits for the check alone (not
     * for the work queued after it) and stores result as check_offsets does. */
    sweep_status (*offsets_gate_end)(void *h, size_t *result);
} sweep_backend_table;

/** The type of the one symbol a plugin exports. */
typedef const sweep_backend_table *(*sweep_backend_entry_fn)(void);
/** The name of that symbol, for dlsym. */
#define SWEEP_BACKEND_ENTRY_SYMBOL "sweep_backend_entry"

#ifdef __cplusplus
}
#endif

#endif /* SWEEP_BACKEND_H */
