// libFuzzer target: arbitrary bytes as a Python file, linted for sm90 and
// gfx942 with every rule (front-end, evaluator, rules, suppressions, JSON).
#include "AnalysisFuzzer.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  btlint::fuzz::lintOneFile("kernel.py", data, size);
  return 0;
}
