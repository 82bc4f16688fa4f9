// scan_shapes.cu -- sweep-bench-tune's variants: the CUDA plugin's scan kernels
// launched directly at tile shapes other than the built-in ones, as extra
// implementations of sweep-bench's scan and segmented_scan rows (u32 and u64), on the
// same seeded inputs, timed and checked like the CUB peers. They show, on the machine
// at hand, whether the shapes of backends/gpu (ScanTuning and SegScanTuning in
// scan_single_pass.cuh, BulkScanLarge and BulkScanSmall in scan_bulk.cuh) are still
// the best ones, for example on a new architecture:
//
//   sweep-bench-tune --backends=cuda --peers=cub,cuda_copy --dtypes=u32,u64
//                    --primitives=scan,segmented_scan,copy --gpu-sizes=16,20,24,28
//
// Implementations are named <kernel>-<threads>x<items>-b<blocks per SM>, with -pf<N>
// when a block asks L2 for the input N tiles ahead, -cs for cache-streaming accesses
// and -regs for a bulk tile kept in registers rather than staged in shared memory.
// "bulk" is the plain scan's kernel (scan_bulk.cuh), "tile" the kernel of every other
// scan (scan_single_pass.cuh); the built-in shapes are among them.
//
// These kernels are the plugin's internals, not its API: the launches below follow
// cuda_single_pass.cuh and change with it.
#include "bench_check.h"
#include "bench_cuda.cuh"
#include "bench_record.h"
#include "bench_suites.h"

#include "gpu/device/scan_bulk.cuh"
#include "gpu/device/scan_single_pass.cuh"

#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace sweepbench {

