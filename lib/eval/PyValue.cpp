#include "eval/PyValue.h"

#include <cmath>
#include <cstdio>

namespace btlint::eval {

int64_t RangeData::size() const {
  if (step > 0 && start < stop) return (stop - start + step - 1) / step;
  if (step < 0 && start > stop) return (start - stop - step - 1) / (-step);
  return 0;
}

Value Value::unknown(std::string reason, Origin origin) {
  return Value(ValueKind::Unknown, std::move(reason), origin);
}

Value Value::ofSequence(ValueKind kind, SequencePtr items, Origin origin) {
  return Value(kind, std::move(items), origin);
}

Value Value::ofList(std::vector<Value> items, Origin origin) {
  auto sequence = std::make_shared<Sequence>();
  sequence->items = std::move(items);
  return Value(ValueKind::List, std::move(sequence), origin);
}

Value Value::ofTuple(std::vector<Value> items, Origin origin) {
  auto sequence = std::make_shared<Sequence>();
  sequence->items = std::move(items);
  return Value(ValueKind::Tuple, std::move(sequence), origin);
}

Value Value::ofDict(DictPtr dict, Origin origin) {
  return Value(ValueKind::Dict, std::move(dict), origin);
}

Value Value::ofConfig(ConfigPtr config, Origin origin) {
  return Value(ValueKind::Config, std::move(config), origin);
}

Value Value::ofFunction(FunctionPtr function, Origin origin) {
  return Value(ValueKind::Function, std::move(function), origin);
}

Value Value::ofObject(ObjectPtr object, Origin origin) {
  ValueKind kind = object->isClass ? ValueKind::Class : ValueKind::Instance;
  return Value(kind, std::move(object), origin);
}

namespace {

std::string renderFloat(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (std::isnan(v)) return "nan";
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.17g", v);
  // Prefer the shortest text that reads back to the same value.
  for (int precision = 1; precision < 17; ++precision) {
    char shorter[64];
    std::snprintf(shorter, sizeof shorter, "%.*g", precision, v);
    if (std::strtod(shorter, nullptr) == v) {
      std::snprintf(buffer, sizeof buffer, "%s", shorter);
      break;
    }
  }
  std::string text = buffer;
  if (text.find_first_of(".eE") == std::string::npos) text += ".0";
  return text;
}

void renderSequence(const Sequence &sequence, const char *open, const char *close, bool tuple,
                    std::string &out) {
  out += open;
  for (size_t i = 0; i < sequence.items.size(); ++i) {
    if (i) out += ", ";
    out += sequence.items[i].str();
  }
  if (tuple && sequence.items.size() == 1) out += ",";
  if (sequence.partial) out += sequence.items.empty() ? "..." : ", ...";
  out += close;
}

} // namespace

const std::string &Value::unsetText() const {
  static const std::string notEvaluated = "not evaluated";
  if (kind_ == ValueKind::Unknown && std::holds_alternative<std::monostate>(payload_)) return notEvaluated;
  return std::get<std::string>(payload_); // throws: this value holds no text
}

std::string Value::str() const {
  switch (kind_) {
  case ValueKind::Unknown: return "?";
  case ValueKind::None: return "None";
  case ValueKind::Bool: return asBool() ? "True" : "False";
  case ValueKind::Int: return std::to_string(asInt());
  case ValueKind::Float: return renderFloat(asFloat());
  case ValueKind::String: return "'" + text() + "'";
  case ValueKind::List: {
    std::string out;
    renderSequence(*sequence(), "[", "]", false, out);
    return out;
  }
  case ValueKind::Tuple: {
    std::string out;
    renderSequence(*sequence(), "(", ")", true, out);
    return out;
  }
  case ValueKind::Set: {
    std::string out;
    renderSequence(*sequence(), "{", "}", false, out);
    return out;
  }
  case ValueKind::Dict: {
    std::string out = "{";
    bool first = true;
    for (const auto &[key, value] : dict()->entries) {
      if (!first) out += ", ";
      first = false;
      out += key.str() + ": " + value.str();
    }
    return out + "}";
  }
  case ValueKind::Range: {
    const RangeData &r = range();
    return "range(" + std::to_string(r.start) + ", " + std::to_string(r.stop) +
           (r.step != 1 ? ", " + std::to_string(r.step) : std::string()) + ")";
  }
  case ValueKind::Config: return "triton.Config(" + Value::ofDict(config()->kwargs).str() + ")";
  case ValueKind::Function: return "<function " + function()->name + ">";
  case ValueKind::Module: return "<module>";
  case ValueKind::External: return text();
  case ValueKind::Opaque: return "<" + text() + ">";
  case ValueKind::Kernel: return "<kernel " + text() + ">";
  case ValueKind::Class: return "<class " + object()->name + ">";
  case ValueKind::Instance: {
    const ObjectData &instance = *object();
    const std::string &type = instance.cls ? instance.cls->name : instance.name;
    if (instance.cls && instance.cls->isEnum)
      if (const Value *name = instance.find("name"); name && name->isString()) return type + "." + name->text();
    return "<" + type + " object>";
  }
  }
  return "?";
}

std::optional<bool> Value::truthiness() const {
  switch (kind_) {
  case ValueKind::Unknown: return std::nullopt;
  case ValueKind::None: return false;
  case ValueKind::Bool: return asBool();
  case ValueKind::Int: return asInt() != 0;
  case ValueKind::Float: return asFloat() != 0.0;
  case ValueKind::String: return !text().empty();
  case ValueKind::List:
  case ValueKind::Tuple:
  case ValueKind::Set:
    if (!sequence()->items.empty()) return true;
    if (sequence()->partial) return std::nullopt;
    return false;
  case ValueKind::Dict:
    if (!dict()->entries.empty()) return true;
    if (dict()->partial) return std::nullopt;
    return false;
  case ValueKind::Range: return range().size() > 0;
  default: return true;
  }
}

const char *Value::typeName() const {
  switch (kind_) {
  case ValueKind::Unknown: return "unknown";
  case ValueKind::None: return "NoneType";
  case ValueKind::Bool: return "bool";
  case ValueKind::Int: return "int";
  case ValueKind::Float: return "float";
  case ValueKind::String: return "str";
  case ValueKind::List: return "list";
  case ValueKind::Tuple: return "tuple";
  case ValueKind::Set: return "set";
  case ValueKind::Dict: return "dict";
  case ValueKind::Range: return "range";
  case ValueKind::Config: return "triton.Config";
  case ValueKind::Function: return "function";
  case ValueKind::Module: return "module";
  case ValueKind::External: return "object";
  case ValueKind::Opaque: return "object";
  case ValueKind::Kernel: return "JITFunction";
  case ValueKind::Class: return "type";
  case ValueKind::Instance: return "object";
  }
  return "object";
}

namespace {
// A key no Python code can write: it names the decorator's dict.
constexpr std::string_view kAutotuneDecoratorMark = "\x01triton.autotune";
} // namespace

Value autotuneDecorator(const Value &configs, const Value *key, const Value *pruneConfigsBy,
                        const Value *restoreValue, const Value *resetToZero, bool hooked, Origin origin) {
  auto dict = std::make_shared<DictData>();
  dict->set(Value::ofString(std::string(kAutotuneDecoratorMark)), Value::ofBool(true));
  dict->set(Value::ofString("configs"), configs);
  const std::pair<const char *, const Value *> optional[] = {
      {"key", key}, {"prune_configs_by", pruneConfigsBy}, {"restore_value", restoreValue}, {"reset_to_zero", resetToZero}};
  for (const auto &[name, value] : optional)
    if (value) dict->set(Value::ofString(name), *value);
  if (hooked) dict->set(Value::ofString("hooked"), Value::ofBool(true));
  return Value::ofDict(std::move(dict), std::move(origin));
}

const DictData *autotuneDecoratorArguments(const Value &value) {
  if (!value.isDict() || value.dict()->findString(kAutotuneDecoratorMark) != 0) return nullptr;
  return value.dict().get();
}

int DictData::findString(std::string_view key) const {
  for (size_t i = 0; i < entries.size(); ++i) {
    const Value &candidate = entries[i].first;
    if (candidate.isString() && candidate.text() == key) return static_cast<int>(i);
  }
  return -1;
}

int DictData::find(const Value &key) const {
  // Meta-parameter dicts are keyed by strings: compare them directly.
  if (key.isString()) return findString(key.text());
  for (size_t i = 0; i < entries.size(); ++i) {
    std::optional<bool> equal = valuesEqual(entries[i].first, key);
    if (equal && *equal) return static_cast<int>(i);
  }
  return -1;
}

void DictData::set(Value key, Value value) {
  int index = find(key);
  if (index >= 0)
    entries[static_cast<size_t>(index)].second = std::move(value);
  else
    entries.emplace_back(std::move(key), std::move(value));
}

void dropEqualDuplicates(std::vector<Value> &items) {
  std::vector<Value> unique;
  for (Value &item : items) {
    bool duplicate = false;
    for (const Value &seen : unique) {
      std::optional<bool> equal = valuesEqual(item, seen);
      if (equal && *equal) duplicate = true;
    }
    if (!duplicate) unique.push_back(std::move(item));
  }
  items = std::move(unique);
}

std::optional<bool> valuesEqual(const Value &a, const Value &b) {
  if (a.isUnknown() || b.isUnknown()) return std::nullopt;
  if (a.isNumber() && b.isNumber()) {
    if (a.isFloat() || b.isFloat()) return a.asFloat() == b.asFloat();
    return a.asInt() == b.asInt();
  }
  if (a.kind() != b.kind()) {
    // An opaque object is not None, but nothing more is known about it.
    if (a.kind() == ValueKind::Opaque || b.kind() == ValueKind::Opaque) {
      if (a.isNone() || b.isNone()) return false;
      return std::nullopt;
    }
    return false;
  }
  switch (a.kind()) {
  case ValueKind::None: return true;
  case ValueKind::String:
  case ValueKind::External:
  case ValueKind::Kernel: return a.text() == b.text();
  case ValueKind::List:
  case ValueKind::Tuple: {
    const Sequence &x = *a.sequence();
    const Sequence &y = *b.sequence();
    if (x.partial || y.partial) return std::nullopt;
    if (x.items.size() != y.items.size()) return false;
    for (size_t i = 0; i < x.items.size(); ++i) {
      std::optional<bool> equal = valuesEqual(x.items[i], y.items[i]);
      if (!equal || !*equal) return equal;
    }
    return true;
  }
  case ValueKind::Set: {
    const Sequence &x = *a.sequence();
    const Sequence &y = *b.sequence();
    if (x.partial || y.partial) return std::nullopt;
    for (const Value &item : x.items) {
      bool found = false;
      for (const Value &other : y.items) {
        std::optional<bool> equal = valuesEqual(item, other);
        if (!equal) return std::nullopt;
        if (*equal) { found = true; break; }
      }
      if (!found) return false;
    }
    return x.items.size() == y.items.size();
  }
  case ValueKind::Dict: {
    const DictData &x = *a.dict();
    const DictData &y = *b.dict();
    if (x.partial || y.partial) return std::nullopt;
    if (x.entries.size() != y.entries.size()) return false;
    for (const auto &[key, value] : x.entries) {
      int index = y.find(key);
      if (index < 0) return false;
      std::optional<bool> equal = valuesEqual(value, y.entries[static_cast<size_t>(index)].second);
      if (!equal || !*equal) return equal;
    }
    return true;
  }
  case ValueKind::Range: {
    const RangeData &x = a.range();
    const RangeData &y = b.range();
    return x.start == y.start && x.stop == y.stop && x.step == y.step;
  }
  case ValueKind::Config: return a.config() == b.config();
  case ValueKind::Function: return a.function() == b.function();
  case ValueKind::Module: return a.module() == b.module();
  case ValueKind::Class: return a.object() == b.object();
  case ValueKind::Instance:
    // Enum members are compared by identity; other classes may define __eq__.
    if (a.object() == b.object()) return true;
    if (a.object()->cls && a.object()->cls->isEnum && a.object()->cls == b.object()->cls) return false;
    return std::nullopt;
  default: return std::nullopt;
  }
}

} // namespace btlint::eval
