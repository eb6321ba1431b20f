#include "report/ConfigReport.h"

#include "eval/TileEval.h"
#include "model/Launches.h"
#include "resources/ConfigChecks.h"
#include "resources/ConfigVerdict.h"
#include "resources/KernelDescription.h"
#include "resources/KernelResourceAdapter.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <set>

namespace btlint::report {
namespace {

std::string normalisedPath(const std::string &path) {
  llvm::SmallString<256> absolute(path);
  llvm::sys::fs::make_absolute(absolute);
  llvm::sys::path::remove_dots(absolute, true);
  return std::string(absolute);
}

// The name a kernel is reported under: a CUDA template's instantiations are
// one kernel; a second autotuner over a Triton function goes by the name it
// is bound to (`scale_narrow = triton.autotune(...)(scale_kernel)`).
std::string groupName(const Kernel &kernel) {
  if (kernel.reapplied && !kernel.boundNames.empty()) return kernel.boundNames.front();
  return kernel.language == Language::Cuda && !kernel.templateName.empty() ? kernel.templateName : kernel.name;
}

std::string valueText(const ScalarValue &value) {
  if (value.isString()) return value.asString();
  return value.str();
}

// Identical configs (duplicate-config): the same values of every field.
std::string identityOf(const Config &config) {
  std::string identity;
  for (const auto &[name, value] : config.params) identity += name + '=' + value.str() + ';';
  auto field = [&](const char *name, const std::optional<ScalarValue> &value) {
    identity += std::string(name) + '=' + (value ? value->str() : std::string("-")) + ';';
  };
  field("num_warps", config.numWarps);
  field("num_stages", config.numStages);
  field("num_ctas", config.numCtas);
  field("maxnreg", config.maxnreg);
  return identity;
}

// One arch's list for one reported kernel, before verdicts.
struct ArchList {
  std::string source; // "autotune", "launches", "table", "instantiations", "kernel", "none"
  std::vector<Config> configs;
  std::vector<const Kernel *> instances; // CUDA: the instantiation each config runs as (may be null)
  const Kernel *model = nullptr;         // the kernel as its file declares it
  const Kernel *definition = nullptr;    // the body that resources are estimated from (may be null)
  const FileModel *file = nullptr;
  std::vector<std::string> notes;
};

// A launch's values as a row of the table.
Config configFromLaunch(const ConfigUse &use, const Kernel &kernel, size_t index) {
  Config config = use.values();
  config.index = index;
  config.expansion = "the launch at line " + std::to_string(use.launch->span.line);
  // The table's columns are the meta-parameters: constexpr and tile parameters.
  NameMap<ScalarValue> meta;
  for (const auto &[name, value] : config.params)
    if (kernel.findParam(name)->isConstexpr() || kernel.tileParams.count(name)) meta[name] = value;
  config.params = std::move(meta);
  return config;
}

// The kernel whose body a YAML table configures (kernelsWithSignature, as
// the rules find it): one defined in Python, else in CUDA.
const Kernel *findDefinition(const std::vector<FileModel> &models, const Kernel &table) {
  KernelIndex index;
  for (const FileModel &model : models) index.add(model);
  const std::vector<const Kernel *> definitions = kernelsWithSignature(table, index);
  for (Language language : {Language::Python, Language::Cuda})
    for (const Kernel *kernel : definitions)
      if (kernel->language == language) return kernel;
  return nullptr;
}

ArchList listFor(const FileModel &file, const std::vector<FileModel> &allModels, const std::string &name) {
  ArchList list;
  list.file = &file;
  std::vector<const Kernel *> group;
  for (const Kernel &kernel : file.kernels)
    if (groupName(kernel) == name) group.push_back(&kernel);
  if (group.empty()) {
    list.source = "none";
    return list;
  }
  list.model = group.front();
  const Kernel &first = *group.front();

  if (first.language == Language::Cuda) {
    const Kernel *tabled = nullptr;
    for (const Kernel *kernel : group)
      if (kernel->autotune) tabled = kernel;
    if (tabled) {
      list.source = "table";
      list.model = tabled;
      list.configs = tabled->autotune->configs.configs;
      for (const Config &config : list.configs) {
        // The instantiation whose template arguments are this row's values.
        const Kernel *match = nullptr;
        for (const Kernel *kernel : group) {
          if (kernel->isTemplatePattern || kernel->templateArguments.empty()) continue;
          bool all = !config.params.empty();
          for (const auto &[param, value] : config.params) {
            auto found = kernel->templateArguments.find(param);
            if (found == kernel->templateArguments.end() || !(found->second == value)) all = false;
          }
          if (all) match = kernel;
        }
        list.instances.push_back(match);
      }
      return list;
    }
    for (const Kernel *kernel : group) {
      if (kernel->isTemplatePattern) continue;
      Config config;
      config.index = list.configs.size();
      config.span = kernel->nameSpan.valid() ? kernel->nameSpan : kernel->span;
      for (const auto &[name, value] : kernel->templateArguments) config.params.emplace(name, value);
      config.expansion = kernel->templateName.empty() ? "the kernel" : "the instantiation `" + kernel->name + "`";
      for (const ConfigUse &use : file.configUsesOf(*kernel))
        if (use.launch && use.launch->blockThreads && use.launch->blockThreads->isInt()) {
          config.params["threads"] = ScalarValue::ofInt(use.launch->blockThreads->asInt());
          break;
        }
      list.configs.push_back(std::move(config));
      list.instances.push_back(kernel);
    }
    list.source = first.templateName.empty() ? "kernel" : "instantiations";
    if (list.configs.empty())
      list.notes.push_back("the template `" + name + "` is instantiated nowhere in this file: its sizes are unknown");
    return list;
  }

  if (first.language == Language::Yaml) {
    list.source = "table";
    if (first.autotune) list.configs = first.autotune->configs.configs;
    list.definition = findDefinition(allModels, first);
    if (!list.definition)
      list.notes.push_back("the definition of `" + name +
                           "` is not among the files given: resources are not estimated and tiles are taken from "
                           "the names (BLOCK_*, TILE_*); pass the kernel's source file after the table");
    return list;
  }

  list.definition = &first;
  if (first.autotune) {
    list.source = "autotune";
    // Each config with what every launch adds (ConfigUse::withLaunchValues),
    // as the rules judge it; a config the pruner drops by a test on its own
    // values has no use, and shows as the pruner's elimination.
    const std::vector<ConfigUse> &uses = file.configUsesOf(first);
    for (const Config &config : first.autotune->configs.configs) {
      auto use = std::find_if(uses.begin(), uses.end(), [&](const ConfigUse &u) { return u.listed == &config; });
      list.configs.push_back(use != uses.end() ? use->values() : config);
    }
    return list;
  }
  list.source = "launches";
  for (const ConfigUse &use : file.configUsesOf(first))
    if (use.launch) list.configs.push_back(configFromLaunch(use, first, list.configs.size()));
  if (list.configs.empty()) {
    list.source = "none";
    list.notes.push_back(first.listNotAutotuned ? "no config to report: " + first.listNotAutotuned->unknownReason
                                                : "no autotune list and no launch of `" + first.name +
                                                      "` in this file: no config to report");
  }
  return list;
}

std::string bytesText(int64_t minBytes, int64_t maxBytes) {
  return minBytes == maxBytes ? std::to_string(maxBytes) : std::to_string(minBytes) + "-" + std::to_string(maxBytes);
}

void judgeTriton(const ArchList &list, const Config &config, const ArchInfo &arch, const ReportOptions &options,
                 resources::VerdictCache &cache, ArchVerdict &verdict) {
  const Kernel *kernel = list.definition;
  const std::string dtype = kernel ? kernel->dtype : list.model->dtype;
  const std::string dtypeSource = kernel ? kernel->dtypeSource : list.model->dtypeSource;
  verdict.smemLimit = arch.maxSharedPerBlockOptIn;

  const bool estimable = kernel && kernel->language == Language::Python &&
                         resources::allKnown(config, /*tritonOptions=*/true);
  if (estimable) {
    // The resource rules' own verdict (lib/resources/ConfigVerdict.h), so the
    // report and smem-over-budget, register-spill-risk and all-configs-pruned agree.
    const resources::TritonConfigVerdict &judged = resources::judgeTritonConfig(cache, *kernel, config, arch, dtype, dtypeSource);
    for (const resources::Elimination &e : judged.eliminatedBy) verdict.eliminatedBy.push_back({e.rule, e.text()});
    verdict.fit = std::string(resources::fitName(judged.shared));
    const auto explained = judged.estimate ? resources::explainTritonConfig(*kernel, config, arch, dtype, dtypeSource)
                                           : std::nullopt;
    if (judged.estimate && explained) {
      const resources::KernelResourceEstimate &estimate = *explained;
      verdict.estimated = true;
      verdict.smemMin = estimate.shared.minBytes;
      verdict.smemMax = estimate.shared.maxBytes;
      verdict.registersPerThread = estimate.registers.registersPerThread;
      verdict.spill = std::string(resources::spillName(judged.spill));
      if (judged.spill == resources::Spill::Confident) verdict.spills = true;
      else if (judged.spill == resources::Spill::No) verdict.spills = false;
      if (estimate.shared.mmaPath != resources::MmaPath::None)
        verdict.mmaPath = std::string(resources::mmaPathName(estimate.shared.mmaPath));
      if (judged.shared == resources::Fit::Fits) verdict.fits = true;
      else if (judged.shared == resources::Fit::Overflows) verdict.fits = false;
      if (judged.occupancy) {
        verdict.blocksPerSm = judged.occupancy->blocks;
        verdict.occupancyLimitedBy = judged.occupancy->limitedBy;
      }
      for (const Note &assumption : estimate.assumptions) verdict.assumptions.push_back(assumption.text);
      if (!estimate.shared.calibrated)
        verdict.assumptions.push_back(arch.name + " is derived from the calibrated archs, not measured");
      verdict.breakdown = estimate.breakdown;
    } else {
      verdict.unknownReason = judged.unknownReason;
    }
  } else {
    // No estimate: the checks that need none.
    for (const resources::Elimination &e : resources::launchLimitEliminations(config, arch))
      verdict.eliminatedBy.push_back({e.rule, e.text()});
    if (!kernel) verdict.unknownReason = "the kernel's definition is not in the run";
    else if (kernel->language != Language::Python) verdict.unknownReason = "the table configures a CUDA kernel";
    else {
      verdict.unknownReason = "a value of the config is not known statically";
      for (const auto &[name, value] : config.params)
        if (!value.isKnown()) {
          verdict.unknownReason = "`" + name + "` is not known statically" +
                                  (value.unknownReason().empty() ? std::string() : ": " + value.unknownReason());
          break;
        }
    }
  }

  // The autotuner's pruner, where what it checks is known; a config it
  // drops by a test on its own values is out before anything else judges it.
  const Kernel *declared = list.model;
  const Kernel *tuned = declared && declared->autotune ? declared : kernel;
  const bool prunedByValue = tuned && tuned->autotune && failedPrunerKeep(*tuned->autotune, config);
  std::vector<resources::Elimination> checks;
  if (!prunedByValue && kernel && kernel->language == Language::Python)
    checks = resources::tileEliminations(*kernel, config, arch, dtype, dtypeSource);
  else if (!prunedByValue && !kernel)
    checks = resources::namedTileEliminations(config);
  if (tuned && tuned->autotune) {
    auto shapes = options.shapes.find(tuned->name);
    for (resources::Elimination &e :
         resources::prunerEliminations(*tuned->autotune, config, verdict.fits, verdict.spills,
                                       shapes == options.shapes.end() ? nullptr : &shapes->second))
      checks.push_back(std::move(e));
  }
  for (const resources::Elimination &e : checks) verdict.eliminatedBy.push_back({e.rule, e.text()});
}

void judgeCuda(const ArchList &list, const Kernel *instance, const ArchInfo &arch, ArchVerdict &verdict) {
  verdict.smemLimit = arch.maxSharedPerBlockOptIn;
  if (!instance) {
    verdict.unknownReason = "no instantiation with these template arguments in this file";
    return;
  }
  const std::optional<resources::CudaInstanceVerdict> judged = resources::judgeCudaInstance(*instance, *list.file, arch);
  if (!judged) {
    verdict.unknownReason = "the static shared memory of `" + instance->name + "` is not known";
    return;
  }
  verdict.estimated = true;
  verdict.smemMin = verdict.smemMax = judged->totalBytes;
  verdict.fits = judged->fits;
  verdict.fit = judged->fits ? "fits" : "overflows";
  verdict.breakdown.push_back("static __shared__: " + std::to_string(judged->staticBytes) +
                              " bytes (as ptxas lays it out)");
  if (judged->dynamicBytes > 0)
    verdict.breakdown.push_back("dynamic shared memory at the launch: " + std::to_string(judged->dynamicBytes) +
                                " bytes");
  if (judged->dynamicUnknown)
    verdict.assumptions.push_back("a launch's dynamic shared memory is not known statically: not counted");
  verdict.assumptions.push_back("registers are ptxas's choice: not estimated for CUDA");
  for (const resources::Elimination &e : judged->eliminatedBy) verdict.eliminatedBy.push_back({e.rule, e.text()});
}

std::vector<std::string> groupNamesIn(const FileModel &file) {
  std::vector<std::string> names;
  for (const Kernel &kernel : file.kernels) {
    std::string name = groupName(kernel);
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  }
  return names;
}

} // namespace

std::vector<std::string> kernelNamesIn(const ModelsByArch &models, const std::string &path) {
  std::vector<std::string> names;
  for (const auto &[arch, files] : models)
    if (const FileModel *file = findFile(files, path))
      for (const std::string &name : groupNamesIn(*file))
        if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  return names;
}

std::vector<KernelReport> buildReports(const ModelsByArch &models, const std::string &path,
                                       const std::string &kernelName, const ReportOptions &options) {
  std::vector<KernelReport> reports;
  std::vector<std::string> names;
  std::vector<std::string> archs;
  std::map<std::string, resources::VerdictCache> verdicts; // by arch, as the rules keep them per arch
  for (const std::string &arch : options.archs)
    if (models.count(arch) && findFile(models.at(arch), path)) archs.push_back(arch);
  for (const std::string &name : kernelNamesIn(models, path))
    if (kernelName.empty() || name == kernelName) names.push_back(name);

  for (const std::string &name : names) {
    KernelReport report;
    report.path = path;
    report.kernel = name;
    report.archs = archs;
    std::map<std::string, ArchList> lists;
    for (const std::string &archName : archs) {
      const FileModel *file = findFile(models.at(archName), path);
      lists[archName] = listFor(*file, models.at(archName), name);
    }
    // Header fields from the first arch whose model has the kernel.
    for (const std::string &archName : archs) {
      const ArchList &list = lists[archName];
      if (!list.model) continue;
      if (report.language.empty()) {
        report.line = (list.model->nameSpan.valid() ? list.model->nameSpan : list.model->span).line;
        report.language = languageName(list.model->language);
        const Kernel *body = list.definition ? list.definition : list.model;
        report.dtype = body->dtype;
        report.dtypeSource = body->dtypeSource;
        if (list.definition && list.definition != list.model) {
          for (const auto &[arch2, files] : models)
            for (const FileModel &file : files)
              for (const Kernel &kernel : file.kernels)
                if (&kernel == list.definition) report.definitionPath = file.path;
        }
        if (body->language != Language::Cuda)
          for (const Param &param : body->params) report.paramOrder.push_back(param.name);
        else
          for (const auto &[param, value] : body->templateArguments) report.paramOrder.push_back(param);
      }
      if (report.configSource.empty() || report.configSource == "none") report.configSource = list.source;
    }
    if (report.configSource.empty()) report.configSource = "none";

    // Configs of all archs, matched by identity (the same list everywhere is the usual case).
    for (const std::string &archName : archs) {
      const ArchList &list = lists[archName];
      const ArchInfo *arch = findArch(archName);
      std::map<size_t, std::vector<size_t>> byIdentity; // positions of the list's configs by identityHash
      std::vector<bool> used(report.configs.size(), false);
      // The rows so far by identity, each identity's in order: a config takes
      // the first row of its identity this arch's list has not taken (one
      // lookup per config: generated spaces have thousands).
      std::map<std::string, std::vector<size_t>> rowsByIdentity;
      for (size_t i = 0; i < report.configs.size(); ++i) {
        Config probe;
        probe.params = report.configs[i].params;
        probe.numWarps = report.configs[i].numWarps;
        probe.numStages = report.configs[i].numStages;
        probe.numCtas = report.configs[i].numCtas;
        probe.maxnreg = report.configs[i].maxnreg;
        rowsByIdentity[identityOf(probe)].push_back(i);
      }
      for (size_t position = 0; position < list.configs.size(); ++position) {
        const Config &config = list.configs[position];
        const std::string identity = identityOf(config);
        size_t slot = report.configs.size();
        std::vector<size_t> &rows = rowsByIdentity[identity];
        for (size_t i : rows)
          if (!used[i]) {
            slot = i;
            break;
          }
        if (slot == report.configs.size()) {
          rows.push_back(slot);
          ReportConfig entry;
          entry.index = slot + 1;
          entry.params = config.params;
          entry.numWarps = config.numWarps;
          entry.numStages = config.numStages;
          entry.numCtas = config.numCtas;
          entry.maxnreg = config.maxnreg;
          entry.line = config.sourcePath.empty() ? config.span.line : 0;
          entry.endLine = config.sourcePath.empty() ? config.span.endLine : 0;
          entry.expansion = config.expansion;
          report.configs.push_back(std::move(entry));
          used.push_back(false);
        }
        used[slot] = true;

        ArchVerdict verdict;
        verdict.listIndex = position + 1;
        // duplicate-config's own judgement: the same values after triton.Config's defaults.
        const bool tritonOptions = list.model && list.model->language != Language::Cuda;
        if (resources::allKnown(config, tritonOptions)) {
          std::vector<size_t> &alike = byIdentity[resources::identityHash(config, tritonOptions)];
          for (size_t earlier : alike)
            if (resources::runTheSame(list.configs[earlier], config, tritonOptions)) {
              verdict.eliminatedBy.push_back({"duplicate-config", "duplicate of config " + std::to_string(earlier + 1)});
              break;
            }
          alike.push_back(position);
        }
        if (!list.model || !arch) continue;
        if (list.model->language == Language::Cuda)
          judgeCuda(list, position < list.instances.size() ? list.instances[position] : nullptr, *arch, verdict);
        else
          judgeTriton(list, config, *arch, options, verdicts[archName], verdict);
        report.configs[slot].archs[archName] = std::move(verdict);
      }
      for (const std::string &note : list.notes)
        if (std::find(report.notes.begin(), report.notes.end(), note) == report.notes.end())
          report.notes.push_back(note);
      if (list.model && list.model->autotune && !list.model->autotune->configs.complete) {
        std::string note = "on " + archName + " the list was not fully evaluated (" +
                           list.model->autotune->configs.unknownReason + "): only the configs read are reported";
        report.notes.push_back(note);
      }
      if (list.model && list.model->autotune)
        for (const std::string &note : noteTexts(list.model->autotune->configs.evaluationNotes))
          if (std::find(report.notes.begin(), report.notes.end(), note) == report.notes.end())
            report.notes.push_back(note);
      if (list.model && !list.model->heuristics.empty()) {
        std::string note = "@triton.heuristics sets";
        for (const Heuristic &h : list.model->heuristics) note += " `" + h.param + "`";
        note += " at run time: not part of the configs";
        if (std::find(report.notes.begin(), report.notes.end(), note) == report.notes.end())
          report.notes.push_back(note);
      }
      const bool hasList = list.model && list.source != "none" && (list.model->language != Language::Yaml ||
                                                                    list.model->autotune);
      if (list.model && list.model->language == Language::Yaml && !list.model->autotune)
        report.notes.push_back("the table has no list for " + archName);
      if (hasList) {
        std::vector<size_t> &kept = report.remaining[archName];
        for (const ReportConfig &config : report.configs) {
          auto found = config.archs.find(archName);
          if (found != config.archs.end() && found->second.eliminatedBy.empty()) kept.push_back(config.index);
        }
      }
    }
    // Configs an arch's list lacks.
    for (ReportConfig &config : report.configs)
      for (const std::string &archName : archs)
        if (!config.archs.count(archName)) {
          ArchVerdict absent;
          absent.listed = false;
          config.archs[archName] = absent;
        }
    // Parameter columns: the kernel's order, then the rest alphabetically.
    std::vector<std::string> columns;
    for (const std::string &param : report.paramOrder)
      for (const ReportConfig &config : report.configs)
        if (config.params.count(param)) {
          columns.push_back(param);
          break;
        }
    // The rest (YAML keys, CUDA table fields) in the order the first config
    // that sets them writes them, then by name.
    std::map<std::string, std::pair<uint32_t, uint32_t>> writtenAt;
    for (const ReportConfig &config : report.configs)
      for (const auto &[param, value] : config.params) {
        if (std::find(columns.begin(), columns.end(), param) != columns.end() || writtenAt.count(param)) continue;
        writtenAt[param] = value.span().valid() ? std::make_pair(value.span().line, value.span().column)
                                                : std::make_pair(~0u, ~0u);
      }
    std::vector<std::string> rest;
    for (const auto &[param, at] : writtenAt) rest.push_back(param);
    std::stable_sort(rest.begin(), rest.end(),
                     [&](const std::string &a, const std::string &b) { return writtenAt[a] < writtenAt[b]; });
    columns.insert(columns.end(), rest.begin(), rest.end());
    report.paramOrder = columns;
    reports.push_back(std::move(report));
  }
  return reports;
}

bool anyListEmptied(const std::vector<KernelReport> &reports) {
  for (const KernelReport &report : reports)
    for (const auto &[arch, kept] : report.remaining)
      if (kept.empty() && !report.configs.empty()) return true;
  return false;
}

namespace {

llvm::json::Value scalarJson(const ScalarValue &value) {
  if (value.isInt()) return value.asInt();
  if (value.isFloat()) return value.asFloat();
  if (value.isBool()) return value.asBool();
  if (value.isString()) return value.asString();
  return nullptr;
}

llvm::json::Value optionalScalarJson(const std::optional<ScalarValue> &value) {
  return value ? scalarJson(*value) : llvm::json::Value(nullptr);
}

llvm::json::Array stringsJson(const std::vector<std::string> &strings) {
  llvm::json::Array array;
  for (const std::string &s : strings) array.push_back(s);
  return array;
}

llvm::json::Object verdictJson(const ArchVerdict &verdict) {
  llvm::json::Object object;
  object["listed"] = verdict.listed;
  if (!verdict.listed) return object;
  object["list_index"] = static_cast<int64_t>(verdict.listIndex);
  if (verdict.estimated && verdict.smemMin == verdict.smemMax) {
    object["smem_bytes"] = verdict.smemMax;
  } else if (verdict.estimated) {
    object["smem_min"] = verdict.smemMin;
    object["smem_max"] = verdict.smemMax;
  } else {
    object["smem_bytes"] = nullptr;
  }
  object["smem_limit"] = verdict.smemLimit;
  object["regs_per_thread"] =
      verdict.registersPerThread ? llvm::json::Value(*verdict.registersPerThread) : llvm::json::Value(nullptr);
  object["spills"] = verdict.spills ? llvm::json::Value(*verdict.spills) : llvm::json::Value(nullptr);
  object["fits"] = verdict.fits ? llvm::json::Value(*verdict.fits) : llvm::json::Value(nullptr);
  std::string fit = verdict.fit;
  std::replace(fit.begin(), fit.end(), ' ', '_');
  object["fit"] = fit;
  object["spill"] = verdict.spill.empty() ? llvm::json::Value(nullptr) : llvm::json::Value(verdict.spill);
  object["blocks_per_sm"] = verdict.blocksPerSm ? llvm::json::Value(*verdict.blocksPerSm) : llvm::json::Value(nullptr);
  object["occupancy_limited_by"] =
      verdict.occupancyLimitedBy.empty() ? llvm::json::Value(nullptr) : llvm::json::Value(verdict.occupancyLimitedBy);
  object["mma_path"] = verdict.mmaPath.empty() ? llvm::json::Value(nullptr) : llvm::json::Value(verdict.mmaPath);
  llvm::json::Array eliminated;
  for (const Elimination &e : verdict.eliminatedBy)
    eliminated.push_back(llvm::json::Object{{"reason", e.reason}, {"message", e.message}});
  object["eliminated_by"] = std::move(eliminated);
  object["kept"] = verdict.eliminatedBy.empty();
  object["unknown_reason"] =
      verdict.unknownReason.empty() ? llvm::json::Value(nullptr) : llvm::json::Value(verdict.unknownReason);
  object["assumptions"] = stringsJson(verdict.assumptions);
  object["breakdown"] = stringsJson(verdict.breakdown);
  return object;
}

} // namespace

void writeJson(llvm::raw_ostream &out, const std::vector<KernelReport> &reports) {
  llvm::json::Array array;
  for (const KernelReport &report : reports) {
    llvm::json::Array configs;
    for (const ReportConfig &config : report.configs) {
      llvm::json::Object params;
      for (const auto &[name, value] : config.params) params[name] = scalarJson(value);
      llvm::json::Object archs;
      for (const auto &[arch, verdict] : config.archs) archs[arch] = verdictJson(verdict);
      configs.push_back(llvm::json::Object{
          {"index", static_cast<int64_t>(config.index)},
          {"params", std::move(params)},
          {"num_warps", optionalScalarJson(config.numWarps)},
          {"num_stages", optionalScalarJson(config.numStages)},
          {"num_ctas", optionalScalarJson(config.numCtas)},
          {"maxnreg", optionalScalarJson(config.maxnreg)},
          {"line", config.line ? llvm::json::Value(static_cast<int64_t>(config.line)) : llvm::json::Value(nullptr)},
          {"expansion", config.expansion},
          {"archs", std::move(archs)},
      });
    }
    llvm::json::Object remaining;
    for (const auto &[arch, kept] : report.remaining) {
      llvm::json::Array indices;
      for (size_t index : kept) indices.push_back(static_cast<int64_t>(index));
      remaining[arch] = std::move(indices);
    }
    array.push_back(llvm::json::Object{
        {"path", report.path},
        {"kernel", report.kernel},
        {"line", static_cast<int64_t>(report.line)},
        {"language", report.language},
        {"config_source", report.configSource},
        {"definition_path",
         report.definitionPath.empty() ? llvm::json::Value(nullptr) : llvm::json::Value(report.definitionPath)},
        {"dtype", report.dtype},
        {"dtype_source", report.dtypeSource},
        {"archs", stringsJson(report.archs)},
        {"configs", std::move(configs)},
        {"remaining", std::move(remaining)},
        {"notes", stringsJson(report.notes)},
    });
  }
  out << llvm::formatv("{0:2}", llvm::json::Value(std::move(array))) << '\n';
}

namespace {

std::string cell(const std::string &text) {
  std::string escaped;
  for (char c : text) {
    if (c == '|') escaped += "\\|";
    else if (c == '\n') escaped += ' ';
    else escaped += c;
  }
  return escaped;
}

std::string optionalText(const std::optional<ScalarValue> &value) { return value ? valueText(*value) : "-"; }

std::string indexList(const std::vector<size_t> &indices) {
  std::string text;
  for (size_t i = 0; i < indices.size(); ++i) text += (i ? ", " : "") + std::to_string(indices[i]);
  return text.empty() ? "none" : text;
}

std::string languageLabel(const KernelReport &report) {
  if (report.configSource == "autotune") return "the autotune list";
  if (report.configSource == "launches") return "the launches in this file (no autotune list)";
  if (report.configSource == "table") return "the config table";
  if (report.configSource == "instantiations") return "the template's instantiations in this file";
  if (report.configSource == "kernel") return "the kernel as written";
  return "nothing";
}

// One config as the file's language writes it: triton.Config(...) or a YAML flow mapping.
std::string configLiteral(const KernelReport &report, const ReportConfig &config) {
  const bool yaml = report.language == "yaml";
  auto literal = [&](const ScalarValue &value) {
    if (value.isString()) return yaml ? value.asString() : "\"" + value.asString() + "\"";
    return value.str();
  };
  std::vector<std::string> fields;
  for (const std::string &param : report.paramOrder) {
    auto found = config.params.find(param);
    if (found == config.params.end()) continue;
    fields.push_back(yaml ? param + ": " + literal(found->second) : "\"" + param + "\": " + literal(found->second));
  }
  std::vector<std::string> options;
  auto option = [&](const char *name, const std::optional<ScalarValue> &value) {
    if (value) options.push_back(std::string(name) + (yaml ? ": " : "=") + literal(*value));
  };
  option("num_warps", config.numWarps);
  option("num_stages", config.numStages);
  option("num_ctas", config.numCtas);
  option("maxnreg", config.maxnreg);
  if (yaml) {
    fields.insert(fields.end(), options.begin(), options.end());
    return "- {" + llvm::join(fields, ", ") + "}";
  }
  std::string text = "triton.Config({" + llvm::join(fields, ", ") + "}";
  for (const std::string &o : options) text += ", " + o;
  return text + "),";
}

// The config table's header and the rows of the configs `include` keeps.
void writeConfigRows(llvm::raw_ostream &out, const KernelReport &report,
                     llvm::function_ref<bool(const ReportConfig &)> include) {
  const bool cuda = report.language == "cuda";
  out << "| # |";
  for (const std::string &param : report.paramOrder) out << ' ' << cell(param) << " |";
  if (!cuda) out << " warps | stages |";
  for (const std::string &arch : report.archs) {
    out << ' ' << arch << " smem |";
    if (!cuda) out << ' ' << arch << " regs |";
    out << ' ' << arch << " |";
  }
  out << "\n|--:|";
  for (size_t i = 0; i < report.paramOrder.size(); ++i) out << "--:|";
  if (!cuda) out << "--:|--:|";
  for (size_t i = 0; i < report.archs.size(); ++i) out << (cuda ? "--:|:--|" : "--:|--:|:--|");
  out << '\n';
  for (const ReportConfig &config : report.configs) {
    if (!include(config)) continue;
    out << "| " << config.index << " |";
    for (const std::string &param : report.paramOrder) {
      auto found = config.params.find(param);
      out << ' ' << cell(found == config.params.end() ? "-" : valueText(found->second)) << " |";
    }
    if (!cuda) out << ' ' << optionalText(config.numWarps) << " | " << optionalText(config.numStages) << " |";
    for (const std::string &arch : report.archs) {
      const ArchVerdict &verdict = config.archs.at(arch);
      if (!verdict.listed) {
        out << (cuda ? " | not listed |" : " | | not listed |");
        continue;
      }
      std::string smem = verdict.estimated ? bytesText(verdict.smemMin, verdict.smemMax) : "?";
      if (verdict.fits && !*verdict.fits) smem = "**" + smem + "**";
      out << ' ' << smem << " |";
      if (!cuda) {
        std::string regs = verdict.registersPerThread ? std::to_string(*verdict.registersPerThread) : "?";
        if (verdict.spill == "confident") regs += " (spills)";
        else if (verdict.spill == "possible") regs += " (may spill)";
        out << ' ' << regs << " |";
      }
      std::string state;
      if (verdict.eliminatedBy.empty()) {
        state = !verdict.estimated ? "kept (not estimated)"
                : verdict.fit == "may overflow" ? "kept (may overflow)"
                                                : "kept";
      } else {
        std::vector<std::string> reasons;
        for (const Elimination &e : verdict.eliminatedBy)
          if (std::find(reasons.begin(), reasons.end(), e.reason) == reasons.end()) reasons.push_back(e.reason);
        state = "**out**: " + llvm::join(reasons, ", ");
      }
      out << ' ' << state << " |";
    }
    out << '\n';
  }
}

// Why each eliminated config `include` keeps goes, one line per reason; the
// same reason on every arch is said once.
std::vector<std::string> eliminationLines(const KernelReport &report,
                                          llvm::function_ref<bool(const ReportConfig &)> include) {
  std::vector<std::string> lines;
  for (const ReportConfig &config : report.configs) {
    if (!include(config)) continue;
    std::map<std::string, std::vector<std::string>> archsByMessage;
    std::vector<std::string> order;
    for (const std::string &arch : report.archs)
      for (const Elimination &e : config.archs.at(arch).eliminatedBy) {
        std::string key = e.message + " [" + e.reason + "]";
        if (!archsByMessage.count(key)) order.push_back(key);
        archsByMessage[key].push_back(arch);
      }
    for (const std::string &key : order) {
      const auto &archs = archsByMessage[key];
      std::string where = archs.size() == report.archs.size() && report.archs.size() > 1
                              ? "all archs"
                              : llvm::join(archs, ", ");
      lines.push_back("- config " + std::to_string(config.index) + " (" + where + "): " + key);
    }
  }
  return lines;
}

} // namespace

void writeMarkdownRows(llvm::raw_ostream &out, const KernelReport &report, const std::vector<size_t> &indices) {
  auto chosen = [&](const ReportConfig &config) {
    return std::find(indices.begin(), indices.end(), config.index) != indices.end();
  };
  out << "`" << report.kernel << "` on " << llvm::join(report.archs, ", ") << " (`btlint report`):\n\n";
  writeConfigRows(out, report, chosen);
  std::vector<std::string> lines = eliminationLines(report, chosen);
  if (!lines.empty()) out << '\n';
  for (const std::string &line : lines) out << line << '\n';
}

void writeMarkdown(llvm::raw_ostream &out, const std::vector<KernelReport> &reports) {
  bool firstReport = true;
  // A note of the file's own evaluation (a module-level probe) reaches every
  // kernel's list: shown under the file's first kernel only.
  std::set<std::pair<std::string, std::string>> notesShown;
  for (const KernelReport &report : reports) {
    if (!firstReport) out << '\n';
    firstReport = false;
    out << "## `" << report.kernel << "` (" << report.path << ":" << report.line << ")\n\n";
    out << report.configs.size() << " config" << (report.configs.size() == 1 ? "" : "s");
    if (report.configSource != "none") out << " from " << languageLabel(report);
    if (!report.definitionPath.empty()) out << "; kernel body from " << report.definitionPath;
    if (report.language != "cuda" && !report.dtype.empty())
      out << "; element type " << report.dtype << " (" << report.dtypeSource << ")";
    out << "; archs " << llvm::join(report.archs, ", ") << ".\n";
    for (const std::string &note : report.notes)
      if (notesShown.emplace(report.path, note).second) out << "\n> " << note << '\n';
    if (report.configs.empty()) continue;

    const bool cuda = report.language == "cuda";
    out << '\n';
    writeConfigRows(out, report, [](const ReportConfig &) { return true; });

    // Why each eliminated config goes; the same reasons on every arch are said once.
    std::vector<std::string> lines = eliminationLines(report, [](const ReportConfig &) { return true; });
    if (!lines.empty()) {
      out << "\n**Eliminated**\n\n";
      for (const std::string &line : lines) out << line << '\n';
    }

    out << "\n**Remaining list**\n\n";
    std::map<std::vector<size_t>, std::vector<std::string>> archsByKept;
    std::vector<std::vector<size_t>> keptOrder;
    for (const std::string &arch : report.archs) {
      auto found = report.remaining.find(arch);
      if (found == report.remaining.end()) continue;
      if (!archsByKept.count(found->second)) keptOrder.push_back(found->second);
      archsByKept[found->second].push_back(arch);
    }
    for (const auto &kept : keptOrder)
      out << "- " << llvm::join(archsByKept[kept], ", ") << ": " << kept.size() << " of " << report.configs.size()
          << " (" << indexList(kept) << ")\n";
    // The list to paste back, when something was removed.
    for (const auto &kept : keptOrder) {
      const std::string &arch = archsByKept[kept].front();
      const size_t listed = static_cast<size_t>(std::count_if(
          report.configs.begin(), report.configs.end(),
          [&](const ReportConfig &config) { return config.archs.at(arch).listed; }));
      if (kept.size() == listed || kept.empty() || cuda) continue;
      out << "\n<details><summary>The list that remains on " << llvm::join(archsByKept[kept], ", ")
          << "</summary>\n\n```" << (report.language == "yaml" ? "yaml" : "python") << '\n';
      for (size_t index : kept) out << configLiteral(report, report.configs[index - 1]) << '\n';
      out << "```\n\n</details>\n";
    }

    // Assumptions behind the estimates, once each.
    std::vector<std::string> assumptions;
    for (const ReportConfig &config : report.configs)
      for (const std::string &arch : report.archs) {
        const ArchVerdict &verdict = config.archs.at(arch);
        std::vector<std::string> said = verdict.assumptions;
        if (!verdict.unknownReason.empty()) said.push_back("not estimated: " + verdict.unknownReason);
        for (const std::string &a : said)
          if (std::find(assumptions.begin(), assumptions.end(), a) == assumptions.end()) assumptions.push_back(a);
      }
    if (!assumptions.empty()) {
      out << "\n<details><summary>Assumptions</summary>\n\n";
      for (const std::string &a : assumptions) out << "- " << a << '\n';
      out << "\n</details>\n";
    }
  }
}

const FileModel *findFile(const std::vector<FileModel> &models, const std::string &path) {
  const std::string wanted = normalisedPath(path);
  for (const FileModel &model : models)
    if (normalisedPath(model.path) == wanted) return &model;
  return nullptr;
}

} // namespace btlint::report
