#pragma once
// Suppression comments:
//   Python, YAML: `# btlint: ignore[id, ...]`, `# btlint: ignore-next-line[id]`,
//                 `# btlint: file-ignore[id]`
//   CUDA:         the same after `//`, and `// NOLINT(btlint-id, ...)`,
//                 `// NOLINTNEXTLINE(btlint-id)`
// The id list is mandatory: a bare `ignore` is reported, never read as "all".
#include "source/SourceFile.h"
#include "rules/Rule.h"

#include <vector>

namespace btlint {

std::vector<Suppression> parseSuppressions(const SourceFile &source);

// The comment that suppresses `ruleId` on the line it ends: `# btlint:
// ignore[id]`, or `// btlint: ignore[id]` in CUDA (an editor's action).
std::string lineSuppressionComment(Language language, const std::string &ruleId);

// Marks the ids that cover the diagnostic as used; true when it is suppressed.
bool suppresses(std::vector<Suppression> &suppressions, const Diagnostic &diagnostic);

} // namespace btlint
