// btlint-bench --collect: each finding confirmed or refuted with what the
// compiler and the GPU measured.
#include "Bench.h"
#include "source/JsonFile.h"

#include "arch/ArchTable.h"
#include "resources/ConfigVerdict.h"
#include "rules/Rule.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

namespace btlint::bench {
namespace json = llvm::json;

std::optional<json::Value> readJson(const std::string &file, std::string &error) {
  return readJsonFile(file, error);
}

std::string rankedGpuModel(const json::Array &rows, llvm::StringRef preferred) {
  std::map<std::string, size_t> count;
  for (const json::Value &row : rows)
    if (const json::Object *object = row.getAsObject())
      if (auto name = object->getString("gpu_name")) ++count[name->str()];
  if (count.empty() || count.count(preferred.str())) return preferred.str();
  return std::max_element(count.begin(), count.end(), [](const auto &a, const auto &b) { return a.second < b.second; })
      ->first;
}

bool rowsNameManifestKernels(const json::Array &rows, const json::Array &kernels, const std::string &file,
                             std::string &error) {
  std::map<std::string, std::string> names;
  for (const json::Value &k : kernels)
    if (const json::Object *kernel = k.getAsObject())
      names[kernel->getString("id").value_or("").str()] = kernel->getString("name").value_or("").str();
  for (const json::Value &r : rows) {
    const json::Object *row = r.getAsObject();
    auto name = row ? row->getString("name") : std::nullopt;
    if (!name) continue; // rows of harnesses before names were recorded
    const std::string id = row->getString("kernel").value_or("").str();
    auto found = names.find(id);
    if (found == names.end() || found->second != *name) {
      error = file + ": kernel " + id + " is `" + name->str() + "` in the results but " +
              (found == names.end() ? std::string("not in the manifest") : "`" + found->second + "` in the manifest") +
              ": they come from another emit of the tree; collect them with the manifest.json they were run with";
      return false;
    }
  }
  return true;
}

bool ofGpuModel(const json::Object &row, llvm::StringRef model) {
  auto name = row.getString("gpu_name");
  return !name || model.empty() || *name == model;
}

namespace {

// A tuning finding is confirmed when the wider search beats the list's best
// by at least this much (timing noise on one GPU is a few percent).
constexpr double kTuningGainPercent = 5.0;


std::string str(const json::Object &o, llvm::StringRef key) { return o.getString(key).value_or("").str(); }
int64_t integer(const json::Object &o, llvm::StringRef key, int64_t fallback = -1) {
  if (auto v = o.getInteger(key)) return *v;
  if (auto d = o.getNumber(key)) return static_cast<int64_t>(*d);
  return fallback;
}

std::string scalarText(const json::Value &v) {
  if (auto i = v.getAsInteger()) return std::to_string(*i);
  if (auto d = v.getAsNumber()) return llvm::formatv("{0}", *d).str();
  if (auto s = v.getAsString()) return s->str();
  if (auto b = v.getAsBoolean()) return *b ? "True" : "False";
  return "?";
}

std::string configText(const json::Object &row) {
  std::string text;
  if (const json::Object *params = row.getObject("params")) {
    std::vector<std::string> keys;
    for (const auto &kv : *params) keys.push_back(kv.first.str());
    std::sort(keys.begin(), keys.end());
    for (const auto &k : keys) text += (text.empty() ? "" : ", ") + k + "=" + scalarText(*params->get(k));
  }
  text += (text.empty() ? "" : ", ") + std::string("warps=") + std::to_string(integer(row, "num_warps")) +
          ", stages=" + std::to_string(integer(row, "num_stages"));
  return text;
}

std::string bytesText(int64_t bytes) {
  if (bytes < 0) return "?";
  return std::to_string(bytes) + " B";
}

std::string mdEscape(std::string text) {
  std::string out;
  for (char c : text) {
    if (c == '|') out += "\\|";
    else if (c == '\n') out += ' ';
    else out += c;
  }
  return out;
}

// What the runner measures to judge a finding: what the manifest says (the
// finding's own measure, else its rule's), or for a manifest written before
// manifests said it, what the finding's rule declares (RuleInfo::measure).
Measure measureOf(const json::Object &finding) {
  if (auto written = finding.getString("measure")) return parseMeasure(*written).value_or(Measure::None);
  const RegisteredRule *rule = RuleRegistry::instance().find(str(finding, "rule"));
  return rule ? rule->info.measure : Measure::None;
}

// The arch table's dense peak for the type; fp16's for a type it has none for.
double peakFor(const ArchInfo &arch, const std::string &dtype) {
  const double peak = peakTflopsFor(arch, dtype);
  return peak > 0 ? peak : arch.peakTflopsFp16;
}

struct Verdict {
  std::string verdict; // confirmed, refuted, not_decided, not_measured, not_checked
  std::vector<std::string> evidence;
  json::Array measured;
  // Values the compiles used that neither the config, the project's launches
  // nor .btlint.yaml gave ("K=4096", "stride_ak=1 (btlint's layout ...)").
  std::vector<std::string> assuming;
};

// What the compiles of `rows` assumed beyond the config, the launches and the
// user's shapes (the harness's `assumed`, less the "(launch)" values).
std::vector<std::string> assumedBy(const std::vector<const json::Object *> &rows) {
  std::vector<std::string> out;
  for (const json::Object *row : rows)
    if (const json::Array *assumed = row->getArray("assumed"))
      for (const auto &a : *assumed)
        if (auto text = a.getAsString(); text && !text->ends_with("(launch)") &&
                                         std::find(out.begin(), out.end(), text->str()) == out.end())
          out.push_back(text->str());
  return out;
}

// Only btlint's own layout assumption: the compile is the case the model
// describes, so a refutation stands.
bool onlyLayout(const std::vector<std::string> &assuming) {
  return std::all_of(assuming.begin(), assuming.end(),
                     [](const std::string &a) { return llvm::StringRef(a).contains("(btlint's layout"); });
}

// The config values a results row or a manifest config names, as text
// ("BLOCK=64, warps=4, stages=3"), to compare the two.
std::string configKey(const json::Object &params, int64_t warps, int64_t stages) {
  std::vector<std::string> parts;
  for (const auto &[name, value] : params) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << value;
    parts.push_back(name.str() + "=" + text);
  }
  std::sort(parts.begin(), parts.end());
  return llvm::join(parts, ", ") + ", warps=" + std::to_string(warps) + ", stages=" + std::to_string(stages);
}

// A kernel's identity across two emits of one tree: its file below the
// tree's root, its name and line (ids number kernels in discovery order,
// which a kernel found since shifts).
using KernelIdentity = std::tuple<std::string, std::string, int64_t>;

std::map<std::string, KernelIdentity> identitiesOf(const json::Object &manifest) {
  std::vector<std::pair<std::string, const json::Object *>> kernels;
  if (const json::Array *list = manifest.getArray("kernels"))
    for (const auto &k : *list)
      if (const json::Object *o = k.getAsObject(); o && str(*o, "language") == "triton")
        kernels.emplace_back(str(*o, "original_path"), o);
  // The root: the directory all the kernels' files share.
  std::string root = kernels.empty() ? std::string() : kernels.front().first;
  for (const auto &[path, kernel] : kernels) {
    size_t same = 0;
    while (same < root.size() && same < path.size() && root[same] == path[same]) ++same;
    root.resize(same);
  }
  root.resize(root.rfind('/') == std::string::npos ? 0 : root.rfind('/') + 1);
  std::map<std::string, KernelIdentity> out;
  for (const auto &[path, kernel] : kernels)
    out[str(*kernel, "id")] = {path.substr(root.size()), str(*kernel, "name"), integer(*kernel, "line")};
  return out;
}

// Renumbers results recorded against `recordedManifest` to the kernel ids of
// `manifest`, matching kernels by identity; rows of kernels the manifest no
// longer has are dropped and counted in `dropped`.
json::Object renumberResults(const json::Object &results, const json::Object &recordedManifest,
                             const json::Object &manifest, int64_t &dropped) {
  std::map<KernelIdentity, std::string> idNow;
  for (const auto &[id, identity] : identitiesOf(manifest)) idNow[identity] = id;
  std::map<std::string, std::string> renamed;
  for (const auto &[id, identity] : identitiesOf(recordedManifest))
    if (auto found = idNow.find(identity); found != idNow.end()) renamed[id] = found->second;
  json::Object out = results;
  for (const char *list : {"compile", "timing"}) {
    json::Array *rows = out.getArray(list);
    if (!rows) continue;
    json::Array kept;
    for (auto &row : *rows) {
      json::Object *o = row.getAsObject();
      auto id = o ? renamed.find(str(*o, "kernel")) : renamed.end();
      if (id == renamed.end()) {
        ++dropped;
        continue;
      }
      (*o)["kernel"] = id->second;
      kept.push_back(std::move(row));
    }
    *rows = std::move(kept);
  }
  if (json::Array *records = out.getArray("kernels")) {
    json::Array kept;
    for (auto &record : *records)
      if (json::Object *o = record.getAsObject())
        if (auto id = renamed.find(str(*o, "id")); id != renamed.end()) {
          (*o)["id"] = id->second;
          kept.push_back(std::move(record));
        }
    *records = std::move(kept);
  }
  return out;
}

// Whether results recorded elsewhere belong to this manifest: every kernel
// a row names is here under the same name, and every row's manifest config
// has the row's values.
bool resultsMatchManifest(const json::Object &manifest, const json::Object &results, const std::string &resultsFile,
                          std::string &error) {
  std::map<std::string, const json::Object *> kernels;
  if (const json::Array *list = manifest.getArray("kernels"))
    for (const auto &k : *list)
      if (const json::Object *o = k.getAsObject()) kernels[str(*o, "id")] = o;
  std::map<std::string, std::string> recordedNames;
  if (const json::Array *records = results.getArray("kernels"))
    for (const auto &r : *records)
      if (const json::Object *o = r.getAsObject()) recordedNames[str(*o, "id")] = str(*o, "name");
  for (const auto &[id, name] : recordedNames) {
    auto here = kernels.find(id);
    if (here == kernels.end() || str(*here->second, "name") != name) {
      error = resultsFile + ": kernel " + id + " is `" + name + "` there but " +
              (here == kernels.end() ? std::string("absent") : "`" + str(*here->second, "name") + "`") +
              " in the manifest: it was emitted from another tree";
      return false;
    }
  }
  if (const json::Array *rows = results.getArray("compile"))
    for (const auto &r : *rows) {
      const json::Object *row = r.getAsObject();
      if (!row || !row->get("manifest_config") || !row->getInteger("manifest_config")) continue;
      const std::string id = str(*row, "kernel");
      auto here = kernels.find(id);
      if (here == kernels.end()) {
        error = resultsFile + ": a compile row names kernel " + id + ", which the manifest does not have";
        return false;
      }
      const int64_t index = integer(*row, "manifest_config");
      const json::Object *config = nullptr;
      if (const json::Array *configs = here->second->getArray("configs"))
        for (const auto &c : *configs)
          if (const json::Object *co = c.getAsObject(); co && integer(*co, "index") == index) config = co;
      const json::Object noParams;
      const json::Object *rowParams = row->getObject("params") ? row->getObject("params") : &noParams;
      const json::Object *configParams = config && config->getObject("params") ? config->getObject("params") : &noParams;
      if (!config || configKey(*rowParams, integer(*row, "num_warps"), integer(*row, "num_stages")) !=
                         configKey(*configParams, integer(*config, "num_warps"), integer(*config, "num_stages"))) {
        error = resultsFile + ": config " + std::to_string(index + 1) + " of kernel " + id + " (`" +
                str(*here->second, "name") + "`) is {" +
                configKey(*rowParams, integer(*row, "num_warps"), integer(*row, "num_stages")) +
                "} there but " +
                (config ? "{" + configKey(*configParams, integer(*config, "num_warps"), integer(*config, "num_stages")) +
                              "}"
                        : std::string("absent")) +
                " in the manifest";
        return false;
      }
    }
  return true;
}

class Collector {
public:
  Collector(const json::Object &manifest, const json::Object &results) : manifest_(manifest), results_(results) {
    if (const json::Array *kernels = manifest.getArray("kernels"))
      for (const auto &k : *kernels)
        if (const json::Object *o = k.getAsObject()) kernels_[str(*o, "id")] = o;
    if (const json::Array *rows = results.getArray("compile"))
      for (const auto &r : *rows)
        if (const json::Object *o = r.getAsObject()) compileRows_[str(*o, "kernel")].push_back(o);
    if (const json::Array *rows = results.getArray("timing")) {
      const json::Object *machine = results.getObject("machine");
      timedModel_ = rankedGpuModel(*rows, machine ? str(*machine, "gpu") : "");
      for (const auto &r : *rows)
        if (const json::Object *o = r.getAsObject()) {
          if (ofGpuModel(*o, timedModel_)) timingRows_[str(*o, "kernel")].push_back(o);
          else ++otherModels_[str(*o, "gpu_name")];
        }
    }
    if (const json::Array *records = results.getArray("kernels"))
      for (const auto &r : *records)
        if (const json::Object *o = r.getAsObject()) kernelRecords_[str(*o, "id")] = o;
    if (const json::Array *rows = results.getArray("cuda"))
      for (const auto &r : *rows)
        if (const json::Object *o = r.getAsObject()) cudaRows_[str(*o, "source")].push_back(o);
    if (const json::Array *rows = results.getArray("cuda_launches"))
      for (const auto &r : *rows)
        if (const json::Object *o = r.getAsObject()) {
          if (str(*o, "kind") == "check") cudaChecks_[integer(*o, "finding")].push_back(o);
          else cudaTimed_[str(*o, "kernel")].push_back(o);
        }
  }

