// bench_sweep.cpp -- sweep's primitives on every backend available at run time,
// through the public API only: inputs are copied into context memory, one call is
// made and checked before timing (warm-up, not timed), and each timed iteration is
// one call: timed by events on the peers' stream where bench_timer.h has a timer for the
// backend (CUDA), else by a host clock around the call and sweep_synchronize.
//
// affine_scan measures a custom operator (bench_affine.h) and, in the same table, the
// built-in u64 sum scan of the same backend on elements of the same size (impl
// "sum_u64-<backend>"): their ratio is what a custom operator costs. Its first call,
// which compiles the operator on a GPU, is reported as the counter first_call_s.
//
// --tuning=custom_compare adds merge_sort and merge through a user comparator
// (tuning/custom_less.h) as impl "custom_less-<backend>", with first_call_s too.
#include "bench_affine.h"
#include "bench_check.h"
#include "bench_inputs.h"
#include "bench_record.h"
#include "bench_suites.h"
#include "bench_timer.h"
#include "tuning/custom_less.h"

#include <map>
#include <memory>
#include <vector>

namespace sweepbench {

namespace {

std::map<sweep_backend, sweep_context *> &contexts() {
    static std::map<sweep_backend, sweep_context *> c;
    return c;
}

// Context memory released when the benchmark ends, also on an early return.
class DeviceBuffer {
  public:
    DeviceBuffer(sweep_context *ctx, std::size_t bytes) : ctx_(ctx) {
        status_ = sweep_malloc(ctx_, &ptr_, bytes);
    }
    ~DeviceBuffer() {
        sweep_free(ctx_, ptr_);
    }
    DeviceBuffer(const DeviceBuffer &) = delete;
    DeviceBuffer &operator=(const DeviceBuffer &) = delete;
    void *get() const {
        return ptr_;
    }
    sweep_status status() const {
        return status_;
    }

