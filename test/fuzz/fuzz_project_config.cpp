// libFuzzer target: arbitrary bytes as `.btlint.yaml` (lib/config). Errors must
// carry a position inside the file; a config that loads without errors must
// hold only valid selectors and known dtypes.
#include <cstddef>
#include <cstdint>
#include "FuzzSupport.h"

#include "config/ProjectConfig.h"

#include <algorithm>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace btlint;
  const std::string path = fuzz::writeScratchFile(".btlint.yaml", data, size);
  std::vector<ConfigError> errors;
  ProjectConfig config = loadProjectConfig(path, errors);
  const uint32_t lines = 1 + static_cast<uint32_t>(std::count(data, data + size, '\n'));
  for (const ConfigError &error : errors) {
    if (error.line > lines + 1 || error.message.empty()) {
      fprintf(stderr, "config error outside the file or without text: %s\n", error.str().c_str());
      std::abort();
    }
  }
  if (errors.empty()) {
    for (const auto *list : {&config.select, &config.ignore})
      for (const std::string &selector : *list)
        if (!checkRuleSelector(selector).empty()) {
          fprintf(stderr, "invalid selector accepted: %s\n", selector.c_str());
          std::abort();
        }
    if (config.dtype && !isKnownDtype(*config.dtype)) {
      fprintf(stderr, "unknown dtype accepted: %s\n", config.dtype->c_str());
      std::abort();
    }
  }
  return 0;
}
