#pragma once
// --fix and --diff: applies the safe fixes rules attach to findings.
//
// Per file, fixes are taken in source order; a fix whose edits overlap an
// edit already taken is left for the next pass (the caller re-lints and
// fixes again). The same fix reported for several archs is applied once. A
// file is rewritten atomically (temporary file, then rename) and keeps its
// UTF-8 byte order mark and permissions.
#include "diag/Diagnostic.h"

#include <string>
#include <vector>

namespace btlint {

struct PlannedFix {
  std::string ruleId;
  std::string description;
  SourceSpan span; // of the finding, before the fix
};

struct FileFixPlan {
  std::string path;
  std::vector<TextEdit> edits; // sorted, non-overlapping
  std::vector<PlannedFix> fixes;
};

// Safe fixes of the findings, grouped per file (files in path order).
std::vector<FileFixPlan> planFixes(const std::vector<Diagnostic> &diagnostics);

// `text` with the edits (sorted, non-overlapping) applied.
std::string applyEdits(const std::string &text, const std::vector<TextEdit> &edits);

// Reads the file as the engine does (byte order mark set aside), applies the
// plan. Writes the result atomically unless `newText` only is wanted.
bool fixedText(const FileFixPlan &plan, std::string &before, std::string &after, std::string &error);
bool writeFixedFile(const FileFixPlan &plan, std::string &error);

// A unified diff (`--- a/PATH`, `+++ b/PATH`, three lines of context) of one
// file; empty when the texts are equal.
std::string unifiedDiff(const std::string &path, const std::string &before, const std::string &after,
                        const std::vector<TextEdit> &edits);

} // namespace btlint
