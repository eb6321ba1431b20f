#pragma once
// `.btlint.yaml`: the nearest one above the linted paths, or --config.
//
//   arch: sm90 | [sm80, sm90]
//   dtype: fp16
//   select: [id | category:*]      ignore: [...]
//   fail-on: warning
//   exclude: [glob, ...]           (relative to the config file's folder)
//   rules:
//     too-few-configs: {severity: error, min-configs: 4}
//   backend: triton                (or a fork: ascend, cambricon, ..., other)
//   overrides:
//     - paths: ["amd/**"]
//       arch: [gfx942]
//       ignore: [tile-not-power-of-two]
//     - paths: ["ops/_ascend/**"]
//       backend: ascend              (kernels for a vendor's Triton fork)
//   kernels:
//     matmul_kernel: {dtype: bf16, shapes: {M: 4096}}
//   environment:                   (environment variables as the code reads them at lint time)
//     GEMS_VENDOR: nvidia          (others read as unset: their defaults)
//   cuda:
//     defines: {_N_: 64}           (-D for CUDA files no compile database lists: macros the
//                                   build passes, as torch's cpp_extension.load does)
//   autotuners:                    (decorators of other packages that autotune like triton.autotune)
//     fastkernels.tuning.cached_autotune: {}            (triton.autotune's arguments)
//     mylib.tune: {configs: candidates, key: 1}         (a keyword, or a position)
//       (also prune-configs-by, restore-value, reset-to-zero)
//   bench:                         (read by btlint-bench, docs/btlint-bench.md)
//     - kernel: matmul_kernel
//       launcher: bench_matmul:launch  (module:function, called as function(shapes, dtype))
//       shapes: [{M: 4096, N: 4096, K: 4096}]   (a map or a list of maps)
//       dtype: fp16
//       flops: 2 * M * N * K           (or bytes: ...; arithmetic over the shape names)
//       warmup-ms: 25                  rep-ms: 100   (at least 25 and 100)
//       arg-dtypes: {c_ptr: fp32}      (pointer element types for compile confirmation)
//     - kernel: sgemm                  (CUDA: launched by a generated driver, timed with CUDA events)
//       grid: [cdiv(N, BN), cdiv(M, BM)]   block: (BM / TM) * (BN / TN)   smem: 2 * BM * BK * 4
//       args: {a: M * K, m: M}         (pointers: elements; scalars: values; formulas over shapes
//                                       and template parameters)
//     - kernel: gemm_pipelined
//       host: launch_gemm              (or a host function of the .cu file that launches it)
//       args: [M * K, K * N, M * N, M, N, K, stream]   (positional)
#include "diag/Diagnostic.h"
#include "source/FrontEnd.h"

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace btlint {

struct ConfigError {
  std::string path;
  uint32_t line = 0;
  uint32_t column = 0;
  std::string message;
  std::string str() const;
};

struct RuleSettings {
  std::optional<Severity> severity;
  std::map<std::string, std::string> options; // option name -> value as text
};

struct PathOverride {
  std::vector<std::string> paths; // globs relative to the config folder
  std::optional<std::vector<std::string>> archs;
  std::optional<std::string> dtype;
  std::optional<std::string> backend; // source/Backends.h
  std::vector<std::string> select;
  std::vector<std::string> ignore;
  std::map<std::string, RuleSettings> rules;
};

// One `bench:` entry: how btlint-bench times a kernel's configs on a GPU.
struct BenchSpec {
  std::string kernel;
  std::string launcher; // "module:function"
  std::vector<std::map<std::string, int64_t>> shapes;
  std::string dtype;
  std::string flops; // formula over shape names; empty when not given
  std::string bytes;
  int64_t warmupMs = 25;
  int64_t repMs = 100;
  std::map<std::string, std::string> argDtypes;
  // The boundary check (run.py --boundary, docs/btlint-bench.md): the
  // function that computes the expected output from the launcher's inputs
  // ("module:function"; empty: the list's first config is the reference),
  // and the shape names to vary (empty: every name of the first shape).
  std::string reference;
  std::vector<std::string> boundaryDims;
  // CUDA kernels (btlint-bench writes a driver that launches them): either a
  // launch described here (grid, block, dynamic shared memory, arguments) or
  // a host function of the .cu file that launches the kernel. Formulas over
  // shape names and the instantiation's template parameters.
  std::vector<std::string> grid;  // 1 to 3 formulas (x, y, z); empty: not given
  std::vector<std::string> block; // 1 to 3 formulas
  std::string smem;               // dynamic shared memory in bytes; empty: 0
  std::string host;               // host function name; empty: none
  // Arguments: by parameter name (a map) or by position (a list; names empty).
  std::vector<std::pair<std::string, std::string>> args;
  bool argsPositional = false;
  bool isCuda() const { return !grid.empty() || !host.empty(); }
  uint32_t line = 0; // where the entry is, for messages
};

struct ProjectConfig {
  std::string path;    // the file, empty when none was found
  std::string root;    // its folder: globs and exclude are relative to it
  std::optional<std::vector<std::string>> archs;
  std::optional<std::string> dtype;
  std::optional<std::string> backend;
  std::vector<std::string> select;
  std::vector<std::string> ignore;
  std::vector<std::string> exclude;
  std::optional<Severity> failOn;
  std::map<std::string, RuleSettings> rules;
  std::vector<PathOverride> overrides;
  std::map<std::string, KernelSettings> kernels;
  std::vector<AutotunerDeclaration> autotuners;
  std::map<std::string, std::string> environment; // `environment:`: variable -> value
  std::map<std::string, std::string> cudaDefines; // `cuda: {defines: {NAME: VALUE}}`: -D for files no build lists
  bool hasBench = false;
  std::vector<BenchSpec> bench;
};

// Reads and validates a config file. Errors carry file:line:col; the result
// is only meaningful when `errors` stays empty.
ProjectConfig loadProjectConfig(const std::string &path, std::vector<ConfigError> &errors);

// Finds `.btlint.yaml` in `startDir` or its parents; empty when none.
std::string findProjectConfig(const std::string &startDir);

// The nearest `.btlint.yaml` of each folder (the folder's own, else its
// parent's, up to the filesystem root), as ruff finds pyproject.toml: each
// config file is loaded once and the answer is cached per folder. Thread-safe.
class NearestConfigs {
public:
  // `known`: a config already loaded (by absolute path), reused, not reread.
  explicit NearestConfigs(const ProjectConfig *known = nullptr) : known_(known) {}
  // The config governing files in `dir`; an empty config when there is none.
  const ProjectConfig &forDirectory(const std::string &dir);
  // Problems of the config files loaded so far (file:line:col).
  std::vector<ConfigError> errors() const;

private:
  const ProjectConfig *lookUp(const std::string &absoluteDir);
  const ProjectConfig *known_;
  ProjectConfig empty_;
  mutable std::mutex mutex_;
  std::map<std::string, const ProjectConfig *> byDirectory_;
  std::map<std::string, std::unique_ptr<ProjectConfig>> loaded_;
  std::vector<ConfigError> errors_;
};

// Validates a rule selector (`id` or `category:*`); empty string when valid,
// else the error message (with a did-you-mean where one is close).
std::string checkRuleSelector(const std::string &selector);

bool isKnownDtype(const std::string &dtype);
std::vector<std::string> knownDtypes();

} // namespace btlint
