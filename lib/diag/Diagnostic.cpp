#include "diag/Diagnostic.h"

#include <tuple>

namespace btlint {

std::string_view severityName(Severity severity) {
  switch (severity) {
  case Severity::Note: return "note";
  case Severity::Warning: return "warning";
  case Severity::Error: return "error";
  }
  return "warning";
}

std::optional<Severity> parseSeverity(std::string_view text) {
  if (text == "note" || text == "info") return Severity::Note;
  if (text == "warning") return Severity::Warning;
  if (text == "error") return Severity::Error;
  return std::nullopt;
}

bool diagnosticLess(const Diagnostic &a, const Diagnostic &b) {
  const std::string noArch;
  const std::string &archA = a.arch ? *a.arch : noArch;
  const std::string &archB = b.arch ? *b.arch : noArch;
  return std::tie(a.path, a.span.line, a.span.column, a.ruleId, archA, a.message, a.span.endLine,
                  a.span.endColumn) < std::tie(b.path, b.span.line, b.span.column, b.ruleId, archB,
                                               b.message, b.span.endLine, b.span.endColumn);
}

} // namespace btlint