  // "cudaErrorInvalidValue (invalid argument)" from a driver's error field.
  static std::string cudaErrorText(const json::Object &row, llvm::StringRef key) {
    const json::Object *e = row.getObject(key);
    if (!e) return "";
    return str(*e, "name") + " (" + str(*e, "text") + ")";
  }
  static std::string dimsText(const json::Object &row, llvm::StringRef key) {
    const json::Array *a = row.getArray(key);
    if (!a) return "?";
    std::vector<std::string> parts;
    for (const auto &v : *a) parts.push_back(scalarText(v));
    while (parts.size() > 1 && parts.back() == "1") parts.pop_back();
    return llvm::join(parts, "x");
  }
  // How a driver launched: "block 2048, 0 B dynamic shared memory, grid 1".
  static std::string launchText(const json::Object &row) {
    if (!str(row, "host").empty()) return "host function `" + str(row, "host") + "`";
    std::string text = "grid " + dimsText(row, "grid") + ", block " + dimsText(row, "block") + ", " +
                       std::to_string(integer(row, "smem", 0)) + " B dynamic shared memory";
    if (integer(row, "opt_in", 0)) text += " (opted in by the driver)";
    return text;
  }
  // The compiled kernel as CUDA describes it (cudaFuncGetAttributes).
  static std::string attributesText(const json::Object &row) {
    if (!row.get("max_threads_per_block")) return "";
    return "cudaFuncGetAttributes: at most " + std::to_string(integer(row, "max_threads_per_block")) +
           " threads per block, " + std::to_string(integer(row, "regs")) + " registers, " +
           std::to_string(integer(row, "static_smem_bytes")) + " B static shared memory";
  }
  std::string throughputText(const json::Object &row) const {
    const ArchInfo *gpu = findArch(str(results_.getObject("machine") ? *results_.getObject("machine")
                                                                      : json::Object{}, "gpu_capability"));
    auto k = kernels_.find(str(row, "kernel"));
    const json::Object *bench = k != kernels_.end() ? k->second->getObject("bench") : nullptr;
    std::string dtype = bench ? str(*bench, "dtype") : "fp16";
    if (auto t = row.getNumber("tflops")) {
      std::string text = llvm::formatv("{0:F1} TFLOP/s", *t).str();
      if (gpu && peakFor(*gpu, dtype) > 0)
        text += llvm::formatv(", {0:F0}% of {1:F0} ({2} tensor peak)", 100 * *t / peakFor(*gpu, dtype),
                              peakFor(*gpu, dtype), dtype == "fp32" ? "tf32" : dtype).str();
      return text;
    }
    if (auto g = row.getNumber("gbs")) {
      std::string text = llvm::formatv("{0:F0} GB/s", *g).str();
      if (gpu && gpu->memoryBandwidthGBs > 0)
        text += llvm::formatv(", {0:F0}% of {1:F0} GB/s", 100 * *g / gpu->memoryBandwidthGBs, gpu->memoryBandwidthGBs)
                    .str();
      return text;
    }
    return "";
  }

