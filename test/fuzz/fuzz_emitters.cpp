// libFuzzer target: the output formats fed with arbitrary diagnostics. The
// input is decoded into Diagnostic structs (odd strings and paths: control
// characters, quotes, invalid UTF-8, '..'; spans with any numbers; notes,
// fixes, archs); every format must be written without a crash, and the JSON
// and SARIF outputs must parse as JSON.
#include <cstddef>
#include <cstdint>
#include "emit/Emitters.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>
#include <cstdlib>

namespace {

std::string oddString(FuzzedDataProvider &input, size_t maxLength) {
  // Mostly raw bytes; sometimes a prefix that the emitters treat specially.
  static const char *const prefixes[] = {"", "/", "./", "../", "file://", "C:\\", "a/../../", "\\\\?\\",
                                         "%20", "\"", "<]]>", "\x1b[31m", "::error::", "\xef\xbb\xbf"};
  std::string text = prefixes[input.ConsumeIntegralInRange<size_t>(0, std::size(prefixes) - 1)];
  text += input.ConsumeRandomLengthString(maxLength);
  return text;
}

uint32_t oddNumber(FuzzedDataProvider &input) {
  switch (input.ConsumeIntegralInRange<int>(0, 3)) {
  case 0: return 0;
  case 1: return input.ConsumeIntegralInRange<uint32_t>(1, 200);
  case 2: return UINT32_MAX - input.ConsumeIntegralInRange<uint32_t>(0, 2);
  default: return input.ConsumeIntegral<uint32_t>();
  }
}

void mustParse(const std::string &text, const char *format) {
  if (auto parsed = llvm::json::parse(text); !parsed) {
    fprintf(stderr, "%s output is not valid JSON: %s\n", format, llvm::toString(parsed.takeError()).c_str());
    std::abort();
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace btlint;
  FuzzedDataProvider input(data, size);
  static const char *const ids[] = {"duplicate-config", "parse-error", "smem-over-budget", "unknown-rule",
                                    "num-warps-invalid", "no-such-rule"};
  std::vector<Diagnostic> diagnostics;
  const size_t count = input.ConsumeIntegralInRange<size_t>(0, 8);
  for (size_t i = 0; i < count && input.remaining_bytes(); ++i) {
    Diagnostic d;
    d.ruleId = input.ConsumeBool() ? std::string(ids[input.ConsumeIntegralInRange<size_t>(0, std::size(ids) - 1)])
                                   : oddString(input, 24);
    d.severity = static_cast<Severity>(input.ConsumeIntegralInRange<int>(0, 2));
    d.path = oddString(input, 64);
    d.span.line = oddNumber(input);
    d.span.column = oddNumber(input);
    d.span.endLine = oddNumber(input);
    d.span.endColumn = oddNumber(input);
    d.span.startByte = oddNumber(input);
    d.span.endByte = oddNumber(input);
    d.message = oddString(input, 128);
    if (input.ConsumeBool()) d.arch = oddString(input, 8);
    for (size_t n = input.ConsumeIntegralInRange<size_t>(0, 3); n > 0; --n) d.notes.push_back(oddString(input, 64));
    if (input.ConsumeBool()) {
      Fix fix;
      fix.description = oddString(input, 32);
      fix.safe = input.ConsumeBool();
      for (size_t n = input.ConsumeIntegralInRange<size_t>(0, 3); n > 0; --n)
        fix.edits.push_back(TextEdit{oddNumber(input), oddNumber(input), oddString(input, 32)});
      d.fix = std::move(fix);
    }
    diagnostics.push_back(std::move(d));
  }
  EmitOptions options;
  options.color = input.ConsumeBool();
  options.showFixes = input.ConsumeBool();
  options.workingDirectory = input.ConsumeBool() ? "/work/repo" : oddString(input, 32);
  for (size_t n = input.ConsumeIntegralInRange<size_t>(0, 2); n > 0; --n)
    options.inputErrors.push_back(oddString(input, 64));

  for (OutputFormat format : {OutputFormat::Text, OutputFormat::Json, OutputFormat::Sarif, OutputFormat::Github,
                              OutputFormat::Junit}) {
    std::string text;
    llvm::raw_string_ostream out(text);
    emit(format, out, diagnostics, options);
    out.flush();
    if (format == OutputFormat::Json) mustParse(text, "JSON");
    if (format == OutputFormat::Sarif) mustParse(text, "SARIF");
  }
  CoverageFigures coverage;
  coverage.autotuneLists = input.ConsumeIntegral<uint16_t>();
  coverage.autotuneListsReadWhole = input.ConsumeIntegral<uint16_t>();
  coverage.filesNotAnalysedByLanguage[oddString(input, 16)] = input.ConsumeIntegral<uint16_t>();
  std::string statistics;
  llvm::raw_string_ostream out(statistics);
  emitStatistics(out, diagnostics, coverage);
  out.flush();
  statistics.clear();
  emitStatisticsJson(out, diagnostics, coverage);
  out.flush();
  mustParse(statistics, "statistics JSON");
  return 0;
}
