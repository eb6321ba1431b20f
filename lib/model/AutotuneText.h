#pragma once
// How messages name parts of an autotune spec.
#include "model/KernelModel.h"

#include <string>

namespace btlint {

// "the pruner `early_prune`", or "the pruner" when its name is not known.
inline std::string prunerPhrase(const AutotuneSpec &spec) {
  return spec.prunerName.empty() ? std::string("the pruner") : "the pruner `" + spec.prunerName + "`";
}

} // namespace btlint
