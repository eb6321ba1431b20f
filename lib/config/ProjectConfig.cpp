#include "config/ProjectConfig.h"
#include "rules/Rule.h"
#include "source/Backends.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

namespace btlint {

std::string ConfigError::str() const {
  std::string text = path;
  if (line) text += ":" + std::to_string(line) + ":" + std::to_string(column);
  return text + ": error: " + message;
}

std::vector<std::string> knownDtypes() {
  return {"fp16", "bf16", "fp32", "tf32", "fp8e4nv", "fp8e5", "int8"};
}

bool isKnownDtype(const std::string &dtype) {
  for (const auto &d : knownDtypes())
    if (d == dtype) return true;
  return false;
}

namespace {

std::string closest(const std::string &word, const std::vector<std::string> &candidates) {
  std::string best;
  unsigned bestDistance = ~0u;
  for (const auto &c : candidates) {
    unsigned d = llvm::StringRef(c).edit_distance(word);
    if (d < bestDistance) {
      bestDistance = d;
      best = c;
    }
  }
  if (bestDistance > std::max<size_t>(2, word.size() / 3)) return {};
  return best;
}

std::string didYouMean(const std::string &word, const std::vector<std::string> &candidates) {
  std::string guess = closest(word, candidates);
  return guess.empty() ? "" : "; did you mean `" + guess + "`?";
}

class ConfigReader {
public:
  ConfigReader(std::string path, std::vector<ConfigError> &errors)
      : path_(std::move(path)), errors_(errors) {}

  void error(const YAML::Node &node, std::string message) {
    ConfigError e;
    e.path = path_;
    if (node.Mark().line >= 0) {
      e.line = static_cast<uint32_t>(node.Mark().line) + 1;
      e.column = static_cast<uint32_t>(node.Mark().column) + 1;
    }
    e.message = std::move(message);
    errors_.push_back(std::move(e));
  }

  std::optional<std::string> scalar(const YAML::Node &node, const std::string &what) {
    if (!node.IsScalar()) {
      error(node, "`" + what + "` must be a string");
      return std::nullopt;
    }
    return node.Scalar();
  }

  // A string or a list of strings.
  std::optional<std::vector<std::string>> stringList(const YAML::Node &node, const std::string &what) {
    std::vector<std::string> out;
    if (node.IsScalar()) {
      // "sm80,sm90" is accepted like on the command line.
      llvm::SmallVector<llvm::StringRef> parts;
      llvm::StringRef(node.Scalar()).split(parts, ',', -1, false);
      for (auto p : parts) out.push_back(p.trim().str());
      return out;
    }
    if (!node.IsSequence()) {
      error(node, "`" + what + "` must be a list of strings");
      return std::nullopt;
    }
    for (const auto &item : node) {
      if (!item.IsScalar()) {
        error(item, "`" + what + "` must be a list of strings");
        return std::nullopt;
      }
      out.push_back(item.Scalar());
    }
    return out;
  }

  std::optional<std::vector<std::string>> archList(const YAML::Node &node) {
    auto list = stringList(node, "arch");
    if (!list) return std::nullopt;
    for (const auto &a : *list)
      if (!findArch(a)) {
        error(node, "unknown arch `" + a + "`" + didYouMean(a, archNames()) + " (known: " +
                        llvm::join(archNames(), ", ") + ")");
        return std::nullopt;
      }
    return list;
  }

  std::optional<std::string> dtype(const YAML::Node &node) {
    auto value = scalar(node, "dtype");
    if (!value) return std::nullopt;
    if (!isKnownDtype(*value)) {
      error(node, "unknown dtype `" + *value + "`" + didYouMean(*value, knownDtypes()) +
                      " (known: " + llvm::join(knownDtypes(), ", ") + ")");
      return std::nullopt;
    }
    return value;
  }

