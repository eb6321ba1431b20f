// btlint tune's static score (lib/tune): each term on its own, the work of a
// GEMM at the shapes where padding and waves change (M = 1, 17, 129 and
// exact multiples), and the roles read from a kernel's model.
#include "arch/ArchTable.h"
#include "resources/KernelResourceAdapter.h"
#include "test_python_support.h"
#include "tune/TuneScore.h"
#include "tune/TuneWork.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace btlint::tune {
namespace {

const ArchInfo &h200() { return *findArch("sm90"); }

TEST(TuneScore, PaddedExtentRoundsUpToWholeTiles) {
  EXPECT_EQ(paddedExtent(1, 16), 16);
  EXPECT_EQ(paddedExtent(16, 16), 16);
  EXPECT_EQ(paddedExtent(17, 16), 32);
  EXPECT_EQ(paddedExtent(129, 128), 256);
  EXPECT_EQ(paddedExtent(4095, 128), 4096);
  EXPECT_EQ(paddedExtent(4096, 128), 4096);
  EXPECT_EQ(paddedExtent(8192, 64, 4), 8192);
  EXPECT_EQ(paddedExtent(8193, 64, 4), 8448);
}

TEST(TuneScore, BusiestSmCountsTheTail) {
  EXPECT_EQ(programsOnBusiestSm(1, 132), 1);
  EXPECT_EQ(programsOnBusiestSm(132, 132), 1);
  EXPECT_EQ(programsOnBusiestSm(133, 132), 2);
  EXPECT_EQ(programsOnBusiestSm(1024, 132), 8);
}

TEST(TuneScore, MmaShapeEfficiency) {
  const ScoreConstants &c = scoreConstants();
  // A warp group issues 64 x N: N 128 is the full rate, N 64 sqrt(1/2) of it.
  EXPECT_DOUBLE_EQ(mmaShapeEfficiency(MmaKind::Wgmma, 128, 128, 4, c), 1.0);
  EXPECT_DOUBLE_EQ(mmaShapeEfficiency(MmaKind::Wgmma, 64, 64, 4, c), std::sqrt(0.5));
  // Eight warps on BLOCK_M 128 split M: each group still has N 128.
  EXPECT_DOUBLE_EQ(mmaShapeEfficiency(MmaKind::Wgmma, 128, 128, 8, c), 1.0);
  // Eight warps on BLOCK_M 64 split N: each group has N 32.
  EXPECT_DOUBLE_EQ(mmaShapeEfficiency(MmaKind::Wgmma, 64, 64, 8, c), 0.5);
  // mma.sync: 32 x 32 over 4 warps is 256 elements a warp.
  EXPECT_DOUBLE_EQ(mmaShapeEfficiency(MmaKind::MmaSync, 32, 32, 4, c), std::pow(0.25, 0.65));
  EXPECT_DOUBLE_EQ(mmaShapeEfficiency(MmaKind::None, 32, 32, 4, c), 1.0);
}

TEST(TuneScore, AccessWidthEfficiency) {
  const ScoreConstants &c = scoreConstants();
  EXPECT_DOUBLE_EQ(accessWidthEfficiency(4, c), std::pow(0.25, 0.4));
  EXPECT_DOUBLE_EQ(accessWidthEfficiency(16, c), 1.0);
  EXPECT_DOUBLE_EQ(accessWidthEfficiency(32, c), 1.0);
  EXPECT_DOUBLE_EQ(accessWidthEfficiency(64, c), std::pow(0.5, 0.47));
  EXPECT_DOUBLE_EQ(accessWidthEfficiency(0, c), 1.0);
}

// A tutorial GEMM tile: BLOCK_M x BLOCK_N programs, a loop over K in
// BLOCK_K, fp16 operands streamed every trip, the result stored once.
ConfigWork gemmWork(int64_t bm, int64_t bn, int64_t bk, int64_t split = 1) {
  ConfigWork work;
  work.tiles = {{"M", bm, 1, "", false, false}, {"N", bn, 1, "", false, false},
                {"K", bk, split, split > 1 ? "SPLIT_K" : "", true, false}};
  work.hasDot = true;
  work.pipelinedLoop = true;
  work.flopsPerTrip = 2.0 * bm * bn * bk;
  work.traffic = {{{"M", double(bm)}, {"K", double(bk)}, 2, true, false},
                  {{"K", double(bk)}, {"N", double(bn)}, 2, true, false},
                  {{"M", double(bm)}, {"N", double(bn)}, 2, false, true}};
  work.dotM = double(bm);
  work.dotN = double(bn);
  return work;
}

KernelRoles gemmRoles() {
  KernelRoles roles;
  roles.tileDim = {{"BLOCK_M", "M"}, {"BLOCK_N", "N"}, {"BLOCK_K", "K"}};
  roles.loopTiles = {"BLOCK_K"};
  roles.shapeArguments = {"M", "N", "K"};
  roles.hasDot = true;
  return roles;
}

TEST(TuneWork, DecodeRowsPadTheTileButMoveOnlyTheRowsThatExist) {
  const Shape decode = {{"M", 1}, {"N", 4096}, {"K", 4096}};
  const ProgramWork work = workOn(gemmWork(64, 128, 64), gemmRoles(), decode);
  EXPECT_EQ(work.programs, 32);    // one row of tiles, 4096 / 128 columns
  EXPECT_EQ(work.iterations, 64);  // 4096 / 64
  EXPECT_DOUBLE_EQ(work.paddingFraction, 1.0 / 64);
  // The MMA computes the padded tile; the loads of masked rows move nothing.
  EXPECT_DOUBLE_EQ(work.flopsPerProgram, 64 * 2.0 * 64 * 128 * 64);
  EXPECT_DOUBLE_EQ(work.l2BytesPerProgram, 64 * (1 * 64 * 2.0 + 64 * 128 * 2.0) + 1 * 128 * 2.0);
  EXPECT_DOUBLE_EQ(work.usefulFlops, 2.0 * 1 * 4096 * 4096);
  EXPECT_DOUBLE_EQ(work.uniqueBytes, (1 * 4096 + 4096 * 4096 + 1 * 4096) * 2.0);
}

TEST(TuneWork, NonMultiplesAddATileOfPadding) {
  const KernelRoles roles = gemmRoles();
  const ProgramWork m17 = workOn(gemmWork(16, 128, 64), roles, {{"M", 17}, {"N", 4096}, {"K", 4096}});
  EXPECT_EQ(m17.programs, 2 * 32);
  EXPECT_DOUBLE_EQ(m17.paddingFraction, 17.0 / 32);
  const ProgramWork m129 = workOn(gemmWork(128, 128, 64), roles, {{"M", 129}, {"N", 4096}, {"K", 4096}});
  EXPECT_EQ(m129.programs, 2 * 32);
  EXPECT_DOUBLE_EQ(m129.paddingFraction, 129.0 / 256);
  const ProgramWork exact = workOn(gemmWork(128, 128, 64), roles, {{"M", 4096}, {"N", 4096}, {"K", 4096}});
  EXPECT_EQ(exact.programs, 32 * 32);
  EXPECT_DOUBLE_EQ(exact.paddingFraction, 1.0);
  EXPECT_DOUBLE_EQ(exact.usefulFlops, 2.0 * 4096 * 4096 * 4096);
}

TEST(TuneWork, SplitKMultipliesProgramsAndDividesTrips) {
  KernelRoles roles = gemmRoles();
  roles.splitOf["BLOCK_K"] = "SPLIT_K";
  const ProgramWork work = workOn(gemmWork(16, 64, 64, 4), roles, {{"M", 16}, {"N", 4096}, {"K", 8192}});
  EXPECT_EQ(work.programs, 64 * 4);
  EXPECT_EQ(work.iterations, 8192 / (64 * 4));
  EXPECT_DOUBLE_EQ(work.usefulFlops, 2.0 * 16 * 4096 * 8192);
}

TEST(TuneWork, SplitKAtomicsAddTheWholeResultOncePerSplit) {
  KernelRoles roles = gemmRoles();
  roles.splitOf["BLOCK_K"] = "SPLIT_K";
  const Shape shape = {{"M", 1024}, {"N", 4096}, {"K", 4096}};
  ConfigWork split = gemmWork(64, 128, 64, 4);
  split.traffic.back() = {{"M", 64.0}, {"N", 128.0}, 4, false, true, true};
  EXPECT_DOUBLE_EQ(workOn(split, roles, shape).atomicBytes, 4 * 1024 * 4096 * 4.0);
  EXPECT_DOUBLE_EQ(workOn(gemmWork(64, 128, 64), gemmRoles(), shape).atomicBytes, 0);
  // At the measured rate, each split adds the result's bytes once more.
  const ConfigResources resources{2, 4, 3, MmaKind::Wgmma, SpillRisk::No};
  const ScoreTerms terms = scoreWork(workOn(split, roles, shape), resources, h200(), 989);
  EXPECT_DOUBLE_EQ(terms.atomicUs, 4 * 1024 * 4096 * 4.0 / (scoreConstants().atomicAddGBs * 1e9) * 1e6);
  split.traffic.back().atomic = false;
  EXPECT_GT(terms.timeUs, scoreWork(workOn(split, roles, shape), resources, h200(), 989).timeUs);
}

// The arm a config compiles decides whether the result is added with
// atomics: `if SPLIT_K == 1: tl.store(...) else: tl.atomic_add(...)`.
// A GEMM whose K loop a SPLIT_K splits across programs; `params` ends the
// signature, `epilogue` writes `acc` (indented as the body).
std::string splitKGemmSource(const std::string &params, const std::string &epilogue) {
  return R"PY(
import triton
import triton.language as tl

@triton.jit
def gemm(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm,
         BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, SPLIT_K: tl.constexpr)PY" +
         params + R"PY():
    pid = tl.program_id(0)
    pid_k = tl.program_id(1)
    rows = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    ks = pid_k * BLOCK_K + tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K * SPLIT_K)):
        a = tl.load(a_ptr + rows[:, None] * stride_am + ks[None, :], mask=(rows[:, None] < M) & (ks[None, :] < K))
        b = tl.load(b_ptr + ks[:, None] * stride_bk + cols[None, :], mask=(ks[:, None] < K) & (cols[None, :] < N))
        acc = tl.dot(a, b, acc)
)PY" + epilogue;
}

