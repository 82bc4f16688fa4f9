# sweep_add_plugin(<name> SOURCES ...): a backend plugin libsweep-<name>.so that the
# core's loader finds next to libsweep (build tree and install tree alike).
function(sweep_add_plugin name)
  cmake_parse_arguments(P "" "" "SOURCES" ${ARGN})
  set(target sweep-${name})
  add_library(${target} MODULE ${P_SOURCES})
  set_target_properties(${target} PROPERTIES
    PREFIX "lib" OUTPUT_NAME "sweep-${name}"
    C_VISIBILITY_PRESET hidden CXX_VISIBILITY_PRESET hidden CUDA_VISIBILITY_PRESET hidden
    LIBRARY_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/lib)
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/include
                                               ${PROJECT_SOURCE_DIR}/backends)
  sweep_target_warnings(${target})
  install(TARGETS ${target} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
  # The suite and tools run plugins from the build tree: build them with everything.
  set_property(GLOBAL APPEND PROPERTY SWEEP_PLUGIN_TARGETS ${target})
endfunction()
