# One step of the install test (cmake -P); STEP is prefix, find_package, pkg_config or
# readme. Every command's output is kept and shown when it fails.
cmake_minimum_required(VERSION 3.25)

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    string(JOIN " " command ${ARGN})
    message(FATAL_ERROR "${what} failed (${rc}):\n  ${command}\n${out}")
  endif()
  set(run_output "${out}" PARENT_SCOPE)
endfunction()

# A plugin directory in the environment would let the consumer find plugins outside
# the prefix, hiding a broken install layout.
unset(ENV{SWEEP_PLUGIN_PATH})
unset(ENV{SWEEP_BACKEND})
# Installed programs must find libsweep by their rpath alone.
unset(ENV{LD_LIBRARY_PATH})
separate_arguments(c_flags UNIX_COMMAND "${C_FLAGS}")
separate_arguments(linker_flags UNIX_COMMAND "${LINKER_FLAGS}")
set(work ${PREFIX}-${STEP})

if(STEP STREQUAL "prefix")
  file(REMOVE_RECURSE ${PREFIX})
  run("cmake --install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${PREFIX})
  string(REPLACE "," ";" plugin_files "${PLUGIN_FILES}")
  list(TRANSFORM plugin_files PREPEND ${LIBDIR}/)
  foreach(f ${plugin_files} ${LIBDIR}/cmake/sweep/sweepConfig.cmake ${LIBDIR}/cmake/sweep/sweepConfigVersion.cmake
            ${LIBDIR}/pkgconfig/sweep.pc ${PREFIX}/include/sweep/sweep.h
            ${PREFIX}/include/sweep/sweep_version.h ${LIBDIR}/libsweep.so.${SOVERSION})
    if(NOT EXISTS ${f})
      message(FATAL_ERROR "the install lacks ${f}")
    endif()
  endforeach()
  # The header's version is the project's (generated from CMakeLists.txt), and the
  # library's ABI name follows the compatibility promise: 0.MINOR before 1.0, else MAJOR.
  file(READ ${PREFIX}/include/sweep/sweep_version.h version_h)
  string(REGEX MATCH "SWEEP_VERSION_MAJOR ([0-9]+)" _ "${version_h}")
  set(major ${CMAKE_MATCH_1})
  string(REGEX MATCH "SWEEP_VERSION_MINOR ([0-9]+)" _ "${version_h}")
  set(minor ${CMAKE_MATCH_1})
  string(REGEX MATCH "SWEEP_VERSION_PATCH ([0-9]+)" _ "${version_h}")
  if(NOT "${major}.${minor}.${CMAKE_MATCH_1}" STREQUAL VERSION)
    message(FATAL_ERROR "sweep_version.h says ${major}.${minor}.${CMAKE_MATCH_1}, the project is ${VERSION}")
  endif()
  if(major EQUAL 0)
    set(want_so "${major}.${minor}")
  else()
    set(want_so "${major}")
  endif()
  if(NOT SOVERSION STREQUAL want_so)
    message(FATAL_ERROR "libsweep's SOVERSION is ${SOVERSION}, the promise asks for ${want_so}")
  endif()
  # The installed sweep-check starts from the prefix and runs (a quick family).
  if(EXISTS ${BINDIR}/sweep-check)
    run("the installed sweep-check" ${BINDIR}/sweep-check --backend serial --primitive errors)
  else()
    message(FATAL_ERROR "the install lacks ${BINDIR}/sweep-check")
  endif()

elseif(STEP STREQUAL "find_package")
  file(REMOVE_RECURSE ${work})
  set(configure ${CMAKE_COMMAND} -S ${CONSUMER_DIR} -B ${work} -G ${GENERATOR}
      -DCMAKE_PREFIX_PATH=${PREFIX} -DSWEEP_WANT_VERSION=${VERSION}
      -DCMAKE_C_COMPILER=${C_COMPILER} "-DCMAKE_C_FLAGS=${C_FLAGS}"
      "-DCMAKE_EXE_LINKER_FLAGS=${LINKER_FLAGS}")
  if(MAKE_PROGRAM)
    list(APPEND configure -DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM})
  endif()
  run("configuring the consumer" ${configure})
  run("building the consumer" ${CMAKE_COMMAND} --build ${work})
  run("running the consumer" ${work}/sweep_consumer ${PLUGINS})
  message(STATUS "${run_output}")

