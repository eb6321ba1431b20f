#pragma once
// The config evaluator: expands what autotune, launch and timing sites need
// into model values, for one file and one target arch. See Interpreter.h for
// how it works and what it refuses to guess.
#include "source/FrontEnd.h"
#include "syntax/ModuleIndex.h"
#include "eval/PyValue.h"
#include "model/KernelModel.h"

#include <memory>
#include <string>
#include <vector>

namespace btlint::eval {

class Interpreter;
class ModuleState;

class Evaluator {
public:
  // `mainFile` must be a Python parse (python::PythonParsedFileBase).
  Evaluator(const ModelContext &context, const ParsedFile &mainFile);
  ~Evaluator();
  Evaluator(const Evaluator &) = delete;
  Evaluator &operator=(const Evaluator &) = delete;

  // An expression of the analysed file, with module-level names as they
  // stand just before byte `position`. With `enclosingFunction`, names local
  // to that function (and its enclosing functions) are read from their last
  // unconditional assignment before `position`.
  Value evaluate(python::NodeId expression, uint32_t position,
                 python::NodeId enclosingFunction = python::kNoNode);
  // A module-level name of the analysed file as it stands before `position`.
  Value lookupGlobal(std::string_view name, uint32_t position);
  // Calls a value (a helper function, a custom decorator) with arguments.
  Value call(const Value &callee, std::vector<Value> positional,
             std::vector<std::pair<std::string, Value>> keywords, python::NodeId site);

  // Notes produced since the last call (environment defaults, limits hit).
  std::vector<Note> takeNotes();
  // Work limits hit so far (for the model's analysisLimits).
  const std::vector<std::string> &limitsReached() const;

  // Converts an evaluated list of triton.Config into the model. `listSpan`
  // is the span of the expression in the analysed file.
  ConfigList toConfigList(const Value &list, SourceSpan listSpan);
  // A scalar for the model; non-scalars and unknowns become unknown with a reason.
  ScalarValue toScalar(const Value &value, SourceSpan fallbackSpan) const;
  // The span of a value's origin when it lies in the analysed file.
  std::optional<SourceSpan> spanInMainFile(const Origin &origin) const;
  // Where a function value (def or lambda) is written, to read its body.
  struct FunctionSource {
    const python::SyntaxTree *tree = nullptr;
    const ModuleIndex *index = nullptr;
    python::NodeId definition = python::kNoNode;
  };
  std::optional<FunctionSource> functionSource(const Value &function) const;
  // The functions a closure holds from the scopes of the functions that
  // made it (`get_decorator` in a factory's inner `new_decorator`).
  std::vector<Value> capturedFunctions(const Value &function) const;
  // A module-level name of the module a function is defined in, as it
  // stands once the module has run (a helper the function calls).
  Value globalOf(const Value &function, std::string_view name);

private:
  std::unique_ptr<Interpreter> interpreter_;
  std::vector<Note> notes_;
};

} // namespace btlint::eval
