#include "eval/Evaluator.h"

#include "eval/Interpreter.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace btlint::eval {

Evaluator::Evaluator(const ModelContext &context, const ParsedFile &mainFile)
    : interpreter_(std::make_unique<Interpreter>(context, mainFile)) {
  interpreter_->openNotes(&notes_);
}

Evaluator::~Evaluator() = default;

Value Evaluator::evaluate(python::NodeId expression, uint32_t position,
                          python::NodeId enclosingFunction) {
  const ModuleState &main = interpreter_->mainModule();
  if (enclosingFunction == python::kNoNode)
    return interpreter_->evaluateIn(main, expression, position, nullptr);
  // Inside a function the module has been fully loaded by the time it runs.
  HostContext host{&main, enclosingFunction, position};
  return interpreter_->evaluateIn(main, expression, UINT32_MAX, &host);
}

Value Evaluator::lookupGlobal(std::string_view name, uint32_t position) {
  bool found = false;
  Value value = interpreter_->moduleGlobal(interpreter_->mainModule(), name, position, found);
  if (!found) return Value::unknown("name `" + std::string(name) + "` is not defined");
  return value;
}

Value Evaluator::call(const Value &callee, std::vector<Value> positional,
                      std::vector<std::pair<std::string, Value>> keywords, python::NodeId site) {
  CallArguments arguments;
  arguments.positional.assign(std::make_move_iterator(positional.begin()), std::make_move_iterator(positional.end()));
  for (auto &[name, value] : keywords) {
    arguments.keywordNameOrigins.push_back(value.origin());
    arguments.keywords.emplace_back(std::move(name), std::move(value));
  }
  Frame frame;
  frame.module = &interpreter_->mainModule();
  return interpreter_->callValue(callee, arguments, site, frame);
}

const std::vector<std::string> &Evaluator::limitsReached() const { return interpreter_->limitsReached(); }

std::vector<Note> Evaluator::takeNotes() {
  std::vector<Note> taken;
  taken.swap(notes_);
  return taken;
}

std::optional<SourceSpan> Evaluator::spanInMainFile(const Origin &origin) const {
  if (!origin.valid() || origin.module != &interpreter_->mainModule()) return std::nullopt;
  return origin.module->source().span(origin.startByte, origin.endByte);
}

std::optional<Evaluator::FunctionSource> Evaluator::functionSource(const Value &function) const {
  if (!function.isFunction()) return std::nullopt;
  const FunctionData &data = *function.function();
  if (data.kind == FunctionData::Kind::BoundMethod || !data.module) return std::nullopt;
  return FunctionSource{&data.module->tree(), &data.module->index(), data.node};
}

std::vector<Value> Evaluator::capturedFunctions(const Value &function) const {
  std::vector<Value> captured;
  if (!function.isFunction()) return captured;
  for (const Scope *scope = function.function()->closure.get(); scope; scope = scope->parent.get())
    for (const auto &[name, value] : scope->variables)
      if (value.isFunction()) captured.push_back(value);
  return captured;
}

Value Evaluator::globalOf(const Value &function, std::string_view name) {
  if (!function.isFunction() || !function.function()->module)
    return Value::unknown("not a function of the analysed code");
  bool found = false;
  Value value = interpreter_->moduleGlobal(*function.function()->module, name, UINT32_MAX, found);
  if (!found) return Value::unknown("name `" + std::string(name) + "` is not defined");
  return value;
}

namespace {

ScalarValue scalarWithSpan(const Value &value, SourceSpan span) {
  switch (value.kind()) {
  case ValueKind::Int: return ScalarValue::ofInt(value.asInt(), span);
  case ValueKind::Float: return ScalarValue::ofFloat(value.asFloat(), span);
  case ValueKind::Bool: return ScalarValue::ofBool(value.asBool(), span);
  case ValueKind::String: return ScalarValue::ofString(value.text(), span);
  case ValueKind::Unknown: return ScalarValue::unknown(value.unknownReason(), span);
  case ValueKind::None: return ScalarValue::unknown("None", span);
  default: return ScalarValue::unknown(std::string("a ") + value.typeName(), span);
  }
}

SourceSpan spanOf(const Origin &origin) {
  if (!origin.valid()) return {};
  return origin.module->source().span(origin.startByte, origin.endByte);
}

// A model scalar whose span lies in `home` (the file the config is written
// in); values from elsewhere point at `fallback`.
ScalarValue scalarIn(const Value &value, const ModuleState *home, SourceSpan fallback) {
  SourceSpan span = value.origin().valid() && value.origin().module == home
                        ? spanOf(value.origin())
                        : fallback;
  return scalarWithSpan(value, span);
}

} // namespace