elseif(STEP STREQUAL "pkg_config")
  if(NOT PKG_CONFIG)
    message("SKIP: pkg-config was not found when this build was configured")
    return()
  endif()
  file(REMOVE_RECURSE ${work})
  file(MAKE_DIRECTORY ${work})
  set(ENV{PKG_CONFIG_PATH} ${LIBDIR}/pkgconfig)
  run("pkg-config --modversion sweep" ${PKG_CONFIG} --modversion sweep)
  string(STRIP "${run_output}" got)
  if(NOT got STREQUAL VERSION)
    message(FATAL_ERROR "pkg-config says sweep ${got}, the build is ${VERSION}")
  endif()
  run("pkg-config --cflags --libs sweep" ${PKG_CONFIG} --cflags --libs sweep)
  separate_arguments(pc_flags UNIX_COMMAND "${run_output}")
  run("compiling with pkg-config's flags" ${C_COMPILER} ${c_flags} -std=c11 -Wall -Wextra
      -Wpedantic -Werror ${CONSUMER_DIR}/sort_check.c ${pc_flags} ${linker_flags}
      -Wl,-rpath,${LIBDIR} -o ${work}/sweep_consumer)
  run("running the pkg-config consumer" ${work}/sweep_consumer ${PLUGINS})
  message(STATUS "${run_output}")

elseif(STEP STREQUAL "readme")
  # The README's first program and its CMakeLists.txt, as printed there (the first
  # ```c and ```cmake blocks), built against the prefix both ways the README shows.
  file(READ ${README} readme)
  foreach(lang c cmake)
    string(FIND "${readme}" "\n```${lang}\n" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "${README} has no ```${lang} block")
    endif()
    math(EXPR at "${at} + 5")
    string(LENGTH "${lang}" len)
    math(EXPR at "${at} + ${len}")
    string(SUBSTRING "${readme}" ${at} -1 rest)
    string(FIND "${rest}" "\n```" end)
    string(SUBSTRING "${rest}" 0 ${end} block_${lang})
  endforeach()
  file(REMOVE_RECURSE ${work})
  file(WRITE ${work}/first.c "${block_c}\n")
  file(WRITE ${work}/CMakeLists.txt "${block_cmake}\n")
  if(PKG_CONFIG)
    set(ENV{PKG_CONFIG_PATH} ${LIBDIR}/pkgconfig)
    run("pkg-config --cflags --libs sweep" ${PKG_CONFIG} --cflags --libs sweep)
    separate_arguments(pc_flags UNIX_COMMAND "${run_output}")
    run("compiling the README's first program" ${C_COMPILER} ${c_flags} -std=c11 -Wall -Wextra
        -Wpedantic -Werror ${work}/first.c ${pc_flags} ${linker_flags} -Wl,-rpath,${LIBDIR}
        -o ${work}/first)
    set(programs ${work}/first)
  endif()
  set(configure ${CMAKE_COMMAND} -S ${work} -B ${work}/build -G ${GENERATOR}
      -DCMAKE_PREFIX_PATH=${PREFIX} -DCMAKE_C_COMPILER=${C_COMPILER} "-DCMAKE_C_FLAGS=${C_FLAGS}"
      "-DCMAKE_EXE_LINKER_FLAGS=${LINKER_FLAGS}")
  if(MAKE_PROGRAM)
    list(APPEND configure -DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM})
  endif()
  run("configuring the README's CMakeLists.txt" ${configure})
  run("building the README's first program with CMake" ${CMAKE_COMMAND} --build ${work}/build)
  list(APPEND programs ${work}/build/first)
  foreach(program ${programs})
    run("running ${program}" ${program})
    if(NOT run_output MATCHES "^500500 on [a-z]+\n$")
      message(FATAL_ERROR "${program} printed \"${run_output}\", want \"500500 on <backend>\"")
    endif()
    message(STATUS "${run_output}")
    # A failure is explained: the program prints sweep_last_error() and exits 1.
    set(ENV{SWEEP_BACKEND} no-such-backend)
    execute_process(COMMAND ${program} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
    unset(ENV{SWEEP_BACKEND})
    if(NOT rc EQUAL 1 OR NOT out MATCHES "SWEEP_BACKEND=\"no-such-backend\"")
      message(FATAL_ERROR "${program} with SWEEP_BACKEND=no-such-backend: exit ${rc}, "
                          "output \"${out}\"; want exit 1 and sweep_last_error()'s message")
    endif()
  endforeach()

else()
  message(FATAL_ERROR "unknown STEP '${STEP}'")
endif()