  std::optional<std::string> backend(const YAML::Node &node) {
    auto value = scalar(node, "backend");
    if (!value) return std::nullopt;
    if (*value != "triton" && !isForeignBackend(*value)) {
      error(node, "unknown backend `" + *value + "`" + didYouMean(*value, backendNames()) +
                      " (known: " + llvm::join(backendNames(), ", ") + ")");
      return std::nullopt;
    }
    return value;
  }

  std::vector<std::string> selectors(const YAML::Node &node, const std::string &what) {
    auto list = stringList(node, what);
    if (!list) return {};
    // A list's bad entry is reported at the entry itself, not at the list.
    std::vector<YAML::Node> items;
    if (node.IsSequence())
      for (const auto &item : node) items.push_back(item);
    for (size_t i = 0; i < list->size(); ++i) {
      std::string problem = checkRuleSelector((*list)[i]);
      if (!problem.empty()) error(i < items.size() ? items[i] : node, problem);
    }
    return *list;
  }

  std::map<std::string, RuleSettings> rules(const YAML::Node &node) {
    std::map<std::string, RuleSettings> out;
    if (!node.IsMap()) {
      error(node, "`rules` must map rule ids to their settings");
      return out;
    }
    const auto &registry = RuleRegistry::instance();
    for (const auto &entry : node) {
      const std::string id = entry.first.Scalar();
      const RegisteredRule *rule = registry.find(id);
      if (!rule) {
        std::string guess = registry.closestId(id);
        error(entry.first, "unknown rule `" + id + "`" +
                               (guess.empty() ? "" : "; did you mean `" + guess + "`?"));
        continue;
      }
      RuleSettings settings;
      if (!entry.second.IsMap()) {
        error(entry.second, "settings of `" + id + "` must be a map");
        continue;
      }
      std::vector<std::string> optionNames{"severity"};
      for (const auto &o : rule->info.options) optionNames.push_back(o.name);
      for (const auto &option : entry.second) {
        const std::string name = option.first.Scalar();
        if (name == "severity") {
          auto value = scalar(option.second, "severity");
          if (!value) continue;
          settings.severity = parseSeverity(*value);
          if (!settings.severity)
            error(option.second, "severity must be `note`, `warning` or `error`, not `" + *value + "`");
          continue;
        }
        const RuleOption *declared = nullptr;
        for (const auto &o : rule->info.options)
          if (o.name == name) declared = &o;
        if (!declared) {
          error(option.first, "rule `" + id + "` has no option `" + name + "`" +
                                  didYouMean(name, optionNames));
          continue;
        }
        auto value = scalar(option.second, name);
        if (!value) continue;
        if (declared->type == "int") {
          long long parsed;
          if (llvm::StringRef(*value).getAsInteger(10, parsed)) {
            error(option.second, "option `" + name + "` of `" + id + "` must be an integer");
            continue;
          }
        } else if (declared->type == "bool" && *value != "true" && *value != "false") {
          error(option.second, "option `" + name + "` of `" + id + "` must be true or false");
          continue;
        }
        settings.options[name] = *value;
      }
      out[id] = std::move(settings);
    }
    return out;
  }

  void unknownKey(const YAML::Node &key, const std::vector<std::string> &known, const std::string &where) {
    error(key, "unknown key `" + key.Scalar() + "`" + where + didYouMean(key.Scalar(), known));
  }

  PathOverride pathOverride(const YAML::Node &node) {
    PathOverride o;
    static const std::vector<std::string> known{"paths", "arch", "dtype", "backend", "select", "ignore", "rules"};
    if (!node.IsMap()) {
      error(node, "each override must be a map with `paths`");
      return o;
    }
    for (const auto &entry : node) {
      const std::string key = entry.first.Scalar();
      if (key == "paths") {
        if (auto list = stringList(entry.second, "paths")) o.paths = *list;
      } else if (key == "arch") {
        o.archs = archList(entry.second);
      } else if (key == "dtype") {
        o.dtype = dtype(entry.second);
      } else if (key == "backend") {
        o.backend = backend(entry.second);
      } else if (key == "select") {
        o.select = selectors(entry.second, "select");
      } else if (key == "ignore") {
        o.ignore = selectors(entry.second, "ignore");
      } else if (key == "rules") {
        o.rules = rules(entry.second);
      } else {
        unknownKey(entry.first, known, " in override");
      }
    }
    if (o.paths.empty()) error(node, "override without `paths`");
    return o;
  }

