# Install rules: libsweep, the public headers, an exported CMake package (sweep::sweep)
# and sweep.pc for pkg-config. Plugins install themselves (SweepPlugin.cmake).
include(CMakePackageConfigHelpers)
install(TARGETS sweep EXPORT sweepTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${PROJECT_SOURCE_DIR}/include/sweep/sweep.h ${PROJECT_SOURCE_DIR}/include/sweep/backend.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/sweep)
install(EXPORT sweepTargets NAMESPACE sweep:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/sweep)
