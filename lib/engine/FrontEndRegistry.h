#pragma once
// The front-ends of a run: Python and YAML are built in; the CUDA front-end,
// which takes options (compile database, toolkit), is registered by the
// tool's set-up (engine/AnalysisSetup.h).
#include "source/FrontEnd.h"

#include <memory>

namespace btlint {

// The front-end for a language, or null when none is registered.
const FrontEnd *frontEndFor(Language language);
void registerFrontEnd(std::unique_ptr<FrontEnd> frontEnd);

} // namespace btlint
