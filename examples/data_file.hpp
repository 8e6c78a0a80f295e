// Host only: the output file of an example's data writer (*_data.cpp,
// targets plot-<example>), named by its one argument. nullptr, after
// saying why on stderr, when the argument is missing or the file cannot be
// opened (the writer then exits 2).
#pragma once

#include <cstdio>

namespace examples {

inline std::FILE* open_data_file(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <output.dat>\n", argv[0]);
    return nullptr;
  }
  std::FILE* out = std::fopen(argv[1], "w");
  if (!out) std::perror(argv[1]);
  return out;
}

}  // namespace examples
