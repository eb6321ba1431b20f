#include "engine/Suppressions.h"

#include <algorithm>
#include <cctype>

namespace btlint {

namespace {


std::string_view trimmed(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return text;
}

// Parses "a, b-c" starting at `listStart` (just after '[' or '('), up to `close`.
// Returns false when the list is not closed.
bool parseIdList(const SourceFile &source, uint32_t listStart, char close, std::string_view prefix,
                 Suppression &out, uint32_t &listEnd) {
  const std::string &text = source.text();
  uint32_t i = listStart;
  while (i < text.size() && text[i] != close && text[i] != '\n') {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == ',')) ++i;
    uint32_t start = i;
    while (i < text.size() && text[i] != ',' && text[i] != close && text[i] != '\n') ++i;
    std::string_view raw(text.data() + start, i - start);
    std::string_view id = trimmed(raw);
    if (!id.empty()) {
      uint32_t idStart = start + static_cast<uint32_t>(id.data() - raw.data());
      Suppression::Id entry;
      if (!prefix.empty() && id.substr(0, prefix.size()) == prefix) id.remove_prefix(prefix.size());
      entry.id = std::string(id);
      entry.span = source.span(idStart, idStart + static_cast<uint32_t>(trimmed(raw).size()));
      out.ids.push_back(std::move(entry));
    }
  }
  if (i >= text.size() || text[i] != close) return false;
  listEnd = i + 1;
  return true;
}

// `btlint:` directive body starting at `at` (after "btlint:").
void parseBtlintDirective(const SourceFile &source, uint32_t directiveStart, uint32_t at,
                          uint32_t line, std::vector<Suppression> &out) {
  const std::string &text = source.text();
  while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
  uint32_t wordStart = at;
  while (at < text.size() && (std::isalnum(static_cast<unsigned char>(text[at])) || text[at] == '-' || text[at] == '_')) ++at;
  std::string_view word(text.data() + wordStart, at - wordStart);
  // Settings carried in comments are not suppressions.
  if (word == "dtype" || word == "shape" || word == "shapes") return;

  Suppression s;
  if (word == "ignore") {
    s.scope = Suppression::Scope::Line;
    s.targetLine = line;
  } else if (word == "ignore-next-line") {
    s.scope = Suppression::Scope::NextLine;
    s.targetLine = line + 1;
  } else if (word == "file-ignore") {
    s.scope = Suppression::Scope::File;
  } else {
    uint32_t end = at;
    while (end < text.size() && text[end] != '\n') ++end;
    s.span = source.span(directiveStart, end);
    s.malformed = word.empty() ? "`btlint:` comment without a directive"
                               : "unknown directive `" + std::string(word) +
                                     "`; expected `ignore[...]`, `ignore-next-line[...]` or `file-ignore[...]`";
    out.push_back(std::move(s));
    return;
  }
  uint32_t end = at;
  if (at < text.size() && text[at] == '[') {
    if (!parseIdList(source, at + 1, ']', "", s, end)) {
      s.malformed = "unclosed rule list in `" + std::string(word) + "[`";
      while (end < text.size() && text[end] != '\n') ++end;
    } else if (s.ids.empty()) {
      s.malformed = "empty rule list in `" + std::string(word) + "[]`; name the rules to suppress";
    }
  } else {
    s.malformed = "`" + std::string(word) + "` needs a list of rule ids, e.g. `" + std::string(word) +
                  "[smem-over-budget]`";
  }
  s.span = source.span(directiveStart, end);
  out.push_back(std::move(s));
}

void parseNolint(const SourceFile &source, uint32_t directiveStart, uint32_t at, bool nextLine,
                 uint32_t line, std::vector<Suppression> &out) {
  const std::string &text = source.text();
  if (at >= text.size() || text[at] != '(') return; // bare NOLINT is clang-tidy's, not ours
  Suppression s;
  s.scope = nextLine ? Suppression::Scope::NextLine : Suppression::Scope::Line;
  s.targetLine = nextLine ? line + 1 : line;
  uint32_t end = at;
  Suppression all;
  if (!parseIdList(source, at + 1, ')', "", all, end)) return;
  // Keep only btlint's ids; other checks' ids belong to clang-tidy.
  for (auto &id : all.ids)
    if (id.id.rfind("btlint-", 0) == 0) {
      id.id.erase(0, 7);
      s.ids.push_back(std::move(id));
    }
  if (s.ids.empty()) return;
  s.span = source.span(directiveStart, end);
  out.push_back(std::move(s));
}

// A comment: [start, end) including its opener.
struct CommentRange {
  uint32_t start = 0, end = 0;
};

// Comments of Python source: `#` outside string literals (plain, triple-quoted,
// with any prefix; an unterminated one-line string ends at its line's end).
std::vector<CommentRange> pythonComments(const std::string &text) {
  std::vector<CommentRange> comments;
  const size_t n = text.size();
  size_t i = 0;
  while (i < n) {
    // Jump to the next character that can open a comment or a string.
    size_t next = text.find_first_of("#\"'", i);
    if (next == std::string::npos) break;
    i = next;
    char c = text[i];
    if (c == '#') {
      size_t end = text.find('\n', i);
      if (end == std::string::npos) end = n;
      comments.push_back({static_cast<uint32_t>(i), static_cast<uint32_t>(end)});
      i = end;
      continue;
    }
    bool triple = i + 2 < n && text[i + 1] == c && text[i + 2] == c;
    i += triple ? 3 : 1;
    while (i < n) {
      if (text[i] == '\\') {
        i += 2;
      } else if (triple ? (text[i] == c && i + 2 < n && text[i + 1] == c && text[i + 2] == c) : text[i] == c) {
        i += triple ? 3 : 1;
        break;
      } else if (!triple && text[i] == '\n') {
        break; // unterminated: the tokenizer gives up at the line's end
      } else {
        ++i;
      }
    }
  }
  return comments;
}

