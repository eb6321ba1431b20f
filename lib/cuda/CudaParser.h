#pragma once
// Runs Clang on one CUDA file: a device-side, syntax-only parse with the given
// command, the file's text taken from the SourceFile (so byte offsets agree),
// compiler errors turned into parse problems, and the AST read into the model.
#include "cuda/CudaCompileCommands.h"
#include "source/SourceFile.h"
#include "model/KernelModel.h"

#include <string>

namespace btlint::cuda {

struct CudaParseOutcome {
  // The file's own code (or a non-system header it includes) tests
  // __CUDA_ARCH__, so the model may differ between archs.
  bool readsCudaArch = false;
};

// Where parseCudaFile is, for the internal-error finding when Clang or the
// model extraction crashes.
enum class CudaStage { SettingUp, Parsing, ReadingKernels };
// What the crash message says before "this file": "setting up the compiler
// for", "parsing", "reading the kernels of".
const char *cudaStageName(CudaStage stage);

// Parses `source` (at absolutePath) with `command` and fills model.kernels,
// launches, dynamicSmemOptIns and parseProblems, keeping `stage` current.
// Never throws on bad input.
CudaParseOutcome parseCudaFile(const ParseCommand &command, const SourceFile &source,
                               const std::string &absolutePath, FileModel &model, CudaStage &stage);

} // namespace btlint::cuda