  std::optional<int64_t> integer(const YAML::Node &node, const std::string &what) {
    long long value;
    if (!node.IsScalar() || llvm::StringRef(node.Scalar()).getAsInteger(10, value)) {
      error(node, "`" + what + "` must be an integer");
      return std::nullopt;
    }
    return value;
  }

  std::optional<std::map<std::string, int64_t>> shapeMap(const YAML::Node &node) {
    if (!node.IsMap()) {
      error(node, "each shape must map argument names to integers, e.g. {M: 4096, N: 4096}");
      return std::nullopt;
    }
    std::map<std::string, int64_t> shape;
    for (const auto &entry : node) {
      auto value = integer(entry.second, "shape " + entry.first.Scalar());
      if (!value) return std::nullopt;
      shape[entry.first.Scalar()] = *value;
    }
    return shape;
  }

  // A flops/bytes formula: arithmetic over the shape names only (the runner
  // evaluates it in Python with no builtins but min and max).
  void checkFormula(const YAML::Node &node, const std::string &what, const std::string &formula,
                    const std::vector<std::map<std::string, int64_t>> &shapes) {
    for (char c : formula)
      if (!(llvm::isAlnum(c) || c == '_' || c == ' ' || c == '+' || c == '-' || c == '*' || c == '/' || c == '(' ||
            c == ')' || c == '.' || c == ',')) {
        error(node, "`" + what + "` may only use shape names, numbers, + - * / ( ) min max; found `" +
                        std::string(1, c) + "`");
        return;
      }
    llvm::StringRef rest(formula);
    while (!rest.empty()) {
      if (llvm::isAlpha(rest.front()) || rest.front() == '_') {
        size_t n = 0;
        while (n < rest.size() && (llvm::isAlnum(rest[n]) || rest[n] == '_')) ++n;
        std::string name = rest.take_front(n).str();
        rest = rest.drop_front(n);
        if (name == "min" || name == "max") continue;
        for (const auto &shape : shapes)
          if (!shape.count(name)) {
            error(node, "`" + what + "` uses `" + name + "`, which a shape of this bench spec does not give");
            return;
          }
      } else if (llvm::isDigit(rest.front())) {
        while (!rest.empty() && (llvm::isAlnum(rest.front()) || rest.front() == '.' || rest.front() == '_'))
          rest = rest.drop_front();
      } else {
        rest = rest.drop_front();
      }
    }
  }

  // A CUDA launch formula (grid, block, smem, args): arithmetic over shape
  // names, template parameters and `stream`; the names are only known per
  // instantiation, so only the characters are checked here.
  void checkLaunchFormula(const YAML::Node &node, const std::string &what, const std::string &formula) {
    if (formula.empty()) error(node, "`" + what + "` is empty");
    int depth = 0;
    for (char c : formula) {
      depth += c == '(' ? 1 : c == ')' ? -1 : 0;
      if (depth < 0) break;
    }
    if (depth != 0) {
      error(node, "`" + what + "` has unbalanced parentheses (`" + formula +
                      "`); quote formulas that contain commas in a YAML list, e.g. [\"cdiv(N, BN)\"]");
      return;
    }
    for (char c : formula)
      if (!(llvm::isAlnum(c) || c == '_' || c == ' ' || c == '+' || c == '-' || c == '*' || c == '/' || c == '%' ||
            c == '(' || c == ')' || c == '.' || c == ',')) {
        error(node, "`" + what + "` may only use shape names, template parameters, numbers, + - * / % ( ) "
                    "min max cdiv; found `" + std::string(1, c) + "`");
        return;
      }
  }

