#include "eval/Interpreter.h"

#include "eval/Builtins.h"
#include "source/Backends.h"
#include "source/LineKeys.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace btlint::eval {

using python::Field;
using python::kNoNode;
using python::NodeId;
using python::NodeKind;
using python::SyntaxTree;

namespace {

// Deeper expression nesting than this is not config code; stop before the
// C++ stack is at risk.
constexpr int kMaxNesting = 400;

std::string lineLabel(const ModuleState &module, NodeId node) {
  return "line " + std::to_string(module.tree().line(node));
}

bool isStatementEscape(NodeKind kind) {
  return kind == NodeKind::ReturnStatement || kind == NodeKind::RaiseStatement ||
         kind == NodeKind::BreakStatement || kind == NodeKind::ContinueStatement ||
         kind == NodeKind::Yield;
}

// Overflow-checked integer arithmetic: nullopt when the result leaves int64.
std::optional<int64_t> checkedAdd(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
  return r;
}
std::optional<int64_t> checkedSub(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_sub_overflow(a, b, &r)) return std::nullopt;
  return r;
}
std::optional<int64_t> checkedMul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
  return r;
}
std::optional<int64_t> checkedPow(int64_t base, int64_t exponent) {
  int64_t result = 1;
  while (exponent > 0) {
    if (exponent & 1) {
      auto next = checkedMul(result, base);
      if (!next) return std::nullopt;
      result = *next;
    }
    exponent >>= 1;
    if (exponent) {
      auto squared = checkedMul(base, base);
      if (!squared) return std::nullopt;
      base = *squared;
    }
  }
  return result;
}
int64_t floorDivide(int64_t a, int64_t b) {
  int64_t quotient = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --quotient;
  return quotient;
}
int64_t floorModulo(int64_t a, int64_t b) {
  int64_t remainder = a % b;
  if (remainder != 0 && ((remainder < 0) != (b < 0))) remainder += b;
  return remainder;
}

} // namespace

Interpreter::Interpreter(const ModelContext &context, const ParsedFile &mainFile)
    : context_(context), arch_(context.arch) {
  main_ = moduleFor(&mainFile);
  deadline_ = std::chrono::steady_clock::now() + context.limits.timePerFile;
}

Interpreter::~Interpreter() {
  for (const std::weak_ptr<Scope> &weak : closureScopes_)
    if (std::shared_ptr<Scope> scope = weak.lock()) scope->variables.clear();
  for (const std::weak_ptr<ObjectData> &weak : classes_)
    if (ObjectPtr cls = weak.lock()) cls->attributes.clear();
}

const ModuleState *Interpreter::moduleFor(const ParsedFile *parsed) {
  if (!parsed) return nullptr;
  auto found = moduleByFile_.find(parsed);
  if (found != moduleByFile_.end()) return found->second;
  const python::PythonModule *module = python::pythonModuleOf(parsed);
  if (!module) return nullptr;
  modules_.emplace_back(*module, parsed->source());
  const ModuleState &state = modules_.back();
  moduleByFile_[parsed] = &state;
  runSysPathStatements(state);
  return &state;
}

// `sys.path.append(os.path.dirname(__file__))` at the top of a module runs
// when the module is imported: later imports look in that folder. Nothing
// else a module does at its top level, outside bindings, is run.
void Interpreter::runSysPathStatements(const ModuleState &module) {
  if (module.source().text().find("sys.path.") == std::string::npos) return;
  const SyntaxTree &tree = module.tree();
  for (NodeId statement : tree.children(tree.root())) {
    if (tree.kind(statement) != NodeKind::ExpressionStatement) continue;
    const std::string_view text = tree.text(statement);
    if (!text.starts_with("sys.path.append(") && !text.starts_with("sys.path.insert(")) continue;
    VariableMap writes;
    Frame frame;
    frame.module = &module;
    frame.moduleWrites = &writes;
    execStatement(statement, frame);
  }
}

std::string Interpreter::lineText(const ModuleState &module, NodeId node) const {
  std::string text = lineLabel(module, node);
  if (&module != main_) text += " of " + module.path();
  return text;
}

bool Interpreter::withinDeadline() {
  if (std::chrono::steady_clock::now() > deadline_) {
    timeUp_ = true;
    limitReached("evaluation stopped: the time limit of " +
         std::to_string(context_.limits.timePerFile.count()) + " ms per file was reached");
    return false;
  }
  return true;
}

void Interpreter::limitReached(std::string text) {
  if (std::find(limitsReached_.begin(), limitsReached_.end(), text) == limitsReached_.end())
    limitsReached_.push_back(text);
  note(std::move(text));
}

void Interpreter::limitReached(std::string text, const ModuleState &module, NodeId node) {
  if (std::find(limitsReached_.begin(), limitsReached_.end(), text) == limitsReached_.end())
    limitsReached_.push_back(text);
  note(std::move(text), module, node);
}

void Interpreter::note(Note text) {
  for (std::vector<Note> *sink : noteSinks_)
    if (std::find(sink->begin(), sink->end(), text) == sink->end()) sink->push_back(text);
}

void Interpreter::note(std::string text, const ModuleState &module, NodeId node) {
  // The first line of the node: a statement's span would cover its body.
  const python::SyntaxNode &n = module.tree().node(node);
  std::string_view source = module.source().text();
  uint32_t end = n.endByte;
  if (size_t lineEnd = source.find('\n', n.startByte); lineEnd != std::string_view::npos && lineEnd < end)
    end = static_cast<uint32_t>(lineEnd);
  note(Note(std::move(text), module.source().span(n.startByte, end), &module == main_ ? std::string() : module.path()));
}

// ---- entry points -------------------------------------------------------

Value Interpreter::evaluateIn(const ModuleState &module, NodeId expression, uint32_t position,
                              const HostContext *host) {
  uint32_t savedPosition = module.readPosition_;
  module.readPosition_ = position;
  Frame frame;
  frame.module = &module;
  frame.host = host;
  Value result = evaluate(expression, frame);
  module.readPosition_ = savedPosition;
  return result;
}

Value Interpreter::evaluate(NodeId expression, Frame &frame) {
  if (expression == kNoNode) return Value::unknown("missing expression");
  if (!step()) return Value::unknown("evaluation time limit reached");
  if (nesting_ >= kMaxNesting)
    return Value::unknown("expression nested too deeply at " +
                          lineText(*frame.module, expression));
  ++nesting_;
  Value result = evaluateNode(expression, frame);
  --nesting_;
  return result;
}

// ---- module-level names ---------------------------------------------------

Value Interpreter::moduleGlobal(const ModuleState &module, std::string_view name,
                                uint32_t position, bool &found) {
  if (!module.runtimeGlobals_.empty())
    if (auto assigned = module.runtimeGlobals_.find(name); assigned != module.runtimeGlobals_.end()) {
      found = true;
      return assigned->second;
    }
  const Binding *binding = module.index().visibleBinding(name, position);
  found = binding != nullptr;
  if (binding) return evaluateBinding(module, name, *binding);
  // `from M import *` above `position` brings M's public names; the last
  // such import that has the name wins, as in Python. Chains of them are
  // followed a few modules deep (a package re-exporting a submodule).
  const auto &stars = module.index().starImports();
  if (stars.empty() || name.empty() || name.front() == '_' || starDepth_ >= kMaxStarImportDepth) return Value();
  for (auto star = stars.rbegin(); star != stars.rend(); ++star) {
    if (star->visibleFrom > position) continue;
    ++starDepth_;
    Value source = resolveModulePath(module, star->module);
    Value value;
    if (source.kind() == ValueKind::Module) {
      const ModuleState &target = *source.module();
      value = moduleGlobal(target, name, target.readPosition_, found);
    }
    --starDepth_;
    if (found) return value;
  }
  return Value();
}

Value Interpreter::evaluateBinding(const ModuleState &module, std::string_view name,
                                   const Binding &binding) {
  const SyntaxTree &tree = module.tree();
  uint32_t statementStart = tree.node(binding.statement).startByte;

  if (binding.kind == Binding::Kind::Compound) {
    ModuleState::CompoundMemo &memo = module.compoundMemo_[binding.statement];
    if (!memo.done) {
      if (memo.inProgress)
        return Value::unknown("`" + std::string(name) + "` is defined in terms of itself");
      memo.inProgress = true;
      openNotes(&memo.notes);
      std::vector<std::string_view> names;
      collectBoundNames(tree, binding.statement, names);
      uint32_t savedPosition = module.readPosition_;
      module.readPosition_ = statementStart;
      Frame frame;
      frame.module = &module;
      frame.moduleWrites = &memo.bound;
      frame.moduleWriteNames = &names;
      ExecResult result = execStatement(binding.statement, frame);
      if (result.flow == Flow::Abort || result.flow == Flow::Return) {
        std::string reason = result.value.isUnknown() ? result.value.unknownReason()
                                                      : "the statement at " +
                                                            lineText(module, binding.statement) +
                                                            " ends early";
        for (std::string_view bound : names)
          memo.bound[std::string(bound)] = Value::unknown(reason);
      }
      module.readPosition_ = savedPosition;
      closeNotes();
      memo.inProgress = false;
      memo.done = true;
    } else {
      for (const Note &text : memo.notes) note(text);
    }
    auto found = memo.bound.find(name);
    if (found != memo.bound.end()) return found->second;
    // The statement did not bind it on the path taken: the earlier binding holds.
    bool earlier = false;
    Value value = moduleGlobal(module, name, statementStart, earlier);
    if (!earlier) return Value::unknown("name `" + std::string(name) + "` is not defined");
    return value;
  }

  ModuleState::Memo &memo = module.valueMemo_[binding.node];
  if (memo.done) {
    for (const Note &text : memo.notes) note(text);
    return memo.value;
  }
  if (memo.inProgress)
    return Value::unknown("`" + std::string(name) + "` is defined in terms of itself");
  memo.inProgress = true;
  openNotes(&memo.notes);
  uint32_t savedPosition = module.readPosition_;
  module.readPosition_ = statementStart;
  Value value;
  switch (binding.kind) {
  case Binding::Kind::Assignment: {
    Frame frame;
    frame.module = &module;
    value = evaluate(binding.node, frame);
    break;
  }
  case Binding::Kind::Definition:
    value = definitionValue(module, binding.node, nullptr);
    break;
  case Binding::Kind::Import:
    value = importValue(module, binding.statement, binding.node);
    break;
  case Binding::Kind::Compound:
    break;
  }
  module.readPosition_ = savedPosition;
  closeNotes();
  // Re-find: evaluation may have grown the memo table.
  ModuleState::Memo &stored = module.valueMemo_[binding.node];
  stored.inProgress = false;
  stored.done = true;
  stored.value = value;
  return value;
}

namespace {

bool isTritonDecorator(std::string_view path) {
  if (path.substr(0, 7) != "triton.") return false;
  auto endsWith = [&](std::string_view suffix) {
    return path.size() >= suffix.size() && path.substr(path.size() - suffix.size()) == suffix;
  };
  return endsWith(".jit") || endsWith(".autotune") || endsWith(".heuristics");
}

// `@property` (and `functools.cached_property`): the function is kept, and
// reading the attribute from an instance calls it (objectAttribute).
bool isPropertyDecorator(std::string_view path) {
  return path == "property" || path == "builtins.property" || path == "functools.cached_property" ||
         path == "cached_property";
}

bool isTransparentDecorator(std::string_view path) {
  static constexpr std::string_view transparent[] = {
      "functools.lru_cache", "functools.cache", "functools.wraps", "staticmethod",
      "classmethod",         "lru_cache",       "cache",           "torch.no_grad"};
  for (std::string_view name : transparent)
    if (path == name) return true;
  return false;
}

} // namespace

namespace {

// The decorators on a definition: the path each names (`classmethod`,
// `dataclasses.dataclass`, `triton.jit`) and its text as written.
struct DecoratorName {
  std::string path;
  std::string_view written;
};
std::vector<DecoratorName> decoratorsOf(const ModuleState &module, NodeId definition) {
  const SyntaxTree &tree = module.tree();
  std::vector<DecoratorName> decorators;
  NodeId parent = tree.parent(definition);
  if (parent == kNoNode || tree.kind(parent) != NodeKind::DecoratedDefinition) return decorators;
  for (NodeId decorator : tree.children(parent)) {
    if (tree.kind(decorator) != NodeKind::Decorator) continue;
    NodeId expression = tree.firstChild(decorator);
    while (expression != kNoNode && tree.kind(expression) == NodeKind::Comment) expression = tree.nextSibling(expression);
    if (expression == kNoNode) continue;
    NodeId callee = tree.kind(expression) == NodeKind::Call ? tree.child(expression, Field::Function) : expression;
    std::string path = module.index().canonicalPath(tree, callee);
    decorators.push_back({path.empty() ? std::string(tree.text(callee)) : std::move(path), tree.text(expression)});
  }
  return decorators;
}

} // namespace

Value Interpreter::definitionValue(const ModuleState &module, NodeId definition,
                                   const Frame *frame) {
  const SyntaxTree &tree = module.tree();
  NodeId nameNode = tree.child(definition, Field::Name);
  std::string name = nameNode != kNoNode ? std::string(tree.text(nameNode)) : "<function>";
  Origin origin = originOf(module, definition);
  if (tree.kind(definition) == NodeKind::ClassDefinition) return classValue(module, definition, name, frame);

  for (const DecoratorName &decorator : decoratorsOf(module, definition)) {
    if (isTritonDecorator(decorator.path)) return Value::kernel(name, origin);
    if (isTransparentDecorator(decorator.path) || isPropertyDecorator(decorator.path)) continue;
    // `@name.setter` / `@name.deleter` beside a property's getter: the
    // attribute stays the getter, which is all that reading it calls.
    if (frame && frame->scope &&
        (decorator.written == name + ".setter" || decorator.written == name + ".deleter"))
      if (const Value *getter = frame->scope->find(name)) return *getter;
    return Value::unknown("`" + name + "` is wrapped by the decorator `@" + std::string(decorator.written) +
                              "`, which is not evaluated",
                          origin);
  }
  auto function = std::make_shared<FunctionData>();
  function->kind = FunctionData::Kind::Definition;
  function->module = &module;
  function->node = definition;
  function->name = name;
  if (frame) {
    function->closure = frame->scope;
    if (frame->scope) closureScopes_.push_back(frame->scope);
    if (frame->host) function->host = std::make_shared<HostContext>(*frame->host);
  }
  return Value::ofFunction(std::move(function), origin);
}

// ---- classes ------------------------------------------------------------------

namespace {

bool isEnumBase(std::string_view path) {
  return path == "enum.Enum" || path == "enum.IntEnum" || path == "enum.StrEnum" || path == "enum.Flag" ||
         path == "enum.IntFlag";
}

bool hasDecorator(const std::vector<DecoratorName> &decorators, std::string_view name) {
  for (const DecoratorName &decorator : decorators)
    if (decorator.path == name || decorator.path == "builtins." + std::string(name)) return true;
  return false;
}

// A method bound to its receiver: functools.partial's shape, receiver first.
Value boundTo(const Value &function, const Value &receiver, Origin origin) {
  auto bound = std::make_shared<FunctionData>();
  bound->kind = FunctionData::Kind::Partial;
  bound->receiver = function;
  bound->name = function.function()->name;
  bound->boundPositional.push_back(receiver);
  return Value::ofFunction(std::move(bound), origin);
}

} // namespace

Value Interpreter::classValue(const ModuleState &module, NodeId definition, const std::string &name,
                              const Frame *frame) {
  const SyntaxTree &tree = module.tree();
  Origin origin = originOf(module, definition);
  auto cls = std::make_shared<ObjectData>();
  cls->isClass = true;
  cls->name = name;
  cls->module = &module;
  cls->definition = definition;
  for (const DecoratorName &decorator : decoratorsOf(module, definition)) {
    if (decorator.path == "dataclasses.dataclass" || decorator.path == "dataclass") cls->isDataclass = true;
    else if (!isTransparentDecorator(decorator.path))
      return Value::unknown("class `" + name + "` is wrapped by the decorator `@" + std::string(decorator.written) +
                                "`, which is not evaluated",
                            origin);
  }
  if (NodeId bases = tree.childOfKind(definition, NodeKind::ArgumentList); bases != kNoNode) {
    Frame baseFrame;
    if (frame) baseFrame = *frame;
    baseFrame.module = &module;
    for (NodeId base : tree.children(bases)) {
      if (!python::SyntaxTree::isExpressionKind(tree.kind(base))) continue; // metaclass=...
      Value value = evaluate(base, baseFrame);
      if (value.isExternal() && isEnumBase(value.text())) cls->isEnum = true;
      if (value.kind() == ValueKind::Class && value.object()->isEnum) cls->isEnum = true;
      cls->bases.push_back(std::move(value));
    }
  }
  classes_.push_back(cls);
  return Value::ofObject(std::move(cls), origin);
}

void Interpreter::runClassBody(const ObjectPtr &cls) {
  if (cls->bodyRun) return;
  cls->bodyRun = true;
  const ModuleState &module = *cls->module;
  const SyntaxTree &tree = module.tree();
  NodeId body = tree.child(cls->definition, Field::Body);
  if (body == kNoNode) return;
  Frame frame;
  frame.module = &module;
  frame.scope = std::make_shared<Scope>();
  uint32_t savedPosition = module.readPosition_;
  module.readPosition_ = tree.node(cls->definition).startByte;
  ExecResult result = execBlock(body, frame);
  module.readPosition_ = savedPosition;
  closureScopes_.push_back(frame.scope); // methods defined in the body captured it
  if (result.flow == Flow::Abort) {
    cls->bodyFailed = true;
    cls->bodyFailure = result.value.isUnknown() ? result.value : Value::unknown("the body of `" + cls->name + "` ends early");
    return;
  }
  for (auto &[name, value] : frame.scope->variables) {
    Value attribute = value;
    // An enum's members are instances of it, with their name and value.
    if (cls->isEnum && !name.empty() && name[0] != '_' && !value.isFunction() &&
        value.kind() != ValueKind::Class && value.kind() != ValueKind::Kernel) {
      auto member = std::make_shared<ObjectData>();
      member->cls = cls;
      member->name = cls->name;
      member->attributes.emplace_back("name", Value::ofString(name, value.origin()));
      member->attributes.emplace_back("value", value);
      attribute = Value::ofObject(std::move(member), value.origin());
    }
    cls->attributes.emplace_back(name, std::move(attribute));
  }
}

Value Interpreter::classAttribute(const ObjectPtr &cls, std::string_view name, bool &found, int depth) {
  found = false;
  runClassBody(cls);
  if (const Value *own = cls->find(name)) {
    found = true;
    return *own;
  }
  if (cls->bodyFailed) { // the body stopped: its names are not known
    found = true;
    return cls->bodyFailure;
  }
  for (const Value &base : cls->bases) {
    if (base.kind() == ValueKind::Class && depth < 16) {
      Value value = classAttribute(base.object(), name, found, depth + 1);
      if (found) return value;
      continue;
    }
    if (base.isExternal() && (base.text() == "builtins.object" || isEnumBase(base.text()))) continue;
    // A library base (torch.nn.Module, typing.NamedTuple): what it adds is not read.
    found = true;
    return Value::unknown("`" + std::string(name) + "` of class `" + cls->name + "` may come from its base `" +
                          (base.isExternal() ? base.text() : base.str()) + "`, which is not read");
  }
  return Value();
}

