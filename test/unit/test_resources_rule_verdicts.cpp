// The resource rules' decisions on the calibration table: every measured row
// of test/calibration/triton-3.6.0.csv is turned into a config of the very
// kernel that was measured (test/calibration/calibration_kernels.py, read by
// the Python front-end), judged by resources::judgeTritonConfig exactly as
// smem-over-budget, register-spill-risk and all-configs-pruned judge it, and
// compared with what Triton 3.6 did:
//   - smem-over-budget fires (Fit::Overflows) on a row   <=> the row did not fit;
//   - a config it calls Fits always fitted, and no row is left undecided;
//   - register-spill-risk fires (Spill::Confident) only on rows that spilled;
//   - low-occupancy fires exactly where the measured shared memory (and, for
//     kernels with dots, ptxas's registers) leave fewer warps than its defaults.
#include "resources/ConfigVerdict.h"
#include "test_python_support.h"

#include "calibration_table.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace btlint::resources {
namespace {


using calibration_test::Row;
using calibration_test::findCalibrationDir;
using calibration_test::readFile;
using calibration_test::readRows;

ScalarValue integer(const std::string &text) { return ScalarValue::ofInt(std::stoll(text)); }

struct Counts {
  int rows = 0, overflowRows = 0, fired = 0, firedCorrectly = 0, undecided = 0, fitsButOverflowed = 0;
  int spillRows = 0, spillFired = 0, spillFiredCorrectly = 0;
  int occupancyRows = 0, occupancyLow = 0, occupancyFired = 0, occupancyFiredCorrectly = 0;
};

// low-occupancy's default thresholds (rules/resources/low-occupancy.cpp).
constexpr int64_t kMinResidentWarps = 16;
constexpr int64_t kMinResidentWarpsWithDot = 4;

TEST(ResourceRuleVerdicts, AgreeWithTheCalibrationTableOnEveryRow) {
  auto dir = findCalibrationDir();
  ASSERT_TRUE(dir.has_value()) << "test/calibration not found";
  FileModel model = python_test::modelOf(readFile(*dir / "calibration_kernels.py"), "sm90");
  const std::map<std::string, const Kernel *> kernels = {
      {"gemm", &python_test::kernelNamed(model, "gemm_kernel")},
      {"gemm_bt", &python_test::kernelNamed(model, "gemm_kernel")},
      {"gemm_prologue", &python_test::kernelNamed(model, "gemm_prologue_kernel")},
      {"attention", &python_test::kernelNamed(model, "attention_fwd_kernel")},
      {"softmax", &python_test::kernelNamed(model, "softmax_rows_kernel")},
      {"row_sum", &python_test::kernelNamed(model, "row_sum_2d_kernel")},
      {"col_sum", &python_test::kernelNamed(model, "col_sum_2d_kernel")},
      {"add", &python_test::kernelNamed(model, "add_kernel")},
  };

  Counts all;
  std::map<std::string, Counts> byKind;
  std::vector<std::string> misses;
  std::map<int64_t, std::pair<int, int>> sweep; // margin -> (fires, fires without a spill)
  VerdictCache cache;
  for (const Row &row : readRows(*dir / "triton-3.6.0.csv")) {
    if (row.at("status") != "ok" && row.at("status") != "out_of_resources") continue;
    const std::string &kind = row.at("kind");
    auto found = kernels.find(kind);
    ASSERT_NE(found, kernels.end()) << "a kind this test does not know: " << kind;
    Config config;
    if (kind == "attention") {
      config.params["BLOCK_M"] = integer(row.at("block_m"));
      config.params["BLOCK_N"] = integer(row.at("block_n"));
      config.params["HEAD_DIM"] = integer(row.at("block_k"));
    } else if (kind == "softmax" || kind == "add") {
      config.params["BLOCK_SIZE"] = integer(row.at("block_n"));
    } else {
      config.params["BLOCK_M"] = integer(row.at("block_m"));
      config.params["BLOCK_N"] = integer(row.at("block_n"));
      if (kind.rfind("gemm", 0) == 0) {
        config.params["BLOCK_K"] = integer(row.at("block_k"));
        config.params["GROUP_M"] = ScalarValue::ofInt(8);
      }
    }
    config.numWarps = integer(row.at("num_warps"));
    config.numStages = integer(row.at("num_stages"));
    const ArchInfo *arch = findArch(row.at("arch"));
    ASSERT_NE(arch, nullptr);
    TritonConfigVerdict verdict = judgeTritonConfig(cache, *found->second, config, *arch, row.at("dtype"), "calibration row");
    ASSERT_TRUE(verdict.estimate.has_value()) << kind << ": " << verdict.unknownReason;

    const bool measuredOverflows = row.at("fits") != "1";
    const bool measuredSpills = std::stoll(row.at("spill_store_bytes")) > 0;
    const bool smemFires = verdict.shared == Fit::Overflows;
    const bool hasDot = kind == "attention" || kind.rfind("gemm", 0) == 0;
    const bool spillFires = hasDot && verdict.spill == Spill::Confident;
    if (hasDot)
      for (int64_t percent : {125, 150, 175, 200}) {
        const bool fires = spillOf(verdict.estimate->registers, percent) == Spill::Confident;
        sweep[percent].first += fires;
        sweep[percent].second += fires && !measuredSpills;
      }
    const std::string id = kind + " " + row.at("dtype") + " " + row.at("block_m") + "x" + row.at("block_n") + "x" +
                           row.at("block_k") + " w" + row.at("num_warps") + " s" + row.at("num_stages") + " " +
                           row.at("arch") + " (measured " + row.at("shared_bytes") + ", estimated " +
                           std::to_string(verdict.estimate->shared.minBytes) + ".." +
                           std::to_string(verdict.estimate->shared.maxBytes) + ")";
    for (Counts *counts : {&all, &byKind[kind]}) {
      counts->rows++;
      counts->overflowRows += measuredOverflows;
      counts->fired += smemFires;
      counts->firedCorrectly += smemFires && measuredOverflows;
      counts->undecided += verdict.shared == Fit::MayOverflow;
      counts->fitsButOverflowed += verdict.shared == Fit::Fits && measuredOverflows;
      counts->spillRows += measuredSpills;
      counts->spillFired += spillFires;
      counts->spillFiredCorrectly += spillFires && measuredSpills;
    }
    bool occupancyFires = false, measuredLow = false;
    if (!measuredOverflows && verdict.occupancy) {
      const int64_t minimum = hasDot ? kMinResidentWarpsWithDot : kMinResidentWarps;
      occupancyFires = verdict.occupancy->warps < minimum;
      // The measured occupancy: Triton's shared memory and ptxas's registers
      // (without dots the rule does not count registers, so neither does this).
      const Occupancy measured =
          occupancyOf(std::stoll(row.at("shared_bytes")), hasDot ? std::stoll(row.at("regs")) : 0,
                      std::stoll(row.at("num_warps")) * arch->warpSize, *arch);
      measuredLow = measured.warps < minimum;
      for (Counts *counts : {&all, &byKind[kind]}) {
        counts->occupancyRows++;
        counts->occupancyLow += measuredLow;
        counts->occupancyFired += occupancyFires;
        counts->occupancyFiredCorrectly += occupancyFires && measuredLow;
      }
      if (occupancyFires != measuredLow)
        misses.push_back(std::string("low-occupancy ") + (occupancyFires ? "fires" : "silent") + ": " + id +
                         " estimated " + std::to_string(verdict.occupancy->warps) + " warps (" +
                         std::to_string(verdict.estimate->registers.registersPerThread) + " registers), measured " +
                         std::to_string(measured.warps) + " (" + row.at("regs") + " registers)");
    }
    if (smemFires != measuredOverflows)
      misses.push_back("smem-over-budget: " + id + " " + std::string(fitName(verdict.shared)));
    if (verdict.shared == Fit::MayOverflow)
      misses.push_back("smem-over-budget undecided (silent): " + id + (measuredOverflows ? " overflowed" : " fits"));
    if (spillFires && !measuredSpills) misses.push_back("register-spill-risk fires without a spill: " + id);
  }

  std::printf("rule verdicts on %d measured rows: %d overflowed, smem-over-budget fires on %d (%d right), "
              "%d undecided; %d spilled, register-spill-risk fires on %d (%d right, recall %.1f%%)\n",
              all.rows, all.overflowRows, all.fired, all.firedCorrectly, all.undecided, all.spillRows,
              all.spillFired, all.spillFiredCorrectly,
              all.spillRows ? 100.0 * all.spillFiredCorrectly / all.spillRows : 0.0);
  for (const auto &[percent, counts] : sweep)
    std::printf("  spill margin %lld%%: fires on %d dot rows, %d without a spill\n", static_cast<long long>(percent),
                counts.first, counts.second);
  std::printf("low-occupancy on %d rows that fit: measured low %d, fires on %d (%d right)\n",
              all.occupancyRows, all.occupancyLow, all.occupancyFired, all.occupancyFiredCorrectly);
  for (const auto &[kind, counts] : byKind)
    std::printf("  %-14s %5d rows: overflow %d, fired %d; spilled %d, spill fired %d (%d right)\n", kind.c_str(),
                counts.rows, counts.overflowRows, counts.fired, counts.spillRows, counts.spillFired,
                counts.spillFiredCorrectly);
  for (size_t i = 0; i < misses.size() && i < 80; ++i) std::printf("  miss: %s\n", misses[i].c_str());

  ASSERT_GT(all.rows, 3500);
  ASSERT_GT(all.overflowRows, 100); // the table exercises the rule both ways
  // smem-over-budget decides every row as Triton did: it fires on each
  // overflowing row and on no other; rows it leaves undecided (a range across
  // the limit) are silent, so they must be rows that fit.
  EXPECT_EQ(all.fired, all.overflowRows);
  EXPECT_EQ(all.firedCorrectly, all.overflowRows);
  EXPECT_EQ(all.fitsButOverflowed, 0);
  EXPECT_LE(all.undecided, 10);
  // register-spill-risk: confident spills only.
  EXPECT_GE(all.spillFiredCorrectly * 1000, all.spillFired * 995);
  EXPECT_GT(all.spillFired * 3, all.spillRows); // confident on many spills, not a rule that never fires
  EXPECT_EQ(all.occupancyFiredCorrectly, all.occupancyFired);
  EXPECT_EQ(all.occupancyFired, all.occupancyLow);
}

// ptxas 13.0's registers under each cap (docs/measurements/register-caps):
// where a minimum of blocks is written, or the threads alone bound it, the
// cap is exactly what ptxas used for a kernel that wants 212.
TEST(LaunchBoundsRegisterCap, MatchesPtxas) {
  const ArchInfo *sm90 = findArch("sm90");
  ASSERT_NE(sm90, nullptr);
  const struct {
    int64_t threads, minBlocks, registers;
  } rows[] = {{256, 1, 255}, {256, 2, 128}, {256, 3, 80}, {256, 4, 64}, {256, 5, 48}, {256, 6, 40},
              {256, 8, 32},  {96, 5, 128},  {160, 5, 72}, {1024, 1, 64}, {384, 1, 168}, {320, 1, 168},
              {192, 1, 255}};
  for (const auto &row : rows)
    EXPECT_EQ(launchBoundsRegisterCap(*sm90, row.threads, row.minBlocks), row.registers)
        << "__launch_bounds__(" << row.threads << ", " << row.minBlocks << ")";
}

} // namespace
} // namespace btlint::resources
