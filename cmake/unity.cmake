# Unity builds (LOOM_UNITY, on by default): each library and loom-sim compile their files
# in batches of up to eight, one translation unit per batch that includes them. The heavy
# headers (MLIR, SystemC, CLI11, Boost.Graph, nlohmann-json) are then parsed, and their
# inline functions compiled, once per batch instead of once per file: loom-sim builds in
# half the compiler time (docs/performance.md, "First build").
#
# Files of one batch share a translation unit, so two of them may not define the same name
# in an anonymous namespace (the build fails if they do), and a file could use a header
# that only an earlier file of its batch includes. The sanitizer build (scripts/build.sh
# --sanitize) is configured with -DLOOM_UNITY=OFF and compiles every file alone, which
# shows such a file. The tests are not batched (tests/CMakeLists.txt).
option(LOOM_UNITY "Compile each library's files in batches (unity build)" ON)
set(CMAKE_UNITY_BUILD ${LOOM_UNITY})
