# Installs the build tree into a scratch prefix, then configures, builds and
# runs a consumer project that uses find_package(tact).
#   cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DSCRATCH=... -P install_test.cmake
file(REMOVE_RECURSE "${SCRATCH}")
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "failed (${result}): ${ARGN}")
  endif()
endfunction()
run(${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${SCRATCH}/prefix")
run(${CMAKE_COMMAND} -S "${SOURCE_DIR}/tests/install/consumer" -B "${SCRATCH}/build"
    -DCMAKE_PREFIX_PATH=${SCRATCH}/prefix -DCMAKE_BUILD_TYPE=Release)
run(${CMAKE_COMMAND} --build "${SCRATCH}/build")
run("${SCRATCH}/build/consumer")
message(STATUS "find_package(tact) consumer built and passed")
