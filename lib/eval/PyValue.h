#pragma once
// Values of the abstract Python interpreter that expands config lists. A value
// is known (None, bool, int, float, str, list, tuple, set, dict, range,
// triton.Config, function, module, a named external object such as
// `triton.Config` or `torch.float16`) or Unknown with a reason. Every value
// keeps where it came from (the literal to change).
#include "syntax/SyntaxTree.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace btlint::eval {

class ModuleState;
struct Scope;
struct HostContext;

// Where a value was written: a byte range in one module of the run.
struct Origin {
  const ModuleState *module = nullptr;
  uint32_t startByte = 0;
  uint32_t endByte = 0;
  bool valid() const { return module != nullptr; }
};

enum class ValueKind : uint8_t {
  Unknown,
  None,
  Bool,
  Int,
  Float,
  String,
  List,
  Tuple,
  Set,
  Dict,
  Range,
  Config,   // triton.Config(...)
  Function, // a def or lambda of an analysed module, or a bound method
  Module,   // a module of the run
  External, // a named object of a library: "triton.Config", "torch.float16"
  Opaque,   // a value known to exist (not None, truthy) but not known itself
  Kernel,   // a @triton.jit function
  Class,    // a class of an analysed module (its body read when an attribute is asked)
  Instance, // an instance of such a class (an enum member, a dataclass built with defaults)
};

class Value;
struct Sequence;
struct DictData;
struct ConfigData;
struct FunctionData;
struct ObjectData;

using SequencePtr = std::shared_ptr<Sequence>;
using DictPtr = std::shared_ptr<DictData>;
using ConfigPtr = std::shared_ptr<ConfigData>;
using FunctionPtr = std::shared_ptr<FunctionData>;
using ObjectPtr = std::shared_ptr<ObjectData>;

struct RangeData {
  int64_t start = 0;
  int64_t stop = 0;
  int64_t step = 1;
  int64_t size() const;
  int64_t at(int64_t index) const { return start + index * step; }
};

class Value {
public:
  // Unknown, "not evaluated". Default values are made by the thousand (slots
  // filled later, results of failed lookups): no string is built for them.
  Value() : kind_(ValueKind::Unknown) {}

  static Value unknown(std::string reason, Origin origin = {});
  static Value none(Origin origin = {}) { return Value(ValueKind::None, std::monostate{}, origin); }
  static Value ofBool(bool v, Origin origin = {}) { return Value(ValueKind::Bool, v, origin); }
  static Value ofInt(int64_t v, Origin origin = {}) { return Value(ValueKind::Int, v, origin); }
  static Value ofFloat(double v, Origin origin = {}) { return Value(ValueKind::Float, v, origin); }
  static Value ofString(std::string v, Origin origin = {}) {
    return Value(ValueKind::String, std::move(v), origin);
  }
  static Value ofSequence(ValueKind kind, SequencePtr items, Origin origin = {});
  static Value ofList(std::vector<Value> items, Origin origin = {});
  static Value ofTuple(std::vector<Value> items, Origin origin = {});
  static Value ofDict(DictPtr dict, Origin origin = {});
  static Value ofRange(RangeData range, Origin origin = {}) {
    return Value(ValueKind::Range, range, origin);
  }
  static Value ofConfig(ConfigPtr config, Origin origin = {});
  static Value ofFunction(FunctionPtr function, Origin origin = {});
  static Value ofModule(const ModuleState *module, Origin origin = {}) {
    return Value(ValueKind::Module, module, origin);
  }
  static Value external(std::string path, Origin origin = {}) {
    return Value(ValueKind::External, std::move(path), origin);
  }
  static Value opaque(std::string description, Origin origin = {}) {
    return Value(ValueKind::Opaque, std::move(description), origin);
  }
  static Value kernel(std::string name, Origin origin = {}) {
    return Value(ValueKind::Kernel, std::move(name), origin);
  }
  static Value ofObject(ObjectPtr object, Origin origin = {}); // Class or Instance by object->isClass

  ValueKind kind() const { return kind_; }
  bool isUnknown() const { return kind_ == ValueKind::Unknown; }
  bool isKnown() const { return kind_ != ValueKind::Unknown; }
  bool isNone() const { return kind_ == ValueKind::None; }
  bool isBool() const { return kind_ == ValueKind::Bool; }
  bool isInt() const { return kind_ == ValueKind::Int; }
  bool isFloat() const { return kind_ == ValueKind::Float; }
  bool isNumber() const { return isInt() || isFloat() || isBool(); }
  bool isString() const { return kind_ == ValueKind::String; }
  bool isSequence() const {
    return kind_ == ValueKind::List || kind_ == ValueKind::Tuple || kind_ == ValueKind::Set;
  }
  bool isDict() const { return kind_ == ValueKind::Dict; }
  bool isConfig() const { return kind_ == ValueKind::Config; }
  bool isFunction() const { return kind_ == ValueKind::Function; }
  bool isExternal() const { return kind_ == ValueKind::External; }

  bool asBool() const { return std::get<bool>(payload_); }
  int64_t asInt() const { return kind_ == ValueKind::Bool ? std::get<bool>(payload_) : std::get<int64_t>(payload_); }
  double asFloat() const {
    if (kind_ == ValueKind::Float) return std::get<double>(payload_);
    return static_cast<double>(asInt());
  }
  // String value, unknown reason, external path, opaque description, kernel name.
  const std::string &text() const {
    if (const std::string *text = std::get_if<std::string>(&payload_)) [[likely]]
      return *text;
    return unsetText();
  }
  const std::string &unknownReason() const { return text(); }
  const SequencePtr &sequence() const { return std::get<SequencePtr>(payload_); }
  const DictPtr &dict() const { return std::get<DictPtr>(payload_); }
  const RangeData &range() const { return std::get<RangeData>(payload_); }
  const ConfigPtr &config() const { return std::get<ConfigPtr>(payload_); }
  const FunctionPtr &function() const { return std::get<FunctionPtr>(payload_); }
  const ModuleState *module() const { return std::get<const ModuleState *>(payload_); }
  const ObjectPtr &object() const { return std::get<ObjectPtr>(payload_); }

