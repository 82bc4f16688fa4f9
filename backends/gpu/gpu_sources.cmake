# What both GPU plugins build from backends/gpu, each with its own compiler (nvcc for
# libsweep-cuda.so, hipcc for libsweep-hip.so) and around its own implementation of
# host/gpu_runtime.h (backends/cuda, backends/hip). One list, so the plugins cannot
# drift apart.

set(SWEEP_GPU_DIR ${CMAKE_CURRENT_LIST_DIR})

# Host code with kernels: the entries of the backend table, one family of kernels per
# file, so a 2-core build compiles them side by side; and the launches of the
# run-time compiled kernels of custom operators and comparators.
set(SWEEP_GPU_KERNEL_SOURCES
  host/tile_scan.cu
  host/reduce.cu
  host/scan.cu
  host/scan_plain.cu
  host/scan_flags.cu
  host/scan_offsets.cu
  host/scan_keys.cu
  host/scan_segreduce.cu
  host/split.cu
  host/radix.cu
  host/radix_basic.cu
  host/merge.cu
  host/gather_search.cu
  host/rtc_scan.cu
  host/rtc_merge.cu
  host/runs.cu
  host/histogram.cu
  host/offsets_check.cu
  host/segmented_sort.cu)
list(TRANSFORM SWEEP_GPU_KERNEL_SOURCES PREPEND ${SWEEP_GPU_DIR}/)

# Host code without kernels (plain C++ over gpu_runtime.h): the table and its device
# entries, error reports, the run-time tuning, the per-context and disk caches of
# run-time compiled programs, their text and images.
set(SWEEP_GPU_HOST_SOURCES
  host/table.cpp
  host/device.cpp
  host/errors.cpp
  tuning/device_tuning.cpp
  rtc/rtc_programs.cpp
  rtc/rtc_program.cpp
  rtc/rtc_image.cpp
  rtc/rtc_disk_cache.cpp)
list(TRANSFORM SWEEP_GPU_HOST_SOURCES PREPEND ${SWEEP_GPU_DIR}/)

# Host code over the runtime's own headers: the calls of the runtime interface whose
# CUDA and HIP forms differ in the runtime's prefix alone (util/compat.cuh's name map).
set(SWEEP_GPU_RUNTIME_SOURCES ${SWEEP_GPU_DIR}/host/runtime_common.cu)

# The dlopen search for a run-time compiler (NVRTC, hipRTC): plain C.
set(SWEEP_GPU_RTC_LIBRARY_SEARCH ${SWEEP_GPU_DIR}/rtc/rtc_library_search.c)

# The device headers run-time compiled programs include, and sweep_rtc_embed().
include(${SWEEP_GPU_DIR}/rtc/rtc_headers.cmake)

# sweep_gpu_tuning_sm(<var> <architectures>): the number of the first of a CUDA
# build's architectures ("90" of "90;80", "90a-real"): the build's compile-time
# tuning table (tuning/tuning.cuh), the same for every pass of the build and for the
# programs it compiles at run time. 0 where the first names no number ("native",
# "all"): the NVIDIA defaults.
function(sweep_gpu_tuning_sm var archs)
  list(GET archs 0 _first)
  string(REGEX MATCH "^[0-9]+" _sm "${_first}")
  if(NOT _sm)
    set(_sm 0)
  endif()
  set(${var} "${_sm}" PARENT_SCOPE)
endfunction()
