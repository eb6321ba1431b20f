#include "yaml/YamlConfigFrontEnd.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <string_view>
#include <utility>

namespace btlint {

namespace {

class YamlParsedFile : public ParsedFile {
public:
  using ParsedFile::ParsedFile;
  YAML::Node root;
  bool isTuningTable = false;
};

class YamlTableReader {
public:
  YamlTableReader(const SourceFile &source, const ModelContext &context, FileModel &model)
      : source_(source), context_(context), model_(model) {}

  SourceSpan spanOf(const YAML::Node &node) const {
    const YAML::Mark mark = node.Mark();
    if (mark.pos < 0) return {};
    uint32_t start = static_cast<uint32_t>(mark.pos);
    uint32_t length = node.IsScalar() ? static_cast<uint32_t>(node.Scalar().size()) : 1;
    // Quoted scalars: include the quotes.
    const std::string &text = source_.text();
    if (node.IsScalar() && start < text.size() && (text[start] == '"' || text[start] == '\'')) length += 2;
    return source_.span(start, std::min<uint32_t>(start + length, static_cast<uint32_t>(text.size())));
  }

  void problem(const YAML::Node &node, std::string message) {
    ParseProblem p;
    p.span = spanOf(node);
    p.message = std::move(message);
    model_.parseProblems.push_back(std::move(p));
  }

  ScalarValue scalarValue(const YAML::Node &node) {
    SourceSpan span = spanOf(node);
    if (!node.IsScalar()) return ScalarValue::unknown("not a scalar", span);
    const std::string &text = node.Scalar();
    if (node.Tag() != "!") { // plain (unquoted) scalars may be numbers or booleans
      long long integer;
      if (YAML::convert<long long>::decode(node, integer)) return ScalarValue::ofInt(integer, span);
      double real;
      if (YAML::convert<double>::decode(node, real) && std::isfinite(real)) return ScalarValue::ofFloat(real, span);
      if (text == "true" || text == "True") return ScalarValue::ofBool(true, span);
      if (text == "false" || text == "False") return ScalarValue::ofBool(false, span);
    }
    return ScalarValue::ofString(text, span);
  }

  std::optional<ConfigList> configList(const YAML::Node &list, const std::string &origin) {
    if (!list.IsSequence()) {
      problem(list, "tuning table: " + origin + " must be a list of configs");
      return std::nullopt;
    }
    ConfigList result;
    result.span = spanOf(list);
    size_t count = list.size();
    for (size_t i = 0; i < count; ++i) {
      const YAML::Node entry = list[i];
      if (!entry.IsMap()) {
        problem(entry, "tuning table: config " + std::to_string(i + 1) + " of " + origin +
                           " must be a map of parameter names to values");
        result.complete = false;
        result.unknownReason = "a config is not a map";
        continue;
      }
      Config config;
      config.index = result.configs.size();
      config.span = spanOf(entry);
      config.literalElement = false;
      config.expansion = "config " + std::to_string(i + 1) + " of " + std::to_string(count) + ", from " + origin +
                         " at line " + std::to_string(entry.Mark().line + 1);
      config.expansion.setPlace(config.span);
      for (const auto &item : entry) {
        const std::string name = item.first.Scalar();
        ScalarValue value = scalarValue(item.second);
        config.paramNameSpans[name] = spanOf(item.first);
        if (name == "num_warps") config.numWarps = value;
        else if (name == "num_stages") config.numStages = value;
        else if (name == "num_ctas") config.numCtas = value;
        else if (name == "maxnreg") config.maxnreg = value;
        else config.params[name] = value;
      }
      result.configs.push_back(std::move(config));
    }
    return result;
  }

