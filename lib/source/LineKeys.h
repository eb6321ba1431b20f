#pragma once
// What identifies a finding's line when its number changes: the kernel the
// line belongs to and the line's text with its whitespace normalised. Read
// from the text alone, so the baseline (engine/Baseline) and the SARIF
// fingerprints (emit/Emitters) match a finding the same way.
#include <cstdint>
#include <string>
#include <string_view>

namespace btlint {

// The kernel a 1-based line belongs to, read from the text ("" when none):
// Python, the innermost `def` around it, else for a module-level line the
// next top-level `def`; CUDA, the nearest `__global__` function at or above
// it, else below; YAML, the table's kernel or its entry of `kernels:`.
std::string kernelNameAtLine(const std::string &text, const std::string &path, uint32_t line);

// The text of a 1-based line, trimmed, with each run of blanks made one space.
std::string normalisedLine(const std::string &text, uint32_t line);
// The same for a line already taken out of its text.
std::string normalisedLineText(std::string_view lineText);

// An expression's text with its whitespace and line continuations taken
// out, for comparing two expressions as written (`n / 8` and `n/8`).
std::string withoutBlanks(std::string_view text);

// Where `text` holds `word` as a whole identifier from `from` on (`n` in
// `n * 2`, not in `n_rows`), or npos.
size_t findWord(std::string_view text, std::string_view word, size_t from = 0);
// Whether it holds it anywhere.
bool containsWord(std::string_view text, std::string_view word);

} // namespace btlint
