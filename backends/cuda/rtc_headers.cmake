# The device headers that run-time compiled programs include (NVRTC for the CUDA
# plugin, hipRTC for the HIP one): one list for both, so they cannot drift.
# Defines sweep_rtc_embed(<out>): a custom command writing <out>, a C++ source that
# holds their text (rtc_embed.cmake), regenerated whenever one of them changes.
set(SWEEP_RTC_HEADERS
  gpu_compat.cuh rtc_std.cuh gpu_ops.cuh warp_scan.cuh block_scan.cuh bulk_copy.cuh lookback.cuh
  segment_heads.cuh scan_single_pass.cuh tile_scan_kernels.cuh elem_copy.cuh merge_path.cuh
  rtc_elem.cuh rtc_signature.cuh rtc_scan_tuning.cuh rtc_op_program.cuh rtc_sort_kernels.cuh
  rtc_cmp_program.cuh merge_cmp.cuh block_merge.cuh value_gather.cuh block_sort.cuh)
list(TRANSFORM SWEEP_RTC_HEADERS PREPEND ${PROJECT_SOURCE_DIR}/backends/gpu/)
set(SWEEP_RTC_EMBED_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/rtc_embed.cmake)

function(sweep_rtc_embed out)
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DOUT=${out} "-DHEADERS=${SWEEP_RTC_HEADERS}"
            -P ${SWEEP_RTC_EMBED_SCRIPT}
    DEPENDS ${SWEEP_RTC_HEADERS} ${SWEEP_RTC_EMBED_SCRIPT}
    COMMENT "Embedding the run-time compiled device headers"
    VERBATIM)
endfunction()
