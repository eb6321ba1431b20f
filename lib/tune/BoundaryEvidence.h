#pragma once
// What a boundary run of btlint-bench (`run.py --boundary`, docs/btlint-bench.md)
// says of a kernel's configs, for `btlint tune --boundary DIR`: a config
// that failed a boundary shape on the GPU is eliminated, never recommended.
#include "model/KernelModel.h"

#include "llvm/Support/JSON.h"

#include <optional>
#include <string>
#include <vector>

namespace btlint::tune {

struct BoundaryOutcome {
  NameMap<ScalarValue> params;
  std::optional<int64_t> numWarps, numStages;
  size_t shapesChecked = 0;
  std::string failure; // "fails at `M=129,N=256`: out_of_bounds_write"; empty when every shape matched
};

struct BoundaryEvidence {
  std::string source;                   // the folder read
  std::vector<BoundaryOutcome> configs; // the kernel's configs the run checked
};

// A boundary row's shape as "M=129,N=256,K=256", in the order the results
// write it (btlint-bench's boundary report uses the same text).
std::string boundaryShapeText(const llvm::json::Object *shape);

// Reads DIR/manifest.json and DIR/boundary_results.json for the kernel
// `kernelName` of `path` (matched by name and file name). nullopt with
// `error` naming the file when they cannot be read or hold no such kernel.
std::optional<BoundaryEvidence> readBoundaryEvidence(const std::string &dir, const std::string &path,
                                                     const std::string &kernelName, std::string &error);

// The outcome for `config` (its parameters, num_warps and num_stages), if
// the run checked a config with those values.
const BoundaryOutcome *outcomeFor(const BoundaryEvidence &evidence, const Config &config);

} // namespace btlint::tune
