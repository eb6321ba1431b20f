// End to end: the Python front-end reads the calibration kernels themselves
// (test/calibration/calibration_kernels.py), the adapter turns each measured
// config into an estimate, and the estimate must cover what Triton 3.6
// allocated (test/calibration/triton-3.6.0.csv). This checks that the kernel
// model carries what the resource model needs, not only the model itself.
#include "resources/KernelResourceAdapter.h"
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

TEST(ResourcesFrontEnd, CalibrationKernelsReadThroughTheFrontEndCoverTheTable) {
  auto dir = findCalibrationDir();
  ASSERT_TRUE(dir.has_value()) << "test/calibration not found";
  FileModel model = python_test::modelOf(readFile(*dir / "calibration_kernels.py"), "sm90");
  const Kernel &gemm = python_test::kernelNamed(model, "gemm_kernel");
  const Kernel &prologue = python_test::kernelNamed(model, "gemm_prologue_kernel");
  const Kernel &attention = python_test::kernelNamed(model, "attention_fwd_kernel");
  ASSERT_EQ(gemm.dots.size(), 1u);
  ASSERT_EQ(attention.dots.size(), 2u);

  int rows = 0, covered = 0, exact = 0, fitAgrees = 0;
  std::vector<std::string> misses;
  for (const auto &row : readRows(*dir / "triton-3.6.0.csv")) {
    if (row.at("status") != "ok" && row.at("status") != "out_of_resources") continue;
    const std::string &kind = row.at("kind");
    const Kernel *kernel = nullptr;
    Config config;
    if (kind == "gemm" || kind == "gemm_bt" || kind == "gemm_prologue") {
      kernel = kind == "gemm_prologue" ? &prologue : &gemm;
      config.params["BLOCK_M"] = integer(row.at("block_m"));
      config.params["BLOCK_N"] = integer(row.at("block_n"));
      config.params["BLOCK_K"] = integer(row.at("block_k"));
      config.params["GROUP_M"] = ScalarValue::ofInt(8);
    } else if (kind == "attention") {
      kernel = &attention;
      config.params["BLOCK_M"] = integer(row.at("block_m"));
      config.params["BLOCK_N"] = integer(row.at("block_n"));
      config.params["HEAD_DIM"] = integer(row.at("block_k"));
    } else {
      continue; // reductions are not in the kernel model (the estimate is a bound)
    }
    config.numWarps = integer(row.at("num_warps"));
    config.numStages = integer(row.at("num_stages"));
    const ArchInfo *arch = findArch(row.at("arch"));
    ASSERT_NE(arch, nullptr);
    std::string why;
    auto estimate = estimateKernelResources(*kernel, config, *arch, row.at("dtype"), "calibration row", &why);
    ASSERT_TRUE(estimate.has_value()) << kind << ": " << why << "; front-end notes:"
                                      << python_test::joined(noteTexts(kernel->notes));
    int64_t measured = std::stoll(row.at("shared_bytes"));
    bool measuredFits = row.at("fits") == "1";
    ++rows;
    bool inside = estimate->shared.minBytes <= measured && measured <= estimate->shared.maxBytes;
    covered += inside;
    exact += estimate->shared.exact() && estimate->shared.bytes() == measured;
    fitAgrees += estimate->fits == measuredFits;
    if (!inside && misses.size() < 10)
      misses.push_back(kind + " " + row.at("dtype") + " " + row.at("block_m") + "x" + row.at("block_n") + "x" +
                       row.at("block_k") + " w" + row.at("num_warps") + " s" + row.at("num_stages") + " " +
                       row.at("arch") + ": measured " + std::to_string(measured) + ", estimated " +
                       std::to_string(estimate->shared.minBytes) + ".." + std::to_string(estimate->shared.maxBytes));
  }
  std::printf("front-end + adapter on %d dot rows: measured inside the estimate %.2f%%, byte-exact %.2f%%, fit "
              "verdict %.2f%%\n",
              rows, 100.0 * covered / rows, 100.0 * exact / rows, 100.0 * fitAgrees / rows);
  for (const auto &miss : misses) std::printf("  outside: %s\n", miss.c_str());
  ASSERT_GT(rows, 3000);
  EXPECT_GE(100.0 * covered / rows, 98.0);
  // A range is reported only where B's layout matters (8-bit on sm90): the
  // rest stays byte-exact.
  EXPECT_GE(100.0 * exact / rows, 95.0);
  EXPECT_GE(100.0 * fitAgrees / rows, 99.5);
}

} // namespace
} // namespace btlint::resources
