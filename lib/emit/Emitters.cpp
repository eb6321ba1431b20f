#include "emit/Emitters.h"
#include "emit/RuleDocs.h"
#include "diag/FixSafety.h"
#include "rules/Rule.h"
#include "source/LineKeys.h"
#include "source/SourceFile.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <set>

namespace btlint {

std::optional<OutputFormat> parseOutputFormat(std::string_view text) {
  if (text == "text") return OutputFormat::Text;
  if (text == "json") return OutputFormat::Json;
  if (text == "sarif") return OutputFormat::Sarif;
  if (text == "github") return OutputFormat::Github;
  if (text == "junit") return OutputFormat::Junit;
  return std::nullopt;
}

uint32_t displayLine(const Diagnostic &d) { return d.span.valid() ? d.span.line : 1; }
uint32_t displayColumn(const Diagnostic &d) { return d.span.valid() ? d.span.column : 1; }
uint32_t displayEndLine(const Diagnostic &d) { return d.span.valid() ? d.span.endLine : 1; }
uint32_t displayEndColumn(const Diagnostic &d) { return d.span.valid() ? d.span.endColumn : 1; }

void emitText(llvm::raw_ostream &out, const std::vector<Diagnostic> &diagnostics, const EmitOptions &options) {
  for (const Diagnostic &d : diagnostics) {
    if (options.color) out.changeColor(llvm::raw_ostream::SAVEDCOLOR, /*bold=*/true);
    out << d.path << ':' << displayLine(d) << ':' << displayColumn(d) << ": ";
    if (options.color) {
      auto color = d.severity == Severity::Error     ? llvm::raw_ostream::RED
                   : d.severity == Severity::Warning ? llvm::raw_ostream::YELLOW
                                                     : llvm::raw_ostream::CYAN;
      out.changeColor(color, true);
    }
    out << severityName(d.severity) << ':';
    if (options.color) out.resetColor();
    bool fixable = options.showFixes && hasSafeFix(d);
    out << (fixable ? " [*] " : " ") << d.message << " [" << d.ruleId;
    if (d.arch) out << ", " << *d.arch;
    out << "]\n";
    for (const Note &note : d.notes) {
      out << "  ";
      // A note that names a place starts with it, as compilers print theirs.
      if (note.namesPlace())
        out << (note.path.empty() ? d.path : note.path) << ':' << note.span.line << ':' << note.span.column << ": ";
      out << "note: " << note.text << '\n';
    }
    if (fixable) out << "  fix: " << d.fix->description << '\n';
  }
}

static llvm::json::Value diagnosticToJson(const Diagnostic &d) {
  llvm::json::Array notes;
  for (const Note &n : d.notes) notes.push_back(n.text);
  llvm::json::Value fix = nullptr;
  if (d.fix) {
    llvm::json::Array edits;
    for (const auto &e : d.fix->edits)
      edits.push_back(llvm::json::Object{
          {"start_byte", e.startByte}, {"end_byte", e.endByte}, {"replacement", e.replacement}});
    fix = llvm::json::Object{{"description", d.fix->description}, {"safe", d.fix->safe}, {"edits", std::move(edits)}};
  }
  llvm::json::Object object{
      {"rule", d.ruleId},
      {"severity", std::string(severityName(d.severity))},
      {"path", d.path},
      {"line", displayLine(d)},
      {"column", displayColumn(d)},
      {"end_line", displayEndLine(d)},
      {"end_column", displayEndColumn(d)},
      {"message", d.message},
      {"arch", d.arch ? llvm::json::Value(*d.arch) : llvm::json::Value(nullptr)},
      {"notes", std::move(notes)},
      {"fix", std::move(fix)},
  };
  // Only where a finding asks btlint-bench for another measurement than its rule's.
  if (!d.measure.empty()) object["measure"] = d.measure;
  if (d.measureLimit) object["measure_limit"] = *d.measureLimit;
  // What the finding is about, for tools that act on it (btlint-bench --findings).
  if (!d.kernel.empty()) {
    object["kernel"] = d.kernel;
    object["configs"] = llvm::json::Array(std::vector<llvm::json::Value>(d.configs.begin(), d.configs.end()));
  }
  return object;
}

void emitJson(llvm::raw_ostream &out, const std::vector<Diagnostic> &diagnostics) {
  llvm::json::Array array;
  for (const Diagnostic &d : diagnostics) array.push_back(diagnosticToJson(d));
  out << llvm::formatv("{0:2}", llvm::json::Value(std::move(array))) << '\n';
}

static std::string sarifLevel(Severity s) {
  return s == Severity::Error ? "error" : s == Severity::Warning ? "warning" : "note";
}

// The folder SARIF URIs are relative to: the repository holding the working
// directory (its nearest ancestor with a `.git`), else the working directory.
// Code scanning resolves relative URIs against the repository root, so a run
// from a subfolder must not produce `../kernels/x.py`.
static std::string sarifRoot(const std::string &workingDirectory) {
  llvm::SmallString<256> dir(workingDirectory);
  while (!dir.empty()) {
    llvm::SmallString<256> git(dir);
    llvm::sys::path::append(git, ".git");
    if (llvm::sys::fs::exists(git)) return std::string(dir);
    llvm::StringRef parent = llvm::sys::path::parent_path(dir);
    if (parent == dir) break;
    dir = parent;
  }
  return workingDirectory;
}

// URI of a finding's file: relative to `root` with forward slashes when the
// file is inside it, else an absolute file:// URI; percent-encodes what a URI
// reference cannot hold.
static std::string sarifUri(const std::string &path, const std::string &workingDirectory, const std::string &root) {
  std::string p = path;
  bool relative = !llvm::sys::path::is_absolute(path);
  if (!workingDirectory.empty()) {
    llvm::SmallString<256> absolute(path);
    if (relative) {
      absolute = workingDirectory;
      llvm::sys::path::append(absolute, path);
    }
    llvm::sys::path::remove_dots(absolute, /*remove_dot_dot=*/true);
    llvm::StringRef rest(absolute);
    relative = rest.consume_front(llvm::StringRef(root).ends_with("/") ? root : root + "/");
    p = relative ? rest.str() : std::string(absolute);
  }
  std::string uri;
  for (unsigned char c : p) {
    if (std::isalnum(c) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~') uri += static_cast<char>(c);
    else {
      char buffer[4];
      std::snprintf(buffer, sizeof buffer, "%%%02X", c);
      uri += buffer;
    }
  }
  if (!relative) uri = "file://" + uri;
  return uri;
}

// The texts of the files findings point into, read once, for what SARIF
// needs of them: UTF-16 columns and the lines fingerprints are made of. A
// file that cannot be read any more keeps byte columns and an empty line.
class SarifSources {
public:
  const SourceFile *of(const std::string &path) {
    auto [it, inserted] = files_.try_emplace(path);
    if (inserted) {
      if (auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false))
        it->second = std::make_unique<SourceFile>(path, Language::Python, (*buffer)->getBuffer().str());
    }
    return it->second.get();
  }
  const std::string &text(const std::string &path) {
    static const std::string none;
    const SourceFile *file = of(path);
    return file ? file->text() : none;
  }

private:
  std::map<std::string, std::unique_ptr<SourceFile>> files_;
};

// A region in UTF-16 columns, as the log's columnKind declares; 1:1 for a
// span that points nowhere.
static llvm::json::Object sarifRegion(const SourceSpan &span, const SourceFile *file) {
  if (!span.valid()) return llvm::json::Object{{"startLine", 1}, {"startColumn", 1}, {"endLine", 1}, {"endColumn", 1}};
  auto column = [&](uint32_t line, uint32_t byteColumn) {
    return file ? utf16Column(file->lineText(line), byteColumn) : byteColumn;
  };
  const uint32_t endLine = span.endLine ? span.endLine : span.line;
  const uint32_t startColumn = column(span.line, span.column);
  uint32_t endColumn = span.endLine ? column(endLine, span.endColumn) : startColumn;
  if (endLine == span.line) endColumn = std::max(endColumn, startColumn);
  return llvm::json::Object{
      {"startLine", span.line}, {"startColumn", startColumn}, {"endLine", endLine}, {"endColumn", endColumn}};
}

// What identifies a finding across commits, so that code scanning keeps its
// alert open while the finding stays: the rule, the arch, the kernel, the
// flagged line's text as the baseline normalises it, the parameter values of
// the config it names first and which of the findings with all these equal
// it is. Never its line number, its config's number or its message, which
// change when lines move or a config is added to the list.
static std::string sarifFingerprint(const Diagnostic &d, SarifSources &sources,
                                    std::map<std::string, uint32_t> &occurrences) {
  const std::string &text = sources.text(d.path);
  const uint32_t line = d.span.valid() ? d.span.line : 1;
  const std::string kernel = d.kernel.empty() ? kernelNameAtLine(text, d.path, line) : d.kernel;
  std::string key = d.ruleId;
  for (const std::string *part : {&kernel, &d.configValues}) {
    key += '\0';
    key += *part;
  }
  key += '\0';
  key += d.arch.value_or("");
  key += '\0';
  const SourceFile *file = sources.of(d.path);
  key += normalisedLineText(file ? file->lineText(line) : std::string_view());
  const uint32_t occurrence = occurrences[d.path + '\0' + key]++;
  return llvm::utohexstr(llvm::xxh3_64bits(key), /*LowerCase=*/true, 16) + ":" + std::to_string(occurrence);
}

void emitSarif(llvm::raw_ostream &out, const std::vector<Diagnostic> &diagnostics, const EmitOptions &options) {
  const auto &registry = RuleRegistry::instance();
  llvm::json::Array rules;
  std::map<std::string, size_t> ruleIndex;
  for (const auto &rule : registry.rules()) {
    ruleIndex[rule.info.id] = rules.size();
    rules.push_back(llvm::json::Object{
        {"id", rule.info.id},
        {"name", rule.info.id},
        {"shortDescription", llvm::json::Object{{"text", rule.info.summary}}},
        {"fullDescription", llvm::json::Object{{"text", rule.info.doc.whatItDoes}}},
        {"help", llvm::json::Object{{"text", rule.info.doc.whyItMatters},
                                    {"markdown", ruleHelpMarkdown(rule.info)}}},
        {"defaultConfiguration", llvm::json::Object{{"level", sarifLevel(rule.info.defaultSeverity)}}},
        {"properties", llvm::json::Object{{"tags", llvm::json::Array{std::string(categoryName(rule.info.category))}}}},
    });
  }
  llvm::json::Array results;
  const std::string root = sarifRoot(options.workingDirectory);
  SarifSources sources;
  std::map<std::string, uint32_t> occurrences;
  auto physicalLocation = [&](const std::string &path, const SourceSpan &span) {
    return llvm::json::Object{
        {"artifactLocation", llvm::json::Object{{"uri", sarifUri(path, options.workingDirectory, root)}}},
        {"region", sarifRegion(span, sources.of(path))}};
  };
  for (const Diagnostic &d : diagnostics) {
    std::string text = d.message;
    if (d.arch) text += " (" + *d.arch + ")";
    // A note that names a place is also a related location, which the
    // message links to (code scanning shows a related location only so).
    llvm::json::Array related;
    for (const Note &n : d.notes) {
      text += "\nnote: " + n.text;
      if (!n.namesPlace()) continue;
      const std::string &path = n.path.empty() ? d.path : n.path;
      const int64_t id = static_cast<int64_t>(related.size()) + 1;
      text += " ([" + path + ":" + std::to_string(n.span.line) + "](" + std::to_string(id) + "))";
      related.push_back(llvm::json::Object{{"id", id},
                                           {"physicalLocation", physicalLocation(path, n.span)},
                                           {"message", llvm::json::Object{{"text", n.text}}}});
    }
    llvm::json::Object result{
        {"ruleId", d.ruleId},
        {"level", sarifLevel(d.severity)},
        {"message", llvm::json::Object{{"text", text}}},
        {"locations", llvm::json::Array{llvm::json::Object{{"physicalLocation", physicalLocation(d.path, d.span)}}}},
        {"partialFingerprints", llvm::json::Object{{"btlint/v2", sarifFingerprint(d, sources, occurrences)}}},
    };
    if (!related.empty()) result["relatedLocations"] = std::move(related);
    if (auto it = ruleIndex.find(d.ruleId); it != ruleIndex.end()) result["ruleIndex"] = it->second;
    if (d.arch) result["properties"] = llvm::json::Object{{"arch", *d.arch}};
    results.push_back(std::move(result));
  }
  llvm::json::Array notifications;
  for (const auto &e : options.inputErrors)
    notifications.push_back(llvm::json::Object{{"level", "error"}, {"message", llvm::json::Object{{"text", e}}}});
  llvm::json::Object run{
      {"tool", llvm::json::Object{{"driver", llvm::json::Object{{"name", "btlint"},
                                                                 {"version", BTLINT_VERSION},
                                                                 {"semanticVersion", BTLINT_VERSION},
                                                                 {"informationUri", "https://github.com/btlint/btlint"},
                                                                 {"rules", std::move(rules)}}}}},
      {"invocations", llvm::json::Array{llvm::json::Object{{"executionSuccessful", options.inputErrors.empty()},
                                                           {"toolExecutionNotifications", std::move(notifications)}}}},
      {"columnKind", "utf16CodeUnits"},
      {"results", std::move(results)},
  };
  llvm::json::Object log{{"version", "2.1.0"},
                         {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                         {"runs", llvm::json::Array{std::move(run)}}};
  out << llvm::formatv("{0:2}", llvm::json::Value(std::move(log))) << '\n';
}

static std::string githubEscape(const std::string &text, bool property) {
  std::string out;
  for (char c : text) {
    if (c == '%') out += "%25";
    else if (c == '\r') out += "%0D";
    else if (c == '\n') out += "%0A";
    else if (property && c == ':') out += "%3A";
    else if (property && c == ',') out += "%2C";
    else out += c;
  }
  return out;
}

void emitGithub(llvm::raw_ostream &out, const std::vector<Diagnostic> &diagnostics) {
  for (const Diagnostic &d : diagnostics) {
    std::string command = d.severity == Severity::Error ? "error" : d.severity == Severity::Warning ? "warning" : "notice";
    std::string message = d.message;
    for (const Note &n : d.notes) message += "\nnote: " + n.text;
    std::string title = "btlint (" + d.ruleId + (d.arch ? ", " + *d.arch : std::string()) + ")";
    out << "::" << command << " file=" << githubEscape(d.path, true) << ",line=" << displayLine(d)
        << ",endLine=" << displayEndLine(d) << ",col=" << displayColumn(d) << ",endColumn=" << displayEndColumn(d)
        << ",title=" << githubEscape(title, true) << "::" << githubEscape(message, false) << '\n';
  }
}

static std::string xmlEscape(const std::string &text) {
  std::string out;
  for (char c : text) {
    switch (c) {
    case '&': out += "&amp;"; break;
    case '<': out += "&lt;"; break;
    case '>': out += "&gt;"; break;
    case '"': out += "&quot;"; break;
    case '\'': out += "&apos;"; break;
    default:
      // XML 1.0 forbids most control characters.
      if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t' && c != '\r') out += "?";
      else out += c;
    }
  }
  return out;
}

void emitJunit(llvm::raw_ostream &out, const std::vector<Diagnostic> &diagnostics) {
  std::map<std::string, std::vector<const Diagnostic *>> byPath;
  for (const auto &d : diagnostics) byPath[d.path].push_back(&d);
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out << "<testsuites name=\"btlint\" tests=\"" << diagnostics.size() << "\" failures=\"" << diagnostics.size()
      << "\">\n";
  for (const auto &[path, list] : byPath) {
    out << "  <testsuite name=\"" << xmlEscape(path) << "\" tests=\"" << list.size() << "\" failures=\""
        << list.size() << "\">\n";
    for (const Diagnostic *d : list) {
      out << "    <testcase name=\"" << xmlEscape(d->ruleId) << "\" classname=\"" << xmlEscape(path) << "\" line=\""
          << displayLine(*d) << "\">\n";
      std::string body = path + ":" + std::to_string(displayLine(*d)) + ":" + std::to_string(displayColumn(*d)) +
                         ": " + d->message;
      for (const Note &n : d->notes) body += "\nnote: " + n.text;
      out << "      <failure message=\"" << xmlEscape(d->message) << "\" type=\"" << severityName(d->severity)
          << "\">" << xmlEscape(body) << "</failure>\n";
      out << "    </testcase>\n";
    }
    out << "  </testsuite>\n";
  }
  out << "</testsuites>\n";
}

void emit(OutputFormat format, llvm::raw_ostream &out, const std::vector<Diagnostic> &diagnostics,
          const EmitOptions &options) {
  switch (format) {
  case OutputFormat::Text: emitText(out, diagnostics, options); break;
  case OutputFormat::Json: emitJson(out, diagnostics); break;
  case OutputFormat::Sarif: emitSarif(out, diagnostics, options); break;
  case OutputFormat::Github: emitGithub(out, diagnostics); break;
  case OutputFormat::Junit: emitJunit(out, diagnostics); break;
  }
}

namespace {
std::vector<std::pair<std::string, size_t>> countsPerRule(const std::vector<Diagnostic> &diagnostics) {
  std::map<std::string, size_t> counts;
  for (const auto &d : diagnostics) ++counts[d.ruleId];
  std::vector<std::pair<std::string, size_t>> sorted(counts.begin(), counts.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto &a, const auto &b) { return a.second > b.second; });
  return sorted;
}

size_t filesNotAnalysed(const CoverageFigures &coverage) {
  size_t total = 0;
  for (const auto &[language, count] : coverage.filesNotAnalysedByLanguage) total += count;
  return total;
}
} // namespace

void emitStatistics(llvm::raw_ostream &out, const std::vector<Diagnostic> &diagnostics,
                    const CoverageFigures &coverage) {
  for (const auto &[id, count] : countsPerRule(diagnostics)) out << llvm::format("%6zu", count) << "  " << id << '\n';
  out << llvm::format("%6zu", diagnostics.size()) << "  total\n";
  // Coverage: a list not read whole is checked in part (config-list-unresolved says which).
  out << "autotune lists read whole: " << coverage.autotuneListsReadWhole << " of " << coverage.autotuneLists << '\n';
  // Files the pre-filter passed over (docs/cuda.md, "Which files are analysed"): said, never silent.
  std::string byLanguage;
  for (const auto &[language, count] : coverage.filesNotAnalysedByLanguage)
    byLanguage += (byLanguage.empty() ? "" : ", ") + std::to_string(count) + " " + language;
  out << "files read but not analysed (no kernel, config, launch or timing call in their text): "
      << filesNotAnalysed(coverage) << (byLanguage.empty() ? std::string() : " (" + byLanguage + ")") << '\n';
}

void emitStatisticsJson(llvm::raw_ostream &out, const std::vector<Diagnostic> &diagnostics,
                        const CoverageFigures &coverage) {
  llvm::json::Array rules;
  for (const auto &[id, count] : countsPerRule(diagnostics))
    rules.push_back(llvm::json::Object{{"rule", id}, {"count", count}});
  llvm::json::Object byLanguage;
  for (const auto &[language, count] : coverage.filesNotAnalysedByLanguage) byLanguage[language] = count;
  llvm::json::Object statistics{
      {"rules", std::move(rules)},
      {"total", diagnostics.size()},
      {"autotune_lists", llvm::json::Object{{"total", coverage.autotuneLists},
                                            {"read_whole", coverage.autotuneListsReadWhole}}},
      {"files_not_analysed", llvm::json::Object{{"total", filesNotAnalysed(coverage)},
                                                {"by_language", std::move(byLanguage)}}},
  };
  out << llvm::formatv("{0:2}", llvm::json::Value(std::move(statistics))) << '\n';
}

size_t countSafelyFixable(const std::vector<Diagnostic> &diagnostics) {
  return std::count_if(diagnostics.begin(), diagnostics.end(), hasSafeFix);
}

} // namespace btlint
