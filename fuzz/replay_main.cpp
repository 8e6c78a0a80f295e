// Runs the fuzz harness's checks (fuzz_problem.cpp) on files, without
// libFuzzer: every file given, and every file in each directory given.
// The host suite runs it on fuzz/corpus/ and tests/host/regressions/ so a
// crash the fuzzer once found stays fixed in every build (sanitizers too).
// A failed check aborts (non-zero exit, and the message names the check).
#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

bool run_file(const std::string& path) {
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (!file) {
    std::fprintf(stderr, "replay: cannot open %s\n", path.c_str());
    return false;
  }
  std::vector<std::uint8_t> bytes;
  std::uint8_t chunk[4096];
  for (std::size_t got; (got = std::fread(chunk, 1, sizeof chunk, file)) > 0;) bytes.insert(bytes.end(), chunk, chunk + got);
  std::fclose(file);
  std::printf("replay: %s (%zu bytes)\n", path.c_str(), bytes.size());
  std::fflush(stdout);
  (void)LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  int files = 0;
  bool ok = true;
  for (int a = 1; a < argc; ++a) {
    const std::string path = argv[a];
    struct stat info {};
    if (stat(path.c_str(), &info) != 0) {
      std::fprintf(stderr, "replay: no such file or directory: %s\n", path.c_str());
      ok = false;
      continue;
    }
    if (!S_ISDIR(info.st_mode)) {
      ok = run_file(path) && ok;
      ++files;
      continue;
    }
    std::vector<std::string> names;
    if (DIR* dir = opendir(path.c_str())) {
      while (const dirent* entry = readdir(dir))
        if (entry->d_name[0] != '.') names.push_back(path + "/" + entry->d_name);
      closedir(dir);
    }
    std::sort(names.begin(), names.end());
    for (const auto& name : names) {
      ok = run_file(name) && ok;
      ++files;
    }
  }
  std::printf("replay: %d files, all checks held\n", files);
  return ok && files > 0 ? 0 : 1;
}
