#pragma once
// btlint-bench: the companion runner. `--emit DIR` writes a self-contained
// Python harness for the kernels btlint flagged (manifest.json, copies of the
// sources, run.py); `python3 DIR/run.py` compiles and times them where Triton
// (and a GPU) are; `--collect DIR` joins DIR/results.json with the findings
// into report.md and report.json.
#include "config/ProjectConfig.h"
#include "diag/Diagnostic.h"

#include "llvm/Support/JSON.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace btlint::bench {

// The harness files embedded at build time (tools/btlint-bench/harness/).
struct HarnessFile {
  std::string_view name;
  std::string_view contents;
};
const std::vector<HarnessFile> &harnessFiles();

struct EmitOptions {
  std::string dir;
  std::vector<std::string> archs;     // analysed archs (compile targets)
  std::string dtype;                  // --dtype or config, else fp16
  std::string dtypeSource;
  std::string configPath;             // .btlint.yaml used, or empty
  ProjectConfig config;
  std::string cudaPath;               // for CUDA parses
  int widerSearch = 24;               // configs of the wider search per tuning finding
  // --all: every kernel of these files with a config list or a launch,
  // flagged or not (the whole-repository agreement check).
  bool all = false;
  std::vector<std::string> allFiles;
  // --tune: with each autotuned Triton kernel that has a bench spec, btlint
  // tune's ranking of its list on every shape of the spec (docs/tune.md),
  // which `run.py --tune` verifies by timing every config.
  bool tune = false;
};

// Writes the harness for `findings` into options.dir. Returns false with a
// message in `error` when it cannot. `foreignKernels`: how many kernels of
// files for other vendors' Triton it listed apart (manifest.json's
// foreign_backend_kernels).
bool emitHarness(const std::vector<Diagnostic> &findings, const EmitOptions &options, std::string &error,
                 size_t &foreignKernels);

// A JSON file, or nullopt with `error` naming the file and what is wrong.
std::optional<llvm::json::Value> readJson(const std::string &file, std::string &error);

// Timings of different GPU models never share a ranking: the model timing
// rows (each naming its `gpu_name`) are ranked on is `preferred` (the run's
// GPU 0) when some row is of it, else the model most rows name. Rows that
// name no model (older results) count as that model.
std::string rankedGpuModel(const llvm::json::Array &rows, llvm::StringRef preferred);
bool ofGpuModel(const llvm::json::Object &row, llvm::StringRef model);

// Rows of tune_results.json or boundary_results.json name their kernel by id
// and by name: false with `error` when a row's name is not the manifest's
// for that id (measured against another emit of the tree, whose ids differ).
bool rowsNameManifestKernels(const llvm::json::Array &rows, const llvm::json::Array &kernels,
                             const std::string &file, std::string &error);

// Reads findings written by `btlint --format json`.
bool readFindingsJson(const std::string &path, std::vector<Diagnostic> &findings, std::string &error);

// Joins DIR/manifest.json and DIR/results.json into DIR/report.json and
// DIR/report.md; returns false with `error` when a file is missing or bad.
// `resultsPath`, when given, replaces DIR/results.json: measurements recorded
// against an earlier manifest of the same tree, joined with this manifest's
// estimates (re-estimating without recompiling). Its kernels and configs
// must be this manifest's: a kernel of another name or a config of other
// values under the same id is an error.
bool collectReport(const std::string &dir, std::string &error, std::string *summary = nullptr,
                   const std::string &resultsPath = "");

// With DIR/tune_results.json (run.py --tune): per (kernel, shape) the regret
// of timing only btlint's top k, its top 1, the list's first config and the
// largest tile that fits; the autotune time saved; Spearman's rank
// correlation; against the targets of docs/tune.md. Writes DIR/tune_report.json
// and DIR/tune_report.md. False with `error` when a file is missing or bad.
bool collectTuneReport(const std::string &dir, std::string &error, std::string *summary = nullptr);

// A boundary run (run.py --boundary): per config of each kernel, its output
// at each boundary shape against the reference.
struct BoundaryVerdict {
  std::string verdict; // confirmed, refuted, not_decided, not_measured
  std::vector<std::string> evidence;
};
struct BoundaryRun {
  llvm::json::Value results = nullptr; // DIR/boundary_results.json
  // kernel id -> config index -> its rows
  std::map<std::string, std::map<int64_t, std::vector<const llvm::json::Object *>>> rows;
  // The configs of `kernel` that fail a boundary shape (a wrong output, a
  // write past the end, a fault), each with the first such shape.
  std::map<int64_t, std::string> failuresOf(const std::string &kernel) const;
  // A `tile-access-unmasked` finding on `manifestKernel`, judged by the run.
  BoundaryVerdict judge(const llvm::json::Object &manifestKernel, const llvm::json::Object &finding) const;
  // The report's section: shapes checked and each config's result.
  std::pair<std::string, llvm::json::Array> section(const llvm::json::Object &manifest) const;
};
// DIR/boundary_results.json, or nullopt: with `error` empty when there is none.
std::optional<BoundaryRun> readBoundaryRun(const std::string &dir, std::string &error);

// With DIR/boundary_results.json: writes DIR/boundary_report.md and .json.
bool collectBoundaryReport(const std::string &dir, std::string &error, std::string *summary = nullptr);

} // namespace btlint::bench
