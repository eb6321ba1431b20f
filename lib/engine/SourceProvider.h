#pragma once
// Where the engine gets a file's text and parse when they are not (only) on
// the disk: an editor's unsaved buffers, parsed incrementally (btlint lsp).
#include "source/FrontEnd.h"

#include <memory>
#include <optional>
#include <string>

namespace btlint {

class SourceProvider {
public:
  virtual ~SourceProvider() = default;
  // The text of `path` (as the engine names it) in memory, or nullopt to read the disk.
  virtual std::optional<std::string> text(const std::string &path) const = 0;
  // A parse of `source`, e.g. an incremental reparse; null to parse it whole.
  // Called at most once per file and run, possibly from a worker thread.
  virtual std::unique_ptr<ParsedFile> parse(const SourceFile &source) const = 0;
};

} // namespace btlint
