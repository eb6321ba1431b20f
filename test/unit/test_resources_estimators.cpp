// The pieces of the resource model on hand-checked cases: the allocator,
// the layouts Triton picks, the shared-memory and register estimates, and the
// adapter from the kernel model. Expected values come from Triton 3.6's
// compiler (the rows of test/calibration/triton-3.6.0.csv they match are named).
#include "arch/ArchTable.h"
#include "model/KernelModel.h"
#include "resources/KernelResourceAdapter.h"
#include "resources/RegisterEstimator.h"
#include "resources/SharedMemoryAllocator.h"
#include "resources/SharedMemoryEstimator.h"
#include "resources/TritonLayouts.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace btlint::resources {
namespace {

const ArchInfo &arch(const char *name) {
  const ArchInfo *info = findArch(name);
  EXPECT_NE(info, nullptr) << name;
  return *info;
}

// ---- allocator ----------------------------------------------------------------

TEST(SharedMemoryAllocator, BuffersLiveTogetherAreStacked) {
  auto layout = placeSharedBuffers({{"a", 1000, 16, 0, 10}, {"b", 500, 16, 5, 15}});
  // The larger buffer first at 0; the other after it, 16-byte aligned.
  EXPECT_EQ(layout.totalBytes, 1008 + 500);
}

TEST(SharedMemoryAllocator, DisjointLifetimesShareMemory) {
  auto layout = placeSharedBuffers({{"a", 4096, 16, 0, 10}, {"b", 8192, 16, 10, 20}});
  EXPECT_EQ(layout.totalBytes, 8192);
}

TEST(SharedMemoryAllocator, SmallBufferReusesTheHoleOfAShortLivedOne) {
  // A ring live all along, a short-lived relayout, and a reduction scratch
  // before it: the scratch sits where the relayout will be.
  auto layout = placeSharedBuffers({{"ring", 32768, 16, 10, 30},
                                    {"relayout", 8192, 16, 15, 16},
                                    {"scratch", 1024, 128, 13, 14}});
  EXPECT_EQ(layout.totalBytes, 32768 + 8192);
}

TEST(SharedMemoryAllocator, IgnoresEmptyBuffers) {
  EXPECT_EQ(placeSharedBuffers({{"none", 0, 16, 0, 1}}).totalBytes, 0);
  EXPECT_EQ(placeSharedBuffers({}).totalBytes, 0);
}

// ---- layouts ------------------------------------------------------------------

TEST(TritonLayouts, DefaultBlockedLayoutMatchesTriton) {
  // TTGIR of gemm fp16 256x256x16 w8 on sm90: the C store layout is
  // sizePerThread [1, 8], threadsPerWarp [1, 32], warpsPerCTA [8, 1].
  DistributedLayout store = coalescedLayout({256, 256}, 1, 16, 8);
  ASSERT_EQ(store.lanes.size(), 5u);
  for (const auto &lane : store.lanes) EXPECT_EQ(lane[0], 0); // all lanes along columns
  ASSERT_EQ(store.warps.size(), 3u);
  for (const auto &warp : store.warps) EXPECT_EQ(warp[1], 0); // all warps along rows
  EXPECT_EQ(store.registers.size(), 3u + 5u);                // 8 columns, 32 row repetitions
}

TEST(TritonLayouts, MmaWarpTilings) {
  // From TTGIR: mma v2 warpsPerCTA [4, 2] for 256x64 with 8 warps, [1, 2] for
  // 64x128 with 2, [2, 2] for 128x128 with 4.
  EXPECT_EQ(mmaV2WarpsPerTile({256, 64}, 8, false), (std::array<int64_t, 2>{4, 2}));
  EXPECT_EQ(mmaV2WarpsPerTile({64, 128}, 2, false), (std::array<int64_t, 2>{1, 2}));
  EXPECT_EQ(mmaV2WarpsPerTile({128, 128}, 4, false), (std::array<int64_t, 2>{2, 2}));
  EXPECT_EQ(mmaV2WarpsPerTile({64, 128}, 4, true), (std::array<int64_t, 2>{1, 4}));
  // wgmma: instrShape [16, 256, 16] and warpsPerCTA [8, 1] for 256x256 with 8 warps.
  EXPECT_EQ(mmaV3InstructionN({256, 256}, 8), 256);
  EXPECT_EQ(mmaV3WarpsPerTile({256, 256}, 8, false), (std::array<int64_t, 2>{8, 1}));
}

TEST(TritonLayouts, ReductionScratchIsOnePartialPerWarp) {
  // softmax fp32 BLOCK_SIZE 1024: 4 bytes per warp holding data.
  EXPECT_EQ(reductionScratchBytes(coalescedLayout({1, 1024}, 1, 32, 4), 1, 4), 16);
  EXPECT_EQ(reductionScratchBytes(coalescedLayout({1, 1024}, 1, 32, 1), 1, 4), 0);
  // BLOCK_SIZE 128 over 8 warps: only 4 warps hold distinct elements.
  EXPECT_EQ(reductionScratchBytes(coalescedLayout({1, 128}, 1, 32, 8), 1, 4), 16);
  // col_sum fp32 128x128, 8 warps stacked on rows: 8 partial rows of 128.
  EXPECT_EQ(reductionScratchBytes(coalescedLayout({128, 128}, 1, 32, 8), 0, 4), 4096);
}

TEST(TritonLayouts, EpilogueConversionRounds) {
  // gemm fp16 256x256x16 w8 s1 sm90 measured 32768: the 128 KiB tile converts
  // in four rounds with 32-bit pieces; before sm90 the same pair converts at once.
  DistributedLayout accumulator = mmaV3Accumulator({256, 256}, 8, false);
  DistributedLayout store = coalescedLayout({256, 256}, 1, 16, 8);
  EXPECT_EQ(convertLayoutScratchBytes(accumulator, store, 16, 32), 32768);
  // gemm fp16 256x64x32 w8 s2 sm80 measured 32768: the whole tile.
  EXPECT_EQ(convertLayoutScratchBytes(mmaV2Accumulator({256, 64}, 8, false), coalescedLayout({256, 64}, 1, 16, 8),
                                      16, 128),
            32768);
  // The same layout on both sides needs nothing.
  EXPECT_EQ(convertLayoutScratchBytes(store, store, 16, 32), 0);
}

// ---- shared-memory estimate ------------------------------------------------------

KernelDescription gemm(int64_t m, int64_t n, int64_t k, ElementType type, int warps, int stages,
                       bool bKMajor = false) {
  KernelDescription kernel;
  DotDescription dot;
  dot.m = m;
  dot.n = n;
  dot.k = k;
  dot.input = type;
  dot.b.kContiguous = bKMajor;
  kernel.dots.push_back(dot);
  kernel.epilogueStore = type == ElementType::Fp8E4nv ? ElementType::Fp16 : type;
  kernel.numWarps = warps;
  kernel.numStages = stages;
  return kernel;
}

TEST(SharedMemoryEstimator, PipelinedGemmBuffersDependOnTheMmaPath) {
  auto kernel = gemm(128, 128, 64, ElementType::Fp16, 4, 3);
  // mma.sync keeps num_stages-1 buffers: 2 x (128x64 + 64x128) x 2 bytes.
  auto sm80 = estimateSharedMemory(kernel, arch("sm80"));
  EXPECT_TRUE(sm80.exact());
  EXPECT_EQ(sm80.bytes(), 65536);
  EXPECT_EQ(sm80.mmaPath, MmaPath::MmaSync);
  // wgmma keeps one more.
  auto sm90 = estimateSharedMemory(kernel, arch("sm90"));
  EXPECT_EQ(sm90.bytes(), 98304);
  EXPECT_EQ(sm90.mmaPath, MmaPath::Wgmma);
  // tcgen05: the same, plus two 8-byte completion barriers.
  auto sm100 = estimateSharedMemory(kernel, arch("sm100"));
  EXPECT_EQ(sm100.bytes(), 98320);
  EXPECT_EQ(sm100.mmaPath, MmaPath::Tcgen05);
  // sm120 has no warp-group MMA.
  EXPECT_EQ(estimateSharedMemory(kernel, arch("sm120")).bytes(), 65536);
  EXPECT_FALSE(sm90.breakdown.empty());
  EXPECT_TRUE(std::any_of(sm90.assumptions.begin(), sm90.assumptions.end(),
                          [](const std::string &a) { return a.find("wgmma") != std::string::npos; }));
}

TEST(SharedMemoryEstimator, TwoWarpsOnSm90TakeTheMmaSyncPath) {
  // gemm fp16 128x128x64 w2 s3 sm90 measured 65536 on mma.sync.
  auto estimate = estimateSharedMemory(gemm(128, 128, 64, ElementType::Fp16, 2, 3), arch("sm90"));
  EXPECT_EQ(estimate.mmaPath, MmaPath::MmaSync);
  EXPECT_EQ(estimate.bytes(), 65536);
}

TEST(SharedMemoryEstimator, Fp8WithRowMajorBOnSm90KeepsASingleBBuffer) {
  // gemm fp8e4nv 128x128x64 w4 s3 sm90 measured 32768; gemm_bt (K-major B) 49152.
  EXPECT_EQ(estimateSharedMemory(gemm(128, 128, 64, ElementType::Fp8E4nv, 4, 3), arch("sm90")).bytes(), 32768);
  EXPECT_EQ(estimateSharedMemory(gemm(128, 128, 64, ElementType::Fp8E4nv, 4, 3, true), arch("sm90")).bytes(), 49152);
}

TEST(SharedMemoryEstimator, OverflowAgainstTheOptInLimit) {
  // gemm fp16 256x256x64 w8 s4 sm90 measured 262144 > 232448: OutOfResources on load.
  auto estimate = estimateSharedMemory(gemm(256, 256, 64, ElementType::Fp16, 8, 4), arch("sm90"));
  EXPECT_EQ(estimate.bytes(), 262144);
  EXPECT_GT(estimate.bytes(), arch("sm90").maxSharedPerBlockOptIn);
}

TEST(SharedMemoryEstimator, AttentionKeepsQAndRingsForKAndV) {
  // attention fp16 BLOCK_M 128, BLOCK_N 64, HEAD_DIM 64, w4 s3: 49152 on sm80,
  // 65536 on sm90 (wgmma), 65568 on sm100 (tcgen05 barriers).
  KernelDescription kernel;
  kernel.dots = {DotDescription{128, 64, 64, ElementType::Fp16, {OperandSource::LoadedBeforeLoop, true},
                                {OperandSource::PipelinedLoad, true}, true},
                 DotDescription{128, 64, 64, ElementType::Fp16, {OperandSource::PreviousDot, true},
                                {OperandSource::PipelinedLoad, false}, true}};
  kernel.epilogueStore = ElementType::Fp16;
  kernel.numWarps = 4;
  kernel.numStages = 3;
  EXPECT_EQ(estimateSharedMemory(kernel, arch("sm80")).bytes(), 49152);
  EXPECT_EQ(estimateSharedMemory(kernel, arch("sm90")).bytes(), 65536);
  EXPECT_EQ(estimateSharedMemory(kernel, arch("sm100")).bytes(), 65568);
}

TEST(SharedMemoryEstimator, NoPipeliningBeforeSm80) {
  auto kernel = gemm(128, 128, 64, ElementType::Fp16, 4, 4);
  auto pipelined = estimateSharedMemory(kernel, arch("sm75"));
  kernel.numStages = 1;
  EXPECT_EQ(pipelined.bytes(), estimateSharedMemory(kernel, arch("sm75")).bytes());
  EXPECT_FALSE(pipelined.calibrated);
}

TEST(SharedMemoryEstimator, AmdIsDerivedNotCalibrated) {
  auto estimate = estimateSharedMemory(gemm(128, 128, 64, ElementType::Fp16, 4, 2), arch("gfx942"));
  EXPECT_FALSE(estimate.calibrated);
  EXPECT_EQ(estimate.mmaPath, MmaPath::Mfma);
  EXPECT_EQ(estimate.minBytes, 32768); // one buffer per operand
  EXPECT_GE(estimate.maxBytes, estimate.minBytes);
}

// ---- registers ------------------------------------------------------------------

TEST(RegisterEstimator, SpillVerdicts) {
  // gemm fp16 128x128x64 w4 s3 sm80: 250 registers, no spill; with 2 warps
  // on sm90 (mma.sync) it spills 1536 bytes.
  EXPECT_FALSE(estimateRegisters(gemm(128, 128, 64, ElementType::Fp16, 4, 3), arch("sm80")).spills);
  EXPECT_TRUE(estimateRegisters(gemm(128, 128, 64, ElementType::Fp16, 2, 3), arch("sm90")).spills);
  // 16 warps leave at most 128 registers per thread in a 64K register file.
  auto wide = estimateRegisters(gemm(128, 128, 64, ElementType::Fp16, 16, 3), arch("sm80"));
  EXPECT_EQ(wide.registerCap, 128);
}

TEST(RegisterEstimator, SoftmaxRowsSpillPast128ElementsPerThread) {
  auto softmax = [](int64_t block, int warps) {
    KernelDescription kernel;
    ReductionDescription reduction;
    reduction.cols = block;
    reduction.loaded = ElementType::Fp32;
    reduction.count = 2;
    kernel.reductions.push_back(reduction);
    kernel.numWarps = warps;
    return kernel;
  };
  // softmax fp32 8192 w2 sm80: 180 registers; 16384 w2: spills 456 bytes.
  EXPECT_FALSE(estimateRegisters(softmax(8192, 2), arch("sm80")).spills);
  EXPECT_TRUE(estimateRegisters(softmax(16384, 2), arch("sm80")).spills);
}

// ---- adapter from the kernel model -----------------------------------------------

TileDim paramDim(const std::string &name) {
  TileDim dim;
  dim.text = name;
  dim.params = {name};
  dim.program = {DimOp{DimOp::Param, 0, name}};
  return dim;
}

Kernel matmulKernel() {
  Kernel kernel;
  kernel.name = "matmul";
  for (const char *name : {"BLOCK_M", "BLOCK_N", "BLOCK_K"}) {
    Param param;
    param.name = name;
    param.kind = ParamKind::Constexpr;
    kernel.params.push_back(param);
  }
  DotSite dot;
  dot.a = {paramDim("BLOCK_M"), paramDim("BLOCK_K")};
  dot.b = {paramDim("BLOCK_K"), paramDim("BLOCK_N")};
  dot.loopDepth = 1;
  dot.aFromLoad = true;
  dot.bFromLoad = true;
  kernel.dots.push_back(dot);
  return kernel;
}

Config matmulConfig(int64_t m, int64_t n, int64_t k, int warps, int stages) {
  Config config;
  config.params["BLOCK_M"] = ScalarValue::ofInt(m);
  config.params["BLOCK_N"] = ScalarValue::ofInt(n);
  config.params["BLOCK_K"] = ScalarValue::ofInt(k);
  config.numWarps = ScalarValue::ofInt(warps);
  config.numStages = ScalarValue::ofInt(stages);
  return config;
}

TEST(KernelResourceAdapter, ResolvesTilesFromTheConfig) {
  auto estimate = estimateKernelResources(matmulKernel(), matmulConfig(128, 128, 64, 4, 3), arch("sm90"), "fp16",
                                          "default");
  ASSERT_TRUE(estimate.has_value());
  EXPECT_TRUE(estimate->shared.exact()); // fp16: B's layout does not change the buffers
  EXPECT_EQ(estimate->shared.bytes(), 98304);
  EXPECT_TRUE(estimate->fits);
  EXPECT_FALSE(estimate->registers.spills);
  EXPECT_TRUE(std::any_of(estimate->assumptions.begin(), estimate->assumptions.end(),
                          [](const Note &a) { return a.text.find("fp16 (default)") != std::string::npos; }));
}

TEST(KernelResourceAdapter, UnknownBLayoutGivesARangeForFp8OnSm90) {
  auto estimate = estimateKernelResources(matmulKernel(), matmulConfig(128, 128, 64, 4, 3), arch("sm90"),
                                          "fp8e4nv", "--dtype");
  ASSERT_TRUE(estimate.has_value());
  EXPECT_EQ(estimate->shared.minBytes, 32768);
  EXPECT_EQ(estimate->shared.maxBytes, 49152);
  EXPECT_FALSE(estimate->shared.exact());
}

TEST(KernelResourceAdapter, DefaultsAndUnresolvedTiles) {
  Config config = matmulConfig(128, 256, 64, 8, 3);
  config.numWarps.reset();
  config.numStages.reset();
  auto estimate = estimateKernelResources(matmulKernel(), config, arch("sm80"), "bf16", "");
  ASSERT_TRUE(estimate.has_value());
  // Triton's defaults: num_warps 4, num_stages 3.
  EXPECT_EQ(estimate->shared.bytes(), 2 * (128 * 64 + 64 * 256) * 2);
  Config missing;
  std::string why;
  EXPECT_FALSE(estimateKernelResources(matmulKernel(), missing, arch("sm80"), "fp16", "", &why).has_value());
  EXPECT_NE(why.find("does not resolve"), std::string::npos);
}

TEST(KernelResourceAdapter, TwoChainedDotsAreAttention) {
  Kernel kernel;
  for (const char *name : {"BLOCK_M", "BLOCK_N", "HEAD_DIM"}) {
    Param param;
    param.name = name;
    param.kind = ParamKind::Constexpr;
    kernel.params.push_back(param);
  }
  DotSite scores;
  scores.a = {paramDim("BLOCK_M"), paramDim("HEAD_DIM")};
  scores.b = {paramDim("HEAD_DIM"), paramDim("BLOCK_N")};
  scores.loopDepth = 1;
  scores.bFromLoad = true;
  DotSite values;
  values.a = {paramDim("BLOCK_M"), paramDim("BLOCK_N")};
  values.b = {paramDim("BLOCK_N"), paramDim("HEAD_DIM")};
  values.loopDepth = 1;
  values.bFromLoad = true;
  kernel.dots = {scores, values};
  Config config;
  config.params["BLOCK_M"] = ScalarValue::ofInt(128);
  config.params["BLOCK_N"] = ScalarValue::ofInt(64);
  config.params["HEAD_DIM"] = ScalarValue::ofInt(128);
  config.numWarps = ScalarValue::ofInt(8);
  config.numStages = ScalarValue::ofInt(3);
  // attention fp16 128x64, head dim 128, w8 s3: 98304 on sm80, 131072 on sm90.
  auto sm80 = estimateKernelResources(kernel, config, arch("sm80"), "fp16", "");
  auto sm90 = estimateKernelResources(kernel, config, arch("sm90"), "fp16", "");
  ASSERT_TRUE(sm80 && sm90);
  EXPECT_EQ(sm80->shared.bytes(), 98304);
  EXPECT_EQ(sm90->shared.bytes(), 131072);
  EXPECT_TRUE(sm90->shared.exact());
}

TEST(KernelResourceAdapter, KernelsWithoutDotsAreBoundedByTheirTiles) {
  Kernel kernel;
  Param block;
  block.name = "BLOCK_SIZE";
  block.kind = ParamKind::Constexpr;
  kernel.params.push_back(block);
  TileShape load;
  load.source = TileSource::Load;
  load.dims = {paramDim("BLOCK_SIZE")};
  kernel.tiles = {load, load};
  Config config;
  config.params["BLOCK_SIZE"] = ScalarValue::ofInt(65536);
  config.numWarps = ScalarValue::ofInt(4);
  auto estimate = estimateKernelResources(kernel, config, arch("sm90"), "fp32", "");
  ASSERT_TRUE(estimate.has_value());
  EXPECT_EQ(estimate->shared.minBytes, 0);
  EXPECT_TRUE(estimate->fits);
  // add fp32 65536 w4 spills on every arch.
  EXPECT_TRUE(estimate->registers.spills);
}

} // namespace
} // namespace btlint::resources