  // dynamic-smem-missing-optin and block-size-invalid: the generated driver
  // repeated the launch btlint read (its block and dynamic shared memory, one
  // block of grid, no cudaFuncSetAttribute) and recorded what CUDA answered.
  Verdict judgeLaunch(const json::Object &finding) const {
    Verdict v;
    std::string rule = str(finding, "rule");
    auto checks = cudaChecks_.find(integer(finding, "id"));
    if (checks == cudaChecks_.end() || checks->second.empty()) {
      v.verdict = "not_measured";
      std::string skipped = str(results_, "cuda_launch_skipped");
      v.evidence.push_back(!finding.getObject("launch") ? "btlint-bench could not tie this finding to a launch"
                           : !skipped.empty()          ? "not launched: " + skipped
                                                       : "not launched (run.py ran without a GPU or with "
                                                         "--compile-only)");
      return v;
    }
    const json::Object &row = *checks->second.front();
    v.measured.push_back(json::Object(row));
    std::string status = str(row, "status");
    std::string what = "`" + str(row, "name") + "` launched by the driver with " + launchText(row) +
                       ", no cudaFuncSetAttribute";
    std::string attributes = attributesText(row);
    if (status == "launch_failed") {
      v.verdict = measureOf(finding) == Measure::LaunchFails ? "confirmed" : "refuted";
      v.evidence.push_back(what + ": the launch failed with " + cudaErrorText(row, "launch_error"));
      if (row.get("opt_in_launch_error")) {
        std::string again = cudaErrorText(row, "opt_in_launch_error");
        v.evidence.push_back("after cudaFuncSetAttribute(" + str(row, "name") +
                             ", cudaFuncAttributeMaxDynamicSharedMemorySize, " + std::to_string(integer(row, "smem")) +
                             "): " + (again.empty() ? "the same launch ran" : "still failed with " + again));
      }
    } else if (status == "ran" || status == "faulted") {
      const bool partialWarps = measureOf(finding) == Measure::LaunchIdleLanes;
      v.verdict = partialWarps ? "not_checked" : "refuted";
      v.evidence.push_back(what + ": CUDA accepted the launch" +
                           (status == "faulted" ? " (the kernel then failed on the driver's synthesised arguments: " +
                                                      cudaErrorText(row, "sync_error") + ")"
                                                : std::string(" and the kernel ran")));
      if (partialWarps) v.evidence.push_back("a block of partial warps launches; what it wastes is not a failure");
    } else {
      v.verdict = "not_measured";
      std::string error = str(row, "error");
      if (llvm::StringRef(status).starts_with("driver_"))
        v.evidence.push_back("the driver for `" + str(row, "name") + "` did not build (" + status.substr(7) +
                             "): " + error);
      else
        v.evidence.push_back(status + (error.empty() ? "" : ": " + error));
    }
    if (!attributes.empty()) v.evidence.push_back(attributes);
    // The timed launches of the same kernel: the program's own host function,
    // or the bench spec's launch (opted in where it needs it).
    auto timed = cudaTimed_.find(str(row, "kernel"));
    if (timed != cudaTimed_.end())
      for (const json::Object *t : timed->second) {
        std::string tstatus = str(*t, "status");
        std::string text = "timed at " + shapeText(*t) + " through " + launchText(*t) + ": ";
        if (tstatus == "ok")
          text += llvm::formatv("{0:F4} ms", *t->getNumber("ms")).str() +
                  (throughputText(*t).empty() ? "" : ", " + throughputText(*t));
        else if (tstatus == "launch_failed")
          text += "every launch failed with " + cudaErrorText(*t, "launch_error");
        else
          text += tstatus + (str(*t, "error").empty() ? "" : " (" + str(*t, "error").substr(0, 160) + ")");
        v.evidence.push_back(text);
      }
    return v;
  }

  // ptxas's limit on static __shared__ (48 KiB on every NVIDIA arch).
  static int64_t staticSharedLimit(const std::string &arch) {
    const ArchInfo *a = findArch(arch);
    return a ? a->staticSharedLimit : 49152;
  }

  int64_t sharedLimit(const std::string &arch) const {
    if (const json::Object *info = manifest_.getObject("arch_info"))
      if (const json::Object *a = info->getObject(arch)) return integer(*a, "max_shared_per_block_optin");
    const ArchInfo *a = findArch(arch);
    return a ? a->maxSharedPerBlockOptIn : -1;
  }

  const json::Object *estimateOf(const std::string &kernel, int64_t manifestConfig, const std::string &arch) const {
    auto k = kernels_.find(kernel);
    if (k == kernels_.end() || manifestConfig < 0) return nullptr;
    const json::Array *configs = k->second->getArray("configs");
    if (!configs) return nullptr;
    for (const auto &c : *configs) {
      const json::Object *co = c.getAsObject();
      if (co && integer(*co, "index") == manifestConfig)
        if (const json::Object *e = co->getObject("estimate")) return e->getObject(arch);
    }
    return nullptr;
  }

  // btlint's estimate against the compiler for every config that compiled:
  // shared memory byte-exact, the fit verdict, the spill verdict, registers
  // within 10%; per kernel and overall, with every disagreement.
  struct Agreement {
    int64_t configs = 0, smemExact = 0, smemInRange = 0, fit = 0, spill = 0, regsCompared = 0, regsWithin = 0;
    void add(const Agreement &o) {
      configs += o.configs, smemExact += o.smemExact, smemInRange += o.smemInRange, fit += o.fit;
      spill += o.spill, regsCompared += o.regsCompared, regsWithin += o.regsWithin;
    }
  };
  Agreement agreementOf(const std::string &kernel, std::vector<std::string> &disagreements) const {
    Agreement a;
    auto rows = compileRows_.find(kernel);
    if (rows == compileRows_.end()) return a;
    for (const json::Object *row : rows->second) {
      const std::string status = str(*row, "status");
      if ((status != "ok" && status != "out_of_resources") || !row->get("shared_bytes")) continue;
      const std::string arch = str(*row, "arch");
      const json::Object *e = estimateOf(kernel, integer(*row, "manifest_config"), arch);
      if (!e || !e->get("smem_max")) continue;
      ++a.configs;
      const int64_t lo = integer(*e, "smem_min"), hi = integer(*e, "smem_max"), got = integer(*row, "shared_bytes");
      const int64_t limit = sharedLimit(arch);
      const std::string where = kernel + " " + rowText(*row, kernel);
      if (lo == hi && hi == got) ++a.smemExact;
      if (lo <= got && got <= hi) ++a.smemInRange;
      else disagreements.push_back(where + ": shared memory btlint " + (lo == hi ? std::to_string(lo) :
                                   std::to_string(lo) + "-" + std::to_string(hi)) + ", Triton " + std::to_string(got));
      const bool measuredFits = limit < 0 || got <= limit;
      const bool estimatedFits = hi <= limit;
      const bool estimatedOverflows = lo > limit;
      if ((measuredFits && estimatedFits) || (!measuredFits && estimatedOverflows)) ++a.fit;
      else disagreements.push_back(where + ": fit btlint " + (estimatedFits ? "fits" : estimatedOverflows ?
                                   "overflows" : "may overflow") + ", Triton " + (measuredFits ? "fits" : "overflows"));
      if (row->get("spill_store_bytes")) {
        const bool measuredSpills = integer(*row, "spill_store_bytes") > 0;
        const bool estimatedSpills = e->getBoolean("spills").value_or(false);
        if (measuredSpills == estimatedSpills) ++a.spill;
        else disagreements.push_back(where + ": spills btlint " + (estimatedSpills ? "yes" : "no") + ", ptxas " +
                                     std::to_string(integer(*row, "spill_store_bytes")) + " B stored");
      } else {
        ++a.spill; // no ptxas log: nothing to disagree with
      }
      if (row->get("regs") && e->get("regs_per_thread")) {
        ++a.regsCompared;
        const double got = static_cast<double>(integer(*row, "regs"));
        const double est = static_cast<double>(integer(*e, "regs_per_thread"));
        if (std::abs(est - got) <= 0.1 * got) ++a.regsWithin;
      }
    }
    return a;
  }

  std::string rowText(const json::Object &row, const std::string &kernel) const {
    std::string arch = str(row, "arch");
    int64_t mc = integer(row, "manifest_config");
    std::string text = arch + ", config " + (mc >= 0 ? std::to_string(mc + 1) : "(runtime " +
                       std::to_string(integer(row, "config") + 1) + ")") + " {" + configText(row) + "}: ";
    std::string status = str(row, "status");
    const json::Object *estimate = estimateOf(kernel, mc, arch);
    if (row.get("shared_bytes")) {
      text += "Triton " + bytesText(integer(row, "shared_bytes")) + " shared";
      if (estimate && integer(*estimate, "smem_max") >= 0) {
        int64_t lo = integer(*estimate, "smem_min"), hi = integer(*estimate, "smem_max");
        text += " (btlint estimated " + (lo == hi ? bytesText(hi) : bytesText(lo) + "-" + bytesText(hi)) + ")";
      }
      text += ", limit " + bytesText(sharedLimit(arch));
      if (row.get("regs")) {
        text += "; ptxas " + std::to_string(integer(row, "regs")) + " registers";
        if (estimate && integer(*estimate, "regs_per_thread") > 0)
          text += " (btlint ~" + std::to_string(integer(*estimate, "regs_per_thread")) + ")";
        text += ", spills " + std::to_string(integer(row, "spill_store_bytes")) + "/" +
                std::to_string(integer(row, "spill_load_bytes")) + " B store/load";
      }
    }
    if (status != "ok") text += std::string(row.get("shared_bytes") ? "; " : "") + status;
    if (status != "ok" && !str(row, "error").empty()) text += " (" + str(row, "error") + ")";
    return text;
  }