  private:
    sweep_context *ctx_;
    void *ptr_ = nullptr;
    sweep_status status_;
};

std::map<sweep_backend, StreamTimer> &timers() {
    static std::map<sweep_backend, StreamTimer> t;
    return t;
}

std::string failure(const char *what, sweep_status s) {
    return std::string(what) + ": " + sweep_status_string(s) + " (" + sweep_last_error() + ")";
}

// The inputs of one case, host side and in context memory.
struct Prepared {
    std::shared_ptr<const Bytes> values, flags, keys, offsets, indices;
    std::vector<std::unique_ptr<DeviceBuffer>> buffers;
    void *in = nullptr, *out = nullptr, *count = nullptr;
    void *flags_dev = nullptr, *keys_dev = nullptr, *offsets_dev = nullptr;
    void *values_in = nullptr, *values_out = nullptr; // the pairs' u32 values
    void *aux_out = nullptr; // run lengths (run-length encoding, non-trivial runs)
    std::size_t out_bytes = 0, aux_bytes = 0;
    std::size_t nseg = 0;                       // offsets' segments
    std::uint64_t lower = 0, upper = 0;         // histogram_even's bounds (of the sample type)
    const sweep_custom_op *custom = nullptr;    // affine_scan
    const sweep_custom_compare *less = nullptr; // custom comparator rows
    std::string error;
};

// The affine_scan row of the built-in u64 sum: marked as the table's peer.
bool is_sum_reference(const CaseId &c) {
    return c.primitive == Primitive::AffineScan && c.is_peer;
}

bool uses_offsets(Primitive p) {
    return p == Primitive::SegmentedScanOffsets || p == Primitive::SegmentedReduce ||
           is_segmented_sort(p);
}

bool is_search(Primitive p) {
    return p == Primitive::LowerBound || p == Primitive::UpperBound;
}

// The bytes of the main output of p: the result (n elements of dtype for most), one size_t
// per needle for the searches, n / 2 offsets for non-trivial runs, the u32 counts of a
// histogram; and of the second output (run lengths) where there is one.
std::size_t output_bytes(Primitive p, std::size_t elem, std::size_t n, std::size_t nseg) {
    switch (p) {
    case Primitive::Reduce: return elem;
    case Primitive::SegmentedReduce: return nseg * elem;
    case Primitive::LowerBound:
    case Primitive::UpperBound: return n * sizeof(std::size_t);
    case Primitive::NontrivialRuns: return n / 2 * sizeof(std::size_t);
    case Primitive::HistogramEven:
    case Primitive::HistogramRange: return kHistogramBins * sizeof(std::uint32_t);
    default: return n * elem;
    }
}

std::size_t aux_output_bytes(Primitive p, std::size_t n) {
    if (p == Primitive::RunLengthEncode) return n * sizeof(std::size_t);
    if (p == Primitive::NontrivialRuns) return n / 2 * sizeof(std::size_t);
    return 0;
}

bool counts_output(Primitive p) {
    return p == Primitive::Split || p == Primitive::Compact || is_run_primitive(p);
}

void *upload(sweep_context *ctx, Prepared &p, const Bytes *host, std::size_t bytes) {
    p.buffers.push_back(std::make_unique<DeviceBuffer>(ctx, bytes ? bytes : 1));
    DeviceBuffer &b = *p.buffers.back();
    if (b.status() != SWEEP_OK) {
        p.error = failure("sweep_malloc", b.status());
        return nullptr;
    }
    if (host && bytes) {
        sweep_status s = sweep_memcpy(ctx, b.get(), host->data(), bytes, SWEEP_COPY_HOST_TO_DEVICE);
        if (s != SWEEP_OK) {
            p.error = failure("sweep_memcpy", s);
            return nullptr;
        }
    }
    return b.get();
}

bool prepare(sweep_context *ctx, const CaseId &c, Prepared &p) {
    const Primitive prim = c.primitive;
    const std::size_t elem = sweep_dtype_size(c.dtype);
    const std::size_t bytes = c.n * elem;
    const bool affine = prim == Primitive::AffineScan && !is_sum_reference(c);
    if (affine && !(p.custom = affine_op(&p.error))) return false;
    if ((c.custom_compare || custom_order(prim)) && !(p.less = custom_less(c.dtype, &p.error)))
        return false;
    p.values = affine ? input_affine_maps(c.n) : input_for(prim, c.dtype, c.n, c.variant);
    if (prim == Primitive::Split || prim == Primitive::Compact)
        p.flags = input_split_flags(c.dtype, c.n, c.variant);
    if (prim == Primitive::SegmentedScan || prim == Primitive::ScanByKey)
        p.flags = input_head_flags(c.n, c.variant);
    if (prim == Primitive::ScanByKey) p.keys = input_run_keys(c.n, c.variant);
    if (uses_offsets(prim)) {
        p.offsets = is_segmented_sort(prim) ? input_sort_offsets(c.n, c.variant)
                                            : input_offsets(c.n, c.variant);
        p.nseg = segment_count(*p.offsets);
    }
    if (is_search(prim)) p.keys = input_needles(c.dtype, c.n, c.variant);
    if (prim == Primitive::HistogramRange)
        p.keys = std::make_shared<const Bytes>(histogram_levels(c.dtype));
    if (prim == Primitive::HistogramEven) histogram_bounds(c.dtype, &p.lower, &p.upper);

    if (!(p.in = upload(ctx, p, p.values.get(), bytes))) return false;
    p.out_bytes = output_bytes(prim, elem, c.n, p.nseg);
    p.aux_bytes = aux_output_bytes(prim, c.n);
    if (!(p.out = upload(ctx, p, nullptr, p.out_bytes))) return false;
    if (p.aux_bytes && !(p.aux_out = upload(ctx, p, nullptr, p.aux_bytes))) return false;
    if (p.flags && !(p.flags_dev = upload(ctx, p, p.flags.get(), c.n))) return false;
    if (p.keys && !(p.keys_dev = upload(ctx, p, p.keys.get(), p.keys->size()))) return false;
    if (p.offsets && !(p.offsets_dev = upload(ctx, p, p.offsets.get(), p.offsets->size())))
        return false;
    if (counts_output(prim)) {
        if (!(p.count = upload(ctx, p, nullptr, sizeof(std::size_t)))) return false;
    }
    if (has_values(prim)) {
        p.indices = input_indices(c.n);
        if (!(p.values_in = upload(ctx, p, p.indices.get(), p.indices->size()))) return false;
        if (!(p.values_out = upload(ctx, p, nullptr, p.indices->size()))) return false;
    }
    return true;
}

sweep_status call(sweep_context *ctx, const CaseId &c, const Prepared &p) {
    const sweep_op sum = sweep_op_builtin(SWEEP_OP_SUM, c.dtype);
    const sweep_op scan_op =
        sweep_op_builtin(c.variant == Variant::Max ? SWEEP_OP_MAX : SWEEP_OP_SUM, c.dtype);
    const std::size_t elem = sweep_dtype_size(c.dtype);
    const auto *flags = static_cast<const std::uint8_t *>(p.flags_dev);
    const auto *offsets = static_cast<const std::size_t *>(p.offsets_dev);
    const sweep_compare order =
        p.less ? sweep_compare_custom(p.less) : sweep_compare_builtin(c.dtype, 0);
    const std::size_t value_size = sizeof(std::uint32_t);
    switch (c.primitive) {
    case Primitive::Scan: return sweep_scan(ctx, scan_op, p.in, p.out, c.n, SWEEP_INCLUSIVE);
    case Primitive::AffineScan:
        return sweep_scan(ctx, p.custom ? sweep_op_custom(p.custom) : sum, p.in, p.out, c.n,
                          SWEEP_INCLUSIVE);
    case Primitive::SegmentedScan:
        return sweep_segmented_scan_flags(ctx, sum, p.in, flags, p.out, c.n, SWEEP_INCLUSIVE);
    case Primitive::SegmentedScanOffsets:
        return sweep_segmented_scan_offsets(ctx, sum, p.in, p.out, c.n, offsets, p.nseg,
                                            SWEEP_INCLUSIVE);
    case Primitive::ScanByKey:
        return sweep_scan_by_key(ctx, sum, p.keys_dev, SWEEP_U32, p.in, p.out, c.n,
                                 SWEEP_INCLUSIVE);
    case Primitive::Reduce: return sweep_reduce(ctx, sum, p.in, c.n, p.out);
    case Primitive::SegmentedReduce:
        return sweep_segmented_reduce(ctx, sum, p.in, c.n, offsets, p.nseg, p.out);
    case Primitive::Split:
        return sweep_split(ctx, flags, p.in, p.out, elem, nullptr, nullptr, 0, c.n,
                           static_cast<std::size_t *>(p.count));
    case Primitive::Compact:
        return sweep_compact(ctx, flags, p.in, p.out, elem, c.n,
                             static_cast<std::size_t *>(p.count));
    case Primitive::RadixSort: {
        const sweep_sort_desc desc = sweep_sort_desc_make(c.dtype);
        return sweep_radix_sort(ctx, p.in, p.out, nullptr, nullptr, c.n, &desc);
    }
    case Primitive::RadixSortPairs: {
        sweep_sort_desc desc = sweep_sort_desc_make(c.dtype);
        desc.value_size = value_size;
        return sweep_radix_sort(ctx, p.in, p.out, p.values_in, p.values_out, c.n, &desc);
    }
    case Primitive::MergeSort:
    case Primitive::MergeSortCustom:
        return sweep_merge_sort(ctx, p.in, p.out, nullptr, nullptr, 0, c.n, order);
    case Primitive::MergeSortPairs:
    case Primitive::MergeSortPairsCustom:
        return sweep_merge_sort(ctx, p.in, p.out, p.values_in, p.values_out, value_size, c.n,
                                order);
    case Primitive::Merge: {
        const std::size_t na = c.n / 2;
        const auto *b = static_cast<const unsigned char *>(p.in) + na * elem;
        return sweep_merge(ctx, p.in, nullptr, na, b, nullptr, c.n - na, p.out, nullptr, 0, order);
    }
    case Primitive::SegmentedRadixSort:
    case Primitive::SegmentedRadixSortPairs: {
        sweep_sort_desc desc = sweep_sort_desc_make(c.dtype);
        const bool pairs = c.primitive == Primitive::SegmentedRadixSortPairs;
        desc.value_size = pairs ? value_size : 0;
        return sweep_segmented_radix_sort(ctx, p.in, p.out, pairs ? p.values_in : nullptr,
                                          pairs ? p.values_out : nullptr, c.n, offsets, p.nseg,
                                          &desc);
    }
    case Primitive::SegmentedMergeSort:
        return sweep_segmented_merge_sort(ctx, p.in, p.out, nullptr, nullptr, 0, c.n, offsets,
                                          p.nseg, order);
    case Primitive::SegmentedMergeSortPairs:
        return sweep_segmented_merge_sort(ctx, p.in, p.out, p.values_in, p.values_out, value_size,
                                          c.n, offsets, p.nseg, order);
    case Primitive::LowerBound:
        return sweep_lower_bound(ctx, p.in, c.n, p.keys_dev, c.n, static_cast<std::size_t *>(p.out),
                                 order);
    case Primitive::UpperBound:
        return sweep_upper_bound(ctx, p.in, c.n, p.keys_dev, c.n, static_cast<std::size_t *>(p.out),
                                 order);
    case Primitive::Unique:
        return sweep_unique(ctx, p.in, p.out, c.dtype, c.n, static_cast<std::size_t *>(p.count));
    case Primitive::UniqueByKey:
        return sweep_unique_by_key(ctx, p.in, p.values_in, p.out, p.values_out, c.dtype, value_size,
                                   c.n, static_cast<std::size_t *>(p.count));
    case Primitive::RunLengthEncode:
        return sweep_run_length_encode(ctx, p.in, p.out, static_cast<std::size_t *>(p.aux_out),
                                       c.dtype, c.n, static_cast<std::size_t *>(p.count));
    case Primitive::NontrivialRuns:
        return sweep_nontrivial_runs(ctx, p.in, static_cast<std::size_t *>(p.out),
                                     static_cast<std::size_t *>(p.aux_out), c.dtype, c.n,
                                     static_cast<std::size_t *>(p.count));
    case Primitive::HistogramEven:
        return sweep_histogram_even(ctx, p.in, c.dtype, c.n, &p.lower, &p.upper, kHistogramBins,
                                    p.out, SWEEP_U32);
    case Primitive::HistogramRange:
        return sweep_histogram_range(ctx, p.in, c.dtype, c.n, p.keys_dev, kHistogramBins, p.out,
                                     SWEEP_U32);
    case Primitive::Copy:
        return sweep_memcpy(ctx, p.out, p.in, c.n * elem, SWEEP_COPY_DEVICE_TO_DEVICE);
    case Primitive::Read: break; // a peer-only reference
    }
    return SWEEP_ERR_INTERNAL;
}

std::string check(sweep_context *ctx, const CaseId &c, const Prepared &p) {
    Bytes out(p.out_bytes), aux(p.aux_bytes);
    sweep_status s = SWEEP_OK;
    if (!out.empty())
        s = sweep_memcpy(ctx, out.data(), p.out, out.size(), SWEEP_COPY_DEVICE_TO_HOST);
    if (s != SWEEP_OK) return failure("sweep_memcpy", s);
    if (!aux.empty())
        s = sweep_memcpy(ctx, aux.data(), p.aux_out, aux.size(), SWEEP_COPY_DEVICE_TO_HOST);
    if (s != SWEEP_OK) return failure("sweep_memcpy", s);
    std::size_t count = 0;
    if (p.count) {
        s = sweep_memcpy(ctx, &count, p.count, sizeof count, SWEEP_COPY_DEVICE_TO_HOST);
        if (s != SWEEP_OK) return failure("sweep_memcpy", s);
    }
    Bytes values_out(p.values_out ? c.n * sizeof(std::uint32_t) : 0);
    if (p.values_out) {
        s = sweep_memcpy(ctx, values_out.data(), p.values_out, values_out.size(),
                         SWEEP_COPY_DEVICE_TO_HOST);
        if (s != SWEEP_OK) return failure("sweep_memcpy", s);
    }
    // The sum reference row is an ordinary u64 scan.
    CheckInput in{};
    in.primitive = is_sum_reference(c) ? Primitive::Scan : c.primitive;
    in.dtype = c.dtype;
    in.variant = is_sum_reference(c) ? Variant::Sum : c.variant;
    in.n = c.n;
    in.values = p.values.get();
    in.flags = p.flags.get();
    in.offsets = p.offsets.get();
    in.output = &out;
    in.out_count = count;
    in.values_out = p.values_out ? &values_out : nullptr;
    in.aux_out = p.aux_out ? &aux : nullptr;
    in.needles = is_search(c.primitive) ? p.keys.get() : nullptr;
    std::string wrong = check_result(in);
    return wrong.empty() ? "" : "result check failed: " + wrong;
}

// The case measured last. Google Benchmark calls a benchmark's function once per
// repetition and more often while it sizes the iteration count; the inputs (GiBs at the
// map's largest sizes) are uploaded, the first call made and the result checked on the
// first of those calls only, and a later call of the same case reuses them.
struct LastCase {
    std::string name;
    std::unique_ptr<Prepared> prepared;
    std::size_t kept = 0;
    double first_call_s = -1; // the first call's time where it is reported, else -1
};

LastCase &last_case() {
    static LastCase last;
    return last;
}

// Prepares c (or finds it prepared), makes and checks the first call; nullptr with
// state skipped on a failure.
Prepared *prepare_once(benchmark::State &state, sweep_context *ctx, const CaseId &c,
                       bool do_check) {
    LastCase &last = last_case();
    const std::string name = case_name(c);
    if (last.prepared && last.name == name) return last.prepared.get();
    last.prepared.reset(); // its context memory first: the next case may need all of it
    last.name.clear();
    auto p = std::make_unique<Prepared>();
    if (!prepare(ctx, c, *p)) {
        state.SkipWithError(p->error.c_str());
        return nullptr;
    }
    std::size_t kept = 0;
    if (p->flags && c.primitive == Primitive::Compact) kept = count_flags(*p->flags);
    if (is_run_primitive(c.primitive)) kept = run_count(c.primitive, c.dtype, c.n, c.variant);
    const std::uint64_t first = host_now_ns();
    sweep_status s = call(ctx, c, *p);
    if (s == SWEEP_OK) s = sweep_synchronize(ctx);
    const double first_call_s = host_seconds_since(first);
    if (s != SWEEP_OK) {
        state.SkipWithError(failure(primitive_name(c.primitive), s).c_str());
        return nullptr;
    }
    if (do_check) {
        std::string wrong = check(ctx, c, *p);
        if (!wrong.empty()) {
            state.SkipWithError(wrong.c_str());
            return nullptr;
        }
    }
    last.name = name;
    last.prepared = std::move(p);
    last.kept = kept;
    last.first_call_s =
        c.primitive == Primitive::AffineScan || c.custom_compare || custom_order(c.primitive)
            ? first_call_s
            : -1;
    return last.prepared.get();
}

void run_case(benchmark::State &state, sweep_context *ctx, sweep_backend backend, const CaseId &c,
              bool do_check) {
    const StreamTimer *timer = stream_timer(backend);
    if (timer) {
        const sweep_status s = sweep_context_set_stream(ctx, timer->stream);
        if (s != SWEEP_OK) {
            state.SkipWithError(failure("sweep_context_set_stream", s).c_str());
            return;
        }
    }
    Prepared *p = prepare_once(state, ctx, c, do_check);
    if (!p) return;
    const LastCase &last = last_case();
    if (last.first_call_s >= 0) state.counters["first_call_s"] = last.first_call_s;
    // One untimed call on every repetition: the caches and clocks warm, as on the first.
    sweep_status s = call(ctx, c, *p);
    if (s == SWEEP_OK) s = sweep_synchronize(ctx);
    if (s != SWEEP_OK) {
        state.SkipWithError(failure(primitive_name(c.primitive), s).c_str());
        return;
    }
    for (auto _ : state) {
        if (timer) {
            timer->start();
            s = call(ctx, c, *p);
            state.SetIterationTime(timer->stop());
        } else {
            const std::uint64_t t0 = host_now_ns();
            s = call(ctx, c, *p);
            if (s == SWEEP_OK) s = sweep_synchronize(ctx);
            state.SetIterationTime(host_seconds_since(t0));
        }
        if (s != SWEEP_OK) {
            state.SkipWithError(failure(primitive_name(c.primitive), s).c_str());
            break;
        }
    }
    record_counters(state, c, last.kept);
}

} // namespace

std::string register_sweep_benchmarks(const Options &o) {
    std::string summary;
    for (sweep_backend b : o.backends) {
        sweep_backend_info info{};
        if (sweep_backend_query(b, &info) != SWEEP_OK) continue;
        if (!info.available) {
            summary += std::string(sweep_backend_name(b)) + ": unavailable (" + info.reason + "); ";
            continue;
        }
        sweep_context_desc desc{};
        desc.backend = b;
        sweep_context *ctx = nullptr;
        if (sweep_context_create(&ctx, &desc) != SWEEP_OK) {
            summary += std::string(sweep_backend_name(b)) + ": context failed (" +
                       sweep_last_error() + "); ";
            continue;
        }
        contexts()[b] = ctx;
        summary += std::string(sweep_backend_name(b)) + ": " +
                   (info.device_name[0] ? info.device_name : "available") + "; ";

        const bool gpu = b == SWEEP_BACKEND_CUDA || b == SWEEP_BACKEND_HIP;
        const bool single_thread = b == SWEEP_BACKEND_SERIAL;
        const std::string impl = std::string("sweep-") + sweep_backend_name(b);
        for (Primitive p : o.primitives) {
            if (p == Primitive::Read) continue; // a reference of the peers only
            for (const Cell &cell : cells_for(o, p)) {
                const sweep_dtype dt = cell.dtype;
                for (std::size_t n :
                     sizes_for(o, p, gpu ? Device::Gpu : Device::Cpu, single_thread)) {
                    CaseId c{p, dt, n, impl, gpu ? Device::Gpu : Device::Cpu, false};
                    c.variant = cell.variant;
                    const bool do_check = o.check;
                    register_case(c, [ctx, b, c, do_check](benchmark::State &state) {
                        run_case(state, ctx, b, c, do_check);
                    });
                    if ((p == Primitive::MergeSort || p == Primitive::Merge) &&
                        wants_tuning(o, "custom_compare")) {
                        CaseId custom = c;
                        custom.impl = "custom_less-" + std::string(sweep_backend_name(b));
                        custom.custom_compare = true;
                        register_case(custom, [ctx, b, custom, do_check](benchmark::State &state) {
                            run_case(state, ctx, b, custom, do_check);
                        });
                    }
                    if (p != Primitive::AffineScan) continue;
                    CaseId ref{p,        dt,  n, "sum_u64-" + std::string(sweep_backend_name(b)),
                               c.device, true};
                    ref.variant = c.variant;
                    register_case(ref, [ctx, b, ref, do_check](benchmark::State &state) {
                        run_case(state, ctx, b, ref, do_check);
                    });
                }
            }
        }
    }
    return summary;
}

void set_stream_timer(sweep_backend b, const StreamTimer &t) {
    timers()[b] = t;
}

const StreamTimer *stream_timer(sweep_backend b) {
    auto it = timers().find(b);
    return it == timers().end() ? nullptr : &it->second;
}

void release_sweep_contexts() {
    last_case().prepared.reset();
    last_case().name.clear();
    for (auto &entry : contexts())
        sweep_context_destroy(entry.second);
    contexts().clear();
    release_affine_op();
    release_custom_less();
}

} // namespace sweepbench
