#include "diag/Diagnostic.h"

#include <string_view>
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

namespace {
// -1, 0 or 1 as `a` sorts before, with or after `b`, runs of digits taken
// as numbers: "hpp:410: ..." before "hpp:1007: ...", "config 9" before
// "config 10" (findings at one place: errors inside an included header,
// configs of one list).
int compareNatural(std::string_view a, std::string_view b) {
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (digit(a[i]) && digit(b[j])) {
      size_t endA = i, endB = j;
      while (endA < a.size() && digit(a[endA])) ++endA;
      while (endB < b.size() && digit(b[endB])) ++endB;
      std::string_view x = a.substr(i, endA - i), y = b.substr(j, endB - j);
      while (x.size() > 1 && x.front() == '0') x.remove_prefix(1);
      while (y.size() > 1 && y.front() == '0') y.remove_prefix(1);
      if (x.size() != y.size()) return x.size() < y.size() ? -1 : 1;
      if (const int order = x.compare(y); order != 0) return order < 0 ? -1 : 1;
      i = endA;
      j = endB;
      continue;
    }
    if (a[i] != b[j]) return a[i] < b[j] ? -1 : 1;
    ++i;
    ++j;
  }
  if (i < a.size() || j < b.size()) return i < a.size() ? 1 : -1;
  return a < b ? -1 : a > b ? 1 : 0; // "007" and "7": still a total order
}
} // namespace

bool diagnosticLess(const Diagnostic &a, const Diagnostic &b) {
  const std::string noArch;
  const std::string &archA = a.arch ? *a.arch : noArch;
  const std::string &archB = b.arch ? *b.arch : noArch;
  const auto before = std::tie(a.path, a.span.line, a.span.column, a.ruleId, archA);
  const auto after = std::tie(b.path, b.span.line, b.span.column, b.ruleId, archB);
  if (before != after) return before < after;
  if (const int order = compareNatural(a.message, b.message); order != 0) return order < 0;
  return std::tie(a.span.endLine, a.span.endColumn) < std::tie(b.span.endLine, b.span.endColumn);
}

} // namespace btlint
