#include "model/Value.h"
#include "model/KernelModel.h"

#include <cmath>
#include <cstdio>

namespace btlint {

std::string ScalarValue::str() const {
  if (isInt()) return std::to_string(asInt());
  if (isBool()) return asBool() ? "True" : "False";
  if (isString()) return "'" + asString() + "'";
  if (isFloat()) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%g", asFloat());
    std::string text = buffer;
    if (text.find_first_of(".en") == std::string::npos) text += ".0";
    return text;
  }
  return "?";
}

const char *languageName(Language language) {
  switch (language) {
  case Language::Python: return "python";
  case Language::Cuda: return "cuda";
  case Language::Yaml: return "yaml";
  }
  return "python";
}

} // namespace btlint
