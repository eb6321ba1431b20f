#pragma once
// The abstract interpreter behind eval/Evaluator.h. Internal to lib/eval.
//
// It runs the Python subset that config lists are written in, over the syntax
// tree, lazily: a name is evaluated when something asks for it, as it stands
// at the point of the module where it is read, and the result is memoised per
// module. Nothing is ever guessed: what it cannot resolve becomes Unknown with
// a reason, and every limit (list size, call depth, time) ends in Unknown plus
// a note, never in a hang.
#include "source/FrontEnd.h"
#include "eval/PyValue.h"
#include "model/NameMap.h"
#include "syntax/PythonModule.h"

#include "llvm/ADT/SmallVector.h"

#include <chrono>
#include <deque>
#include <map>
#include <tuple>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace btlint::eval {

// Names to values, searchable by string_view without building a string. A
// scope binds a handful of names and every identifier read searches each
// enclosing scope: comparing a few names in one array costs less than hashing
// the name once per scope level. Pointers into it last until the next insertion.
class VariableMap {
public:
  using Entry = std::pair<std::string, Value>;
  using iterator = std::vector<Entry>::iterator;
  iterator begin() { return entries_.begin(); }
  iterator end() { return entries_.end(); }
  std::vector<Entry>::const_iterator begin() const { return entries_.begin(); }
  std::vector<Entry>::const_iterator end() const { return entries_.end(); }
  iterator find(std::string_view name) {
    for (auto entry = entries_.begin(); entry != entries_.end(); ++entry)
      if (sameName(entry->first, name)) return entry;
    return entries_.end();
  }
  size_t count(std::string_view name) { return find(name) != end() ? 1 : 0; }
  Value &operator[](std::string_view name) {
    auto found = find(name);
    if (found != end()) return found->second;
    return entries_.emplace_back(std::string(name), Value()).second;
  }
  void emplace(std::string name, Value value) { entries_.emplace_back(std::move(name), std::move(value)); }
  void erase(std::string_view name) {
    auto found = find(name);
    if (found != end()) entries_.erase(found);
  }
  void clear() { entries_.clear(); }
  bool empty() const { return entries_.empty(); }

private:
  std::vector<Entry> entries_;
};

class ModuleState;

struct Scope {
  VariableMap variables;
  std::shared_ptr<Scope> parent;
  // Names a function declares `global`: assigned in its module, not here.
  std::vector<std::string_view> globals;
  const ModuleState *globalsModule = nullptr;
  Value *find(std::string_view name) {
    for (Scope *scope = this; scope; scope = scope->parent.get()) {
      auto found = scope->variables.find(name);
      if (found != scope->variables.end()) return &found->second;
    }
    return nullptr;
  }
};

// Per-session state of one module of the run: where module-level reads are
// made, and the memoised bindings.
class ModuleState {
public:
  ModuleState(const python::PythonModule &module, const SourceFile &source)
      : module_(module), source_(source) {}
  const python::SyntaxTree &tree() const { return module_.tree; }
  const ModuleIndex &index() const { return module_.index; }
  const SourceFile &source() const { return source_; }
  const std::string &path() const { return source_.path(); }

private:
  friend class Interpreter;
  struct Memo {
    Value value;
    std::vector<Note> notes;
    bool inProgress = false;
    bool done = false;
  };
  struct CompoundMemo {
    VariableMap bound;
    std::vector<Note> notes;
    bool inProgress = false;
    bool done = false;
  };
  const python::PythonModule &module_;
  const SourceFile &source_;
  // Session state, changed while evaluating through const pointers held by
  // values (origins, functions).
  // Module-level names are read as they stand just before this byte offset.
  mutable uint32_t readPosition_ = UINT32_MAX;
  // Module globals a function assigned through `global NAME` when it ran:
  // they win over the module's own bindings from then on.
  mutable VariableMap runtimeGlobals_;
  mutable std::unordered_map<python::NodeId, Memo> valueMemo_;
  mutable std::unordered_map<python::NodeId, CompoundMemo> compoundMemo_;
  // Decoded literals: loops evaluate the same dict keys and numbers many times.
  // Indexed by node through literalSlot_ (0: not decoded yet), which is sized
  // to the tree when the first literal is decoded: no hashing per read.
  mutable std::vector<uint32_t> literalSlot_;
  mutable std::vector<Value> literals_;
  // Per dict display node: 1 when its keys are distinct string literals
  // (`{"BLOCK_M": bm, "BLOCK_N": bn}`), 2 otherwise, 0 before it is first
  // evaluated. Displays of the first kind take their keys from the literal
  // cache and skip the duplicate-key check.
  mutable std::vector<uint8_t> dictKeys_;
};

