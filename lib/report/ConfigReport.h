#pragma once
// `btlint report`: the config table of a kernel, per target arch. For each
// config of a kernel's autotune list (or the configs seen at its launches, or
// a CUDA template's instantiations): its parameters, the estimated shared
// memory and registers, whether it fits, what eliminates it and why, and the
// list that remains. Built from the file models the engine produced for each
// arch; rendered as JSON (the shape DESIGN.md gives) or as markdown for a
// pull-request comment. docs/report.md documents both.
#include "arch/ArchTable.h"
#include "model/KernelModel.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace btlint::report {

// Why a config does not stay in the list on one arch. `reason` is the id of
// the rule that reports the same problem (`btlint explain` describes it), or
// "pruner" for a config the autotuner's pruner drops.
struct Elimination {
  std::string reason;
  std::string message;
};

// One config on one arch.
struct ArchVerdict {
  bool listed = true;       // false: the arch's list does not hold this config
  size_t listIndex = 0;     // 1-based position in the arch's own list
  bool estimated = false;   // false: the resources could not be estimated (see unknownReason)
  std::string unknownReason;
  int64_t smemMin = 0;      // bytes per block; smemMin == smemMax when exact
  int64_t smemMax = 0;
  int64_t smemLimit = 0;    // the arch's per-block opt-in limit
  std::optional<int64_t> registersPerThread;
  std::optional<bool> spills;
  std::string mmaPath;      // "mma_sync", "wgmma", ... ; empty without a dot
  std::optional<bool> fits; // shared memory within the limit; unknown without an estimate or when it may overflow
  std::string fit = "unknown"; // resources::fitName: "fits", "overflows", "may overflow", "unknown"
  std::string spill;           // resources::spillName: "no", "possible", "confident"; empty without an estimate
  std::optional<int64_t> blocksPerSm;
  std::string occupancyLimitedBy;
  std::vector<Elimination> eliminatedBy;
  std::vector<std::string> assumptions;
  std::vector<std::string> breakdown;
};

struct ReportConfig {
  size_t index = 0; // 1-based
  NameMap<ScalarValue> params;
  std::optional<ScalarValue> numWarps;
  std::optional<ScalarValue> numStages;
  std::optional<ScalarValue> numCtas;
  std::optional<ScalarValue> maxnreg;
  uint32_t line = 0;      // where the config is written (0: unknown)
  uint32_t endLine = 0;   // the last line of what is written there
  std::string expansion;  // "config 5 of 12, from the comprehension at line 40 with bm=128"
  std::map<std::string, ArchVerdict> archs;
};

struct KernelReport {
  std::string path;
  std::string kernel;
  uint32_t line = 0;
  std::string language;          // "python", "cuda", "yaml"
  std::string configSource;      // "autotune", "launches", "instantiations", "table", "none"
  std::string definitionPath;    // where the kernel body was found (YAML tables), else empty
  std::string dtype;
  std::string dtypeSource;
  std::vector<std::string> archs;
  std::vector<std::string> paramOrder; // column order: the kernel's own parameter order
  std::vector<ReportConfig> configs;
  std::map<std::string, std::vector<size_t>> remaining; // arch -> indices of configs kept
  std::vector<std::string> notes;
};

struct ReportOptions {
  std::vector<std::string> archs;                         // in the order asked for
  std::map<std::string, std::map<std::string, int64_t>> shapes; // kernel -> shapes (.btlint.yaml)
};

// The models of one run: models[arch] holds every file model built for it.
using ModelsByArch = std::map<std::string, std::vector<FileModel>>;

// Reports every kernel of `path` (or only `kernelName`, when not empty).
// Kernels are matched by name; a CUDA template's instantiations are one
// kernel, named after the template. Other files' models serve as kernel
// definitions for YAML tables.
std::vector<KernelReport> buildReports(const ModelsByArch &models, const std::string &path,
                                       const std::string &kernelName, const ReportOptions &options);

// The names `path` holds, for errors and suggestions.
std::vector<std::string> kernelNamesIn(const ModelsByArch &models, const std::string &path);
// The model of the file at `path` (compared as absolute paths without dots), or null.
const FileModel *findFile(const std::vector<FileModel> &models, const std::string &path);

void writeJson(llvm::raw_ostream &out, const std::vector<KernelReport> &reports);
void writeMarkdown(llvm::raw_ostream &out, const std::vector<KernelReport> &reports);
// The table's header and the rows of the configs numbered `indices` (1-based),
// with why each eliminated one goes: an editor's hover on a config.
void writeMarkdownRows(llvm::raw_ostream &out, const KernelReport &report, const std::vector<size_t> &indices);

// True when some reported list keeps no config on some arch.
bool anyListEmptied(const std::vector<KernelReport> &reports);

} // namespace btlint::report
