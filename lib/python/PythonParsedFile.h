#pragma once
// What the Python front-end reads from one file at parse time, before any
// target arch is known: the kernels with their body facts, the syntax of
// their decorators, launch sites and timing calls. Values that need the
// evaluator (config lists, launch arguments) are kept as syntax nodes and
// evaluated per arch in buildModel.
#include "syntax/PythonModule.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace btlint::python {

// Where an expression is evaluated: before `position`, inside
// `enclosingFunction` when it is not kNoNode.
struct EvaluationPoint {
  uint32_t position = 0;
  NodeId enclosingFunction = kNoNode;
};

struct AutotuneSyntax {
  NodeId call = kNoNode; // triton.autotune(...) or the custom decorator call
  NodeId configs = kNoNode;
  NodeId key = kNoNode;
  NodeId pruneConfigsBy = kNoNode;
  NodeId restoreValue = kNoNode;
  NodeId resetToZero = kNoNode;
  bool hasHook = false; // pre_hook / post_hook given
  // A decorator of the project's own that wraps triton.autotune.
  bool custom = false;
  NodeId customCallee = kNoNode;
  EvaluationPoint point;
  // Applied by hand (`k = triton.autotune(...)(k)`) inside `if` blocks: their
  // conditions, innermost first; all must hold for the wrap to run.
  std::vector<NodeId> appliedUnder = {};
};

// triton.autotune's arguments in `call`, found by its signature: configs,
// key, prune_configs_by, reset_to_zero, restore_value, pre_hook, post_hook,
// each by keyword or at its position. The one statement of that signature.
AutotuneSyntax tritonAutotuneArguments(const SyntaxTree &tree, NodeId call, EvaluationPoint point);

struct HeuristicsSyntax {
  NodeId values = kNoNode; // the dict of param -> lambda
  EvaluationPoint point;
};

struct KernelSyntax {
  Kernel kernel;                 // everything that does not depend on the arch
  NodeId definition = kNoNode;   // function_definition
  EvaluationPoint point;         // where its decorators run
  std::optional<AutotuneSyntax> autotune;
  std::vector<HeuristicsSyntax> heuristics;
  NodeId jitCall = kNoNode;      // @triton.jit(...) when written as a call
  std::vector<NodeId> otherDecorators; // candidates for custom autotune wrappers
  // Parameter defaults that are not plain literals (index into kernel.params).
  std::vector<std::pair<size_t, NodeId>> defaultExpressions;
  // Parameter annotations imported from another module of the project, whose
  // meaning (`tl_constexpr = tl.constexpr`) the evaluator finds there.
  std::vector<std::pair<size_t, NodeId>> annotationExpressions;
  // Names in tile dimensions that are neither parameters nor locals
  // (module constants), resolved per arch.
  bool dimsReadGlobals = false;
  std::string dtypeComment;      // from `# btlint: dtype=...`
  uint32_t dtypeCommentLine = 0;
  SourceSpan dtypeCommentSpan;   // the `btlint: dtype=...` text
  std::string castDtype;         // narrowest cast seen in the body
  uint32_t castLine = 0;
  SourceSpan castSpan;
};

struct LaunchSyntax {
  LaunchSite site;
  std::vector<NodeId> argumentValues; // parallel to site.arguments
  std::vector<NodeId> divisorNodes;   // parallel to site.gridDivisors
  EvaluationPoint point;
  // Positional/keyword argument expressions that are bare names read by the grid.
  std::vector<std::string> gridArgumentNames;
};

struct BenchSyntax {
  BenchCall call;
  NodeId warmup = kNoNode;
  NodeId rep = kNoNode;
  NodeId rounds = kNoNode; // the count of the loop that repeats it (BenchCall::rounds)
  EvaluationPoint point;
};

class PythonParsedFile : public PythonParsedFileBase {
public:
  using PythonParsedFileBase::PythonParsedFileBase;
  std::vector<KernelSyntax> kernels;
  std::vector<LaunchSyntax> launches;
  std::vector<BenchSyntax> benchCalls; // do_bench calls and host timing
  std::vector<std::string> notes;
  bool hasTritonImport = false;
  std::set<std::string> importedModules; // top-level packages named by import statements
};

// Reads the kernels, launches and timing calls of a parsed module.
void readModule(PythonParsedFile &file);

} // namespace btlint::python
