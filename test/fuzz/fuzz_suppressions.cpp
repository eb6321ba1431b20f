// libFuzzer target: suppression comments (lib/engine/Suppressions). The first
// byte picks the language; the rest is the file. Every directive must point
// inside the file, and matching diagnostics against them must not crash.
#include <cstddef>
#include <cstdint>
#include "source/SourceFile.h"
#include "engine/Suppressions.h"

#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace btlint;
  if (size == 0) return 0;
  const Language languages[] = {Language::Python, Language::Cuda, Language::Yaml};
  const Language language = languages[data[0] % 3];
  const char *names[] = {"f.py", "f.cu", "f.yaml"};
  SourceFile source(names[data[0] % 3], language, std::string(reinterpret_cast<const char *>(data + 1), size - 1));
  std::vector<Suppression> suppressions = parseSuppressions(source);
  const uint32_t lines = source.lineCount();
  for (const Suppression &s : suppressions) {
    if (s.span.line == 0 || s.span.line > lines || s.targetLine > lines + 1) {
      fprintf(stderr, "directive at line %u (target %u) in a file of %u lines\n", s.span.line, s.targetLine, lines);
      std::abort();
    }
    for (const Suppression::Id &id : s.ids)
      if (id.span.line > lines) {
        fprintf(stderr, "id %s at line %u in a file of %u lines\n", id.id.c_str(), id.span.line, lines);
        std::abort();
      }
  }
  // A finding of each id named, on each line a directive targets, plus one with
  // no location: matching must not crash and a named id must match its line.
  for (const Suppression &s : suppressions) {
    for (const Suppression::Id &id : s.ids) {
      Diagnostic d;
      d.ruleId = id.id;
      d.path = source.path();
      if (s.targetLine) d.span = source.lineSpan(s.targetLine <= lines ? s.targetLine : lines);
      suppresses(suppressions, d);
    }
  }
  Diagnostic nowhere;
  nowhere.ruleId = "duplicate-config";
  suppresses(suppressions, nowhere);
  return 0;
}
