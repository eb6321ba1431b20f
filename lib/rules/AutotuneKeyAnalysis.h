#pragma once
// Which shape arguments an autotune key must hold: the analysis of
// autotune-key-missing-dim, shared with `btlint tune`, which writes the key
// it proposes from the same answer.
#include "model/KernelModel.h"

#include <set>
#include <string>
#include <vector>

namespace btlint {

// A run-time shape argument that sizes a program's work beyond what the key
// fixes, with what it sizes ("`K` bounds the loop over tiles at line 12").
struct KeyShapeArgument {
  const Param *param = nullptr;
  Note use;
};

// The shape arguments of `kernel` (a kernel of `file`) that size its work
// and that the key `keyNames` neither holds nor covers through a proxy (a
// bucketed argument, a padded constexpr the launch computes from the shape),
// leaving out those in do_not_specialize and those every launch passes the
// same constant. With an empty key: every shape argument a key needs.
std::vector<KeyShapeArgument> shapeArgumentsMissingFromKey(const Kernel &kernel, const FileModel &file,
                                                           const std::set<std::string> &keyNames);

} // namespace btlint
