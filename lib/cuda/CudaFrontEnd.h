#pragma once
// The CUDA front-end (.cu, .cuh), built on Clang. It takes options, so the
// tools' set-up registers it (engine/AnalysisSetup.h: registerCudaFrontEnd);
// tests make their own.
#include "source/FrontEnd.h"

#include <functional>
#include <memory>
#include <map>
#include <string>

namespace btlint {

struct CudaFrontEndOptions {
  std::string compileCommandsDir; // -p DIR: folder holding compile_commands.json; empty: none
  std::string cudaPath;           // --cuda-path; empty: $CUDA_PATH, then /usr/local/cuda; "none": no toolkit
  std::map<std::string, std::string> defines; // .btlint.yaml `cuda: defines:`, for files no database lists
  // Where set, the macros for each file instead (btlint lsp: the nearest
  // .btlint.yaml's, as the files of one editor come from several projects).
  std::function<std::map<std::string, std::string>(const std::string &absolutePath)> definesFor;
};

// Null with `error` set when the options are unusable (no compile_commands.json
// in DIR, no toolkit at an explicit --cuda-path).
std::unique_ptr<FrontEnd> makeCudaFrontEnd(const CudaFrontEndOptions &options, std::string &error);

} // namespace btlint
