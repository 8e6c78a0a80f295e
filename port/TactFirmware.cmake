# tact_add_firmware(<name> SOURCES <src>... [LIBRARIES <lib>...])
#   An executable linked with tact_port (and the given libraries). For the
#   Cortex-M port it is a <name>.elf for TACT_BOARD, with <name>.map,
#   <name>.bin (for st-flash), its size printed after the link, and checks
#   that fail the build if it links heap, exception, RTTI or iostream
#   support, has a section the port's linker script does not place, or an
#   interrupt handler the vector table does not call. On
#   the host port it is a plain executable, so one example source can be
#   built for both.
#
# tact_add_target_test(<name> SOURCES <src>... [LIBRARIES <lib>...])
#   tact_add_firmware() plus add_test(): ctest runs it (through QEMU via
#   CMAKE_CROSSCOMPILING_EMULATOR for Cortex-M boards) and passes on exit
#   code 0. Boards without an emulator (real hardware) only build it.

function(tact_add_firmware name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "SOURCES;LIBRARIES")
  if(NOT arg_SOURCES)
    message(FATAL_ERROR "tact_add_firmware(${name}): SOURCES is required")
  endif()
  add_executable(${name} ${arg_SOURCES})
  target_link_libraries(${name} PRIVATE ${arg_LIBRARIES} tact_port)
  if(NOT TACT_PORT STREQUAL "cortex-m")
    return()
  endif()

  set(_dir ${CMAKE_CURRENT_BINARY_DIR})
  set_target_properties(${name} PROPERTIES SUFFIX .elf
    ADDITIONAL_CLEAN_FILES "${_dir}/${name}.map;${_dir}/${name}.bin")
  target_link_options(${name} PRIVATE -Wl,-Map=${_dir}/${name}.map,--cref)
  list(JOIN TACT_BOARD_EXTRA_SECTIONS "," _extra_sections)  # one argument: the script splits it
  add_custom_command(TARGET ${name} POST_BUILD
    COMMAND ${CMAKE_COMMAND} -DNM=${CMAKE_NM} -DELF=$<TARGET_FILE:${name}>
            -P ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/cortex-m/check-no-heap.cmake
    COMMAND ${CMAKE_COMMAND} -DREADELF=${CMAKE_READELF} -DNM=${CMAKE_NM} -DELF=$<TARGET_FILE:${name}>
            -DIRQ_COUNT=${TACT_BOARD_IRQ_COUNT} -DEXTRA_SECTIONS=${_extra_sections}
            -P ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/cortex-m/check-sections.cmake
    COMMAND ${CMAKE_OBJCOPY} -O binary $<TARGET_FILE:${name}> ${_dir}/${name}.bin
    COMMAND ${CMAKE_SIZE} $<TARGET_FILE:${name}>
    COMMENT "${name}: no-heap and section checks, .bin, size"
    VERBATIM)
endfunction()

function(tact_add_target_test name)
  tact_add_firmware(${name} ${ARGN})
  if(TACT_PORT STREQUAL "cortex-m" AND NOT CMAKE_CROSSCOMPILING_EMULATOR)
    return()  # real board: build only
  endif()
  add_test(NAME ${name} COMMAND ${name})
endfunction()
