#pragma once
// Reads a parsed CUDA translation unit into the kernel model: the kernels of
// the main file (one per template instantiation made there), their static
// and dynamic shared memory, launch bounds and per-thread arrays; launches
// with their block and dynamic shared memory; opt-ins to large dynamic shared
// memory; tables of tile configs. Used by the front-end and the clang-tidy
// plugin alike.
#include "source/SourceFile.h"
#include "model/KernelModel.h"

namespace clang {
class ASTContext;
}

namespace btlint::cuda {

// `mainFile` must hold exactly the text Clang parsed as the main file.
void extractCudaModel(clang::ASTContext &context, const SourceFile &mainFile, FileModel &model);

} // namespace btlint::cuda
