# Post-link check: fails the build if the firmware links any heap, exception,
# RTTI or iostream support. Run as
#   cmake -DNM=<arm-none-eabi-nm> -DELF=<file.elf> -P check-no-heap.cmake
# A failing ELF is deleted so that the next build tries (and fails) again.
cmake_minimum_required(VERSION 3.20)

execute_process(COMMAND "${NM}" "${ELF}" OUTPUT_VARIABLE symbols RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  file(REMOVE "${ELF}")
  message(FATAL_ERROR "check-no-heap: '${NM} ${ELF}' failed")
endif()

set(forbidden_exact
  malloc _malloc_r free _free_r calloc _calloc_r realloc _realloc_r
  _sbrk _sbrk_r
  __cxa_allocate_exception __cxa_throw __cxa_begin_catch __gxx_personality_v0
  __dynamic_cast __cxa_guard_acquire)
set(forbidden_prefix
  _Znw _Zna _ZdlPv _ZdaPv     # operator new / new[] / delete / delete[]
  _ZTI _ZTS                   # typeinfo objects and names
  _ZNSt8ios_base)             # iostreams

# A stripped ELF lists no symbols, and so nothing forbidden: refuse it
# rather than pass it (every tact firmware has the port's vector table).
if(NOT symbols MATCHES "[ \n]tact_vector_table\n")
  file(REMOVE "${ELF}")
  message(FATAL_ERROR "check-no-heap: no symbol tact_vector_table in ${ELF}: a stripped ELF cannot be checked")
endif()

string(REPLACE "\n" ";" lines "${symbols}")
set(found "")
foreach(line IN LISTS lines)
  # "<address> <type> <name>" (or "<type> <name>" for undefined symbols)
  string(REGEX REPLACE "^.* " "" name "${line}")
  if(name IN_LIST forbidden_exact)
    list(APPEND found ${name})
  else()
    foreach(prefix IN LISTS forbidden_prefix)
      string(FIND "${name}" "${prefix}" pos)
      if(pos EQUAL 0)
        list(APPEND found ${name})
      endif()
    endforeach()
  endif()
endforeach()

if(found)
  list(REMOVE_DUPLICATES found)
  file(REMOVE "${ELF}")
  list(JOIN found ", " found)
  message(FATAL_ERROR "check-no-heap: ${ELF} links forbidden symbols: ${found}\n"
                      "(heap, C++ exceptions, RTTI or iostreams). The .map file shows what pulled them in.")
endif()