  std::optional<BenchSpec> benchSpec(const YAML::Node &node) {
    static const std::vector<std::string> known{"kernel", "launcher", "shapes", "dtype",  "flops",
                                                "bytes",  "warmup-ms", "rep-ms", "arg-dtypes", "grid",
                                                "block",  "smem",    "host",   "args", "reference", "boundary"};
    if (!node.IsMap()) {
      error(node, "each bench spec must be a map with `kernel` and `launcher`");
      return std::nullopt;
    }
    BenchSpec spec;
    spec.line = static_cast<uint32_t>(node.Mark().line + 1);
    size_t before = errors_.size();
    std::optional<YAML::Node> flopsNode, bytesNode;
    for (const auto &entry : node) {
      const std::string key = entry.first.Scalar();
      const YAML::Node &value = entry.second;
      if (key == "kernel") {
        if (auto s = scalar(value, "kernel")) spec.kernel = *s;
      } else if (key == "launcher") {
        if (auto s = scalar(value, "launcher")) {
          llvm::StringRef text(*s);
          auto [module, function] = text.split(':');
          if (module.empty() || function.empty() || function.contains(':'))
            error(value, "`launcher` must be `module:function`, e.g. `bench_matmul:launch`, not `" + *s + "`");
          spec.launcher = *s;
        }
      } else if (key == "reference") {
        if (auto s = scalar(value, "reference")) {
          auto [module, function] = llvm::StringRef(*s).split(':');
          if (module.empty() || function.empty() || function.contains(':'))
            error(value, "`reference` must be `module:function`, e.g. `launchers:reference_matmul`, not `" + *s +
                             "`");
          spec.reference = *s;
        }
      } else if (key == "boundary") {
        if (!value.IsSequence() || value.size() == 0) {
          error(value, "`boundary` must list the shape names to vary, e.g. [M, K]");
          continue;
        }
        for (const auto &d : value)
          if (auto s = scalar(d, "boundary")) spec.boundaryDims.push_back(*s);
      } else if (key == "shapes") {
        if (value.IsSequence()) {
          for (const auto &item : value)
            if (auto shape = shapeMap(item)) spec.shapes.push_back(std::move(*shape));
        } else if (auto shape = shapeMap(value)) {
          spec.shapes.push_back(std::move(*shape));
        }
      } else if (key == "dtype") {
        if (auto d = dtype(value)) spec.dtype = *d;
      } else if (key == "flops" || key == "bytes") {
        if (auto s = scalar(value, key)) (key == "flops" ? spec.flops : spec.bytes) = *s;
        (key == "flops" ? flopsNode : bytesNode) = value;
      } else if (key == "warmup-ms" || key == "rep-ms") {
        auto v = integer(value, key);
        int64_t minimum = key == "warmup-ms" ? 25 : 100;
        if (v && *v < minimum)
          error(value, "`" + key + "` must be at least " + std::to_string(minimum) +
                           " ms (shorter timings are noise; see the bench-too-short rule)");
        else if (v)
          (key == "warmup-ms" ? spec.warmupMs : spec.repMs) = *v;
      } else if (key == "arg-dtypes") {
        if (!value.IsMap()) {
          error(value, "`arg-dtypes` must map pointer arguments to element types");
          continue;
        }
        for (const auto &a : value)
          if (auto d = dtype(a.second)) spec.argDtypes[a.first.Scalar()] = *d;
      } else if (key == "grid" || key == "block") {
        auto &dims = key == "grid" ? spec.grid : spec.block;
        if (value.IsScalar()) {
          dims.push_back(value.Scalar());
        } else if (value.IsSequence() && value.size() >= 1) {
          for (const auto &d : value)
            if (auto s = scalar(d, key)) dims.push_back(*s);
          for (const auto &d : dims) checkLaunchFormula(value, key, d);
          if (dims.size() > 3) error(value, "`" + key + "` has more than 3 dimensions (x, y, z)");
          continue;
        } else {
          error(value, "`" + key + "` must be a formula or a list of 1 to 3 formulas (x, y, z)");
          continue;
        }
        for (const auto &d : dims) checkLaunchFormula(value, key, d);
      } else if (key == "smem") {
        if (auto s = scalar(value, key)) {
          spec.smem = *s;
          checkLaunchFormula(value, key, *s);
        }
      } else if (key == "host") {
        if (auto s = scalar(value, key)) {
          spec.host = *s;
          bool identifier = !s->empty() && (llvm::isAlpha(s->front()) || s->front() == '_');
          for (char c : *s)
            if (!(llvm::isAlnum(c) || c == '_' || c == ':' || c == '<' || c == '>' || c == ',' || c == ' '))
              identifier = false;
          if (!identifier)
            error(value, "`host` must name a host function of the kernel's .cu file, e.g. `launch_gemm`");
        }
      } else if (key == "args") {
        if (value.IsMap()) {
          for (const auto &a : value)
            if (auto s = scalar(a.second, "args " + a.first.Scalar())) {
              spec.args.emplace_back(a.first.Scalar(), *s);
              checkLaunchFormula(a.second, "args " + a.first.Scalar(), *s);
            }
        } else if (value.IsSequence()) {
          spec.argsPositional = true;
          for (const auto &a : value)
            if (auto s = scalar(a, "args")) {
              spec.args.emplace_back("", *s);
              checkLaunchFormula(a, "args", *s);
            }
        } else {
          error(value, "`args` must map parameter names to formulas, or list one formula per parameter");
        }
      } else {
        unknownKey(entry.first, known, " in bench spec");
      }
    }
    if (spec.kernel.empty()) error(node, "bench spec without `kernel`");
    if (!spec.grid.empty() && !spec.host.empty())
      error(node, "a bench spec gives either `grid` and `block` (a launch) or `host` (a host function), not both");
    else if (!spec.grid.empty() && spec.block.empty())
      error(node, "a bench spec with `grid` needs `block` (threads per block)");
    else if (spec.grid.empty() && !spec.block.empty())
      error(node, "a bench spec with `block` needs `grid` (blocks per launch)");
    if (spec.launcher.empty() && !spec.isCuda())
      error(node, "bench spec without `launcher` (module:function), or for a CUDA kernel `grid` and `block` or "
                  "`host`");
    if (flopsNode) checkFormula(*flopsNode, "flops", spec.flops, spec.shapes);
    if (bytesNode) checkFormula(*bytesNode, "bytes", spec.bytes, spec.shapes);
    for (const std::string &dim : spec.boundaryDims)
      if (spec.shapes.empty() || !spec.shapes.front().count(dim))
        error(node, "`boundary` names `" + dim + "`, which the first of `shapes` does not give");
    if (errors_.size() != before) return std::nullopt;
    return spec;
  }