  // Resident warps per SM from what the compiler allocated, by the
  // occupancy model the rules use; -1 when the row lacks the numbers.
  int64_t residentWarps(const json::Object &row) const {
    const ArchInfo *arch = findArch(str(row, "arch"));
    int64_t regs = integer(row, "regs"), shared = integer(row, "shared_bytes"), warps = integer(row, "num_warps");
    if (!arch || regs <= 0 || shared < 0 || warps <= 0) return -1;
    return resources::occupancyOf(shared, regs, warps * arch->warpSize, *arch).warps;
  }
  // The resident warps the finding asked for (its measure_limit), else
  // low-occupancy's default.
  static int64_t occupancyThreshold(const json::Object &finding) {
    return finding.getInteger("measure_limit").value_or(16);
  }

  static bool overShared(const json::Object &row, int64_t limit) {
    if (str(row, "status") == "out_of_resources") return true;
    int64_t shared = integer(row, "shared_bytes");
    return limit > 0 && shared > limit;
  }
  static bool spills(const json::Object &row) {
    return integer(row, "spill_store_bytes", 0) > 0 || integer(row, "spill_load_bytes", 0) > 0;
  }

  Verdict judgeTriton(const json::Object &finding, Measure check) const {
    Verdict v;
    std::string kernel = str(finding, "kernel");
    std::string arch = str(finding, "arch");
    std::set<int64_t> configs;
    if (const json::Array *list = finding.getArray("configs"))
      for (const auto &c : *list)
        if (auto i = c.getAsInteger()) configs.insert(*i);
    auto record = kernelRecords_.find(kernel);
    if (record != kernelRecords_.end() && str(*record->second, "status") != "ok") {
      v.verdict = "not_measured";
      v.evidence.push_back("the harness could not load the kernel: " + str(*record->second, "error"));
      return v;
    }
    if (check == Measure::Tuning) return judgeTuning(kernel);
    if (check == Measure::Throughput) return judgeThroughput(kernel, configs);
    if (check == Measure::StagesNoEffect) return judgeStages(kernel, arch);
    std::vector<const json::Object *> rows;
    auto it = compileRows_.find(kernel);
    if (it != compileRows_.end())
      for (const json::Object *row : it->second) {
        if (!arch.empty() && str(*row, "arch") != arch) continue;
        if (!configs.empty() && !configs.count(integer(*row, "manifest_config"))) continue;
        rows.push_back(row);
      }
    if (rows.empty()) {
      v.verdict = "not_measured";
      v.evidence.push_back(configs.empty() ? "no config of this kernel was compiled"
                                           : "the configs it names were not in the module's list at run time");
      return v;
    }
    for (const json::Object *row : rows) v.measured.push_back(json::Object(*row));
    std::vector<const json::Object *> hits, misses, failed;
    for (const json::Object *row : rows) {
      std::string status = str(*row, "status");
      bool hit = false;
      switch (check) {
      case Measure::SharedMemory:
      case Measure::AllPruned: hit = overShared(*row, sharedLimit(str(*row, "arch"))); break;
      case Measure::Spill: hit = spills(*row); break;
      case Measure::CompileFails: hit = status == "compile_error"; break;
      case Measure::Occupancy: hit = status == "ok" && residentWarps(*row) >= 0 &&
                                   residentWarps(*row) < occupancyThreshold(finding);
        break;
      default: break;
      }
      if (status == "timeout" || status == "crashed" || status == "error" || status == "argument_error" ||
          (status == "compile_error" && check != Measure::CompileFails && check != Measure::AllPruned))
        failed.push_back(row);
      else
        (hit ? hits : misses).push_back(row);
    }
    if (check == Measure::None) {
      v.verdict = "not_checked";
      v.evidence.push_back("the runner has no measurement that decides this rule; compiled configs listed");
      for (size_t i = 0; i < rows.size() && i < 3; ++i) v.evidence.push_back(rowText(*rows[i], kernel));
      return v;
    }
    bool confirmed = check == Measure::AllPruned ? (!hits.empty() && misses.empty()) : !hits.empty();
    if (hits.empty() && misses.empty()) {
      v.verdict = "not_measured";
    } else {
      v.verdict = confirmed ? "confirmed" : "refuted";
    }
    const auto &shown = confirmed ? hits : misses;
    // Never a bare refutation from a value the harness made up: say what the
    // verdict rests on, and leave a refutation resting on made-up sizes open.
    v.assuming = assumedBy(shown);
    if (v.verdict == "refuted" && !onlyLayout(v.assuming)) {
      v.verdict = "not_decided";
      v.evidence.insert(v.evidence.begin(), "refuted only with values no launch or .btlint.yaml gives: give the "
                                            "kernel's shapes under `kernels:` in .btlint.yaml to decide");
    }
    for (size_t i = 0; i < shown.size() && i < 4; ++i)
      v.evidence.push_back(rowText(*shown[i], kernel) +
                           (check == Measure::Occupancy ? "; " + std::to_string(residentWarps(*shown[i])) +
                                                            " resident warps per SM from these numbers"
                                                      : std::string()));
    if (shown.size() > 4) v.evidence.push_back("... and " + std::to_string(shown.size() - 4) + " more configs");
    if (confirmed && check != Measure::AllPruned && !misses.empty())
      v.evidence.push_back(std::to_string(misses.size()) + " of the configs it names did not reproduce it");
    for (size_t i = 0; i < failed.size() && i < 2; ++i) v.evidence.push_back(rowText(*failed[i], kernel));
    return v;
  }

  // too-few-configs and other tuning findings: the list's best against the
  // best of the wider search, per shape.
  Verdict judgeTuning(const std::string &kernel) const {
    Verdict v;
    auto it = timingRows_.find(kernel);
    if (it == timingRows_.end()) {
      v.verdict = "not_measured";
      v.evidence.push_back(results_.getArray("timing") ? "no bench spec for this kernel (.btlint.yaml `bench:`)"
                                                       : "not timed (no GPU, or run with --compile-only)");
      return v;
    }
    std::map<std::string, std::pair<const json::Object *, const json::Object *>> best; // shape -> list, wider
    for (const json::Object *row : it->second) {
      if (str(*row, "status") != "ok") continue;
      std::string shape = shapeText(*row);
      auto &slot = best[shape];
      const json::Object *&b = row->getBoolean("wider").value_or(false) ? slot.second : slot.first;
      if (!b || *row->getNumber("ms") < *b->getNumber("ms")) b = row;
    }
    bool anyGain = false, measured = false;
    for (const auto &[shape, pair] : best) {
      if (!pair.first || !pair.second) continue;
      measured = true;
      double listMs = *pair.first->getNumber("ms"), widerMs = *pair.second->getNumber("ms");
      double gain = (listMs / widerMs - 1.0) * 100.0;
      if (gain >= kTuningGainPercent) anyGain = true;
      v.evidence.push_back(llvm::formatv("{0}: best of the list {1:F4} ms ({2}), best of the wider search {3:F4} "
                                         "ms ({4}): {5:F1}% {6}",
                                         shape, listMs, configText(*pair.first), widerMs, configText(*pair.second),
                                         std::fabs(gain), gain >= 0 ? "faster outside the list" : "slower")
                               .str());
    }
    v.verdict = !measured ? "not_measured" : anyGain ? "confirmed" : "refuted";
    if (!measured) v.evidence.push_back("no wider search was timed");
    return v;
  }