TEST(TuneWork, OnlyTheCompiledArmAddsWithAtomics) {
  const FileModel model = python_test::modelOf(splitKGemmSource("", R"PY(
    keep = (rows[:, None] < M) & (cols[None, :] < N)
    if SPLIT_K == 1:
        tl.store(c_ptr + rows[:, None] * stride_cm + cols[None, :], acc, mask=keep)
    else:
        tl.atomic_add(c_ptr + rows[:, None] * stride_cm + cols[None, :], acc, mask=keep)
)PY"));
  const Kernel &kernel = python_test::kernelNamed(model, "gemm");
  const KernelRoles roles = rolesOf(kernel);
  auto resultOf = [&](int64_t split) {
    Config config;
    config.params["BLOCK_M"] = ScalarValue::ofInt(64);
    config.params["BLOCK_N"] = ScalarValue::ofInt(128);
    config.params["BLOCK_K"] = ScalarValue::ofInt(64);
    config.params["SPLIT_K"] = ScalarValue::ofInt(split);
    const auto described = resources::describeKernel(kernel, config, "fp16", "", nullptr, resources::Detail::Numbers);
    EXPECT_TRUE(described.has_value());
    return configWorkOf(kernel, roles, config, described ? &described->description : nullptr, 2).traffic.back();
  };
  EXPECT_TRUE(resultOf(1).result);
  EXPECT_FALSE(resultOf(1).atomic);
  EXPECT_DOUBLE_EQ(resultOf(1).bytes, 2);
  EXPECT_TRUE(resultOf(4).atomic);
  EXPECT_DOUBLE_EQ(resultOf(4).bytes, 4);
}

TEST(TuneScore, LargeSquareGemmIsComputeBoundAndDecodeIsNot) {
  const ScoreConstants &c = scoreConstants();
  ConfigResources resources{2, 4, 3, MmaKind::Wgmma, SpillRisk::No};
  const KernelRoles roles = gemmRoles();
  const ScoreTerms big = scoreWork(workOn(gemmWork(128, 128, 64), roles, {{"M", 4096}, {"N", 4096}, {"K", 4096}}),
                                   resources, h200(), 989);
  EXPECT_EQ(big.bound, "compute");
  // 1024 programs: 8 on the busiest of 132 SMs, 2 resident.
  EXPECT_NEAR(big.waves, 1024.0 / 264, 1e-12);
  EXPECT_NEAR(big.tailEfficiency, 1024.0 / (8 * 132), 1e-12);
  EXPECT_NEAR(big.computeUs, 8 * (2.0 * 128 * 128 * 4096) / (989e12 / 132 * c.wgmmaEfficiency) * 1e6, 1e-9);
  EXPECT_GT(big.intensity, big.ridge);

  const ScoreTerms decode = scoreWork(workOn(gemmWork(64, 64, 64), roles, {{"M", 1}, {"N", 4096}, {"K", 4096}}),
                                      resources, h200(), 989);
  EXPECT_NE(decode.bound, "compute");
  EXPECT_LT(decode.intensity, decode.ridge);
}

TEST(TuneScore, DecodeFavoursMoreProgramsOverWiderTiles) {
  ConfigResources resources{2, 4, 4, MmaKind::MmaSync, SpillRisk::No};
  const KernelRoles roles = gemmRoles();
  const Shape decode = {{"M", 1}, {"N", 4096}, {"K", 4096}};
  const double narrow = scoreWork(workOn(gemmWork(16, 32, 128), roles, decode), resources, h200(), 989).timeUs;
  const double wide = scoreWork(workOn(gemmWork(16, 256, 128), roles, decode), resources, h200(), 989).timeUs;
  EXPECT_LT(narrow, wide); // 128 programs keep more SMs loading than 16
}

TEST(TuneScore, SpillsAndUnpipelinedLoopsCost) {
  const KernelRoles roles = gemmRoles();
  const Shape square = {{"M", 4096}, {"N", 4096}, {"K", 4096}};
  const ProgramWork work = workOn(gemmWork(128, 128, 64), roles, square);
  const ScoreTerms clean = scoreWork(work, {2, 4, 3, MmaKind::Wgmma, SpillRisk::No}, h200(), 989);
  const ScoreTerms spilled = scoreWork(work, {2, 4, 3, MmaKind::Wgmma, SpillRisk::Confident}, h200(), 989);
  EXPECT_DOUBLE_EQ(spilled.spillFactor, scoreConstants().spillConfidentFactor);
  EXPECT_GT(spilled.timeUs, clean.timeUs);
  // One stage: every trip waits for its loads, the latency and the stage's transfer.
  const ScoreTerms unpipelined = scoreWork(work, {2, 4, 1, MmaKind::Wgmma, SpillRisk::No}, h200(), 989);
  const double stageUs = scoreConstants().dramLatencyUs +
                         work.bytesPerIteration / (4800e9 * scoreConstants().l2FeedPerDram / 132) * 1e6;
  EXPECT_DOUBLE_EQ(unpipelined.latencyUs, std::ceil(std::ceil(1024.0 / 132) / 2) * 64 * stageUs);
  EXPECT_EQ(unpipelined.bound, "latency");
  EXPECT_GT(unpipelined.timeUs, clean.timeUs);
}

TEST(TuneScore, FewStagesWaitOnLoadsThatComputeCannotCover) {
  // A large tile is compute-bound with enough stages; with two, each trip
  // waits for the next stage's loads (measured on H200: 128x256x64 fp16,
  // 1.30 µs per trip at 2 stages, 0.88 at 4).
  const KernelRoles roles = gemmRoles();
  const Shape square = {{"M", 4096}, {"N", 4096}, {"K", 4096}};
  const ProgramWork work = workOn(gemmWork(128, 256, 64), roles, square);
  const ScoreTerms two = scoreWork(work, {1, 8, 2, MmaKind::Wgmma, SpillRisk::No}, h200(), 989);
  const ScoreTerms four = scoreWork(work, {1, 8, 4, MmaKind::Wgmma, SpillRisk::No}, h200(), 989);
  EXPECT_EQ(two.bound, "latency");
  EXPECT_EQ(four.bound, "compute");
  EXPECT_GT(two.timeUs, four.timeUs * 1.2);
  EXPECT_DOUBLE_EQ(two.latencyUs, 3 * four.latencyUs);
}

TEST(TuneScore, StagesBeyondTheTripCountBuyNothing) {
  const KernelRoles roles = gemmRoles();
  const Shape shortK = {{"M", 1}, {"N", 4096}, {"K", 64}}; // one trip
  const ProgramWork work = workOn(gemmWork(16, 64, 64), roles, shortK);
  ASSERT_EQ(work.iterations, 1);
  const double two = scoreWork(work, {4, 4, 2, MmaKind::MmaSync, SpillRisk::No}, h200(), 989).timeUs;
  const double five = scoreWork(work, {4, 4, 5, MmaKind::MmaSync, SpillRisk::No}, h200(), 989).timeUs;
  EXPECT_DOUBLE_EQ(two, five);
}

TEST(TuneWork, RolesOfATutorialGemm) {
  const FileModel model = python_test::modelOf(splitKGemmSource(",\n         GROUP_M: tl.constexpr", R"PY(
    tl.store(c_ptr + rows[:, None] * stride_cm + cols[None, :], acc, mask=(rows[:, None] < M) & (cols[None, :] < N))
)PY"));
  const KernelRoles roles = rolesOf(python_test::kernelNamed(model, "gemm"));
  EXPECT_EQ(roles.tileDim.at("BLOCK_M"), "M");
  EXPECT_EQ(roles.tileDim.at("BLOCK_N"), "N");
  EXPECT_EQ(roles.tileDim.at("BLOCK_K"), "K");
  EXPECT_TRUE(roles.loopTiles.count("BLOCK_K"));
  EXPECT_FALSE(roles.loopTiles.count("BLOCK_M"));
  EXPECT_EQ(roles.splitOf.at("BLOCK_K"), "SPLIT_K");
  EXPECT_TRUE(roles.grouped);
  EXPECT_TRUE(roles.hasDot);
  EXPECT_EQ(roles.dotM, "BLOCK_M");
  EXPECT_EQ(roles.dotN, "BLOCK_N");
  EXPECT_EQ(roles.dotK, "BLOCK_K");
}

} // namespace
} // namespace btlint::tune