// An attribute of a class or instance: methods bind their receiver
// (the class for a classmethod), enum members carry name and value.
Value Interpreter::objectAttribute(const Value &object, std::string_view name, NodeId site, Frame &frame) {
  const Origin origin = originOf(*frame.module, site);
  const ObjectPtr &data = object.object();
  const bool isClass = object.kind() == ValueKind::Class;
  if (!isClass)
    if (const Value *own = data->find(name)) return *own;
  const ObjectPtr &cls = isClass ? data : data->cls;
  if (!cls) return Value::unknown("attribute `" + std::string(name) + "` is not known", origin);
  if (isClass && name == "__name__") return Value::ofString(cls->name, origin);
  bool found = false;
  Value value = classAttribute(cls, name, found);
  if (!found)
    return Value::unknown("`" + std::string(cls->name) + "` has no attribute `" + std::string(name) + "`", origin);
  if (value.isFunction() && value.function()->kind == FunctionData::Kind::Definition && value.function()->module) {
    std::vector<DecoratorName> decorators = decoratorsOf(*value.function()->module, value.function()->node);
    if (hasDecorator(decorators, "staticmethod")) return value;
    if (hasDecorator(decorators, "classmethod")) return boundTo(value, Value::ofObject(cls, object.origin()), origin);
    const bool property = std::any_of(decorators.begin(), decorators.end(),
                                      [](const DecoratorName &d) { return isPropertyDecorator(d.path); });
    if (property && !isClass) {
      CallArguments none;
      const Value result = callValue(boundTo(value, object, origin), none, site, frame);
      if (result.isUnknown())
        return Value::unknown("the property `" + std::string(name) + "` of `" + cls->name +
                                  "` could not be evaluated: " + result.unknownReason(),
                              origin);
      return result;
    }
    if (!isClass) return boundTo(value, object, origin);
  }
  return value;
}

std::optional<bool> Interpreter::hasAttribute(const Value &object, std::string_view name) {
  const ObjectPtr &data = object.object();
  if (object.kind() == ValueKind::Instance && data->find(name)) return true;
  const ObjectPtr &cls = object.kind() == ValueKind::Class ? data : data->cls;
  if (!cls) return std::nullopt;
  bool found = false;
  Value value = classAttribute(cls, name, found);
  if (!found) return false;
  if (value.isUnknown()) return std::nullopt;
  return true;
}

void Interpreter::setAttribute(const Value &object, std::string_view name, const Value &value) {
  const ObjectPtr &data = object.object();
  if (object.kind() == ValueKind::Class) runClassBody(data);
  for (auto &[key, held] : data->attributes)
    if (key == name) {
      held = value;
      return;
    }
  data->attributes.emplace_back(std::string(name), value);
}

namespace {

ObjectPtr newInstance(const ObjectPtr &cls) {
  auto instance = std::make_shared<ObjectData>();
  instance->cls = cls;
  instance->name = cls->name;
  return instance;
}

bool isInstanceOf(const Value &value, const ObjectPtr &cls) {
  if (value.kind() != ValueKind::Instance) return false;
  std::vector<ObjectPtr> classes{value.object()->cls};
  for (size_t i = 0; i < classes.size() && i < 64; ++i) {
    if (classes[i] == cls) return true;
    for (const Value &base : classes[i]->bases)
      if (base.kind() == ValueKind::Class) classes.push_back(base.object());
  }
  return false;
}

} // namespace

// Calling a class: an enum looks its member up by value; a dataclass gives
// an instance with the fields passed; other classes run their `__new__` (a
// singleton's) and `__init__` on a new instance, whose `self.x = ...` are
// its attributes.
Value Interpreter::instantiate(const Value &callee, CallArguments &arguments, NodeId site, Frame &frame) {
  const Origin origin = originOf(*frame.module, site);
  const ObjectPtr &cls = callee.object();
  runClassBody(cls);
  if (cls->isEnum) {
    if (arguments.positional.size() != 1) return Value::unknown("`" + cls->name + "(...)` is not evaluated", origin);
    for (const auto &[name, member] : cls->attributes)
      if (member.kind() == ValueKind::Instance)
        if (const Value *value = member.object()->find("value"))
          if (std::optional<bool> equal = valuesEqual(*value, arguments.positional[0]); equal && *equal) return member;
    return Value::unknown("no member of `" + cls->name + "` has the value " + arguments.positional[0].str(), origin);
  }
  for (const Value &base : cls->bases)
    if (!(base.isExternal() && base.text() == "builtins.object") && base.kind() != ValueKind::Class)
      return Value::unknown("instances of `" + cls->name + "` (a subclass of `" + base.str() + "`) are not evaluated", origin);
  if (!cls->isDataclass) {
    bool hasNew = false, hasInit = false;
    const Value allocate = classAttribute(cls, "__new__", hasNew);
    const Value initialize = classAttribute(cls, "__init__", hasInit);
    Value made = Value::ofObject(newInstance(cls), origin);
    if (hasNew) {
      if (!allocate.isFunction())
        return Value::unknown("instances of `" + cls->name + "` are built by its `__new__`, which is not evaluated",
                              origin);
      CallArguments withClass = arguments;
      withClass.positional.insert(withClass.positional.begin(), callee);
      made = callValue(allocate, withClass, site, frame);
      if (made.isUnknown())
        return Value::unknown("instances of `" + cls->name + "` are built by its `__new__`: " + made.unknownReason(),
                              origin);
      if (!isInstanceOf(made, cls)) return made; // Python calls no __init__ then
    } else if (!hasInit && (!arguments.positional.empty() || !arguments.keywords.empty())) {
      return Value::unknown("`" + cls->name + "(...)` with arguments is not evaluated", origin);
    }
    if (hasInit) {
      if (!initialize.isFunction())
        return Value::unknown("instances of `" + cls->name + "` are built by its `__init__`, which is not evaluated",
                              origin);
      const Value result = callValue(boundTo(initialize, made, origin), arguments, site, frame);
      if (result.isUnknown())
        return Value::unknown("instances of `" + cls->name + "` are built by its `__init__`: " +
                                  result.unknownReason(),
                              origin);
    }
    return made;
  }
  // A dataclass: its fields are the annotated names of the body, in order.
  ObjectPtr instance = newInstance(cls);
  {
    const SyntaxTree &tree = cls->module->tree();
    std::vector<std::string> fields;
    if (NodeId body = tree.child(cls->definition, Field::Body); body != kNoNode)
      for (NodeId statement : tree.children(body)) {
        NodeId inner = tree.firstChild(statement);
        if (tree.kind(statement) != NodeKind::ExpressionStatement || inner == kNoNode ||
            tree.kind(inner) != NodeKind::Assignment || tree.child(inner, Field::TypeField) == kNoNode)
          continue;
        NodeId left = tree.child(inner, Field::Left);
        if (left != kNoNode && tree.kind(left) == NodeKind::Identifier) fields.emplace_back(tree.text(left));
      }
    if (arguments.positional.size() > fields.size())
      return Value::unknown("`" + cls->name + "(...)` has more arguments than fields", origin);
    for (size_t i = 0; i < arguments.positional.size(); ++i)
      instance->attributes.emplace_back(fields[i], arguments.positional[i]);
    for (const auto &[name, value] : arguments.keywords) {
      if (std::find(fields.begin(), fields.end(), name) == fields.end())
        return Value::unknown("`" + cls->name + "` has no field `" + name + "`", origin);
      instance->attributes.emplace_back(name, value);
    }
  }
  return Value::ofObject(std::move(instance), origin);
}

Value Interpreter::resolveModulePath(const ModuleState &from, const std::string &dottedPath) {
  // Libraries whose objects the evaluator knows by name. An absolute import
  // of one of them means the library, even when the run holds a subpackage
  // of the same name (liger_kernel/triton/).
  static constexpr std::string_view libraries[] = {
      "triton", "torch", "itertools", "math", "os", "functools", "copy", "json", "time", "sys",
      "typing", "collections", "dataclasses", "enum", "operator", "random", "re", "yaml",
      "pathlib", "warnings", "logging", "packaging", "pkg_resources", "abc", "numpy", "builtins", "platform", "ast",
      "importlib"};
  std::string_view root = std::string_view(dottedPath).substr(0, dottedPath.find('.'));
  for (std::string_view library : libraries)
    if (root == library) return Value::external(dottedPath);
  if (context_.modules) {
    const ParsedFile *parsed = context_.modules->findPythonModule(dottedPath, from.path());
    if (const ModuleState *module = moduleFor(parsed)) return Value::ofModule(module);
    // Folders the code added to sys.path (`sys.path.append(os.path.dirname(__file__))`).
    if (!dottedPath.empty() && dottedPath[0] != '.')
      for (const std::string &folder : sysPathFolders_)
        if (const ModuleState *module = moduleFor(context_.modules->findPythonModuleIn(dottedPath, folder)))
          return Value::ofModule(module);
  }
  if (!dottedPath.empty() && dottedPath[0] == '.')
    return Value::unknown("module `" + dottedPath + "` is not part of the run");
  return Value::unknown("`" + dottedPath + "` is not part of the run");
}

void Interpreter::addSysPathFolder(std::string folder) {
  if (std::find(sysPathFolders_.begin(), sysPathFolders_.end(), folder) == sysPathFolders_.end())
    sysPathFolders_.push_back(std::move(folder));
}

Value Interpreter::importValue(const ModuleState &module, NodeId statement, NodeId nameNode) {
  const SyntaxTree &tree = module.tree();
  Origin origin = originOf(module, nameNode);
  if (tree.kind(statement) == NodeKind::ImportStatement) {
    if (tree.kind(nameNode) == NodeKind::AliasedImport) {
      NodeId name = tree.child(nameNode, Field::Name);
      return resolveModulePath(module, dottedNameText(tree, name)).withOrigin(origin);
    }
    std::string path = dottedNameText(tree, nameNode);
    return resolveModulePath(module, path.substr(0, path.find('.'))).withOrigin(origin);
  }
  // from SOURCE import NAME [as ALIAS]
  std::string source = importSourceModule(tree, statement);
  NodeId name = tree.kind(nameNode) == NodeKind::AliasedImport ? tree.child(nameNode, Field::Name)
                                                               : nameNode;
  std::string imported = dottedNameText(tree, name);
  std::string fullPath = source.back() == '.' ? source + imported : source + "." + imported;
  Value sourceModule = resolveModulePath(module, source);
  if (sourceModule.kind() == ValueKind::Module) {
    bool found = false;
    const ModuleState &target = *sourceModule.module();
    // An importer sees the whole module; a package importing from itself
    // (`from . import util` in its __init__.py) only what is bound above the
    // statement, and otherwise gets the submodule.
    const uint32_t position = &target == &module ? tree.node(statement).startByte : UINT32_MAX;
    uint32_t saved = target.readPosition_;
    target.readPosition_ = position;
    Value value = moduleGlobal(target, imported, position, found);
    target.readPosition_ = saved;
    if (found) return value;
    Value submodule = resolveModulePath(module, fullPath);
    if (submodule.kind() == ValueKind::Module) return submodule;
    return Value::unknown("`" + imported + "` is not defined in " + target.path(), origin);
  }
  if (sourceModule.isUnknown()) {
    Value submodule = resolveModulePath(module, fullPath);
    if (submodule.kind() == ValueKind::Module) return submodule;
    return Value::unknown(sourceModule.unknownReason(), origin);
  }
  return resolveModulePath(module, fullPath).withOrigin(origin);
}

// ---- host functions read lazily ------------------------------------------

namespace {

// The statements of `block` before `position` that bind `name`, in order,
// descending into the compound statement that holds `position`.
struct HostBinding {
  NodeId statement = kNoNode;
  bool straightLine = false; // a simple assignment on the path to position
};

void findHostBindings(const SyntaxTree &tree, NodeId block, std::string_view name,
                      uint32_t position, std::vector<HostBinding> &out) {
  for (NodeId statement : tree.children(block)) {
    const python::SyntaxNode &node = tree.node(statement);
    if (node.startByte >= position) break;
    if (node.endByte <= position) {
      // Most statements do not mention the name at all; skip them cheaply.
      if (tree.text(statement).find(name) == std::string_view::npos) continue;
      std::vector<std::string_view> names;
      collectBoundNames(tree, statement, names);
      if (std::find(names.begin(), names.end(), name) == names.end()) continue;
      HostBinding binding;
      binding.statement = statement;
      // Assignments (also unpacking and augmented), imports and definitions
      // run on the way to the position; anything nested in if/for/while/with
      // may or may not have.
      NodeKind kind = tree.kind(statement);
      binding.straightLine = kind == NodeKind::ExpressionStatement || kind == NodeKind::ImportStatement ||
                             kind == NodeKind::ImportFromStatement || kind == NodeKind::FunctionDefinition ||
                             kind == NodeKind::DecoratedDefinition || kind == NodeKind::ClassDefinition;
      out.push_back(binding);
      continue;
    }
    // The statement holds the position: its loop target is unknown there,
    // and its blocks before the position run first.
    NodeKind kind = tree.kind(statement);
    if (kind == NodeKind::FunctionDefinition || kind == NodeKind::ClassDefinition ||
        kind == NodeKind::DecoratedDefinition)
      break;
    if (kind == NodeKind::ForStatement) {
      // The loop variable changes on every iteration.
      NodeId left = tree.child(statement, Field::Left);
      std::vector<std::string_view> targets;
      if (left != kNoNode) collectAssignmentTargets(tree, left, targets);
      if (std::find(targets.begin(), targets.end(), name) != targets.end())
        out.push_back({statement, false});
    }
    for (NodeId child : tree.children(statement)) {
      NodeKind childKind = tree.kind(child);
      NodeId inner = child;
      if (childKind != NodeKind::Block) inner = tree.childOfKind(child, NodeKind::Block);
      if (inner == kNoNode) continue;
      const python::SyntaxNode &innerNode = tree.node(inner);
      if (innerNode.startByte <= position && position <= innerNode.endByte)
        findHostBindings(tree, inner, name, position, out);
    }
    break;
  }
}

// The (condition, block) pairs of an `if` statement in order: the `if`, its
// `elif`s, and an `else` with no condition.
std::vector<std::pair<NodeId, NodeId>> ifClauses(const SyntaxTree &tree, NodeId statement) {
  std::vector<std::pair<NodeId, NodeId>> clauses;
  clauses.emplace_back(tree.child(statement, Field::Condition), tree.child(statement, Field::Consequence));
  for (NodeId child : tree.children(statement)) {
    if (tree.kind(child) == NodeKind::ElifClause)
      clauses.emplace_back(tree.child(child, Field::Condition), tree.child(child, Field::Consequence));
    else if (tree.kind(child) == NodeKind::ElseClause)
      clauses.emplace_back(kNoNode, tree.child(child, Field::Body));
  }
  return clauses;
}

// The conditions of the `if` statements around `position` in `block`, with
// the truth each has there: the arm's own condition true, those of the arms
// before it false.
void conditionsAround(const SyntaxTree &tree, NodeId block, uint32_t position,
                      std::vector<std::pair<NodeId, bool>> &out, int depth = 0) {
  if (depth > 16) return;
  auto holds = [&](NodeId node) {
    return node != kNoNode && tree.node(node).startByte <= position && position < tree.node(node).endByte;
  };
  for (NodeId statement : tree.children(block)) {
    if (!holds(statement)) continue;
    const NodeKind kind = tree.kind(statement);
    if (kind == NodeKind::FunctionDefinition || kind == NodeKind::ClassDefinition ||
        kind == NodeKind::DecoratedDefinition)
      return;
    if (kind == NodeKind::IfStatement) {
      const std::vector<std::pair<NodeId, NodeId>> clauses = ifClauses(tree, statement);
      for (size_t i = 0; i < clauses.size(); ++i) {
        if (!holds(clauses[i].second)) continue;
        for (size_t j = 0; j < i; ++j)
          if (clauses[j].first != kNoNode) out.emplace_back(clauses[j].first, false);
        if (clauses[i].first != kNoNode) out.emplace_back(clauses[i].first, true);
        conditionsAround(tree, clauses[i].second, position, out, depth + 1);
      }
      return;
    }
    for (NodeId child : tree.children(statement)) {
      NodeId inner = tree.kind(child) == NodeKind::Block ? child : tree.childOfKind(child, NodeKind::Block);
      if (holds(inner)) conditionsAround(tree, inner, position, out, depth + 1);
    }
    return;
  }
}

// What an `if` around `position` says of `name`, a name the code there
// cannot otherwise decide: inside `if is_perchannel:` it is true; so is
// `flag = x.dim() == 1` inside `if x.dim() == 1:` when nothing the test
// reads is rebound between the two (`not` flips the answer; the arms after
// an arm take its condition as false).
std::optional<bool> narrowedByEnclosingIf(const SyntaxTree &tree, NodeId body, uint32_t position,
                                          std::string_view name, NodeId binding) {
  std::vector<std::pair<NodeId, bool>> conditions;
  conditionsAround(tree, body, position, conditions);
  if (conditions.empty()) return std::nullopt;
  std::string definedAs;
  NodeId definition = kNoNode;
  if (binding != kNoNode && tree.kind(binding) == NodeKind::ExpressionStatement) {
    NodeId assignment = tree.childOfKind(binding, NodeKind::Assignment);
    NodeId left = assignment != kNoNode ? tree.child(assignment, Field::Left) : kNoNode;
    if (left != kNoNode && tree.kind(left) == NodeKind::Identifier && tree.text(left) == name) {
      definition = tree.unparenthesize(tree.child(assignment, Field::Right));
      if (definition != kNoNode) definedAs = withoutBlanks(tree.text(definition));
    }
  }
  for (auto [condition, truth] : conditions) {
    condition = tree.unparenthesize(condition);
    while (condition != kNoNode && tree.kind(condition) == NodeKind::NotOperator) {
      truth = !truth;
      condition = tree.unparenthesize(tree.child(condition, Field::Argument));
    }
    if (condition == kNoNode) continue;
    const std::string tested = withoutBlanks(tree.text(condition));
    if (tested == name) return truth;
    if (definedAs.empty() || tested != definedAs) continue;
    // The test reads the same values the definition did.
    const std::vector<std::string_view> reads = tree.identifiersUnder(definition);
    const uint32_t defined = tree.node(binding).startByte;
    const bool unchanged = std::all_of(reads.begin(), reads.end(), [&](std::string_view read) {
      std::vector<HostBinding> later;
      findHostBindings(tree, body, read, tree.node(condition).startByte, later);
      return std::all_of(later.begin(), later.end(),
                         [&](const HostBinding &b) { return tree.node(b.statement).startByte <= defined; });
    });
    if (unchanged) return truth;
  }
  return std::nullopt;
}

} // namespace

