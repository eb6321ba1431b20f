#include "resources/KernelDescription.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace btlint::resources {

int elementBits(ElementType type) {
  switch (type) {
  case ElementType::Fp16:
  case ElementType::Bf16:
    return 16;
  case ElementType::Fp32:
  case ElementType::Int32:
    return 32;
  case ElementType::Fp8E4nv:
  case ElementType::Fp8E5:
  case ElementType::Int8:
    return 8;
  }
  return 16;
}

std::string_view elementTypeName(ElementType type) {
  switch (type) {
  case ElementType::Fp16: return "fp16";
  case ElementType::Bf16: return "bf16";
  case ElementType::Fp32: return "fp32";
  case ElementType::Fp8E4nv: return "fp8e4nv";
  case ElementType::Fp8E5: return "fp8e5";
  case ElementType::Int8: return "int8";
  case ElementType::Int32: return "int32";
  }
  return "fp16";
}

namespace {
std::optional<ElementType> parseElementTypeName(std::string_view text);
} // namespace

std::optional<ElementType> parseElementType(std::string_view text) {
  if (text.empty()) return std::nullopt; // the common case: no type written at a dot
  // The same --dtype is parsed for every config: remember the last answer.
  thread_local std::string lastText;
  thread_local std::optional<ElementType> lastType;
  if (text == lastText) return lastType;
  lastText = std::string(text);
  lastType = parseElementTypeName(text);
  return lastType;
}

namespace {
std::optional<ElementType> parseElementTypeName(std::string_view text) {
  std::string name(text);
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
  for (std::string_view prefix : {"tl.", "torch.", "triton.language."})
    if (name.rfind(prefix, 0) == 0) name = name.substr(prefix.size());
  if (name == "fp16" || name == "float16" || name == "half" || name == "f16") return ElementType::Fp16;
  if (name == "bf16" || name == "bfloat16") return ElementType::Bf16;
  if (name == "fp32" || name == "float32" || name == "float" || name == "f32" || name == "tf32")
    return ElementType::Fp32;
  if (name == "fp8e4nv" || name == "fp8" || name == "e4m3" || name == "float8_e4m3fn" || name == "float8e4nv" ||
      name == "fp8e4m3")
    return ElementType::Fp8E4nv;
  if (name == "fp8e5" || name == "e5m2" || name == "float8_e5m2" || name == "float8e5") return ElementType::Fp8E5;
  if (name == "int8" || name == "i8") return ElementType::Int8;
  if (name == "int32" || name == "i32" || name == "uint32") return ElementType::Int32;
  return std::nullopt;
}
} // namespace

} // namespace btlint::resources
