// Checks btlint's resource model against what the Triton 3.6 compiler
// reported for the grid in test/calibration/triton-3.6.0.csv (written by
// test/calibration/calibrate.py): shared memory byte-exact for at least 98% of
// rows, the fit/overflow verdict for every row, the spill verdict for at least
// 95%. Prints the three figures, and the textbook formula's figures on the
// same rows for docs/resource-model.md.
#include "arch/ArchTable.h"
#include "calibration_table.h"
#include "resources/KernelDescription.h"
#include "resources/RegisterEstimator.h"
#include "resources/SharedMemoryEstimator.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace btlint::resources {
namespace {

namespace fs = std::filesystem;

std::optional<fs::path> findCalibrationTable() {
  const fs::path relative = fs::path("test") / "calibration" / "triton-3.6.0.csv";
#ifdef BTLINT_SOURCE_DIR
  if (fs::exists(fs::path(BTLINT_SOURCE_DIR) / relative)) return fs::path(BTLINT_SOURCE_DIR) / relative;
#endif
  for (fs::path dir = fs::current_path(); !dir.empty(); dir = dir.parent_path()) {
    if (fs::exists(dir / relative)) return dir / relative;
    if (dir == dir.root_path()) break;
  }
  return std::nullopt;
}

struct CalibrationRow {
  std::map<std::string, std::string> fields;
  const std::string &operator[](const std::string &name) const { return fields.at(name); }
  int64_t number(const std::string &name) const { return std::stoll(fields.at(name)); }
};

std::vector<CalibrationRow> readTable(const fs::path &path) {
  std::vector<CalibrationRow> rows;
  for (auto &fields : calibration_test::readRows(path)) rows.push_back(CalibrationRow{std::move(fields)});
  return rows;
}

// How the front-end describes each kernel of test/calibration/calibration_kernels.py.
KernelDescription describeRow(const CalibrationRow &row) {
  KernelDescription kernel;
  kernel.numWarps = static_cast<int>(row.number("num_warps"));
  kernel.numStages = static_cast<int>(row.number("num_stages"));
  const std::string &kind = row["kind"];
  ElementType input = *parseElementType(row["dtype"]);
  int64_t blockM = row.number("block_m"), blockN = row.number("block_n"), blockK = row.number("block_k");
  // fp8 GEMMs store fp16, others store their input type.
  ElementType stored = input == ElementType::Fp8E4nv ? ElementType::Fp16 : input;
  if (kind == "gemm" || kind == "gemm_bt" || kind == "gemm_prologue") {
    DotDescription dot;
    dot.m = blockM;
    dot.n = blockN;
    dot.k = blockK;
    dot.input = input;
    dot.a = {kind == "gemm_prologue" ? OperandSource::TransformedLoad : OperandSource::PipelinedLoad, true};
    dot.b = {OperandSource::PipelinedLoad, kind == "gemm_bt"};
    kernel.dots.push_back(dot);
    kernel.epilogueStore = stored;
  } else if (kind == "attention") {
    DotDescription scores{blockM, blockN, blockK, input, {OperandSource::LoadedBeforeLoop, true},
                          {OperandSource::PipelinedLoad, true}, true};
    DotDescription values{blockM, blockK, blockN, input, {OperandSource::PreviousDot, true},
                          {OperandSource::PipelinedLoad, false}, true};
    kernel.dots = {scores, values};
    kernel.epilogueStore = stored;
  } else if (kind == "softmax") {
    ReductionDescription reduction;
    reduction.rows = 1;
    reduction.cols = blockN;
    reduction.axis = 1;
    reduction.loaded = input;
    reduction.count = 2; // max, then sum
    kernel.reductions.push_back(reduction);
  } else if (kind == "row_sum" || kind == "col_sum") {
    ReductionDescription reduction;
    reduction.rows = blockM;
    reduction.cols = blockN;
    reduction.axis = kind == "row_sum" ? 1 : 0;
    reduction.loaded = input;
    reduction.storesReducedVector = true;
    reduction.stored = input;
    kernel.reductions.push_back(reduction);
  } else if (kind == "add") {
    kernel.elementwiseTiles.push_back(RegisterTile{1, blockN, 2, input}); // x and y
  }
  return kernel;
}

// num_stages * (BM*BK + BK*BN) * bytes, the formula tutorials and pruners use;
// for attention its two pipelined operands (K and V tiles); 0 without a dot.
int64_t textbookBytes(const CalibrationRow &row) {
  const std::string &kind = row["kind"];
  int64_t bytes = elementBits(*parseElementType(row["dtype"])) / 8;
  int64_t stages = row.number("num_stages");
  int64_t m = row.number("block_m"), n = row.number("block_n"), k = row.number("block_k");
  if (kind == "gemm" || kind == "gemm_bt" || kind == "gemm_prologue") return stages * (m * k + k * n) * bytes;
  if (kind == "attention") return stages * (k * n + n * k) * bytes;
  return 0;
}

struct Agreement {
  int rows = 0;
  int sharedExact = 0;
  int fitVerdict = 0;
  int spillVerdict = 0;
  double percent(int count) const { return rows ? 100.0 * count / rows : 0.0; }
};

TEST(ResourcesCalibration, ReproducesTriton36Table) {
  auto path = findCalibrationTable();
  ASSERT_TRUE(path.has_value()) << "test/calibration/triton-3.6.0.csv not found (BTLINT_SOURCE_DIR or cwd)";
  auto rows = readTable(*path);
  ASSERT_GT(rows.size(), 1000u) << "calibration table looks truncated";

  Agreement model, textbook, modelGemm, textbookGemm;
  std::map<std::string, Agreement> modelByKind, modelByArch;
  std::vector<std::string> sharedMisses, fitMisses, spillMisses;
  for (const auto &row : rows) {
    const std::string &status = row["status"];
    if (status != "ok" && status != "out_of_resources") continue; // compile errors, timeouts
    const ArchInfo *arch = findArch(row["arch"]);
    ASSERT_NE(arch, nullptr) << row["arch"];
    KernelDescription kernel = describeRow(row);
    SharedMemoryEstimate shared = estimateSharedMemory(kernel, *arch);
    RegisterEstimate registers = estimateRegisters(kernel, *arch);

    int64_t measured = row.number("shared_bytes");
    bool measuredFits = row.number("fits") == 1;
    bool measuredSpills = row.number("spill_store_bytes") > 0;
    bool exact = shared.exact() && shared.bytes() == measured;
    bool fits = shared.bytes() <= arch->maxSharedPerBlockOptIn;

    for (Agreement *a : {&model, &modelByKind[row["kind"]], &modelByArch[row["arch"]]}) {
      a->rows++;
      a->sharedExact += exact;
      a->fitVerdict += fits == measuredFits;
      a->spillVerdict += registers.spills == measuredSpills;
    }
    std::string id = row["kind"] + " " + row["dtype"] + " " + row["block_m"] + "x" + row["block_n"] + "x" +
                     row["block_k"] + " w" + row["num_warps"] + " s" + row["num_stages"] + " " + row["arch"];
    if (!exact) sharedMisses.push_back(id + ": measured " + std::to_string(measured) + ", estimated " +
                                       std::to_string(shared.minBytes) + ".." + std::to_string(shared.maxBytes));
    if (fits != measuredFits) fitMisses.push_back(id);
    if (registers.spills != measuredSpills)
      spillMisses.push_back(id + ": " + (measuredSpills ? "spills" : "no spill") + ", working set " +
                            std::to_string(registers.workingSet) + " against " +
                            std::to_string(registers.spillThreshold));

    int64_t formula = textbookBytes(row);
    bool isGemm = row["kind"].rfind("gemm", 0) == 0;
    for (Agreement *a : {&textbook, isGemm ? &textbookGemm : nullptr}) {
      if (!a) continue;
      a->rows++;
      a->sharedExact += formula == measured;
      a->fitVerdict += (formula <= arch->maxSharedPerBlockOptIn) == measuredFits;
    }
    if (isGemm) {
      modelGemm.rows++;
      modelGemm.sharedExact += exact;
      modelGemm.fitVerdict += fits == measuredFits;
    }
  }

  std::printf("calibration table: %s\n", path->string().c_str());
  std::printf("btlint model on %d rows: shared memory byte-exact %.2f%% (%d), fit/overflow verdict %.2f%% (%d), "
              "spill verdict %.2f%% (%d)\n",
              model.rows, model.percent(model.sharedExact), model.sharedExact, model.percent(model.fitVerdict),
              model.fitVerdict, model.percent(model.spillVerdict), model.spillVerdict);
  std::printf("textbook num_stages*(BM*BK+BK*BN)*bytes on the same rows: byte-exact %.2f%% (%d), fit/overflow "
              "verdict %.2f%% (%d)\n",
              textbook.percent(textbook.sharedExact), textbook.sharedExact, textbook.percent(textbook.fitVerdict),
              textbook.fitVerdict);
  std::printf("on the %d GEMM rows alone: btlint byte-exact %.2f%%, fit %.2f%%; textbook byte-exact %.2f%%, fit "
              "%.2f%%\n",
              modelGemm.rows, modelGemm.percent(modelGemm.sharedExact), modelGemm.percent(modelGemm.fitVerdict),
              textbookGemm.percent(textbookGemm.sharedExact), textbookGemm.percent(textbookGemm.fitVerdict));
  for (const auto &[kind, a] : modelByKind)
    std::printf("  %-14s %5d rows: shared %.2f%%, fit %.2f%%, spill %.2f%%\n", kind.c_str(), a.rows,
                a.percent(a.sharedExact), a.percent(a.fitVerdict), a.percent(a.spillVerdict));
  for (const auto &[archName, a] : modelByArch)
    std::printf("  %-14s %5d rows: shared %.2f%%, fit %.2f%%, spill %.2f%%\n", archName.c_str(), a.rows,
                a.percent(a.sharedExact), a.percent(a.fitVerdict), a.percent(a.spillVerdict));
  for (size_t i = 0; i < sharedMisses.size() && i < 60; ++i) std::printf("  shared miss: %s\n", sharedMisses[i].c_str());
  for (const auto &miss : fitMisses) std::printf("  fit miss: %s\n", miss.c_str());
  if (std::getenv("BTLINT_CALIBRATION_VERBOSE"))
    for (const auto &miss : spillMisses) std::printf("  spill miss: %s\n", miss.c_str());

  EXPECT_GE(model.percent(model.sharedExact), 98.0);
  EXPECT_EQ(model.fitVerdict, model.rows);
  EXPECT_GE(model.percent(model.spillVerdict), 95.0);
}

} // namespace
} // namespace btlint::resources
