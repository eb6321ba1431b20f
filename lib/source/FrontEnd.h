#pragma once
// A front-end turns one file's syntax into the kernel model. Parsing happens
// once per file (in parallel); building the model happens once per target
// arch, after every file of the run is parsed, so config lists can use
// constants and helpers from sibling modules.
#include "arch/ArchTable.h"
#include "source/SourceFile.h"
#include "model/KernelModel.h"
#include "source/AnalysisSettings.h"

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <string_view>

namespace btlint {

// A front-end's parse of one file. Front-ends derive from it to keep their tree.
class ParsedFile {
public:
  explicit ParsedFile(const SourceFile &source) : source_(source) {}
  virtual ~ParsedFile() = default;
  const SourceFile &source() const { return source_; }
  std::vector<ParseProblem> problems; // syntax errors, reported as parse-error

private:
  const SourceFile &source_;
};

// Finds other Python modules of the run by import name, parsed on demand.
class ModuleResolver {
public:
  virtual ~ModuleResolver() = default;
  // `from .configs import X` in fromPath -> dotted ".configs"; absolute names
  // ("pkg.configs") are matched against the paths of the run. Null if absent.
  virtual const ParsedFile *findPythonModule(std::string_view dottedName,
                                             const std::string &fromPath) const = 0;
  // `dottedName` under `folder` only (a folder the code adds to sys.path).
  virtual const ParsedFile *findPythonModuleIn(std::string_view /*dottedName*/,
                                               const std::string & /*folder*/) const {
    return nullptr;
  }
};

// Settings for one kernel from .btlint.yaml (`kernels:`).
struct KernelSettings {
  std::string dtype;
  std::map<std::string, int64_t> shapes;
};

// An autotuning decorator of another package declared in .btlint.yaml
// (`autotuners:`): its qualified name and which of its arguments carry what
// triton.autotune's do. An argument is found by keyword, else at its
// position (-1: by keyword only).
struct AutotunerDeclaration {
  struct Argument {
    std::string keyword;
    int position = -1;
  };
  std::string decorator; // "pkg.tuning.cached_autotune", or its last names ("cached_autotune")
  Argument configs{"configs", 0};
  Argument key{"key", 1};
  Argument pruneConfigsBy{"prune_configs_by", -1};
  Argument restoreValue{"restore_value", -1};
  Argument resetToZero{"reset_to_zero", -1};
  // Whether `path`, a decorator's qualified name, is this one.
  bool matches(std::string_view path) const {
    return path == decorator || (path.size() > decorator.size() && path.ends_with(decorator) &&
                                 path[path.size() - decorator.size() - 1] == '.');
  }
};

// Bounds on evaluation work per file; hitting one is reported, never a hang.
struct EvaluationLimits {
  size_t maxListElements = 100000;  // any list/range materialised
  size_t maxConfigs = 20000;        // configs per autotune list
  int maxCallDepth = 16;            // helper-function calls
  std::chrono::milliseconds timePerFile{2000};
};

struct ModelContext {
  const ArchInfo *arch = nullptr; // the target arch the model is built for
  // The file's element type (dtype, dtypeSource). The engine leaves
  // enabledRules empty: the model does not depend on which rules run, and
  // copying the set for every file and arch cost more than reading it.
  AnalysisSettings settings;
  const ModuleResolver *modules = nullptr;
  const std::map<std::string, KernelSettings> *kernelSettings = nullptr;
  const std::vector<AutotunerDeclaration> *autotuners = nullptr; // .btlint.yaml `autotuners:`
  const std::map<std::string, std::string> *environment = nullptr; // .btlint.yaml `environment:`
  EvaluationLimits limits;
};

// An edit of a file's text (for editors): bytes [startByte, oldEndByte) of the
// old text became [startByte, newEndByte) of the new one. Rows are 0-based and
// columns count bytes, in the old text for start/oldEnd and the new for newEnd.
struct SourceEdit {
  uint32_t startByte = 0, oldEndByte = 0, newEndByte = 0;
  uint32_t startRow = 0, startColumn = 0;
  uint32_t oldEndRow = 0, oldEndColumn = 0;
  uint32_t newEndRow = 0, newEndColumn = 0;
};

// What a front-end keeps between parses of a file being edited (tree-sitter's
// tree for Python), told about each edit so the next parse can reuse it.
class IncrementalParseState {
public:
  virtual ~IncrementalParseState() = default;
  virtual void edit(const SourceEdit &edit) = 0;
};

class FrontEnd {
public:
  virtual ~FrontEnd() = default;
  virtual Language language() const = 0;
  // Cheap test on the raw text (and, for CUDA, the project headers it
  // includes): false means the file cannot hold anything a rule looks at (no
  // kernels, configs, launches or timing calls).
  virtual bool mayContainKernelCode(const SourceFile &source) const = 0;
  virtual std::unique_ptr<ParsedFile> parse(const SourceFile &source) const = 0;
  virtual void buildModel(const ParsedFile &parsed, const ModelContext &context,
                          FileModel &model) const = 0;
  // buildModel for the last model made from `parsed`, which nobody reads
  // afterwards: the front-end may move what it read into the model instead
  // of copying it.
  virtual void buildLastModel(ParsedFile &parsed, const ModelContext &context, FileModel &model) const {
    buildModel(parsed, context, model);
  }
  // Editors (btlint lsp): a state for incremental parsing, or null when the
  // front-end parses whole. parseIncremental parses `source`, the text after
  // the edits `state` recorded, reusing and then replacing what it kept.
  virtual std::unique_ptr<IncrementalParseState> makeIncrementalState() const { return nullptr; }
  virtual std::unique_ptr<ParsedFile> parseIncremental(const SourceFile &source,
                                                       IncrementalParseState &) const {
    return parse(source);
  }
};

} // namespace btlint
