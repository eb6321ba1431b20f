#include "engine/Baseline.h"
#include "engine/Engine.h"
#include "source/LineKeys.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <yaml-cpp/yaml.h>

#include <map>
#include <tuple>

namespace btlint {

namespace {

constexpr int kBaselineVersion = 1;

std::string absoluteClean(llvm::StringRef path) {
  llvm::SmallString<256> absolute(path);
  llvm::sys::fs::make_absolute(absolute);
  llvm::sys::path::remove_dots(absolute, /*remove_dot_dot=*/true);
  return std::string(absolute);
}

// `path` relative to `folder`, with `..` where needed; '/'-separated.
std::string relativePath(const std::string &path, const std::string &folder) {
  std::vector<std::string> target, base;
  for (auto it = llvm::sys::path::begin(path), end = llvm::sys::path::end(path); it != end; ++it)
    target.push_back(it->str());
  for (auto it = llvm::sys::path::begin(folder), end = llvm::sys::path::end(folder); it != end; ++it)
    base.push_back(it->str());
  size_t common = 0;
  while (common < target.size() && common < base.size() && target[common] == base[common]) ++common;
  std::vector<std::string> parts;
  for (size_t i = common; i < base.size(); ++i) parts.push_back("..");
  for (size_t i = common; i < target.size(); ++i) parts.push_back(target[i]);
  return llvm::join(parts, "/");
}

std::string baselineFolder(const std::string &baselinePath) {
  std::string absolute = absoluteClean(baselinePath);
  return std::string(llvm::sys::path::parent_path(absolute));
}

using Key = std::tuple<std::string, std::string, std::string, std::string, std::string, uint32_t>;
Key keyOf(const BaselineEntry &e) { return {e.rule, e.path, e.arch, e.kernel, e.fingerprint, e.occurrence}; }

} // namespace

bool BaselineEntry::sameKey(const BaselineEntry &other) const { return keyOf(*this) == keyOf(other); }

std::vector<BaselineEntry> baselineEntriesFor(const std::vector<Diagnostic> &diagnostics,
                                              const std::string &baselinePath) {
  const std::string folder = baselineFolder(baselinePath);
  std::map<std::string, std::string> texts; // path -> text ("" when unreadable)
  std::map<Key, uint32_t> seen;
  std::vector<BaselineEntry> entries;
  for (const Diagnostic &d : diagnostics) {
    auto [it, inserted] = texts.try_emplace(d.path);
    if (inserted) {
      std::string error;
      if (auto text = readSourceText(d.path, 32u << 20, error)) it->second = std::move(*text);
    }
    const std::string &text = it->second;
    BaselineEntry entry;
    entry.rule = d.ruleId;
    entry.path = relativePath(absoluteClean(d.path), folder);
    entry.arch = d.arch.value_or("");
    const uint32_t line = d.span.valid() ? d.span.line : 1;
    entry.kernel = kernelNameAtLine(text, d.path, line);
    entry.fingerprint = llvm::utohexstr(llvm::xxh3_64bits(normalisedLine(text, line)), /*LowerCase=*/true, 16);
    entry.line = line;
    entry.message = d.message;
    Key key = keyOf(entry);
    entry.occurrence = seen[key]++;
    entries.push_back(std::move(entry));
  }
  return entries;
}

bool writeBaselineFile(const std::string &baselinePath, const std::vector<BaselineEntry> &entries,
                       std::string &error) {
  std::string body;
  llvm::raw_string_ostream os(body);
  os << "{\n  \"version\": " << kBaselineVersion << ",\n  \"findings\": [";
  for (size_t i = 0; i < entries.size(); ++i) {
    const BaselineEntry &e = entries[i];
    llvm::json::Object object{{"rule", e.rule},
                              {"path", e.path},
                              {"arch", e.arch.empty() ? llvm::json::Value(nullptr) : llvm::json::Value(e.arch)},
                              {"kernel", e.kernel},
                              {"fingerprint", e.fingerprint},
                              {"occurrence", static_cast<int64_t>(e.occurrence)},
                              {"line", static_cast<int64_t>(e.line)},
                              {"message", e.message}};
    os << (i == 0 ? "\n    " : ",\n    ") << llvm::json::Value(std::move(object));
  }
  os << (entries.empty() ? "]\n}\n" : "\n  ]\n}\n");
  os.flush();

  llvm::SmallString<256> temporary;
  int fd = -1;
  llvm::SmallString<256> model(baselinePath);
  model += ".tmp-%%%%%%";
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(model, fd, temporary)) {
    error = baselinePath + ": cannot write: " + ec.message();
    return false;
  }
  {
    llvm::raw_fd_ostream out(fd, /*shouldClose=*/true);
    out << body;
    out.close();
    if (out.has_error()) {
      error = baselinePath + ": cannot write: " + out.error().message();
      out.clear_error();
      llvm::sys::fs::remove(temporary);
      return false;
    }
  }
  if (std::error_code ec = llvm::sys::fs::rename(temporary, baselinePath)) {
    llvm::sys::fs::remove(temporary);
    error = baselinePath + ": cannot write: " + ec.message();
    return false;
  }
  return true;
}