// A function of the analysed code whose locals are read lazily (launch sites,
// kernels defined inside functions): a name is the value of its last
// unconditional assignment before `position`, or unknown.
struct HostContext {
  const ModuleState *module = nullptr;
  python::NodeId function = python::kNoNode;
  uint32_t position = 0;
};

struct Frame {
  const ModuleState *module = nullptr;
  std::shared_ptr<Scope> scope; // function, lambda or comprehension locals
  // Running a module-level statement: its writes, and the names it binds
  // (read as copies, so the memoised earlier value is not mutated).
  VariableMap *moduleWrites = nullptr;
  const std::vector<std::string_view> *moduleWriteNames = nullptr;
  const HostContext *host = nullptr;
  std::vector<Value> *yields = nullptr; // generator function being run
  int callDepth = 0;
};

// Held inline for the usual few arguments: a call evaluated per config of a
// comprehension (`triton.Config(...)`) allocates nothing for them.
struct CallArguments {
  llvm::SmallVector<Value, 3> positional;
  llvm::SmallVector<std::pair<std::string, Value>, 3> keywords;
  llvm::SmallVector<Origin, 3> keywordNameOrigins; // parallel to keywords
  bool unknownSplat = false;
  std::string unknownSplatReason;
  const Value *keyword(std::string_view name) const {
    for (const auto &[key, value] : keywords)
      if (key == name) return &value;
    return nullptr;
  }
};

enum class Flow { Normal, Return, Break, Continue, Abort };
struct ExecResult {
  Flow flow = Flow::Normal;
  Value value; // returned value, or the reason for Abort (as Unknown)
};

class Interpreter {
public:
  Interpreter(const ModelContext &context, const ParsedFile &mainFile);
  // Empties the scopes closures captured: a function stored in the scope it
  // closes over is a shared_ptr cycle that would otherwise leak.
  ~Interpreter();
  Interpreter(const Interpreter &) = delete;
  Interpreter &operator=(const Interpreter &) = delete;

  const ModuleState &mainModule() const { return *main_; }
  const ArchInfo *arch() const { return arch_; }
  // The value .btlint.yaml `environment:` gives a variable; null when none.
  const std::string *declaredEnvironment(std::string_view variable) const {
    if (!context_.environment) return nullptr;
    auto found = context_.environment->find(std::string(variable));
    return found == context_.environment->end() ? nullptr : &found->second;
  }
  const EvaluationLimits &limits() const { return context_.limits; }

  // Evaluates an expression of `module` with module-level names as they stand
  // before `position`, and the locals of `host` when given.
  Value evaluateIn(const ModuleState &module, python::NodeId expression, uint32_t position,
                   const HostContext *host);
  Value moduleGlobal(const ModuleState &module, std::string_view name, uint32_t position,
                    bool &found);

  Value evaluate(python::NodeId expression, Frame &frame);
  Value callValue(const Value &callee, CallArguments &arguments, python::NodeId site,
                  Frame &frame);

  // Notes go to every collector that is open (one per memo entry being
  // computed and one per request).
  void note(Note text);
  // A note that names the place of `node` in `module`.
  void note(std::string text, const ModuleState &module, python::NodeId node);
  void openNotes(std::vector<Note> *sink) { noteSinks_.push_back(sink); }
  void closeNotes() { noteSinks_.pop_back(); }
  // A work limit was hit: noted like note(), and kept for analysis-limit.
  void limitReached(std::string text);
  // The same for a limit met at a place (the note carries it).
  void limitReached(std::string text, const ModuleState &module, python::NodeId node);
  const std::vector<std::string> &limitsReached() const { return limitsReached_; }