// Comments of CUDA/C++ source: `//` to the line's end and `/* */`, outside
// string and character literals (raw strings R"d(...)d" included).
std::vector<CommentRange> cudaComments(const std::string &text) {
  std::vector<CommentRange> comments;
  const size_t n = text.size();
  size_t i = 0;
  while (i < n) {
    size_t next = text.find_first_of("/\"'", i);
    if (next == std::string::npos) break;
    i = next;
    char c = text[i];
    if (c == '/') {
      if (i + 1 < n && text[i + 1] == '/') {
        size_t end = text.find('\n', i);
        if (end == std::string::npos) end = n;
        comments.push_back({static_cast<uint32_t>(i), static_cast<uint32_t>(end)});
        i = end;
      } else if (i + 1 < n && text[i + 1] == '*') {
        size_t end = text.find("*/", i + 2);
        end = end == std::string::npos ? n : end + 2;
        comments.push_back({static_cast<uint32_t>(i), static_cast<uint32_t>(end)});
        i = end;
      } else {
        ++i;
      }
      continue;
    }
    if (c == '\'' && i > 0 && std::isdigit(static_cast<unsigned char>(text[i - 1]))) {
      ++i; // a digit separator (1'000'000), not a character literal
      continue;
    }
    if (c == '"' && i > 0 && text[i - 1] == 'R') {
      size_t open = text.find('(', i);
      size_t lineEnd = text.find('\n', i);
      if (open != std::string::npos && (lineEnd == std::string::npos || open < lineEnd)) {
        std::string close = ")" + text.substr(i + 1, open - i - 1) + "\"";
        size_t end = text.find(close, open);
        i = end == std::string::npos ? n : end + close.size();
        continue;
      }
    }
    ++i;
    while (i < n && text[i] != c && text[i] != '\n') i += text[i] == '\\' ? 2 : 1;
    if (i < n && text[i] == c) ++i;
  }
  return comments;
}

} // namespace

std::vector<Suppression> parseSuppressions(const SourceFile &source) {
  std::vector<Suppression> result;
  const std::string &text = source.text();
  const bool cuda = source.language() == Language::Cuda;
  const std::string_view marker = "btlint:";
  size_t position = text.find("btlint");
  if (position == std::string::npos) return result;
  // Only real comments count: `# btlint: ignore[...]` inside a string literal
  // or docstring is text. YAML keeps the simple reading (a `#` on the line).
  std::vector<CommentRange> comments;
  const bool yaml = source.language() == Language::Yaml;
  if (!yaml) comments = cuda ? cudaComments(text) : pythonComments(text);
  for (; position != std::string::npos; position = text.find("btlint", position)) {
    uint32_t at = static_cast<uint32_t>(position);
    position += 6;
    uint32_t lineStart = at;
    size_t opener = 0;
    if (yaml) {
      while (lineStart > 0 && text[lineStart - 1] != '\n') --lineStart;
      opener = std::string_view(text.data() + lineStart, at - lineStart).find('#');
      if (opener == std::string_view::npos) continue;
    } else {
      // The comment holding `at`, if any; its opener starts the directive.
      auto it = std::upper_bound(comments.begin(), comments.end(), at,
                                 [](uint32_t offset, const CommentRange &c) { return offset < c.start; });
      if (it == comments.begin()) continue;
      --it;
      if (at >= it->end) continue;
      lineStart = it->start;
    }
    std::string_view before(text.data() + lineStart, at - lineStart);
    uint32_t line = source.lineColumn(at).first;
    if (std::string_view(text).substr(at, marker.size()) == marker) {
      // Directly after the opener and spaces only: "# btlint:" not "# see btlint: docs".
      std::string_view between = trimmed(before.substr(opener + (cuda ? 2 : 1)));
      if (!between.empty() && between != "NOLINT") continue;
      parseBtlintDirective(source, lineStart + static_cast<uint32_t>(opener),
                           at + static_cast<uint32_t>(marker.size()), line, result);
    } else if (cuda) {
      // NOLINT(btlint-...) / NOLINTNEXTLINE(btlint-...): find the NOLINT word before.
      size_t nolint = before.rfind("NOLINT");
      if (nolint == std::string_view::npos || nolint < opener) continue;
      std::string_view word = before.substr(nolint);
      bool nextLine = word.rfind("NOLINTNEXTLINE", 0) == 0;
      uint32_t paren = lineStart + static_cast<uint32_t>(nolint) + (nextLine ? 14 : 6);
      if (paren >= text.size() || text[paren] != '(') continue;
      // Parse once per NOLINT comment: only from its first btlint- id.
      if (text.find("btlint-", paren) != position - 6) continue;
      parseNolint(source, lineStart + static_cast<uint32_t>(opener), paren, nextLine, line, result);
    }
  }
  return result;
}

bool suppresses(std::vector<Suppression> &suppressions, const Diagnostic &diagnostic) {
  bool suppressed = false;
  uint32_t line = diagnostic.span.valid() ? diagnostic.span.line : 1;
  for (Suppression &s : suppressions) {
    if (!s.malformed.empty()) continue;
    if (s.scope != Suppression::Scope::File && s.targetLine != line) continue;
    for (Suppression::Id &id : s.ids)
      if (id.id == diagnostic.ruleId) {
        id.used = true;
        suppressed = true;
      }
  }
  return suppressed;
}

std::string lineSuppressionComment(Language language, const std::string &ruleId) {
  return std::string(language == Language::Cuda ? "//" : "#") + " btlint: ignore[" + ruleId + "]";
}

} // namespace btlint
