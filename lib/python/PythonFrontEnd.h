#pragma once
#include "source/FrontEnd.h"

#include <memory>

namespace btlint {

// Triton kernels in Python, read with tree-sitter-python.
std::unique_ptr<FrontEnd> makePythonFrontEnd();

} // namespace btlint
