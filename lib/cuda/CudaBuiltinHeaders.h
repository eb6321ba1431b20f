#pragma once
// btlint's own minimal CUDA declarations, used when no CUDA toolkit is found:
// keywords, built-in variables, vector types and the runtime calls kernels and
// launchers commonly use, so kernels still parse. Served from an in-memory
// folder so nothing is written to disk.
#include <string_view>
#include <utility>
#include <vector>

namespace btlint::cuda {

// The folder the headers appear in; it does not exist on disk.
constexpr std::string_view kBuiltinHeaderDir = "/__btlint__/cuda/include";
// The header force-included into every translation unit.
constexpr std::string_view kBuiltinHeaderName = "__btlint_cuda_builtins.h";

// Force-included when parsing with a toolkit: what nvcc's own headers declare
// and Clang's CUDA wrapper does not (host min/max, cache-hinted stores, the C
// headers nvcc's runtime header pulls in), so code that builds with nvcc
// parses without errors nvcc never reports.
constexpr std::string_view kNvccCompatHeaderName = "__btlint_nvcc_compat.h";
// (file name, contents) of every header in kBuiltinHeaderDir: the main one and
// the toolkit header names (cuda_runtime.h, cuda_fp16.h, ...) that include it.
const std::vector<std::pair<std::string_view, std::string_view>> &builtinHeaderFiles();

} // namespace btlint::cuda
