#include "engine/FixApplier.h"
#include "diag/FixSafety.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace btlint {

namespace {

const char kByteOrderMark[] = "\xEF\xBB\xBF";

bool overlaps(const TextEdit &a, const TextEdit &b) {
  // Two insertions at the same point conflict (their order is unknown);
  // an insertion at the boundary of a replacement does not.
  if (a.startByte == a.endByte && b.startByte == b.endByte) return a.startByte == b.startByte;
  return a.startByte < b.endByte && b.startByte < a.endByte;
}

bool sameEdits(const std::vector<TextEdit> &a, const std::vector<TextEdit> &b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].startByte != b[i].startByte || a[i].endByte != b[i].endByte || a[i].replacement != b[i].replacement)
      return false;
  return true;
}

bool readForFix(const std::string &path, std::string &bom, std::string &text, std::string &error) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!buffer) {
    error = path + ": cannot read file: " + buffer.getError().message();
    return false;
  }
  llvm::StringRef content = (*buffer)->getBuffer();
  bom.clear();
  if (content.starts_with(kByteOrderMark)) {
    bom = kByteOrderMark;
    content = content.drop_front(3);
  }
  text = content.str();
  return true;
}

struct Line {
  std::string text; // without its newline
  bool newline = true;
};

std::vector<Line> linesOf(llvm::StringRef text) {
  std::vector<Line> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == llvm::StringRef::npos) {
      lines.push_back({text.substr(start).str(), false});
      break;
    }
    lines.push_back({text.slice(start, end).str(), true});
    start = end + 1;
  }
  return lines;
}

} // namespace

std::vector<FileFixPlan> planFixes(const std::vector<Diagnostic> &diagnostics) {
  std::map<std::string, std::vector<const Diagnostic *>> byPath;
  for (const Diagnostic &d : diagnostics)
    if (hasSafeFix(d)) byPath[d.path].push_back(&d);
  std::vector<FileFixPlan> plans;
  for (auto &[path, found] : byPath) {
    std::stable_sort(found.begin(), found.end(), [](const Diagnostic *a, const Diagnostic *b) {
      auto first = [](const Diagnostic *d) {
        uint32_t start = UINT32_MAX;
        for (const TextEdit &e : d->fix->edits) start = std::min(start, e.startByte);
        return start;
      };
      return first(a) < first(b);
    });
    FileFixPlan plan;
    plan.path = path;
    std::vector<std::vector<TextEdit>> taken;
    for (const Diagnostic *d : found) {
      bool duplicate = std::any_of(taken.begin(), taken.end(),
                                   [&](const std::vector<TextEdit> &edits) { return sameEdits(edits, d->fix->edits); });
      if (duplicate) continue; // the same fix, found for another arch
      bool conflict = false;
      for (const TextEdit &edit : d->fix->edits) {
        if (edit.startByte > edit.endByte) conflict = true;
        for (const TextEdit &other : plan.edits)
          if (overlaps(edit, other)) conflict = true;
      }
      if (conflict) continue;
      taken.push_back(d->fix->edits);
      plan.edits.insert(plan.edits.end(), d->fix->edits.begin(), d->fix->edits.end());
      plan.fixes.push_back({d->ruleId, d->fix->description, d->span});
    }
    std::sort(plan.edits.begin(), plan.edits.end(), [](const TextEdit &a, const TextEdit &b) {
      return std::tie(a.startByte, a.endByte) < std::tie(b.startByte, b.endByte);
    });
    if (!plan.fixes.empty()) plans.push_back(std::move(plan));
  }
  return plans;
}

std::string applyEdits(const std::string &text, const std::vector<TextEdit> &edits) {
  std::string out;
  out.reserve(text.size());
  size_t cursor = 0;
  for (const TextEdit &edit : edits) {
    size_t start = std::min<size_t>(edit.startByte, text.size());
    size_t end = std::min<size_t>(edit.endByte, text.size());
    out.append(text, cursor, start - std::min(start, cursor));
    out += edit.replacement;
    cursor = std::max(cursor, end);
  }
  if (cursor < text.size()) out.append(text, cursor, std::string::npos);
  return out;
}

bool fixedText(const FileFixPlan &plan, std::string &before, std::string &after, std::string &error) {
  std::string bom;
  if (!readForFix(plan.path, bom, before, error)) return false;
  for (const TextEdit &edit : plan.edits)
    if (edit.endByte > before.size()) {
      error = plan.path + ": the file changed while btlint ran; not fixed";
      return false;
    }
  after = applyEdits(before, plan.edits);
  return true;
}

