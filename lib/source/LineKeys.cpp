#include "source/LineKeys.h"
#include "source/CudaPaths.h"

#include <cctype>

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"

#include <regex>
#include <vector>

namespace btlint {

namespace {

std::vector<llvm::StringRef> splitLines(llvm::StringRef text) {
  std::vector<llvm::StringRef> lines;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == llvm::StringRef::npos) {
      if (start < text.size()) lines.push_back(text.substr(start));
      break;
    }
    llvm::StringRef line = text.slice(start, end);
    if (line.ends_with("\r")) line = line.drop_back();
    lines.push_back(line);
    start = end + 1;
  }
  return lines;
}

size_t indentOf(llvm::StringRef line) { return line.size() - line.ltrim(" \t").size(); }

bool blankOrComment(llvm::StringRef line, llvm::StringRef commentStart) {
  llvm::StringRef trimmed = line.trim();
  return trimmed.empty() || trimmed.starts_with(commentStart);
}

// `def NAME(` / `async def NAME(` at the start of a (trimmed) line.
std::string pythonDefName(llvm::StringRef line) {
  llvm::StringRef s = line.ltrim();
  if (s.consume_front("async")) s = s.ltrim();
  if (!s.consume_front("def ")) return {};
  s = s.ltrim();
  size_t n = 0;
  while (n < s.size() && (llvm::isAlnum(s[n]) || s[n] == '_')) ++n;
  return s.take_front(n).str();
}

// Python: the innermost `def` enclosing the line; for module-level lines
// (decorators, config lists) the next top-level `def` after it.
std::string pythonKernelAt(const std::vector<llvm::StringRef> &lines, uint32_t line) {
  if (line == 0 || line > lines.size()) return {};
  size_t index = line - 1;
  std::string own = pythonDefName(lines[index]);
  if (!own.empty()) return own;
  size_t boundary = blankOrComment(lines[index], "#") ? SIZE_MAX : indentOf(lines[index]);
  for (size_t i = index; i-- > 0 && boundary > 0;) {
    if (blankOrComment(lines[i], "#")) continue;
    size_t indent = indentOf(lines[i]);
    if (indent >= boundary) continue;
    std::string name = pythonDefName(lines[i]);
    if (!name.empty()) return name;
    boundary = indent;
  }
  for (size_t i = index + 1; i < lines.size(); ++i)
    if (indentOf(lines[i]) == 0) {
      std::string name = pythonDefName(lines[i]);
      if (!name.empty()) return name;
    }
  return {};
}

// CUDA: the nearest `__global__` function at or above the line, else below it.
std::string cudaKernelAt(llvm::StringRef text, const std::vector<llvm::StringRef> &lines, uint32_t line) {
  auto nameAfter = [&](size_t offset) -> std::string {
    static const std::regex identifierCall(R"(([A-Za-z_][A-Za-z0-9_]*)\s*\()");
    std::string rest = text.substr(offset, 1024).str();
    for (std::sregex_iterator it(rest.begin(), rest.end(), identifierCall), end; it != end; ++it) {
      std::string name = (*it)[1];
      if (name != "__launch_bounds__" && name != "__cluster_dims__" && name != "__align__") return name;
    }
    return {};
  };
  size_t lineOffset = 0;
  for (size_t i = 0; i + 1 < line && i < lines.size(); ++i) lineOffset = lines[i].end() - text.begin() + 1;
  size_t lineEnd = line <= lines.size() ? static_cast<size_t>(lines[line - 1].end() - text.begin()) : text.size();
  size_t before = text.substr(0, lineEnd).rfind("__global__");
  if (before != llvm::StringRef::npos) return nameAfter(before);
  size_t after = text.find("__global__", lineOffset);
  return after == llvm::StringRef::npos ? std::string() : nameAfter(after);
}

std::string yamlKeyName(llvm::StringRef line) {
  llvm::StringRef s = line.trim();
  if (s.starts_with("-")) return {};
  size_t colon = s.find(':');
  if (colon == llvm::StringRef::npos) return {};
  return s.take_front(colon).trim().trim("\"'").str();
}

// YAML tables: `kernel: NAME`, or the entry of `kernels:` the line lies in.
std::string yamlKernelAt(const std::vector<llvm::StringRef> &lines, uint32_t line) {
  size_t kernelsLine = SIZE_MAX;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (indentOf(lines[i]) != 0) continue;
    if (yamlKeyName(lines[i]) == "kernel") {
      llvm::StringRef value = lines[i].split(':').second.trim().trim("\"'");
      if (!value.empty()) return value.str();
    }
    if (yamlKeyName(lines[i]) == "kernels") kernelsLine = i;
  }
  if (kernelsLine == SIZE_MAX || line == 0 || line > lines.size() || line - 1 <= kernelsLine) return {};
  size_t entryIndent = SIZE_MAX;
  for (size_t i = kernelsLine + 1; i < lines.size(); ++i)
    if (!blankOrComment(lines[i], "#")) {
      entryIndent = indentOf(lines[i]);
      break;
    }
  if (entryIndent == 0 || entryIndent == SIZE_MAX) return {};
  for (size_t i = line; i-- > kernelsLine + 1;) {
    if (blankOrComment(lines[i], "#")) continue;
    if (indentOf(lines[i]) == 0) return {};
    if (indentOf(lines[i]) == entryIndent) return yamlKeyName(lines[i]);
  }
  return {};
}

} // namespace

std::string normalisedLine(const std::string &text, uint32_t line) {
  std::vector<llvm::StringRef> lines = splitLines(text);
  if (line == 0 || line > lines.size()) return {};
  return normalisedLineText(lines[line - 1]);
}

std::string normalisedLineText(std::string_view lineText) {
  std::string out;
  bool space = false;
  for (char c : llvm::StringRef(lineText).trim()) {
    if (c == ' ' || c == '\t') {
      space = true;
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

std::string withoutBlanks(std::string_view text) {
  std::string out;
  for (char c : text)
    if (c != ' ' && c != '\n' && c != '\t' && c != '\r' && c != '\\') out += c;
  return out;
}

size_t findWord(std::string_view text, std::string_view word, size_t from) {
  if (word.empty()) return std::string_view::npos;
  auto identifierChar = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t at = text.find(word, from); at != std::string_view::npos; at = text.find(word, at + 1)) {
    const size_t after = at + word.size();
    if ((at == 0 || !identifierChar(text[at - 1])) && (after >= text.size() || !identifierChar(text[after])))
      return at;
  }
  return std::string_view::npos;
}

bool containsWord(std::string_view text, std::string_view word) {
  return findWord(text, word) != std::string_view::npos;
}

std::string kernelNameAtLine(const std::string &text, const std::string &path, uint32_t line) {
  std::vector<llvm::StringRef> lines = splitLines(text);
  llvm::StringRef extension = llvm::sys::path::extension(path);
  if (extension == ".py" || extension == ".pyi") return pythonKernelAt(lines, line);
  if (isCudaSourcePath(path) || extension == ".h" || extension == ".hpp")
    return cudaKernelAt(text, lines, line);
  if (extension == ".yaml" || extension == ".yml") return yamlKernelAt(lines, line);
  return {};
}

} // namespace btlint