std::optional<std::vector<BaselineEntry>> readBaselineFile(const std::string &baselinePath, std::string &error) {
  std::string readError;
  std::optional<std::string> text = readSourceText(baselinePath, 256u << 20, readError);
  if (!text) {
    error = baselinePath + ": " + readError;
    return std::nullopt;
  }
  auto at = [&](const YAML::Mark &mark, const std::string &message) {
    if (mark.line < 0) return baselinePath + ": " + message;
    return baselinePath + ":" + std::to_string(mark.line + 1) + ":" + std::to_string(mark.column + 1) + ": " +
           message;
  };
  // JSON is read with the YAML parser: JSON is YAML 1.2, and every node keeps
  // its position for errors about the content, not only the syntax.
  YAML::Node root;
  try {
    root = YAML::Load(*text);
  } catch (const YAML::Exception &e) {
    error = at(e.mark, "malformed baseline: " + e.msg);
    return std::nullopt;
  }
  try {
    if (!root.IsMap()) {
      error = at(root.Mark(), "a baseline is a JSON object with `version` and `findings`");
      return std::nullopt;
    }
    const YAML::Node version = root["version"];
    if (!version) {
      error = at(root.Mark(), "the baseline has no `version`");
      return std::nullopt;
    }
    int versionNumber = 0;
    if (!version.IsScalar() || !YAML::convert<int>::decode(version, versionNumber) ||
        versionNumber != kBaselineVersion) {
      error = at(version.Mark(), "unsupported baseline version `" + (version.IsScalar() ? version.Scalar() : "") +
                                     "`; this btlint reads version " + std::to_string(kBaselineVersion));
      return std::nullopt;
    }
    const YAML::Node findings = root["findings"];
    if (!findings || !findings.IsSequence()) {
      error = at(findings ? findings.Mark() : root.Mark(), "`findings` must be a list");
      return std::nullopt;
    }
    std::vector<BaselineEntry> entries;
    for (const YAML::Node &item : findings) {
      if (!item.IsMap()) {
        error = at(item.Mark(), "each finding must be an object");
        return std::nullopt;
      }
      BaselineEntry entry;
      auto stringField = [&](const char *field, std::string &out, bool nullable) {
        const YAML::Node value = item[field];
        if (!value) {
          error = at(item.Mark(), std::string("the finding has no `") + field + "`");
          return false;
        }
        if (nullable && value.IsNull()) return true;
        if (!value.IsScalar()) {
          error = at(value.Mark(), std::string("`") + field + "` must be a string");
          return false;
        }
        out = value.Scalar();
        return true;
      };
      if (!stringField("rule", entry.rule, false) || !stringField("path", entry.path, false) ||
          !stringField("arch", entry.arch, true) || !stringField("kernel", entry.kernel, false) ||
          !stringField("fingerprint", entry.fingerprint, false))
        return std::nullopt;
      const YAML::Node occurrence = item["occurrence"];
      unsigned occurrenceNumber = 0;
      if (!occurrence || !occurrence.IsScalar() || !YAML::convert<unsigned>::decode(occurrence, occurrenceNumber)) {
        error = at(occurrence ? occurrence.Mark() : item.Mark(), "`occurrence` must be a non-negative integer");
        return std::nullopt;
      }
      entry.occurrence = occurrenceNumber;
      if (const YAML::Node line = item["line"]; line && line.IsScalar()) {
        unsigned lineNumber = 0;
        if (YAML::convert<unsigned>::decode(line, lineNumber)) entry.line = lineNumber;
      }
      if (const YAML::Node message = item["message"]; message && message.IsScalar()) entry.message = message.Scalar();
      entries.push_back(std::move(entry));
    }
    return entries;
  } catch (const YAML::Exception &e) {
    error = at(e.mark, "malformed baseline: " + e.msg);
    return std::nullopt;
  }
}

BaselineFilterResult filterByBaseline(std::vector<Diagnostic> diagnostics,
                                      const std::vector<BaselineEntry> &baseline, const std::string &baselinePath) {
  std::map<Key, bool> accepted; // key -> used
  for (const BaselineEntry &e : baseline) accepted.emplace(keyOf(e), false);
  std::vector<BaselineEntry> current = baselineEntriesFor(diagnostics, baselinePath);
  BaselineFilterResult result;
  for (size_t i = 0; i < diagnostics.size(); ++i) {
    auto it = accepted.find(keyOf(current[i]));
    if (it != accepted.end()) {
      it->second = true;
      ++result.matched;
    } else {
      result.newFindings.push_back(std::move(diagnostics[i]));
    }
  }
  for (const auto &[key, used] : accepted)
    if (!used) ++result.stale;
  return result;
}

} // namespace btlint
