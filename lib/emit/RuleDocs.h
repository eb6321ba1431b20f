#pragma once
#include "rules/Rule.h"

#include <string>

namespace btlint {

// The rule's page in Markdown, as written to docs/rules/<id>.md and printed
// by `btlint explain`.
std::string ruleHelpMarkdown(const RuleInfo &info);

// What the rule checks and why, for an editor's hover: the summary and the
// page's "What it does" and "Why is this bad?" sections.
std::string ruleExplanationMarkdown(const RuleInfo &info);

// docs/rules/README.md: the catalogue table.
std::string ruleIndexMarkdown();

// `btlint rules --format json`: one array, a rule an object with `id`,
// `category`, `severity` (the default), `summary`, `arch_specific` and `doc`
// (its page, relative to the repository root: docs/rules/<id>.md).
std::string ruleCatalogueJson();

} // namespace btlint
