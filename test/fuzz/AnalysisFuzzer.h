#pragma once
// The body of the fuzz targets that lint one file through the engine, so that
// reading, the front-end, the evaluator, every rule, suppressions and the JSON
// emitter all run on the input. Invariants checked beyond "no crash":
//   - every finding names the linted file and a line inside it;
//   - the JSON output parses.
#include <cstddef>
#include <cstdint>
#include "FuzzSupport.h"

#include "config/ProjectConfig.h"
#include "emit/Emitters.h"
#include "engine/Engine.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

namespace btlint::fuzz {

inline void lintOneFile(const std::string &fileName, const uint8_t *data, size_t size) {
  const std::string path = writeScratchFile(fileName, data, size);
  EngineOptions options;
  options.paths = {path};
  options.archs = {"sm90", "gfx942"};
  options.jobs = 1;
  ProjectConfig config; // none: defaults, every rule on
  RunResult result = runAnalysis(options, config);

  const uint32_t lines = 1 + static_cast<uint32_t>(std::count(data, data + size, '\n'));
  for (const Diagnostic &d : result.diagnostics) {
    if (d.path != path) {
      fprintf(stderr, "finding for another path: %s\n", d.path.c_str());
      std::abort();
    }
    if (d.span.line > lines || d.span.endLine > lines || (d.span.valid() && d.span.endLine < d.span.line)) {
      fprintf(stderr, "[%s] span %u:%u-%u:%u outside the file's %u lines\n", d.ruleId.c_str(), d.span.line,
              d.span.column, d.span.endLine, d.span.endColumn, lines);
      std::abort();
    }
  }
  std::string json;
  llvm::raw_string_ostream out(json);
  emitJson(out, result.diagnostics);
  out.flush();
  if (auto parsed = llvm::json::parse(json); !parsed) {
    fprintf(stderr, "emitJson wrote invalid JSON: %s\n", llvm::toString(parsed.takeError()).c_str());
    std::abort();
  }
}

} // namespace btlint::fuzz
