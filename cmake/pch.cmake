# Precompiled headers (LOOM_PCH, on by default): the files of a target that all include
# the same heavy headers (CLI11, Boost.Graph, SystemC, mostly through the project's own
# headers) parse them once instead of once per file. A target has one only where that
# measured faster (docs/performance.md, "First build"): none of the MLIR ones, whose
# files share too little of MLIR's headers.
#
# loom_precompile_headers(TARGET HEADERS h... [SKIP file.cpp...]) names headers that
# every file of TARGET but the SKIP ones already includes itself, directly or through
# other headers. Then the precompiled header makes nothing visible to a file that its own
# includes do not (only earlier), and a build with -DLOOM_PCH=OFF compiles the files as
# they are. ctest layering.pch_included checks that rule on the build's compile commands.
option(LOOM_PCH "Precompile the headers every file of a heavy target includes" ON)
# CMake's GCC prologue marks the precompiled header a system header, which would hide
# the project's own headers in it from -Wall -Werror.
set(CMAKE_PCH_PROLOGUE "")

function(loom_precompile_headers target)
  cmake_parse_arguments(PCH "" "" "HEADERS;SKIP" ${ARGN})
  if(NOT LOOM_PCH)
    return()
  endif()
  list(TRANSFORM PCH_HEADERS PREPEND ${PROJECT_SOURCE_DIR}/ REGEX "^[^<]")
  target_precompile_headers(${target} PRIVATE ${PCH_HEADERS})
  if(PCH_SKIP)
    set_source_files_properties(${PCH_SKIP} PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
  endif()
endfunction()
