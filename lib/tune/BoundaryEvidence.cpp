#include "tune/BoundaryEvidence.h"

#include "source/JsonFile.h"

#include "llvm/Support/Path.h"

#include <map>

namespace btlint::tune {
namespace json = llvm::json;

std::string boundaryShapeText(const json::Object *shape) {
  std::string out;
  if (shape)
    for (const auto &[name, value] : *shape)
      out += (out.empty() ? "" : ",") + name.str() + "=" + std::to_string(value.getAsInteger().value_or(0));
  return out;
}

std::optional<BoundaryEvidence> readBoundaryEvidence(const std::string &dir, const std::string &path,
                                                     const std::string &kernelName, std::string &error) {
  std::optional<json::Value> manifest = readJsonFile(dir + "/manifest.json", error);
  if (!manifest) return std::nullopt;
  std::optional<json::Value> results = readJsonFile(dir + "/boundary_results.json", error);
  if (!results) return std::nullopt;
  const json::Array *kernels = manifest->getAsObject() ? manifest->getAsObject()->getArray("kernels") : nullptr;
  const json::Array *rows = results->getAsObject() ? results->getAsObject()->getArray("rows") : nullptr;
  if (!kernels || !rows) {
    error = dir + ": manifest.json has no `kernels` or boundary_results.json no `rows` (not btlint-bench's files)";
    return std::nullopt;
  }
  const json::Object *kernel = nullptr;
  const llvm::StringRef fileName = llvm::sys::path::filename(path);
  for (const json::Value &k : *kernels)
    if (const json::Object *object = k.getAsObject())
      if (object->getString("name").value_or("") == kernelName &&
          llvm::sys::path::filename(object->getString("original_path").value_or("")) == fileName)
        kernel = object;
  if (!kernel) {
    error = dir + "/manifest.json: no kernel `" + kernelName + "` of " + fileName.str() + " (was the boundary run " +
            "emitted from this file?)";
    return std::nullopt;
  }
  const std::string id = kernel->getString("id").value_or("").str();
  BoundaryEvidence evidence;
  evidence.source = dir;
  std::map<int64_t, size_t> byIndex;
  if (const json::Array *configs = kernel->getArray("configs"))
    for (const json::Value &c : *configs) {
      const json::Object *config = c.getAsObject();
      if (!config) continue;
      BoundaryOutcome outcome;
      if (const json::Object *params = config->getObject("params"))
        for (const auto &[name, value] : *params) {
          if (auto i = value.getAsInteger()) outcome.params[name.str()] = ScalarValue::ofInt(*i);
          else if (auto b = value.getAsBoolean()) outcome.params[name.str()] = ScalarValue::ofBool(*b);
          else if (auto s = value.getAsString()) outcome.params[name.str()] = ScalarValue::ofString(s->str());
        }
      outcome.numWarps = config->getInteger("num_warps");
      outcome.numStages = config->getInteger("num_stages");
      byIndex[config->getInteger("index").value_or(-1)] = evidence.configs.size();
      evidence.configs.push_back(std::move(outcome));
    }
  for (const json::Value &r : *rows) {
    const json::Object *row = r.getAsObject();
    if (!row || row->getString("kernel").value_or("") != id) continue;
    auto found = byIndex.find(row->getInteger("config").value_or(-1));
    if (found == byIndex.end()) continue;
    BoundaryOutcome &outcome = evidence.configs[found->second];
    ++outcome.shapesChecked;
    const llvm::StringRef status = row->getString("status").value_or("");
    if (status != "match" && status != "reference" && outcome.failure.empty())
      outcome.failure = "fails at `" + boundaryShapeText(row->getObject("shape")) + "`: " + status.str();
  }
  return evidence;
}

const BoundaryOutcome *outcomeFor(const BoundaryEvidence &evidence, const Config &config) {
  auto intOf = [](const std::optional<ScalarValue> &value) -> std::optional<int64_t> {
    if (value && value->isInt()) return value->asInt();
    return std::nullopt;
  };
  for (const BoundaryOutcome &outcome : evidence.configs) {
    if (outcome.shapesChecked == 0) continue;
    if (outcome.numWarps && intOf(config.numWarps).value_or(4) != *outcome.numWarps) continue;
    if (outcome.numStages && intOf(config.numStages).value_or(3) != *outcome.numStages) continue;
    bool same = true;
    for (const auto &[name, value] : outcome.params) {
      auto found = config.params.find(name);
      same = same && found != config.params.end() && found->second == value;
    }
    if (same) return &outcome;
  }
  return nullptr;
}

} // namespace btlint::tune
