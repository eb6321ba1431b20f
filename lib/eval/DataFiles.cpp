#include "eval/DataFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <yaml-cpp/yaml.h>

#include <cstdlib>
#include <memory>

namespace btlint::eval {

namespace {

constexpr uint64_t kMaxDataFileBytes = 8u << 20; // config tables are kilobytes; this bounds a mistake
constexpr size_t kMaxDataNodes = 200000;
constexpr std::string_view kFileObjectName = "<file>";

std::string realPathOf(const std::string &path) {
  llvm::SmallString<256> real;
  if (llvm::sys::fs::real_path(path, real)) return "";
  return std::string(real);
}

// The folder a module's data files may lie in: above the topmost package
// that holds the module (the source root), or the module's own folder when
// it is in no package.
std::string projectRootOf(const std::string &modulePath) {
  llvm::SmallString<256> folder(realPathOf(modulePath));
  if (folder.empty()) return "";
  llvm::sys::path::remove_filename(folder);
  while (true) {
    llvm::SmallString<256> marker(folder);
    llvm::sys::path::append(marker, "__init__.py");
    if (!llvm::sys::fs::exists(marker)) break;
    llvm::SmallString<256> parent(folder);
    llvm::sys::path::remove_filename(parent);
    if (parent.empty() || parent == folder) break;
    folder = parent;
  }
  return std::string(folder);
}

Value fileObject(const std::string &path, Origin origin) {
  auto file = std::make_shared<ObjectData>();
  file->name = std::string(kFileObjectName);
  file->attributes.emplace_back("name", Value::ofString(path, origin));
  return Value::ofObject(std::move(file), origin);
}

bool readText(const std::string &path, std::string &text, std::string &problem) {
  uint64_t size = 0;
  if (llvm::sys::fs::file_size(path, size)) {
    problem = "`" + path + "` cannot be read";
    return false;
  }
  if (size > kMaxDataFileBytes) {
    problem = "`" + path + "` is " + std::to_string(size) + " bytes, over the " +
              std::to_string(kMaxDataFileBytes) + " btlint reads of a data file";
    return false;
  }
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer) {
    problem = "`" + path + "` cannot be read: " + buffer.getError().message();
    return false;
  }
  text = (*buffer)->getBuffer().str();
  return true;
}

// A plain YAML scalar as yaml.safe_load types it (quoted ones are strings);
// JSON's literals are the same words.
Value scalarValue(const YAML::Node &node, bool keyOfJson, Origin origin) {
  const std::string &text = node.Scalar();
  if (keyOfJson || node.Tag() == "!") return Value::ofString(text, origin);
  if (text.empty() || text == "~" || text == "null" || text == "Null" || text == "NULL") return Value::none(origin);
  if (text == "true" || text == "True" || text == "TRUE") return Value::ofBool(true, origin);
  if (text == "false" || text == "False" || text == "FALSE") return Value::ofBool(false, origin);
  long long integer;
  if (!llvm::StringRef(text).getAsInteger(0, integer)) return Value::ofInt(integer, origin);
  char *end = nullptr;
  const double number = std::strtod(text.c_str(), &end);
  if (end && *end == '\0' && (std::isdigit(static_cast<unsigned char>(text[0])) || text[0] == '-' || text[0] == '+' || text[0] == '.'))
    return Value::ofFloat(number, origin);
  return Value::ofString(text, origin);
}

Value convert(const YAML::Node &node, bool json, size_t &nodes, const std::string &where, Origin origin) {
  if (++nodes > kMaxDataNodes)
    return Value::unknown(where + " has more than " + std::to_string(kMaxDataNodes) + " values", origin);
  switch (node.Type()) {
  case YAML::NodeType::Null:
  case YAML::NodeType::Undefined: return Value::none(origin);
  case YAML::NodeType::Scalar: return scalarValue(node, false, origin);
  case YAML::NodeType::Sequence: {
    std::vector<Value> items;
    for (const YAML::Node &item : node) {
      items.push_back(convert(item, json, nodes, where, origin));
      if (items.back().isUnknown()) return items.back();
    }
    return Value::ofList(std::move(items), origin);
  }
  case YAML::NodeType::Map: {
    auto dict = std::make_shared<DictData>();
    for (const auto &entry : node) {
      Value key = entry.first.IsScalar() ? scalarValue(entry.first, json, origin)
                                         : Value::unknown("a key that is not a scalar in " + where, origin);
      if (key.isUnknown()) return key;
      Value value = convert(entry.second, json, nodes, where, origin);
      if (value.isUnknown()) return value;
      dict->set(std::move(key), std::move(value));
    }
    return Value::ofDict(std::move(dict), origin);
  }
  }
  return Value::unknown("an unknown YAML node in " + where, origin);
}

Value parseDocument(const std::string &text, bool yaml, const std::string &where, Origin origin) {
  try {
    YAML::Node root = YAML::Load(text);
    size_t nodes = 0;
    return convert(root, !yaml, nodes, where, origin);
  } catch (const YAML::Exception &error) {
    return Value::unknown(where + " does not parse as " + (yaml ? "YAML" : "JSON") + " at line " +
                              std::to_string(error.mark.line + 1) + ", column " + std::to_string(error.mark.column + 1) +
                              ": " + error.msg,
                          origin);
  }
}

} // namespace

