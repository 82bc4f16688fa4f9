# peers_rocprim.cmake -- the HIP peers of sweep-bench (rocPRIM from Debian's
# librocprim-dev, and hipMemcpy as the bandwidth reference; the code is
# peers_hip.hip) compiled by hipcc for whoever has an AMD GPU.
#
# Included by benchmarks/CMakeLists.txt after add_executable(sweep-bench) when
# SWEEP_ENABLE_HIP is on. CMake 3.25's HIP language cannot use Debian's hipcc (it
# looks for hip-lang under <root>/lib/cmake, Debian has it under lib/<multiarch>/cmake),
# so hipcc runs from a custom command, with the hipcc, runtime and offload targets that
# backends/hip/CMakeLists.txt found (SWEEP_HIPCC, SWEEP_AMDHIP64,
# SWEEP_HIP_ARCHITECTURES).
if(NOT SWEEP_HIPCC OR NOT SWEEP_AMDHIP64)
  message(FATAL_ERROR "peers_rocprim.cmake: include it only with SWEEP_ENABLE_HIP=ON")
endif()
find_path(SWEEP_ROCPRIM_INCLUDE_DIR rocprim/rocprim.hpp
  DOC "rocPRIM headers (apt-get install librocprim-dev)")
if(NOT SWEEP_ROCPRIM_INCLUDE_DIR)
  message(FATAL_ERROR "sweep-bench with SWEEP_ENABLE_HIP=ON needs rocPRIM: "
                      "apt-get install librocprim-dev")
endif()
find_path(SWEEP_BENCHMARK_INCLUDE_DIR benchmark/benchmark.h DOC "Google Benchmark headers")

set(_rocprim_flags -x hip -std=c++17 -O3 -DNDEBUG -fPIC -Wall -Wextra
    -I${CMAKE_CURRENT_SOURCE_DIR} -I${PROJECT_SOURCE_DIR}/include -I${PROJECT_BINARY_DIR}/include)
# /usr/include as an -I would come before the C++ library's own headers and break
# their #include_next: add only folders the compiler does not search already.
foreach(dir IN ITEMS ${SWEEP_ROCPRIM_INCLUDE_DIR} ${SWEEP_BENCHMARK_INCLUDE_DIR})
  if(NOT dir STREQUAL "/usr/include")
    list(APPEND _rocprim_flags -I${dir})
  endif()
endforeach()
if(SWEEP_WERROR)
  list(APPEND _rocprim_flags -Werror)
endif()
foreach(arch IN LISTS SWEEP_HIP_ARCHITECTURES)
  list(APPEND _rocprim_flags --offload-arch=${arch})
endforeach()

set(_rocprim_obj ${CMAKE_CURRENT_BINARY_DIR}/peers_hip.o)
add_custom_command(
  OUTPUT ${_rocprim_obj}
  COMMAND ${SWEEP_HIPCC} ${_rocprim_flags} -MD -MF ${_rocprim_obj}.d
          -c ${CMAKE_CURRENT_SOURCE_DIR}/peers_hip.hip -o ${_rocprim_obj}
  DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/peers_hip.hip
  DEPFILE ${_rocprim_obj}.d
  COMMENT "hipcc peers_hip.hip (rocPRIM; ${SWEEP_HIP_ARCHITECTURES})"
  VERBATIM)
set_source_files_properties(${_rocprim_obj} PROPERTIES EXTERNAL_OBJECT TRUE GENERATED TRUE)
target_sources(sweep-bench PRIVATE ${_rocprim_obj})
target_link_libraries(sweep-bench PRIVATE ${SWEEP_AMDHIP64})
target_compile_definitions(sweep-bench PRIVATE SWEEP_BENCH_HAVE_HIP)
