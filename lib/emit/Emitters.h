#pragma once
#include "diag/Diagnostic.h"

#include <map>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace btlint {

enum class OutputFormat { Text, Json, Sarif, Github, Junit };
std::optional<OutputFormat> parseOutputFormat(std::string_view text);

struct EmitOptions {
  bool color = false;
  // --show-fixes (text): `[*]` before the message of a finding --fix fixes,
  // and a `fix:` line with what it does after its notes.
  bool showFixes = false;
  std::vector<std::string> inputErrors; // reported in formats that can carry them
  std::string workingDirectory;         // SARIF URIs are made relative to it
};

void emitText(llvm::raw_ostream &out, const std::vector<Diagnostic> &diagnostics, const EmitOptions &options);
void emitJson(llvm::raw_ostream &out, const std::vector<Diagnostic> &diagnostics);
void emitSarif(llvm::raw_ostream &out, const std::vector<Diagnostic> &diagnostics, const EmitOptions &options);
void emitGithub(llvm::raw_ostream &out, const std::vector<Diagnostic> &diagnostics);
void emitJunit(llvm::raw_ostream &out, const std::vector<Diagnostic> &diagnostics);
void emit(OutputFormat format, llvm::raw_ostream &out, const std::vector<Diagnostic> &diagnostics,
          const EmitOptions &options);

// What --statistics reports beside the counts: how much of the input was read.
struct CoverageFigures {
  size_t autotuneLists = 0;
  size_t autotuneListsReadWhole = 0;
  // Files read but passed over (no kernel, config, launch or timing call in their text), by language.
  std::map<std::string, size_t> filesNotAnalysedByLanguage;
};

// --statistics: per-rule counts, most frequent first ("  12  smem-over-budget"),
// the total, then the coverage figures; as text, or as one JSON object.
void emitStatistics(llvm::raw_ostream &out, const std::vector<Diagnostic> &diagnostics,
                    const CoverageFigures &coverage);
void emitStatisticsJson(llvm::raw_ostream &out, const std::vector<Diagnostic> &diagnostics,
                        const CoverageFigures &coverage);

// How many findings --fix fixes (--show-fixes says it).
size_t countSafelyFixable(const std::vector<Diagnostic> &diagnostics);

// The location a diagnostic points at: its span, or 1:1 when it has none.
uint32_t displayLine(const Diagnostic &d);
uint32_t displayColumn(const Diagnostic &d);
uint32_t displayEndLine(const Diagnostic &d);
uint32_t displayEndColumn(const Diagnostic &d);

} // namespace btlint