Value openProjectFile(const std::string &modulePath, const Value &path, const Value &mode, Origin origin) {
  if (path.isUnknown()) return path;
  if (!path.isString()) return Value::unknown("open() of a path that is not a string", origin);
  if (mode.isKnown() && !mode.isNone()) {
    if (!mode.isString()) return Value::unknown("open() with a mode that is not a string", origin);
    if (mode.text().find_first_of("wax+") != std::string::npos)
      return Value::unknown("open(`" + path.text() + "`, \"" + mode.text() + "\") writes: not evaluated", origin);
  }
  const std::string real = realPathOf(path.text());
  if (real.empty() || !llvm::sys::fs::is_regular_file(real))
    return Value::unknown("the file `" + path.text() + "` does not exist", origin);
  const std::string root = projectRootOf(modulePath);
  if (root.empty() || !llvm::StringRef(real).starts_with(root + "/"))
    return Value::unknown("the file `" + path.text() + "` is outside the project of `" + modulePath +
                              "`: btlint reads only the project's own data files",
                          origin);
  return fileObject(path.text(), origin);
}

const std::string *openedFilePath(const Value &value) {
  if (value.kind() != ValueKind::Instance || value.object()->cls || value.object()->name != kFileObjectName)
    return nullptr;
  const Value *name = value.object()->find("name");
  return name && name->isString() ? &name->text() : nullptr;
}

Value readOpenedFile(const Value &file, Origin origin) {
  const std::string *path = openedFilePath(file);
  if (!path) return Value::unknown("read() of something that is not a file", origin);
  std::string text, problem;
  if (!readText(*path, text, problem)) return Value::unknown(problem, origin);
  return Value::ofString(std::move(text), origin);
}

Value loadStructured(const Value &source, bool yaml, Origin origin) {
  if (source.isUnknown()) return source;
  if (source.isString()) return parseDocument(source.text(), yaml, "the text given", origin);
  const std::string *path = openedFilePath(source);
  if (!path) return Value::unknown(std::string(yaml ? "yaml" : "json") + " load of something that is not a file or text",
                                   origin);
  std::string text, problem;
  if (!readText(*path, text, problem)) return Value::unknown(problem, origin);
  return parseDocument(text, yaml, "`" + *path + "`", origin);
}

bool isOsPathFunction(std::string_view name) {
  for (std::string_view known : {"dirname", "basename", "join", "abspath", "realpath", "normpath", "exists",
                                 "isfile", "isdir"})
    if (name == known) return true;
  return false;
}

Value osPathFunction(std::string_view name, const std::vector<Value> &args, Origin origin) {
  for (const Value &arg : args) {
    if (arg.isUnknown()) return arg;
    if (!arg.isString()) return Value::unknown("os.path." + std::string(name) + "() of a value that is not a path", origin);
  }
  const std::string function = "os.path." + std::string(name);
  if (name == "join") {
    if (args.empty()) return Value::unknown(function + "() needs a path", origin);
    llvm::SmallString<256> joined;
    for (const Value &arg : args) {
      if (llvm::sys::path::is_absolute(arg.text())) joined = arg.text();
      else llvm::sys::path::append(joined, llvm::sys::path::Style::posix, arg.text());
    }
    return Value::ofString(std::string(joined), origin);
  }
  if (args.size() != 1) return Value::unknown(function + "() needs one path", origin);
  const std::string &path = args[0].text();
  if (name == "dirname") {
    const size_t slash = path.rfind('/');
    return Value::ofString(slash == std::string::npos ? "" : slash == 0 ? "/" : path.substr(0, slash), origin);
  }
  if (name == "basename") {
    const size_t slash = path.rfind('/');
    return Value::ofString(slash == std::string::npos ? path : path.substr(slash + 1), origin);
  }
  if (name == "normpath" || name == "abspath") {
    llvm::SmallString<256> normal(path);
    if (name == "abspath") llvm::sys::fs::make_absolute(normal);
    llvm::sys::path::remove_dots(normal, /*remove_dot_dot=*/true, llvm::sys::path::Style::posix);
    return Value::ofString(normal.empty() ? "." : std::string(normal), origin);
  }
  if (name == "realpath") {
    const std::string real = realPathOf(path);
    if (!real.empty()) return Value::ofString(real, origin);
    llvm::SmallString<256> normal(path);
    llvm::sys::fs::make_absolute(normal);
    llvm::sys::path::remove_dots(normal, true, llvm::sys::path::Style::posix);
    return Value::ofString(std::string(normal), origin);
  }
  if (name == "exists") return Value::ofBool(llvm::sys::fs::exists(path), origin);
  if (name == "isfile") return Value::ofBool(llvm::sys::fs::is_regular_file(path), origin);
  if (name == "isdir") return Value::ofBool(llvm::sys::fs::is_directory(path), origin);
  return Value::unknown("the call of `" + function + "` is not evaluated", origin);
}

} // namespace btlint::eval