Value Interpreter::hostLookup(const HostContext &host, std::string_view name, bool &found) {
  const ModuleState &module = *host.module;
  const SyntaxTree &tree = module.tree();
  found = false;
  for (NodeId function = host.function; function != kNoNode;) {
    // The function's name, for the messages of the lookups that end here.
    auto label = [&]() -> std::string {
      NodeId functionName = tree.child(function, Field::Name);
      return functionName != kNoNode ? std::string(tree.text(functionName)) : "lambda";
    };
    NodeId parameters = tree.child(function, Field::Parameters);
    if (parameters != kNoNode) {
      for (NodeId parameter : tree.children(parameters)) {
        NodeId identifier = parameter;
        if (tree.kind(parameter) != NodeKind::Identifier) {
          identifier = tree.child(parameter, Field::Name);
          if (identifier == kNoNode) identifier = tree.childOfKind(parameter, NodeKind::Identifier);
        }
        if (identifier != kNoNode && tree.text(identifier) == name) {
          found = true;
          // Known from an `if` around the position testing it, unless the
          // function rebinds it on the way.
          if (NodeId body = tree.child(function, Field::Body); body != kNoNode) {
            std::vector<HostBinding> rebound;
            findHostBindings(tree, body, name, std::min(host.position, tree.node(body).endByte), rebound);
            if (rebound.empty())
              if (std::optional<bool> known = narrowedByEnclosingIf(tree, body, host.position, name, kNoNode))
                return Value::ofBool(*known, originOf(module, parameter));
          }
          return Value::unknown("`" + std::string(name) + "` is an argument of `" + label() + "`",
                                originOf(module, parameter));
        }
      }
    }
    NodeId body = tree.child(function, Field::Body);
    if (body != kNoNode) {
      std::vector<HostBinding> bindings;
      uint32_t position = std::min(host.position, tree.node(body).endByte);
      findHostBindings(tree, body, name, position, bindings);
      if (!bindings.empty()) {
        found = true;
        const HostBinding &last = bindings.back();
        // An `if` is run whole: a decided condition picks its arm, an
        // undecided one keeps what every arm assigns alike.
        if (!last.straightLine && tree.kind(last.statement) != NodeKind::IfStatement)
          return Value::unknown("`" + std::string(name) + "` is assigned conditionally or in a "
                                "loop in `" + label() + "` (" + lineText(module, last.statement) +
                                ")");
        // Several launches in one function read the same locals, and one
        // statement often binds several of them.
        auto [memo, inserted] = hostMemo_.try_emplace({&module, last.statement});
        HostStatement &statement = memo->second;
        if (inserted) {
          // Run the assignment alone, reading its inputs as they stood before it.
          HostContext earlier = host;
          earlier.position = tree.node(last.statement).startByte;
          Frame frame;
          frame.module = &module;
          frame.host = &earlier;
          frame.scope = std::make_shared<Scope>();
          ExecResult result = execStatement(last.statement, frame);
          statement.aborted = result.flow == Flow::Abort;
          if (statement.aborted) statement.abortReason = std::move(result.value);
          statement.bound = std::move(frame.scope);
        }
        if (statement.aborted) return statement.abortReason;
        if (!statement.bound) // still running: the statement reads what it binds
          return Value::unknown("`" + std::string(name) + "` is defined in terms of itself");
        if (Value *bound = statement.bound->find(name)) {
          if (bound->isUnknown())
            if (std::optional<bool> known = narrowedByEnclosingIf(tree, body, host.position, name, last.statement))
              return Value::ofBool(*known, bound->origin());
          return *bound;
        }
        return Value::unknown("`" + std::string(name) + "` is not bound by " + lineText(module, last.statement));
      }
    }
    // Not bound here: look in the enclosing function, if any.
    NodeId parent = tree.parent(function);
    while (parent != kNoNode && tree.kind(parent) != NodeKind::FunctionDefinition)
      parent = tree.parent(parent);
    function = parent;
  }
  return Value();
}

// ---- expressions ---------------------------------------------------------

Value Interpreter::evaluateNode(NodeId node, Frame &frame) {
  const ModuleState &module = *frame.module;
  const SyntaxTree &tree = module.tree();
  Origin origin = originOf(module, node);
  NodeKind kind = tree.kind(node);
  if (kind == NodeKind::Integer || kind == NodeKind::Float || kind == NodeKind::String) {
    if (module.literalSlot_.empty()) module.literalSlot_.resize(tree.size(), 0);
    if (node < module.literalSlot_.size() && module.literalSlot_[node] != 0)
      return module.literals_[module.literalSlot_[node] - 1];
    Value literal = evaluateLiteral(node, frame);
    if (literal.isKnown()) {
      if (node < module.literalSlot_.size()) {
        module.literals_.push_back(literal);
        module.literalSlot_[node] = static_cast<uint32_t>(module.literals_.size());
      }
      return literal;
    }
    if (kind != NodeKind::String) return literal;
    return evaluateFString(node, frame);
  }
  switch (kind) {
  case NodeKind::True: return Value::ofBool(true, origin);
  case NodeKind::False: return Value::ofBool(false, origin);
  case NodeKind::None: return Value::none(origin);
  case NodeKind::Identifier: return evaluateIdentifier(node, frame);
  case NodeKind::Attribute: return evaluateAttribute(node, frame);
  case NodeKind::Subscript: return evaluateSubscript(node, frame);
  case NodeKind::Call: return evaluateCall(node, frame);
  case NodeKind::List: return evaluateDisplay(node, ValueKind::List, frame);
  case NodeKind::Tuple:
  case NodeKind::ExpressionList:
  case NodeKind::PatternList: return evaluateDisplay(node, ValueKind::Tuple, frame);
  case NodeKind::Set: return evaluateDisplay(node, ValueKind::Set, frame);
  case NodeKind::Dictionary: return evaluateDictionary(node, frame);
  case NodeKind::ParenthesizedExpression: {
    NodeId inner = tree.unparenthesize(node);
    if (inner == kNoNode) return Value::unknown("empty parentheses", origin);
    return evaluate(inner, frame);
  }
  case NodeKind::ListComprehension:
  case NodeKind::SetComprehension:
  case NodeKind::DictionaryComprehension:
  case NodeKind::GeneratorExpression: return evaluateComprehension(node, frame);
  case NodeKind::BinaryOperator: return evaluateBinary(node, frame);
  case NodeKind::ComparisonOperator: return evaluateComparison(node, frame);
  case NodeKind::BooleanOperator: return evaluateBoolean(node, frame);
  case NodeKind::NotOperator: {
    Value argument = evaluate(tree.child(node, Field::Argument), frame);
    std::optional<bool> truth = argument.truthiness();
    if (!truth)
      return Value::unknown(argument.isUnknown() ? argument.unknownReason()
                                                 : "truth value not known",
                            origin);
    return Value::ofBool(!*truth, origin);
  }
  case NodeKind::UnaryOperator: return evaluateUnary(node, frame);
  case NodeKind::ConditionalExpression: {
    NodeId parts[3] = {kNoNode, kNoNode, kNoNode};
    int count = 0;
    for (NodeId child : tree.children(node)) {
      if (tree.kind(child) == NodeKind::Comment || SyntaxTree::isOperatorToken(tree.kind(child)))
        continue;
      if (count < 3) parts[count] = child;
      ++count;
    }
    if (count != 3) return Value::unknown("malformed conditional expression", origin);
    Value condition = evaluate(parts[1], frame);
    std::optional<bool> truth = condition.truthiness();
    if (!truth)
      return Value::unknown("the condition at " + lineText(module, parts[1]) +
                                " could not be evaluated: " +
                                (condition.isUnknown() ? condition.unknownReason()
                                                       : "truth value not known"),
                            origin);
    return evaluate(*truth ? parts[0] : parts[2], frame);
  }
  case NodeKind::Lambda: return makeLambda(node, frame);
  case NodeKind::NamedExpression: {
    Value value = evaluate(tree.child(node, Field::Value), frame);
    NodeId name = tree.child(node, Field::Name);
    if (name != kNoNode) setName(tree.text(name), value, frame);
    return value;
  }
  case NodeKind::Ellipsis: return Value::opaque("Ellipsis", origin);
  case NodeKind::KeywordArgument:
  case NodeKind::ListSplat:
  case NodeKind::DictionarySplat:
    return Value::unknown("misplaced `" + std::string(tree.text(node)) + "`", origin);
  case NodeKind::Error: return Value::unknown("syntax error at " + lineText(module, node), origin);
  default: {
    std::string_view text = tree.text(node);
    if (text.size() > 40) text = text.substr(0, 40);
    return Value::unknown("`" + std::string(text) + "` is not evaluated", origin);
  }
  }
}

Value Interpreter::evaluateLiteral(NodeId node, Frame &frame) {
  const ModuleState &module = *frame.module;
  const SyntaxTree &tree = module.tree();
  Origin origin = originOf(module, node);
  switch (tree.kind(node)) {
  case NodeKind::Integer: {
    std::string_view text = tree.text(node);
    if (!text.empty() && (text.back() == 'j' || text.back() == 'J'))
      return Value::unknown("complex numbers are not evaluated", origin);
    int64_t value = 0;
    if (!python::parseIntegerLiteral(text, value))
      return Value::unknown("integer literal too large", origin);
    return Value::ofInt(value, origin);
  }
  case NodeKind::Float: {
    std::string text;
    for (char c : tree.text(node))
      if (c != '_') text += c;
    if (!text.empty() && (text.back() == 'j' || text.back() == 'J'))
      return Value::unknown("complex numbers are not evaluated", origin);
    return Value::ofFloat(std::strtod(text.c_str(), nullptr), origin);
  }
  default: {
    std::string value;
    if (python::stringLiteralValue(tree, node, value)) return Value::ofString(std::move(value), origin);
    return Value::unknown("f-string", origin); // not cached: evaluated each time
  }
  }
}

Value Interpreter::evaluateIdentifier(NodeId node, Frame &frame) {
  const ModuleState &module = *frame.module;
  std::string_view name = module.tree().text(node);
  Origin origin = originOf(module, node);
  if (frame.scope)
    if (Value *local = frame.scope->find(name)) return *local;
  if (frame.moduleWrites) {
    auto written = frame.moduleWrites->find(name);
    if (written != frame.moduleWrites->end()) return written->second;
  }
  if (frame.host) {
    bool found = false;
    Value value = hostLookup(*frame.host, name, found);
    if (found) return value;
  }
  bool found = false;
  Value value = moduleGlobal(module, name, module.readPosition_, found);
  if (found) {
    // A module-level statement that changes this name works on a copy, so
    // the memoised earlier value stays as it was.
    if (frame.moduleWriteNames &&
        std::find(frame.moduleWriteNames->begin(), frame.moduleWriteNames->end(), name) !=
            frame.moduleWriteNames->end()) {
      Value copy = value;
      if (value.isSequence())
        copy = Value::ofSequence(value.kind(), std::make_shared<Sequence>(*value.sequence()),
                                 value.origin());
      else if (value.isDict())
        copy = Value::ofDict(std::make_shared<DictData>(*value.dict()), value.origin());
      // Later reads and changes in the statement see this same copy.
      if (frame.moduleWrites) (*frame.moduleWrites)[std::string(name)] = copy;
      return copy;
    }
    return value;
  }
  if (name == "__name__") return Value::ofString("<module>", origin);
  if (name == "__file__") return Value::ofString(module.path(), origin); // data files beside the module
  if (Builtins::isBuiltinName(name)) return Value::external("builtins." + std::string(name), origin);
  return Value::unknown("name `" + std::string(name) + "` is not defined", origin);
}

Value Interpreter::evaluateAttribute(NodeId node, Frame &frame) {
  const SyntaxTree &tree = frame.module->tree();
  Value object = evaluate(tree.child(node, Field::Object), frame);
  NodeId attribute = tree.child(node, Field::AttributeName);
  if (attribute == kNoNode) return Value::unknown("malformed attribute");
  return attributeOf(object, tree.text(attribute), node, frame);
}

Value Interpreter::attributeOf(const Value &object, std::string_view name, NodeId site,
                               Frame &frame) {
  Origin origin = originOf(*frame.module, site);
  switch (object.kind()) {
  case ValueKind::Unknown: return object;
  case ValueKind::Module: {
    const ModuleState &target = *object.module();
    bool found = false;
    Value value = moduleGlobal(target, name, target.readPosition_, found);
    if (found) return value;
    return Value::unknown("`" + std::string(name) + "` is not defined in " + target.path(), origin);
  }
  case ValueKind::External: return Builtins::externalAttribute(*this, object, name, site, frame);
  case ValueKind::Class:
  case ValueKind::Instance: return objectAttribute(object, name, site, frame);
  case ValueKind::Config: {
    const ConfigData &config = *object.config();
    if (name == "kwargs") return Value::ofDict(config.kwargs, object.origin());
    if (name == "num_warps") return config.numWarps;
    if (name == "num_stages") return config.numStages;
    if (name == "num_ctas") return config.numCtas;
    if (name == "maxnreg") return config.maxnreg;
    break;
  }
  default: break;
  }
  if (Builtins::hasMethod(object, name)) {
    auto method = std::make_shared<FunctionData>();
    method->kind = FunctionData::Kind::BoundMethod;
    method->receiver = object;
    method->methodName = std::string(name);
    method->name = std::string(name);
    return Value::ofFunction(std::move(method), origin);
  }
  return Value::unknown("attribute `" + std::string(name) + "` of " + object.typeName() +
                            " is not evaluated",
                        origin);
}

Value Interpreter::evaluateSubscript(NodeId node, Frame &frame) {
  const SyntaxTree &tree = frame.module->tree();
  Value object = evaluate(tree.child(node, Field::Value), frame);
  std::vector<NodeId> indices;
  for (NodeId child : tree.children(node))
    if (tree.node(child).field == Field::SubscriptIndex) indices.push_back(child);
  if (indices.size() != 1) {
    // x[a, b] indexes with a tuple.
    std::vector<Value> items;
    for (NodeId index : indices) items.push_back(evaluate(index, frame));
    return subscriptValue(object, Value::ofTuple(std::move(items)), node, frame);
  }
  if (tree.kind(indices[0]) == NodeKind::Slice) return evaluateSlice(object, indices[0], node, frame);
  Value index = evaluate(indices[0], frame);
  return subscriptValue(object, index, node, frame);
}

Value Interpreter::subscriptValue(const Value &object, const Value &index, NodeId site,
                                  Frame &frame) {
  Origin origin = originOf(*frame.module, site);
  if (object.isUnknown()) return object;
  if (index.isUnknown()) return index;
  if (object.kind() == ValueKind::Class && object.object()->isEnum && index.isString()) {
    // Color["RED"]: the member of that name.
    runClassBody(object.object());
    if (const Value *member = object.object()->find(index.text()); member && member->kind() == ValueKind::Instance)
      return *member;
    return raise("KeyError", "`" + index.text() + "` is not a member of `" + object.object()->name + "`", origin);
  }
  if (object.isSequence() || object.isString() || object.kind() == ValueKind::Range) {
    if (!index.isInt() && !index.isBool())
      return Value::unknown("index of " + std::string(object.typeName()) + " is not an integer",
                            origin);
    int64_t position = index.asInt();
    int64_t size = 0;
    if (object.isSequence()) {
      if (object.sequence()->partial)
        return Value::unknown("indexing a list that is not fully known", origin);
      size = static_cast<int64_t>(object.sequence()->items.size());
    } else if (object.isString()) {
      size = static_cast<int64_t>(object.text().size());
    } else {
      size = object.range().size();
    }
    if (position < 0) position += size;
    if (position < 0 || position >= size)
      return raise("IndexError", "index " + std::to_string(index.asInt()) + " out of range", origin);
    if (object.isSequence()) return object.sequence()->items[static_cast<size_t>(position)];
    if (object.isString())
      return Value::ofString(std::string(1, object.text()[static_cast<size_t>(position)]), origin);
    return Value::ofInt(object.range().at(position), object.origin());
  }
  if (object.isDict()) {
    int found = object.dict()->find(index);
    if (found >= 0) return object.dict()->entries[static_cast<size_t>(found)].second;
    if (object.dict()->partial)
      return Value::unknown("key " + index.str() + " not among the known entries", origin);
    return raise("KeyError", "key " + index.str() + " is not in the dict", origin);
  }
  if (object.isExternal()) {
    if (object.text() == "os.environ") {
      std::string variable = index.isString() ? index.text() : index.str();
      if (const std::string *declared = declaredEnvironment(variable)) return Value::ofString(*declared, origin);
      return Value::unknown("environment variable `" + variable + "` has no default", origin);
    }
    // Types such as tl.tensor[...] or typing generics: keep the path.
    return Value::unknown("subscript of `" + object.text() + "` is not evaluated", origin);
  }
  return Value::unknown(std::string(object.typeName()) + " is not subscriptable here", origin);
}

Value Interpreter::evaluateSlice(const Value &object, NodeId slice, NodeId site, Frame &frame) {
  const SyntaxTree &tree = frame.module->tree();
  Origin origin = originOf(*frame.module, site);
  // start:stop:step, each optional, separated by colon tokens.
  std::optional<Value> parts[3];
  int part = 0;
  for (NodeId child : tree.children(slice)) {
    if (tree.kind(child) == NodeKind::OpColon) {
      ++part;
      continue;
    }
    if (tree.kind(child) == NodeKind::Comment || part > 2) continue;
    parts[part] = evaluate(child, frame);
  }
  if (object.isUnknown()) return object;
  std::vector<Value> items;
  bool isString = object.isString();
  if (object.isSequence()) {
    if (object.sequence()->partial)
      return Value::unknown("slicing a list that is not fully known", origin);
    items = object.sequence()->items;
  } else if (!isString) {
    return Value::unknown("slicing " + std::string(object.typeName()) + " is not evaluated", origin);
  }
  int64_t size = isString ? static_cast<int64_t>(object.text().size())
                          : static_cast<int64_t>(items.size());
  int64_t bounds[3] = {0, 0, 1};
  bool given[3] = {false, false, false};
  for (int i = 0; i < 3; ++i) {
    if (!parts[i] || parts[i]->isNone()) continue;
    if (!parts[i]->isInt()) return Value::unknown("slice bound is not an integer", origin);
    bounds[i] = parts[i]->asInt();
    given[i] = true;
  }
  int64_t stepValue = bounds[2];
  if (stepValue == 0) return Value::unknown("slice step is zero", origin);
  auto clamp = [&](int64_t value, bool isGiven, int64_t fallback) {
    if (!isGiven) return fallback;
    if (value < 0) value += size;
    if (stepValue > 0) return std::clamp<int64_t>(value, 0, size);
    return std::clamp<int64_t>(value, -1, size - 1);
  };
  int64_t start = clamp(bounds[0], given[0], stepValue > 0 ? 0 : size - 1);
  int64_t stop = clamp(bounds[1], given[1], stepValue > 0 ? size : -1);
  std::vector<Value> result;
  std::string text;
  for (int64_t i = start; stepValue > 0 ? i < stop : i > stop; i += stepValue) {
    if (isString)
      text += object.text()[static_cast<size_t>(i)];
    else
      result.push_back(items[static_cast<size_t>(i)]);
  }
  if (isString) return Value::ofString(std::move(text), origin);
  auto sequence = std::make_shared<Sequence>();
  sequence->items = std::move(result);
  return Value::ofSequence(object.kind(), std::move(sequence), origin);
}

