/*
 * histogram.cu -- the histogram kernel of the table (device/histogram_kernels.cuh)
 * for every sample dtype: a few blocks per SM, counters privatised in shared memory
 * (a copy per warp where they fit several times) where the bins fit and no block can
 * count 2^32 samples, global atomics otherwise.
 */
#include "gpu/device/histogram_kernels.cuh"
#include "gpu/host/gpu_backend.h"
#include "gpu/host/launch.cuh"

using namespace sweep_gpu;

/* Shared counters a block may privatise: within the 48 KB every device gives a block
 * without raising the kernel's limit. */
static const size_t kHistSharedBytes = 48 * 1024;
/* Blocks an SM at most: enough that the loads in flight fill the memory system,
 * each with its counters merged into the global counts at the end. On the H100, u32
 * samples at 2^28: 8 blocks 738 us, 4 blocks 798, 2 blocks 1039. */
static const int kHistBlocksPerSm = 8;

template <class T> static sweep_status histogram_run(sweep_gpu_handle *h, HistArgs a) {
    constexpr size_t VEC = sizeof(T) < 16 ? 16 / sizeof(T) : 1;
    const size_t step = (size_t)kHistThreads * VEC * kHistUnroll; /* a block's samples a step */
    const size_t bins_bytes = (size_t)a.bins.bins * sizeof(unsigned);
    const bool fits = a.bins.bins <= kHistSharedBytes / sizeof(unsigned);
    /* a copy of the counters per warp where they fit, fewer where they do not */
    unsigned replicas = kHistMaxReplicas;
    while (replicas > 1 && (!fits || replicas * bins_bytes > kHistSharedBytes))
        replicas /= 2;
    const size_t smem = fits ? replicas * bins_bytes : 0;
    /* as many blocks as the SM's shared memory holds (a block reserves 1 KB besides its
     * own), at most kHistBlocksPerSm */
    size_t fit = kHistBlocksPerSm;
    if (smem && h->smem_per_sm / (smem + 1024) < fit) fit = h->smem_per_sm / (smem + 1024);
    if (fit < 1) fit = 1;
    const size_t sms = (size_t)(h->sm_count > 0 ? h->sm_count : 1);
    size_t grid = (a.n + step - 1) / step;
    if (grid > sms * (size_t)fit) grid = sms * (size_t)fit;
    if (grid < 1) grid = 1;
    /* the most samples one block counts: its vectors, plus the few before the first
     * 16-byte boundary and after the last vector */
    const size_t per_thread_vectors = (a.n / VEC + grid * kHistThreads - 1) / (grid * kHistThreads);
    const size_t per_block = per_thread_vectors * VEC * kHistThreads + 2 * VEC;
    a.privatised = fits && per_block < 0xffffffffull;
    a.replicas = replicas;
    SWEEP_GPU_LAUNCH(h, "histogram", histogram_kernel<T>, (unsigned)grid, kHistThreads,
                     a.privatised ? smem : 0, a);
    return SWEEP_OK;
}

sweep_status sweep_gpu_histogram(void *hv, const sweep_khist *hist, const void *samples, size_t n,
                                 void *counts) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_GPU_ENTER(h);
    HistArgs a;
    a.bins.range_form = hist->form == SWEEP_HIST_RANGE;
    a.bins.bins = hist->num_bins;
    a.bins.lower_key = hist->lower_key;
    a.bins.upper_key = hist->upper_key;
    a.bins.lower = hist->lower;
    a.bins.upper = hist->upper;
    a.bins.width = hist->width;
    a.bins.boundaries = hist->boundaries;
    a.samples = samples;
    a.n = n;
    a.counts = counts;
    a.wide = hist->count_dtype != SWEEP_U32;
    a.privatised = 0;
    a.replicas = 1;
    switch (hist->sample_dtype) {
    case SWEEP_I8: return histogram_run<int8_t>(h, a);
    case SWEEP_I16: return histogram_run<int16_t>(h, a);
    case SWEEP_I32: return histogram_run<int32_t>(h, a);
    case SWEEP_I64: return histogram_run<long long>(h, a);
    case SWEEP_U8: return histogram_run<uint8_t>(h, a);
    case SWEEP_U16: return histogram_run<uint16_t>(h, a);
    case SWEEP_U32: return histogram_run<uint32_t>(h, a);
    case SWEEP_U64: return histogram_run<unsigned long long>(h, a);
    case SWEEP_F32: return histogram_run<float>(h, a);
    case SWEEP_F64: return histogram_run<double>(h, a);
    default: return sweep_gpu_report(h, SWEEP_ERR_INVALID_ARGUMENT, "histogram: sample dtype");
    }
}
