#pragma once
#include "diag/SourceSpan.h"
#include "model/KernelModel.h"

#include <string>
#include <string_view>
#include <vector>

namespace btlint {

// The UTF-16 code units before a 1-based byte column of `lineText` (plus one:
// a 1-based UTF-16 column), as SARIF and editors count. Bytes that are not
// UTF-8 count one unit each.
uint32_t utf16Column(std::string_view lineText, uint32_t byteColumn);

// The text of one input file with a line index for offset <-> line:column.
class SourceFile {
public:
  SourceFile(std::string path, Language language, std::string text);

  const std::string &path() const { return path_; }
  Language language() const { return language_; }
  const std::string &text() const { return text_; }

  // 1-based line and byte column of a 0-based byte offset.
  std::pair<uint32_t, uint32_t> lineColumn(uint32_t offset) const;
  // A span covering [startByte, endByte).
  SourceSpan span(uint32_t startByte, uint32_t endByte) const;
  // Span of a whole line (1-based), without its newline.
  SourceSpan lineSpan(uint32_t line) const;
  std::string_view lineText(uint32_t line) const;
  uint32_t lineCount() const { return static_cast<uint32_t>(lineStarts_.size()); }

private:
  std::string path_;
  Language language_;
  std::string text_;
  std::vector<uint32_t> lineStarts_;
};

} // namespace btlint
