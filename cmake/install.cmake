# `cmake --install build --prefix P`: the libraries a user's SystemC model links to embed
# a kernel (embed/loomsim.h, docs/systemc.md "Installing"), the headers they include, and
# the package config: find_package(loomsim) + target_link_libraries(app loomsim::loomsim).
# Every library is static; the exported targets keep the link lists, so loomsim::loomsim
# brings the rest, and the config finds their dependencies (SystemC, Boost, spdlog,
# nlohmann_json, MLIR 22) like this project's CMakeLists.txt does.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(LOOMSIM_LIBRARIES
    loom_support loom_ops loom_ir loom_eval loom_verify loom_upgrade loom_frontend loom_interp
    loom_models loom_dfg loom_dfg_text loom_dfg_loom loom_analysis loom_lowering loom_sim loom_systemc
    loom_rtl loom_rtl_twin loom_harness loom_terminal loom_gtkwave_fst loom_traces loom_host
    loom_embed)
install(TARGETS ${LOOMSIM_LIBRARIES} EXPORT loomsimTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/loomsim)
# The headers keep the repository's layout: #include "embed/loomsim.h", "ir/ir.h".
foreach(dir support ops ir eval verify frontend interp models dfg analysis lowering sim systemc rtl harness terminal traces
            host embed)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${dir}/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/loomsim/${dir}
          FILES_MATCHING PATTERN "*.h" PATTERN "*.def")
endforeach()
install(EXPORT loomsimTargets NAMESPACE loomsim:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/loomsim)
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/loomsimConfig.cmake.in
                              ${CMAKE_BINARY_DIR}/loomsimConfig.cmake
                              INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/loomsim)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/loomsimConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/loomsimConfig.cmake ${CMAKE_BINARY_DIR}/loomsimConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/loomsim)
# The executable, its man page and its bash completion.
include(${CMAKE_CURRENT_LIST_DIR}/install_tool.cmake)
