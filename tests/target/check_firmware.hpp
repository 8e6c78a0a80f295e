// What the target firmwares that run one check named on their command line
// share (fault_test, irq_test): that name, and a failed check's report.
#pragma once

#include <cstring>

#include "tact/port.hpp"

namespace tact_check {

/// Reports a failed check. @return the firmware's exit code for it, 1.
inline int fail(const char* what) {
  tact::port::write("FAIL: ");
  tact::port::write(what);
  tact::port::write("\n");
  return 1;
}

/// The check's name: the command line's last word (the ELF's absolute path
/// before it may contain any), or nullptr, reported, when there is no
/// command line or it is longer than the buffer.
inline const char* check_name() {
  static char command[1024];  // as long as the checkout's path is (64 bytes failed in CI's deeper checkout)
  if (tact::port::command_line(command, sizeof command) < 0) {
    tact::port::write("no command line, or longer than the buffer\n");
    return nullptr;
  }
  const char* const space = std::strrchr(command, ' ');
  return space != nullptr ? space + 1 : "";
}

}  // namespace tact_check