  Origin originOf(const ModuleState &module, python::NodeId node) const {
    const python::SyntaxNode &n = module.tree().node(node);
    return Origin{&module, n.startByte, n.endByte};
  }
  std::string lineText(const ModuleState &module, python::NodeId node) const;
  bool timeUp() const { return timeUp_; }

private:
  friend struct Builtins;
  // expressions
  Value evaluateNode(python::NodeId expression, Frame &frame);
  Value evaluateLiteral(python::NodeId node, Frame &frame);
  Value evaluateIdentifier(python::NodeId node, Frame &frame);
  Value evaluateAttribute(python::NodeId node, Frame &frame);
  Value evaluateSubscript(python::NodeId node, Frame &frame);
  Value subscriptValue(const Value &object, const Value &index, python::NodeId site, Frame &frame);
  Value evaluateSlice(const Value &object, python::NodeId slice, python::NodeId site, Frame &frame);
  Value evaluateCall(python::NodeId node, Frame &frame);
  // Calls `callee` with the arguments of the call at `node`, evaluated in `frame`.
  Value callWithArguments(const Value &callee, python::NodeId node, Frame &frame);
  bool evaluateArguments(python::NodeId argumentList, Frame &frame, CallArguments &out);
  Value evaluateDisplay(python::NodeId node, ValueKind kind, Frame &frame);
  Value evaluateDictionary(python::NodeId node, Frame &frame);
  Value evaluateComprehension(python::NodeId node, Frame &frame);
  Value evaluateBinary(python::NodeId node, Frame &frame);
  Value evaluateComparison(python::NodeId node, Frame &frame);
  Value evaluateBoolean(python::NodeId node, Frame &frame);
  Value evaluateUnary(python::NodeId node, Frame &frame);
  Value evaluateFString(python::NodeId node, Frame &frame);
  Value makeLambda(python::NodeId node, Frame &frame);

public:
  Value attributeOf(const Value &object, std::string_view name, python::NodeId site, Frame &frame);
  Value binaryOperation(python::NodeKind op, const Value &left, const Value &right,
                        python::NodeId site, Frame &frame);
  Value compare(python::NodeKind op, const Value &left, const Value &right, python::NodeId site,
                Frame &frame);
  // The items of an iterable, within the list limit; Unknown (with the
  // reason) on failure. `partial` is set when the iterable is partial.
  bool iterate(const Value &iterable, python::NodeId site, std::vector<Value> &items,
               bool &partial, Value &failure);
  // Walks an iterable without copying it: lists by index, ranges computed on
  // the fly (after the size check), anything else materialised once.
  struct Iteration {
    SequencePtr sequence; // keeps a list alive while it is walked
    const std::vector<Value> *items = nullptr;
    std::vector<Value> owned;
    bool isRange = false;
    RangeData range;
    Origin rangeOrigin;
    size_t size = 0;
    Value at(size_t index) const {
      if (isRange) return Value::ofInt(range.at(static_cast<int64_t>(index)), rangeOrigin);
      return (*items)[index];
    }
  };
  bool beginIteration(const Value &iterable, python::NodeId site, Iteration &iteration,
                      bool &partial, Value &failure);
  Value callFunction(const FunctionData &function, CallArguments &arguments, python::NodeId site,
                     Frame &caller);
  Value makeConfig(CallArguments &arguments, python::NodeId site, Frame &frame);
  std::string currentProduction() const;
  // Where the comprehension or loop currentProduction() names is written.
  Origin currentProductionOrigin() const { return iterations_.empty() ? Origin{} : iterations_.back().origin; }

private:
  // statements
  ExecResult execBlock(python::NodeId block, Frame &frame);
  ExecResult execStatement(python::NodeId statement, Frame &frame);
  ExecResult execIf(python::NodeId statement, Frame &frame);
  ExecResult execUndecidedModuleIf(python::NodeId statement,
                                   const std::vector<std::pair<python::NodeId, python::NodeId>> &clauses,
                                   size_t first, const std::string &reason, Frame &frame);
  std::optional<ExecResult> execUndecidedAssignments(python::NodeId statement,
                                                    const std::vector<std::pair<python::NodeId, python::NodeId>> &clauses,
                                                    size_t first, const std::string &reason, Frame &frame);
  ExecResult execFor(python::NodeId statement, Frame &frame);
  ExecResult execWhile(python::NodeId statement, Frame &frame);
  ExecResult execTry(python::NodeId statement, Frame &frame);
  void execImport(python::NodeId statement, Frame &frame);
  std::string foreignStackImportFailure(python::NodeId statement, Frame &frame);
  std::string missingImportFailure(python::NodeId statement, Frame &frame);
  bool assignTarget(python::NodeId target, const Value &value, Frame &frame);
  void setName(std::string_view name, Value value, Frame &frame);
  void taintStatement(python::NodeId statement, const std::string &reason, Frame &frame);
  void taintAttributes(python::NodeId node, const std::string &reason, Frame &frame);

