// main() for target tests: bring the port up, run every TACT_TEST, exit 0
// only if every one passed (and there was one), so that ctest sees it
// through QEMU.
#include "tact_test.hpp"

int main() {
  tact::port::init();
  if (tact::test::registry().count == 0) {
    tact::port::write("no tests registered\n");  // a firmware that tests nothing must not pass
    tact::port::exit(1);
  }
  const int failed = tact::test::run_all();
  tact::port::exit(failed == 0 ? 0 : 1);
}
