# Post-link check: fails the build if the firmware has an allocated section
# that sections.ld does not name. ld places such an orphan by a guess (a
# custom `.ramfunc` in flash, uncopied; a `.noinit.x`-like name after the
# static storage, where the stack runs over it unseen). Run as
#   cmake -DREADELF=<arm-none-eabi-readelf> -DELF=<file.elf> -P check-sections.cmake
# A failing ELF is deleted so that the next build tries (and fails) again.
cmake_minimum_required(VERSION 3.20)

execute_process(COMMAND "${READELF}" -S -W "${ELF}" OUTPUT_VARIABLE table RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  file(REMOVE "${ELF}")
  message(FATAL_ERROR "check-sections: '${READELF} -S -W ${ELF}' failed")
endif()

# The output sections of sections.ld that occupy memory.
set(placed .text .ARM.extab .ARM.exidx .init_array .data .bss .noinit)

string(REPLACE "\n" ";" lines "${table}")
set(orphans "")
foreach(line IN LISTS lines)
  # "  [Nr] Name Type Addr Off Size ES Flg Lk Inf Al": the flags hold A when
  # the section occupies memory.
  if(NOT line MATCHES "^ *\\[ *[0-9]+\\] +([^ ]+) +[A-Z_0-9]+ +[0-9a-f]+ +[0-9a-f]+ +([0-9a-f]+) +[0-9a-f]+ +([A-Za-z]*) ")
    continue()
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
                      "place the section in a linker script of your own. The .map file shows where they came from.")
endif()
