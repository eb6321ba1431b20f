#pragma once
// `btlint tune FILE::KERNEL`: the candidate configs of one Triton kernel
// (its own list, or a generated principled space), judged by the resource
// model (lib/resources, through btlint report's verdicts), scored per shape
// (TuneScore.h) and ranked; the justified list, the key, a perf_model pruner
// in plain Python and benchmark code to verify the ranking (docs/tune.md).
#include "report/ConfigReport.h"
#include "tune/BoundaryEvidence.h"
#include "tune/TuneScore.h"
#include "tune/TuneWork.h"

#include "llvm/Support/raw_ostream.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace btlint::tune {

enum class Space { List, Generated };

struct TuneOptions {
  std::string arch = "sm90";
  std::vector<Shape> shapes;
  Space space = Space::List;
  // The kernel's .btlint.yaml shapes, for the pruner checks of the report.
  std::map<std::string, std::map<std::string, int64_t>> configShapes;
  // A boundary run on the GPU (--boundary DIR): configs that failed a
  // boundary shape are eliminated.
  std::optional<BoundaryEvidence> boundary;
};

struct ShapeScore {
  ProgramWork work;
  ScoreTerms terms;
  size_t rank = 0; // 1-based among the kept configs on this shape
};

struct Candidate {
  size_t number = 0; // 1-based position in the space
  Config config;     // its values, with the shape's constexpr values
  report::ReportConfig row;      // the report's verdicts (row.archs[arch])
  std::vector<report::Elimination> eliminatedBy;
  ConfigWork work;
  ConfigResources resources;
  std::vector<ShapeScore> shapes;
  double relative = 0; // geometric mean over the shapes of time / the shape's best
  size_t rank = 0;     // 1-based among the kept; 0 when eliminated
  bool eliminated() const { return !eliminatedBy.empty(); }
};

struct TuneResult {
  std::string path, kernel, arch, dtype, dtypeSource;
  uint32_t line = 0;
  Space space = Space::List;
  std::vector<Shape> shapes;
  std::vector<std::string> params;         // the config parameter columns
  std::vector<std::string> shapeConstants; // constexpr values the shapes give (HEAD_DIM)
  std::vector<Candidate> candidates;       // the kept in rank order, then the eliminated in space order
  size_t generatedCombinations = 0;        // --space generated: combinations considered
  std::map<std::string, size_t> leftOutByRule; // of those, left out before ranking, by rule id
  std::vector<std::string> existingKey;
  std::vector<std::string> key;            // the shape arguments the key must hold
  std::vector<std::string> keyReasons;
  size_t topK = 1;                         // 10% of the kept, at least 1: what btlint-bench verifies
  size_t perShape = 1;                     // the decorator's configs per shape: top k, at most 3
  std::vector<size_t> chosen;              // positions in `candidates`: the justified list
  std::vector<std::string> reasons;        // one per chosen
  KernelRoles roles;
  double peakTflops = 0;
  std::vector<std::string> notes;
};

// Tunes `kernelName` of `path` from the models of one run on options.arch.
// nullopt with `error` (naming what is wrong) for a missing kernel, a kernel
// that is not Triton, a shape naming no argument or lacking a tiled one, a
// list that does not exist.
std::optional<TuneResult> tuneKernel(const report::ModelsByArch &models, const std::string &path,
                                     const std::string &kernelName, const TuneOptions &options, std::string &error);

// Parses `M=4096,N=4096,K=4096`; nullopt with `error` otherwise.
std::optional<Shape> parseShape(const std::string &text, std::string &error);
std::string shapeText(const Shape &shape);

void writeMarkdown(llvm::raw_ostream &out, const TuneResult &result);
void writeJson(llvm::raw_ostream &out, const TuneResult &result);
// The Python to paste: the justified list, the key and the perf_model pruner.
std::string decoratorText(const TuneResult &result);
// Benchmark code timing the justified list with triton.testing.do_bench.
std::string benchmarkText(const TuneResult &result);

} // namespace btlint::tune