bool Interpreter::evaluateArguments(NodeId argumentList, Frame &frame, CallArguments &out) {
  const ModuleState &module = *frame.module;
  const SyntaxTree &tree = module.tree();
  if (argumentList == kNoNode) return true;
  if (tree.kind(argumentList) == NodeKind::GeneratorExpression) {
    out.positional.push_back(evaluate(argumentList, frame));
    return true;
  }
  size_t positional = 0, keywords = 0;
  for (NodeId argument : tree.children(argumentList)) {
    NodeKind kind = tree.kind(argument);
    if (kind == NodeKind::KeywordArgument) ++keywords;
    else if (kind != NodeKind::Comment) ++positional;
  }
  out.positional.reserve(positional);
  out.keywords.reserve(keywords);
  out.keywordNameOrigins.reserve(keywords);
  for (NodeId argument : tree.children(argumentList)) {
    switch (tree.kind(argument)) {
    case NodeKind::Comment: break;
    case NodeKind::KeywordArgument: {
      NodeId name = tree.child(argument, Field::Name);
      NodeId value = tree.child(argument, Field::Value);
      if (name == kNoNode) break;
      out.keywords.emplace_back(std::string(tree.text(name)), evaluate(value, frame));
      out.keywordNameOrigins.push_back(originOf(module, name));
      break;
    }
    case NodeKind::ListSplat: {
      Value spread = evaluate(tree.firstChild(argument), frame);
      std::vector<Value> items;
      bool partial = false;
      Value failure;
      if (!iterate(spread, argument, items, partial, failure) || partial) {
        out.unknownSplat = true;
        out.unknownSplatReason = partial ? "`*` of a list that is not fully known"
                                         : failure.unknownReason();
        break;
      }
      for (Value &item : items) out.positional.push_back(std::move(item));
      break;
    }
    case NodeKind::DictionarySplat: {
      Value spread = evaluate(tree.firstChild(argument), frame);
      if (!spread.isDict() || spread.dict()->partial) {
        out.unknownSplat = true;
        out.unknownSplatReason = spread.isUnknown() ? spread.unknownReason()
                                                    : "`**` of a value that is not a known dict";
        break;
      }
      for (const auto &[key, value] : spread.dict()->entries) {
        if (!key.isString()) {
          out.unknownSplat = true;
          out.unknownSplatReason = "`**` with a key that is not a string";
          break;
        }
        out.keywords.emplace_back(key.text(), value);
        out.keywordNameOrigins.push_back(key.origin());
      }
      break;
    }
    default:
      out.positional.push_back(evaluate(argument, frame));
      break;
    }
  }
  return true;
}

Value Interpreter::evaluateCall(NodeId node, Frame &frame) {
  const SyntaxTree &tree = frame.module->tree();
  NodeId functionNode = tree.child(node, Field::Function);
  // configs.append(...) and friends: call the method on the receiver directly
  // rather than building a bound-method value first.
  if (functionNode != kNoNode && tree.kind(functionNode) == NodeKind::Attribute) {
    NodeId attribute = tree.child(functionNode, Field::AttributeName);
    std::string_view method = attribute != kNoNode ? tree.text(attribute) : std::string_view();
    // `super(...).__new__(cls)`, `object.__new__(cls)`: a new instance of
    // cls, as a singleton's __new__ allocates it.
    if (method == "__new__") {
      const NodeId object = tree.child(functionNode, Field::Object);
      const NodeId superCallee = tree.kind(object) == NodeKind::Call ? tree.child(object, Field::Function) : kNoNode;
      if ((tree.kind(object) == NodeKind::Identifier && tree.text(object) == "object") ||
          (superCallee != kNoNode && tree.kind(superCallee) == NodeKind::Identifier && tree.text(superCallee) == "super")) {
        CallArguments arguments;
        evaluateArguments(tree.child(node, Field::Arguments), frame, arguments);
        if (!arguments.positional.empty() && arguments.positional[0].kind() == ValueKind::Class)
          return Value::ofObject(newInstance(arguments.positional[0].object()), originOf(*frame.module, node));
      }
    }
    Value receiver = evaluate(tree.child(functionNode, Field::Object), frame);
    if (!receiver.isExternal() && receiver.kind() != ValueKind::Module &&
        Builtins::hasMethod(receiver, method)) {
      CallArguments arguments;
      evaluateArguments(tree.child(node, Field::Arguments), frame, arguments);
      if (arguments.unknownSplat)
        return Value::unknown(arguments.unknownSplatReason, originOf(*frame.module, node));
      return Builtins::callMethod(*this, receiver, method, arguments, node, frame);
    }
    return callWithArguments(attributeOf(receiver, method, functionNode, frame), node, frame);
  }
  return callWithArguments(evaluate(functionNode, frame), node, frame);
}

Value Interpreter::callWithArguments(const Value &callee, NodeId node, Frame &frame) {
  if (callee.isUnknown())
    return Value::unknown(callee.unknownReason(), originOf(*frame.module, node));
  // A library call that is not evaluated needs no arguments evaluated.
  if (callee.isExternal() && !Builtins::canCall(callee.text()))
    return Builtins::uncallable(callee.text(), originOf(*frame.module, node));
  CallArguments arguments;
  evaluateArguments(frame.module->tree().child(node, Field::Arguments), frame, arguments);
  if (arguments.unknownSplat)
    return Value::unknown(arguments.unknownSplatReason, originOf(*frame.module, node));
  return callValue(callee, arguments, node, frame);
}

Value Interpreter::callValue(const Value &callee, CallArguments &arguments, NodeId site,
                             Frame &frame) {
  Origin origin = originOf(*frame.module, site);
  switch (callee.kind()) {
  case ValueKind::Unknown: return callee;
  case ValueKind::Function: {
    const FunctionData &function = *callee.function();
    if (function.kind == FunctionData::Kind::BoundMethod)
      return Builtins::callMethod(*this, function.receiver, function.methodName, arguments, site,
                                  frame);
    if (function.kind == FunctionData::Kind::Partial) {
      // partial(f, *a, **k)(*b, **l) is f(*a, *b, **{**k, **l}).
      CallArguments merged;
      merged.positional.append(function.boundPositional.begin(), function.boundPositional.end());
      merged.positional.append(arguments.positional.begin(), arguments.positional.end());
      for (const auto &[name, value] : function.boundKeywords)
        if (!arguments.keyword(name)) merged.keywords.emplace_back(name, value), merged.keywordNameOrigins.push_back(origin);
      for (size_t i = 0; i < arguments.keywords.size(); ++i) {
        merged.keywords.push_back(arguments.keywords[i]);
        merged.keywordNameOrigins.push_back(i < arguments.keywordNameOrigins.size() ? arguments.keywordNameOrigins[i] : origin);
      }
      return callValue(function.receiver, merged, site, frame);
    }
    return callFunction(function, arguments, site, frame);
  }
  case ValueKind::External:
    return Builtins::callExternal(*this, callee.text(), arguments, site, frame);
  case ValueKind::Kernel:
    return Value::unknown("calling kernel `" + callee.text() + "` is not evaluated", origin);
  case ValueKind::Class: return instantiate(callee, arguments, site, frame);
  default:
    return Value::unknown(std::string(callee.typeName()) + " object is not callable", origin);
  }
}

namespace {

bool containsYield(const SyntaxTree &tree, NodeId node) {
  for (NodeId child : tree.children(node)) {
    NodeKind kind = tree.kind(child);
    if (kind == NodeKind::Yield) return true;
    if (kind == NodeKind::FunctionDefinition || kind == NodeKind::ClassDefinition ||
        kind == NodeKind::Lambda || kind == NodeKind::DecoratedDefinition)
      continue;
    if (containsYield(tree, child)) return true;
  }
  return false;
}

} // namespace

Value Interpreter::callFunction(const FunctionData &function, CallArguments &arguments,
                                NodeId site, Frame &caller) {
  const ModuleState &module = *function.module;
  const SyntaxTree &tree = module.tree();
  Origin origin = originOf(*caller.module, site);
  if (caller.callDepth + 1 > context_.limits.maxCallDepth) {
    std::string text = "call depth limit of " + std::to_string(context_.limits.maxCallDepth) +
                       " reached calling `" + function.name + "` at " +
                       lineText(*caller.module, site) + " (recursion?)";
    limitReached(text, *caller.module, site);
    return Value::unknown(text, origin);
  }

  Frame frame;
  frame.module = &module;
  frame.scope = std::make_shared<Scope>();
  frame.scope->parent = function.closure;
  frame.host = function.host.get();
  frame.callDepth = caller.callDepth + 1;
  declareGlobals(module, function.node, *frame.scope);

  // Bind arguments to parameters: positional, then keywords, then defaults.
  NodeId parameters = tree.child(function.node, Field::Parameters);
  size_t nextPositional = 0;
  std::vector<bool> keywordUsed(arguments.keywords.size(), false);
  bool keywordOnly = false;
  std::string extraPositionalName, extraKeywordName;
  if (parameters != kNoNode) {
    for (NodeId parameter : tree.children(parameters)) {
      NodeKind kind = tree.kind(parameter);
      if (kind == NodeKind::Comment || kind == NodeKind::PositionalSeparator) continue;
      if (kind == NodeKind::KeywordSeparator) {
        keywordOnly = true;
        continue;
      }
      if (kind == NodeKind::ListSplatPattern) {
        NodeId identifier = tree.childOfKind(parameter, NodeKind::Identifier);
        if (identifier != kNoNode) extraPositionalName = std::string(tree.text(identifier));
        keywordOnly = true;
        continue;
      }
      if (kind == NodeKind::DictionarySplatPattern) {
        NodeId identifier = tree.childOfKind(parameter, NodeKind::Identifier);
        if (identifier != kNoNode) extraKeywordName = std::string(tree.text(identifier));
        continue;
      }
      NodeId nameNode = parameter;
      NodeId defaultNode = kNoNode;
      if (kind == NodeKind::DefaultParameter || kind == NodeKind::TypedDefaultParameter) {
        nameNode = tree.child(parameter, Field::Name);
        defaultNode = tree.child(parameter, Field::Value);
      } else if (kind == NodeKind::TypedParameter) {
        nameNode = tree.childOfKind(parameter, NodeKind::Identifier);
      }
      if (nameNode == kNoNode || tree.kind(nameNode) != NodeKind::Identifier) continue;
      std::string name(tree.text(nameNode));
      Value value;
      bool bound = false;
      if (!keywordOnly && nextPositional < arguments.positional.size()) {
        value = arguments.positional[nextPositional++];
        bound = true;
      }
      for (size_t i = 0; i < arguments.keywords.size() && !bound; ++i) {
        if (arguments.keywords[i].first == name) {
          value = arguments.keywords[i].second;
          keywordUsed[i] = true;
          bound = true;
        }
      }
      if (!bound) {
        if (defaultNode != kNoNode) {
          Frame defaultsFrame;
          defaultsFrame.module = &module;
          defaultsFrame.scope = function.closure;
          defaultsFrame.host = function.host.get();
          defaultsFrame.callDepth = frame.callDepth;
          value = evaluate(defaultNode, defaultsFrame);
        } else {
          value = Value::unknown("argument `" + name + "` of `" + function.name +
                                 "` is not given at " + lineText(*caller.module, site));
        }
      }
      frame.scope->variables[name] = std::move(value);
    }
  } else if (function.kind == FunctionData::Kind::Lambda) {
    // lambda: with no parameters
  }
  if (!extraPositionalName.empty()) {
    std::vector<Value> rest(arguments.positional.begin() +
                                static_cast<std::ptrdiff_t>(std::min(nextPositional,
                                                                     arguments.positional.size())),
                            arguments.positional.end());
    frame.scope->variables[extraPositionalName] = Value::ofTuple(std::move(rest));
  }
  if (!extraKeywordName.empty()) {
    auto dict = std::make_shared<DictData>();
    for (size_t i = 0; i < arguments.keywords.size(); ++i)
      if (!keywordUsed[i])
        dict->set(Value::ofString(arguments.keywords[i].first, arguments.keywordNameOrigins[i]),
                  arguments.keywords[i].second);
    frame.scope->variables[extraKeywordName] = Value::ofDict(std::move(dict));
  }

  NodeId body = tree.child(function.node, Field::Body);
  if (function.kind == FunctionData::Kind::Lambda) return evaluate(body, frame);
  if (body == kNoNode) return Value::none(origin);

  std::vector<Value> yielded;
  bool generator = containsYield(tree, body);
  if (generator) frame.yields = &yielded;
  ExecResult result = execBlock(body, frame);
  if (result.flow == Flow::Abort)
    return Value::unknown("`" + function.name + "` could not be evaluated: " +
                              (result.value.isUnknown() ? result.value.unknownReason()
                                                        : std::string("stopped early")),
                          origin);
  if (generator) return Value::ofList(std::move(yielded), origin);
  if (result.flow == Flow::Return) return result.value;
  return Value::none(origin);
}

Value Interpreter::makeLambda(NodeId node, Frame &frame) {
  auto function = std::make_shared<FunctionData>();
  function->kind = FunctionData::Kind::Lambda;
  function->module = frame.module;
  function->node = node;
  function->name = "lambda";
  function->closure = frame.scope;
  if (frame.scope) closureScopes_.push_back(frame.scope);
  if (frame.host) function->host = std::make_shared<HostContext>(*frame.host);
  return Value::ofFunction(std::move(function), originOf(*frame.module, node));
}

Value Interpreter::evaluateDisplay(NodeId node, ValueKind kind, Frame &frame) {
  const SyntaxTree &tree = frame.module->tree();
  auto sequence = std::make_shared<Sequence>();
  size_t count = 0;
  for (NodeId child : tree.children(node)) count += tree.kind(child) != NodeKind::Comment;
  sequence->items.reserve(count);
  for (NodeId child : tree.children(node)) {
    NodeKind childKind = tree.kind(child);
    if (childKind == NodeKind::Comment || SyntaxTree::isOperatorToken(childKind)) continue;
    if (childKind == NodeKind::ListSplat || childKind == NodeKind::ListSplatPattern) {
      Value spread = evaluate(tree.firstChild(child), frame);
      std::vector<Value> items;
      bool partial = false;
      Value failure;
      if (!iterate(spread, child, items, partial, failure)) {
        sequence->partial = true;
        sequence->partialReason = failure.unknownReason();
        continue;
      }
      if (partial) {
        sequence->partial = true;
        sequence->partialReason = spread.sequence() ? spread.sequence()->partialReason : "";
      }
      for (Value &item : items) sequence->items.push_back(std::move(item));
    } else {
      sequence->items.push_back(evaluate(child, frame));
    }
    if (sequence->items.size() > context_.limits.maxListElements) {
      std::string text = "list at " + lineText(*frame.module, node) + " has more than " +
                         std::to_string(context_.limits.maxListElements) + " elements";
      limitReached(text, *frame.module, node);
      return Value::unknown(text, originOf(*frame.module, node));
    }
  }
  if (kind == ValueKind::Set) {
    dropEqualDuplicates(sequence->items);
  }
  return Value::ofSequence(kind, std::move(sequence), originOf(*frame.module, node));
}

Value Interpreter::evaluateDictionary(NodeId node, Frame &frame) {
  const ModuleState &module = *frame.module;
  const SyntaxTree &tree = module.tree();
  auto dict = std::make_shared<DictData>();
  if (module.dictKeys_.empty()) module.dictKeys_.resize(tree.size(), 0);
  uint8_t &keys = module.dictKeys_[node];
  if (keys == 1) {
    size_t pairs = 0;
    for (NodeId child : tree.children(node)) pairs += tree.kind(child) == NodeKind::Pair;
    dict->entries.reserve(pairs);
    for (NodeId child : tree.children(node)) {
      if (tree.kind(child) != NodeKind::Pair) continue;
      const Value &key = module.literals_[module.literalSlot_[tree.child(child, Field::Key)] - 1];
      dict->entries.emplace_back(key, evaluate(tree.child(child, Field::Value), frame));
    }
    return Value::ofDict(std::move(dict), originOf(module, node));
  }
  size_t pairs = 0;
  bool literalKeys = true;
  for (NodeId child : tree.children(node)) {
    NodeKind childKind = tree.kind(child);
    if (childKind == NodeKind::Pair) {
      ++pairs;
      NodeId key = tree.child(child, Field::Key);
      literalKeys = literalKeys && key != kNoNode && tree.kind(key) == NodeKind::String;
    } else if (childKind != NodeKind::Comment && !SyntaxTree::isOperatorToken(childKind)) {
      literalKeys = false; // a `**` splat
    }
  }
  dict->entries.reserve(pairs);
  for (NodeId child : tree.children(node)) {
    NodeKind childKind = tree.kind(child);
    if (childKind == NodeKind::Pair) {
      Value key = evaluate(tree.child(child, Field::Key), frame);
      Value value = evaluate(tree.child(child, Field::Value), frame);
      if (key.isUnknown()) {
        dict->partial = true;
        dict->partialReason = key.unknownReason();
        continue;
      }
      dict->set(std::move(key), std::move(value));
    } else if (childKind == NodeKind::DictionarySplat) {
      Value spread = evaluate(tree.firstChild(child), frame);
      if (spread.isDict()) {
        for (const auto &[key, value] : spread.dict()->entries) dict->set(key, value);
        if (spread.dict()->partial) {
          dict->partial = true;
          dict->partialReason = spread.dict()->partialReason;
        }
      } else {
        dict->partial = true;
        dict->partialReason = spread.isUnknown() ? spread.unknownReason()
                                                 : "`**` of a value that is not a dict";
      }
    }
  }
  // Keys that all decoded to distinct strings (and sit in the literal cache)
  // are read from there next time.
  if (literalKeys && !dict->partial && dict->entries.size() == pairs && !module.literalSlot_.empty()) {
    for (NodeId child : tree.children(node))
      if (tree.kind(child) == NodeKind::Pair && module.literalSlot_[tree.child(child, Field::Key)] == 0)
        literalKeys = false;
  } else {
    literalKeys = false;
  }
  keys = literalKeys ? 1 : 2;
  return Value::ofDict(std::move(dict), originOf(module, node));
}

namespace {
// How a production names a bound value ("BLOCK_K=8"): scalars only.
void showBinding(std::string_view name, const Value &value, std::string &shown) {
  shown.clear();
  ValueKind kind = value.kind();
  if (kind != ValueKind::Int && kind != ValueKind::Float && kind != ValueKind::Bool && kind != ValueKind::String &&
      kind != ValueKind::None)
    return;
  shown.append(name);
  shown += '=';
  if (kind == ValueKind::Int) {
    // Most bound values are integers: written in place, no string per value.
    char digits[24];
    const char *end = std::to_chars(digits, digits + sizeof digits, value.asInt()).ptr;
    shown.append(digits, static_cast<size_t>(end - digits));
  } else {
    shown += value.str();
  }
}
} // namespace

