# cmake -DSOURCE_DIR=... -DOUT=... -P git_revision.cmake: writes OUT, a header defining
# LOOM_GIT_REVISION as the checkout's short revision ("8793fcf", "8793fcf-dirty") or ""
# outside a checkout. Run at every build (support/CMakeLists.txt); the file is rewritten
# only when the revision changed, so an unchanged checkout rebuilds nothing.
set(rev "")
find_package(Git QUIET)
if(GIT_FOUND AND EXISTS "${SOURCE_DIR}/.git")
  execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" describe --always --dirty --abbrev=7
                          --exclude=*
                  OUTPUT_VARIABLE rev OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
endif()
set(text "#define LOOM_GIT_REVISION \"${rev}\"\n")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT "${old}" STREQUAL "${text}")
  file(WRITE "${OUT}" "${text}")
endif()
