# Post-link check of what the port's linker script and vector table place.
# Fails the build if the firmware
#   * has an allocated section that sections.ld does not name (nor the
#     board's TACT_BOARD_EXTRA_SECTIONS, placed by its own linker.ld): ld
#     places such an orphan by a guess (a custom `.ramfunc` in flash,
#     uncopied; a `.noinit`-like name after the static storage, where the
#     stack runs over it unseen);
#   * defines an interrupt handler the vector table has no entry for
#     (tact_irq_handler_<n> with n >= TACT_BOARD_IRQ_COUNT: never called).
# Run as
#   cmake -DREADELF=<arm-none-eabi-readelf> -DNM=<arm-none-eabi-nm> -DELF=<file.elf> -DIRQ_COUNT=<n>
#         [-DEXTRA_SECTIONS=<name,...>] -P check-sections.cmake
# A failing ELF is deleted so that the next build tries (and fails) again.
cmake_minimum_required(VERSION 3.20)

execute_process(COMMAND "${READELF}" -S -W "${ELF}" OUTPUT_VARIABLE table RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  file(REMOVE "${ELF}")
  message(FATAL_ERROR "check-sections: '${READELF} -S -W ${ELF}' failed")
endif()

# The output sections of sections.ld that occupy memory.
string(REPLACE "," ";" extra_sections "${EXTRA_SECTIONS}")
set(placed .text .ARM.extab .ARM.exidx .init_array .data .bss .noinit ${extra_sections})

string(REPLACE "\n" ";" lines "${table}")
set(orphans "")
foreach(line IN LISTS lines)
  # "  [Nr] Name Type Addr Off Size ES Flg Lk Inf Al": the flags hold A when
  # the section occupies memory.
  if(NOT line MATCHES "^ *\\[ *[1-9][0-9]*\\] ")
    continue()  # the header, the null section [0] and the key to the flags
  endif()
  if(NOT line MATCHES "^ *\\[ *[0-9]+\\] +([^ ]+) +[A-Z_0-9]+ +[0-9a-f]+ +[0-9a-f]+ +([0-9a-f]+) +[0-9a-f]+ +([A-Za-z]*) ")
    file(REMOVE "${ELF}")
    message(FATAL_ERROR "check-sections: cannot read this section of ${ELF}:\n${line}")
  endif()
  set(name "${CMAKE_MATCH_1}")
  set(size "${CMAKE_MATCH_2}")
  set(flags "${CMAKE_MATCH_3}")
  if(flags MATCHES "A" AND NOT name IN_LIST placed AND NOT size MATCHES "^0+$")
    list(APPEND orphans "${name}")
  endif()
endforeach()
if(NOT table MATCHES "\\] \\.text ")
  file(REMOVE "${ELF}")
  message(FATAL_ERROR "check-sections: no .text section read from ${ELF}: not a firmware of this port?")
endif()
if(orphans)
  file(REMOVE "${ELF}")
  list(JOIN orphans ", " orphans)
  message(FATAL_ERROR "check-sections: ${ELF} has sections that port/cortex-m/sections.ld does not place: "
                      "${orphans}.\nld put them where it guessed, so they may not be copied, zeroed or kept "
                      "clear of the stack. Use .text*, .rodata*, .data*, .bss* or .noinit* section names, or "
                      "place the section in the board's linker.ld and name it in TACT_BOARD_EXTRA_SECTIONS "
                      "(port/cortex-m/README.md). The .map file shows where they came from.")
endif()

execute_process(COMMAND "${NM}" "${ELF}" OUTPUT_VARIABLE symbols RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  file(REMOVE "${ELF}")
  message(FATAL_ERROR "check-sections: '${NM} ${ELF}' failed")
endif()
# A firmware's own handler is a strong symbol (T); the port's defaults are weak (W).
string(REGEX MATCHALL "[0-9a-f]+ T tact_irq_handler_[0-9]+\n" handlers "${symbols}")
set(unreachable "")
foreach(handler IN LISTS handlers)
  string(REGEX REPLACE ".*_([0-9]+)\n$" "\\1" irq "${handler}")
  if(irq GREATER_EQUAL IRQ_COUNT)
    list(APPEND unreachable "tact_irq_handler_${irq}")
  endif()
endforeach()
if(unreachable)
  file(REMOVE "${ELF}")
  list(JOIN unreachable ", " unreachable)
  math(EXPR last_irq "${IRQ_COUNT} - 1")
  message(FATAL_ERROR "check-sections: ${ELF} defines ${unreachable}, but the board has IRQs 0 to "
                      "${last_irq} only (TACT_BOARD_IRQ_COUNT): the vector table has no entry that calls it")
endif()