bool writeFixedFile(const FileFixPlan &plan, std::string &error) {
  std::string bom, before;
  if (!readForFix(plan.path, bom, before, error)) return false;
  for (const TextEdit &edit : plan.edits)
    if (edit.endByte > before.size()) {
      error = plan.path + ": the file changed while btlint ran; not fixed";
      return false;
    }
  const std::string after = bom + applyEdits(before, plan.edits);

  llvm::sys::fs::file_status status;
  const bool haveStatus = !llvm::sys::fs::status(plan.path, status);
  llvm::SmallString<256> model(plan.path);
  model += ".btlint-fix-%%%%%%";
  llvm::SmallString<256> temporary;
  int fd = -1;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(model, fd, temporary)) {
    error = plan.path + ": cannot write the fixed file: " + ec.message();
    return false;
  }
  {
    llvm::raw_fd_ostream out(fd, /*shouldClose=*/true);
    out << after;
    out.close();
    if (out.has_error()) {
      error = plan.path + ": cannot write the fixed file: " + out.error().message();
      out.clear_error();
      llvm::sys::fs::remove(temporary);
      return false;
    }
  }
  if (haveStatus) (void)llvm::sys::fs::setPermissions(temporary, status.permissions());
  if (std::error_code ec = llvm::sys::fs::rename(temporary, plan.path)) {
    llvm::sys::fs::remove(temporary);
    error = plan.path + ": cannot replace the file: " + ec.message();
    return false;
  }
  return true;
}

std::string unifiedDiff(const std::string &path, const std::string &before, const std::string &after,
                        const std::vector<TextEdit> &edits) {
  if (before == after) return {};
  const std::vector<Line> oldLines = linesOf(before);
  std::vector<size_t> lineStarts;
  {
    size_t start = 0;
    for (const Line &l : oldLines) {
      lineStarts.push_back(start);
      start += l.text.size() + (l.newline ? 1 : 0);
    }
  }
  auto lineOf = [&](size_t byte) -> size_t {
    if (lineStarts.empty()) return 0;
    auto it = std::upper_bound(lineStarts.begin(), lineStarts.end(), byte);
    return static_cast<size_t>(it - lineStarts.begin()) - 1;
  };
  auto lineEnd = [&](size_t line) { return line + 1 < lineStarts.size() ? lineStarts[line + 1] : before.size(); };

  // Each change replaces old lines [first, first + count) with new lines.
  struct Change {
    size_t first = 0, count = 0;
    std::vector<Line> replacement;
  };
  std::vector<Change> changes;
  for (size_t i = 0; i < edits.size();) {
    size_t first = lineOf(edits[i].startByte);
    size_t last = edits[i].endByte > edits[i].startByte ? lineOf(edits[i].endByte - 1) : first;
    size_t j = i + 1;
    while (j < edits.size() && lineOf(edits[j].startByte) <= last) {
      if (edits[j].endByte > edits[j].startByte) last = std::max(last, lineOf(edits[j].endByte - 1));
      ++j;
    }
    Change change;
    change.first = first;
    change.count = oldLines.empty() ? 0 : last - first + 1;
    const size_t regionStart = oldLines.empty() ? 0 : lineStarts[first];
    const size_t regionEnd = oldLines.empty() ? 0 : lineEnd(last);
    std::vector<TextEdit> shifted(edits.begin() + i, edits.begin() + j);
    for (TextEdit &e : shifted) {
      e.startByte -= regionStart;
      e.endByte -= regionStart;
    }
    change.replacement = linesOf(applyEdits(before.substr(regionStart, regionEnd - regionStart), shifted));
    changes.push_back(std::move(change));
    i = j;
  }

  std::string out;
  llvm::raw_string_ostream os(out);
  llvm::StringRef shown(path);
  while (shown.consume_front("./")) {
  }
  os << "--- a/" << shown << "\n+++ b/" << shown << "\n";
  auto emit = [&](char prefix, const Line &line) {
    os << prefix << line.text << '\n';
    if (!line.newline) os << "\\ No newline at end of file\n";
  };
  const size_t context = 3;
  long delta = 0; // new line number minus old line number before the current hunk
  for (size_t c = 0; c < changes.size();) {
    size_t hunkStart = changes[c].first >= context ? changes[c].first - context : 0;
    size_t d = c;
    size_t hunkEnd = std::min(oldLines.size(), changes[d].first + changes[d].count + context);
    while (d + 1 < changes.size() && changes[d + 1].first <= hunkEnd + context) {
      ++d;
      hunkEnd = std::min(oldLines.size(), changes[d].first + changes[d].count + context);
    }
    size_t oldCount = hunkEnd - hunkStart, newCount = oldCount;
    for (size_t k = c; k <= d; ++k) newCount = newCount - changes[k].count + changes[k].replacement.size();
    auto startOf = [](size_t start, size_t count) { return count == 0 ? start : start + 1; };
    os << "@@ -" << startOf(hunkStart, oldCount) << ',' << oldCount << " +"
       << startOf(static_cast<size_t>(static_cast<long>(hunkStart) + delta), newCount) << ',' << newCount << " @@\n";
    size_t position = hunkStart;
    for (size_t k = c; k <= d; ++k) {
      for (; position < changes[k].first; ++position) emit(' ', oldLines[position]);
      for (size_t l = 0; l < changes[k].count; ++l) emit('-', oldLines[changes[k].first + l]);
      for (const Line &line : changes[k].replacement) emit('+', line);
      position = changes[k].first + changes[k].count;
      delta += static_cast<long>(changes[k].replacement.size()) - static_cast<long>(changes[k].count);
    }
    for (; position < hunkEnd; ++position) emit(' ', oldLines[position]);
    c = d + 1;
  }
  os.flush();
  return out;
}

} // namespace btlint
