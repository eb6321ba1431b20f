#pragma once
// Reading a JSON file another tool wrote (btlint-bench's manifests and
// results, `btlint --format json` findings): one place for the error text.
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>

namespace btlint {

// The file's JSON value, or nullopt with `error` naming the file and what is
// wrong ("cannot read: ...", "not JSON: [line:column] ...").
std::optional<llvm::json::Value> readJsonFile(const std::string &file, std::string &error);

} // namespace btlint
