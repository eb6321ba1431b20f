#include "source/JsonFile.h"

#include "llvm/Support/MemoryBuffer.h"

namespace btlint {

std::optional<llvm::json::Value> readJsonFile(const std::string &file, std::string &error) {
  auto buffer = llvm::MemoryBuffer::getFile(file);
  if (!buffer) {
    error = file + ": cannot read: " + buffer.getError().message();
    return std::nullopt;
  }
  auto parsed = llvm::json::parse((*buffer)->getBuffer());
  if (!parsed) {
    error = file + ": not JSON: " + llvm::toString(parsed.takeError());
    return std::nullopt;
  }
  return std::move(*parsed);
}

} // namespace btlint
