#include "resources/DotLimits.h"

namespace btlint::resources {

std::optional<int> dtypeBits(std::string_view dtype) {
  if (dtype.rfind("fp8", 0) == 0 || dtype == "int8" || dtype == "uint8") return 8;
  if (dtype == "fp16" || dtype == "bf16" || dtype == "int16") return 16;
  if (dtype == "fp32" || dtype == "tf32" || dtype == "int32") return 32;
  if (dtype == "fp64" || dtype == "int64") return 64;
  return std::nullopt;
}

} // namespace btlint::resources