  KernelSettings kernel(const YAML::Node &node, const std::string &name) {
    KernelSettings k;
    static const std::vector<std::string> known{"dtype", "shapes"};
    if (!node.IsMap()) {
      error(node, "settings of kernel `" + name + "` must be a map");
      return k;
    }
    for (const auto &entry : node) {
      const std::string key = entry.first.Scalar();
      if (key == "dtype") {
        if (auto d = dtype(entry.second)) k.dtype = *d;
      } else if (key == "shapes") {
        if (!entry.second.IsMap()) {
          error(entry.second, "`shapes` must map argument names to integers");
          continue;
        }
        for (const auto &shape : entry.second) {
          long long value;
          if (!shape.second.IsScalar() || llvm::StringRef(shape.second.Scalar()).getAsInteger(10, value)) {
            error(shape.second, "shape `" + shape.first.Scalar() + "` must be an integer");
            continue;
          }
          k.shapes[shape.first.Scalar()] = value;
        }
      } else {
        unknownKey(entry.first, known, " in kernel `" + name + "`");
      }
    }
    return k;
  }

  std::optional<AutotunerDeclaration> autotuner(const YAML::Node &name, const YAML::Node &node) {
    AutotunerDeclaration declaration;
    if (!name.IsScalar() || name.Scalar().empty() || name.Scalar().front() == '.' ||
        name.Scalar().back() == '.') {
      error(name, "an autotuner is named by its decorator's qualified name, e.g. `mylib.tuning.cached_autotune`");
      return std::nullopt;
    }
    declaration.decorator = name.Scalar();
    if (node.IsNull()) return declaration;
    if (!node.IsMap()) {
      error(node, "autotuner `" + declaration.decorator +
                      "` must map configs, key, prune-configs-by, restore-value or reset-to-zero to an argument "
                      "(its keyword or its position)");
      return std::nullopt;
    }
    static const std::vector<std::string> known{"configs", "key", "prune-configs-by", "restore-value",
                                                "reset-to-zero"};
    bool valid = true;
    for (const auto &entry : node) {
      const std::string key = entry.first.Scalar();
      AutotunerDeclaration::Argument *argument = key == "configs"            ? &declaration.configs
                                                 : key == "key"              ? &declaration.key
                                                 : key == "prune-configs-by" ? &declaration.pruneConfigsBy
                                                 : key == "restore-value"    ? &declaration.restoreValue
                                                 : key == "reset-to-zero"    ? &declaration.resetToZero
                                                                             : nullptr;
      if (!argument) {
        unknownKey(entry.first, known, " in autotuner `" + declaration.decorator + "`");
        valid = false;
        continue;
      }
      long long position;
      const YAML::Node &value = entry.second;
      if (value.IsScalar() && !llvm::StringRef(value.Scalar()).getAsInteger(10, position)) {
        if (position < 0 || position > 64) {
          error(value, "the position of `" + key + "` must be between 0 and 64");
          valid = false;
          continue;
        }
        *argument = {"", static_cast<int>(position)};
      } else if (value.IsScalar() && isIdentifier(value.Scalar())) {
        *argument = {value.Scalar(), -1};
      } else {
        error(value, "`" + key + "` of autotuner `" + declaration.decorator +
                         "` must be the argument's keyword (a Python name) or its position (0, 1, ...)");
        valid = false;
      }
    }
    if (!valid) return std::nullopt;
    return declaration;
  }

