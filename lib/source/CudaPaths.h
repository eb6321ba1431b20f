#pragma once
// CUDA sources by name: the one place that says which files are CUDA
// translation units and which are headers.
#include "llvm/ADT/StringRef.h"

namespace btlint {

// A translation unit: `.cu`, and the `.cu.cc` / `.cu.cpp` of projects built
// with Bazel or TensorFlow's conventions (nvcc compiles them as CUDA).
inline bool isCudaTranslationUnitPath(llvm::StringRef path) {
  return path.ends_with(".cu") || path.ends_with(".cu.cc") || path.ends_with(".cu.cpp");
}

// A file btlint reads as CUDA: a translation unit or a `.cuh` header.
inline bool isCudaSourcePath(llvm::StringRef path) {
  return isCudaTranslationUnitPath(path) || path.ends_with(".cuh");
}

} // namespace btlint
