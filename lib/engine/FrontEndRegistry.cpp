#include "engine/FrontEndRegistry.h"
#include "python/PythonFrontEnd.h"
#include "yaml/YamlConfigFrontEnd.h"

#include <mutex>
#include <vector>

namespace btlint {

namespace {
std::vector<std::unique_ptr<FrontEnd>> &frontEnds() {
  static std::vector<std::unique_ptr<FrontEnd>> list;
  return list;
}
std::once_flag builtinOnce;
void registerBuiltins() {
  std::call_once(builtinOnce, [] {
    frontEnds().push_back(makePythonFrontEnd());
    frontEnds().push_back(makeYamlConfigFrontEnd());
  });
}
} // namespace

void registerFrontEnd(std::unique_ptr<FrontEnd> frontEnd) {
  registerBuiltins();
  frontEnds().push_back(std::move(frontEnd));
}

const FrontEnd *frontEndFor(Language language) {
  registerBuiltins();
  for (const auto &f : frontEnds())
    if (f->language() == language) return f.get();
  return nullptr;
}

} // namespace btlint