  // module-level names
  Value evaluateBinding(const ModuleState &module, std::string_view name, const Binding &binding);
  public:
  Value definitionValue(const ModuleState &module, python::NodeId definition, const Frame *frame);
  // Classes: the value of a class definition, its body run once on first
  // use, an attribute found on it or its bases, and calling it.
  Value classValue(const ModuleState &module, python::NodeId definition, const std::string &name,
                   const Frame *frame);
  void runClassBody(const ObjectPtr &cls);
  bool enumMembers(const ObjectPtr &cls, std::vector<Value> &members, Value &failure);
  Value classAttribute(const ObjectPtr &cls, std::string_view name, bool &found, int depth = 0);
  Value objectAttribute(const Value &object, std::string_view name, python::NodeId site, Frame &frame);
  // Whether a class or instance has `name` (hasattr): nullopt when a base
  // that is not read may add it, or the class body stopped early.
  std::optional<bool> hasAttribute(const Value &object, std::string_view name);
  // `object.name = value` on a class or instance.
  void setAttribute(const Value &object, std::string_view name, const Value &value);
  Value instantiate(const Value &cls, CallArguments &arguments, python::NodeId site, Frame &frame);

  void addSysPathFolder(std::string folder);
  void declareGlobals(const ModuleState &module, python::NodeId function, Scope &scope);
  void runSysPathStatements(const ModuleState &module);

private:
  Value importValue(const ModuleState &module, python::NodeId statement, python::NodeId nameNode);
  Value resolveModulePath(const ModuleState &from, const std::string &dottedPath);
  const ModuleState *moduleFor(const ParsedFile *parsed);
  Value hostLookup(const HostContext &host, std::string_view name, bool &found);

  // False once the time limit is reached; the clock is read every 256 steps.
  bool step() {
    if (timeUp_) return false;
    return (++steps_ & 255) != 0 || withinDeadline();
  }
  bool withinDeadline();

  const ModelContext &context_;
  const ArchInfo *arch_;
  std::deque<ModuleState> modules_;
  std::unordered_map<const ParsedFile *, const ModuleState *> moduleByFile_;
  const ModuleState *main_ = nullptr;
  std::vector<std::vector<Note> *> noteSinks_;
  std::vector<std::string> limitsReached_;
  std::vector<std::string> sysPathFolders_; // sys.path.append/insert of a known folder
  std::vector<std::weak_ptr<Scope>> closureScopes_; // scopes captured by closures
  std::vector<std::weak_ptr<ObjectData>> classes_;   // classes read (an enum's members point back to it)
  // The builtin exception the code being run has raised since the innermost
  // try began ("KeyError"); empty if none. Values stay Unknown; execTry
  // runs the except clause that catches it.
  std::string raisedException_;
  Value raise(std::string_view type, std::string reason, Origin origin);
  // How many enclosing try bodies catch ImportError: there an import of a
  // module that is not part of the run is taken to fail, so the project's
  // fallback in the except clause is what is read.
  int importFallbacks_ = 0;

  struct IterationFrame {
    std::string description; // "the comprehension at line 31"
    Origin origin;           // the comprehension or loop it names
    const ModuleState *module = nullptr;
    int callDepth = 0;
    struct Binding {
      std::string name;
      Value value;
      std::string shown; // "name=value" for the scalar values a production names; empty otherwise
    };
    std::vector<Binding> bindings;
  };
  std::vector<IterationFrame> iterations_;
  void bindIteration(std::string_view name, const Value &value);
  void bindIterationTarget(const ModuleState &module, python::NodeId target, const Value &value);

  // Host-function assignments run once each: what the statement bound (or
  // why it stopped), for every name it binds (`M, K = a.shape`).
  struct HostStatement {
    bool aborted = false;
    Value abortReason;
    std::shared_ptr<Scope> bound;
  };
  std::map<std::pair<const ModuleState *, python::NodeId>, HostStatement> hostMemo_;

  std::chrono::steady_clock::time_point deadline_;
  uint64_t steps_ = 0;
  bool timeUp_ = false;
  int nesting_ = 0; // C++ recursion depth of evaluate()
  // `from M import *` chains followed while looking a module's name up.
  static constexpr int kMaxStarImportDepth = 8;
  int starDepth_ = 0;
};

} // namespace btlint::eval
