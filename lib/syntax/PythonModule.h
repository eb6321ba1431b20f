#pragma once
// A parsed Python module as the evaluator and the front-end share it.
#include "source/FrontEnd.h"
#include "syntax/ModuleIndex.h"
#include "syntax/SyntaxTree.h"

namespace btlint::python {

struct PythonModule {
  SyntaxTree tree;
  eval::ModuleIndex index;
};

// The parse of one Python file: the module plus what the front-end read from
// it that does not depend on the target arch (see KernelSyntax.h).
class PythonParsedFileBase : public ParsedFile {
public:
  using ParsedFile::ParsedFile;
  PythonModule module;
};

// The module behind a parsed file of the run, or null if it is not Python.
inline const PythonModule *pythonModuleOf(const ParsedFile *parsed) {
  auto *python = dynamic_cast<const PythonParsedFileBase *>(parsed);
  return python ? &python->module : nullptr;
}

} // namespace btlint::python
