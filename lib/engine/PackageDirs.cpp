#include "engine/PackageDirs.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace btlint {

namespace {

constexpr uint64_t kMaxProjectFileBytes = 1u << 20;

std::string readSmall(const llvm::SmallString<256> &path) {
  uint64_t size = 0;
  if (llvm::sys::fs::file_size(path, size) || size > kMaxProjectFileBytes) return "";
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  return buffer ? (*buffer)->getBuffer().str() : "";
}

// A relative folder name as projects write it: no "..", no absolute path.
bool plausibleFolder(llvm::StringRef folder) {
  if (folder.empty() || folder == "." || folder.starts_with("/") || folder.contains("..")) return false;
  return folder.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./") ==
         llvm::StringRef::npos;
}

void addFolder(llvm::StringRef folder, std::vector<std::string> &out) {
  folder = folder.trim().trim("\"'").rtrim("/");
  if (folder.starts_with("./")) folder = folder.drop_front(2);
  if (plausibleFolder(folder) && std::find(out.begin(), out.end(), folder.str()) == out.end())
    out.push_back(folder.str());
}

// The quoted strings of `text` after `key` up to the end of its value
// (`where = ["python", "lib"]`, `"" = "src"`, `from = "src"`).
void quotedAfter(llvm::StringRef text, llvm::StringRef key, std::vector<std::string> &out) {
  for (size_t at = text.find(key); at != llvm::StringRef::npos; at = text.find(key, at + key.size())) {
    llvm::StringRef rest = text.drop_front(at + key.size()).ltrim(" \t");
    if (!rest.consume_front("=")) continue;
    rest = rest.take_until([](char c) { return c == '\n'; });
    while (true) {
      const size_t open = rest.find_first_of("\"'");
      if (open == llvm::StringRef::npos) break;
      const char quote = rest[open];
      const size_t close = rest.find(quote, open + 1);
      if (close == llvm::StringRef::npos) break;
      llvm::StringRef value = rest.slice(open + 1, close);
      rest = rest.drop_front(close + 1);
      // package-dir's key "" maps the root package: the value is the folder.
      if (value.empty()) continue;
      addFolder(value, out);
    }
  }
}

void fromPyproject(llvm::StringRef text, std::vector<std::string> &out) {
  quotedAfter(text, "where", out);
  quotedAfter(text, "from", out);
  // package-dir = {"" = "lib"}: the folder of the root package.
  for (size_t at = text.find("package-dir"); at != llvm::StringRef::npos; at = text.find("package-dir", at + 1)) {
    llvm::StringRef line = text.drop_front(at).take_until([](char c) { return c == '\n'; });
    const size_t root = line.find("\"\"");
    if (root == llvm::StringRef::npos) continue;
    std::vector<std::string> values;
    quotedAfter(line.drop_front(root + 2), "", values);
    if (!values.empty()) addFolder(values.front(), out);
  }
}

// setup.cfg: `package_dir = =src` (or on the next, indented line) and
// `where = src` under [options.packages.find].
void fromSetupCfg(llvm::StringRef text, std::vector<std::string> &out) {
  llvm::SmallVector<llvm::StringRef> lines;
  text.split(lines, '\n');
  for (size_t i = 0; i < lines.size(); ++i) {
    llvm::StringRef line = lines[i].trim();
    auto value = [&](llvm::StringRef key) -> std::optional<llvm::StringRef> {
      if (!line.starts_with(key)) return std::nullopt;
      llvm::StringRef rest = line.drop_front(key.size()).ltrim();
      if (!rest.consume_front("=")) return std::nullopt;
      rest = rest.trim();
      if (rest.empty() && i + 1 < lines.size() && lines[i + 1].starts_with(" ")) rest = lines[i + 1].trim();
      return rest;
    };
    if (auto dir = value("package_dir")) {
      llvm::StringRef mapping = *dir;
      if (mapping.consume_front("=")) addFolder(mapping, out);
    } else if (auto where = value("where")) {
      addFolder(*where, out);
    }
  }
}

} // namespace

std::vector<std::string> declaredPackageDirs(const std::string &projectDir) {
  std::vector<std::string> out;
  auto in = [&](const char *name) {
    llvm::SmallString<256> path(projectDir);
    llvm::sys::path::append(path, name);
    return path;
  };
  const bool pyproject = llvm::sys::fs::is_regular_file(in("pyproject.toml"));
  const bool setupCfg = llvm::sys::fs::is_regular_file(in("setup.cfg"));
  if (!pyproject && !setupCfg && !llvm::sys::fs::is_regular_file(in("setup.py"))) return out;
  if (pyproject) fromPyproject(readSmall(in("pyproject.toml")), out);
  if (setupCfg) fromSetupCfg(readSmall(in("setup.cfg")), out);
  if (llvm::sys::fs::is_directory(in("src"))) addFolder("src", out);
  out.erase(std::remove_if(out.begin(), out.end(),
                           [&](const std::string &folder) { return !llvm::sys::fs::is_directory(in(folder.c_str())); }),
            out.end());
  return out;
}

} // namespace btlint
