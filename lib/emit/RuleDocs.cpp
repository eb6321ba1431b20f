#include "emit/RuleDocs.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

namespace btlint {

std::string ruleHelpMarkdown(const RuleInfo &info) {
  std::string page;
  page += "# " + info.id + "\n\n";
  page += "Category: `" + std::string(categoryName(info.category)) + "` · default severity: `" +
          std::string(severityName(info.defaultSeverity)) + "`";
  if (info.archSpecific) page += " · checked per target arch";
  page += "\n\n";
  page += info.summary + ".\n\n";
  page += "## What it does\n\n" + info.doc.whatItDoes + "\n\n";
  page += "## Why is this bad?\n\n" + info.doc.whyItMatters + "\n\n";
  if (!info.doc.example.empty())
    page += "## Example\n\n```" + info.doc.exampleLanguage + "\n" + info.doc.example +
            (info.doc.example.back() == '\n' ? "" : "\n") + "```\n\n";
  if (!info.doc.useInstead.empty())
    page += "## Use instead\n\n```" + info.doc.exampleLanguage + "\n" + info.doc.useInstead +
            (info.doc.useInstead.back() == '\n' ? "" : "\n") + "```\n\n";
  if (!info.options.empty()) {
    page += "## Options\n\n| option | type | default | meaning |\n|---|---|---|---|\n";
    for (const auto &o : info.options)
      page += "| `" + o.name + "` | " + o.type + " | `" + o.defaultValue + "` | " + o.description + " |\n";
    page += "\nSet them in `.btlint.yaml`:\n\n```yaml\nrules:\n  " + info.id + ":\n    " + info.options[0].name +
            ": " + info.options[0].defaultValue + "\n```\n\n";
  }
  page += "## Fix safety\n\n" +
          (info.doc.fixSafety.empty() ? std::string("This rule offers no automatic fix.") : info.doc.fixSafety) +
          "\n\n";
  if (info.judgesUpstreamTarget())
    page += "## Vendor forks of Triton\n\nJudges what upstream Triton and NVIDIA/AMD GPUs accept: off for paths a "
            "`.btlint.yaml` marks with a fork's `backend:` (`backend: ascend` in an `overrides` entry; "
            "docs/configuration.md).\n\n";
  page += "## Suppressing\n\n`# btlint: ignore[" + info.id + "]` on the reported line (`// btlint: ignore[" +
          info.id + "]` or `// NOLINT(btlint-" + info.id + ")` in CUDA), or `ignore: [" + info.id +
          "]` in `.btlint.yaml`.\n";
  return page;
}

std::string ruleExplanationMarkdown(const RuleInfo &info) {
  return "**" + info.id + "**: " + info.summary + ".\n\n" + info.doc.whatItDoes + "\n\n**Why is this bad?** " +
         info.doc.whyItMatters + "\n";
}

std::string ruleIndexMarkdown() {
  std::string page = "# Rules\n\nGenerated from the rule sources by `tools/generate-rule-docs.sh`; do not edit.\n\n";
  page += "| id | category | severity | per arch | what it flags |\n|---|---|---|---|---|\n";
  for (const auto &rule : RuleRegistry::instance().rules())
    page += "| [" + rule.info.id + "](" + rule.info.id + ".md) | " + std::string(categoryName(rule.info.category)) +
            " | " + std::string(severityName(rule.info.defaultSeverity)) + " | " +
            (rule.info.archSpecific ? "yes" : "no") + " | " + rule.info.summary + " |\n";
  return page;
}

std::string ruleCatalogueJson() {
  llvm::json::Array rules;
  for (const auto &rule : RuleRegistry::instance().rules())
    rules.push_back(llvm::json::Object{
        {"id", rule.info.id},
        {"category", std::string(categoryName(rule.info.category))},
        {"severity", std::string(severityName(rule.info.defaultSeverity))},
        {"summary", rule.info.summary},
        {"arch_specific", rule.info.archSpecific},
        {"doc", "docs/rules/" + rule.info.id + ".md"},
    });
  return llvm::formatv("{0:2}", llvm::json::Value(std::move(rules))).str() + "\n";
}

} // namespace btlint