namespace {

cudaStream_t g_stream = nullptr;

// The plugin's default look-back poll limit (cuda_device.cu, SWEEP_CUDA_SPIN_LIMIT).
constexpr int kSpinLimit = 4000;

// A shape of the single-pass kernel (ScanTuning's members).
template <int THREADS, int ITEMS, int MIN_BLOCKS, int PREFETCH = 0, bool STREAMING = false>
struct TileShape {
    static constexpr int threads = THREADS;
    static constexpr int items = ITEMS;
    static constexpr int tile = THREADS * ITEMS;
    static constexpr int min_blocks = MIN_BLOCKS;
    static constexpr int prefetch = PREFETCH;
    static constexpr bool streaming = STREAMING;
};

// A bulk shape asking L2 for the input PF tiles ahead instead of its own distance.
template <class Sh, int PF> struct PrefetchAt : Sh { static constexpr int prefetch = PF; };

template <class Sh> std::string shape_name(const char *kernel, bool regs = false) {
    std::string s = std::string(kernel) + "-" + std::to_string(Sh::threads) + "x" +
                    std::to_string(Sh::items) + "-b" + std::to_string(Sh::min_blocks);
    if (sweep_gpu::PrefetchTiles<Sh>::value) s += "-pf" + std::to_string(Sh::prefetch);
    if (sweep_gpu::StreamHint<Sh>::value) s += "-cs";
    if (regs) s += "-regs";
    return s;
}

// A fresh tag per launch, so tile states never need clearing (lookback.cuh).
unsigned long long next_tag() {
    static unsigned long long tag = 0x5ca4000000000000ull;
    tag += 4;
    return tag;
}

template <class T>
sweep_gpu::ScanArgs<T> scan_args(const T *in, T *out, std::size_t n, const std::uint8_t *flags) {
    sweep_gpu::ScanArgs<T> a;
    std::memset(&a, 0, sizeof a);
    a.in = in;
    a.out = out;
    a.n = n;
    a.seg.flags = flags;
    a.spin_limit = kSpinLimit;
    return a;
}

// One case: inputs uploaded, one launch checked before timing (as sweep's rows are),
// then timed launches. launch(args, scratch) queues one kernel on g_stream.
template <class T, class V, int TILE, class Launch>
void run_variant(benchmark::State &state, const CaseId &c, Launch launch) {
    try {
        const bool segmented = c.primitive == Primitive::SegmentedScan;
        auto values = input_values(c.dtype, c.n);
        auto flags_host = segmented ? input_head_flags(c.n, c.variant) : nullptr;
        DeviceMemory in = upload(*values);
        DeviceMemory flags = segmented ? upload(*flags_host) : DeviceMemory(0);
        DeviceMemory out(c.n * sizeof(T));
        const std::size_t ntiles = (c.n + TILE - 1) / TILE;
        DeviceMemory scratch(sweep_gpu::TileState<V>::bytes(ntiles));
        const sweep_gpu::ScanArgs<T> a =
            scan_args(in.as<const T>(), out.as<T>(), c.n, flags.as<const std::uint8_t>());
        const auto body = [&] {
            launch(a, sweep_gpu::TileState<V>::carve(scratch.get(), ntiles, next_tag()),
                   static_cast<unsigned>(ntiles));
            cuda_check(cudaGetLastError(), "kernel launch");
        };
        body();
        Bytes result(c.n * sizeof(T));
        cuda_check(cudaMemcpyAsync(result.data(), out.get(), result.size(), cudaMemcpyDeviceToHost,
                                   g_stream),
                   "cudaMemcpyAsync to host");
        cuda_check(cudaStreamSynchronize(g_stream), "cudaStreamSynchronize");
        CheckInput check{};
        check.primitive = c.primitive;
        check.dtype = c.dtype;
        check.variant = c.variant;
        check.n = c.n;
        check.values = values.get();
        check.flags = flags_host.get();
        check.output = &result;
        const std::string wrong = check_result(check);
        if (!wrong.empty()) {
            state.SkipWithError(("result check failed: " + wrong).c_str());
            return;
        }
        time_stream_calls(
            state, g_stream, [] {}, body);
    } catch (const std::exception &e) {
        state.SkipWithError(e.what());
        return;
    }
    record_counters(state, c, 0);
}

// The single-pass kernel with shape Sh: plain or segmented by head flags.
template <class T, class Sh> void run_tile(benchmark::State &state, const CaseId &c) {
    using namespace sweep_gpu;
    if (c.primitive == Primitive::SegmentedScan) {
        run_variant<T, FlagValue<T>, Sh::tile>(
            state, c, [](const ScanArgs<T> &a, TileState<FlagValue<T>> ts, unsigned blocks) {
                scan_single_pass_kernel<T, OpSum, kSegFlags, false, Sh>
                    <<<blocks, Sh::threads, 0, g_stream>>>(a, ts);
            });
    } else {
        run_variant<T, T, Sh::tile>(state, c,
                                    [](const ScanArgs<T> &a, TileState<T> ts, unsigned blocks) {
                                        scan_single_pass_kernel<T, OpSum, kSegNone, false, Sh>
                                            <<<blocks, Sh::threads, 0, g_stream>>>(a, ts);
                                    });
    }
}

// The bulk-copy kernel with shape Sh (plain scans only).
template <class T, class Sh> void run_bulk(benchmark::State &state, const CaseId &c) {
    using namespace sweep_gpu;
    run_variant<T, T, Sh::tile>(
        state, c, [](const ScanArgs<T> &a, TileState<T> ts, unsigned blocks) {
            scan_bulk_kernel<T, OpSum, Sh><<<blocks, Sh::threads, 0, g_stream>>>(a, ts);
        });
}

using CaseRun = void (*)(benchmark::State &, const CaseId &);

struct ShapeVariant {
    std::string impl;
    Primitive primitive;
    sweep_dtype dtype;
    CaseRun run;
};

template <class T> sweep_dtype dtype_of() {
    return sizeof(T) == 4 ? SWEEP_U32 : SWEEP_U64;
}

// The single-pass kernel: the built-in shapes of each form and element size, and the
// shapes they were chosen against.
template <class T> void add_tile_variants(std::vector<ShapeVariant> &v) {
    using namespace sweep_gpu;
    const sweep_dtype dt = dtype_of<T>();
    typedef ScanShape<T, kSegNone> Plain;
    typedef ScanShape<T, kSegFlags> Flags;
    v.push_back({shape_name<Plain>("tile"), Primitive::Scan, dt, run_tile<T, Plain>});
    v.push_back({shape_name<Flags>("tile"), Primitive::SegmentedScan, dt, run_tile<T, Flags>});
    typedef TileShape<256, 16, 6> Wide16;
    typedef TileShape<128, 24, 10> Narrow24;
    typedef TileShape<256, 16, 6, 0, true> Wide16Streaming;
    v.push_back({shape_name<Wide16>("tile"), Primitive::SegmentedScan, dt, run_tile<T, Wide16>});
    v.push_back(
        {shape_name<Narrow24>("tile"), Primitive::SegmentedScan, dt, run_tile<T, Narrow24>});
    v.push_back(
        {shape_name<Wide16Streaming>("tile"), Primitive::Scan, dt, run_tile<T, Wide16Streaming>});
}

// The bulk-copy kernel: the built-in large and small shapes, the large one without
// its L2 prefetch, and one more shape per element size.
template <class T> void add_bulk_variants(std::vector<ShapeVariant> &v) {
    using namespace sweep_gpu;
    const sweep_dtype dt = dtype_of<T>();
    typedef BulkScanLarge<T> Large;
    typedef BulkScanSmall<T> Small;
    typedef PrefetchAt<Large, 0> LargeNear;
    typedef typename std::conditional<sizeof(T) == 4, BulkScanShape<T, 128, 52, 4, true>,
                                      BulkScanShape<T, 128, 22, 6, true>>::type Other;
    v.push_back(
        {shape_name<Large>("bulk", !Large::staged), Primitive::Scan, dt, run_bulk<T, Large>});
    v.push_back(
        {shape_name<Small>("bulk", !Small::staged), Primitive::Scan, dt, run_bulk<T, Small>});
    v.push_back({shape_name<LargeNear>("bulk", !LargeNear::staged), Primitive::Scan, dt,
                 run_bulk<T, LargeNear>});
    v.push_back(
        {shape_name<Other>("bulk", !Other::staged), Primitive::Scan, dt, run_bulk<T, Other>});
}

bool selected_dtype(const Options &o, Primitive p, sweep_dtype dt) {
    for (sweep_dtype d : dtypes_for(o, p))
        if (d == dt) return true;
    return false;
}

} // namespace

