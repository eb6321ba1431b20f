// The element type comes from a framework header this checkout lacks.
#pragma once
#include <torch/extension.h>

using complex_half_t = typename c10::complex<at::Half>;