void Interpreter::bindIteration(std::string_view name, const Value &value) {
  if (iterations_.empty()) return;
  auto &bindings = iterations_.back().bindings;
  // Formatted when bound: an outer loop's value is named by every config its
  // inner loops produce.
  for (auto &binding : bindings)
    if (binding.name == name) {
      binding.value = value;
      showBinding(name, value, binding.shown);
      return;
    }
  auto &binding = bindings.emplace_back();
  binding.name = std::string(name);
  binding.value = value;
  showBinding(name, value, binding.shown);
}

void Interpreter::bindIterationTarget(const ModuleState &module, NodeId target, const Value &value) {
  const SyntaxTree &tree = module.tree();
  NodeKind kind = tree.kind(target);
  if (kind == NodeKind::Identifier) {
    bindIteration(tree.text(target), value);
    return;
  }
  if (kind == NodeKind::PatternList || kind == NodeKind::TuplePattern ||
      kind == NodeKind::ListPattern || kind == NodeKind::Tuple || kind == NodeKind::List ||
      kind == NodeKind::ParenthesizedExpression) {
    llvm::SmallVector<NodeId, 4> targets; // per iteration of a loop: kept off the heap
    for (NodeId child : tree.children(target))
      if (tree.kind(child) != NodeKind::Comment && !SyntaxTree::isOperatorToken(tree.kind(child)))
        targets.push_back(child);
    if (value.isSequence() && !value.sequence()->partial &&
        value.sequence()->items.size() == targets.size()) {
      for (size_t i = 0; i < targets.size(); ++i)
        bindIterationTarget(module, targets[i], value.sequence()->items[i]);
    }
  }
}

namespace {

// A list, tuple or set display of number, string, bool and None literals:
// `for bk in [32, 64]` inside another loop gives the same items every time.
bool isScalarLiteralDisplay(const SyntaxTree &tree, NodeId node) {
  NodeKind kind = tree.kind(node);
  if (kind != NodeKind::List && kind != NodeKind::Tuple && kind != NodeKind::Set) return false;
  for (NodeId child : tree.children(node)) {
    NodeKind childKind = tree.kind(child);
    if (SyntaxTree::isOperatorToken(childKind) || childKind == NodeKind::Comment) continue;
    if (childKind == NodeKind::UnaryOperator) {
      NodeId argument = tree.child(child, Field::Argument);
      if (argument == kNoNode) return false;
      childKind = tree.kind(argument);
      if (childKind != NodeKind::Integer && childKind != NodeKind::Float) return false;
      continue;
    }
    if (childKind != NodeKind::Integer && childKind != NodeKind::Float && childKind != NodeKind::String &&
        childKind != NodeKind::True && childKind != NodeKind::False && childKind != NodeKind::None)
      return false;
  }
  return true;
}

// The names a comprehension's for-clause target binds; false when the target
// is not made of plain names (an attribute or subscript target).
bool boundNames(const SyntaxTree &tree, NodeId target, std::vector<std::string_view> &names) {
  NodeKind kind = tree.kind(target);
  if (kind == NodeKind::Identifier) {
    names.push_back(tree.text(target));
    return true;
  }
  if (kind != NodeKind::PatternList && kind != NodeKind::TuplePattern && kind != NodeKind::ListPattern &&
      kind != NodeKind::Tuple && kind != NodeKind::List && kind != NodeKind::ParenthesizedExpression)
    return false;
  for (NodeId child : tree.children(target)) {
    NodeKind childKind = tree.kind(child);
    if (childKind == NodeKind::Comment || SyntaxTree::isOperatorToken(childKind)) continue;
    if (!boundNames(tree, child, names)) return false;
  }
  return true;
}

// The names an expression reads, when it is arithmetic, comparisons and
// boolean logic over names and literals only: such an expression has no
// effect and its value depends on those names alone. False otherwise (calls,
// attributes, subscripts, f-strings, `:=`).
bool pureNamesRead(const SyntaxTree &tree, NodeId node, std::vector<std::string_view> &names) {
  switch (tree.kind(node)) {
  case NodeKind::Identifier: names.push_back(tree.text(node)); return true;
  case NodeKind::Integer: case NodeKind::Float: case NodeKind::True: case NodeKind::False:
  case NodeKind::None: case NodeKind::Comment:
    return true;
  case NodeKind::BinaryOperator: case NodeKind::UnaryOperator: case NodeKind::BooleanOperator:
  case NodeKind::NotOperator: case NodeKind::ComparisonOperator: case NodeKind::ParenthesizedExpression:
    for (NodeId child : tree.children(node))
      if (!SyntaxTree::isOperatorToken(tree.kind(child)) && !pureNamesRead(tree, child, names)) return false;
    return true;
  default: return SyntaxTree::isOperatorToken(tree.kind(node));
  }
}

} // namespace

Value Interpreter::evaluateComprehension(NodeId node, Frame &frame) {
  const ModuleState &module = *frame.module;
  const SyntaxTree &tree = module.tree();
  NodeKind kind = tree.kind(node);
  NodeId body = tree.child(node, Field::Body);
  std::vector<NodeId> clauses;
  for (NodeId child : tree.children(node)) {
    NodeKind childKind = tree.kind(child);
    if (childKind == NodeKind::ForInClause || childKind == NodeKind::IfClause)
      clauses.push_back(child);
  }
  Origin origin = originOf(module, node);
  if (body == kNoNode || clauses.empty()) return Value::unknown("malformed comprehension", origin);

  Frame inner = frame;
  inner.scope = std::make_shared<Scope>();
  inner.scope->parent = frame.scope;

  IterationFrame iteration;
  iteration.description = "the comprehension at " + lineText(module, node);
  iteration.origin = originOf(module, node);
  iteration.module = &module;
  iteration.callDepth = frame.callDepth;
  iterations_.push_back(std::move(iteration));

  auto results = std::make_shared<Sequence>();
  auto dict = std::make_shared<DictData>();
  std::optional<Value> failure;
  // Inner clauses over literal displays are evaluated once, not once per outer item.
  std::vector<uint8_t> overLiteral(clauses.size(), 0);
  for (size_t index = 1; index < clauses.size(); ++index)
    if (tree.kind(clauses[index]) == NodeKind::ForInClause) {
      NodeId right = tree.child(clauses[index], Field::Right);
      overLiteral[index] = right != kNoNode && isScalarLiteralDisplay(tree, right);
    }
  std::vector<std::optional<Value>> literalIterables(clauses.size());
  size_t iterationCount = 0;
  const size_t limit = context_.limits.maxListElements;

  // A filter that reads only names bound by an outer for-clause, behind
  // inner for-clauses over literal displays, is tested once per binding of
  // that clause instead of once per combination of the inner ones (`for bm in
  // ... for bn in ... for bk in [32, 64] for w in [4, 8] if bm * bn <= 8192`):
  // the inner loops cannot change what it reads. A combination it rejects is
  // still counted against the iteration limit.
  auto conditionOf = [&](NodeId clause) {
    NodeId condition = tree.firstChild(clause);
    while (condition != kNoNode && tree.kind(condition) == NodeKind::Comment)
      condition = tree.nextSibling(condition);
    return condition;
  };
  std::vector<std::vector<size_t>> testedAfter(clauses.size()); // for-clause -> filters tested there
  std::vector<uint8_t> testedEarly(clauses.size(), 0);          // filter -> tested at an outer clause
  std::vector<size_t> skippedIterations(clauses.size(), 0);     // filter -> inner iterations it skips
  {
    std::vector<std::vector<std::string_view>> binds(clauses.size());
    std::vector<uint8_t> plainTarget(clauses.size(), 0);
    for (size_t index = 0; index < clauses.size(); ++index)
      if (tree.kind(clauses[index]) == NodeKind::ForInClause) {
        NodeId target = tree.child(clauses[index], Field::Left);
        plainTarget[index] = target != kNoNode && boundNames(tree, target, binds[index]);
      }
    std::vector<std::string_view> reads;
    for (size_t filter = 1; filter < clauses.size(); ++filter) {
      if (tree.kind(clauses[filter]) != NodeKind::IfClause) continue;
      NodeId condition = conditionOf(clauses[filter]);
      reads.clear();
      if (condition == kNoNode || !pureNamesRead(tree, condition, reads)) continue;
      // The innermost clause binding a name the filter reads.
      size_t outer = 0;
      bool hoistable = true;
      for (std::string_view name : reads) {
        size_t binder = clauses.size();
        for (size_t index = filter; index-- > 0;)
          if (tree.kind(clauses[index]) == NodeKind::ForInClause &&
              std::find(binds[index].begin(), binds[index].end(), name) != binds[index].end()) {
            binder = index;
            break;
          }
        if (binder == clauses.size()) hoistable = false; // a name from outside the comprehension
        else outer = std::max(outer, binder);
      }
      if (!hoistable || outer + 1 >= filter) continue;
      // Between them: for-clauses over non-empty literal displays binding plain names.
      size_t skipped = 0, combinations = 1;
      for (size_t index = outer + 1; index < filter && hoistable; ++index) {
        if (tree.kind(clauses[index]) != NodeKind::ForInClause || !overLiteral[index] || !plainTarget[index]) {
          hoistable = false;
          break;
        }
        if (!literalIterables[index])
          literalIterables[index] = evaluate(tree.child(clauses[index], Field::Right), inner);
        const Value &items = *literalIterables[index];
        const size_t size = items.isSequence() ? items.sequence()->items.size() : 0;
        if (size == 0 || combinations > limit / size) hoistable = false;
        else skipped += (combinations *= size);
      }
      if (!hoistable) continue;
      testedAfter[outer].push_back(filter);
      testedEarly[filter] = 1;
      skippedIterations[filter] = skipped;
    }
  }

  // Whether a filter lets the current combination through. One that cannot
  // be evaluated rejects it and marks the result partial.
  auto passes = [&](NodeId clause) {
    Value test = evaluate(conditionOf(clause), inner);
    std::optional<bool> truth = test.truthiness();
    if (truth) return *truth;
    results->partial = true;
    dict->partial = true;
    std::string reason = "the filter at " + lineText(module, clause) + " could not be evaluated: " +
                         (test.isUnknown() ? test.unknownReason() : "truth value not known");
    results->partialReason = reason;
    dict->partialReason = reason;
    return false;
  };

  // Runs clause `index` and everything after it; false stops the comprehension.
  auto run = [&](auto &&self, size_t index) -> bool {
    if (timeUp_) {
      failure = Value::unknown("evaluation time limit reached", origin);
      return false;
    }
    if (index == clauses.size()) {
      if (kind == NodeKind::DictionaryComprehension) {
        Value key = evaluate(tree.child(body, Field::Key), inner);
        Value value = evaluate(tree.child(body, Field::Value), inner);
        if (key.isUnknown()) {
          dict->partial = true;
          dict->partialReason = key.unknownReason();
        } else {
          dict->set(std::move(key), std::move(value));
        }
      } else {
        results->items.push_back(evaluate(body, inner));
      }
      if (results->items.size() + dict->entries.size() > limit) {
        std::string text = "the comprehension at " + lineText(module, node) +
                           " produces more than " + std::to_string(limit) + " elements";
        limitReached(text, module, node);
        failure = Value::unknown(text, origin);
        return false;
      }
      return true;
    }
    NodeId clause = clauses[index];
    if (tree.kind(clause) == NodeKind::IfClause) {
      // A filter tested at an outer clause let this combination through.
      if (!testedEarly[index] && !passes(clause)) return true;
      return self(self, index + 1);
    }
    NodeId left = tree.child(clause, Field::Left);
    NodeId right = tree.child(clause, Field::Right);
    std::optional<Value> &literal = literalIterables[index];
    if (!literal && overLiteral[index]) literal = evaluate(right, inner);
    Value iterable = literal ? *literal : evaluate(right, inner);
    Iteration items;
    bool partial = false;
    Value iterateFailure;
    if (!beginIteration(iterable, right, items, partial, iterateFailure)) {
      failure = Value::unknown(iterateFailure.unknownReason(), origin);
      return false;
    }
    if (partial) {
      results->partial = dict->partial = true;
      std::string reason = iterable.isSequence() ? iterable.sequence()->partialReason : "";
      results->partialReason = dict->partialReason = reason;
    }
    for (size_t position = 0; position < items.size; ++position) {
      Value item = items.at(position);
      if (++iterationCount > limit) {
        std::string text = "the comprehension at " + lineText(module, node) +
                           " runs more than " + std::to_string(limit) + " iterations";
        limitReached(text, module, node);
        failure = Value::unknown(text, origin);
        return false;
      }
      if (!assignTarget(left, item, inner)) {
        failure = Value::unknown("cannot unpack " + item.str() + " at " + lineText(module, left),
                                 origin);
        return false;
      }
      bindIterationTarget(module, left, item);
      bool tested = true;
      for (size_t filter : testedAfter[index]) {
        if (passes(clauses[filter])) continue;
        tested = false;
        iterationCount += skippedIterations[filter];
        if (iterationCount > limit) {
          std::string text = "the comprehension at " + lineText(module, node) + " runs more than " +
                             std::to_string(limit) + " iterations";
          limitReached(text, module, node);
          failure = Value::unknown(text, origin);
          return false;
        }
        break;
      }
      if (tested && !self(self, index + 1)) return false;
    }
    return true;
  };
  run(run, 0);
  iterations_.pop_back();
  if (failure) return *failure;
  if (kind == NodeKind::DictionaryComprehension) return Value::ofDict(std::move(dict), origin);
  if (kind == NodeKind::SetComprehension) {
    dropEqualDuplicates(results->items);
    return Value::ofSequence(ValueKind::Set, std::move(results), origin);
  }
  return Value::ofSequence(ValueKind::List, std::move(results), origin);
}

bool Interpreter::beginIteration(const Value &iterable, NodeId site, Iteration &iteration,
                                 bool &partial, Value &failure) {
  partial = false;
  if (iterable.isSequence()) {
    iteration.sequence = iterable.sequence();
    iteration.items = &iteration.sequence->items;
    iteration.size = iteration.items->size();
    partial = iteration.sequence->partial;
    return true;
  }
  if (iterable.kind() == ValueKind::Range) {
    const RangeData &range = iterable.range();
    int64_t size = range.size();
    const size_t limit = context_.limits.maxListElements;
    if (static_cast<uint64_t>(size) > limit) {
      std::string text = iterable.str() + " has " + std::to_string(size) +
                         " elements, over the limit of " + std::to_string(limit);
      limitReached(text);
      failure = Value::unknown(text, iterable.origin());
      return false;
    }
    iteration.isRange = true;
    iteration.range = range;
    iteration.rangeOrigin = iterable.origin();
    iteration.size = static_cast<size_t>(size);
    return true;
  }
  if (!iterate(iterable, site, iteration.owned, partial, failure)) return false;
  iteration.items = &iteration.owned;
  iteration.size = iteration.owned.size();
  return true;
}

bool Interpreter::iterate(const Value &iterable, NodeId site, std::vector<Value> &items,
                          bool &partial, Value &failure) {
  const size_t limit = context_.limits.maxListElements;
  partial = false;
  switch (iterable.kind()) {
  case ValueKind::List:
  case ValueKind::Tuple:
  case ValueKind::Set:
    items = iterable.sequence()->items;
    partial = iterable.sequence()->partial;
    return true;
  case ValueKind::Dict:
    items.clear();
    for (const auto &[key, value] : iterable.dict()->entries) items.push_back(key);
    partial = iterable.dict()->partial;
    return true;
  case ValueKind::String:
    items.clear();
    for (char c : iterable.text()) items.push_back(Value::ofString(std::string(1, c), iterable.origin()));
    return true;
  case ValueKind::Range: {
    const RangeData &range = iterable.range();
    int64_t size = range.size();
    if (static_cast<uint64_t>(size) > limit) {
      std::string text = iterable.str() + " has " + std::to_string(size) +
                         " elements, over the limit of " + std::to_string(limit);
      limitReached(text);
      failure = Value::unknown(text, iterable.origin());
      return false;
    }
    items.clear();
    items.reserve(static_cast<size_t>(size));
    for (int64_t i = 0; i < size; ++i) items.push_back(Value::ofInt(range.at(i), iterable.origin()));
    return true;
  }
  case ValueKind::Class:
    if (iterable.object()->isEnum) return enumMembers(iterable.object(), items, failure);
    break;
  case ValueKind::Unknown:
    failure = iterable;
    return false;
  default:
    break;
  }
  failure = Value::unknown(std::string(iterable.typeName()) + " is not iterable here",
                           iterable.origin());
  (void)site;
  return false;
}

// `for member in SomeEnum`: the members in definition order; a name whose
// value repeats an earlier member's is an alias, which iteration skips.
bool Interpreter::enumMembers(const ObjectPtr &cls, std::vector<Value> &members, Value &failure) {
  runClassBody(cls);
  if (cls->bodyFailed) {
    failure = cls->bodyFailure;
    return false;
  }
  members.clear();
  for (const auto &[name, attribute] : cls->attributes) {
    if (attribute.kind() != ValueKind::Instance || attribute.object()->cls != cls) continue;
    const Value *value = attribute.object()->find("value");
    bool alias = false;
    for (const Value &earlier : members) {
      std::optional<bool> same = valuesEqual(*earlier.object()->find("value"), *value);
      if (!same) {
        failure = Value::unknown("the members of enum `" + cls->name + "` are not known", attribute.origin());
        return false;
      }
      alias = alias || *same;
    }
    if (!alias) members.push_back(attribute);
  }
  return true;
}

namespace {

Origin derivedOrigin(const Origin &expression, const Value &left, const Value &right) {
  // The literal to change is the operand that came from elsewhere (a loop
  // variable bound to a list element); otherwise the expression itself.
  for (const Value *operand : {&left, &right}) {
    const Origin &o = operand->origin();
    if (!o.valid()) continue;
    if (o.module != expression.module || o.startByte < expression.startByte ||
        o.endByte > expression.endByte)
      return o;
  }
  return expression;
}

} // namespace

Value Interpreter::evaluateBinary(NodeId node, Frame &frame) {
  const SyntaxTree &tree = frame.module->tree();
  NodeId op = tree.child(node, Field::Operator);
  Value left = evaluate(tree.child(node, Field::Left), frame);
  Value right = evaluate(tree.child(node, Field::Right), frame);
  if (op == kNoNode) return Value::unknown("malformed operator", originOf(*frame.module, node));
  Value result = binaryOperation(tree.kind(op), left, right, node, frame);
  if (result.isKnown() && (result.isNumber() || result.isString()))
    result.setOrigin(derivedOrigin(originOf(*frame.module, node), left, right));
  return result;
}

