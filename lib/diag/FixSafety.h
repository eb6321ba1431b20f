#pragma once
#include "diag/Diagnostic.h"

namespace btlint {

// A finding `btlint --fix` fixes: its fix is safe and edits something.
// (`--show-fixes` marks these and counts them; the fix planner applies them.)
inline bool hasSafeFix(const Diagnostic &d) { return d.fix && d.fix->safe && !d.fix->edits.empty(); }

} // namespace btlint
