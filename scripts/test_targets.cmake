# Prints the files of a configured build tree that its tests run (the words
# of their command lines inside the tree, relative to it: Ninja targets), so
# that a build can make only what those tests need:
#   cmake -DBUILD_DIR=build-tsan [-DLABEL=REGEX] -P scripts/test_targets.cmake
# It reads ctest's own CTestTestfile.cmake files with add_test,
# set_tests_properties and subdirs replaced by recorders; LABEL selects
# tests as ctest -L does. A file of the tree that a test runs without naming
# it on its command line is not built: on a fresh tree (CI's) that test fails.
cmake_minimum_required(VERSION 3.25)
if(NOT BUILD_DIR)
  message(FATAL_ERROR "usage: cmake -DBUILD_DIR=DIR [-DLABEL=REGEX] -P test_targets.cmake")
endif()
get_filename_component(build_dir "${BUILD_DIR}" ABSOLUTE)

function(add_test name)
  set_property(GLOBAL APPEND PROPERTY recorded_tests "${name}")
  set_property(GLOBAL PROPERTY "test_command_${name}" "${ARGN}")
endfunction()
function(set_tests_properties)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "" "PROPERTIES")
  list(FIND arg_PROPERTIES LABELS at)
  if(at GREATER -1)
    math(EXPR at "${at} + 1")
    list(GET arg_PROPERTIES ${at} labels)
    foreach(name IN LISTS arg_UNPARSED_ARGUMENTS)
      set_property(GLOBAL PROPERTY "test_labels_${name}" "${labels}")
    endforeach()
  endif()
endfunction()
function(subdirs)
  foreach(dir IN LISTS ARGN)
    if(EXISTS "${CMAKE_CURRENT_LIST_DIR}/${dir}/CTestTestfile.cmake") # absent: no tests there
      include("${CMAKE_CURRENT_LIST_DIR}/${dir}/CTestTestfile.cmake")
    endif()
  endforeach()
endfunction()

include("${build_dir}/CTestTestfile.cmake")

get_property(tests GLOBAL PROPERTY recorded_tests)
set(selected_count 0)
set(files "")
foreach(name IN LISTS tests)
  if(DEFINED LABEL)
    get_property(labels GLOBAL PROPERTY "test_labels_${name}")
    list(FILTER labels INCLUDE REGEX "${LABEL}")
    if(NOT labels)
      continue()
    endif()
  endif()
  math(EXPR selected_count "${selected_count} + 1")
  get_property(command GLOBAL PROPERTY "test_command_${name}")
  foreach(word IN LISTS command)
    cmake_path(IS_PREFIX build_dir "${word}" NORMALIZE inside)
    if(inside)
      file(RELATIVE_PATH file "${build_dir}" "${word}")
      list(APPEND files "${file}")
    endif()
  endforeach()
endforeach()
if(selected_count EQUAL 0)
  message(FATAL_ERROR "no test in ${build_dir} has a label matching '${LABEL}'")
endif()
list(REMOVE_DUPLICATES files)
foreach(file IN LISTS files)
  execute_process(COMMAND "${CMAKE_COMMAND}" -E echo "${file}") # message() writes to stderr
endforeach()