Value Interpreter::binaryOperation(NodeKind op, const Value &left, const Value &right,
                                   NodeId site, Frame &frame) {
  Origin origin = originOf(*frame.module, site);
  if (left.isUnknown()) return left;
  if (right.isUnknown()) return right;
  auto overflow = [&] { return Value::unknown("integer overflow", origin); };
  const size_t limit = context_.limits.maxListElements;

  bool leftInt = left.isInt() || left.isBool();
  bool rightInt = right.isInt() || right.isBool();
  if (leftInt && rightInt) {
    int64_t a = left.asInt(), b = right.asInt();
    std::optional<int64_t> r;
    switch (op) {
    case NodeKind::OpPlus: r = checkedAdd(a, b); break;
    case NodeKind::OpMinus: r = checkedSub(a, b); break;
    case NodeKind::OpStar: r = checkedMul(a, b); break;
    case NodeKind::OpDoubleSlash:
      if (b == 0) return Value::unknown("division by zero", origin);
      if (a == INT64_MIN && b == -1) return overflow();
      return Value::ofInt(floorDivide(a, b), origin);
    case NodeKind::OpPercent:
      if (b == 0) return Value::unknown("modulo by zero", origin);
      if (b == -1) return Value::ofInt(0, origin);
      return Value::ofInt(floorModulo(a, b), origin);
    case NodeKind::OpSlash:
      if (b == 0) return Value::unknown("division by zero", origin);
      return Value::ofFloat(static_cast<double>(a) / static_cast<double>(b), origin);
    case NodeKind::OpPower:
      if (b < 0) return Value::ofFloat(std::pow(static_cast<double>(a), static_cast<double>(b)), origin);
      r = checkedPow(a, b);
      break;
    case NodeKind::OpShiftLeft:
      if (b < 0) return Value::unknown("negative shift count", origin);
      if (b >= 63 || (a != 0 && std::llabs(a) > (INT64_MAX >> b))) return overflow();
      return Value::ofInt(a * (int64_t(1) << b), origin);
    case NodeKind::OpShiftRight:
      if (b < 0) return Value::unknown("negative shift count", origin);
      return Value::ofInt(b >= 63 ? (a < 0 ? -1 : 0) : (a >> b), origin);
    case NodeKind::OpAmpersand:
      if (left.isBool() && right.isBool()) return Value::ofBool(left.asBool() && right.asBool(), origin);
      return Value::ofInt(a & b, origin);
    case NodeKind::OpPipe:
      if (left.isBool() && right.isBool()) return Value::ofBool(left.asBool() || right.asBool(), origin);
      return Value::ofInt(a | b, origin);
    case NodeKind::OpCaret:
      if (left.isBool() && right.isBool()) return Value::ofBool(left.asBool() != right.asBool(), origin);
      return Value::ofInt(a ^ b, origin);
    default:
      return Value::unknown("operator not evaluated on integers", origin);
    }
    if (!r) return overflow();
    return Value::ofInt(*r, origin);
  }
  if (left.isNumber() && right.isNumber()) {
    double a = left.asFloat(), b = right.asFloat();
    switch (op) {
    case NodeKind::OpPlus: return Value::ofFloat(a + b, origin);
    case NodeKind::OpMinus: return Value::ofFloat(a - b, origin);
    case NodeKind::OpStar: return Value::ofFloat(a * b, origin);
    case NodeKind::OpSlash:
      if (b == 0) return Value::unknown("division by zero", origin);
      return Value::ofFloat(a / b, origin);
    case NodeKind::OpDoubleSlash:
      if (b == 0) return Value::unknown("division by zero", origin);
      return Value::ofFloat(std::floor(a / b), origin);
    case NodeKind::OpPercent: {
      if (b == 0) return Value::unknown("modulo by zero", origin);
      double m = std::fmod(a, b);
      if (m != 0 && ((m < 0) != (b < 0))) m += b;
      return Value::ofFloat(m, origin);
    }
    case NodeKind::OpPower: return Value::ofFloat(std::pow(a, b), origin);
    default: return Value::unknown("operator not evaluated on floats", origin);
    }
  }
  if (left.isString() && right.isString() && op == NodeKind::OpPlus) {
    if (left.text().size() + right.text().size() > limit * 16) {
      std::string text = "string concatenation at " + lineText(*frame.module, site) + " exceeds " +
                         std::to_string(limit * 16) + " characters";
      limitReached(text);
      return Value::unknown(text, origin);
    }
    return Value::ofString(left.text() + right.text(), origin);
  }
  auto repeat = [&](const Value &sequenceValue, int64_t times) -> Value {
    if (times < 0) times = 0;
    // Sizes are compared by division (size * times can overflow), and an empty
    // operand gives an empty result without looping `times` times.
    const uint64_t size = sequenceValue.isString() ? sequenceValue.text().size()
                                                   : sequenceValue.sequence()->items.size();
    if (size == 0) times = 0;
    if (sequenceValue.isString()) {
      if (size != 0 && static_cast<uint64_t>(times) > limit * 16 / size) {
        std::string text = "string repetition at " + lineText(*frame.module, site) + " exceeds " +
                           std::to_string(limit * 16) + " characters";
        limitReached(text);
        return Value::unknown(text, origin);
      }
      std::string out;
      for (int64_t i = 0; i < times; ++i) out += sequenceValue.text();
      return Value::ofString(std::move(out), origin);
    }
    const Sequence &source = *sequenceValue.sequence();
    if (size != 0 && static_cast<uint64_t>(times) > limit / size) {
      std::string text = "list repetition at " + lineText(*frame.module, site) + " gives " +
                         std::to_string(size) + " x " + std::to_string(times) +
                         " elements, over the limit of " +
                         std::to_string(limit);
      limitReached(text);
      return Value::unknown(text, origin);
    }
    auto out = std::make_shared<Sequence>();
    out->partial = source.partial;
    out->partialReason = source.partialReason;
    for (int64_t i = 0; i < times; ++i)
      out->items.insert(out->items.end(), source.items.begin(), source.items.end());
    return Value::ofSequence(sequenceValue.kind(), std::move(out), origin);
  };
  if (op == NodeKind::OpStar) {
    bool leftRepeatable = left.isString() || left.kind() == ValueKind::List || left.kind() == ValueKind::Tuple;
    bool rightRepeatable = right.isString() || right.kind() == ValueKind::List || right.kind() == ValueKind::Tuple;
    if (leftRepeatable && rightInt) return repeat(left, right.asInt());
    if (rightRepeatable && leftInt) return repeat(right, left.asInt());
  }
  if (op == NodeKind::OpPlus && left.isSequence() && left.kind() == right.kind() &&
      left.kind() != ValueKind::Set) {
    const Sequence &a = *left.sequence();
    const Sequence &b = *right.sequence();
    if (a.items.size() + b.items.size() > limit) {
      std::string text = "concatenation at " + lineText(*frame.module, site) +
                         " exceeds the limit of " + std::to_string(limit) + " elements";
      limitReached(text);
      return Value::unknown(text, origin);
    }
    auto out = std::make_shared<Sequence>();
    out->items = a.items;
    out->items.insert(out->items.end(), b.items.begin(), b.items.end());
    out->partial = a.partial || b.partial;
    out->partialReason = a.partial ? a.partialReason : b.partialReason;
    return Value::ofSequence(left.kind(), std::move(out), origin);
  }
  if (left.kind() == ValueKind::Set && right.kind() == ValueKind::Set) {
    const Sequence &a = *left.sequence();
    const Sequence &b = *right.sequence();
    if (a.partial || b.partial) return Value::unknown("set not fully known", origin);
    auto contains = [](const Sequence &s, const Value &v) -> std::optional<bool> {
      for (const Value &item : s.items) {
        std::optional<bool> equal = valuesEqual(item, v);
        if (!equal) return std::nullopt;
        if (*equal) return true;
      }
      return false;
    };
    auto out = std::make_shared<Sequence>();
    bool ok = true;
    auto keepIf = [&](const Sequence &from, const Sequence &other, bool wantIn) {
      for (const Value &item : from.items) {
        std::optional<bool> in = contains(other, item);
        if (!in) { ok = false; return; }
        if (*in == wantIn) out->items.push_back(item);
      }
    };
    switch (op) {
    case NodeKind::OpPipe: out->items = a.items; keepIf(b, a, false); break;
    case NodeKind::OpAmpersand: keepIf(a, b, true); break;
    case NodeKind::OpMinus: keepIf(a, b, false); break;
    case NodeKind::OpCaret: keepIf(a, b, false); keepIf(b, a, false); break;
    default: return Value::unknown("operator not evaluated on sets", origin);
    }
    if (!ok) return Value::unknown("set element comparison not known", origin);
    return Value::ofSequence(ValueKind::Set, std::move(out), origin);
  }
  if (left.isDict() && right.isDict() && op == NodeKind::OpPipe) {
    auto out = std::make_shared<DictData>(*left.dict());
    for (const auto &[key, value] : right.dict()->entries) out->set(key, value);
    out->partial = left.dict()->partial || right.dict()->partial;
    return Value::ofDict(std::move(out), origin);
  }
  if (left.isString() && op == NodeKind::OpPercent)
    return Value::unknown("%-formatting is not evaluated", origin);
  return Value::unknown(std::string("operator not evaluated on ") + left.typeName() + " and " +
                            right.typeName(),
                        origin);
}

namespace {

// -1, 0, 1, or nullopt when the values do not order.
std::optional<int> orderValues(const Value &a, const Value &b) {
  if (a.isNumber() && b.isNumber()) {
    if (a.isFloat() || b.isFloat()) {
      double x = a.asFloat(), y = b.asFloat();
      return x < y ? -1 : (x > y ? 1 : 0);
    }
    int64_t x = a.asInt(), y = b.asInt();
    return x < y ? -1 : (x > y ? 1 : 0);
  }
  if (a.isString() && b.isString()) {
    int c = a.text().compare(b.text());
    return c < 0 ? -1 : (c > 0 ? 1 : 0);
  }
  if ((a.kind() == ValueKind::Tuple || a.kind() == ValueKind::List) && a.kind() == b.kind()) {
    const Sequence &x = *a.sequence();
    const Sequence &y = *b.sequence();
    if (x.partial || y.partial) return std::nullopt;
    size_t n = std::min(x.items.size(), y.items.size());
    for (size_t i = 0; i < n; ++i) {
      std::optional<bool> equal = valuesEqual(x.items[i], y.items[i]);
      if (!equal) return std::nullopt;
      if (*equal) continue;
      return orderValues(x.items[i], y.items[i]);
    }
    return x.items.size() < y.items.size() ? -1 : (x.items.size() > y.items.size() ? 1 : 0);
  }
  return std::nullopt;
}

} // namespace

Value Interpreter::compare(NodeKind op, const Value &left, const Value &right, NodeId site,
                           Frame &frame) {
  Origin origin = originOf(*frame.module, site);
  switch (op) {
  case NodeKind::OpEqual:
  case NodeKind::OpNotEqual: {
    if (left.isUnknown()) return left;
    if (right.isUnknown()) return right;
    std::optional<bool> equal = valuesEqual(left, right);
    if (!equal) return Value::unknown("equality of " + left.str() + " and " + right.str() +
                                          " is not known",
                                      origin);
    return Value::ofBool(op == NodeKind::OpEqual ? *equal : !*equal, origin);
  }
  case NodeKind::OpIs:
  case NodeKind::OpIsNot: {
    bool wantSame = op == NodeKind::OpIs;
    if (left.isNone() || right.isNone()) {
      const Value &other = left.isNone() ? right : left;
      if (other.isUnknown()) return other;
      return Value::ofBool(other.isNone() == wantSame, origin);
    }
    if (left.isBool() && right.isBool())
      return Value::ofBool((left.asBool() == right.asBool()) == wantSame, origin);
    if (left.isUnknown()) return left;
    if (right.isUnknown()) return right;
    if ((left.isExternal() && right.isExternal()) || (left.kind() == ValueKind::Kernel && right.kind() == ValueKind::Kernel))
      return Value::ofBool((left.text() == right.text()) == wantSame, origin);
    const auto isObject = [](const Value &v) { return v.kind() == ValueKind::Class || v.kind() == ValueKind::Instance; };
    if (isObject(left) && isObject(right)) return Value::ofBool((left.object() == right.object()) == wantSame, origin);
    return Value::unknown("identity comparison is not evaluated", origin);
  }
  case NodeKind::OpIn:
  case NodeKind::OpNotIn: {
    bool wantIn = op == NodeKind::OpIn;
    if (right.isExternal() && right.text() == "os.environ") {
      std::string variable = left.isString() ? left.text() : left.str();
      if (declaredEnvironment(variable)) return Value::ofBool(wantIn, origin);
      note("environment variable `" + variable + "` is not read at lint time: taken as unset (" +
           lineText(*frame.module, site) + ")", *frame.module, site);
      return Value::ofBool(!wantIn, origin);
    }
    if (left.isUnknown()) return left;
    if (right.isUnknown()) return right;
    std::optional<bool> found;
    if (right.isString()) {
      if (!left.isString()) return Value::unknown("`in` on a string needs a string", origin);
      found = right.text().find(left.text()) != std::string::npos;
    } else if (right.kind() == ValueKind::Range) {
      if (!left.isInt()) return Value::ofBool(!wantIn, origin);
      const RangeData &r = right.range();
      int64_t v = left.asInt();
      bool inside = r.step > 0 ? (v >= r.start && v < r.stop) : (v <= r.start && v > r.stop);
      found = inside && floorModulo(v - r.start, r.step) == 0;
    } else if (right.isSequence() || right.isDict()) {
      bool partial = false;
      std::vector<Value> items;
      if (right.isSequence()) {
        items = right.sequence()->items;
        partial = right.sequence()->partial;
      } else {
        for (const auto &[key, value] : right.dict()->entries) items.push_back(key);
        partial = right.dict()->partial;
      }
      found = false;
      for (const Value &item : items) {
        std::optional<bool> equal = valuesEqual(left, item);
        if (!equal) {
          found = std::nullopt;
          break;
        }
        if (*equal) {
          found = true;
          break;
        }
      }
      if (found && !*found && partial) found = std::nullopt;
    } else {
      return Value::unknown(std::string("`in` on ") + right.typeName() + " is not evaluated",
                            origin);
    }
    if (!found) return Value::unknown("membership is not known", origin);
    return Value::ofBool(*found == wantIn, origin);
  }
  default: {
    if (left.isUnknown()) return left;
    if (right.isUnknown()) return right;
    std::optional<int> order = orderValues(left, right);
    if (!order)
      return Value::unknown(std::string("cannot order ") + left.typeName() + " and " +
                                right.typeName(),
                            origin);
    bool result = false;
    switch (op) {
    case NodeKind::OpLess: result = *order < 0; break;
    case NodeKind::OpLessEqual: result = *order <= 0; break;
    case NodeKind::OpGreater: result = *order > 0; break;
    case NodeKind::OpGreaterEqual: result = *order >= 0; break;
    default: return Value::unknown("comparison not evaluated", origin);
    }
    return Value::ofBool(result, origin);
  }
  }
}

Value Interpreter::evaluateComparison(NodeId node, Frame &frame) {
  const SyntaxTree &tree = frame.module->tree();
  // operand (op operand)*; a < b < c means a < b and b < c.
  // operand (operator operand)*, walked in place.
  NodeId first = tree.firstChild(node);
  while (first != kNoNode && tree.kind(first) == NodeKind::Comment) first = tree.nextSibling(first);
  if (first == kNoNode || tree.node(first).field == Field::Operators)
    return Value::unknown("malformed comparison", originOf(*frame.module, node));
  Value left = evaluate(first, frame);
  Value result = Value::ofBool(true, originOf(*frame.module, node));
  NodeKind pending = NodeKind::Other;
  for (NodeId child = tree.nextSibling(first); child != kNoNode; child = tree.nextSibling(child)) {
    NodeKind kind = tree.kind(child);
    if (kind == NodeKind::Comment) continue;
    if (tree.node(child).field == Field::Operators) {
      pending = kind;
      continue;
    }
    if (pending == NodeKind::Other) return Value::unknown("malformed comparison", originOf(*frame.module, node));
    Value right = evaluate(child, frame);
    result = compare(pending, left, right, node, frame);
    pending = NodeKind::Other;
    if (result.isUnknown()) return result;
    if (!result.asBool()) return result;
    left = std::move(right);
  }
  return result;
}

Value Interpreter::evaluateBoolean(NodeId node, Frame &frame) {
  const SyntaxTree &tree = frame.module->tree();
  NodeId op = tree.child(node, Field::Operator);
  Value left = evaluate(tree.child(node, Field::Left), frame);
  std::optional<bool> truth = left.truthiness();
  if (!truth) {
    if (left.isUnknown()) return left;
    return Value::unknown("truth value not known", originOf(*frame.module, node));
  }
  bool isAnd = op != kNoNode && tree.kind(op) == NodeKind::OpAnd;
  if (isAnd ? !*truth : *truth) return left;
  return evaluate(tree.child(node, Field::Right), frame);
}

Value Interpreter::evaluateUnary(NodeId node, Frame &frame) {
  const SyntaxTree &tree = frame.module->tree();
  NodeId op = tree.child(node, Field::Operator);
  Value argument = evaluate(tree.child(node, Field::Argument), frame);
  Origin origin = originOf(*frame.module, node);
  if (argument.isUnknown()) return argument;
  NodeKind kind = op != kNoNode ? tree.kind(op) : NodeKind::Other;
  // A negative literal keeps the span of the whole `-64`.
  Origin kept = derivedOrigin(origin, argument, argument);
  if (argument.isInt() || argument.isBool()) {
    int64_t v = argument.asInt();
    if (kind == NodeKind::OpMinus) {
      if (v == INT64_MIN) return Value::unknown("integer overflow", origin);
      return Value::ofInt(-v, kept);
    }
    if (kind == NodeKind::OpPlus) return Value::ofInt(v, kept);
    if (kind == NodeKind::OpTilde) return Value::ofInt(~v, kept);
  }
  if (argument.isFloat()) {
    if (kind == NodeKind::OpMinus) return Value::ofFloat(-argument.asFloat(), kept);
    if (kind == NodeKind::OpPlus) return argument.withOrigin(kept);
  }
  return Value::unknown(std::string("unary operator on ") + argument.typeName(), origin);
}

Value Interpreter::evaluateFString(NodeId node, Frame &frame) {
  const SyntaxTree &tree = frame.module->tree();
  Origin origin = originOf(*frame.module, node);
  if (tree.kind(node) == NodeKind::ConcatenatedString) {
    std::string out;
    for (NodeId part : tree.children(node)) {
      if (tree.kind(part) != NodeKind::String) continue;
      Value piece = evaluateFString(part, frame);
      if (!piece.isString()) return piece;
      out += piece.text();
    }
    return Value::ofString(std::move(out), origin);
  }
  std::string out;
  for (NodeId part : tree.children(node)) {
    NodeKind kind = tree.kind(part);
    if (kind == NodeKind::StringContent) {
      for (NodeId inner : tree.children(part))
        if (tree.kind(inner) == NodeKind::EscapeSequence)
          return Value::unknown("escape sequence in f-string", origin);
      out += tree.text(part);
    } else if (kind == NodeKind::EscapeSequence) {
      return Value::unknown("escape sequence in f-string", origin);
    } else if (kind == NodeKind::Interpolation) {
      NodeId expression = kNoNode;
      int named = 0;
      for (NodeId inner : tree.children(part)) {
        if (tree.kind(inner) == NodeKind::Comment) continue;
        ++named;
        if (tree.node(inner).field != Field::None || expression == kNoNode) {
          if (expression == kNoNode) expression = inner;
        }
      }
      if (named != 1) return Value::unknown("formatted f-string field is not evaluated", origin);
      Value value = evaluate(expression, frame);
      std::optional<std::string> text = Builtins::pythonStr(value);
      if (!text)
        return Value::unknown(value.isUnknown() ? value.unknownReason()
                                                : "f-string field is not evaluated",
                              origin);
      out += *text;
    }
  }
  return Value::ofString(std::move(out), origin);
}

