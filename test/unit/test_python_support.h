#pragma once
// Helpers for the Python front-end and evaluator tests: an in-memory set of
// modules (a "run") that resolves imports between them, and model building
// for a chosen arch.
#include "arch/ArchTable.h"
#include "source/FrontEnd.h"
#include "python/PythonFrontEnd.h"

#include <gtest/gtest.h>

#include <algorithm>

#include <map>
#include <memory>
#include <string>

namespace btlint::python_test {

class PythonRun : public ModuleResolver {
public:
  PythonRun() : frontEnd_(makePythonFrontEnd()) {}

  // Adds a module; `path` like "pkg/kernels.py".
  void add(const std::string &path, std::string text) {
    auto source = std::make_unique<SourceFile>(path, Language::Python, std::move(text));
    parsed_[path] = frontEnd_->parse(*source);
    sources_[path] = std::move(source);
  }

  const ParsedFile &parsed(const std::string &path) const { return *parsed_.at(path); }

  FileModel model(const std::string &path, const std::string &arch = "sm90",
                  EvaluationLimits limits = {},
                  const std::map<std::string, KernelSettings> *kernelSettings = nullptr,
                  AnalysisSettings settings = {}) const {
    ModelContext context;
    context.arch = findArch(arch);
    context.modules = this;
    context.limits = limits;
    context.kernelSettings = kernelSettings;
    context.settings = settings;
    FileModel model;
    frontEnd_->buildModel(*parsed_.at(path), context, model);
    return model;
  }

  const ParsedFile *findPythonModule(std::string_view dottedName,
                                     const std::string &fromPath) const override {
    std::string name(dottedName);
    std::string base;
    size_t dots = 0;
    while (dots < name.size() && name[dots] == '.') ++dots;
    if (dots > 0) {
      base = fromPath.substr(0, fromPath.rfind('/') + 1);
      for (size_t level = 1; level < dots; ++level) {
        if (!base.empty()) base.pop_back();
        base = base.substr(0, base.rfind('/') + 1);
      }
      name = name.substr(dots);
    }
    std::string relative = name;
    for (char &c : relative)
      if (c == '.') c = '/';
    for (const std::string &candidate : {base + relative + ".py", base + relative + "/__init__.py"}) {
      auto found = parsed_.find(candidate);
      if (found != parsed_.end()) return found->second.get();
    }
    return nullptr;
  }

private:
  std::unique_ptr<FrontEnd> frontEnd_;
  std::map<std::string, std::unique_ptr<SourceFile>> sources_;
  std::map<std::string, std::unique_ptr<ParsedFile>> parsed_;
};

// One file, one arch.
inline FileModel modelOf(const std::string &text, const std::string &arch = "sm90",
                         EvaluationLimits limits = {}) {
  PythonRun run;
  run.add("kernels.py", text);
  return run.model("kernels.py", arch, limits);
}

inline const Kernel &kernelNamed(const FileModel &model, const std::string &name) {
  const Kernel *kernel = model.findKernel(name);
  if (!kernel) {
    ADD_FAILURE() << "no kernel named " << name;
    static const Kernel none;
    return none;
  }
  return *kernel;
}

// "BLOCK_M=64,BLOCK_N=32 w4 s3" for compact comparisons.
inline std::string describe(const Config &config) {
  std::string text;
  for (const auto &[name, value] : config.params) {
    if (!text.empty()) text += ",";
    text += name + "=" + value.str();
  }
  if (config.numWarps) text += " w" + config.numWarps->str();
  if (config.numStages) text += " s" + config.numStages->str();
  return text;
}

using Strings = std::vector<std::string>;

template <typename Container> Strings strings(const Container &container) {
  return Strings(container.begin(), container.end());
}

template <typename Container> Strings sortedStrings(const Container &container) {
  Strings out(container.begin(), container.end());
  std::sort(out.begin(), out.end());
  return out;
}

inline bool anyContains(const Strings &texts, const std::string &part) {
  for (const std::string &text : texts)
    if (text.find(part) != std::string::npos) return true;
  return false;
}

inline std::string joined(const Strings &texts) {
  std::string out;
  for (const std::string &text : texts) out += "\n  " + text;
  return out;
}

#define EXPECT_HAS_SUBSTR(text, part)                                                              \
  EXPECT_NE(std::string(text).find(part), std::string::npos) << "in: " << (text)
#define EXPECT_ANY_HAS_SUBSTR(texts, part)                                                         \
  EXPECT_TRUE(::btlint::python_test::anyContains(texts, part))                                    \
      << "no entry has \"" << (part) << "\" in:" << ::btlint::python_test::joined(texts)

inline std::vector<std::string> describe(const ConfigList &list) {
  std::vector<std::string> out;
  for (const Config &config : list.configs) out.push_back(describe(config));
  return out;
}

} // namespace btlint::python_test
