#pragma once
#include "rules/Rule.h"

#include <string>

namespace btlint {

// The rule's page in Markdown, as written to docs/rules/<id>.md and printed
// by `btlint explain`.
std::string ruleHelpMarkdown(const RuleInfo &info);

// docs/rules/README.md: the catalogue table.
std::string ruleIndexMarkdown();

} // namespace btlint
