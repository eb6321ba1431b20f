#pragma once
#include "diag/SourceSpan.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace btlint {

enum class Severity { Note = 0, Warning = 1, Error = 2 };

std::string_view severityName(Severity severity);
std::optional<Severity> parseSeverity(std::string_view text);

struct TextEdit {
  uint32_t startByte = 0;
  uint32_t endByte = 0; // exclusive
  std::string replacement;
};

struct Fix {
  std::string description;
  bool safe = true; // safe fixes are applied by --fix; unsafe ones only shown
  std::vector<TextEdit> edits;
};

// A note of a finding. One that names a place ("the tile is made at line
// 17") carries that place, so that every output can point at it: text prints
// it as path:line:col, SARIF as a related location, LSP as related
// information, clang-tidy as the note's own location.
struct Note {
  std::string text;
  SourceSpan span;  // the place the note names; invalid when it names none
  std::string path; // the file of `span` when it is not the finding's; empty otherwise

  Note() = default;
  Note(std::string text) : text(std::move(text)) {} // a note that names no place
  Note(const char *text) : text(text) {}
  Note(std::string text, SourceSpan span, std::string path = {})
      : text(std::move(text)), span(span), path(std::move(path)) {}
  bool namesPlace() const { return span.valid(); }
  friend bool operator==(const Note &a, const Note &b) {
    return a.text == b.text && a.span == b.span && a.path == b.path;
  }
};

// The texts of some notes, for messages that do not point anywhere.
inline std::vector<std::string> noteTexts(const std::vector<Note> &notes) {
  std::vector<std::string> texts;
  texts.reserve(notes.size());
  for (const Note &note : notes) texts.push_back(note.text);
  return texts;
}

// One finding. Rules fill message, span, notes and fix; the engine stamps the
// rule id, severity, path and arch, so a rule can never report under another id.
struct Diagnostic {
  std::string ruleId;
  Severity severity = Severity::Warning;
  std::string path;
  SourceSpan span;
  std::string message;
  std::optional<std::string> arch;
  std::vector<Note> notes;
  std::optional<Fix> fix;
  // What btlint-bench measures to judge this finding, when not what its
  // rule declares (a measureName; empty: the rule's), and the limit the
  // measurement is held against where the finding chose it (low-occupancy:
  // the resident warps it asked for).
  std::string measure;
  std::optional<int64_t> measureLimit;
  // At most this severity, whatever the rule's configured one (the engine
  // applies it): a finding its rule knows to be weaker than usual.
  std::optional<Severity> severityCap;
  // What the finding is about, as data for the tools that act on it
  // (btlint-bench compiles that kernel with those configs): the kernel's
  // name and the configs of its autotune list it concerns (0-based, the one
  // the message names first). Empty: the file, or a launch of no kernel.
  std::string kernel;
  std::vector<size_t> configs;
  // The parameter values of the first of `configs` ("BLOCK_M=128 num_warps=4"),
  // which stay when the list grows or is reordered: part of the SARIF
  // fingerprint, where the config's number must not be.
  std::string configValues;
};

// Total order used for output: path, position, rule, arch, message (runs of
// digits in it compared as numbers: "hpp:410" before "hpp:1007").
bool diagnosticLess(const Diagnostic &a, const Diagnostic &b);

} // namespace btlint
