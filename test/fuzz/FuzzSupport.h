#pragma once
// Shared by the fuzz targets: a scratch folder per process and a file writer.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <unistd.h>

namespace btlint::fuzz {

// A private folder for this process (fuzzer jobs run side by side).
inline const std::string &scratchDir() {
  static const std::string dir = [] {
    const char *base = std::getenv("TMPDIR");
    std::string pattern = std::string(base && *base ? base : "/tmp") + "/btlint-fuzz-XXXXXX";
    if (!mkdtemp(pattern.data())) std::abort();
    return pattern;
  }();
  // Removed when the process ends normally (a crash leaves it for inspection).
  static const struct Remover {
    ~Remover() {
      std::error_code ignored;
      std::filesystem::remove_all(dir, ignored);
    }
  } remover;
  (void)remover;
  return dir;
}

inline std::string writeScratchFile(const std::string &name, const uint8_t *data, size_t size) {
  std::string path = scratchDir() + "/" + name;
  FILE *file = std::fopen(path.c_str(), "wb");
  if (!file) std::abort();
  if (size && std::fwrite(data, 1, size, file) != size) std::abort();
  std::fclose(file);
  return path;
}

} // namespace btlint::fuzz
