# port/cortex-m/check-sections.cmake on a built firmware: it passes; a copy
# with one more allocated section (as a `.ramfunc` of a firmware's own would
# be) fails and names it, and passes once the section is named as the
# board's; a copy that defines a handler for an IRQ beyond the board's
# fails and names it.
#   cmake -DOBJCOPY=... -DREADELF=... -DNM=... -DELF=<firmware.elf> -DIRQ_COUNT=<n> -DSCRATCH=<dir>
#         -DCHECK=<check-sections.cmake> -P check_sections_test.cmake
file(MAKE_DIRECTORY "${SCRATCH}")
# Runs the check on `elf` (with the board's extra sections `extra`): result and errors.
function(run_check elf extra)
  execute_process(COMMAND ${CMAKE_COMMAND} -DREADELF=${READELF} -DNM=${NM} -DELF=${elf} -DIRQ_COUNT=${IRQ_COUNT}
                          -DEXTRA_SECTIONS=${extra} -P ${CHECK}
                  RESULT_VARIABLE result ERROR_VARIABLE errors)
  set(result "${result}" PARENT_SCOPE)
  set(errors "${errors}" PARENT_SCOPE)
endfunction()
set(copy "${SCRATCH}/with-orphan.elf")
run_check(${ELF} "")
if(NOT result EQUAL 0)
  message(FATAL_ERROR "the firmware as built fails the check: ${errors}")
endif()
file(WRITE "${SCRATCH}/payload" "0123456789abcdef")
execute_process(COMMAND ${OBJCOPY} --add-section .ramfunc=${SCRATCH}/payload
                        --set-section-flags .ramfunc=alloc,load,code ${ELF} ${copy} RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "objcopy could not add a section")
endif()
file(COPY_FILE ${copy} ${copy}.placed)
run_check(${copy} "")
if(result EQUAL 0 OR NOT errors MATCHES "does not place: \\.ramfunc\\.")
  message(FATAL_ERROR "a firmware with an orphan .ramfunc passed the check or was not named: ${errors}")
endif()
if(EXISTS "${copy}")
  message(FATAL_ERROR "the failing ELF was not deleted")
endif()
run_check(${copy}.placed ".ccmram,.ramfunc")
if(NOT result EQUAL 0)
  message(FATAL_ERROR "a .ramfunc the board names in TACT_BOARD_EXTRA_SECTIONS failed the check: ${errors}")
endif()

set(handler_copy "${SCRATCH}/with-unreachable-handler.elf")
math(EXPR beyond "${IRQ_COUNT} + 3")
execute_process(COMMAND ${OBJCOPY} --add-symbol tact_irq_handler_${beyond}=.text:0x100,function,global
                        ${ELF} ${handler_copy} RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "objcopy could not add a symbol")
endif()
run_check(${handler_copy} "")
if(result EQUAL 0 OR NOT errors MATCHES "defines tact_irq_handler_${beyond}, but the board has IRQs 0 to")
  message(FATAL_ERROR "a handler for IRQ ${beyond} of a board with ${IRQ_COUNT} passed the check: ${errors}")
endif()
message(STATUS "check-sections: the firmware passes, an orphan .ramfunc fails unless the board names it, "
               "a handler beyond the board's IRQs fails")
