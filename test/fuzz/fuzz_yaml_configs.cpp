// libFuzzer target: arbitrary bytes as a YAML tuning table (lib/yaml), linted
// for sm90 and gfx942 with every rule.
#include "AnalysisFuzzer.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  btlint::fuzz::lintOneFile("configs.yaml", data, size);
  return 0;
}
