# `cmake --install build --prefix P` of the command line: bin/loom-sim, its man page
# share/man/man1/loom-sim.1 (made by help2man from the built binary's --help texts) and
# its bash completion share/bash-completion/completions/loom-sim (where bash-completion
# loads it from for the prefixes ~/.local, /usr/local and /usr; for another, PREFIX/share
# in XDG_DATA_DIRS). Included by install.cmake, which installs the libraries for embedding.
# The installed binary keeps the run path to the shared libraries outside the system's
# directories that it links (MLIR 22's libMLIR.so in /usr/lib/llvm-22/lib); CMake's
# default drops the build tree's run path and with it that one.
set_target_properties(loom-sim PROPERTIES INSTALL_RPATH_USE_LINK_PATH TRUE)
install(TARGETS loom-sim RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${PROJECT_SOURCE_DIR}/cli/completion/loom-sim.bash
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME loom-sim)

# The man page needs help2man (scripts/install-deps.sh); without it the build and the
# install go on without the page.
find_program(HELP2MAN help2man)
if(HELP2MAN)
  set(LOOM_SIM_MAN ${CMAKE_BINARY_DIR}/loom-sim.1)
  add_custom_command(OUTPUT ${LOOM_SIM_MAN}
                     COMMAND ${CMAKE_COMMAND} -DLOOM_SIM=$<TARGET_FILE:loom-sim> -DHELP2MAN=${HELP2MAN}
                             -DOUT=${LOOM_SIM_MAN} -P ${CMAKE_CURRENT_LIST_DIR}/loom_sim_man.cmake
                     DEPENDS loom-sim ${CMAKE_CURRENT_LIST_DIR}/loom_sim_man.cmake
                     COMMENT "Generating the man page loom-sim.1 (help2man)"
                     VERBATIM)
  add_custom_target(loom-sim-man ALL DEPENDS ${LOOM_SIM_MAN})
  install(FILES ${LOOM_SIM_MAN} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
else()
  message(WARNING "help2man not found: the man page loom-sim.1 is neither built nor installed "
                  "(bash scripts/install-deps.sh installs help2man)")
endif()
