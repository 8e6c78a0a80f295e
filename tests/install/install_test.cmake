# Installs tact into scratch prefixes, then configures, builds and runs a
# consumer project that uses find_package(tact) against each:
#   1. this build tree, after its build;
#   2. the library only, as README.md gives it: configured with
#      TACT_PORT=none and installed without building anything.
#   cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DSCRATCH=... -P install_test.cmake
file(REMOVE_RECURSE "${SCRATCH}")
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "failed (${result}): ${ARGN}")
  endif()
endfunction()
function(build_and_run_consumer prefix build)
  run(${CMAKE_COMMAND} -S "${SOURCE_DIR}/tests/install/consumer" -B "${build}"
      -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_BUILD_TYPE=Release)
  run(${CMAKE_COMMAND} --build "${build}")
  run("${build}/consumer")
endfunction()

run(${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${SCRATCH}/prefix")
build_and_run_consumer("${SCRATCH}/prefix" "${SCRATCH}/build")
message(STATUS "find_package(tact) consumer built and passed (installed from the build tree)")

run(${CMAKE_COMMAND} -S "${SOURCE_DIR}" -B "${SCRATCH}/library-only" -DTACT_PORT=none)
run(${CMAKE_COMMAND} --install "${SCRATCH}/library-only" --prefix "${SCRATCH}/library-only-prefix")
build_and_run_consumer("${SCRATCH}/library-only-prefix" "${SCRATCH}/library-only-consumer")
message(STATUS "find_package(tact) consumer built and passed (the library only, installed unbuilt)")
