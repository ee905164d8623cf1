# ctest's guard on the file-by-file split (tests/CMakeLists.txt): the test cases the whole suite
# runs must be exactly the sum of those the per-file entries run, so a case outside every file's
# filter (or a filter that matches nothing) fails here instead of silently not running.
#   cmake -DTESTS=path/to/mists_tests -DFILES="test_a;test_b;..." -P every_case_runs.cmake
function(count_cases out)
  execute_process(COMMAND ${TESTS} --count ${ARGN} OUTPUT_VARIABLE text RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${TESTS} --count ${ARGN} exited ${rc}")
  endif()
  if(NOT text MATCHES "passing the current filters: ([0-9]+)")
    message(FATAL_ERROR "no count in the output of ${TESTS} --count ${ARGN}:\n${text}")
  endif()
  set(${out} ${CMAKE_MATCH_1} PARENT_SCOPE)
endfunction()

count_cases(all)
set(sum 0)
foreach(name ${FILES})
  count_cases(n --source-file=*/${name}.cpp)
  if(n EQUAL 0)
    message(FATAL_ERROR "${name}.cpp: its ctest entry runs no test case")
  endif()
  math(EXPR sum "${sum} + ${n}")
endforeach()
if(NOT sum EQUAL all)
  message(FATAL_ERROR "the per-file entries run ${sum} test cases, the whole suite ${all}")
endif()
message(STATUS "${all} test cases, each in its file's entry")