  void addKernel(const std::string &name, const YAML::Node &nameNode, ConfigList configs, const YAML::Node *key) {
    Kernel kernel;
    kernel.name = name;
    kernel.language = Language::Yaml;
    kernel.span = configs.span;
    kernel.nameSpan = spanOf(nameNode);
    kernel.dtype = context_.settings.dtype;
    kernel.dtypeAssumed = context_.settings.dtypeSource == "default";
    kernel.dtypeSource = context_.settings.dtypeSource;
    if (context_.kernelSettings) {
      auto it = context_.kernelSettings->find(name);
      if (it != context_.kernelSettings->end() && !it->second.dtype.empty()) {
        kernel.dtype = it->second.dtype;
        kernel.dtypeSource = "config `kernels." + name + ".dtype`";
      }
    }
    AutotuneSpec spec;
    spec.span = configs.span;
    spec.configs = std::move(configs);
    spec.keyKnown = key != nullptr;
    if (key) {
      if (key->IsSequence())
        for (const auto &k : *key) spec.key.push_back({k.Scalar(), spanOf(k)});
      else
        problem(*key, "tuning table: `key` must be a list of argument names");
    }
    kernel.autotune = std::move(spec);
    model_.kernels.push_back(std::move(kernel));
  }

  static bool looksLikeArch(const std::string &key) {
    return findArch(key) != nullptr || key == "default";
  }

  void readKernelEntry(const std::string &name, const YAML::Node &nameNode, const YAML::Node &value) {
    if (value.IsSequence()) {
      if (auto list = configList(value, "the list of `" + name + "`")) addKernel(name, nameNode, std::move(*list), nullptr);
      return;
    }
    if (!value.IsMap()) {
      problem(value, "tuning table: `" + name + "` must be a list of configs or a map");
      return;
    }
    const YAML::Node key = value["key"];
    const YAML::Node *keyPtr = key ? &key : nullptr;
    if (const YAML::Node configs = value["configs"]) {
      if (auto list = configList(configs, "`" + name + ".configs`")) addKernel(name, nameNode, std::move(*list), keyPtr);
      return;
    }
    if (const YAML::Node byShape = value["by_shape"]) {
      if (!byShape.IsMap()) {
        problem(byShape, "tuning table: `by_shape` must map shapes to lists of configs");
        return;
      }
      for (const auto &shape : byShape)
        if (auto list = configList(shape.second, "`" + name + ".by_shape[" + shape.first.Scalar() + "]`"))
          addKernel(name, shape.first, std::move(*list), keyPtr);
      return;
    }
    // Keyed by arch: check the list for the target, else `default`.
    bool anyArchKey = false;
    for (const auto &entry : value) {
      const std::string k = entry.first.Scalar();
      if (k == "key") continue;
      if (!looksLikeArch(k)) {
        problem(entry.first, "tuning table: unknown key `" + k + "` in `" + name +
                                 "`; expected `configs`, `key`, `by_shape`, `default` or an arch name");
        continue;
      }
      anyArchKey = true;
    }
    if (!anyArchKey) return;
    // yaml-cpp nodes have reference semantics: never assign one node to another.
    const std::string archName = context_.arch ? context_.arch->name : "";
    const std::string chosenKey = value[archName] ? archName : value["default"] ? "default" : "";
    if (chosenKey.empty()) return; // no list for this arch: nothing runs there
    if (auto list = configList(value[chosenKey], "`" + name + "." + chosenKey + "`"))
      addKernel(name, nameNode, std::move(*list), keyPtr);
  }

