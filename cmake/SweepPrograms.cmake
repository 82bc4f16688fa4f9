# sweep_install_executable(<target>): installs a program into the bin folder with an
# rpath relative to itself ($ORIGIN/../lib, or whatever CMAKE_INSTALL_BINDIR and
# CMAKE_INSTALL_LIBDIR make it), so the installed program finds the libsweep it came
# with, also after `cmake --install --prefix <anywhere>` or a move of the whole prefix,
# without LD_LIBRARY_PATH. libsweep then finds its plugins next to itself.
function(sweep_install_executable target)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
    set(rpath "${CMAKE_INSTALL_LIBDIR}")
  else()
    set(bindir "${CMAKE_INSTALL_BINDIR}")
    if(IS_ABSOLUTE "${bindir}")
      set(rpath "${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}")
    else()
      file(RELATIVE_PATH rel "/p/${bindir}" "/p/${CMAKE_INSTALL_LIBDIR}")
      set(rpath "$ORIGIN/${rel}")
    endif()
  endif()
  set_target_properties(${target} PROPERTIES INSTALL_RPATH "${rpath}")
  install(TARGETS ${target} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endfunction()