  static bool isIdentifier(const std::string &text) {
    if (text.empty() || std::isdigit(static_cast<unsigned char>(text[0]))) return false;
    for (char c : text)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
    return true;
  }

  ProjectConfig read(const YAML::Node &root) {
    ProjectConfig config;
    if (root.IsNull()) return config; // an empty file is a valid, empty config
    if (!root.IsMap()) {
      error(root, "the top level must be a map of settings");
      return config;
    }
    static const std::vector<std::string> known{"arch", "dtype", "backend", "select", "ignore", "exclude", "fail-on",
                                                "rules", "overrides", "kernels", "autotuners", "environment", "cuda", "bench"};
    for (const auto &entry : root) {
      const std::string key = entry.first.Scalar();
      const YAML::Node &value = entry.second;
      if (key == "arch") {
        config.archs = archList(value);
      } else if (key == "dtype") {
        config.dtype = dtype(value);
      } else if (key == "backend") {
        config.backend = backend(value);
      } else if (key == "select") {
        config.select = selectors(value, "select");
      } else if (key == "ignore") {
        config.ignore = selectors(value, "ignore");
      } else if (key == "exclude") {
        if (auto list = stringList(value, "exclude")) config.exclude = *list;
      } else if (key == "fail-on") {
        if (auto s = scalar(value, "fail-on")) {
          config.failOn = parseSeverity(*s);
          if (!config.failOn) error(value, "`fail-on` must be `note`, `warning` or `error`, not `" + *s + "`");
        }
      } else if (key == "rules") {
        config.rules = rules(value);
      } else if (key == "overrides") {
        if (!value.IsSequence()) {
          error(value, "`overrides` must be a list");
          continue;
        }
        for (const auto &item : value) config.overrides.push_back(pathOverride(item));
      } else if (key == "kernels") {
        if (!value.IsMap()) {
          error(value, "`kernels` must map kernel names to settings");
          continue;
        }
        for (const auto &k : value) config.kernels[k.first.Scalar()] = kernel(k.second, k.first.Scalar());
      } else if (key == "autotuners") {
        if (!value.IsMap()) {
          error(value, "`autotuners` must map decorator names to the arguments that carry configs and key, "
                       "e.g. {mylib.cached_autotune: {configs: configs, key: key}}");
          continue;
        }
        for (const auto &declared : value)
          if (auto declaration = autotuner(declared.first, declared.second))
            config.autotuners.push_back(std::move(*declaration));
      } else if (key == "environment") {
        if (!value.IsMap()) {
          error(value, "`environment` must map variable names to values, e.g. {MY_BACKEND: cuda}");
          continue;
        }
        for (const auto &variable : value) {
          if (!variable.second.IsScalar()) {
            error(variable.second, "the value of environment variable `" + variable.first.Scalar() +
                                       "` must be a string, a number or a boolean");
            continue;
          }
          config.environment[variable.first.Scalar()] = variable.second.Scalar();
        }
      } else if (key == "cuda") {
        if (!value.IsMap()) {
          error(value, "`cuda` must be a map of CUDA settings, e.g. {defines: {HEAD_DIM: 64}}");
          continue;
        }
        for (const auto &setting : value) {
          const std::string name = setting.first.Scalar();
          if (name != "defines") {
            error(setting.first, "unknown CUDA setting `" + name + "` (known: defines)");
            continue;
          }
          if (!setting.second.IsMap()) {
            error(setting.second, "`cuda: defines` must map macro names to values, e.g. {HEAD_DIM: 64}");
            continue;
          }
          for (const auto &macro : setting.second) {
            const std::string macroName = macro.first.Scalar();
            const bool identifier =
                !macroName.empty() && !std::isdigit(static_cast<unsigned char>(macroName.front())) &&
                std::all_of(macroName.begin(), macroName.end(),
                            [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
            if (!identifier || !macro.second.IsScalar()) {
              error(identifier ? macro.second : macro.first,
                    identifier ? "the value of macro `" + macroName + "` must be a string, a number or a boolean"
                               : "`" + macroName + "` is not a macro name");
              continue;
            }
            config.cudaDefines[macroName] = macro.second.Scalar();
          }
        }
      } else if (key == "bench") {
        config.hasBench = true;
        if (!value.IsSequence()) {
          error(value, "`bench` must be a list of bench specs");
          continue;
        }
        for (const auto &item : value)
          if (auto spec = benchSpec(item)) config.bench.push_back(std::move(*spec));
      } else {
        unknownKey(entry.first, known, "");
      }
    }
    return config;
  }

private:
  std::string path_;
  std::vector<ConfigError> &errors_;
};

} // namespace

std::string checkRuleSelector(const std::string &selector) {
  llvm::StringRef s(selector);
  if (s.ends_with(":*")) {
    llvm::StringRef category = s.drop_back(2);
    if (parseCategory(category.str())) return {};
    std::vector<std::string> categories{"correctness", "resources", "tuning", "benchmarking", "meta"};
    return "unknown rule category `" + category.str() + "`" + didYouMean(category.str(), categories);
  }
  const auto &registry = RuleRegistry::instance();
  if (registry.contains(selector)) return {};
  std::string guess = registry.closestId(selector);
  return "unknown rule `" + selector + "`" + (guess.empty() ? "" : "; did you mean `" + guess + "`?");
}

ProjectConfig loadProjectConfig(const std::string &path, std::vector<ConfigError> &errors) {
  // Where the config is, also when it has errors: its valid settings (the
  // defaults for a file that does not parse) still apply, and a run that meets
  // the file again (nearest configs) reuses it instead of reporting it twice.
  auto located = [&path](ProjectConfig config) {
    config.path = path;
    llvm::SmallString<256> dir(path);
    llvm::sys::path::remove_filename(dir);
    config.root = dir.empty() ? "." : std::string(dir);
    return config;
  };
  ProjectConfig config;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    errors.push_back({path, 0, 0, "cannot read config file"});
    return located(std::move(config));
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  YAML::Node root;
  try {
    root = YAML::Load(buffer.str());
  } catch (const YAML::Exception &e) {
    ConfigError error;
    error.path = path;
    if (e.mark.line >= 0) {
      error.line = static_cast<uint32_t>(e.mark.line) + 1;
      error.column = static_cast<uint32_t>(e.mark.column) + 1;
    }
    error.message = "malformed YAML: " + e.msg;
    errors.push_back(error);
    return located(std::move(config));
  }
  ConfigReader reader(path, errors);
  try {
    config = reader.read(root);
  } catch (const YAML::Exception &e) {
    errors.push_back({path, static_cast<uint32_t>(e.mark.line + 1), static_cast<uint32_t>(e.mark.column + 1),
                      "invalid config: " + e.msg});
  }
  return located(std::move(config));
}

std::string findProjectConfig(const std::string &startDir) {
  llvm::SmallString<256> dir(startDir);
  if (llvm::sys::fs::make_absolute(dir)) return {};
  llvm::sys::path::remove_dots(dir, true);
  while (true) {
    llvm::SmallString<256> candidate(dir);
    llvm::sys::path::append(candidate, ".btlint.yaml");
    if (llvm::sys::fs::is_regular_file(candidate)) return std::string(candidate);
    llvm::StringRef parent = llvm::sys::path::parent_path(dir);
    if (parent.empty() || parent == dir) return {};
    dir = parent;
  }
}

const ProjectConfig &NearestConfigs::forDirectory(const std::string &dir) {
  llvm::SmallString<256> absolute(dir.empty() ? "." : dir);
  llvm::sys::fs::make_absolute(absolute);
  llvm::sys::path::remove_dots(absolute, true);
  std::lock_guard<std::mutex> lock(mutex_);
  const ProjectConfig *found = lookUp(std::string(absolute));
  return found ? *found : empty_;
}

const ProjectConfig *NearestConfigs::lookUp(const std::string &absoluteDir) {
  std::vector<std::string> visited;
  const ProjectConfig *found = nullptr;
  std::string dir = absoluteDir;
  while (true) {
    auto cached = byDirectory_.find(dir);
    if (cached != byDirectory_.end()) {
      found = cached->second;
      break;
    }
    visited.push_back(dir);
    llvm::SmallString<256> candidate(dir);
    llvm::sys::path::append(candidate, ".btlint.yaml");
    if (llvm::sys::fs::is_regular_file(candidate)) {
      std::string path(candidate);
      if (known_ && known_->path == path) {
        found = known_;
      } else {
        auto &slot = loaded_[path];
        if (!slot) slot = std::make_unique<ProjectConfig>(loadProjectConfig(path, errors_));
        found = slot.get();
      }
      break;
    }
    llvm::StringRef parent = llvm::sys::path::parent_path(dir);
    if (parent.empty() || parent == dir) break;
    dir = parent.str();
  }
  for (const auto &v : visited) byDirectory_[v] = found;
  return found;
}

std::vector<ConfigError> NearestConfigs::errors() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return errors_;
}

} // namespace btlint