  const Origin &origin() const { return origin_; }
  void setOrigin(Origin origin) { origin_ = origin; }
  Value withOrigin(Origin origin) const {
    Value copy = *this;
    copy.origin_ = origin;
    return copy;
  }

  // Python's repr-like rendering for notes and expansions ("128", "'fp16'").
  std::string str() const;
  // Python truthiness; nullopt when it cannot be known.
  std::optional<bool> truthiness() const;
  const char *typeName() const;

private:
  // "not evaluated" for a default (unknown) value; anything else asked for
  // a text it does not hold is a programming error (std::bad_variant_access).
  const std::string &unsetText() const;
  using Payload = std::variant<std::monostate, bool, int64_t, double, std::string, SequencePtr,
                               DictPtr, RangeData, ConfigPtr, FunctionPtr, const ModuleState *, ObjectPtr>;
  template <typename T>
  Value(ValueKind kind, T payload, Origin origin)
      : kind_(kind), payload_(std::move(payload)), origin_(origin) {}

  ValueKind kind_;
  Payload payload_;
  Origin origin_;
};

// List, tuple and set contents. `partial` marks a sequence known to hold at
// least these items and maybe others the evaluator could not resolve.
struct Sequence {
  std::vector<Value> items;
  bool partial = false;
  std::string partialReason;
};

struct DictData {
  std::vector<std::pair<Value, Value>> entries; // insertion order
  bool partial = false;
  std::string partialReason;
  // Index of the entry with this key, or -1.
  int find(const Value &key) const;
  // Index of the entry with this string key, or -1.
  int findString(std::string_view key) const;
  void set(Value key, Value value);
};

// A triton.Config as constructed: meta-parameters plus compile options.
struct ConfigData {
  DictPtr kwargs;               // meta-parameter name -> value, keys keep their spans
  Value numWarps = Value::none();
  Value numStages = Value::none();
  Value numCtas = Value::none();
  Value maxnreg = Value::none();
  bool hasPreHook = false;
  Origin call;                  // the triton.Config(...) call
  bool writtenInListDisplay = false; // the call is an element of a list display
  // How it was produced: "from the comprehension at line 31 with BLOCK_K=8";
  // null for a config written out. Shared with the model's Config.
  std::shared_ptr<const std::string> production;
  Origin productionOrigin; // the comprehension or loop `production` names
};

// A function of an analysed module (def or lambda), a builtin method bound
// to its receiver, or `functools.partial` over a callable.
struct FunctionData {
  enum class Kind { Definition, Lambda, BoundMethod, Partial };
  Kind kind = Kind::Definition;
  const ModuleState *module = nullptr;
  python::NodeId node = python::kNoNode; // function_definition or lambda
  std::string name;
  std::shared_ptr<Scope> closure;  // enclosing function scope, if any
  std::shared_ptr<HostContext> host; // enclosing host function read lazily, if any
  Value receiver;          // BoundMethod: the object; Partial: the callable
  std::string methodName;  // BoundMethod: "append"
  // Partial: the arguments given to functools.partial, before the call's own.
  std::vector<Value> boundPositional;
  std::vector<std::pair<std::string, Value>> boundKeywords;
};

// A class of an analysed module, or an instance of one. A class's body runs
// once, when an attribute is first asked for; its attributes are then the
// names the body bound (an enum's members become instances of it). An
// instance holds its own attributes and finds the rest on its class.
struct ObjectData {
  bool isClass = false;
  std::string name;                              // the class's name
  const ModuleState *module = nullptr;           // Class: where it is defined
  python::NodeId definition = python::kNoNode;   // Class: its class_definition
  std::vector<Value> bases;                      // Class: as written
  bool isEnum = false;                           // Class: derives from enum.Enum & co.
  bool isDataclass = false;                      // Class: @dataclass
  bool bodyRun = false;                          // Class: attributes below are filled
  bool bodyFailed = false;                       // Class: the body stopped early
  Value bodyFailure;                             // Class: why
  ObjectPtr cls;                                 // Instance: its class
  std::vector<std::pair<std::string, Value>> attributes;
  const Value *find(std::string_view attribute) const {
    for (const auto &[key, value] : attributes)
      if (key == attribute) return &value;
    return nullptr;
  }
};

// What triton.autotune(...) returns, as the arguments it was given (the
// decorator itself is not modelled): a dict of "configs", "key",
// "prune_configs_by", "restore_value", "reset_to_zero" where given and
// "hooked" when a pre_hook or post_hook is, marked so
// that no dict the code builds is taken for it.
Value autotuneDecorator(const Value &configs, const Value *key, const Value *pruneConfigsBy,
                        const Value *restoreValue, const Value *resetToZero, bool hooked, Origin origin);
// Those arguments when `value` is such a decorator; null otherwise.
const DictData *autotuneDecoratorArguments(const Value &value);

// Structural equality as Python's == would decide it; nullopt when unknown.
std::optional<bool> valuesEqual(const Value &a, const Value &b);
// A set's elements: `items` without those known to equal an earlier one.
void dropEqualDuplicates(std::vector<Value> &items);

} // namespace btlint::eval
