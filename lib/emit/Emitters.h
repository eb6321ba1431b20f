#pragma once
#include "diag/Diagnostic.h"

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

// Per-rule counts, most frequent first: "  12  smem-over-budget".
void emitStatistics(llvm::raw_ostream &out, const std::vector<Diagnostic> &diagnostics);

// The location a diagnostic points at: its span, or 1:1 when it has none.
uint32_t displayLine(const Diagnostic &d);
uint32_t displayColumn(const Diagnostic &d);
uint32_t displayEndLine(const Diagnostic &d);
uint32_t displayEndColumn(const Diagnostic &d);

} // namespace btlint
