// main() for target tests: bring the port up, run every TACT_TEST, exit with
// the number of failed tests (0 = pass) so that ctest sees it through QEMU.
#include "tact_test.hpp"

int main() {
  tact::port::init();
  const int failed = tact::test::run_all();
  tact::port::exit(failed == 0 ? 0 : 1);
}
