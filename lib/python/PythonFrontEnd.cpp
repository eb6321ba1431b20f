#include "python/PythonFrontEnd.h"

#include "model/KernelCalls.h"
#include "model/Launches.h"

#include "eval/Evaluator.h"
#include "eval/Interpreter.h"
#include "eval/TileEval.h"
#include "python/KernelBodyReader.h"
#include "python/PrunerReader.h"
#include "python/PythonParsedFile.h"

#include <algorithm>
#include <functional>
#include <set>
#include <string_view>

namespace btlint {

namespace {

using eval::Value;
using eval::ValueKind;
using python::Field;
using python::kNoNode;
using python::NodeId;
using python::NodeKind;

// "bfloat16" -> "bf16"; names the resource model uses.
std::string normalizeDtype(std::string text) {
  for (char &c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  static const std::pair<std::string_view, std::string_view> aliases[] = {
      {"bfloat16", "bf16"}, {"float16", "fp16"}, {"half", "fp16"},   {"float32", "fp32"},
      {"float", "fp32"},    {"fp8", "fp8e4nv"},  {"e4m3", "fp8e4nv"}, {"float8e4nv", "fp8e4nv"},
      {"e5m2", "fp8e5"},    {"float8e5", "fp8e5"}, {"float64", "fp64"}};
  for (const auto &[alias, name] : aliases)
    if (text == alias) return std::string(name);
  return text;
}

// The element type a kernel's name gives, word by word (`fp8_gemm_kernel`,
// `matmul_bf16`, `mxfp8_grouped_gemm`); empty when it names none or two different ones
// (`fp8_to_bf16`).
std::string dtypeInName(std::string_view name) {
  static const std::set<std::string_view> types{"fp8", "e4m3", "e5m2", "int8", "bf16", "bfloat16",
                                                "fp16", "float16", "fp32", "float32"};
  std::string found;
  size_t start = 0;
  while (start <= name.size()) {
    size_t end = name.find('_', start);
    if (end == std::string_view::npos) end = name.size();
    std::string word(name.substr(start, end - start));
    for (char &c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (word == "mxfp8") word = "fp8"; // OCP microscaling: fp8 elements with shared scales
    if (types.count(word)) {
      std::string type = normalizeDtype(word);
      if (!found.empty() && found != type) return {};
      found = type;
    }
    start = end + 1;
  }
  return found;
}

// Imports followed from one module to the next before a helper counts as
// not known (a package's __init__ re-exporting a helper is one step).
constexpr int kMaxImportDepth = 8;

// The project module a `from M import *` of `file` reads; null if none.
const python::PythonParsedFile *starImported(const python::PythonParsedFile &file,
                                             const eval::ModuleIndex::StarImport &star, const ModelContext &context) {
  return dynamic_cast<const python::PythonParsedFile *>(
      context.modules->findPythonModule(star.module, file.source().path()));
}

// Whether `file` binds `name` at module level, itself or through its
// `from M import *` imports.
bool moduleBinds(const python::PythonParsedFile &file, const std::string &name, const ModelContext &context,
                 int depth) {
  if (depth > kMaxImportDepth || name.empty() || name.front() == '_') return false;
  if (file.module.index.visibleBinding(name, UINT32_MAX) || file.module.index.importedNames().count(name))
    return true;
  for (const auto &star : file.module.index.starImports()) {
    const auto *module = starImported(file, star, context);
    if (module && moduleBinds(*module, name, context, depth + 1)) return true;
  }
  return false;
}

// Whether `has` holds for the @triton.jit function `name` of `file`, or the
// helpers it calls, following imports into the other modules of the run
// (`from pkg.ops import exp` reads pkg/ops.py). A name defined twice (under
// an `if` on the environment) holds what either definition holds. Unknown
// when a module is not part of the run or `name` is not a function it reads.
Presence helperInModule(const python::PythonParsedFile &file, const std::string &name, const ModelContext &context,
                        const std::function<bool(const Kernel &)> &has, int depth) {
  if (depth > kMaxImportDepth) return Presence::Unknown;
  bool defined = false;
  Presence result = Presence::No;
  for (const python::KernelSyntax &syntax : file.kernels) {
    if (!syntax.kernel.calledAs(name)) continue;
    defined = true;
    if (has(syntax.kernel)) return Presence::Yes;
    for (const std::string &called : syntax.kernel.calledFunctions) {
      const Presence inner = helperInModule(file, called, context, has, depth + 1);
      if (inner == Presence::Yes) return Presence::Yes;
      if (inner == Presence::Unknown) result = Presence::Unknown;
    }
  }
  if (defined) return result;
  // `language.Mean.forward`: the import bound to `language`, then the rest.
  const size_t firstDot = name.find('.');
  const std::string head = name.substr(0, firstDot);
  const auto &imports = file.module.index.importedNames();
  auto imported = imports.find(head);
  if (!context.modules) return Presence::Unknown;
  if (imported == imports.end()) {
    // Brought by `from .gelu import *` (a package re-exporting its modules).
    if (file.module.index.visibleBinding(head, UINT32_MAX)) return Presence::Unknown;
    const auto &stars = file.module.index.starImports();
    for (auto star = stars.rbegin(); star != stars.rend(); ++star) {
      const auto *module = starImported(file, *star, context);
      if (module && moduleBinds(*module, head, context, depth + 1))
        return helperInModule(*module, name, context, has, depth + 1);
    }
    return Presence::Unknown;
  }
  const std::string path = firstDot == std::string::npos ? imported->second : imported->second + name.substr(firstDot);
  // "pkg.ops.exp", ".ops.exp" or "pkg.language.Mean.forward": the longest
  // leading part that is a module, then the name in it.
  for (size_t dot = path.rfind('.'); dot != std::string::npos && dot > 0 && path[dot - 1] != '.';
       dot = path.rfind('.', dot - 1)) {
    const auto *module = dynamic_cast<const python::PythonParsedFile *>(
        context.modules->findPythonModule(std::string_view(path).substr(0, dot), file.source().path()));
    if (module) return helperInModule(*module, path.substr(dot + 1), context, has, depth + 1);
  }
  return Presence::Unknown;
}

// Builds the model of one file for one arch from what parse() read.
class ModelBuilder {
public:
  // With `consumable` (the same file as `file`), kernels and launches are
  // moved out of it rather than copied: it is not read again.
  ModelBuilder(const python::PythonParsedFile &file, const ModelContext &context, FileModel &model,
               python::PythonParsedFile *consumable = nullptr)
      : file_(file), tree_(file.module.tree), context_(context), model_(model), consumable_(consumable) {}

  void build() {
    model_.parseProblems = file_.problems;
    model_.notes = file_.notes;
    model_.importedModules = file_.importedModules;
    model_.kernels.reserve(file_.kernels.size());
    for (size_t k = 0; k < file_.kernels.size(); ++k) model_.kernels.push_back(buildKernel(file_.kernels[k], k));
    for (Kernel &callee : model_.kernels)
      for (const Kernel &caller : model_.kernels)
        if (&caller != &callee &&
            std::any_of(caller.calledFunctions.begin(), caller.calledFunctions.end(),
                        [&](const std::string &called) { return callee.calledAs(called); }))
          callee.calledByKernel = true;
    // Triton inlines helpers: their reductions, layout changes, dots and
    // loops are the kernel's own, whether the helper is in this file or
    // imported (so a file linted alone reads what the whole project does).
    for (Kernel &kernel : model_.kernels) {
      const Kernel *self = &kernel;
      auto needsScratch = [self](const Kernel &k) {
        return &k != self && (!k.scratchOps.empty() || !k.dots.empty());
      };
      kernel.helpersMayNeedScratch = presentThroughImports(kernel, needsScratch) != Presence::No;
      kernel.mayPipelineLoop = presentThroughImports(kernel, ownsPipelinableLoop) != Presence::No;
      kernel.dotThroughHelpers = presentThroughImports(kernel, [](const Kernel &k) { return !k.dots.empty(); });
    }
    model_.launches.reserve(file_.launches.size());
    for (size_t l = 0; l < file_.launches.size(); ++l) model_.launches.push_back(buildLaunch(file_.launches[l], l));
    for (size_t k = 0; k < model_.kernels.size(); ++k) applyLaunchElementTypes(model_.kernels[k], file_.kernels[k]);
    for (const python::BenchSyntax &bench : file_.benchCalls) model_.benchCalls.push_back(buildBench(bench));
    keepFileNotes();
  }

private:
  const python::PythonParsedFile &file_;
  const python::SyntaxTree &tree_;
  const ModelContext &context_;
  FileModel &model_;
  python::PythonParsedFile *consumable_;
  std::unique_ptr<eval::Evaluator> evaluator_;

  // Whether `has` holds for `kernel` or a helper it calls, in this file or
  // in a module it imports.
  Presence presentThroughImports(const Kernel &kernel, const std::function<bool(const Kernel &)> &has) const {
    auto elsewhere = [&](const std::string &name) { return helperInModule(file_, name, context_, has, 1); };
    return presentThroughHelpers(kernel, model_, has, elsewhere);
  }

  void keepFileNotes() {
    if (!evaluator_) return;
    model_.analysisLimits = evaluator_->limitsReached();
    for (Note &note : evaluator_->takeNotes())
      if (std::find(model_.notes.begin(), model_.notes.end(), note.text) == model_.notes.end())
        model_.notes.push_back(std::move(note.text));
  }

  eval::Evaluator &evaluator() {
    if (!evaluator_) evaluator_ = std::make_unique<eval::Evaluator>(context_, file_);
    return *evaluator_;
  }

  Value evaluate(NodeId node, const python::EvaluationPoint &point) {
    return evaluator().evaluate(node, point.position, point.enclosingFunction);
  }

  ScalarValue scalar(NodeId node, const python::EvaluationPoint &point) {
    SourceSpan span = tree_.span(node);
    return evaluator().toScalar(evaluate(node, point), span);
  }

  // A list of names (key=, restore_value=, reset_to_zero=).
  std::vector<NameRef> names(NodeId node, const python::EvaluationPoint &point, bool &known,
                             std::vector<Note> &notes) {
    return namesOf(evaluate(node, point), tree_.span(node), "the names at line " + std::to_string(tree_.line(node)),
                   known, notes);
  }

  // The strings of an evaluated list of names (a key, restore_value=).
  std::vector<NameRef> namesOf(const Value &value, SourceSpan fallback, const std::string &what, bool &known,
                               std::vector<Note> &notes) {
    std::vector<NameRef> result;
    known = true;
    if (!value.isSequence() || value.sequence()->partial) {
      known = false;
      notes.push_back(Note(what + " are not known: " +
                               (value.isUnknown() ? value.unknownReason() : std::string("not a list")),
                           fallback));
      return result;
    }
    for (const Value &item : value.sequence()->items) {
      if (!item.isString()) {
        known = false;
        continue;
      }
      NameRef ref;
      ref.name = item.text();
      ref.span = evaluator().spanInMainFile(item.origin()).value_or(fallback);
      result.push_back(std::move(ref));
    }
    return result;
  }

  void resolveGlobalDims(Kernel &kernel, const python::KernelSyntax &syntax) {
    auto resolve = [&](TileDim &dim) {
      bool changed = false;
      for (DimOp &op : dim.program) {
        if (op.kind != DimOp::Param || kernel.findParam(op.name)) continue;
        Value value = syntax.point.enclosingFunction == kNoNode
                          ? evaluator().lookupGlobal(op.name, syntax.point.position)
                          : Value::unknown("local of the enclosing function");
        if (value.isInt()) {
          op = DimOp{DimOp::Constant, value.asInt(), {}};
          changed = true;
        } else {
          dim.program.clear();
          return;
        }
      }
      if (changed && !dim.constant) dim.constant = constantDimValue(dim);
    };
    for (TileShape &tile : kernel.tiles)
      for (TileDim &dim : tile.dims) resolve(dim);
    for (DotSite &dot : kernel.dots) {
      for (TileDim &dim : dot.a) resolve(dim);
      for (TileDim &dim : dot.b) resolve(dim);
    }
  }

  // Whether a wrap applied by hand under `if` blocks runs: false when one of
  // their conditions is false as btlint reads it for the target (`if
  // torch.cuda.get_device_capability()[0] not in [9, 10]:` on sm90); the
  // kernel then says why it is not autotuned.
  bool appliedFor(Kernel &kernel, const python::AutotuneSyntax &syntax) {
    for (NodeId condition : syntax.appliedUnder) {
      const std::optional<bool> holds = evaluate(condition, syntax.point).truthiness();
      if (!holds || *holds) continue;
      kernel.notes.push_back(Note("the `triton.autotune` applied at line " + std::to_string(tree_.line(syntax.call)) +
                                      " runs only when the condition at line " + std::to_string(tree_.line(condition)) +
                                      " holds, which it does not for the target: the kernel is not autotuned here",
                                  tree_.span(condition)));
      return false;
    }
    return true;
  }

  // `wrapperNote`: how a decorator other than triton.autotune hands on the
  // configs, empty for triton.autotune itself.
  void buildAutotune(Kernel &kernel, const python::AutotuneSyntax &syntax, const std::string &wrapperNote) {
    keepFileNotes(); // notes of earlier requests are not this list's
    AutotuneSpec spec;
    spec.span = tree_.span(syntax.call);
    spec.wrappedByCustomDecorator = syntax.custom;
    std::vector<Note> notes;
    if (syntax.configs != kNoNode) {
      takeConfigs(spec, evaluate(syntax.configs, syntax.point), tree_.span(syntax.configs));
      if (!spec.configs.complete && !spec.hasPrehook) spec.hasPrehook = configsMayBeHooked(syntax.configs, syntax.point);
    } else {
      spec.configs.complete = false;
      spec.configs.unknownReason = "no configs given";
      spec.configs.span = spec.span;
    }
    if (syntax.key != kNoNode) {
      spec.keySpan = tree_.span(syntax.key);
      spec.key = names(syntax.key, syntax.point, spec.keyKnown, notes);
    } else {
      spec.keyKnown = !syntax.custom;
      spec.keySpan = spec.span;
    }
    bool known = true;
    if (syntax.restoreValue != kNoNode && tree_.kind(syntax.restoreValue) != NodeKind::None)
      spec.restoreValue = names(syntax.restoreValue, syntax.point, known, notes);
    if (syntax.resetToZero != kNoNode && tree_.kind(syntax.resetToZero) != NodeKind::None)
      spec.resetToZero = names(syntax.resetToZero, syntax.point, known, notes);
    spec.hasPrehook = spec.hasPrehook || syntax.hasHook;
    if (syntax.pruneConfigsBy != kNoNode && tree_.kind(syntax.pruneConfigsBy) != NodeKind::None)
      readPruner(spec, syntax);
    if (!wrapperNote.empty()) notes.push_back(wrapperNote);
    for (Note &note : evaluator().takeNotes()) spec.configs.evaluationNotes.push_back(std::move(note));
    for (Note &note : notes) spec.configs.evaluationNotes.push_back(std::move(note));
    kernel.autotune = std::move(spec);
  }

  // An evaluated list of triton.Config as the spec's configs; a config with
  // a pre_hook may restore what the kernel writes.
  void takeConfigs(AutotuneSpec &spec, const Value &configs, SourceSpan span) {
    spec.configs = evaluator().toConfigList(configs, span);
    if (configs.isSequence())
      for (const Value &item : configs.sequence()->items)
        if (item.isConfig() && item.config()->hasPreHook) spec.hasPrehook = true;
  }

  // A list not read whole may still hook its runs: a `Config(...,
  // pre_hook=...)` written in the list's expression, or built by a function
  // of the project the expression calls (read as a pruner's body is read,
  // with the helpers it calls in turn; bounded).
  bool configsMayBeHooked(NodeId expression, const python::EvaluationPoint &point) {
    FunctionsSeen seen;
    std::vector<NodeId> pending{expression};
    for (size_t i = 0; i < pending.size() && i < 256; ++i) {
      NodeId node = pending[i];
      if (tree_.kind(node) == NodeKind::Call) {
        if (NodeId arguments = tree_.child(node, Field::Arguments); arguments != kNoNode)
          for (NodeId argument : tree_.children(arguments)) {
            if (tree_.kind(argument) != NodeKind::KeywordArgument) continue;
            NodeId name = tree_.child(argument, Field::Name), value = tree_.child(argument, Field::Value);
            if (name != kNoNode && tree_.text(name) == "pre_hook" && value != kNoNode &&
                tree_.kind(value) != NodeKind::None)
              return true;
          }
        const Value callee = evaluate(tree_.child(node, Field::Function), point);
        if (functionBuildsHookedConfigs(callee, seen, 1)) return true;
      }
      for (NodeId child : tree_.children(node)) pending.push_back(child);
    }
    return false;
  }

  using FunctionsSeen = std::set<std::pair<const python::SyntaxTree *, NodeId>>;

  // Reads `function` as a pruner's body is read, then the project helpers it
  // calls (in its module or imported by it), each once, to a bounded depth;
  // `visit` (given the reading and its depth) returns true to stop the walk.
  bool walkPrunerFunctions(const Value &function, FunctionsSeen &seen, int depth,
                           const std::function<bool(const python::PrunerReading &, int)> &visit) {
    constexpr int kMaxHelperDepth = 4;
    auto source = evaluator().functionSource(function);
    if (depth > kMaxHelperDepth || !source || !seen.insert({source->tree, source->definition}).second) return false;
    const python::PrunerReading reading = python::readPruner(*source->tree, source->definition);
    if (visit(reading, depth)) return true;
    for (const std::string &name : reading.helpers)
      if (walkPrunerFunctions(evaluator().globalOf(function, name), seen, depth + 1, visit)) return true;
    return false;
  }

  // The comparisons with a number every config the pruner keeps meets: those
  // in its keep tests, and in the only `return` of each helper those tests
  // call as a predicate (and of the predicates those return in turn).
  void collectKeepConditions(const Value &function, bool predicate, FunctionsSeen &seen, int depth,
                             std::set<AutotuneSpec::KeepCondition> &out) {
    constexpr int kMaxPredicateDepth = 4;
    auto source = evaluator().functionSource(function);
    if (depth > kMaxPredicateDepth || !source || !seen.insert({source->tree, source->definition}).second) return;
    const python::PrunerReading reading = python::readPruner(*source->tree, source->definition);
    auto add = [&](const std::vector<python::PrunerReading::Comparison> &comparisons) {
      for (const auto &c : comparisons) out.insert({c.key, c.op, c.value});
    };
    add(reading.keepComparisons);
    if (predicate) add(reading.returnComparisons);
    for (const std::string &name : reading.keepPredicates)
      collectKeepConditions(evaluator().globalOf(function, name), true, seen, depth + 1, out);
    if (predicate)
      for (const std::string &name : reading.returnPredicates)
        collectKeepConditions(evaluator().globalOf(function, name), true, seen, depth + 1, out);
  }

  bool functionBuildsHookedConfigs(const Value &function, FunctionsSeen &seen, int depth) {
    return walkPrunerFunctions(function, seen, depth,
                               [](const python::PrunerReading &reading, int) { return reading.buildsHookedConfigs; });
  }

  void readPruner(AutotuneSpec &spec, const python::AutotuneSyntax &syntax) {
    spec.hasPruner = true;
    Value prune = evaluate(syntax.pruneConfigsBy, syntax.point);
    Value function;
    if (prune.isDict()) {
      int index = prune.dict()->find(Value::ofString("early_config_prune"));
      if (index >= 0) function = prune.dict()->entries[static_cast<size_t>(index)].second;
    }
    // The name as written, even when the function cannot be evaluated.
    NodeId dict = tree_.unparenthesize(syntax.pruneConfigsBy);
    if (dict != kNoNode && tree_.kind(dict) == NodeKind::Dictionary)
      for (NodeId pair : tree_.children(dict)) {
        if (tree_.kind(pair) != NodeKind::Pair) continue;
        std::string key;
        NodeId keyNode = tree_.child(pair, Field::Key);
        NodeId value = tree_.child(pair, Field::Value);
        if (keyNode != kNoNode && value != kNoNode && python::stringLiteralValue(tree_, keyNode, key) &&
            key == "early_config_prune")
          spec.prunerName = std::string(tree_.text(value));
      }
    readPrunerFunction(spec, function);
  }

  // What an early_config_prune function enforces, read from its body.
  void readPrunerFunction(AutotuneSpec &spec, const Value &function) {
    // Triton's own GEMM pruner (triton.ops, Triton 2.x) drops the configs
    // whose (BLOCK_M + BLOCK_N) x BLOCK_K x num_stages elements exceed the
    // device's shared memory (python/triton/ops/matmul_perf_model.py).
    if (function.isExternal() && std::string_view(function.text()).ends_with("matmul_perf_model.early_config_prune")) {
      if (spec.prunerName.empty()) spec.prunerName = "early_config_prune";
      spec.prunerLimits.insert("smem");
      return;
    }
    if (!evaluator().functionSource(function)) return;
    if (spec.prunerName.empty()) spec.prunerName = function.function()->name;
    // The pruner's own limits and config keys; of the helpers it calls, the
    // resource limits they compare.
    FunctionsSeen seen;
    FunctionsSeen predicatesSeen;
    collectKeepConditions(function, false, predicatesSeen, 0, spec.prunerKeeps);
    walkPrunerFunctions(function, seen, 0, [&](const python::PrunerReading &reading, int depth) {
      if (depth == 0) {
        spec.prunerLimits = reading.limits;
        spec.prunerConfigKeys = reading.configKeys;
      } else {
        for (const std::string &limit : reading.limits)
          if (limit == "smem" || limit == "registers") spec.prunerLimits.insert(limit);
      }
      spec.prunerBuildsConfigs = spec.prunerBuildsConfigs || reading.buildsConfigs;
      spec.hasPrehook = spec.hasPrehook || reading.buildsHookedConfigs;
      return false;
    });
  }

  // Whether a value is triton's Autotuner or a class of the project derived
  // from it (a caching or logging autotuner), or a project's own autotuner
  // written on triton's KernelInterface, the base Autotuner itself derives
  // from: one whose constructor takes `configs`.
  static bool isAutotunerClass(const Value &value) {
    return derivesFrom(value, ".Autotuner") || (derivesFrom(value, ".KernelInterface") && initTakesConfigs(value));
  }

  // Whether `value` is triton's class ending in `suffix` or a class of the
  // project derived from it.
  static bool derivesFrom(const Value &value, std::string_view suffix, int depth = 0) {
    if (value.isExternal()) {
      const std::string &path = value.text();
      return path.starts_with("triton.") && path.size() > suffix.size() && path.ends_with(suffix);
    }
    if (value.kind() != eval::ValueKind::Class || depth > 8) return false;
    for (const Value &base : value.object()->bases)
      if (derivesFrom(base, suffix, depth + 1)) return true;
    return false;
  }

  // Whether the `__init__` a project class has, its own or the nearest
  // project base's, takes a parameter named `configs`.
  static bool initTakesConfigs(const Value &value, int depth = 0) {
    if (value.kind() != eval::ValueKind::Class || depth > 8 || !value.object()->module) return false;
    const eval::ObjectData &cls = *value.object();
    const python::SyntaxTree &tree = cls.module->tree();
    NodeId body = tree.child(cls.definition, Field::Body);
    if (body == kNoNode) return false;
    for (NodeId statement : tree.children(body)) {
      NodeId definition = tree.kind(statement) == NodeKind::DecoratedDefinition
                              ? tree.child(statement, Field::Definition)
                              : statement;
      if (definition == kNoNode || tree.kind(definition) != NodeKind::FunctionDefinition) continue;
      NodeId name = tree.child(definition, Field::Name);
      if (name == kNoNode || tree.text(name) != "__init__") continue;
      return parameterPosition(tree, definition, "configs") >= 0;
    }
    for (const Value &base : cls.bases)
      if (initTakesConfigs(base, depth + 1)) return true;
    return false;
  }

  // The position of the parameter `name` of a function definition, -1 when
  // it has none (or takes it only by keyword, after `*`).
  static int parameterPosition(const python::SyntaxTree &tree, NodeId definition, std::string_view name) {
    const std::vector<std::string_view> names = tree.positionalParameterNames(definition);
    auto found = std::find(names.begin(), names.end(), name);
    return found == names.end() ? -1 : static_cast<int>(found - names.begin());
  }

  // A decorator of the project's own whose body applies triton.autotune or
  // builds an Autotuner: a class derived from it, or a parameter the factory
  // annotates or asserts to be one (`policy: Type[MyTuner]`,
  // `assert issubclass(policy, MyTuner)`).
  bool wrapsAutotune(const Value &function, const eval::Evaluator::FunctionSource &source, int depth = 0) {
    const python::SyntaxTree &tree = *source.tree;
    auto namesAutotuner = [&](NodeId node) {
      std::vector<NodeId> names{node};
      while (!names.empty()) {
        NodeId name = names.back();
        names.pop_back();
        if (tree.kind(name) == NodeKind::Identifier && isAutotunerClass(evaluator().globalOf(function, tree.text(name))))
          return true;
        if (tree.kind(name) == NodeKind::Attribute &&
            isAutotunerClass(Value::external(source.index->canonicalPath(tree, name))))
          return true;
        for (NodeId child : tree.children(name)) names.push_back(child);
      }
      return false;
    };
    std::set<std::string_view> autotunerParameters;
    if (NodeId parameters = tree.child(source.definition, Field::Parameters); parameters != kNoNode)
      for (NodeId parameter : tree.children(parameters)) {
        NodeId type = tree.child(parameter, Field::TypeField);
        NodeId name = tree.firstChild(parameter);
        if (type != kNoNode && name != kNoNode && tree.kind(name) == NodeKind::Identifier && namesAutotuner(type))
          autotunerParameters.insert(tree.text(name));
      }
    std::vector<NodeId> stack{source.definition};
    std::vector<NodeId> calls;
    while (!stack.empty()) {
      NodeId node = stack.back();
      stack.pop_back();
      if (tree.kind(node) == NodeKind::Call) {
        NodeId callee = tree.child(node, Field::Function);
        std::string path = source.index->canonicalPath(tree, callee);
        if (isTritonAutotune(path)) return true;
        if (isAutotunerClass(Value::external(path))) return true;
        NodeId arguments = tree.child(node, Field::Arguments);
        if (path == "issubclass" && arguments != kNoNode) {
          NodeId checked = tree.positionalArgument(node, 0), against = tree.positionalArgument(node, 1);
          if (checked != kNoNode && against != kNoNode && tree.kind(checked) == NodeKind::Identifier &&
              namesAutotuner(against))
            autotunerParameters.insert(tree.text(checked));
        }
        calls.push_back(callee);
      }
      for (NodeId child : tree.children(node)) stack.push_back(child);
    }
    for (NodeId callee : calls) {
      if (tree.kind(callee) != NodeKind::Identifier) continue;
      if (autotunerParameters.count(tree.text(callee))) return true;
      const Value called = evaluator().globalOf(function, tree.text(callee));
      if (isAutotunerClass(called)) return true;
      // A factory that returns another function of the project's that wraps
      // triton.autotune (`return _project_autotune(configs=..., key=...)`).
      if (depth < 2)
        if (auto inner = evaluator().functionSource(called);
            inner && inner->definition != source.definition && wrapsAutotune(called, *inner, depth + 1))
          return true;
    }
    // A generic factory given triton.autotune to apply later
    // (`triton_autotune = try_decorate(lambda: triton.autotune)`): the
    // decorator is the factory's inner function, holding what it was given.
    for (const Value &captured : evaluator().capturedFunctions(function))
      if (auto held = evaluator().functionSource(captured); held && namesTritonAutotune(*held)) return true;
    return false;
  }

  static bool isTritonAutotune(std::string_view path) {
    return path.size() > 9 && path.substr(0, 7) == "triton." && path.substr(path.size() - 9) == ".autotune";
  }

  // A decorator call written as triton.autotune's: `configs=`, or a first
  // argument and `key=`.
  bool writtenLikeAutotune(NodeId decorator) const {
    if (tree_.keywordArgument(decorator, "configs") != kNoNode) return true;
    return tree_.keywordArgument(decorator, "key") != kNoNode && tree_.positionalArgument(decorator, 0) != kNoNode;
  }

  // A non-empty sequence of triton.Config objects.
  static bool holdsConfigs(const Value &value) {
    if (!value.isSequence() || value.sequence()->items.empty()) return false;
    return std::all_of(value.sequence()->items.begin(), value.sequence()->items.end(),
                       [](const Value &item) { return item.isConfig(); });
  }

  // Whether a function's body passes what restores or resets arguments
  // between autotuning runs (`restore_value=`, `reset_to_zero=`, hooks).
  static bool namesRestoring(const eval::Evaluator::FunctionSource &source) {
    const python::SyntaxTree &tree = *source.tree;
    std::vector<NodeId> stack{source.definition};
    while (!stack.empty()) {
      const NodeId node = stack.back();
      stack.pop_back();
      if (tree.kind(node) == NodeKind::Identifier || tree.kind(node) == NodeKind::String) {
        const std::string_view text = tree.text(node);
        for (std::string_view word : {"restore_value", "reset_to_zero", "pre_hook", "post_hook"})
          if (text.find(word) != std::string_view::npos) return true;
      }
      for (NodeId child : tree.children(node)) stack.push_back(child);
    }
    return false;
  }

  // Whether a function's body names triton.autotune (`lambda: triton.autotune`).
  static bool namesTritonAutotune(const eval::Evaluator::FunctionSource &source) {
    const python::SyntaxTree &tree = *source.tree;
    std::vector<NodeId> stack{source.definition};
    while (!stack.empty()) {
      const NodeId node = stack.back();
      stack.pop_back();
      if (tree.kind(node) == NodeKind::Attribute) {
        const std::string path = source.index->canonicalPath(tree, node);
        if (isTritonAutotune(path)) return true;
      }
      for (NodeId child : tree.children(node)) stack.push_back(child);
    }
    return false;
  }

  // The decorator's arguments that carry what triton.autotune's do, found
  // as `declaration` says (triton.autotune's own names and positions by
  // default).
  python::AutotuneSyntax wrapperArguments(NodeId decorator, const python::KernelSyntax &syntax,
                                          const AutotunerDeclaration &declaration) const {
    python::AutotuneSyntax autotune;
    autotune.call = decorator;
    autotune.point = syntax.point;
    autotune.custom = true;
    autotune.customCallee = tree_.kind(decorator) == NodeKind::Call ? tree_.child(decorator, Field::Function)
                                                                   : decorator;
    if (tree_.kind(decorator) != NodeKind::Call) return autotune;
    auto find = [&](const AutotunerDeclaration::Argument &argument) {
      NodeId byKeyword = argument.keyword.empty() ? kNoNode : tree_.keywordArgument(decorator, argument.keyword);
      if (byKeyword != kNoNode || argument.position < 0) return byKeyword;
      return tree_.positionalArgument(decorator, static_cast<size_t>(argument.position));
    };
    autotune.configs = find(declaration.configs);
    autotune.key = find(declaration.key);
    autotune.pruneConfigsBy = find(declaration.pruneConfigsBy);
    autotune.restoreValue = find(declaration.restoreValue);
    autotune.resetToZero = find(declaration.resetToZero);
    return autotune;
  }

  // Where a factory of the project's own takes what triton.autotune does:
  // by its own parameters' names and positions (`autotune(key, configs=None)`
  // takes the key first), triton.autotune's where it names them otherwise.
  static AutotunerDeclaration factorySignature(const eval::Evaluator::FunctionSource &source) {
    AutotunerDeclaration signature;
    for (AutotunerDeclaration::Argument *argument : {&signature.configs, &signature.key, &signature.pruneConfigsBy,
                                                     &signature.restoreValue, &signature.resetToZero}) {
      const int position = parameterPosition(*source.tree, source.definition, argument->keyword);
      if (position >= 0) argument->position = position;
    }
    return signature;
  }

  // A decorator whose value is what triton.autotune(...) returned: a
  // factory that builds its list and returns the decorator, or a name bound
  // to one. Its list, key, pruner and restores are read from that value.
  bool buildFromDecoratorValue(Kernel &kernel, NodeId decorator, const python::KernelSyntax &syntax,
                               const std::string &wrapperNote) {
    keepFileNotes();
    const Value applied = evaluate(decorator, syntax.point);
    const eval::DictData *arguments = eval::autotuneDecoratorArguments(applied);
    if (!arguments) return false;
    auto entry = [&](std::string_view name) -> const Value * {
      const int index = arguments->findString(name);
      return index < 0 ? nullptr : &arguments->entries[static_cast<size_t>(index)].second;
    };
    const SourceSpan span = tree_.span(decorator);
    AutotuneSpec spec;
    spec.span = span;
    spec.wrappedByCustomDecorator = true;
    std::vector<Note> notes;
    takeConfigs(spec, *entry("configs"), span);
    spec.keySpan = span;
    if (const Value *key = entry("key")) spec.key = namesOf(*key, span, "the key's names", spec.keyKnown, notes);
    else spec.keyKnown = false;
    bool known = true;
    if (const Value *restore = entry("restore_value"); restore && !restore->isNone())
      spec.restoreValue = namesOf(*restore, span, "the names of restore_value", known, notes);
    if (const Value *reset = entry("reset_to_zero"); reset && !reset->isNone())
      spec.resetToZero = namesOf(*reset, span, "the names of reset_to_zero", known, notes);
    spec.hasPrehook = spec.hasPrehook || entry("hooked") != nullptr;
    if (const Value *prune = entry("prune_configs_by"); prune && !prune->isNone()) {
      spec.hasPruner = true;
      if (prune->isDict())
        if (const int index = prune->dict()->findString("early_config_prune"); index >= 0)
          readPrunerFunction(spec, prune->dict()->entries[static_cast<size_t>(index)].second);
    }
    notes.push_back(Note(wrapperNote));
    for (Note &note : evaluator().takeNotes()) spec.configs.evaluationNotes.push_back(std::move(note));
    for (Note &note : notes) spec.configs.evaluationNotes.push_back(std::move(note));
    kernel.autotune = std::move(spec);
    return true;
  }

  // Decorators other than triton's: one declared an autotuner in
  // .btlint.yaml, a factory of the project's own that hands its configs to
  // triton.autotune or an Autotuner, or one btlint cannot read that takes
  // triton.autotune's `configs=`: its list is reported as not read.
  void readCustomDecorators(Kernel &kernel, const python::KernelSyntax &syntax) {
    for (NodeId decorator : syntax.otherDecorators) {
      const bool isCall = tree_.kind(decorator) == NodeKind::Call;
      const NodeId callee = isCall ? tree_.child(decorator, Field::Function) : decorator;
      const std::string written(tree_.text(callee));
      const std::string path = file_.module.index.canonicalPath(tree_, callee);
      if (context_.autotuners)
        for (const AutotunerDeclaration &declared : *context_.autotuners)
          if (declared.matches(path) || declared.matches(written)) {
            python::AutotuneSyntax autotune = wrapperArguments(decorator, syntax, declared);
            buildAutotune(kernel, autotune,
                          "the configs are passed through the decorator `" + written +
                              "`, declared an autotuner in .btlint.yaml (`autotuners: " + declared.decorator + "`)");
            if (autotune.configs == kNoNode)
              kernel.autotune->configs.unknownReason =
                  "the decorator `" + written + "` is given no configs where .btlint.yaml says it takes them";
            return;
          }
      Value function = evaluate(callee, syntax.point);
      // A name bound to triton.autotune itself (`autotune = triton.autotune`,
      // often under a guard with a pass-through decorator on the other arm).
      if (function.isExternal() && isTritonAutotune(function.text())) {
        python::AutotuneSyntax autotune = isCall ? python::tritonAutotuneArguments(tree_, decorator, syntax.point)
                                                 : python::AutotuneSyntax{.call = decorator, .point = syntax.point};
        buildAutotune(kernel, autotune, {});
        return;
      }
      auto source = evaluator().functionSource(function);
      if (source && wrapsAutotune(function, *source)) {
        python::AutotuneSyntax autotune = wrapperArguments(decorator, syntax, factorySignature(*source));
        buildAutotune(kernel, autotune,
                      "the configs are passed through the decorator `" + written + "`, which wraps triton.autotune");
        if (autotune.configs == kNoNode && isCall &&
            buildFromDecoratorValue(kernel, decorator, syntax,
                                    "the configs are built inside the decorator `" + written +
                                        "`, which returns triton.autotune(...)"))
          return;
        if (autotune.configs == kNoNode)
          kernel.autotune->configs.unknownReason = "the configs are chosen inside the decorator `" + written + "`";
        // Only where the wrapper chooses the configs itself: one that forwards
        // the decorator's arguments restores what the decorator names.
        if (autotune.configs == kNoNode && autotune.restoreValue == kNoNode && autotune.resetToZero == kNoNode &&
            namesRestoring(*source))
          kernel.autotune->restoresChosenInside = true;
        return;
      }
      // A decorator of the project's own given configs and a key as
      // triton.autotune is, that does not autotune as btlint reads it (a
      // pass-through chosen by an environment variable or a flag): its list
      // is not linted, and the run says so.
      if (source && isCall && writtenLikeAutotune(decorator)) {
        const NodeId configs = tree_.keywordArgument(decorator, "configs") != kNoNode
                                   ? tree_.keywordArgument(decorator, "configs")
                                   : tree_.positionalArgument(decorator, 0);
        if (!holdsConfigs(evaluate(configs, syntax.point))) continue;
        ConfigList list;
        list.complete = false;
        list.span = tree_.span(configs);
        list.unknownReason =
            "the decorator `" + written + "` is given configs and a key like triton.autotune, but as btlint reads it " +
            "(environment variables unset unless .btlint.yaml gives them) it does not hand them to triton.autotune; " +
            "if it autotunes under a setting, give that setting in .btlint.yaml (`environment:`), or declare the " +
            "decorator: `autotuners: {" + (path.empty() ? written : path) + ": {}}`";
        kernel.listNotAutotuned = std::move(list);
        continue;
      }
      // Not read, yet written like triton.autotune: say so rather than
      // leave the kernel looking untuned.
      if (!source && isCall && writtenLikeAutotune(decorator)) {
        AutotuneSpec spec;
        spec.span = tree_.span(decorator);
        spec.wrappedByCustomDecorator = true;
        spec.configs.complete = false;
        spec.configs.span = tree_.span(tree_.keywordArgument(decorator, "configs"));
        spec.configs.unknownReason =
            "the decorator `" + written + "` takes `configs=` like triton.autotune, but " +
            (function.isUnknown() ? function.unknownReason() : "`" + written + "` is not read") +
            "; if it autotunes, declare it in .btlint.yaml: `autotuners: {" + (path.empty() ? written : path) +
            ": {}}`";
        spec.keyKnown = false;
        kernel.autotune = std::move(spec);
        return;
      }
    }
  }

  // The element types the launches in this file pass for the kernel's
  // pointers give the type of the tiles loaded through them where the
  // kernel's text does not (what Triton's pipeliner copies into shared
  // memory is the loaded type), and the type of a dot whose operands are such
  // loads. Every launch that shows a pointer's type must agree.
  void applyLaunchElementTypes(Kernel &kernel, const python::KernelSyntax &syntax) {
    std::map<std::string, std::string> typeOf; // pointer parameter -> element type; "" where launches disagree
    std::map<std::string, int> shownAt;        // the line of the first launch that shows it
    std::map<std::string, std::string> alternativesOf; // what that launch's assert allows, if several
    for (const LaunchSite &launch : model_.launches) {
      if (!callsOwnKernel(launch, kernel)) continue;
      for (const LaunchArgument &argument : launch.arguments) {
        if (argument.elementType.empty()) continue;
        const std::string name(kernel.paramNameOf(argument));
        if (name.empty()) continue;
        auto [found, inserted] = typeOf.emplace(name, argument.elementType);
        if (inserted) {
          shownAt[name] = launch.span.line;
          alternativesOf[name] = argument.elementTypeAlternatives;
        }
        else if (found->second != argument.elementType) found->second.clear();
      }
    }
    if (typeOf.empty()) return;
    // The one type the load's pointers are given, and the first of them.
    auto typeThrough = [&](const SourceSpan &span, std::string &pointer) {
      std::string type;
      for (const MemoryAccess &access : kernel.accesses) {
        if (access.kind != AccessKind::Load || !(access.span == span)) continue;
        auto found = typeOf.find(access.pointer);
        if (found == typeOf.end() || found->second.empty() || (!type.empty() && type != found->second))
          return std::string();
        type = found->second;
        if (pointer.empty()) pointer = access.pointer;
      }
      return type;
    };
    bool typed = false;
    for (TileShape &tile : kernel.tiles) {
      if (tile.source != TileSource::Load || !tile.dtype.empty() || tile.viaDescriptor) continue;
      std::string pointer;
      tile.dtype = typeThrough(tile.span, pointer);
      if (tile.dtype.empty()) continue;
      const std::string &alternatives = alternativesOf[pointer];
      tile.dtypeShownBy = "`" + pointer + "` is " + (alternatives.empty() ? tile.dtype : alternatives) +
                          " in the launch at line " + std::to_string(shownAt[pointer]);
      typed = true;
    }
    if (!typed) return;
    // A dot whose operands come straight from such loads, uncast, reads their type.
    for (DotSite &dot : kernel.dots) {
      if (!dot.inputDtype.empty() || !dot.aStraight || !dot.bStraight || dot.aCast || dot.bCast) continue;
      std::string type;
      bool agree = true;
      for (const std::vector<int> *loads : {&dot.aLoads, &dot.bLoads})
        for (int index : *loads) {
          if (index < 0 || static_cast<size_t>(index) >= kernel.tiles.size()) continue;
          const std::string &loaded = kernel.tiles[static_cast<size_t>(index)].dtype;
          if (loaded.empty() || (!type.empty() && loaded != type)) agree = false;
          type = loaded;
        }
      if (!agree || type.empty()) continue;
      dot.inputDtype = type;
      dot.inputFromLaunches = true;
    }
    if (kernel.dtypeAssumed || kernel.dtypeSource == context_.settings.dtypeSource) resolveDtype(kernel, syntax);
  }

  void resolveDtype(Kernel &kernel, const python::KernelSyntax &syntax) {
    if (context_.kernelSettings) {
      auto found = context_.kernelSettings->find(kernel.name);
      if (found != context_.kernelSettings->end() && !found->second.dtype.empty()) {
        kernel.dtype = normalizeDtype(found->second.dtype);
        kernel.dtypeSource = "the kernel's setting in .btlint.yaml";
        return;
      }
    }
    if (!syntax.dtypeComment.empty()) {
      kernel.dtype = normalizeDtype(syntax.dtypeComment);
      kernel.dtypeSource = "the `# btlint: dtype=" + syntax.dtypeComment + "` comment at line " +
                           std::to_string(syntax.dtypeCommentLine);
      kernel.dtypeSourceSpan = syntax.dtypeCommentSpan;
      return;
    }
    for (const DotSite &dot : kernel.dots) {
      if (dot.inputDtype.empty() || dot.inputDtype == "fp32" ||
          (dot.inputDtype.substr(0, 3) == "int" && dot.inputDtype != "int8"))
        continue;
      kernel.dtype = dot.inputDtype;
      kernel.dtypeSource = dot.inputFromLaunches
                               ? "the tensors the launches pass to the tl.dot at line " +
                                     std::to_string(dot.span.line)
                           : dot.accDtype == "int32" && dot.inputDtype == "int8"
                               ? "the int32 accumulator of the tl.dot at line " + std::to_string(dot.span.line) +
                                     " (8-bit inputs)"
                               : "the tl.dot operands cast to " + dot.inputDtype + " at line " +
                                     std::to_string(dot.span.line);
      kernel.dtypeAssumed = false;
      kernel.dtypeSourceSpan = dot.span;
      return;
    }
    if (std::string named = dtypeInName(kernel.name);
        !named.empty() && !kernel.dots.empty() && context_.settings.dtypeSource == "default") {
      // A matmul named for its operand type (`fp8_gemm_kernel`) says what
      // its dots read better than a cast of the stored result does; a type
      // the user gave (`--dtype`, .btlint.yaml) still comes first.
      kernel.dtype = named;
      kernel.dtypeSource = "the kernel's name `" + kernel.name + "`";
      kernel.dtypeSourceSpan = kernel.nameSpan;
      kernel.dtypeAssumed = true;
      return;
    }
    if (!syntax.castDtype.empty()) {
      kernel.dtype = syntax.castDtype;
      kernel.dtypeSource = "the cast to " + syntax.castDtype + " at line " + std::to_string(syntax.castLine);
      kernel.dtypeSourceSpan = syntax.castSpan;
      // Where the kernel has dots, a cast elsewhere (most often the stored
      // result's) says nothing of what the dots read.
      kernel.dtypeAssumed = !kernel.dots.empty();
      return;
    }
    kernel.dtype = context_.settings.dtype;
    kernel.dtypeSource = context_.settings.dtypeSource;
    kernel.dtypeAssumed = context_.settings.dtypeSource == "default";
  }

  Kernel buildKernel(const python::KernelSyntax &syntax, size_t index) {
    Kernel kernel = consumable_ ? std::move(consumable_->kernels[index].kernel) : syntax.kernel;
    for (const auto &[index, node] : syntax.defaultExpressions)
      if (index < kernel.params.size()) kernel.params[index].defaultValue = scalar(node, syntax.point);
    for (const auto &[index, node] : syntax.annotationExpressions) {
      if (index >= kernel.params.size()) continue;
      const Value annotation = evaluate(node, syntax.point);
      // Triton takes a parameter as constexpr when its annotation's name holds
      // "constexpr": an alias of tl.constexpr is one; an alias of `int` is not.
      if (!annotation.isExternal()) continue;
      const std::string &path = annotation.text();
      if (path == "triton.language.constexpr" || path == "triton.language.core.constexpr")
        kernel.params[index].kind = ParamKind::Constexpr;
      else if (path == "builtins.int" || path == "builtins.bool")
        kernel.params[index].kind = ParamKind::Int;
      else if (path == "builtins.float")
        kernel.params[index].kind = ParamKind::Float;
    }
    if (syntax.dimsReadGlobals) resolveGlobalDims(kernel, syntax);
    if (syntax.autotune && !appliedFor(kernel, *syntax.autotune))
      ; // wrapped by hand under a test the target arch fails: not autotuned here
    else if (syntax.autotune)
      buildAutotune(kernel, *syntax.autotune, {});
    else if (!syntax.otherDecorators.empty())
      readCustomDecorators(kernel, syntax);
    if (syntax.jitCall != kNoNode) {
      NodeId arguments = tree_.child(syntax.jitCall, Field::Arguments);
      if (arguments != kNoNode)
        for (NodeId argument : tree_.children(arguments)) {
          if (tree_.kind(argument) != NodeKind::KeywordArgument) continue;
          NodeId name = tree_.child(argument, Field::Name);
          if (name == kNoNode || tree_.text(name) != "do_not_specialize") continue;
          Value list = evaluate(tree_.child(argument, Field::Value), syntax.point);
          if (!list.isSequence()) {
            kernel.notes.push_back(Note("do_not_specialize at line " + std::to_string(tree_.line(argument)) +
                                            " could not be evaluated",
                                        tree_.span(argument)));
            continue;
          }
          for (const Value &item : list.sequence()->items) {
            if (item.isString()) kernel.doNotSpecialize.insert(item.text());
            else if (item.isInt() && item.asInt() >= 0 &&
                     static_cast<size_t>(item.asInt()) < kernel.params.size())
              kernel.doNotSpecialize.insert(kernel.params[static_cast<size_t>(item.asInt())].name);
          }
        }
    }
    resolveDtype(kernel, syntax);
    return kernel;
  }

  LaunchSite buildLaunch(const python::LaunchSyntax &launch, size_t index) {
    LaunchSite site = consumable_ ? std::move(consumable_->launches[index].site) : launch.site;
    for (size_t i = 0; i < site.arguments.size() && i < launch.argumentValues.size(); ++i) {
      if (launch.argumentValues[i] == kNoNode) continue;
      site.arguments[i].value = scalar(launch.argumentValues[i], launch.point);
    }
    for (size_t i = 0; i < site.gridDivisors.size() && i < launch.divisorNodes.size(); ++i) {
      GridDivisor &divisor = site.gridDivisors[i];
      if (divisor.value.isKnown() || divisor.readsMeta) continue;
      divisor.value = scalar(launch.divisorNodes[i], launch.point);
    }
    markGridUses(site);
    return site;
  }

  // Parameters of a kernel of this file that the launch's grid reads.
  void markGridUses(const LaunchSite &site) {
    std::string base = site.kernel.substr(site.kernel.rfind('.') + 1);
    for (Kernel &kernel : model_.kernels) {
      if (kernel.name != base) continue;
      for (const std::string &key : site.gridMetaKeys)
        for (Param &param : kernel.params)
          if (param.name == key) param.uses.insert(ParamUse::Grid);
      for (const LaunchArgument &argument : site.arguments) {
        if (std::find(site.gridNames.begin(), site.gridNames.end(), argument.text) == site.gridNames.end())
          continue;
        Param *param = nullptr;
        if (!argument.name.empty()) {
          for (Param &candidate : kernel.params)
            if (candidate.name == argument.name) param = &candidate;
        } else if (argument.position < kernel.params.size()) {
          param = &kernel.params[argument.position];
        }
        if (param) param->uses.insert(ParamUse::Grid);
      }
    }
  }

  BenchCall buildBench(const python::BenchSyntax &bench) {
    BenchCall call = bench.call;
    if (bench.warmup != kNoNode) call.warmup = scalar(bench.warmup, bench.point);
    if (bench.rep != kNoNode) call.rep = scalar(bench.rep, bench.point);
    if (bench.rounds != kNoNode) call.rounds = scalar(bench.rounds, bench.point);
    return call;
  }
};

struct IncrementalTree : IncrementalParseState {
  python::KeptTree tree;
  void edit(const SourceEdit &edit) override { tree.edit(edit); }
};

// Python stops at a file's first syntax error; the parser recovers and
// finds more, most of them the first one's consequences (a missing comma
// misreads the lines after it). The first is reported, the count of the
// rest in a note.
void keepFirstSyntaxError(std::vector<ParseProblem> &problems) {
  auto syntax = [](const ParseProblem &problem) { return problem.message.rfind("syntax error", 0) == 0; };
  auto first = std::find_if(problems.begin(), problems.end(), syntax);
  if (first == problems.end()) return;
  const size_t firstIndex = static_cast<size_t>(first - problems.begin());
  size_t dropped = 0;
  for (size_t i = problems.size(); i-- > firstIndex + 1;)
    if (syntax(problems[i])) {
      problems.erase(problems.begin() + static_cast<std::ptrdiff_t>(i));
      ++dropped;
    }
  if (dropped)
    problems[firstIndex].notes.push_back(std::to_string(dropped) + " more syntax error" + (dropped == 1 ? "" : "s") +
                                          " after it, which may follow from it: Python stops at the first");
}

class PythonFrontEnd : public FrontEnd {
  static std::unique_ptr<ParsedFile> parseKeeping(const SourceFile &source, python::KeptTree *kept) {
    auto parsed = std::make_unique<python::PythonParsedFile>(source);
    parsed->module.tree = python::SyntaxTree::parse(source, parsed->problems, kept);
    keepFirstSyntaxError(parsed->problems);
    parsed->module.index.build(parsed->module.tree);
    python::readModule(*parsed);
    return parsed;
  }

public:
  Language language() const override { return Language::Python; }

  // A Triton kernel, config list or launch needs `triton` imported somewhere
  // in the file (or `tl` brought in from a helper module). `jit` alone is no
  // sign: numba, JAX and CuTe files use it too.
  bool mayContainKernelCode(const SourceFile &source) const override {
    const std::string_view text = source.text();
    return text.find("triton") != std::string_view::npos ||
           text.find("tl.") != std::string_view::npos ||
           text.find("do_bench") != std::string_view::npos ||
           text.find("autotune") != std::string_view::npos;
  }

  std::unique_ptr<ParsedFile> parse(const SourceFile &source) const override {
    return parseKeeping(source, nullptr);
  }

  // btlint lsp: tree-sitter reparses from the edited tree of the last parse.
  std::unique_ptr<IncrementalParseState> makeIncrementalState() const override {
    return std::make_unique<IncrementalTree>();
  }
  std::unique_ptr<ParsedFile> parseIncremental(const SourceFile &source,
                                               IncrementalParseState &state) const override {
    auto *incremental = dynamic_cast<IncrementalTree *>(&state);
    return parseKeeping(source, incremental ? &incremental->tree : nullptr);
  }

  void buildModel(const ParsedFile &parsed, const ModelContext &context,
                  FileModel &model) const override {
    model.path = parsed.source().path();
    model.language = Language::Python;
    auto *python = dynamic_cast<const python::PythonParsedFile *>(&parsed);
    if (!python) {
      model.parseProblems = parsed.problems;
      return;
    }
    ModelBuilder builder(*python, context, model);
    builder.build();
  }
  void buildLastModel(ParsedFile &parsed, const ModelContext &context, FileModel &model) const override {
    auto *python = dynamic_cast<python::PythonParsedFile *>(&parsed);
    if (!python) return buildModel(parsed, context, model);
    model.path = parsed.source().path();
    model.language = Language::Python;
    ModelBuilder builder(*python, context, model, python);
    builder.build();
  }
};

} // namespace

std::unique_ptr<FrontEnd> makePythonFrontEnd() { return std::make_unique<PythonFrontEnd>(); }

} // namespace btlint
