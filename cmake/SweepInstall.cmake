# Install rules: libsweep, the public headers, an exported CMake package (sweep::sweep)
# and sweep.pc for pkg-config. Plugins install themselves next to libsweep
# (SweepPlugin.cmake), where the loader looks first. Installed programs
# (sweep_install_executable, SweepPrograms.cmake) find libsweep through a relative rpath.
include(CMakePackageConfigHelpers)
install(TARGETS sweep EXPORT sweepTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${PROJECT_SOURCE_DIR}/include/sweep/sweep.h ${PROJECT_SOURCE_DIR}/include/sweep/backend.h
              ${PROJECT_BINARY_DIR}/include/sweep/sweep_version.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/sweep)
# The distributed primitives' header (libsweep has them; the communicators are plugins).
install(FILES ${PROJECT_SOURCE_DIR}/include/sweep/sweep_dist.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/sweep)

set(SWEEP_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/sweep)
install(EXPORT sweepTargets NAMESPACE sweep:: DESTINATION ${SWEEP_INSTALL_CMAKEDIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/sweepConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/sweepConfig.cmake
  INSTALL_DESTINATION ${SWEEP_INSTALL_CMAKEDIR}
  PATH_VARS CMAKE_INSTALL_LIBDIR)
# Before 1.0 a minor release may change the API, so only the same minor is compatible.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/cmake/sweepConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/cmake/sweepConfig.cmake
              ${PROJECT_BINARY_DIR}/cmake/sweepConfigVersion.cmake
  DESTINATION ${SWEEP_INSTALL_CMAKEDIR})

# sweep.pc finds its prefix from its own folder (${pcfiledir}), so the same file is
# right after `cmake --install --prefix <anywhere>` and inside a moved package.
function(sweep_pc_path out dir)
  if(IS_ABSOLUTE "${dir}")
    set(${out} "${dir}" PARENT_SCOPE)
  else()
    set(${out} "\${prefix}/${dir}" PARENT_SCOPE)
  endif()
endfunction()
if(NOT IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  file(RELATIVE_PATH _sweep_pc_up "/p/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/p")
  string(REGEX REPLACE "/$" "" _sweep_pc_up "${_sweep_pc_up}")
  set(SWEEP_PC_PREFIX "\${pcfiledir}/${_sweep_pc_up}")
else()
  set(SWEEP_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
endif()
sweep_pc_path(SWEEP_PC_LIBDIR "${CMAKE_INSTALL_LIBDIR}")
sweep_pc_path(SWEEP_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
configure_file(${PROJECT_SOURCE_DIR}/cmake/sweep.pc.in ${PROJECT_BINARY_DIR}/cmake/sweep.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/cmake/sweep.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
