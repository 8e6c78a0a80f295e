# A board kept outside tact's tree (TACT_BOARD_DIRS) is found, and a new
# board's mistakes stop configure with a message that names its file
# (port/cortex-m/CMakeLists.txt); a hex RAM length is read. Each case is a
# throwaway board in a scratch folder of boards.
#   cmake -DSOURCE_DIR=... -DSCRATCH=... -DGENERATOR=... -P board_checks_test.cmake
cmake_minimum_required(VERSION 3.21)
file(REMOVE_RECURSE "${SCRATCH}")
set(boards "${SCRATCH}/boards")
set(board_dir "${boards}/test-board")
set(good_board [=[
set(TACT_BOARD_CORES m4f)
set(TACT_BOARD_CLOCK_HZ 64000000)
set(TACT_BOARD_COUNTER dwt)
set(TACT_BOARD_SOURCES ${TACT_CORTEX_M_PORT_DIR}/boards/qemu_board.cpp)
set(TACT_BOARD_IRQ_COUNT 82)
]=])
set(good_ram "RAM (rwx) : ORIGIN = 0x20000000, LENGTH = 0x10000")

# Writes the board, configures for the core `core` (a toolchains/cortex-<core>.cmake), and checks the outcome:
# `expected` is a regular expression the error must match, or "" for success.
function(expect case board_cmake ram_line expected)
  file(WRITE "${board_dir}/board.cmake" "${board_cmake}")
  file(WRITE "${board_dir}/linker.ld"
       "MEMORY\n{\n  FLASH (rx) : ORIGIN = 0x08000000, LENGTH = 512K\n  ${ram_line}\n}\nINCLUDE sections.ld\n")
  set(build "${SCRATCH}/build-${case}")
  execute_process(COMMAND ${CMAKE_COMMAND} -S "${SOURCE_DIR}" -B "${build}" -G "${GENERATOR}"
                          -DCMAKE_TOOLCHAIN_FILE=${SOURCE_DIR}/toolchains/cortex-${core}.cmake
                          -DTACT_BOARD_DIRS=${board_dirs} -DTACT_BOARD=test-board
                          -DTACT_BUILD_TESTS=OFF -DTACT_BUILD_EXAMPLES=OFF -DTACT_BUILD_BENCHMARKS=OFF
                          -DTACT_BUILD_TOOLS=OFF -DTACT_STATIC_CHECKS=OFF
                  RESULT_VARIABLE result OUTPUT_QUIET ERROR_VARIABLE errors)
  string(REGEX REPLACE "[ \n]+" " " errors "${errors}")
  if(expected STREQUAL "")
    if(NOT result EQUAL 0)
      message(FATAL_ERROR "${case}: configure failed: ${errors}")
    endif()
  elseif(result EQUAL 0)
    message(FATAL_ERROR "${case}: configure passed; expected an error matching '${expected}'")
  elseif(NOT errors MATCHES "${expected}")
    message(FATAL_ERROR "${case}: the error does not match '${expected}': ${errors}")
  endif()
  message(STATUS "${case}: as expected")
  set(build "${build}" PARENT_SCOPE)
endfunction()

set(core m4f)
set(board_dirs "${boards}")
expect(hex_ram_length "${good_board}" "${good_ram}" "")
file(STRINGS "${build}/CMakeCache.txt" ram REGEX "^TACT_BOARD_RAM_BYTES:")
if(NOT ram STREQUAL "TACT_BOARD_RAM_BYTES:INTERNAL=65536")
  message(FATAL_ERROR "hex_ram_length: LENGTH = 0x10000 read as '${ram}', not 65536")
endif()

string(REPLACE "set(TACT_BOARD_CORES m4f)" "" no_cores "${good_board}")
expect(no_cores "${no_cores}" "${good_ram}" "test-board/board.cmake: TACT_BOARD_CORES is not set")
string(REPLACE "dwt" "DWT" bad_counter "${good_board}")
expect(unknown_counter "${bad_counter}" "${good_ram}" "TACT_BOARD_COUNTER='DWT' is not one of")
string(REPLACE "dwt" "qemu_icount" icount_without_qemu "${good_board}")
expect(icount_without_qemu "${icount_without_qemu}" "${good_ram}" "qemu_icount counter needs a QEMU machine")
expect(dwt_on_qemu "${good_board}set(TACT_BOARD_QEMU_MACHINE mps2-an386)\n" "${good_ram}" "QEMU implements no DWT")
string(REPLACE "64000000" "" no_clock "${good_board}")
expect(no_clock "${no_clock}" "${good_ram}" "TACT_BOARD_CLOCK_HZ='' is not a clock in Hz")
string(REPLACE "set(TACT_BOARD_SOURCES" "#" no_sources "${good_board}")
expect(no_sources "${no_sources}" "${good_ram}" "TACT_BOARD_SOURCES is not set")
string(REPLACE "set(TACT_BOARD_IRQ_COUNT 82)" "" no_irq_count "${good_board}")
expect(no_irq_count "${no_irq_count}" "${good_ram}" "test-board/board.cmake: TACT_BOARD_IRQ_COUNT is not set")
string(REPLACE "COUNT 82" "COUNT 241" too_many_irqs "${good_board}")
expect(too_many_irqs "${too_many_irqs}" "${good_ram}" "TACT_BOARD_IRQ_COUNT='241' is not a number of external interrupts from 1 to 240")
expect(bad_extra_section "${good_board}set(TACT_BOARD_EXTRA_SECTIONS .ccmram ramfunc)\n" "${good_ram}"
       "TACT_BOARD_EXTRA_SECTIONS: 'ramfunc' is not an output section's name")
expect(no_ram_length "${good_board}" "RAM (rwx) : ORIGIN = 0x20000000" "linker.ld: no RAM region with a LENGTH")
set(core m0)
string(REPLACE "m4f" "m0" m0_dwt "${good_board}")
expect(dwt_on_m0 "${m0_dwt}" "${good_ram}" "has no DWT cycle counter: use systick")
string(REPLACE "dwt" "systick" m0_many_irqs "${m0_dwt}")
expect(m0_more_than_32_irqs "${m0_many_irqs}" "${good_ram}" "TACT_BOARD_IRQ_COUNT='82' is not a number of external interrupts from 1 to 32")
set(core m4f)
file(WRITE "${SCRATCH}/more-boards/mps2-an386/board.cmake" "${good_board}")
file(MAKE_DIRECTORY "${SCRATCH}/more-boards/helpers")  # no board.cmake: not a board
set(board_dirs "${boards}\\;${SCRATCH}/more-boards")
expect(name_clash "${good_board}" "${good_ram}" "board 'mps2-an386' is in .* and in .*more-boards: rename one")
set(board_dirs "${SCRATCH}/no-such-folder")
expect(missing_folder "${good_board}" "${good_ram}" "TACT_BOARD_DIRS: '.*no-such-folder' is not a folder")
set(board_dirs "${boards}")
expect(stand_in_uart_alone "${good_board}set(TACT_BOARD_STAND_IN_UART 1)\n" "${good_ram}"
       "TACT_BOARD_STAND_IN_UART without TACT_BOARD_STAND_IN_MACHINE")
expect(lowercase_k "${good_board}" "RAM (rwx) : ORIGIN = 0x20000000, LENGTH = 64k" "")
file(STRINGS "${build}/CMakeCache.txt" ram REGEX "^TACT_BOARD_RAM_BYTES:")
if(NOT ram STREQUAL "TACT_BOARD_RAM_BYTES:INTERNAL=65536")
  message(FATAL_ERROR "lowercase_k: LENGTH = 64k read as '${ram}', not 65536")
endif()
