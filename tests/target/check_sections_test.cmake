# port/cortex-m/check-sections.cmake on a built firmware: it passes, and a
# copy with one more allocated section (as a `.ramfunc` of a firmware's own
# would be) fails and names it.
#   cmake -DOBJCOPY=... -DREADELF=... -DELF=<firmware.elf> -DSCRATCH=<dir> -DCHECK=<check-sections.cmake>
#         -P check_sections_test.cmake
file(MAKE_DIRECTORY "${SCRATCH}")
set(copy "${SCRATCH}/with-orphan.elf")
execute_process(COMMAND ${CMAKE_COMMAND} -DREADELF=${READELF} -DELF=${ELF} -P ${CHECK}
                RESULT_VARIABLE result ERROR_VARIABLE errors)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "the firmware as built fails the check: ${errors}")
endif()
file(WRITE "${SCRATCH}/payload" "0123456789abcdef")
execute_process(COMMAND ${OBJCOPY} --add-section .ramfunc=${SCRATCH}/payload
                        --set-section-flags .ramfunc=alloc,load,code ${ELF} ${copy} RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "objcopy could not add a section")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -DREADELF=${READELF} -DELF=${copy} -P ${CHECK}
                RESULT_VARIABLE result ERROR_VARIABLE errors)
if(result EQUAL 0 OR NOT errors MATCHES "does not place: \\.ramfunc\\.")
  message(FATAL_ERROR "a firmware with an orphan .ramfunc passed the check or was not named: ${errors}")
endif()
if(EXISTS "${copy}")
  message(FATAL_ERROR "the failing ELF was not deleted")
endif()
message(STATUS "check-sections: the firmware passes, an orphan .ramfunc fails")
