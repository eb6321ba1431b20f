#pragma once
// Baselines: a file recording the findings a project accepts today, so that
// later runs report only new ones (gradual adoption on large repositories).
//
// A finding is matched without its line number, so it survives lines moving:
// the key is the rule id, the file path (relative to the baseline's folder),
// the arch, the kernel the finding lies in or belongs to, a fingerprint of the
// flagged line's text (whitespace-normalised) and an occurrence index that
// counts earlier findings with the same key. Duplicating a bad line therefore
// reports the second copy; editing the flagged line reports it again.
//
// The file is JSON (see docs/ci.md for the format):
//   {"version": 1, "findings": [{"rule": ..., "path": ..., "arch": ...|null,
//     "kernel": ..., "fingerprint": ..., "occurrence": N, "line": L, "message": ...}]}
// `line` and `message` are for the reader; matching ignores them.
#include "diag/Diagnostic.h"
#include "source/LineKeys.h" // kernelNameAtLine, normalisedLine: the keys a finding is matched by

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace btlint {

struct BaselineEntry {
  std::string rule;
  std::string path;        // relative to the baseline file's folder, '/'-separated
  std::string arch;        // empty for arch-independent findings
  std::string kernel;      // empty when the finding lies outside any kernel
  std::string fingerprint; // 16 hex digits: xxh3 of the normalised flagged line
  uint32_t occurrence = 0;
  // Informational only.
  uint32_t line = 0;
  std::string message;

  bool sameKey(const BaselineEntry &other) const;
};

// Keys for findings as the engine returns them (sorted). Reads each file once.
std::vector<BaselineEntry> baselineEntriesFor(const std::vector<Diagnostic> &diagnostics,
                                              const std::string &baselinePath);

// Writes the baseline file atomically; false with `error` set on failure.
bool writeBaselineFile(const std::string &baselinePath, const std::vector<BaselineEntry> &entries,
                       std::string &error);

// Reads a baseline file; on failure returns nullopt and `error` is
// "FILE:LINE:COLUMN: message" (or "FILE: message" when there is no position).
std::optional<std::vector<BaselineEntry>> readBaselineFile(const std::string &baselinePath, std::string &error);

struct BaselineFilterResult {
  std::vector<Diagnostic> newFindings; // not in the baseline, in input order
  size_t matched = 0;                  // findings the baseline accepted
  size_t stale = 0;                    // baseline entries that no longer occur
};

BaselineFilterResult filterByBaseline(std::vector<Diagnostic> diagnostics,
                                      const std::vector<BaselineEntry> &baseline, const std::string &baselinePath);

} // namespace btlint
