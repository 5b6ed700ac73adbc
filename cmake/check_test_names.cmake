# cmake -DEXE=<Catch2 test binary> -P check_test_names.cmake
# Fails when a test case's name holds a ';': ctest splits the discovered name there, and
# each half, given to Catch2 as a test spec, matches no case and runs nothing.
execute_process(COMMAND "${EXE}" --list-test-names-only OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(rc LESS 0 OR rc MATCHES "[^0-9]")
  message(FATAL_ERROR "${EXE} --list-test-names-only failed: ${rc}")
endif()
string(FIND "${out}" ";" at)
if(NOT at EQUAL -1)
  string(REPLACE ";" "<;>" shown "${out}")
  string(REGEX MATCHALL "[^\n]*<[;]>[^\n]*" bad "${shown}")
  string(REPLACE ";" "\n  " bad "${bad}")
  message(FATAL_ERROR "${EXE}: a test case name holds ';' (shown as <;>), which ctest "
                      "splits into names that match no case; use ',' or ':':\n  ${bad}")
endif()