// ---- statements ------------------------------------------------------------

ExecResult Interpreter::execBlock(NodeId block, Frame &frame) {
  const SyntaxTree &tree = frame.module->tree();
  for (NodeId statement : tree.children(block)) {
    ExecResult result = execStatement(statement, frame);
    if (result.flow != Flow::Normal) return result;
  }
  return {};
}

namespace {

bool escapes(const SyntaxTree &tree, NodeId node) {
  NodeKind kind = tree.kind(node);
  if (isStatementEscape(kind)) return true;
  if (kind == NodeKind::FunctionDefinition || kind == NodeKind::ClassDefinition ||
      kind == NodeKind::Lambda || kind == NodeKind::DecoratedDefinition)
    return false;
  for (NodeId child : tree.children(node))
    if (escapes(tree, child)) return true;
  return false;
}

} // namespace

void Interpreter::taintStatement(NodeId statement, const std::string &reason, Frame &frame) {
  const SyntaxTree &tree = frame.module->tree();
  std::vector<std::string_view> names, mutated;
  collectBoundNames(tree, statement, names, &mutated);
  std::sort(names.begin(), names.end());
  std::sort(mutated.begin(), mutated.end());
  for (size_t i = 0; i < names.size();) {
    std::string_view name = names[i];
    size_t count = 0;
    while (i < names.size() && names[i] == name) ++i, ++count;
    size_t mutatedCount = static_cast<size_t>(
        std::upper_bound(mutated.begin(), mutated.end(), name) -
        std::lower_bound(mutated.begin(), mutated.end(), name));
    bool assigned = count > mutatedCount;
    if (!assigned) {
      // Changed in place only: what it held is still there, maybe more.
      Value *current = frame.scope ? frame.scope->find(name) : nullptr;
      Value value;
      if (current) {
        value = *current;
      } else if (frame.moduleWrites && frame.moduleWrites->count(name)) {
        value = frame.moduleWrites->find(name)->second;
      } else {
        bool found = false;
        value = moduleGlobal(*frame.module, name, frame.module->readPosition_, found);
      }
      if (value.isSequence()) {
        auto copy = std::make_shared<Sequence>(*value.sequence());
        copy->partial = true;
        copy->partialReason = reason;
        setName(name, Value::ofSequence(value.kind(), std::move(copy), value.origin()), frame);
        continue;
      }
      if (value.isDict()) {
        auto copy = std::make_shared<DictData>(*value.dict());
        copy->partial = true;
        copy->partialReason = reason;
        setName(name, Value::ofDict(std::move(copy), value.origin()), frame);
        continue;
      }
      // `self.x = ...`: the object stays, the attributes written become unknown.
      if (value.kind() == ValueKind::Instance || value.kind() == ValueKind::Class) continue;
    }
    setName(name, Value::unknown(reason), frame);
  }
  taintAttributes(statement, reason, frame);
}

// `self.x = ...` under a condition that is not decided: the attribute is
// unknown for the same reason (names are the caller's business).
void Interpreter::taintAttributes(NodeId node, const std::string &reason, Frame &frame) {
  const SyntaxTree &tree = frame.module->tree();
  for (NodeId child : tree.children(node)) {
    const NodeKind kind = tree.kind(child);
    if (kind == NodeKind::FunctionDefinition || kind == NodeKind::ClassDefinition ||
        kind == NodeKind::DecoratedDefinition || kind == NodeKind::Lambda)
      continue;
    if (kind == NodeKind::Assignment || kind == NodeKind::AugmentedAssignment) {
      const NodeId left = tree.child(child, Field::Left);
      if (left != kNoNode && tree.kind(left) == NodeKind::Attribute) {
        const NodeId object = tree.child(left, Field::Object), attribute = tree.child(left, Field::AttributeName);
        if (object != kNoNode && attribute != kNoNode && tree.kind(object) == NodeKind::Identifier) {
          const Value target = evaluate(object, frame);
          if (target.kind() == ValueKind::Instance || target.kind() == ValueKind::Class)
            setAttribute(target, tree.text(attribute), Value::unknown(reason));
        }
      }
    }
    taintAttributes(child, reason, frame);
  }
}

// The names a function's body declares `global` (not those of functions
// and classes nested in it).
void Interpreter::declareGlobals(const ModuleState &module, NodeId function, Scope &scope) {
  const SyntaxTree &tree = module.tree();
  const NodeId body = tree.child(function, Field::Body);
  if (body == kNoNode || tree.text(body).find("global") == std::string_view::npos) return;
  std::vector<NodeId> pending{body};
  while (!pending.empty()) {
    const NodeId node = pending.back();
    pending.pop_back();
    const NodeKind kind = tree.kind(node);
    if (kind == NodeKind::FunctionDefinition || kind == NodeKind::ClassDefinition || kind == NodeKind::Lambda ||
        kind == NodeKind::DecoratedDefinition)
      continue;
    if (kind == NodeKind::GlobalStatement) {
      for (NodeId name : tree.children(node))
        if (tree.kind(name) == NodeKind::Identifier) scope.globals.push_back(tree.text(name));
      continue;
    }
    for (NodeId child : tree.children(node)) pending.push_back(child);
  }
  if (!scope.globals.empty()) scope.globalsModule = &module;
}

void Interpreter::setName(std::string_view name, Value value, Frame &frame) {
  if (frame.scope && frame.scope->globalsModule &&
      std::find(frame.scope->globals.begin(), frame.scope->globals.end(), name) != frame.scope->globals.end()) {
    frame.scope->globalsModule->runtimeGlobals_[std::string(name)] = std::move(value);
    return;
  }
  VariableMap *map = frame.scope ? &frame.scope->variables : frame.moduleWrites;
  if (!map) return;
  auto found = map->find(name);
  if (found != map->end())
    found->second = std::move(value);
  else
    map->emplace(std::string(name), std::move(value));
}

bool Interpreter::assignTarget(NodeId target, const Value &value, Frame &frame) {
  const SyntaxTree &tree = frame.module->tree();
  switch (tree.kind(target)) {
  case NodeKind::Identifier:
    setName(tree.text(target), value, frame);
    return true;
  case NodeKind::ParenthesizedExpression: {
    NodeId inner = tree.unparenthesize(target);
    return inner != kNoNode && assignTarget(inner, value, frame);
  }
  case NodeKind::PatternList:
  case NodeKind::TuplePattern:
  case NodeKind::ListPattern:
  case NodeKind::Tuple:
  case NodeKind::List:
  case NodeKind::ExpressionList: {
    llvm::SmallVector<NodeId, 4> targets; // per iteration of a loop: kept off the heap
    for (NodeId child : tree.children(target))
      if (tree.kind(child) != NodeKind::Comment && !SyntaxTree::isOperatorToken(tree.kind(child)))
        targets.push_back(child);
    std::vector<Value> items;
    bool partial = false;
    Value failure;
    bool known = iterate(value, target, items, partial, failure) && !partial;
    size_t starIndex = targets.size();
    for (size_t i = 0; i < targets.size(); ++i) {
      NodeKind kind = tree.kind(targets[i]);
      if (kind == NodeKind::ListSplatPattern || kind == NodeKind::ListSplat) starIndex = i;
    }
    bool fits = known && (starIndex == targets.size() ? items.size() == targets.size()
                                                      : items.size() + 1 >= targets.size());
    if (!fits) {
      std::string reason = value.isUnknown() ? value.unknownReason()
                                             : "cannot unpack " + value.str() + " at " +
                                                   lineText(*frame.module, target);
      for (NodeId t : targets) {
        NodeId inner = tree.kind(t) == NodeKind::ListSplatPattern || tree.kind(t) == NodeKind::ListSplat
                           ? tree.firstChild(t)
                           : t;
        if (inner != kNoNode) assignTarget(inner, Value::unknown(reason), frame);
      }
      return value.isUnknown();
    }
    size_t itemIndex = 0;
    for (size_t i = 0; i < targets.size(); ++i) {
      if (i == starIndex) {
        size_t count = items.size() - (targets.size() - 1);
        std::vector<Value> rest(items.begin() + static_cast<std::ptrdiff_t>(itemIndex),
                                items.begin() + static_cast<std::ptrdiff_t>(itemIndex + count));
        itemIndex += count;
        NodeId inner = tree.firstChild(targets[i]);
        if (inner != kNoNode) assignTarget(inner, Value::ofList(std::move(rest)), frame);
        continue;
      }
      assignTarget(targets[i], items[itemIndex++], frame);
    }
    return true;
  }
  case NodeKind::Subscript: {
    Value container = evaluate(tree.child(target, Field::Value), frame);
    NodeId indexNode = tree.child(target, Field::SubscriptIndex);
    Value index = evaluate(indexNode, frame);
    if (container.isDict()) {
      if (index.isUnknown()) {
        container.dict()->partial = true;
        container.dict()->partialReason = index.unknownReason();
      } else {
        container.dict()->set(index, value);
      }
    } else if (container.kind() == ValueKind::List && index.isInt()) {
      auto &items = container.sequence()->items;
      int64_t position = index.asInt();
      if (position < 0) position += static_cast<int64_t>(items.size());
      if (position >= 0 && position < static_cast<int64_t>(items.size()))
        items[static_cast<size_t>(position)] = value;
    }
    return true;
  }
  case NodeKind::Attribute: {
    Value object = evaluate(tree.child(target, Field::Object), frame);
    NodeId attribute = tree.child(target, Field::AttributeName);
    if ((object.kind() == ValueKind::Instance || object.kind() == ValueKind::Class) && attribute != kNoNode) {
      setAttribute(object, tree.text(attribute), value);
      return true;
    }
    if (object.isConfig() && attribute != kNoNode) {
      ConfigData &config = *object.config();
      std::string_view name = tree.text(attribute);
      if (name == "num_warps") config.numWarps = value;
      else if (name == "num_stages") config.numStages = value;
      else if (name == "num_ctas") config.numCtas = value;
      else if (name == "maxnreg") config.maxnreg = value;
      else if (name == "pre_hook") config.hasPreHook = !value.isNone();
    }
    return true;
  }
  default:
    return true;
  }
}

ExecResult Interpreter::execStatement(NodeId statement, Frame &frame) {
  const ModuleState &module = *frame.module;
  const SyntaxTree &tree = module.tree();
  if (!step()) return {Flow::Abort, Value::unknown("evaluation time limit reached")};
  auto abortWith = [&](std::string reason) { return ExecResult{Flow::Abort, Value::unknown(std::move(reason))}; };

  switch (tree.kind(statement)) {
  case NodeKind::Comment:
  case NodeKind::PassStatement:
  case NodeKind::AssertStatement:
  case NodeKind::GlobalStatement:
  case NodeKind::FutureImportStatement:
    return {};
  case NodeKind::ExpressionStatement: {
    for (NodeId child : tree.children(statement)) {
      NodeKind kind = tree.kind(child);
      if (kind == NodeKind::Comment || kind == NodeKind::String) continue;
      if (kind == NodeKind::Assignment) {
        // a = b = value: the innermost right side is the value.
        std::vector<NodeId> targets;
        NodeId cursor = child;
        while (cursor != kNoNode && tree.kind(cursor) == NodeKind::Assignment) {
          targets.push_back(tree.child(cursor, Field::Left));
          cursor = tree.child(cursor, Field::Right);
        }
        if (cursor == kNoNode) continue; // annotation only
        Value value = evaluate(cursor, frame);
        for (NodeId target : targets)
          if (target != kNoNode) assignTarget(target, value, frame);
        continue;
      }
      if (kind == NodeKind::AugmentedAssignment) {
        NodeId left = tree.child(child, Field::Left);
        NodeId op = tree.child(child, Field::Operator);
        Value right = evaluate(tree.child(child, Field::Right), frame);
        Value current = evaluate(left, frame);
        std::string_view opText = op != kNoNode ? tree.text(op) : "";
        if (current.kind() == ValueKind::List && opText == "+=") {
          // In place, as Python does for lists.
          std::vector<Value> items;
          bool partial = false;
          Value failure;
          if (iterate(right, child, items, partial, failure)) {
            auto &target = current.sequence()->items;
            target.insert(target.end(), items.begin(), items.end());
            if (partial) {
              current.sequence()->partial = true;
              current.sequence()->partialReason = right.sequence() ? right.sequence()->partialReason : "";
            }
            // Rebinding keeps module-level copies in the statement's writes.
            assignTarget(left, current, frame);
          } else {
            assignTarget(left, failure, frame);
          }
          continue;
        }
        static const std::pair<std::string_view, NodeKind> operators[] = {
            {"+=", NodeKind::OpPlus},        {"-=", NodeKind::OpMinus},
            {"*=", NodeKind::OpStar},        {"/=", NodeKind::OpSlash},
            {"//=", NodeKind::OpDoubleSlash}, {"%=", NodeKind::OpPercent},
            {"**=", NodeKind::OpPower},      {"<<=", NodeKind::OpShiftLeft},
            {">>=", NodeKind::OpShiftRight}, {"&=", NodeKind::OpAmpersand},
            {"|=", NodeKind::OpPipe},        {"^=", NodeKind::OpCaret}};
        NodeKind binary = NodeKind::Other;
        for (const auto &[text, kindForText] : operators)
          if (text == opText) binary = kindForText;
        Value result = binary == NodeKind::Other
                           ? Value::unknown("augmented operator not evaluated")
                           : binaryOperation(binary, current, right, child, frame);
        if (result.isNumber()) result.setOrigin(derivedOrigin(originOf(module, child), current, right));
        assignTarget(left, result, frame);
        continue;
      }
      if (kind == NodeKind::Yield) {
        NodeId argument = tree.firstChild(child);
        while (argument != kNoNode && tree.kind(argument) == NodeKind::Comment)
          argument = tree.nextSibling(argument);
        if (!frame.yields) continue;
        Value value = argument != kNoNode ? evaluate(argument, frame) : Value::none();
        if (tree.text(child).substr(0, 10) == "yield from") {
          std::vector<Value> items;
          bool partial = false;
          Value failure;
          if (!iterate(value, child, items, partial, failure) || partial)
            return abortWith("`yield from` over a value that is not fully known");
          for (Value &item : items) frame.yields->push_back(std::move(item));
        } else {
          frame.yields->push_back(std::move(value));
        }
        continue;
      }
      evaluate(child, frame);
    }
    return {};
  }
  case NodeKind::ReturnStatement: {
    NodeId value = tree.firstChild(statement);
    while (value != kNoNode && tree.kind(value) == NodeKind::Comment) value = tree.nextSibling(value);
    return {Flow::Return, value != kNoNode ? evaluate(value, frame) : Value::none()};
  }
  case NodeKind::IfStatement: return execIf(statement, frame);
  case NodeKind::ForStatement: return execFor(statement, frame);
  case NodeKind::WhileStatement: return execWhile(statement, frame);
  case NodeKind::TryStatement: return execTry(statement, frame);
  case NodeKind::WithStatement: {
    // `with open(path) as f:` binds f to what the item's expression gives
    // (a file object: its own __enter__ returns it).
    for (NodeId clause : tree.children(statement)) {
      if (tree.kind(clause) != NodeKind::Other) continue;
      for (NodeId item : tree.children(clause)) {
        const NodeId pattern = tree.child(item, Field::Value);
        if (pattern == kNoNode || tree.kind(pattern) != NodeKind::Other) continue;
        const NodeId alias = tree.child(pattern, Field::Alias);
        const NodeId expression = tree.firstChild(pattern);
        const NodeId target = alias != kNoNode ? tree.firstChild(alias) : kNoNode;
        if (expression == kNoNode || target == kNoNode || expression == alias) continue;
        assignTarget(target, evaluate(expression, frame), frame);
      }
    }
    NodeId body = tree.child(statement, Field::Body);
    if (body == kNoNode) body = tree.childOfKind(statement, NodeKind::Block);
    if (body == kNoNode) return {};
    return execBlock(body, frame);
  }
  case NodeKind::FunctionDefinition:
  case NodeKind::ClassDefinition: {
    NodeId name = tree.child(statement, Field::Name);
    if (name != kNoNode) setName(tree.text(name), definitionValue(module, statement, &frame), frame);
    return {};
  }
  case NodeKind::DecoratedDefinition: {
    NodeId definition = tree.child(statement, Field::Definition);
    if (definition == kNoNode) return {};
    NodeId name = tree.child(definition, Field::Name);
    if (name != kNoNode) setName(tree.text(name), definitionValue(module, definition, &frame), frame);
    return {};
  }
  case NodeKind::ImportStatement:
  case NodeKind::ImportFromStatement:
    if (std::string failure = foreignStackImportFailure(statement, frame); !failure.empty()) {
      raise("ModuleNotFoundError", failure, originOf(module, statement));
      return abortWith(failure);
    }
    if (std::string failure = importFallbacks_ > 0 ? missingImportFailure(statement, frame) : std::string();
        !failure.empty()) {
      raise("ModuleNotFoundError", failure, originOf(module, statement));
      return abortWith(failure);
    }
    execImport(statement, frame);
    return {};
  case NodeKind::BreakStatement: return {Flow::Break, Value::none()};
  case NodeKind::ContinueStatement: return {Flow::Continue, Value::none()};
  case NodeKind::RaiseStatement: {
    // `raise KeyError(...)`, `raise ValueError`: the class named, for an enclosing except.
    NodeId raised = tree.firstChild(statement);
    while (raised != kNoNode && tree.kind(raised) == NodeKind::Comment) raised = tree.nextSibling(raised);
    if (raised != kNoNode && tree.kind(raised) == NodeKind::Call) raised = tree.child(raised, Field::Function);
    std::string type = raised != kNoNode && tree.kind(raised) == NodeKind::Identifier ? std::string(tree.text(raised)) : "Exception";
    std::string text = "an exception is raised at " + lineText(module, statement);
    raise(type, text, originOf(module, statement));
    return abortWith(text);
  }
  case NodeKind::DeleteStatement: {
    for (NodeId child : tree.children(statement)) {
      if (tree.kind(child) != NodeKind::Identifier) continue;
      std::string name(tree.text(child));
      if (frame.scope) frame.scope->variables.erase(name);
      else if (frame.moduleWrites) (*frame.moduleWrites)[name] = Value::unknown("deleted");
    }
    return {};
  }
  default:
    taintStatement(statement, "the statement at " + lineText(module, statement) +
                                  " is not evaluated",
                   frame);
    return {};
  }
}

