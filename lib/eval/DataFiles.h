#pragma once
// Data files a project's modules read when they are imported: `open()` of a
// file of the project, `json.load` / `yaml.safe_load` of it (config tables
// shipped beside the kernels), and the `os.path` functions that build its
// path from `__file__`. Files are read from disk, bounded in size, never
// written; one outside the project, missing, too large or that does not
// parse gives an unknown value whose reason names it and says where.
#include "eval/PyValue.h"

#include <string>
#include <string_view>
#include <vector>

namespace btlint::eval {

// `open(path, mode)` from the module at `modulePath`: a file object (its
// `name` is the path), or unknown when the path is not a readable file of
// the project.
Value openProjectFile(const std::string &modulePath, const Value &path, const Value &mode, Origin origin);
// The path of a file object from openProjectFile, else null.
const std::string *openedFilePath(const Value &value);
// `file.read()`.
Value readOpenedFile(const Value &file, Origin origin);
// json.load(file) / json.loads(text) (`yaml` false), yaml.safe_load(file or
// text) (`yaml` true): the document as lists, dicts and scalars.
Value loadStructured(const Value &source, bool yaml, Origin origin);
// os.path.<name>(args...) for the functions that compute paths and look at
// the file system: dirname, basename, join, abspath, realpath, normpath,
// exists, isfile, isdir. nullopt-like unknown for the others.
Value osPathFunction(std::string_view name, const std::vector<Value> &args, Origin origin);
bool isOsPathFunction(std::string_view name);

} // namespace btlint::eval
