/*
 * tuning.cuh -- the block shapes the algorithms are compiled with, from the tuning
 * table of the build's target architecture (sm90.cuh, defaults.cuh), under the names
 * the algorithms and the launch code use.
 *
 * One table per build, never one per device pass: the host code sizes launches and
 * scratch from the very constants the kernels were compiled with, and nvcc and hipcc
 * compile the host code once for all device targets of a build. So the table follows
 * the build's target architecture as the build names it, the same in every pass:
 * - CUDA: SWEEP_GPU_TUNING_SM, the first architecture of CMAKE_CUDA_ARCHITECTURES
 *   (backends/gpu/gpu_sources.cmake): 90 takes TuningSm90, others
 *   TuningNvidiaDefault. Run-time compiled programs are compiled with the plugin's
 *   value (rtc/rtc_program.cpp), so their kernels have the shapes the plugin
 *   launches whatever the device.
 * - HIP: TuningAmdDefault, for every gfx target of the build.
 * The choices made per device at run time (tiles of the generic path, the sizes at
 * which algorithms change) are device_tuning.h's.
 */
#ifndef SWEEP_GPU_TUNING_CUH
#define SWEEP_GPU_TUNING_CUH

#include "gpu/tuning/defaults.cuh"

namespace sweep_gpu {

#if defined(__HIPCC__) || defined(__HIPCC_RTC__)
typedef TuningAmdDefault BuildTuning;
#elif defined(SWEEP_GPU_TUNING_SM) && SWEEP_GPU_TUNING_SM == 90
typedef TuningSm90 BuildTuning;
#else
typedef TuningNvidiaDefault BuildTuning;
#endif

/* Scans (device/scan_single_pass.cuh, device/scan_bulk.cuh): plain and segmented. */
template <class T> struct ScanTuning : BuildTuning::Scan<T> {};
template <class T> struct SegScanTuning : BuildTuning::SegScan<T> {};
/* The dedicated segmented reduction by offsets (device/segreduce_kernel.cuh). */
template <class T> struct SegReduceTuning : BuildTuning::SegReduce<T> {};
template <class T> struct BulkScanLarge : BuildTuning::BulkScanLarge<T> {};
template <class T> struct BulkScanSmall : BuildTuning::BulkScanSmall<T> {};

/* Split and compaction (device/split_kernels.cuh, device/split_resident.cuh). */
template <class E, class Vt> struct SplitTuning : BuildTuning::Split<E, Vt> {};
template <class E> struct ResidentTuning : BuildTuning::Resident<E> {};

/* Radix sort (device/radix_onesweep.cuh, device/radix_hybrid.cuh). */
template <class U, class Vt, bool V = !std::is_same<Vt, NoValue>::value>
struct OnesweepTuning : BuildTuning::Onesweep<U, Vt, V> {};
/* The passes' shape for up to kOnesweepSmallMax keys. */
template <class U, class Vt, bool V = !std::is_same<Vt, NoValue>::value>
struct OnesweepSmallTuning : BuildTuning::OnesweepSmall<U, Vt, V> {};
constexpr size_t kOnesweepSmallMax = BuildTuning::onesweep_small_max;
typedef BuildTuning::LocalSmall LocalSmall;
typedef BuildTuning::LocalLarge LocalLarge;
__host__ __device__ constexpr unsigned run_bits(bool values) {
    return BuildTuning::run_bits(values);
}

/* Merge sort and merge (device/tile_sort.cuh, device/merge_path.cuh,
 * rtc/rtc_sort_kernels.cuh). */
constexpr int kSortThreads = BuildTuning::sort_threads;
__host__ __device__ constexpr int sort_items(size_t key_size) {
    return BuildTuning::sort_items(key_size);
}
__host__ __device__ constexpr int sort_min_blocks(size_t key_size, bool values) {
    return BuildTuning::sort_min_blocks(key_size, values);
}
template <class Key, bool VALUES = false>
struct SortShape
    : BlockShape<kSortThreads, sort_items(sizeof(Key)), sort_min_blocks(sizeof(Key), VALUES)> {};
__host__ __device__ constexpr int rtc_sort_min_blocks(size_t key_size, bool values, bool fast) {
    return BuildTuning::rtc_sort_min_blocks(key_size, values, fast);
}
constexpr int kRtcWideSortThreads = BuildTuning::rtc_wide_sort_threads;
constexpr int kRtcWideSortMinBlocks = BuildTuning::rtc_wide_sort_min_blocks;

/* Segmented sort (device/segsort_*.cuh, host/segmented_sort.cu). */
typedef BuildTuning::SegSmall SegSmall;
typedef BuildTuning::SegSmallWide SegSmallWide;
typedef BuildTuning::SegLarge SegLarge;
constexpr unsigned kSegFewLarge = BuildTuning::seg_few_large;
constexpr size_t kSegWholeMin = BuildTuning::seg_whole_min;

} // namespace sweep_gpu

#endif /* SWEEP_GPU_TUNING_CUH */