ExecResult Interpreter::execIf(NodeId statement, Frame &frame) {
  const ModuleState &module = *frame.module;
  const SyntaxTree &tree = module.tree();
  const std::vector<std::pair<NodeId, NodeId>> clauses = ifClauses(tree, statement);
  for (size_t i = 0; i < clauses.size(); ++i) {
    auto [condition, block] = clauses[i];
    if (condition == kNoNode) return block != kNoNode ? execBlock(block, frame) : ExecResult{};
    Value test = evaluate(condition, frame);
    std::optional<bool> truth = test.truthiness();
    if (!truth) {
      std::string reason = "the condition at " + lineText(module, condition) +
                           " could not be evaluated: " +
                           (test.isUnknown() ? test.unknownReason() : "truth value not known");
      if (frame.moduleWrites && !frame.scope) return execUndecidedModuleIf(statement, clauses, i, reason, frame);
      if (frame.scope)
        if (std::optional<ExecResult> done = execUndecidedAssignments(statement, clauses, i, reason, frame)) return *done;
      bool escape = false;
      for (size_t j = i; j < clauses.size(); ++j)
        if (clauses[j].second != kNoNode && escapes(tree, clauses[j].second)) escape = true;
      taintStatement(statement, reason, frame);
      if (escape) return {Flow::Abort, Value::unknown(reason)};
      return {};
    }
    if (*truth) return block != kNoNode ? execBlock(block, frame) : ExecResult{};
  }
  return {};
}

namespace {

// The same module or library object (what an import binds).
bool sameObject(const Value &a, const Value &b) {
  if (a.kind() != ValueKind::Module && a.kind() != ValueKind::External) return false;
  std::optional<bool> equal = valuesEqual(a, b);
  return equal && *equal;
}

} // namespace

// A module-level if whose condition btlint cannot decide (`if has_triton():`,
// `if torch_version_at_least(...)`): a name that only one branch defines
// exists only when that branch runs, and so does the code that reads it, so
// it is read from that branch. Names several branches bind, or that were
// bound before the if, stay unknown as in any undecided statement.
ExecResult Interpreter::execUndecidedModuleIf(NodeId statement,
                                              const std::vector<std::pair<NodeId, NodeId>> &clauses,
                                              size_t first, const std::string &reason, Frame &frame) {
  const ModuleState &module = *frame.module;
  const SyntaxTree &tree = module.tree();
  std::vector<VariableMap> branches(clauses.size() - first);
  std::vector<bool> completed(branches.size(), false);
  for (size_t i = first; i < clauses.size(); ++i) {
    if (clauses[i].second == kNoNode) continue;
    Frame branch = frame;
    branch.moduleWrites = &branches[i - first];
    completed[i - first] = execBlock(clauses[i].second, branch).flow == Flow::Normal;
  }
  taintStatement(statement, reason, frame);
  std::vector<std::string_view> names;
  collectBoundNames(tree, statement, names);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  const uint32_t start = tree.node(statement).startByte;
  std::string readFromBranch;
  for (std::string_view name : names) {
    Value *only = nullptr;
    size_t binders = 0;
    for (size_t i = 0; i < branches.size(); ++i) {
      if (!completed[i]) continue;
      auto found = branches[i].find(name);
      if (found != branches[i].end()) ++binders, only = &found->second;
    }
    if (binders == 0) continue;
    if (module.index().visibleBinding(name, start)) {
      // `import triton.tools.x` under the guard binds `triton` again, to the
      // same package: the earlier value holds.
      bool found = false;
      Value earlier = moduleGlobal(module, name, start, found);
      bool same = found;
      for (size_t i = 0; i < branches.size() && same; ++i) {
        auto bound = completed[i] ? branches[i].find(name) : branches[i].end();
        if (bound != branches[i].end()) same = sameObject(earlier, bound->second);
      }
      if (same) setName(name, earlier, frame);
      continue;
    }
    if (binders != 1) continue;
    setName(name, *only, frame);
    readFromBranch += (readFromBranch.empty() ? "`" : ", `") + std::string(name) + "`";
  }
  if (!readFromBranch.empty())
    note(reason + "; read from the only branch that defines them: " + readFromBranch, module, clauses[first].first);
  return {};
}

// An undecided `if` in a function whose arms only assign names (or raise):
// a name every arm that goes on binds to one value holds it after the if
// (`tile_t, tile_h = 6, 8` in each arm of a dispatch on the model's shape).
// Without an else, only a name unbound before the if: a path through no arm
// never reads it. Anything else in an arm: nullopt, and the caller taints.
std::optional<ExecResult> Interpreter::execUndecidedAssignments(
    NodeId statement, const std::vector<std::pair<NodeId, NodeId>> &clauses, size_t first,
    const std::string &reason, Frame &frame) {
  const SyntaxTree &tree = frame.module->tree();
  std::vector<std::string_view> names, mutated;
  collectBoundNames(tree, statement, names, &mutated);
  if (names.empty() || !mutated.empty()) return std::nullopt;
  const bool everyPathTakesAnArm = clauses.back().first == kNoNode;
  std::vector<std::shared_ptr<Scope>> arms;
  for (size_t i = first; i < clauses.size(); ++i) {
    const NodeId block = clauses[i].second;
    if (block == kNoNode) return std::nullopt;
    bool raises = false;
    for (NodeId child : tree.children(block)) {
      switch (tree.kind(child)) {
      case NodeKind::Comment:
      case NodeKind::PassStatement:
      case NodeKind::AssertStatement: continue;
      case NodeKind::RaiseStatement: raises = true; continue;
      case NodeKind::ExpressionStatement:
        for (NodeId part : tree.children(child))
          if (tree.kind(part) != NodeKind::Assignment && tree.kind(part) != NodeKind::Comment) return std::nullopt;
        continue;
      default: return std::nullopt;
      }
    }
    if (raises) continue;
    auto scope = std::make_shared<Scope>();
    scope->parent = frame.scope;
    Frame arm = frame;
    arm.scope = scope;
    if (execBlock(block, arm).flow != Flow::Normal) return std::nullopt;
    arms.push_back(std::move(scope));
  }
  if (arms.empty()) return std::nullopt;
  std::vector<std::pair<std::string_view, Value>> agreed;
  for (const auto &[name, value] : arms.front()->variables) {
    if (!everyPathTakesAnArm) {
      bool before = frame.scope->find(name) != nullptr;
      if (!before && frame.host) hostLookup(*frame.host, name, before);
      if (before) continue;
    }
    bool same = true;
    for (size_t a = 1; a < arms.size() && same; ++a) {
      auto found = arms[a]->variables.find(name);
      std::optional<bool> equal = found == arms[a]->variables.end() ? std::optional<bool>(false)
                                                                     : valuesEqual(value, found->second);
      same = equal && *equal;
    }
    if (same) agreed.emplace_back(name, value);
  }
  taintStatement(statement, reason, frame);
  for (auto &[name, value] : agreed) setName(name, value, frame);
  return ExecResult{};
}

ExecResult Interpreter::execFor(NodeId statement, Frame &frame) {
  const ModuleState &module = *frame.module;
  const SyntaxTree &tree = module.tree();
  NodeId left = tree.child(statement, Field::Left);
  NodeId right = tree.child(statement, Field::Right);
  NodeId body = tree.child(statement, Field::Body);
  NodeId elseClause = tree.childOfKind(statement, NodeKind::ElseClause);
  Value iterable = evaluate(right, frame);
  Iteration items;
  bool partial = false;
  Value failure;
  bool known = beginIteration(iterable, right, items, partial, failure);
  auto taint = [&](const std::string &reason) -> ExecResult {
    taintStatement(statement, reason, frame);
    if (body != kNoNode && escapes(tree, body)) return {Flow::Abort, Value::unknown(reason)};
    return {};
  };
  if (!known)
    return taint("the loop at " + lineText(module, statement) + " could not be evaluated: " +
                 failure.unknownReason());

  IterationFrame iteration;
  iteration.description = "the loop at " + lineText(module, statement);
  iteration.origin = originOf(module, statement);
  iteration.module = &module;
  iteration.callDepth = frame.callDepth;
  iterations_.push_back(std::move(iteration));
  bool broke = false;
  for (size_t position = 0; position < items.size; ++position) {
    Value item = items.at(position);
    if (timeUp_) {
      iterations_.pop_back();
      return {Flow::Abort, Value::unknown("evaluation time limit reached")};
    }
    assignTarget(left, item, frame);
    bindIterationTarget(module, left, item);
    ExecResult result = body != kNoNode ? execBlock(body, frame) : ExecResult{};
    if (result.flow == Flow::Break) {
      broke = true;
      break;
    }
    if (result.flow == Flow::Continue) continue;
    if (result.flow != Flow::Normal) {
      iterations_.pop_back();
      return result;
    }
  }
  iterations_.pop_back();
  if (partial)
    return taint("the loop at " + lineText(module, statement) +
                 " runs over a list that is not fully known");
  if (!broke && elseClause != kNoNode) {
    NodeId elseBody = tree.child(elseClause, Field::Body);
    if (elseBody != kNoNode) return execBlock(elseBody, frame);
  }
  return {};
}

ExecResult Interpreter::execWhile(NodeId statement, Frame &frame) {
  const ModuleState &module = *frame.module;
  const SyntaxTree &tree = module.tree();
  NodeId condition = tree.child(statement, Field::Condition);
  NodeId body = tree.child(statement, Field::Body);
  const size_t limit = context_.limits.maxListElements;
  for (size_t iteration = 0;; ++iteration) {
    std::string stopReason;
    if (iteration > limit) {
      stopReason = "the loop at " + lineText(module, statement) + " runs more than " +
                   std::to_string(limit) + " iterations";
      limitReached(stopReason);
    } else if (timeUp_) {
      stopReason = "evaluation time limit reached";
    }
    Value test;
    std::optional<bool> truth;
    if (stopReason.empty()) {
      test = evaluate(condition, frame);
      truth = test.truthiness();
      if (!truth)
        stopReason = "the loop condition at " + lineText(module, condition) +
                     " could not be evaluated: " +
                     (test.isUnknown() ? test.unknownReason() : "truth value not known");
    }
    if (!stopReason.empty()) {
      taintStatement(statement, stopReason, frame);
      if (iteration > limit || timeUp_ || (body != kNoNode && escapes(tree, body)))
        return {Flow::Abort, Value::unknown(stopReason)};
      return {};
    }
    if (!*truth) return {};
    ExecResult result = body != kNoNode ? execBlock(body, frame) : ExecResult{};
    if (result.flow == Flow::Break) return {};
    if (result.flow == Flow::Continue) continue;
    if (result.flow != Flow::Normal) return result;
  }
}

Value Interpreter::raise(std::string_view type, std::string reason, Origin origin) {
  if (raisedException_.empty()) raisedException_ = type; // the first one is where Python leaves the block
  return Value::unknown(std::move(reason), origin);
}

namespace {

// Whether `except <types>` catches the builtin exception `raised`.
bool exceptClauseCatches(const SyntaxTree &tree, NodeId clause, std::string_view raised) {
  NodeId value = tree.child(clause, Field::Value);
  if (value == kNoNode) return true; // a bare `except:`
  if (tree.kind(value) == NodeKind::Other) value = tree.firstChild(value); // `except E as e`
  value = tree.unparenthesize(value);
  std::vector<NodeId> types;
  if (value != kNoNode && tree.kind(value) == NodeKind::Tuple) {
    for (NodeId type : tree.children(value))
      if (python::SyntaxTree::isExpressionKind(tree.kind(type))) types.push_back(type);
  } else if (value != kNoNode) {
    types.push_back(value);
  }
  // What each exception btlint raises derives from.
  const bool lookup = raised == "KeyError" || raised == "IndexError";
  const bool import = raised == "ModuleNotFoundError";
  for (NodeId type : types) {
    std::string_view name = tree.text(type); // `KeyError`, `builtins.KeyError`
    if (size_t dot = name.rfind('.'); dot != std::string_view::npos) name = name.substr(dot + 1);
    if (name == raised || name == "Exception" || name == "BaseException" || (lookup && name == "LookupError") ||
        (import && name == "ImportError"))
      return true;
  }
  return false;
}

} // namespace

ExecResult Interpreter::execTry(NodeId statement, Frame &frame) {
  const SyntaxTree &tree = frame.module->tree();
  NodeId body = tree.child(statement, Field::Body);
  std::string outer = std::move(raisedException_);
  raisedException_.clear();
  bool catchesImport = false;
  for (NodeId child : tree.children(statement))
    catchesImport = catchesImport || (tree.kind(child) == NodeKind::ExceptClause &&
                                      exceptClauseCatches(tree, child, "ModuleNotFoundError"));
  if (catchesImport) ++importFallbacks_;
  ExecResult result = body != kNoNode ? execBlock(body, frame) : ExecResult{};
  if (catchesImport) --importFallbacks_;
  std::string raised = std::move(raisedException_);
  raisedException_ = std::move(outer);
  if (!raised.empty()) {
    // The body raised (a missing key, an index out of range, a `raise`):
    // Python leaves it there for the first except clause that catches it.
    NodeId handler = kNoNode;
    for (NodeId child : tree.children(statement)) {
      if (tree.kind(child) == NodeKind::ExceptClause && exceptClauseCatches(tree, child, raised)) {
        handler = child;
        break;
      }
    }
    if (handler == kNoNode) {
      if (raisedException_.empty()) raisedException_ = raised; // on to an enclosing try
    } else if (NodeId block = tree.childOfKind(handler, NodeKind::Block); block != kNoNode) {
      result = execBlock(block, frame);
      NodeId finallyClause = tree.childOfKind(statement, NodeKind::FinallyClause);
      NodeId finallyBody = finallyClause != kNoNode ? tree.childOfKind(finallyClause, NodeKind::Block) : kNoNode;
      if (finallyBody != kNoNode) {
        ExecResult finallyResult = execBlock(finallyBody, frame);
        if (finallyResult.flow != Flow::Normal) return finallyResult;
      }
      return result;
    }
  }
  if (result.flow == Flow::Normal) {
    NodeId elseClause = tree.childOfKind(statement, NodeKind::ElseClause);
    if (elseClause != kNoNode) {
      NodeId elseBody = tree.child(elseClause, Field::Body);
      if (elseBody != kNoNode) result = execBlock(elseBody, frame);
    }
  }
  NodeId finallyClause = tree.childOfKind(statement, NodeKind::FinallyClause);
  if (finallyClause != kNoNode) {
    NodeId finallyBody = tree.childOfKind(finallyClause, NodeKind::Block);
    if (finallyBody != kNoNode) {
      ExecResult finallyResult = execBlock(finallyBody, frame);
      if (finallyResult.flow != Flow::Normal) return finallyResult;
    }
  }
  return result;
}

// An import of a module only another vendor's software stack provides
// (`torch_npu`, `torch_mlu`): for an NVIDIA or AMD target it fails, as it does
// where that target's PyTorch is installed. Returns why, or empty.
namespace {

// The modules an import statement names: `from a.b import c` names a.b,
// `import a.b, d as e` names a.b and d.
std::vector<std::string> importedModules(const SyntaxTree &tree, NodeId statement) {
  std::vector<std::string> modules;
  if (tree.kind(statement) == NodeKind::ImportFromStatement) {
    modules.push_back(importSourceModule(tree, statement));
    return modules;
  }
  for (NodeId child : tree.children(statement)) {
    if (tree.node(child).field != Field::Name) continue;
    NodeId name = tree.kind(child) == NodeKind::AliasedImport ? tree.child(child, Field::Name) : child;
    if (name != kNoNode) modules.push_back(dottedNameText(tree, name));
  }
  return modules;
}

} // namespace

std::string Interpreter::foreignStackImportFailure(NodeId statement, Frame &frame) {
  const ModuleState &module = *frame.module;
  const SyntaxTree &tree = module.tree();
  if (!arch()) return {};
  std::vector<std::string> roots = importedModules(tree, statement);
  for (std::string &root : roots) {
    root = root.substr(0, root.find('.'));
    for (const ForeignBackend &backend : foreignBackends())
      if (std::find(backend.modules.begin(), backend.modules.end(), root) != backend.modules.end()) {
        std::string why = "`" + root + "` belongs to the " + backend.vendor + " software stack: its import is taken to fail for " +
                          arch()->name + " (" + lineText(module, statement) + ")";
        note(why, module, statement);
        return why;
      }
  }
  return {};
}

// Inside a try whose except clause catches ImportError: an import of a
// module that is neither a library btlint knows nor part of the run (an
// internal package, an optional dependency) is taken to fail, so the names
// come from the fallback the project writes in the except clause.
std::string Interpreter::missingImportFailure(NodeId statement, Frame &frame) {
  const ModuleState &module = *frame.module;
  const SyntaxTree &tree = module.tree();
  for (const std::string &path : importedModules(tree, statement)) {
    if (path.empty()) continue;
    if (path.rfind("triton.", 0) == 0 && !Builtins::isModelledTritonModule(path)) {
      std::string why = "`" + path + "` is no module of Triton " + std::string(Builtins::modelledTritonVersion()) +
                        " (a fork's or another release's): its import at " + lineText(module, statement) +
                        " is taken to fail, and the except clause that catches it is read";
      note(why, module, statement);
      return why;
    }
    Value resolved = resolveModulePath(module, path);
    if (!resolved.isUnknown()) continue;
    std::string why = "`" + path + "` is not part of the run: its import at " + lineText(module, statement) +
                      " is taken to fail, and the except clause that catches it is read";
    note(why, module, statement);
    return why;
  }
  return {};
}

void Interpreter::execImport(NodeId statement, Frame &frame) {
  const ModuleState &module = *frame.module;
  const SyntaxTree &tree = module.tree();
  for (NodeId child : tree.children(statement)) {
    if (tree.node(child).field != Field::Name) continue;
    std::string local;
    if (tree.kind(child) == NodeKind::AliasedImport) {
      NodeId alias = tree.child(child, Field::Alias);
      if (alias == kNoNode) continue;
      local = std::string(tree.text(alias));
    } else if (tree.kind(child) == NodeKind::DottedName) {
      std::string path = dottedNameText(tree, child);
      local = tree.kind(statement) == NodeKind::ImportStatement ? path.substr(0, path.find('.'))
                                                                : path.substr(path.rfind('.') + 1);
    } else {
      continue;
    }
    setName(local, importValue(module, statement, child), frame);
  }
}

std::string Interpreter::currentProduction() const {
  if (iterations_.empty()) return {};
  const IterationFrame &innermost = iterations_.back();
  auto sameActivation = [&](const IterationFrame &iteration) {
    return iteration.callDepth == innermost.callDepth && iteration.module == innermost.module;
  };
  size_t frames = 0;
  for (const IterationFrame &iteration : iterations_) frames += sameActivation(iteration);
  // A name bound again by an inner loop shows its inner value, once.
  auto shadowedLater = [&](size_t frameIndex, const std::string &name) {
    for (size_t later = frameIndex + 1; later < iterations_.size(); ++later) {
      if (!sameActivation(iterations_[later])) continue;
      for (const auto &binding : iterations_[later].bindings)
        if (binding.name == name) return true;
    }
    return false;
  };
  std::string text;
  text.reserve(96);
  text += "from ";
  text += innermost.description;
  bool first = true;
  for (size_t index = 0; index < iterations_.size(); ++index) {
    const IterationFrame &iteration = iterations_[index];
    if (!sameActivation(iteration)) continue;
    for (const auto &binding : iteration.bindings) {
      if (binding.shown.empty()) continue;
      if (frames > 1 && shadowedLater(index, binding.name)) continue;
      text += first ? " with " : ", ";
      first = false;
      text += binding.shown;
    }
  }
  return text;
}

} // namespace btlint::eval
