#pragma once
// Reads one @triton.jit function: its parameters, and from its body the
// tiles, dot sites, loops and memory accesses, with how each parameter is
// used. One pass over the body, in source order, tracking what each local
// holds (shape, element type, which parameters it derives from, which
// pointer it addresses).
#include "python/PythonParsedFile.h"

namespace btlint::python {

void readKernelBody(const PythonModule &module, NodeId definition, KernelSyntax &syntax);

// Short element-type name for a Triton or torch dtype path
// ("triton.language.float16" -> "fp16"); empty when not a dtype.
std::string dtypeNameForPath(std::string_view path);
// Bits per element of a type of that spelling ("fp8e4nv" -> 8); 0 when not known.
int dtypeBits(std::string_view shortName);

} // namespace btlint::python