  // grid-ignores-config: a grid that launches too few programs skips work,
  // which timing shows as a throughput the GPU cannot reach for the work the
  // spec's formula counts. A grid that is too large only wastes programs, so
  // no timing refutes the finding.
  Verdict judgeThroughput(const std::string &kernel, const std::set<int64_t> &configs) const {
    Verdict v;
    auto it = timingRows_.find(kernel);
    const ArchInfo *gpu = findArch(str(results_.getObject("machine") ? *results_.getObject("machine")
                                                                       : json::Object{}, "gpu_capability"));
    if (it == timingRows_.end() || !gpu) {
      v.verdict = "not_measured";
      v.evidence.push_back("not timed (no bench spec for this kernel, or no GPU)");
      return v;
    }
    auto k = kernels_.find(kernel);
    const json::Object *bench = k != kernels_.end() ? k->second->getObject("bench") : nullptr;
    std::string dtype = bench ? str(*bench, "dtype") : "fp16";
    std::vector<std::string> beyond, within;
    for (const json::Object *row : it->second) {
      if (str(*row, "status") != "ok" || row->getBoolean("wider").value_or(false)) continue;
      if (!configs.empty() && !configs.count(integer(*row, "manifest_config"))) continue;
      double value = 0, peak = 0;
      std::string unit;
      if (auto t = row->getNumber("tflops")) {
        value = *t;
        peak = peakFor(*gpu, dtype);
        unit = "TFLOP/s";
      } else if (auto g = row->getNumber("gbs")) {
        value = *g;
        peak = gpu->memoryBandwidthGBs;
        unit = "GB/s";
      }
      if (peak <= 0) continue;
      std::string text = llvm::formatv("config {0} {{{1}}: {2:F0} {3} in {4:F4} ms, {5:F0}% of the {6} peak of {7} "
                                       "{3}",
                                       integer(*row, "manifest_config") + 1, configText(*row), value, unit,
                                       *row->getNumber("ms"), 100 * value / peak, gpu->name, peak)
                             .str();
      (value > peak ? beyond : within).push_back(text);
    }
    if (!beyond.empty()) {
      v.verdict = "confirmed";
      v.evidence = beyond;
      v.evidence.push_back("faster than the GPU can do the work the bench formula counts: the grid launched too "
                           "few programs and part of the output was never computed");
    } else {
      v.verdict = within.empty() ? "not_measured" : "not_checked";
      v.evidence = within;
      if (!within.empty())
        v.evidence.push_back("no config beyond the peak; a grid that is too large only wastes programs, which "
                             "timing cannot tell from a slow config");
    }
    return v;
  }

  // num-stages-out-of-range on a kernel without a pipelined loop: configs
  // that differ only in num_stages must compile to the same shared memory
  // and registers (nothing was pipelined).
  Verdict judgeStages(const std::string &kernel, const std::string &arch) const {
    Verdict v;
    std::map<std::string, std::vector<const json::Object *>> groups;
    auto it = compileRows_.find(kernel);
    if (it != compileRows_.end())
      for (const json::Object *row : it->second) {
        if (str(*row, "status") != "ok" || (!arch.empty() && str(*row, "arch") != arch)) continue;
        json::Object key(*row);
        std::string text = str(*row, "arch") + " " + configText(key);
        size_t at = text.rfind(", stages=");
        groups[text.substr(0, at)].push_back(row);
      }
    size_t compared = 0;
    for (const auto &[name, rows] : groups) {
      std::set<int64_t> stages;
      for (const json::Object *r : rows) stages.insert(integer(*r, "num_stages"));
      if (stages.size() < 2) continue;
      ++compared;
      const json::Object &first = *rows.front();
      for (const json::Object *r : rows)
        if (integer(*r, "shared_bytes") != integer(first, "shared_bytes") ||
            integer(*r, "regs") != integer(first, "regs")) {
          v.verdict = "refuted";
          v.evidence.push_back(name + ": num_stages " + std::to_string(integer(first, "num_stages")) + " and " +
                               std::to_string(integer(*r, "num_stages")) + " compile differently (" +
                               std::to_string(integer(first, "shared_bytes")) + " vs " +
                               std::to_string(integer(*r, "shared_bytes")) + " B shared, " +
                               std::to_string(integer(first, "regs")) + " vs " + std::to_string(integer(*r, "regs")) +
                               " registers)");
          return v;
        }
      if (v.evidence.size() < 3)
        v.evidence.push_back(name + ": num_stages " + llvm::join(llvm::map_range(stages, [](int64_t s) {
                               return std::to_string(s);
                             }), ", ") + " all compile to " + std::to_string(integer(first, "shared_bytes")) +
                             " B shared and " + std::to_string(integer(first, "regs")) + " registers");
    }
    v.verdict = compared ? "confirmed" : "not_measured";
    if (compared) v.evidence.push_back(std::to_string(compared) + " groups of configs differing only in num_stages "
                                       "compiled identically: the stages pipeline nothing");
    else v.evidence.push_back("no two compiled configs differ only in num_stages");
    return v;
  }

  Verdict judgeCuda(const json::Object &finding, Measure check) const {
    // Launch findings are judged by the driver's launch; a manifest written
    // before the drivers existed (no `launch`, no launches) keeps the old verdict.
    if ((check == Measure::LaunchFails || check == Measure::LaunchIdleLanes) &&
        (finding.getObject("launch") || results_.getArray("cuda_launches")))
      return judgeLaunch(finding);
    Verdict v;
    auto k = kernels_.find(str(finding, "kernel"));
    std::string arch = str(finding, "arch");
    std::vector<std::pair<const json::Object *, const json::Object *>> entries; // row, entry
    std::vector<const json::Object *> fileRows;
    std::string source = k != kernels_.end() ? str(*k->second, "cuda_source") : "";
    std::string symbol = k != kernels_.end() ? str(*k->second, "symbol") : "";
    auto rows = cudaRows_.find(source);
    if (rows != cudaRows_.end())
      for (const json::Object *row : rows->second) {
        if (!arch.empty() && str(*row, "arch") != arch) continue;
        fileRows.push_back(row);
        if (const json::Object *all = row->getObject("entries"))
          for (const auto &e : *all)
            if (symbol.empty() || e.first == symbol)
              if (const json::Object *eo = e.second.getAsObject()) entries.push_back({row, eo});
      }
    if (fileRows.empty()) {
      v.verdict = "not_measured";
      v.evidence.push_back("not compiled with nvcc (no nvcc where run.py ran, or no kernel matched)");
      return v;
    }
    if (str(*fileRows.front(), "status") == "nvcc_missing") {
      v.verdict = "not_measured";
      v.evidence.push_back(str(*fileRows.front(), "error"));
      return v;
    }
    for (auto [row, entry] : entries) {
      json::Object m(*entry);
      m["arch"] = str(*row, "arch");
      v.measured.push_back(std::move(m));
    }
    auto entryText = [&](const json::Object &row, const json::Object &e) {
      std::string text = str(row, "arch") + " " + str(e, "symbol") + ": ptxas " +
                         bytesText(integer(e, "shared_bytes")) + " static shared";
      if (k != kernels_.end() && integer(*k->second, "estimated_static_shared_bytes") >= 0)
        text += " (btlint estimated " + bytesText(integer(*k->second, "estimated_static_shared_bytes")) + ")";
      if (e.get("regs")) text += ", " + std::to_string(integer(e, "regs")) + " registers";
      if (e.get("spill_store_bytes"))
        text += ", spills " + std::to_string(integer(e, "spill_store_bytes")) + "/" +
                std::to_string(integer(e, "spill_load_bytes")) + " B";
      if (!str(e, "error").empty()) text += "; " + str(e, "error");
      return text;
    };
    if (check == Measure::StaticShared || check == Measure::SharedMemory || check == Measure::Spill) {
      std::vector<std::string> hits, misses;
      for (auto [row, e] : entries) {
        bool hit = check == Measure::Spill ? spills(*e)
                                         : (str(*e, "status") == "compile_error" ||
                                            integer(*e, "shared_bytes") > (check == Measure::StaticShared
                                                                               ? staticSharedLimit(str(*row, "arch"))
                                                                               : sharedLimit(str(*row, "arch"))));
        (hit ? hits : misses).push_back(entryText(*row, *e));
      }
      if (entries.empty()) {
        // ptxas stopped before naming the entry; its error still says why.
        for (const json::Object *row : fileRows)
          if (llvm::StringRef(str(*row, "error")).contains("too much shared data"))
            hits.push_back(str(*row, "arch") + ": " + str(*row, "error"));
      }
      v.verdict = !hits.empty() ? "confirmed" : !misses.empty() ? "refuted" : "not_measured";
      v.evidence = !hits.empty() ? hits : misses;
      if (v.evidence.empty())
        for (const json::Object *row : fileRows) v.evidence.push_back(str(*row, "arch") + ": " + str(*row, "error"));
      return v;
    }
    v.verdict = "not_checked";
    v.evidence.push_back(check == Measure::LaunchFails
                             ? "decided at launch (CUDA refuses the launch), which compiling does not show"
                             : "the runner has no measurement that decides this rule");
    for (size_t i = 0; i < entries.size() && i < 2; ++i)
      v.evidence.push_back(entryText(*entries[i].first, *entries[i].second));
    return v;
  }