std::string register_scan_shape_variants(const Options &o) {
    int count = 0;
    cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess || count == 0)
        return std::string("scan shapes: no device (") +
               (e != cudaSuccess ? cudaGetErrorString(e) : "0 devices") + ")";
    if (cudaStreamCreateWithFlags(&g_stream, cudaStreamNonBlocking) != cudaSuccess)
        return "scan shapes: no stream";
    std::vector<ShapeVariant> variants;
    add_tile_variants<std::uint32_t>(variants);
    add_tile_variants<std::uint64_t>(variants);
    add_bulk_variants<std::uint32_t>(variants);
    add_bulk_variants<std::uint64_t>(variants);
    int registered = 0;
    for (const ShapeVariant &v : variants) {
        if (!wants_primitive(o, v.primitive) || !selected_dtype(o, v.primitive, v.dtype)) continue;
        for (std::size_t n : sizes_for(o, v.primitive, Device::Gpu, false)) {
            CaseId c{v.primitive, v.dtype, n, v.impl, Device::Gpu, true};
            c.variant = default_variant(v.primitive); // the cell of sweep's default rows
            const CaseRun run = v.run;
            register_case(c, [c, run](benchmark::State &state) { run(state, c); });
            ++registered;
        }
    }
    return "scan shapes: " + std::to_string(registered) + " variant cases";
}

} // namespace sweepbench
