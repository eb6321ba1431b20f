#include "engine/SourceFile.h"

#include <algorithm>
#include <cstring>

namespace btlint {

SourceFile::SourceFile(std::string path, Language language, std::string text)
    : path_(std::move(path)), language_(language), text_(std::move(text)) {
  lineStarts_.reserve(text_.size() / 32 + 1);
  lineStarts_.push_back(0);
  const char *begin = text_.data(), *end = begin + text_.size();
  for (const char *at = begin; (at = static_cast<const char *>(std::memchr(at, '\n', end - at))); ++at)
    lineStarts_.push_back(static_cast<uint32_t>(at - begin) + 1);
}

std::pair<uint32_t, uint32_t> SourceFile::lineColumn(uint32_t offset) const {
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
  auto it = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
  uint32_t lineIndex = static_cast<uint32_t>(it - lineStarts_.begin()) - 1;
  return {lineIndex + 1, offset - lineStarts_[lineIndex] + 1};
}

SourceSpan SourceFile::span(uint32_t startByte, uint32_t endByte) const {
  SourceSpan s;
  auto [line, column] = lineColumn(startByte);
  auto [endLine, endColumn] = lineColumn(std::max(startByte, endByte));
  s.line = line;
  s.column = column;
  s.endLine = endLine;
  s.endColumn = endColumn;
  s.startByte = startByte;
  s.endByte = std::max(startByte, endByte);
  return s;
}

SourceSpan SourceFile::lineSpan(uint32_t line) const {
  if (line == 0 || line > lineStarts_.size()) return {};
  uint32_t start = lineStarts_[line - 1];
  std::string_view text = lineText(line);
  return span(start, start + static_cast<uint32_t>(text.size()));
}

std::string_view SourceFile::lineText(uint32_t line) const {
  if (line == 0 || line > lineStarts_.size()) return {};
  uint32_t start = lineStarts_[line - 1];
  uint32_t end = line < lineStarts_.size() ? lineStarts_[line] - 1
                                           : static_cast<uint32_t>(text_.size());
  std::string_view view(text_);
  std::string_view result = view.substr(start, end - start);
  if (!result.empty() && result.back() == '\r') result.remove_suffix(1);
  return result;
}

} // namespace btlint
