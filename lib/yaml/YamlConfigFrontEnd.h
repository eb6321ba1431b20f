#pragma once
// Tuning tables kept in YAML, checked by the same rules as Python lists.
//
//   kernel: matmul_kernel            # one kernel ...
//   key: [M, N, K]                   # optional
//   configs:
//     - {BLOCK_M: 128, BLOCK_N: 128, BLOCK_K: 64, num_warps: 8, num_stages: 3}
//
//   kernels:                         # ... or several
//     matmul_kernel: [ {...}, ... ]            # a list
//     attention_fwd:
//       configs: [ ... ]                       # a list with settings
//       key: [N_CTX]
//     rms_norm:
//       sm90: [ ... ]                          # keyed by arch: the target's list
//       default: [ ... ]                       #   (or `default`) is checked
//     layer_norm:
//       by_shape:                              # keyed by shape: each list is
//         "N=1024": [ ... ]                    #   checked on its own
//
// A YAML file is read as a tuning table only when it has a top-level
// `configs` or `kernels` key; other YAML files are left alone.
#include "source/FrontEnd.h"

#include <memory>

namespace btlint {

std::unique_ptr<FrontEnd> makeYamlConfigFrontEnd();

} // namespace btlint
