#pragma once
// What Triton's NVIDIA backend requires of a tl.dot's sizes: one definition
// for the rule that reports it (dot-operand-too-small) and `btlint report`.
#include <cstdint>
#include <optional>
#include <string_view>

namespace btlint::resources {

// Bits per element of the model's dtype names ("fp16", "int8", "fp8e4nv");
// nothing for names it does not know.
std::optional<int> dtypeBits(std::string_view dtype);

// The smallest K of a tl.dot whose inputs have `bits` bits per element.
// Triton 3.6, third_party/nvidia/backend/compiler.py, min_dot_size: K >= 32
// for 8-bit inputs and K >= 16 otherwise; M and N have no minimum (small ones
// are padded to the tensor-core shape).
inline int64_t minimumDotK(int bits) { return bits == 8 ? 32 : 16; }

} // namespace btlint::resources