  static std::string shapeText(const json::Object &row) {
    std::string text;
    if (const json::Object *shape = row.getObject("shape")) {
      std::vector<std::string> keys;
      for (const auto &kv : *shape) keys.push_back(kv.first.str());
      std::sort(keys.begin(), keys.end());
      for (const auto &k : keys) text += (text.empty() ? "" : ", ") + k + "=" + scalarText(*shape->get(k));
    }
    return text.empty() ? "default shape" : text;
  }

  const json::Object &manifest_;
  const json::Object &results_;
  std::map<std::string, const json::Object *> kernels_, kernelRecords_;
  std::map<std::string, std::vector<const json::Object *>> compileRows_, timingRows_, cudaRows_, cudaTimed_;
  // The GPU model rankings are made on, and the launches timed on others.
  std::string timedModel_;
  std::map<std::string, size_t> otherModels_;
  std::map<int64_t, std::vector<const json::Object *>> cudaChecks_;
};

} // namespace

bool collectReport(const std::string &dir, std::string &error, std::string *summary, const std::string &resultsPath) {
  auto manifestValue = readJson(dir + "/manifest.json", error);
  if (!manifestValue) return false;
  const std::string resultsFile = resultsPath.empty() ? dir + "/results.json" : resultsPath;
  auto resultsValue = readJson(resultsFile, error);
  if (!resultsValue) {
    if (resultsPath.empty()) error += " (run `python3 " + dir + "/run.py` first)";
    return false;
  }
  const json::Object *manifest = manifestValue->getAsObject();
  const json::Object *results = resultsValue->getAsObject();
  if (!manifest || !results || !manifest->getArray("findings")) {
    error = dir + ": manifest.json or " + resultsFile + " is not what btlint-bench writes";
    return false;
  }
  // Results recorded with their own manifest beside them are renumbered to
  // this manifest's kernels first.
  std::optional<json::Object> renumbered;
  int64_t droppedRows = 0;
  if (!resultsPath.empty()) {
    llvm::SmallString<256> recordedManifestPath(resultsPath);
    llvm::sys::path::remove_filename(recordedManifestPath);
    llvm::sys::path::append(recordedManifestPath, "manifest.json");
    if (llvm::sys::fs::exists(recordedManifestPath) && !llvm::sys::fs::equivalent(recordedManifestPath, dir + "/manifest.json")) {
      auto recordedValue = readJson(std::string(recordedManifestPath), error);
      if (!recordedValue) return false;
      const json::Object *recorded = recordedValue->getAsObject();
      if (!recorded || !recorded->getArray("kernels")) {
        error = std::string(recordedManifestPath) + ": not a manifest btlint-bench writes";
        return false;
      }
      renumbered = renumberResults(*results, *recorded, *manifest, droppedRows);
      results = &*renumbered;
    }
    if (!resultsMatchManifest(*manifest, *results, resultsFile, error)) return false;
  }
  Collector collector(*manifest, *results);
  // A boundary run beside the results judges the unmasked-tile findings.
  std::optional<BoundaryRun> boundary = readBoundaryRun(dir, error);
  if (!boundary && !error.empty()) return false;
  if (boundary && manifest->getArray("kernels") &&
      !rowsNameManifestKernels(*boundary->results.getAsObject()->getArray("rows"), *manifest->getArray("kernels"),
                               dir + "/boundary_results.json", error))
    return false;
  const json::Object machine = results->getObject("machine") ? *results->getObject("machine") : json::Object{};

  std::string md;
  llvm::raw_string_ostream out(md);
  out << "# btlint-bench report\n\n";
  out << "- Run: " << str(*results, "started") << " to " << str(*results, "finished") << " ("
      << str(*results, "mode") << ")\n";
  out << "- Machine: " << (str(machine, "gpu").empty() ? "no GPU" : str(machine, "gpu")) << ", "
      << integer(machine, "cpus") << " CPUs, Python " << str(machine, "python") << ", Triton "
      << str(machine, "triton") << ", torch " << (str(machine, "torch").empty() ? "none" : str(machine, "torch"))
      << "\n";
  std::vector<std::string> archs;
  if (const json::Array *a = results->getArray("archs"))
    for (const auto &x : *a)
      if (auto s = x.getAsString()) archs.push_back(s->str());
  out << "- Compiled for: " << llvm::join(archs, ", ") << "; findings from btlint "
      << str(*manifest, "btlint_version") << " (" << str(*manifest, "created") << ")\n";
  if (renumbered)
    out << "- Measurements: " << resultsFile << ", recorded against an earlier manifest of this tree, joined by "
        << "kernel (file, name, line)" << (droppedRows ? "; " + std::to_string(droppedRows) +
                                           " rows of kernels this manifest no longer has left out" : std::string())
        << "\n";
  if (const json::Object *cs = results->getObject("compile_summary"); cs && integer(*cs, "tasks", 0) > 0) {
    out << "- Compile confirmation: " << integer(*cs, "tasks") << " compiles on " << integer(*cs, "jobs")
        << " processes in " << llvm::formatv("{0:F1}", cs->getNumber("wall_seconds").value_or(0)) << " s wall ("
        << llvm::formatv("{0:F1}", cs->getNumber("sum_compile_seconds").value_or(0))
        << " s of compiler time)";
    if (const json::Object *seq = cs->getObject("sequential_check"))
      out << "; " << integer(*seq, "configs") << " of them one after another in one process: "
          << llvm::formatv("{0:F2}", seq->getNumber("seconds_per_config").value_or(0)) << " s per config against "
          << llvm::formatv("{0:F2}", seq->getNumber("pool_seconds_per_config").value_or(0))
          << " s with the pool, " << llvm::formatv("{0:F1}", seq->getNumber("speedup").value_or(0))
          << "x faster";
    out << "\n";
  }
  if (const json::Object *ts = results->getObject("timing_summary"); ts && integer(*ts, "launches", 0) > 0)
    out << "- Timing: " << integer(*ts, "launches") << " timed configs in "
        << llvm::formatv("{0:F1}", ts->getNumber("wall_seconds").value_or(0)) << " s, "
        << integer(*ts, "worker_restarts") << " worker restarts (do_bench median, warmup >= 25 ms, rep >= 100 ms)"
        << (integer(*ts, "gpus", 1) > 1 ? " over " + std::to_string(integer(*ts, "gpus")) + " GPUs" : std::string())
        << "\n";
  if (const json::Object *ts = results->getObject("timing_summary"))
    if (const json::Object *spread = ts->getObject("gpu_spread"); spread && spread->getNumber("median_spread_across_gpus"))
      out << "- The same config on every GPU (" << (spread->getArray("configs") ? spread->getArray("configs")->size() : 0)
          << " configs timed again on each): medians " << llvm::formatv("{0:F1}", 100 * *spread->getNumber(
                                                              "median_spread_across_gpus"))
          << "% apart (median; at most " << llvm::formatv("{0:F1}", 100 * spread->getNumber(
                                                              "max_spread_across_gpus").value_or(0))
          << "%), against " << llvm::formatv("{0:F1}", 100 * spread->getNumber("median_repeat_noise_one_gpu").value_or(0))
          << "% between two runs on one GPU (at most "
          << llvm::formatv("{0:F1}", 100 * spread->getNumber("max_repeat_noise_one_gpu").value_or(0)) << "%)\n";
  for (const auto &[model, launches] : collector.otherModels_)
    out << "- " << launches << " launches timed on " << model << " left out: rankings use " << collector.timedModel_
        << " alone (timings of different GPU models are never ranked together)\n";
  if (!str(machine, "gpu_driver").empty() || !str(machine, "nvcc").empty())
    out << "- CUDA: NVIDIA driver " << (str(machine, "gpu_driver").empty() ? "?" : str(machine, "gpu_driver"))
        << ", nvcc " << (str(machine, "nvcc").empty() ? "not found" : str(machine, "nvcc")) << "\n";
  if (const json::Object *cs = results->getObject("cuda_launch_summary"))
    out << "- CUDA launches: " << integer(*cs, "runs") << " driver runs (launch checks and timed launches) in "
        << llvm::formatv("{0:F1}", cs->getNumber("wall_seconds").value_or(0))
        << " s, each in its own process (CUDA events, median, warmup >= 25 ms, timed >= 100 ms, L2 flushed)\n";
  if (!str(*results, "cuda_launch_skipped").empty())
    out << "- CUDA launches skipped: " << str(*results, "cuda_launch_skipped") << "\n";
  if (const json::Array *skipped = manifest->getArray("skipped_findings"); skipped && !skipped->empty())
    out << "- " << skipped->size() << " findings outside Triton and CUDA sources (tuning tables) are not compiled\n";
  out << "\n## Findings\n\n| # | rule | where | arch | verdict | measured |\n|---|---|---|---|---|---|\n";

  json::Array judged;
  json::Object agreementJson;
  std::map<std::string, int> counts;
  for (const auto &f : *manifest->getArray("findings")) {
    const json::Object *finding = f.getAsObject();
    if (!finding) continue;
    std::string rule = str(*finding, "rule");
    Measure check = measureOf(*finding);
    Verdict v;
    std::string kernel = str(*finding, "kernel");
    const json::Object *k = nullptr;
    if (const json::Array *kernels = manifest->getArray("kernels"))
      for (const auto &x : *kernels)
        if (const json::Object *o = x.getAsObject(); o && str(*o, "id") == kernel) k = o;
    if (!k) {
      v.verdict = "not_checked";
      v.evidence.push_back("btlint-bench could not tie this finding to a kernel");
    } else if (str(*k, "language") == "cuda") {
      v = collector.judgeCuda(*finding, check);
    } else if (boundary && rule == "tile-access-unmasked") {
      BoundaryVerdict judged = boundary->judge(*k, *finding);
      v.verdict = judged.verdict;
      v.evidence = judged.evidence;
    } else {
      v = collector.judgeTriton(*finding, check);
    }
    ++counts[v.verdict];
    json::Object j(*finding);
    j["verdict"] = v.verdict;
    if (!v.assuming.empty())
      j["assuming"] = json::Array(std::vector<json::Value>(v.assuming.begin(), v.assuming.end()));
    j["evidence"] = json::Array(std::vector<json::Value>(v.evidence.begin(), v.evidence.end()));
    j["measured"] = std::move(v.measured);
    out << "| " << integer(*finding, "id") + 1 << " | `" << rule << "` | " << str(*finding, "path") << ":"
        << integer(*finding, "line") << " | " << (str(*finding, "arch").empty() ? "-" : str(*finding, "arch"))
        << " | **" << v.verdict << "**"
        << (v.assuming.empty() ? std::string() : mdEscape(", assuming " + llvm::join(v.assuming, ", "))) << " | "
        << mdEscape(llvm::join(v.evidence, "<br>")) << " |\n";
    judged.push_back(std::move(j));
  }

  // btlint against the compiler, per kernel and overall.
  {
    Collector::Agreement total;
    std::vector<std::string> disagreements;
    std::string rowsText;
    int64_t tried = 0, decided = 0, notRun = 0, missingModule = 0;
    if (const json::Array *rows = results->getArray("compile"))
      for (const auto &r : *rows)
        if (const json::Object *o = r.getAsObject()) {
          if (str(*o, "status") == "not_run") {
            ++notRun;
            continue;
          }
          // A stand-in of a module not installed where run.py ran took part:
          // the compile says nothing about the config.
          if (str(*o, "status") == "missing_module") {
            ++missingModule;
            continue;
          }
          ++tried;
          if (str(*o, "status") == "ok" || str(*o, "status") == "out_of_resources") ++decided;
        }
    if (const json::Array *kernels = manifest->getArray("kernels"))
      for (const auto &x : *kernels) {
        const json::Object *k = x.getAsObject();
        if (!k || str(*k, "language") != "triton") continue;
        Collector::Agreement a = collector.agreementOf(str(*k, "id"), disagreements);
        if (!a.configs) continue;
        total.add(a);
        auto pct = [](int64_t n, int64_t d) { return d ? llvm::formatv("{0:F0}%", 100.0 * n / d).str() : "-"; };
        rowsText += "| `" + str(*k, "name") + "` (" + str(*k, "original_path") + ") | " + std::to_string(a.configs) +
                    " | " + pct(a.smemExact, a.configs) + " | " + pct(a.fit, a.configs) + " | " +
                    pct(a.spill, a.configs) + " | " + pct(a.regsWithin, a.regsCompared) + " |\n";
      }
    auto pct = [](int64_t n, int64_t d) { return d ? llvm::formatv("{0:F1}%", 100.0 * n / d).str() : "-"; };
    out << "\n## Agreement with the compiler\n\n" << decided << " of " << tried
        << " configs compiled (decided); " << total.configs << " with an estimate of btlint's"
        << (notRun ? "; " + std::to_string(notRun) + " not run (the run's --deadline passed)" : std::string())
        << (missingModule ? "; " + std::to_string(missingModule) +
                                " not decided: the kernel uses a module not installed where run.py ran"
                          : std::string())
        << ".\n\n";
    if (total.configs) {
      out << "| kernel | configs | smem byte-exact | fit verdict | spill verdict | regs within 10% |\n"
             "|---|---|---|---|---|---|\n"
          << rowsText << "| **all** | " << total.configs << " | " << pct(total.smemExact, total.configs) << " | "
          << pct(total.fit, total.configs) << " | " << pct(total.spill, total.configs) << " | "
          << pct(total.regsWithin, total.regsCompared) << " |\n";
      if (!disagreements.empty()) {
        out << "\nDisagreements (" << disagreements.size() << "):\n\n";
        for (const std::string &d : disagreements) out << "- " << mdEscape(d) << "\n";
      }
    }
    agreementJson = json::Object{{"configs_tried", tried}, {"configs_decided", decided}, {"configs_not_run", notRun},
                                 {"configs_compared", total.configs}, {"smem_byte_exact", total.smemExact},
                                 {"smem_in_range", total.smemInRange}, {"fit_agrees", total.fit},
                                 {"spill_agrees", total.spill}, {"regs_compared", total.regsCompared},
                                 {"regs_within_10pct", total.regsWithin},
                                 {"disagreements", json::Array(std::vector<json::Value>(disagreements.begin(),
                                                                                        disagreements.end()))}};
  }

  // Per kernel: every compiled config, estimate against measurement.
  json::Array best;
  bool anyTriton = false;
  if (const json::Array *kernels = manifest->getArray("kernels"))
    for (const auto &x : *kernels)
      if (const json::Object *k = x.getAsObject(); k && str(*k, "language") == "triton") anyTriton = true;
  if (anyTriton) out << "\n## Configs compiled\n";
  if (const json::Array *kernels = manifest->getArray("kernels"))
    for (const auto &x : *kernels) {
      const json::Object *k = x.getAsObject();
      if (!k || str(*k, "language") != "triton") continue;
      std::string id = str(*k, "id");
      out << "\n### `" << str(*k, "name") << "` (" << str(*k, "original_path") << ":" << integer(*k, "line")
          << ", " << str(*k, "dtype") << ")\n\n";
      auto record = collector.kernelRecords_.find(id);
      if (record != collector.kernelRecords_.end() && str(*record->second, "status") != "ok") {
        out << "Not loaded: " << mdEscape(str(*record->second, "error")) << "\n";
        continue;
      }
      out << "| config | arch | btlint smem | Triton smem | btlint regs | ptxas regs | spills (B) | status |\n"
             "|---|---|---|---|---|---|---|---|\n";
      auto rows = collector.compileRows_.find(id);
      if (rows != collector.compileRows_.end())
        for (const json::Object *row : rows->second) {
          std::string arch = str(*row, "arch");
          int64_t mc = integer(*row, "manifest_config");
          const json::Object *e = collector.estimateOf(id, mc, arch);
          std::string est = "?", estRegs = "?";
          if (e && e->get("smem_max")) {
            int64_t lo = integer(*e, "smem_min"), hi = integer(*e, "smem_max");
            est = lo == hi ? std::to_string(hi) : std::to_string(lo) + "-" + std::to_string(hi);
            estRegs = std::to_string(integer(*e, "regs_per_thread"));
          }
          out << "| " << (mc >= 0 ? std::to_string(mc + 1) : "-") << ": " << configText(*row) << " | " << arch
              << " | " << est << " | " << (row->get("shared_bytes") ? std::to_string(integer(*row, "shared_bytes")) : "-")
              << " | " << estRegs << " | " << (row->get("regs") ? std::to_string(integer(*row, "regs")) : "-")
              << " | "
              << (row->get("spill_store_bytes") ? std::to_string(integer(*row, "spill_store_bytes")) + "/" +
                                                      std::to_string(integer(*row, "spill_load_bytes"))
                                                : "-")
              << " | " << str(*row, "status")
              << (str(*row, "status") == "ok" ? "" : " " + mdEscape(str(*row, "error").substr(0, 120))) << " |\n";
        }
      auto timing = collector.timingRows_.find(id);
      if (timing == collector.timingRows_.end()) continue;
      const json::Object *bench = k->getObject("bench");
      std::string dtype = bench ? str(*bench, "dtype") : str(*k, "dtype");
      const ArchInfo *gpuArch = findArch(str(machine, "gpu_capability"));
      out << "\n#### Timing on " << str(machine, "gpu") << "\n\n| config | shape | ms | throughput | of peak | "
          << "status |\n|---|---|---|---|---|---|\n";
      std::map<std::string, const json::Object *> bestByShape;
      for (const json::Object *row : timing->second) {
        std::string status = str(*row, "status");
        std::string throughput = "-", efficiency = "-";
        if (status == "ok") {
          if (auto t = row->getNumber("tflops")) {
            throughput = llvm::formatv("{0:F1} TFLOP/s", *t).str();
            if (gpuArch && peakFor(*gpuArch, dtype) > 0)
              efficiency = llvm::formatv("{0:F0}% of {1} ({2})", 100 * *t / peakFor(*gpuArch, dtype),
                                         peakFor(*gpuArch, dtype), dtype).str();
          } else if (auto g = row->getNumber("gbs")) {
            throughput = llvm::formatv("{0:F0} GB/s", *g).str();
            if (gpuArch && gpuArch->memoryBandwidthGBs > 0)
              efficiency = llvm::formatv("{0:F0}% of {1} GB/s", 100 * *g / gpuArch->memoryBandwidthGBs,
                                         gpuArch->memoryBandwidthGBs).str();
          }
          if (!row->getBoolean("wider").value_or(false)) {
            auto &b = bestByShape[Collector::shapeText(*row)];
            if (!b || *row->getNumber("ms") < *b->getNumber("ms")) b = row;
          }
        }
        bool wider = row->getBoolean("wider").value_or(false);
        int64_t mc = integer(*row, "manifest_config");
        out << "| " << (wider ? "wider " + std::to_string(integer(*row, "config") + 1)
                              : (mc >= 0 ? std::to_string(mc + 1) : "-"))
            << ": " << configText(*row) << " | " << Collector::shapeText(*row) << " | "
            << (status == "ok" ? llvm::formatv("{0:F4}", *row->getNumber("ms")).str() : "-") << " | " << throughput
            << " | " << efficiency << " | " << status
            << (status == "ok" ? "" : " " + mdEscape(str(*row, "error").substr(0, 120))) << " |\n";
      }
      for (const auto &[shape, row] : bestByShape) {
        out << "\nBest config of the list for " << shape << ": " << configText(*row) << " ("
            << llvm::formatv("{0:F4}", *row->getNumber("ms")) << " ms)\n";
        best.push_back(json::Object{{"kernel", id}, {"name", str(*k, "name")}, {"shape", shape},
                                    {"config", configText(*row)}, {"ms", *row->getNumber("ms")},
                                    {"tflops", row->get("tflops") ? *row->get("tflops") : json::Value(nullptr)},
                                    {"gbs", row->get("gbs") ? *row->get("gbs") : json::Value(nullptr)}});
      }
    }
  // CUDA: the launch checks and the timed launches.
  if (const json::Array *launches = results->getArray("cuda_launches"); launches && !launches->empty()) {
    out << "\n## CUDA launches\n\n";
    if (const json::Array *drivers = results->getArray("cuda_drivers"))
      for (const auto &d : *drivers)
        if (const json::Object *o = d.getAsObject())
          out << "- Driver `" << str(*o, "file") << "` for `" << str(*o, "cuda_file") << "`: " << str(*o, "status")
              << (str(*o, "status") == "ok" ? llvm::formatv(" ({0:F1} s with nvcc)", o->getNumber("seconds").value_or(0)).str()
                                            : ": " + mdEscape(str(*o, "error").substr(0, 200)))
              << "\n";
    out << "\n| kind | kernel | launch | shape | result |\n|---|---|---|---|---|\n";
    std::map<std::string, const json::Object *> bestByShape;
    for (const auto &x : *launches) {
      const json::Object *row = x.getAsObject();
      if (!row) continue;
      std::string status = str(*row, "status");
      std::string result;
      if (status == "ok") {
        result = llvm::formatv("{0:F4} ms (median of {1}, min {2:F4})", *row->getNumber("ms"),
                               integer(*row, "reps"), row->getNumber("min_ms").value_or(0))
                     .str();
        std::string t = collector.throughputText(*row);
        if (!t.empty()) result += "; " + t;
        std::string group = str(*row, "kernel");
        for (const auto &kx : *manifest->getArray("kernels"))
          if (const json::Object *ko = kx.getAsObject(); ko && str(*ko, "id") == group && !str(*ko, "template_name").empty())
            group = str(*ko, "template_name");
        auto &b = bestByShape[group + " | " + Collector::shapeText(*row)];
        if (!b || *row->getNumber("ms") < *b->getNumber("ms")) b = row;
      } else if (status == "launch_failed" || status == "faulted") {
        result = status + ": " + Collector::cudaErrorText(*row, status == "faulted" ? "sync_error" : "launch_error");
        if (row->get("opt_in_launch_error"))
          result += "; after the opt-in: " + (Collector::cudaErrorText(*row, "opt_in_launch_error").empty()
                                                  ? std::string("ran")
                                                  : Collector::cudaErrorText(*row, "opt_in_launch_error"));
      } else {
        result = status;
        if (!str(*row, "error").empty()) result += ": " + str(*row, "error").substr(0, 160);
      }
      std::string kind = str(*row, "kind") == "check"
                             ? "check (finding " + std::to_string(integer(*row, "finding") + 1) + ")"
                             : "timed";
      out << "| " << kind << " | `" << str(*row, "name") << "` | " << Collector::launchText(*row) << " | "
          << (str(*row, "kind") == "check" ? std::string("-") : Collector::shapeText(*row)) << " | "
          << mdEscape(result) << " |\n";
    }
    for (const auto &[key, row] : bestByShape) {
      std::string shape = Collector::shapeText(*row);
      out << "\nBest timed launch for " << key.substr(0, key.find(" | ")) << " at " << shape << ": `"
          << str(*row, "name") << "` (" << llvm::formatv("{0:F4}", *row->getNumber("ms")) << " ms"
          << (collector.throughputText(*row).empty() ? "" : ", " + collector.throughputText(*row)) << ")\n";
      best.push_back(json::Object{{"kernel", str(*row, "kernel")}, {"name", str(*row, "name")}, {"shape", shape},
                                  {"config", str(*row, "name")}, {"ms", *row->getNumber("ms")},
                                  {"tflops", row->get("tflops") ? *row->get("tflops") : json::Value(nullptr)},
                                  {"gbs", row->get("gbs") ? *row->get("gbs") : json::Value(nullptr)}});
    }
  }
  json::Array boundaryJson;
  if (boundary) {
    auto [section, kernels] = boundary->section(*manifest);
    out << "\n" << section;
    boundaryJson = std::move(kernels);
  }
  if (llvm::sys::fs::exists(dir + "/throughput.png"))
    out << "\n## Throughput per config\n\n![throughput per config](throughput.png)\n\n"
           "Blue: the list's configs; red: configs a finding names; grey: the wider search; outlined: the best.\n";
  out.flush();

  std::string summaryText;
  for (const char *v : {"confirmed", "refuted", "not_decided", "not_measured", "not_checked"})
    if (counts[v]) summaryText += (summaryText.empty() ? "" : ", ") + std::to_string(counts[v]) + " " + v;
  summaryText = std::to_string(judged.size()) + " findings" + (summaryText.empty() ? "" : ": " + summaryText);

  json::Object report{{"format", 1},
                      {"summary", summaryText},
                      {"machine", json::Object(machine)},
                      {"archs", json::Array(std::vector<json::Value>(archs.begin(), archs.end()))},
                      {"started", str(*results, "started")},
                      {"findings", std::move(judged)},
                      {"best_configs", std::move(best)},
                      {"agreement", std::move(agreementJson)}};
  if (boundary) report["boundary"] = std::move(boundaryJson);
  if (const json::Object *cs = results->getObject("compile_summary")) report["compile_summary"] = json::Object(*cs);
  if (const json::Object *ts = results->getObject("timing_summary")) report["timing_summary"] = json::Object(*ts);
  if (const json::Array *launches = results->getArray("cuda_launches")) report["cuda_launches"] = json::Array(*launches);
  if (const json::Object *device = results->getObject("cuda_device")) report["cuda_device"] = json::Object(*device);

  std::error_code ec;
  llvm::raw_fd_ostream mdFile(dir + "/report.md", ec);
  if (ec) {
    error = dir + "/report.md: cannot write: " + ec.message();
    return false;
  }
  mdFile << md;
  llvm::raw_fd_ostream jsonFile(dir + "/report.json", ec);
  if (ec) {
    error = dir + "/report.json: cannot write: " + ec.message();
    return false;
  }
  jsonFile << llvm::formatv("{0:2}", json::Value(std::move(report))) << "\n";
  if (summary) *summary = summaryText;
  return true;
}

} // namespace btlint::bench