  void read(const YAML::Node &root) {
    if (const YAML::Node configs = root["configs"]) {
      const YAML::Node kernelName = root["kernel"];
      if (!kernelName || !kernelName.IsScalar()) {
        problem(configs, "tuning table: `configs` needs a `kernel: NAME` beside it");
        return;
      }
      const YAML::Node key = root["key"];
      if (auto list = configList(configs, "`configs`"))
        addKernel(kernelName.Scalar(), kernelName, std::move(*list), key ? &key : nullptr);
    }
    if (const YAML::Node kernels = root["kernels"]) {
      if (!kernels.IsMap()) {
        problem(kernels, "tuning table: `kernels` must map kernel names to config lists");
        return;
      }
      for (const auto &entry : kernels) readKernelEntry(entry.first.Scalar(), entry.first, entry.second);
    }
  }

private:
  const SourceFile &source_;
  const ModelContext &context_;
  FileModel &model_;
};

// Whether a line of `text` starts, at its first column, with the key
// `configs` or `kernels` (quoted or not), as a tuning table's top level does.
bool namesTableKeyAtTopLevel(const std::string &text) {
  std::string_view rest(text);
  while (!rest.empty()) {
    const size_t end = rest.find('\n');
    std::string_view line = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    if (!line.empty() && (line.front() == '"' || line.front() == '\'')) line.remove_prefix(1);
    for (std::string_view key : {"configs", "kernels"})
      if (line.substr(0, key.size()) == key) {
        std::string_view after = line.substr(key.size());
        if (!after.empty() && (after.front() == '"' || after.front() == '\'')) after.remove_prefix(1);
        while (!after.empty() && after.front() == ' ') after.remove_prefix(1);
        if (!after.empty() && after.front() == ':') return true;
      }
  }
  return false;
}

// Whether a parsed top level is written in the tuning-table schema
// (docs/yaml-configs.md): `configs` beside a `kernel`, or listing
// mappings; `kernels` mapping names to lists or mappings. Other tools use
// the same keys (a CI manifest whose `configs` lists recipe files, a
// `kernels` list of names): such files are no table, and their shape is no
// error of one.
bool inTableSchema(const YAML::Node &root) {
  if (!root.IsMap()) return false;
  if (const YAML::Node configs = root["configs"]) {
    if (root["kernel"]) return true;
    if (configs.IsSequence() && configs.size() > 0 &&
        std::all_of(configs.begin(), configs.end(), [](const YAML::Node &item) { return item.IsMap(); }))
      return true;
  }
  if (const YAML::Node kernels = root["kernels"]; kernels && kernels.IsMap() && kernels.size() > 0)
    return std::all_of(kernels.begin(), kernels.end(), [](const std::pair<YAML::Node, YAML::Node> &entry) {
      return entry.second.IsMap() || entry.second.IsSequence();
    });
  return false;
}

class YamlConfigFrontEnd : public FrontEnd {
public:
  Language language() const override { return Language::Yaml; }

  bool mayContainKernelCode(const SourceFile &source) const override {
    const std::string &text = source.text();
    return text.find("configs") != std::string::npos || text.find("kernels") != std::string::npos;
  }

  std::unique_ptr<ParsedFile> parse(const SourceFile &source) const override {
    auto parsed = std::make_unique<YamlParsedFile>(source);
    try {
      parsed->root = YAML::Load(source.text());
    } catch (const YAML::Exception &e) {
      ParseProblem problem;
      if (e.mark.pos >= 0)
        problem.span = source.span(static_cast<uint32_t>(e.mark.pos), static_cast<uint32_t>(e.mark.pos));
      problem.message = "malformed YAML: " + e.msg;
      // Only a top-level `configs`/`kernels` key makes a tuning table; other
      // YAML that does not parse (a Jinja template, another tool's file) is
      // said, but is no error of the kernels' configs.
      if (!namesTableKeyAtTopLevel(source.text())) {
        problem.severityCap = Severity::Note;
        problem.message += " (not read; its text has no top-level `configs` or `kernels` key, so it is no tuning "
                           "table)";
      }
      parsed->problems.push_back(problem);
      return parsed;
    }
    parsed->isTuningTable = inTableSchema(std::as_const(parsed->root));
    return parsed;
  }

  void buildModel(const ParsedFile &parsed, const ModelContext &context, FileModel &model) const override {
    const auto &yaml = static_cast<const YamlParsedFile &>(parsed);
    model.parseProblems = parsed.problems;
    if (!yaml.isTuningTable) return;
    try {
      YamlTableReader(parsed.source(), context, model).read(yaml.root);
    } catch (const YAML::Exception &e) {
      ParseProblem problem;
      if (e.mark.pos >= 0)
        problem.span = parsed.source().span(static_cast<uint32_t>(e.mark.pos), static_cast<uint32_t>(e.mark.pos));
      problem.message = "tuning table: " + e.msg;
      model.parseProblems.push_back(problem);
    }
  }
};

} // namespace

std::unique_ptr<FrontEnd> makeYamlConfigFrontEnd() { return std::make_unique<YamlConfigFrontEnd>(); }

} // namespace btlint
