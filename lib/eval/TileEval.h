#pragma once
// Resolves tile dimensions (TileDim::program) against a config, so rules can
// compute tile extents per config without reading syntax.
#include "model/KernelModel.h"

#include <optional>

namespace btlint {

// The value of `dim` for `config`: parameters read from the config's
// meta-parameters, else from the kernel parameter's default. Nothing when a
// parameter has no known integer value, the dimension is not an integer
// expression, or the arithmetic fails (division by zero, overflow).
std::optional<int64_t> evaluateDim(const TileDim &dim, const Config &config, const Kernel &kernel);

// The value of `dim` when it reads no parameter at all ("2 * 64").
std::optional<int64_t> constantDimValue(const TileDim &dim);

// The element count of a shape for `config`, when every dimension resolves.
std::optional<int64_t> evaluateNumel(const std::vector<TileDim> &dims, const Config &config,
                                     const Kernel &kernel);

} // namespace btlint