namespace {

// Spans of origins met while converting one list; configs of a comprehension
// share their literals, and each span costs two line-table searches.
class SpanCache {
public:
  SourceSpan get(const Origin &origin) {
    if (!origin.valid()) return {};
    Key key{origin.module, origin.startByte, origin.endByte};
    auto found = cache_.find(key);
    if (found != cache_.end()) return found->second;
    SourceSpan span = spanOf(origin);
    cache_.emplace(key, span);
    return span;
  }

private:
  struct Key {
    const ModuleState *module;
    uint32_t start, end;
    bool operator==(const Key &other) const {
      return module == other.module && start == other.start && end == other.end;
    }
  };
  struct KeyHash {
    size_t operator()(const Key &key) const {
      return std::hash<const void *>()(key.module) ^ (size_t(key.start) * 0x9E3779B97F4A7C15ull) ^ key.end;
    }
  };
  std::unordered_map<Key, SourceSpan, KeyHash> cache_;
};

} // namespace

ScalarValue Evaluator::toScalar(const Value &value, SourceSpan fallbackSpan) const {
  return scalarIn(value, &interpreter_->mainModule(), fallbackSpan);
}

ConfigList Evaluator::toConfigList(const Value &list, SourceSpan listSpan) {
  ConfigList result;
  result.span = listSpan;
  auto incomplete = [&](std::string reason) {
    if (result.complete) result.unknownReason = std::move(reason);
    result.complete = false;
  };
  if (list.isUnknown()) {
    incomplete(list.unknownReason());
    return result;
  }
  if (!list.isSequence()) {
    incomplete(std::string("the configs are a ") + list.typeName() + ", not a list");
    return result;
  }
  const Sequence &sequence = *list.sequence();
  const size_t limit = interpreter_->limits().maxConfigs;
  std::vector<const ConfigData *> configs;
  for (size_t i = 0; i < sequence.items.size(); ++i) {
    const Value &item = sequence.items[i];
    if (item.isConfig()) {
      configs.push_back(item.config().get());
    } else if (item.isUnknown()) {
      incomplete("config " + std::to_string(i + 1) + " could not be evaluated: " +
                 item.unknownReason());
    } else {
      incomplete("element " + std::to_string(i + 1) + " is a " + item.typeName() +
                 ", not a triton.Config");
    }
  }
  if (sequence.partial) incomplete(sequence.partialReason.empty() ? "the list is not fully known"
                                                                  : sequence.partialReason);
  if (configs.size() > limit) {
    std::string text = "only the first " + std::to_string(limit) + " of " +
                       std::to_string(configs.size()) + " configs are checked";
    interpreter_->limitReached(text);
    incomplete(text);
    configs.resize(limit);
  }

  // A config written once in a literal list can be deleted there; one that
  // appears several times (list * 2) cannot.
  // Sorted (module, start) of every call: a config's call is written once
  // when its neighbours in this order differ.
  std::vector<std::pair<const ModuleState *, uint32_t>> calls;
  calls.reserve(configs.size());
  for (const ConfigData *config : configs) calls.emplace_back(config->call.module, config->call.startByte);
  std::sort(calls.begin(), calls.end());
  auto writtenOnce = [&](const ConfigData &data) {
    const std::pair<const ModuleState *, uint32_t> call{data.call.module, data.call.startByte};
    auto [first, last] = std::equal_range(calls.begin(), calls.end(), call);
    return last - first == 1;
  };

  const ModuleState *main = &interpreter_->mainModule();
  const auto total = std::make_shared<const std::string>(std::to_string(configs.size()) + (result.complete ? "" : " known"));
  SpanCache spans;
  // The previous config, and where each of its meta-parameter keys sits in
  // its (sorted) names.
  const ConfigData *previous = nullptr;
  constexpr uint32_t kNoSlot = UINT32_MAX;
  std::vector<uint32_t> slotOf;
  auto sameKeys = [](const ConfigData &a, const ConfigData &b) {
    if (a.call.module != b.call.module) return false;
    const auto &x = a.kwargs->entries, &y = b.kwargs->entries;
    if (x.size() != y.size()) return false;
    for (size_t e = 0; e < x.size(); ++e) {
      const Value &p = x[e].first, &q = y[e].first;
      if (p.kind() != q.kind() || p.origin().module != q.origin().module ||
          p.origin().startByte != q.origin().startByte || p.origin().endByte != q.origin().endByte)
        return false;
      // A key written in another module points at the config itself, which differs.
      if (p.isString() && (p.text() != q.text() || !p.origin().valid() || p.origin().module != a.call.module))
        return false;
    }
    return true;
  };
  result.configs.reserve(configs.size());
  const ModuleState *placeModule = nullptr; // the module of placePath, shared by the configs it holds
  std::shared_ptr<const std::string> placePath;
  for (size_t i = 0; i < configs.size(); ++i) {
    const ConfigData &data = *configs[i];
    // Built in place: a Config is large, and a comprehension makes hundreds.
    Config &config = result.configs.emplace_back();
    config.index = i;
    const ModuleState *home = data.call.module;
    config.span = spans.get(data.call);
    if (home && home != main) config.sourcePath = home->path();
    // A value written in another file than the config points at the config.
    auto spanIn = [&](const Origin &origin) {
      return origin.valid() && origin.module == home ? spans.get(origin) : config.span;
    };
    const auto &entries = data.kwargs->entries;
    if (previous && sameKeys(*previous, data)) {
      // The configs of one comprehension write the same keys at the same
      // places: start from the previous config's names and change the values.
      const Config &before = result.configs[result.configs.size() - 2];
      config.params = before.params;
      config.paramNameSpans = before.paramNameSpans;
      for (size_t e = 0; e < entries.size(); ++e)
        if (slotOf[e] != kNoSlot)
          config.params.begin()[slotOf[e]].second = scalarWithSpan(entries[e].second, spanIn(entries[e].second.origin()));
    } else {
      config.params.reserve(entries.size());
      config.paramNameSpans.reserve(entries.size());
      for (const auto &[key, value] : entries) {
        if (!key.isString()) continue;
        config.params.emplace(key.text(), scalarWithSpan(value, spanIn(value.origin())));
        config.paramNameSpans.emplace(key.text(), spanIn(key.origin()));
      }
      slotOf.assign(entries.size(), kNoSlot);
      for (size_t e = 0; e < entries.size(); ++e)
        if (entries[e].first.isString())
          slotOf[e] = static_cast<uint32_t>(config.params.find(entries[e].first.text()) - config.params.begin());
    }
    previous = &data;
    auto option = [&](const Value &value) -> std::optional<ScalarValue> {
      if (value.isNone()) return std::nullopt;
      return scalarWithSpan(value, spanIn(value.origin()));
    };
    config.numWarps = option(data.numWarps);
    config.numStages = option(data.numStages);
    config.numCtas = option(data.numCtas);
    config.maxnreg = option(data.maxnreg);
    config.literalElement = data.writtenInListDisplay && home == main && !data.production &&
                            writtenOnce(data);
    std::shared_ptr<const std::string> where = data.production;
    if (!where && home) {
      uint32_t line = home->source().lineColumn(data.call.startByte).first;
      std::string written = "written at line " + std::to_string(line);
      if (home != main) written += " of " + home->path();
      where = std::make_shared<const std::string>(std::move(written));
    }
    config.expansion.setListed(i + 1, total, std::move(where));
    // The note points where its text says: the comprehension or loop (its
    // first line: the whole statement would cover its body), else the call.
    Origin place = data.production ? data.productionOrigin : data.call;
    if (place.valid()) {
      std::string_view text = place.module->source().text();
      size_t lineEnd = text.find('\n', place.startByte);
      if (lineEnd != std::string_view::npos && lineEnd < place.endByte) place.endByte = static_cast<uint32_t>(lineEnd);
      if (place.module != placeModule) {
        placeModule = place.module;
        placePath = place.module == main ? nullptr : std::make_shared<const std::string>(place.module->path());
      }
      config.expansion.setPlace(spans.get(place), placePath);
    }
  }
  return result;
}

} // namespace btlint::eval
