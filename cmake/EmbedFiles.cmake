# btlint_embed_files(OUTPUT file ROOT dir FILES ... INCLUDE header
#                    NAMESPACE ns FUNCTION name TYPE type)
# Generates OUTPUT at build time (cmake/embed-files.cmake): the files' bytes
# compiled into the program, regenerated when one of them changes.
function(btlint_embed_files)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "OUTPUT;ROOT;INCLUDE;NAMESPACE;FUNCTION;TYPE;COMMENT" "FILES")
  list(SORT arg_FILES)
  string(REPLACE ";" "|" files "${arg_FILES}")
  set(mode hex)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang" AND CMAKE_CXX_COMPILER_VERSION VERSION_GREATER_EQUAL 19)
    set(mode embed)
  endif()
  add_custom_command(
    OUTPUT "${arg_OUTPUT}"
    COMMAND "${CMAKE_COMMAND}" "-DOUTPUT=${arg_OUTPUT}" "-DROOT=${arg_ROOT}" "-DFILES=${files}"
            "-DINCLUDE=${arg_INCLUDE}" "-DNAMESPACE=${arg_NAMESPACE}" "-DFUNCTION=${arg_FUNCTION}"
            "-DTYPE=${arg_TYPE}" "-DMODE=${mode}" -P "${CMAKE_SOURCE_DIR}/cmake/embed-files.cmake"
    DEPENDS ${arg_FILES} "${CMAKE_SOURCE_DIR}/cmake/embed-files.cmake"
    COMMENT "${arg_COMMENT}"
    VERBATIM)
  if(mode STREQUAL "embed")
    # #embed is a C23 feature Clang accepts in C++ as an extension.
    set_source_files_properties("${arg_OUTPUT}" PROPERTIES COMPILE_OPTIONS "-Wno-c23-extensions")
  endif()
endfunction()
