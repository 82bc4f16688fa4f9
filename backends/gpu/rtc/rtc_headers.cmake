# The device headers that run-time compiled programs include (NVRTC for the CUDA
# plugin, hipRTC for the HIP one): one list for both, so they cannot drift. Each is
# embedded under its path below backends/ ("gpu/util/compat.cuh"), the name the
# headers include one another by.
# Defines sweep_rtc_embed(<out>): a custom command writing <out>, a C++ source that
# holds their text (rtc_embed.cmake), regenerated whenever one of them changes.
set(SWEEP_RTC_HEADERS
  gpu/util/compat.cuh gpu/rtc/rtc_std.cuh gpu/util/ops.cuh gpu/util/bulk_copy.cuh
  gpu/util/elem_copy.cuh gpu/util/merge_cmp.cuh
  gpu/warp/warp_scan.cuh
  gpu/block/block_scan.cuh gpu/block/segment_heads.cuh gpu/block/block_merge.cuh
  gpu/block/block_sort.cuh gpu/block/value_gather.cuh
  gpu/tuning/shapes.cuh gpu/tuning/sm90.cuh gpu/tuning/defaults.cuh gpu/tuning/tuning.cuh
  gpu/tuning/rtc_scan_tuning.cuh
  gpu/device/lookback.cuh gpu/device/scan_single_pass.cuh gpu/device/tile_scan_kernels.cuh
  gpu/device/tile_sort.cuh gpu/device/merge_path.cuh gpu/device/gather_search.cuh
  gpu/rtc/rtc_elem.cuh gpu/rtc/rtc_signature.cuh gpu/rtc/rtc_op_program.cuh
  gpu/rtc/rtc_sort_kernels.cuh gpu/rtc/rtc_cmp_program.cuh)
set(SWEEP_RTC_HEADER_ROOT ${PROJECT_SOURCE_DIR}/backends)
list(TRANSFORM SWEEP_RTC_HEADERS PREPEND ${SWEEP_RTC_HEADER_ROOT}/)
set(SWEEP_RTC_EMBED_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/rtc_embed.cmake)

function(sweep_rtc_embed out)
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DOUT=${out} "-DHEADERS=${SWEEP_RTC_HEADERS}"
            -DROOT=${SWEEP_RTC_HEADER_ROOT} -P ${SWEEP_RTC_EMBED_SCRIPT}
    DEPENDS ${SWEEP_RTC_HEADERS} ${SWEEP_RTC_EMBED_SCRIPT}
    COMMENT "Embedding the run-time compiled device headers"
    VERBATIM)
endfunction()
