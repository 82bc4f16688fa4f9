# The distributed primitives' communicator plugins. libsweep always has the
# distributed API (core/dist) and links neither MPI nor NCCL; each communicator is a
# plugin built when its toolchain is found: libsweep-comm-mpi.so over MPI (CPU
# contexts), libsweep-comm-nccl.so over NCCL (CUDA contexts). What is left out, and
# why, is printed here and compiled into libsweep for sweep_dist_query().
option(SWEEP_ENABLE_DIST "Build the MPI and NCCL communicator plugins of the distributed primitives" ON)

set(SWEEP_DIST_MPI OFF)
set(SWEEP_DIST_NCCL OFF)
set(SWEEP_DIST_MPI_NOTE "")
set(SWEEP_DIST_NCCL_NOTE "")
if(NOT SWEEP_ENABLE_DIST)
  set(SWEEP_DIST_MPI_NOTE "sweep was configured with SWEEP_ENABLE_DIST=OFF")
  set(SWEEP_DIST_NCCL_NOTE "sweep was configured with SWEEP_ENABLE_DIST=OFF")
else()
  find_package(MPI COMPONENTS C QUIET)
  if(MPI_C_FOUND)
    set(SWEEP_DIST_MPI ON)
  else()
    set(SWEEP_DIST_MPI_NOTE
        "MPI was not found when sweep was configured (Debian: libopenmpi-dev openmpi-bin)")
  endif()
  if(SWEEP_ENABLE_CUDA)
    find_package(CUDAToolkit QUIET)
    find_path(SWEEP_NCCL_INCLUDE_DIR nccl.h
              HINTS ${CUDAToolkit_INCLUDE_DIRS} /usr/local/cuda/include)
    find_library(SWEEP_NCCL_LIBRARY nccl
                 HINTS ${CUDAToolkit_LIBRARY_DIR} /usr/local/cuda/lib64)
    if(CUDAToolkit_FOUND AND SWEEP_NCCL_INCLUDE_DIR AND SWEEP_NCCL_LIBRARY)
      set(SWEEP_DIST_NCCL ON)
    else()
      set(SWEEP_DIST_NCCL_NOTE "NCCL (nccl.h and libnccl) was not found when sweep was configured")
    endif()
  else()
    set(SWEEP_DIST_NCCL_NOTE
        "sweep was configured without the CUDA backend (SWEEP_ENABLE_CUDA=OFF), so without NCCL")
  endif()
endif()

foreach(_kind MPI NCCL)
  if(SWEEP_DIST_${_kind})
    message(STATUS "sweep: distributed primitives over ${_kind}: yes")
  else()
    message(STATUS "sweep: distributed primitives over ${_kind}: left out (${SWEEP_DIST_${_kind}_NOTE})")
  endif()
endforeach()

# sweep_add_comm_plugin(<name> SOURCES ...): libsweep-comm-<name>.so next to libsweep.
function(sweep_add_comm_plugin name)
  cmake_parse_arguments(P "" "" "SOURCES" ${ARGN})
  sweep_add_plugin(comm-${name} SOURCES ${P_SOURCES})
  target_include_directories(sweep-comm-${name} PRIVATE ${PROJECT_SOURCE_DIR}/core/dist)
  target_compile_definitions(sweep-comm-${name} PRIVATE _GNU_SOURCE)
endfunction()

# How the mpirun tests run (tests/dist, examples): Open MPI allows more ranks than cores
# and root only when told (other MPIs ignore these variables); one OpenMP thread a rank,
# waiting passively (ranks share the cores); a user's SWEEP_* settings must not change
# what a test means. Under AddressSanitizer the mpirun tests check memory errors but not
# leaks: Open MPI keeps memory from MPI_Init in components it unloads, which LeakSanitizer
# can neither name nor suppress (sweep's own leaks are the rest of the suite's business).
# Under ThreadSanitizer they are not run: Open MPI's threads are not instrumented.
set(SWEEP_DIST_TESTS ${SWEEP_DIST_MPI})
if(CMAKE_C_FLAGS MATCHES "sanitize=thread")
  set(SWEEP_DIST_TESTS OFF)
  message(STATUS "sweep: the mpirun tests are not run under ThreadSanitizer")
endif()
set(SWEEP_MPI_TEST_ENV
    "OMPI_MCA_rmaps_base_oversubscribe=set:1;OMPI_ALLOW_RUN_AS_ROOT=set:1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=set:1;OMP_NUM_THREADS=set:1;OMP_WAIT_POLICY=set:passive;SWEEP_GENERIC=unset:;SWEEP_PLUGIN_PATH=unset:")
if(CMAKE_C_FLAGS MATCHES "sanitize=address")
  string(APPEND SWEEP_MPI_TEST_ENV ";ASAN_OPTIONS=string_append::detect_leaks=0")
endif()
