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
#include <set>
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


// Kernels without dots, compiled with Triton 3.6.0 for GPUTarget("cuda", 90,
// 32) on a CPU with fp16 pointers: `metadata.shared` per config.
constexpr const char *kReductionKernels = R"(
import triton
import triton.language as tl
from .helpers import outside_helper


@triton.jit
def scale_rows(x_ptr, w_ptr, y_ptr, n_cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    keep = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=keep, other=0.0).to(tl.float32)
    w = tl.load(w_ptr + cols, mask=keep, other=0.0).to(tl.float32)
    ms = tl.sum(x * x, axis=0) / n_cols
    tl.store(y_ptr + row * n_cols + cols, x * tl.rsqrt(ms + eps) * w, mask=keep)


@triton.jit
def shift_rows(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    keep = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=keep, other=0.0)
    tl.store(y_ptr + row * n_cols + cols, x * 2 + 1, mask=keep)


@triton.jit
def row_peak(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=float("-inf"))
    top = tl.max(x, axis=0)
    where = tl.argmax(x, axis=0)
    tl.store(y_ptr + row, top)
    tl.store(y_ptr + row + 1, where.to(tl.float32))


@triton.jit
def gate_rows(x_ptr, g_ptr, y_ptr, n_cols, ROWS: tl.constexpr, BLOCK: tl.constexpr):
    r = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    c = tl.arange(0, BLOCK)[None, :]
    x = tl.load(x_ptr + r[:, None] * n_cols + c)
    g = tl.load(g_ptr + c)
    tl.store(y_ptr + r[:, None] * n_cols + c, x * g)


@triton.jit
def row_rstd(x_ptr, y_ptr, rstd_ptr, eps, n_rows, D: tl.constexpr, BD: tl.constexpr, BT: tl.constexpr):
    rows = tl.program_id(0) * BT + tl.arange(0, BT)
    cols = tl.arange(0, BD)
    keep = (rows[:, None] < n_rows) & (cols[None, :] < D)
    x = tl.load(x_ptr + rows[:, None] * D + cols[None, :], mask=keep, other=0.0).to(tl.float32)
    rstd = 1 / tl.sqrt(tl.sum(x * x, 1) + eps)
    tl.store(y_ptr + rows[:, None] * D + cols[None, :], (x * rstd[:, None]).to(y_ptr.dtype.element_ty), mask=keep)
    tl.store(rstd_ptr + rows, rstd.to(rstd_ptr.dtype.element_ty), mask=rows < n_rows)


@triton.jit
def shift_through_helper(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + cols, mask=cols < n_cols, other=0.0)
    tl.store(y_ptr + cols, outside_helper(x), mask=cols < n_cols)
)";

SharedMemoryEstimate sharedOf(const Kernel &kernel, std::map<std::string, int64_t> params, int warps) {
  Config config;
  for (const auto &[name, value] : params) config.params[name] = ScalarValue::ofInt(value);
  config.numWarps = ScalarValue::ofInt(warps);
  config.numStages = ScalarValue::ofInt(3);
  std::string why;
  auto estimate = estimateKernelResources(kernel, config, *findArch("sm90"), "fp16", "test", &why);
  EXPECT_TRUE(estimate.has_value()) << why;
  return estimate ? estimate->shared : SharedMemoryEstimate{};
}

TEST(ResourcesFrontEnd, ReductionsOfOneDimensionalBlocksAreExact) {
  FileModel model = python_test::modelOf(kReductionKernels, "sm90");
  const Kernel &scale = python_test::kernelNamed(model, "scale_rows");
  const Kernel &shift = python_test::kernelNamed(model, "shift_rows");
  // {BLOCK, num_warps, bytes}: one fp32 partial per warp holding data.
  const int64_t measuredScale[][3] = {{128, 1, 0},  {128, 2, 8},   {128, 4, 16},  {128, 8, 16},
                                      {1024, 2, 8}, {1024, 8, 32}, {4096, 4, 16}, {4096, 8, 32}};
  for (const auto &[block, warps, bytes] : measuredScale) {
    SharedMemoryEstimate estimate = sharedOf(scale, {{"BLOCK", block}}, static_cast<int>(warps));
    EXPECT_TRUE(estimate.exact()) << "BLOCK " << block << " warps " << warps;
    EXPECT_EQ(estimate.maxBytes, bytes) << "BLOCK " << block << " warps " << warps;
    SharedMemoryEstimate none = sharedOf(shift, {{"BLOCK", block}}, static_cast<int>(warps));
    EXPECT_TRUE(none.exact());
    EXPECT_EQ(none.maxBytes, 0) << "no scratch operation: nothing in shared memory";
  }
}

TEST(ResourcesFrontEnd, AReducedVectorPassedThroughElementwiseFunctionsIsStillStored) {
  FileModel model = python_test::modelOf(kReductionKernels, "sm90");
  const Kernel &norm = python_test::kernelNamed(model, "row_rstd");
  // `1 / tl.sqrt(tl.sum(x * x, 1) + eps)` stored as fp16: the vector converts
  // to the store's layout, BT x 2 B at every warp count (Triton 3.6.0,
  // sm90, fp16 pointers, D = BD = 64: 32 B at BT 16, 128 B at BT 64).
  const int64_t measured[][3] = {{16, 1, 32}, {64, 1, 128}, {16, 4, 32}, {64, 4, 128}};
  for (const auto &[rows, warps, bytes] : measured) {
    SharedMemoryEstimate estimate = sharedOf(norm, {{"BT", rows}, {"BD", 64}, {"D", 64}}, static_cast<int>(warps));
    EXPECT_EQ(estimate.minBytes, bytes) << "BT " << rows << " warps " << warps;
    EXPECT_EQ(estimate.maxBytes, bytes) << "BT " << rows << " warps " << warps;
  }
}

TEST(ResourcesFrontEnd, ReductionOfAnUnseenElementTypeIsARangeAroundTheCompiler) {
  FileModel model = python_test::modelOf(kReductionKernels, "sm90");
  const Kernel &peak = python_test::kernelNamed(model, "row_peak");
  // max then argmax of fp16 values (2 B, then 2 + 4 B per warp), measured
  // 12, 24 and 48 B; the values' type is not visible, so up to 32 bits.
  const int64_t measured[][3] = {{128, 2, 12}, {128, 4, 24}, {1024, 8, 48}};
  for (const auto &[block, warps, bytes] : measured) {
    SharedMemoryEstimate estimate = sharedOf(peak, {{"BLOCK", block}}, static_cast<int>(warps));
    EXPECT_EQ(estimate.minBytes, bytes) << "BLOCK " << block << " warps " << warps;
    EXPECT_EQ(estimate.maxBytes, bytes / 6 * 8) << "BLOCK " << block << " warps " << warps;
  }
}

TEST(ResourcesFrontEnd, RowBroadcastsAndUnreadHelpersKeepABound) {
  FileModel model = python_test::modelOf(kReductionKernels, "sm90");
  // A [1, BLOCK] row broadcast into a [2, BLOCK] tile: Triton 3.6 keeps a
  // layout conversion between the two loads' layouts (128 B measured at 2
  // warps with 16-byte aligned pointers; 0 B from BLOCK 1024 on).
  // The row's conversion is placed; Triton may convert a tile-sized value
  // instead, which the upper end covers.
  SharedMemoryEstimate gate = sharedOf(python_test::kernelNamed(model, "gate_rows"), {{"ROWS", 2}, {"BLOCK", 64}}, 2);
  EXPECT_EQ(gate.minBytes, 128);
  EXPECT_EQ(gate.maxBytes, 2 * 64 * 4);
  SharedMemoryEstimate wide = sharedOf(python_test::kernelNamed(model, "gate_rows"), {{"ROWS", 2}, {"BLOCK", 1024}}, 2);
  EXPECT_TRUE(wide.exact());
  EXPECT_EQ(wide.maxBytes, 0) << "the row's layout is the tile's slice: registers only";
  // A helper of another module may reduce: not known to be zero.
  SharedMemoryEstimate helper =
      sharedOf(python_test::kernelNamed(model, "shift_through_helper"), {{"BLOCK", 1024}}, 4);
  EXPECT_FALSE(helper.exact());
}

// 2-D tiles reduced along one axis, with a 1-D load broadcast into them,
// compiled with Triton 3.6.0 for GPUTarget("cuda", 90, 32) on a CPU, fp16
// pointers and integers divisible by 16 (the JIT's specialisation).
constexpr const char *kTileReductionKernels = R"(
import triton
import triton.language as tl


@triton.jit
def state_readout(h_ptr, q_ptr, o_ptr, V, BK: tl.constexpr, BV: tl.constexpr):
    # column-major state: consecutive elements run along BV (axis 0)
    o_k = tl.arange(0, BK)
    o_v = tl.program_id(0) * BV + tl.arange(0, BV)
    b_h = tl.load(h_ptr + o_k[None, :] * V + o_v[:, None]).to(tl.float32)
    b_q = tl.load(q_ptr + o_k).to(tl.float32)
    b_o = tl.sum(b_h * b_q[None, :], axis=1)
    tl.store(o_ptr + o_v, b_o.to(o_ptr.dtype.element_ty))


@triton.jit
def state_decay(h_ptr, g_ptr, V, BK: tl.constexpr, BV: tl.constexpr):
    # row-major state, reduced over its rows and broadcast back: no vector stored
    o_k = tl.arange(0, BK)
    o_v = tl.program_id(0) * BV + tl.arange(0, BV)
    p_h = h_ptr + o_k[:, None] * V + o_v[None, :]
    b_h = tl.load(p_h).to(tl.float32)
    b_g = tl.load(g_ptr + o_k).to(tl.float32)
    b_s = tl.sum(b_h * b_g[:, None], axis=0)
    tl.store(p_h, (b_h - b_s[None, :]).to(h_ptr.dtype.element_ty))
)";

TEST(ResourcesFrontEnd, TwoDimensionalReductionsTakeTheTileLayout) {
  FileModel model = python_test::modelOf(kTileReductionKernels, "sm90");
  const Kernel &readout = python_test::kernelNamed(model, "state_readout");
  const Kernel &decay = python_test::kernelNamed(model, "state_decay");
  // {BV, BK, num_warps, readout bytes, decay bytes}: the reduction's partials
  // across warps, the vector load converted into the tile's slice layout
  // (from one element per thread on), the stored vector's conversion.
  const int64_t measured[][5] = {{16, 32, 1, 32, 0},     {16, 32, 2, 128, 128},   {16, 32, 4, 256, 256},
                                 {16, 32, 8, 512, 512},  {16, 64, 1, 128, 128},   {16, 64, 2, 128, 128},
                                 {16, 64, 8, 512, 512},  {64, 32, 1, 128, 64},    {64, 32, 2, 512, 512},
                                 {64, 32, 4, 1024, 1024}, {64, 32, 8, 2048, 2048}};
  for (const auto &[bv, bk, warps, readoutBytes, decayBytes] : measured) {
    const std::map<std::string, int64_t> params{{"BV", bv}, {"BK", bk}};
    SharedMemoryEstimate first = sharedOf(readout, params, static_cast<int>(warps));
    EXPECT_TRUE(first.exact()) << "readout BV " << bv << " BK " << bk << " warps " << warps;
    EXPECT_EQ(first.maxBytes, readoutBytes) << "readout BV " << bv << " BK " << bk << " warps " << warps;
    SharedMemoryEstimate second = sharedOf(decay, params, static_cast<int>(warps));
    EXPECT_TRUE(second.exact()) << "decay BV " << bv << " BK " << bk << " warps " << warps;
    EXPECT_EQ(second.maxBytes, decayBytes) << "decay BV " << bv << " BK " << bk << " warps " << warps;
  }
  // A square tile does not say which axis the vector runs along: both are
  // tried, the same bytes here ({num_warps, bytes} for BV = BK = 64).
  const int64_t measuredSquare[][2] = {{1, 128}, {2, 512}, {4, 1024}, {8, 2048}};
  for (const auto &[warps, bytes] : measuredSquare) {
    SharedMemoryEstimate square = sharedOf(readout, {{"BV", 64}, {"BK", 64}}, static_cast<int>(warps));
    EXPECT_TRUE(square.exact()) << "square, warps " << warps;
    EXPECT_EQ(square.maxBytes, bytes) << "square, warps " << warps;
  }
}

// Scans (tl.cumsum) of fp32 values loaded as fp16, compiled with Triton 3.6.0
// for GPUTarget("cuda", 90, 32) on a CPU, fp16 pointers and integers
// divisible by 16, H = 4: metadata.shared per config.
constexpr const char *kScanKernels = R"(
import triton
import triton.language as tl


@triton.jit
def strided_cumsum(s_ptr, o_ptr, T, H: tl.constexpr, BT: tl.constexpr):
    o_t = tl.program_id(0) * BT + tl.arange(0, BT)
    b_s = tl.load(s_ptr + o_t * H, mask=o_t < T, other=0.0).to(tl.float32)
    tl.store(o_ptr + o_t * H, tl.cumsum(b_s, axis=0).to(o_ptr.dtype.element_ty), mask=o_t < T)


@triton.jit
def contiguous_cumsum(s_ptr, o_ptr, T, BT: tl.constexpr):
    o_t = tl.program_id(0) * BT + tl.arange(0, BT)
    b_s = tl.load(s_ptr + o_t, mask=o_t < T, other=0.0).to(tl.float32)
    tl.store(o_ptr + o_t, tl.cumsum(b_s, axis=0).to(o_ptr.dtype.element_ty), mask=o_t < T)


@triton.jit
def chunk_cumsum(s_ptr, o_ptr, T, S, BT: tl.constexpr, BS: tl.constexpr):
    o_t = tl.program_id(0) * BT + tl.arange(0, BT)
    o_s = tl.arange(0, BS)
    p = o_t[:, None] * S + o_s[None, :]
    b_s = tl.load(s_ptr + p).to(tl.float32)
    tl.store(o_ptr + p, tl.cumsum(b_s, axis=0).to(o_ptr.dtype.element_ty))
)";

TEST(ResourcesFrontEnd, ScansArePlacedAsTritonPlacesThem) {
  FileModel model = python_test::modelOf(kScanKernels, "sm90");
  const Kernel &strided = python_test::kernelNamed(model, "strided_cumsum");
  const Kernel &contiguous = python_test::kernelNamed(model, "contiguous_cumsum");
  const Kernel &chunk = python_test::kernelNamed(model, "chunk_cumsum");
  // {BT, num_warps, strided bytes, contiguous bytes}: a slot per warp with
  // data for every block of the axis; a strided load has one element per
  // thread, a contiguous one up to 8.
  const int64_t measured[][4] = {{32, 8, 0, 0},    {64, 1, 0, 0},    {64, 2, 8, 8},    {128, 2, 16, 8},
                                 {128, 8, 16, 16}, {256, 4, 32, 16}, {512, 2, 64, 8},  {512, 8, 64, 32}};
  for (const auto &[bt, warps, stridedBytes, contiguousBytes] : measured) {
    SharedMemoryEstimate a = sharedOf(strided, {{"BT", bt}, {"H", 4}}, static_cast<int>(warps));
    EXPECT_TRUE(a.exact()) << "strided BT " << bt << " warps " << warps;
    EXPECT_EQ(a.maxBytes, stridedBytes) << "strided BT " << bt << " warps " << warps;
    SharedMemoryEstimate b = sharedOf(contiguous, {{"BT", bt}}, static_cast<int>(warps));
    EXPECT_TRUE(b.exact()) << "contiguous BT " << bt << " warps " << warps;
    EXPECT_EQ(b.maxBytes, contiguousBytes) << "contiguous BT " << bt << " warps " << warps;
  }
  // {BT, BS, num_warps, bytes}: a [BT, BS] tile scanned along its rows.
  const int64_t measuredChunk[][4] = {{16, 32, 1, 0},    {16, 32, 2, 256},  {16, 32, 8, 1024}, {16, 64, 2, 1024},
                                      {16, 64, 8, 2048}, {64, 32, 4, 1024}, {64, 64, 2, 4096}, {64, 64, 8, 4096}};
  for (const auto &[bt, bs, warps, bytes] : measuredChunk) {
    SharedMemoryEstimate c = sharedOf(chunk, {{"BT", bt}, {"BS", bs}}, static_cast<int>(warps));
    EXPECT_TRUE(c.exact()) << "chunk BT " << bt << " BS " << bs << " warps " << warps;
    EXPECT_EQ(c.maxBytes, bytes) << "chunk BT " << bt << " BS " << bs << " warps " << warps;
  }
}

// Helpers imported from another module of the run are read there: through
// a package's __init__ re-export, with the definition under an `if` on the
// environment. Compiled with Triton 3.6.0 for GPUTarget("cuda", 90, 32) on
// a CPU, fp16 pointers: gate_exp 0 B at 1-8 warps and BLOCK 128-4096;
// normalise (the helper reduces) 0, 8, 16 and 32 B at 1, 2, 4 and 8 warps.
TEST(ResourcesFrontEnd, HelpersImportedFromAnotherModuleAreRead) {
  python_test::PythonRun run;
  run.add("pkg/__init__.py", "");
  run.add("pkg/ops/__init__.py", "from .math import exp_f32, row_total\n");
  run.add("pkg/ops/math.py", R"(
import os
import triton
import triton.language as tl

if os.environ.get("FAST_MATH", "0") == "1":
    @triton.jit
    def exp_f32(x):
        return tl.exp2(x.to(tl.float32) * 1.4426950408889634)
else:
    @triton.jit
    def exp_f32(x):
        return tl.exp(x.to(tl.float32))

@triton.jit
def row_total(x):
    return tl.sum(x, axis=0)
)");
  run.add("pkg/kernels.py", R"(
import triton
import triton.language as tl
from pkg.ops import exp_f32, row_total


@triton.jit
def gate_exp(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(y_ptr + offs, exp_f32(x), mask=offs < n)


@triton.jit
def normalise(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + tl.program_id(0) * n + offs, mask=offs < n, other=0.0).to(tl.float32)
    tl.store(y_ptr + tl.program_id(0) * n + offs, x / row_total(x), mask=offs < n)
)");
  FileModel model = run.model("pkg/kernels.py");
  const Kernel &gate = python_test::kernelNamed(model, "gate_exp");
  const Kernel &normalise = python_test::kernelNamed(model, "normalise");
  ASSERT_TRUE(gate.helpersMayNeedScratch.has_value());
  EXPECT_FALSE(*gate.helpersMayNeedScratch);
  const int64_t measuredNormalise[][3] = {{128, 1, 0}, {1024, 2, 8}, {4096, 4, 16}, {1024, 8, 32}};
  for (const auto &[block, warps, bytes] : measuredNormalise) {
    SharedMemoryEstimate none = sharedOf(gate, {{"BLOCK", block}}, static_cast<int>(warps));
    EXPECT_TRUE(none.exact()) << "BLOCK " << block << " warps " << warps;
    EXPECT_EQ(none.maxBytes, 0) << "BLOCK " << block << " warps " << warps;
    // The helper's reduction is not placed: a range that holds Triton's bytes.
    SharedMemoryEstimate reduced = sharedOf(normalise, {{"BLOCK", block}}, static_cast<int>(warps));
    EXPECT_LE(reduced.minBytes, bytes) << "BLOCK " << block << " warps " << warps;
    EXPECT_GE(reduced.maxBytes, bytes) << "BLOCK " << block << " warps " << warps;
  }
  EXPECT_TRUE(*normalise.helpersMayNeedScratch);
}

// A helper of another module given one tile (an exp wrapper) is taken as
// element-wise: the 2-D reduction of its result is placed. Compiled with
// Triton 3.6.0 for GPUTarget("cuda", 90, 32) on a CPU (the helper beside the
// kernel), fp16 pointers and integers divisible by 16, BK = 64.
TEST(ResourcesFrontEnd, ElementwiseHelperResultsKeepTheTileShape) {
  python_test::PythonRun run;
  run.add("ops/__init__.py", "");
  run.add("ops/math.py", R"(
import triton
import triton.language as tl


@triton.jit
def exp_f32(x):
    return tl.exp(x.to(tl.float32))
)");
  run.add("ops/recurrent.py", R"(
import triton
import triton.language as tl
from ops.math import exp_f32


@triton.jit
def decayed_readout(h_ptr, g_ptr, q_ptr, o_ptr, V, BK: tl.constexpr, BV: tl.constexpr):
    o_k = tl.arange(0, BK)
    o_v = tl.program_id(0) * BV + tl.arange(0, BV)
    b_h = tl.load(h_ptr + o_k[:, None] * V + o_v[None, :]).to(tl.float32)
    b_g = tl.load(g_ptr + o_k)
    b_q = tl.load(q_ptr + o_k).to(tl.float32)
    b_h = exp_f32(b_g)[:, None] * b_h
    b_o = tl.sum(b_h * b_q[:, None], 0)
    tl.store(o_ptr + o_v, b_o.to(o_ptr.dtype.element_ty))
)");
  FileModel model = run.model("ops/recurrent.py");
  const Kernel &readout = python_test::kernelNamed(model, "decayed_readout");
  ASSERT_TRUE(readout.helpersMayNeedScratch.has_value());
  EXPECT_FALSE(*readout.helpersMayNeedScratch);
  // {BV, num_warps, bytes}
  const int64_t measured[][3] = {{16, 1, 128}, {16, 2, 128}, {16, 4, 256},  {16, 8, 512},
                                 {32, 1, 128}, {32, 2, 256}, {32, 4, 512}, {32, 8, 1024}};
  for (const auto &[bv, warps, bytes] : measured) {
    SharedMemoryEstimate estimate = sharedOf(readout, {{"BK", 64}, {"BV", bv}}, static_cast<int>(warps));
    EXPECT_TRUE(estimate.exact()) << "BV " << bv << " warps " << warps;
    EXPECT_EQ(estimate.maxBytes, bytes) << "BV " << bv << " warps " << warps;
  }
}

// Code under `if FLAG:` on a parameter the config sets is compiled only when
// the test holds. Compiled with Triton 3.6.0 for GPUTarget("cuda", 90, 32) on
// a CPU, 16-byte aligned fp16 pointers, num_stages 2: with ROW_DECAY off 0 B;
// on, the [R] decay broadcast into the [R, C] state keeps a conversion where
// its load has as many elements as threads (128 B at 2 warps and 64x64, 256 B
// at 4 warps and 128x64).
TEST(ResourcesFrontEnd, CodeUnderAFlagTheConfigTurnsOffIsLeftOut) {
  FileModel model = python_test::modelOf(R"(
import triton
import triton.language as tl


@triton.jit
def carry_state(h_ptr, g_ptr, out_ptr, n_steps, R: tl.constexpr, C: tl.constexpr, ROW_DECAY: tl.constexpr):
    rows = tl.arange(0, R)
    cols = tl.arange(0, C)
    state = tl.zeros([R, C], dtype=tl.float32)
    for step in range(n_steps):
        state += tl.load(h_ptr + step * R * C + rows[:, None] * C + cols[None, :]).to(tl.float32)
        if ROW_DECAY:
            decay = tl.load(g_ptr + step * R + rows).to(tl.float32)
            state *= tl.exp(decay)[:, None]
        tl.store(out_ptr + step * R * C + rows[:, None] * C + cols[None, :], state.to(out_ptr.dtype.element_ty))
)");
  const Kernel &kernel = python_test::kernelNamed(model, "carry_state");
  const int64_t measured[][4] = {{2, 32, 32, 0}, {2, 64, 64, 128}, {4, 64, 64, 0}, {4, 128, 64, 256}};
  for (const auto &[warps, rows, cols, decayBytes] : measured) {
    SharedMemoryEstimate off = sharedOf(kernel, {{"R", rows}, {"C", cols}, {"ROW_DECAY", 0}}, static_cast<int>(warps));
    EXPECT_TRUE(off.exact()) << rows << "x" << cols << " warps " << warps;
    EXPECT_EQ(off.maxBytes, 0) << rows << "x" << cols << " warps " << warps;
    // On, the decay vector is broadcast into the tile and its conversion
    // placed (on a square tile along either axis: the same bytes here).
    SharedMemoryEstimate on = sharedOf(kernel, {{"R", rows}, {"C", cols}, {"ROW_DECAY", 1}}, static_cast<int>(warps));
    EXPECT_TRUE(on.exact()) << rows << "x" << cols << " warps " << warps;
    EXPECT_EQ(on.maxBytes, decayBytes) << rows << "x" << cols << " warps " << warps;
  }
}

// `tl.dot(k, tl.trans(k))` in `range(tl.cdiv(K, BK))` with K a constexpr.
// Compiled with Triton 3.6.0 for GPUTarget("cuda", 90, 32) on a CPU, 16-byte
// aligned fp16 pointers, K = 64, BT x BK tiles, {warps, stages, bytes}: with
// two iterations the load is staged once for both operands (one ring: 1 or 2
// tiles on mma.sync, 2 or 3 on wgmma); with one the loop is folded and
// nothing is staged: wgmma reads B from A's buffer, mma.sync converts A's
// registers to B's layout (2 KiB for 64x64 at 2 warps).
TEST(ResourcesFrontEnd, OneLoadAsBothOperandsInALoopThatMayRunOnce) {
  FileModel model = python_test::modelOf(R"(
import triton
import triton.language as tl


@triton.jit
def gram(k_ptr, out_ptr, T, K: tl.constexpr, BT: tl.constexpr, BK: tl.constexpr):
    rows = tl.arange(0, BT)
    acc = tl.zeros([BT, BT], dtype=tl.float32)
    for i in range(tl.cdiv(K, BK)):
        cols = i * BK + tl.arange(0, BK)
        tile = tl.load(k_ptr + rows[:, None] * K + cols[None, :], mask=(rows[:, None] < T) & (cols[None, :] < K),
                       other=0.)
        acc += tl.dot(tile, tl.trans(tile))
    tl.store(out_ptr + rows[:, None] * BT + tl.arange(0, BT)[None, :], acc.to(out_ptr.dtype.element_ty))
)");
  const Kernel &gram = python_test::kernelNamed(model, "gram");
  ASSERT_EQ(gram.dots.size(), 1u);
  EXPECT_TRUE(gram.dots[0].operandsShareLoad);
  ASSERT_EQ(gram.loops.size(), 1u);
  EXPECT_FALSE(gram.loops[0].iterations.empty());
  // {BT, BK, warps, stages, bytes}
  const int64_t measured[][5] = {{64, 32, 2, 2, 4096},   {64, 32, 2, 3, 8192},   {64, 32, 4, 2, 8192},
                                 {64, 32, 4, 3, 12288},  {64, 64, 2, 2, 10240},  {64, 64, 2, 3, 10240},
                                 {64, 128, 2, 2, 20480}, {32, 64, 2, 3, 6144},   {64, 64, 4, 3, 8192},
                                 {64, 128, 4, 2, 16384}, {32, 64, 4, 2, 6144}};
  for (const auto &[bt, bk, warps, stages, bytes] : measured) {
    Config config;
    config.params["K"] = ScalarValue::ofInt(64);
    config.params["BT"] = ScalarValue::ofInt(bt);
    config.params["BK"] = ScalarValue::ofInt(bk);
    config.numWarps = ScalarValue::ofInt(warps);
    config.numStages = ScalarValue::ofInt(stages);
    std::string why;
    auto estimate = estimateKernelResources(gram, config, *findArch("sm90"), "fp16", "test", &why);
    ASSERT_TRUE(estimate.has_value()) << why;
    EXPECT_TRUE(estimate->shared.exact()) << bt << "x" << bk << " w" << warps << " s" << stages;
    EXPECT_EQ(estimate->shared.maxBytes, bytes) << bt << "x" << bk << " w" << warps << " s" << stages;
  }
}

// `tl.dot(q, tl.trans(k))` of two loads, same loop and measurement as above:
// staged, two rings; folded, wgmma keeps both tiles while mma.sync converts
// tl.trans(k) in registers (A's tile and a 2 KiB scratch at 64x64, 2 warps).
TEST(ResourcesFrontEnd, TransposedBIsKMajorAndConvertedInRegistersOnMmaSync) {
  FileModel model = python_test::modelOf(R"(
import triton
import triton.language as tl


@triton.jit
def scores(q_ptr, k_ptr, out_ptr, T, K: tl.constexpr, BT: tl.constexpr, BK: tl.constexpr):
    rows = tl.arange(0, BT)
    acc = tl.zeros([BT, BT], dtype=tl.float32)
    for i in range(tl.cdiv(K, BK)):
        cols = i * BK + tl.arange(0, BK)
        mask = (rows[:, None] < T) & (cols[None, :] < K)
        q = tl.load(q_ptr + rows[:, None] * K + cols[None, :], mask=mask, other=0.)
        k = tl.load(k_ptr + rows[:, None] * K + cols[None, :], mask=mask, other=0.)
        acc += tl.dot(q, tl.trans(k))
    tl.store(out_ptr + rows[:, None] * BT + tl.arange(0, BT)[None, :], acc.to(out_ptr.dtype.element_ty))
)");
  const Kernel &kernel = python_test::kernelNamed(model, "scores");
  ASSERT_EQ(kernel.dots.size(), 1u);
  EXPECT_TRUE(kernel.dots[0].bTransposed);
  EXPECT_FALSE(kernel.dots[0].operandsShareLoad);
  // {BT, BK, warps, stages, bytes}
  const int64_t measured[][5] = {{64, 32, 2, 2, 8192},   {64, 32, 2, 3, 16384},  {64, 64, 2, 2, 10240},
                                 {64, 128, 2, 3, 20480}, {32, 64, 2, 2, 6144},   {64, 32, 4, 2, 16384},
                                 {64, 32, 4, 3, 24576},  {64, 64, 4, 2, 16384},  {64, 128, 4, 3, 32768},
                                 {32, 64, 4, 2, 6144}};
  for (const auto &[bt, bk, warps, stages, bytes] : measured) {
    Config config;
    config.params["K"] = ScalarValue::ofInt(64);
    config.params["BT"] = ScalarValue::ofInt(bt);
    config.params["BK"] = ScalarValue::ofInt(bk);
    config.numWarps = ScalarValue::ofInt(warps);
    config.numStages = ScalarValue::ofInt(stages);
    std::string why;
    auto estimate = estimateKernelResources(kernel, config, *findArch("sm90"), "fp16", "test", &why);
    ASSERT_TRUE(estimate.has_value()) << why;
    EXPECT_TRUE(estimate->shared.exact()) << bt << "x" << bk << " w" << warps << " s" << stages;
    EXPECT_EQ(estimate->shared.maxBytes, bytes) << bt << "x" << bk << " w" << warps << " s" << stages;
  }
}

// Kernels with several dots outside the attention pattern, compiled with
// Triton 3.6.0 for GPUTarget("cuda", 90, 32) on a CPU (fp16 pointers, ints
// divisible by 16, as the JIT specialises): `metadata.shared` per config.
constexpr const char *kDotSequenceKernels = R"(
import triton
import triton.language as tl


@triton.jit
def two_dots_shared_a(x_ptr, y_ptr, z_ptr, out_ptr, out2_ptr, n_k, scale,
                      BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, BP: tl.constexpr):
    rows = tl.arange(0, BM)
    cols = tl.arange(0, BN)
    pcols = tl.arange(0, BP)
    acc = tl.zeros([BM, BN], dtype=tl.float32)
    acc2 = tl.zeros([BM, BP], dtype=tl.float32)
    for step in range(n_k):
        ks = step * BK + tl.arange(0, BK)
        x = tl.load(x_ptr + rows[:, None] * 1024 + ks[None, :])
        x = (x * scale).to(x.dtype)
        y = tl.load(y_ptr + ks[:, None] * 1024 + cols[None, :])
        z = tl.load(z_ptr + ks[:, None] * 1024 + pcols[None, :])
        acc += tl.dot(x, y)
        acc2 += tl.dot(x, z)
    tl.store(out_ptr + rows[:, None] * BN + cols[None, :], acc.to(tl.float16))
    tl.store(out2_ptr + rows[:, None] * BP + pcols[None, :], acc2.to(tl.float16))


@triton.jit
def two_dots_once(x_ptr, y_ptr, z_ptr, out_ptr, out2_ptr,
                  BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, BP: tl.constexpr):
    rows = tl.arange(0, BM)
    cols = tl.arange(0, BN)
    pcols = tl.arange(0, BP)
    ks = tl.arange(0, BK)
    x = tl.load(x_ptr + rows[:, None] * 1024 + ks[None, :])
    y = tl.load(y_ptr + ks[:, None] * 1024 + cols[None, :])
    z = tl.load(z_ptr + ks[:, None] * 1024 + pcols[None, :])
    acc = tl.dot(x, y)
    acc2 = tl.dot(x, z)
    tl.store(out_ptr + rows[:, None] * BN + cols[None, :], acc.to(tl.float16))
    tl.store(out2_ptr + rows[:, None] * BP + pcols[None, :], acc2.to(tl.float16))


@triton.jit
def two_dots_once_scaled(x_ptr, y_ptr, z_ptr, out_ptr, out2_ptr, scale,
                         BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, BP: tl.constexpr):
    rows = tl.arange(0, BM)
    cols = tl.arange(0, BN)
    pcols = tl.arange(0, BP)
    ks = tl.arange(0, BK)
    x = tl.load(x_ptr + rows[:, None] * 1024 + ks[None, :])
    x = (x * scale).to(x.dtype)
    y = tl.load(y_ptr + ks[:, None] * 1024 + cols[None, :])
    z = tl.load(z_ptr + ks[:, None] * 1024 + pcols[None, :])
    acc = tl.dot(x, y)
    acc2 = tl.dot(x, z)
    tl.store(out_ptr + rows[:, None] * BN + cols[None, :], acc.to(tl.float16))
    tl.store(out2_ptr + rows[:, None] * BP + pcols[None, :], acc2.to(tl.float16))


@triton.jit
def chained_in_loop(x_ptr, y_ptr, z_ptr, out_ptr, n_k,
                    BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, BP: tl.constexpr):
    rows = tl.arange(0, BM)
    cols = tl.arange(0, BN)
    pcols = tl.arange(0, BP)
    acc = tl.zeros([BM, BP], dtype=tl.float32)
    for step in range(n_k):
        ks = step * BK + tl.arange(0, BK)
        x = tl.load(x_ptr + rows[:, None] * 1024 + ks[None, :])
        y = tl.load(y_ptr + ks[:, None] * 1024 + cols[None, :])
        z = tl.load(z_ptr + (step * BN + cols)[:, None] * 1024 + pcols[None, :])
        s = tl.dot(x, y)
        acc += tl.dot(s.to(tl.float16), z)
    tl.store(out_ptr + rows[:, None] * BP + pcols[None, :], acc.to(tl.float16))


@triton.jit
def masks_times_tile(s_ptr, o_ptr, BT: tl.constexpr, BS: tl.constexpr):
    o_i = tl.arange(0, BT)
    cols = tl.arange(0, BS)
    lower = tl.where(o_i[:, None] >= o_i[None, :], 1., 0.).to(tl.float32)
    strict = tl.where(o_i[:, None] > o_i[None, :], 1., 0.).to(tl.float32)
    x = tl.load(s_ptr + o_i[:, None] * 1024 + cols[None, :]).to(tl.float32)
    a = tl.dot(lower, x)
    b = tl.dot(strict, x)
    tl.store(o_ptr + o_i[:, None] * BS + cols[None, :], (a + b).to(tl.float16))
)";

struct DotSequenceCase {
  const char *kernel;
  std::map<std::string, int64_t> params;
  int warps, stages;
  int64_t measured;
};

// Each case's estimate on sm90 is exact and equals the bytes Triton measured.
template <typename Cases> void expectMeasuredBytes(const FileModel &model, const Cases &cases) {
  for (const DotSequenceCase &c : cases) {
    const Kernel &kernel = python_test::kernelNamed(model, c.kernel);
    Config config;
    for (const auto &[name, value] : c.params) config.params[name] = ScalarValue::ofInt(value);
    config.numWarps = ScalarValue::ofInt(c.warps);
    config.numStages = ScalarValue::ofInt(c.stages);
    std::string why;
    auto estimate = estimateKernelResources(kernel, config, *findArch("sm90"), "fp16", "test", &why);
    ASSERT_TRUE(estimate.has_value()) << c.kernel << ": " << why;
    std::string where = c.kernel;
    for (const auto &[name, value] : c.params) where += " " + name + "=" + std::to_string(value);
    where += " w" + std::to_string(c.warps) + " s" + std::to_string(c.stages);
    EXPECT_TRUE(estimate->shared.exact()) << where;
    EXPECT_EQ(estimate->shared.maxBytes, c.measured) << where;
  }
}

TEST(ResourcesFrontEnd, SeveralDotsStageEachLoadOnceAndReuseUnstagedCopies) {
  FileModel model = python_test::modelOf(kDotSequenceKernels, "sm90");
  const Kernel &shared = python_test::kernelNamed(model, "two_dots_shared_a");
  ASSERT_EQ(shared.dots.size(), 2u);
  // One load feeds A of both dots; B of each is a load of its own.
  EXPECT_EQ(shared.dots[0].aLoads, shared.dots[1].aLoads);
  EXPECT_NE(shared.dots[0].bLoads, shared.dots[1].bLoads);
  const Kernel &chained = python_test::kernelNamed(model, "chained_in_loop");
  ASSERT_EQ(chained.dots.size(), 2u);
  EXPECT_TRUE(chained.dots[1].aFromDot);
  EXPECT_TRUE(chained.dots[1].aLoads.empty());

  const DotSequenceCase cases[] = {
      // Pipelined: a ring per load (num_stages - 1 on mma.sync, num_stages on
      // wgmma); A scaled in registers is copied again on mma.sync.
      {"two_dots_shared_a", {{"BM", 64}, {"BN", 32}, {"BK", 32}, {"BP", 64}}, 2, 2, 14336},
      {"two_dots_shared_a", {{"BM", 64}, {"BN", 32}, {"BK", 32}, {"BP", 64}}, 2, 3, 24576},
      {"two_dots_shared_a", {{"BM", 64}, {"BN", 32}, {"BK", 32}, {"BP", 64}}, 4, 2, 20480},
      {"two_dots_shared_a", {{"BM", 64}, {"BN", 32}, {"BK", 32}, {"BP", 64}}, 4, 3, 30720},
      // Outside loops: on mma.sync a shared loaded A is read once, the B
      // copies are live together; wgmma keeps every copy.
      {"two_dots_once", {{"BM", 64}, {"BN", 32}, {"BK", 64}, {"BP", 64}}, 2, 2, 12288},
      {"two_dots_once", {{"BM", 64}, {"BN", 64}, {"BK", 64}, {"BP", 32}}, 2, 2, 12288},
      {"two_dots_once", {{"BM", 64}, {"BN", 32}, {"BK", 64}, {"BP", 64}}, 4, 2, 20480},
      {"two_dots_once", {{"BM", 64}, {"BN", 64}, {"BK", 64}, {"BP", 32}}, 4, 2, 20480},
      // A changed in registers: its copy lives until the first dot reads it.
      {"two_dots_once_scaled", {{"BM", 64}, {"BN", 32}, {"BK", 64}, {"BP", 64}}, 2, 2, 20480},
      {"two_dots_once_scaled", {{"BM", 64}, {"BN", 32}, {"BK", 64}, {"BP", 64}}, 4, 2, 20480},
      // A from the first dot's result stays in registers.
      {"chained_in_loop", {{"BM", 64}, {"BN", 32}, {"BK", 32}, {"BP", 64}}, 2, 2, 10240},
      {"chained_in_loop", {{"BM", 64}, {"BN", 32}, {"BK", 32}, {"BP", 64}}, 2, 3, 20480},
      {"chained_in_loop", {{"BM", 64}, {"BN", 32}, {"BK", 32}, {"BP", 64}}, 4, 2, 20480},
      {"chained_in_loop", {{"BM", 64}, {"BN", 32}, {"BK", 32}, {"BP", 64}}, 4, 3, 30720},
      // fp32 A computed in registers: copied on wgmma, with B cast to fp32.
      {"masks_times_tile", {{"BT", 64}, {"BS", 16}}, 4, 2, 36864},
      {"masks_times_tile", {{"BT", 64}, {"BS", 16}}, 8, 2, 36864},
      {"masks_times_tile", {{"BT", 64}, {"BS", 64}}, 4, 2, 49152},
  };
  expectMeasuredBytes(model, cases);
  // On mma.sync the fp32 A operands go through shared memory or a smaller
  // conversion (a range), next to B copied in its loaded fp16 before the cast:
  // 34816 B at BS=16, 40960 B at BS=64, the upper end.
  const Kernel &masks = python_test::kernelNamed(model, "masks_times_tile");
  EXPECT_TRUE(masks.dots[0].bCast);
  for (const auto &[bs, measured] : {std::pair<int64_t, int64_t>{16, 34816}, {64, 40960}}) {
    Config config;
    config.params["BT"] = ScalarValue::ofInt(64);
    config.params["BS"] = ScalarValue::ofInt(bs);
    config.numWarps = ScalarValue::ofInt(2);
    config.numStages = ScalarValue::ofInt(2);
    std::string why;
    auto estimate = estimateKernelResources(masks, config, *findArch("sm90"), "fp16", "test", &why);
    ASSERT_TRUE(estimate.has_value()) << why;
    EXPECT_LT(estimate->shared.minBytes, measured) << "BS=" << bs;
    EXPECT_EQ(estimate->shared.maxBytes, measured) << "BS=" << bs;
  }
}

// An int4 GEMM whose weights are packed eight to an int32 and unpacked with
// shifts and a mask in registers (the GPTQ family), with per-column scales
// loaded before the loop.
const char *kPackedInt4Kernel = R"(
import triton
import triton.language as tl


@triton.jit
def int4_gemm(a_ptr, q_ptr, scales_ptr, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rows = tl.program_id(0) * BM + tl.arange(0, BM)
    cols = tl.program_id(1) * BN + tl.arange(0, BN)
    ks = tl.arange(0, BK)
    a_ptrs = a_ptr + rows[:, None] * 4096 + ks[None, :]
    q_ptrs = q_ptr + (ks[:, None] // 8) * 4096 + cols[None, :]
    shifts = (ks % 8) * 4
    scales = tl.load(scales_ptr + cols)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_ptrs)
        q = tl.load(q_ptrs)
        w = ((q >> shifts[:, None]) & 0xF).to(tl.float16) * scales[None, :]
        acc += tl.dot(a, w)
        a_ptrs += BK
        q_ptrs += (BK // 8) * 4096
    tl.store(c_ptr + rows[:, None] * 4096 + cols[None, :], acc.to(tl.float16))


@triton.jit
def int4_gemm_grouped(a_ptr, q_ptr, scales_ptr, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rows = tl.program_id(0) * BM + tl.arange(0, BM)
    cols = tl.program_id(1) * BN + tl.arange(0, BN)
    ks = tl.arange(0, BK)
    a_ptrs = a_ptr + rows[:, None] * 4096 + ks[None, :]
    q_ptrs = q_ptr + (ks[:, None] // 8) * 4096 + cols[None, :]
    shifts = (ks % 8) * 4
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_ptrs)
        q = tl.load(q_ptrs)
        scales = tl.load(scales_ptr + (k // 4) * 4096 + cols)
        w = ((q >> shifts[:, None]) & 0xF).to(tl.float16) * scales[None, :]
        acc += tl.dot(a, w)
        a_ptrs += BK
        q_ptrs += (BK // 8) * 4096
    tl.store(c_ptr + rows[:, None] * 4096 + cols[None, :], acc.to(tl.float16))
)";

// Measured with Triton 3.6.0 for GPTarget("cuda", 90, 32) on a CPU (q_ptr
// *i32, a_ptr and scales_ptr *fp16): the packed load is staged as int32,
// num_stages - 1 deep on both paths, and the unpacked B copied once.
TEST(ResourcesFrontEnd, PackedWeightsAreStagedInTheirLoadedType) {
  FileModel model = python_test::modelOf(kPackedInt4Kernel, "sm90");
  const DotSequenceCase cases[] = {
      {"int4_gemm", {{"BM", 64}, {"BN", 128}, {"BK", 64}}, 4, 4, 147456},  // wgmma
      {"int4_gemm", {{"BM", 64}, {"BN", 256}, {"BK", 64}}, 4, 4, 262144},  // wgmma, over sm90's limit
      {"int4_gemm", {{"BM", 128}, {"BN", 64}, {"BK", 32}}, 8, 2, 28672},   // wgmma
      {"int4_gemm", {{"BM", 32}, {"BN", 128}, {"BK", 64}}, 4, 3, 90112},   // mma.sync
      {"int4_gemm", {{"BM", 16}, {"BN", 64}, {"BK", 128}}, 4, 4, 126976},  // mma.sync
      {"int4_gemm", {{"BM", 64}, {"BN", 128}, {"BK", 64}}, 4, 1, 24576},   // not pipelined: no int32 copy
      // Per-group scales loaded in the loop: a vector ring as deep. (Not at
      // 128 columns, where Triton loads them unstaged: 768 B over, a known miss.)
      {"int4_gemm_grouped", {{"BM", 64}, {"BN", 256}, {"BK", 64}}, 4, 4, 263680},
      {"int4_gemm_grouped", {{"BM", 64}, {"BN", 64}, {"BK", 64}}, 4, 3, 65792},
  };
  expectMeasuredBytes(model, cases);
}

// A chunked linear-attention state (the flash-linear-attention family): the
// running state `b_h` is stored every chunk, before the chunk's dot adds
// into it, so its conversion to the store's layout is live with the operand
// rings; at one warp the mma.sync accumulator still converts through shared
// memory. Measured with Triton 3.6.0 (triton.compile for sm90 on the CPU,
// pointers 16-byte aligned as the JIT specialises them), 2026-12-06.
const char *kChunkStateKernel = R"(
import triton
import triton.language as tl


@triton.jit
def chunk_state(k, v, h, ht, T, K: tl.constexpr, V: tl.constexpr, BK: tl.constexpr, BV: tl.constexpr,
                BT: tl.constexpr = 64):
    i_k, i_v, i_b = tl.program_id(0), tl.program_id(1), tl.program_id(2)
    o_k = i_k * BK + tl.arange(0, BK)
    o_v = i_v * BV + tl.arange(0, BV)
    b_h = tl.zeros([BK, BV], dtype=tl.float32)
    for i_t in range(tl.cdiv(T, BT)):
        o_t = i_t * BT + tl.arange(0, BT)
        m_t = o_t < T
        p_h = h + (i_b * tl.cdiv(T, BT) + i_t) * K * V + o_k[:, None] * V + o_v[None, :]
        tl.store(p_h, b_h.to(p_h.dtype.element_ty), mask=(o_k[:, None] < K) & (o_v[None, :] < V))
        b_k = tl.load(k + i_b * T * K + o_k[:, None] + o_t[None, :] * K, mask=(o_k[:, None] < K) & m_t[None, :], other=0.)
        b_v = tl.load(v + i_b * T * V + o_t[:, None] * V + o_v[None, :], mask=m_t[:, None] & (o_v < V)[None, :], other=0.)
        b_h += tl.dot(b_k, b_v)
    p_ht = ht + i_b * K * V + o_k[:, None] * V + o_v[None, :]
    tl.store(p_ht, b_h.to(p_ht.dtype.element_ty), mask=(o_k[:, None] < K) & (o_v[None, :] < V))


@triton.jit
def chunk_state_stored_after(k, v, ht, T, K: tl.constexpr, V: tl.constexpr, BK: tl.constexpr, BV: tl.constexpr,
                             BT: tl.constexpr = 64):
    i_k, i_v, i_b = tl.program_id(0), tl.program_id(1), tl.program_id(2)
    o_k = i_k * BK + tl.arange(0, BK)
    o_v = i_v * BV + tl.arange(0, BV)
    b_h = tl.zeros([BK, BV], dtype=tl.float32)
    for i_t in range(tl.cdiv(T, BT)):
        o_t = i_t * BT + tl.arange(0, BT)
        m_t = o_t < T
        b_k = tl.load(k + i_b * T * K + o_k[:, None] + o_t[None, :] * K, mask=(o_k[:, None] < K) & m_t[None, :], other=0.)
        b_v = tl.load(v + i_b * T * V + o_t[:, None] * V + o_v[None, :], mask=m_t[:, None] & (o_v < V)[None, :], other=0.)
        b_h += tl.dot(b_k, b_v)
    p_ht = ht + i_b * K * V + o_k[:, None] * V + o_v[None, :]
    tl.store(p_ht, b_h.to(p_ht.dtype.element_ty), mask=(o_k[:, None] < K) & (o_v[None, :] < V))
)";

TEST(ResourcesFrontEnd, StateStoredEveryIterationConvertsBesideTheRings) {
  FileModel model = python_test::modelOf(kChunkStateKernel, "sm90");
  EXPECT_FALSE(python_test::kernelNamed(model, "chunk_state").dots.at(0).accumulatorStoresInLoop.empty());
  EXPECT_TRUE(python_test::kernelNamed(model, "chunk_state_stored_after").dots.at(0).accumulatorStoresInLoop.empty());
  const DotSequenceCase cases[] = {
      {"chunk_state", {{"K", 128}, {"V", 128}, {"BK", 32}, {"BV", 32}}, 1, 2, 8704},
      {"chunk_state", {{"K", 128}, {"V", 128}, {"BK", 32}, {"BV", 32}}, 1, 4, 25088},
      {"chunk_state", {{"K", 128}, {"V", 128}, {"BK", 32}, {"BV", 64}}, 1, 2, 13312},
      {"chunk_state", {{"K", 128}, {"V", 128}, {"BK", 32}, {"BV", 32}}, 2, 3, 17408},
      {"chunk_state", {{"K", 128}, {"V", 128}, {"BK", 32}, {"BV", 64}}, 8, 2, 16384},
      {"chunk_state", {{"K", 128}, {"V", 128}, {"BK", 64}, {"BV", 32}}, 4, 2, 28672},
      {"chunk_state", {{"K", 128}, {"V", 128}, {"BK", 64}, {"BV", 64}}, 1, 3, 33792},
      {"chunk_state", {{"K", 128}, {"V", 128}, {"BK", 64}, {"BV", 64}}, 8, 4, 73728},
      // Stored only after the loop: the conversion reuses the rings' memory.
      {"chunk_state_stored_after", {{"K", 128}, {"V", 128}, {"BK", 32}, {"BV", 32}}, 1, 2, 8192},
      {"chunk_state_stored_after", {{"K", 128}, {"V", 128}, {"BK", 64}, {"BV", 64}}, 4, 3, 49152},
  };
  expectMeasuredBytes(model, cases);
}

TEST(ResourcesFrontEnd, DotUnderARuntimeTestInItsLoopIsNotPipelined) {
  // Triton pipelines the loads of a dot that runs on every iteration: one
  // under an `if` decided at run time inside its loop (a loaded count, the
  // loop variable) keeps single buffers whatever num_stages says; an `if` on
  // a constexpr, or one around the whole loop, leaves the rings. Measured with
  // Triton 3.6.0 for GPUTarget("cuda", 90, 32), fp16 pointers, K divisible by 16.
  FileModel model = python_test::modelOf(R"(import triton
import triton.language as tl

@triton.jit
def counted(a, b, c, counts, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM); rn = tl.arange(0, BN); rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        n = tl.load(counts + k // BK)
        if n > 0:
            x = tl.load(a + rm[:, None] * K + (k + rk)[None, :])
            y = tl.load(b + (k + rk)[:, None] * BN + rn[None, :])
            acc += tl.dot(x, y)
    tl.store(c + rm[:, None] * BN + rn[None, :], acc.to(tl.float16))

@triton.jit
def skip_first(a, b, c, counts, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM); rn = tl.arange(0, BN); rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        x = tl.load(a + rm[:, None] * K + (k + rk)[None, :])
        y = tl.load(b + (k + rk)[:, None] * BN + rn[None, :])
        if k > 0:
            acc += tl.dot(x, y)
    tl.store(c + rm[:, None] * BN + rn[None, :], acc.to(tl.float16))

@triton.jit
def flagged(a, b, c, counts, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, SCALE: tl.constexpr = False):
    rm = tl.arange(0, BM); rn = tl.arange(0, BN); rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        x = tl.load(a + rm[:, None] * K + (k + rk)[None, :])
        y = tl.load(b + (k + rk)[:, None] * BN + rn[None, :])
        if not SCALE:
            acc += tl.dot(x, y)
        else:
            acc += tl.dot(x * 2, y)
    tl.store(c + rm[:, None] * BN + rn[None, :], acc.to(tl.float16))

@triton.jit
def guarded_outside(a, b, c, counts, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM); rn = tl.arange(0, BN); rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    n = tl.load(counts)
    if n > 0:
        for k in range(0, K, BK):
            x = tl.load(a + rm[:, None] * K + (k + rk)[None, :])
            y = tl.load(b + (k + rk)[:, None] * BN + rn[None, :])
            acc += tl.dot(x, y)
    tl.store(c + rm[:, None] * BN + rn[None, :], acc.to(tl.float16))

@triton.jit
def chunk_is_skipped(i_t, level, LB: tl.constexpr):
    return (i_t % (1 << level)) < LB

@triton.jit
def chunk_states(k, v, h, g, level, T, K: tl.constexpr, V: tl.constexpr, LB: tl.constexpr, BT: tl.constexpr,
                 BK: tl.constexpr, BV: tl.constexpr, ALL_CHUNKS: tl.constexpr, STORE_STATES: tl.constexpr,
                 GATED: tl.constexpr):
    i_k, i_v = tl.program_id(0), tl.program_id(1)
    b_h = tl.zeros([BK, BV], dtype=tl.float32)
    for i_t in range(tl.cdiv(T, BT)):
        p_k = tl.make_block_ptr(k, (K, T), (1, K), (i_k * BK, i_t * BT), (BK, BT), (0, 1))
        p_v = tl.make_block_ptr(v, (T, V), (V, 1), (i_t * BT, i_v * BV), (BT, BV), (1, 0))
        if STORE_STATES:
            p_h = tl.make_block_ptr(h + i_t * K * V, (K, V), (V, 1), (i_k * BK, i_v * BV), (BK, BV), (1, 0))
            tl.store(p_h, b_h.to(p_h.dtype.element_ty), boundary_check=(0, 1))
        if not chunk_is_skipped(i_t=i_t, level=level, LB=LB) or ALL_CHUNKS:
            b_k = tl.load(p_k, boundary_check=(0, 1))
            b_v = tl.load(p_v, boundary_check=(0, 1))
            if GATED:
                b_g = tl.load(g + i_t * BT + tl.arange(0, BT))
                b_v = (b_v * tl.exp(b_g)[:, None]).to(b_v.dtype)
            b_h += tl.dot(b_k, b_v)
    p_h = tl.make_block_ptr(h, (K, V), (V, 1), (i_k * BK, i_v * BV), (BK, BV), (1, 0))
    tl.store(p_h, b_h.to(p_h.dtype.element_ty), boundary_check=(0, 1))
)",
                                         "sm90");
  EXPECT_TRUE(python_test::kernelNamed(model, "counted").dots.at(0).underRuntimeTest);
  EXPECT_TRUE(python_test::kernelNamed(model, "skip_first").dots.at(0).underRuntimeTest);
  EXPECT_FALSE(python_test::kernelNamed(model, "flagged").dots.at(0).underRuntimeTest);
  EXPECT_FALSE(python_test::kernelNamed(model, "guarded_outside").dots.at(0).underRuntimeTest);
  const DotSequenceCase cases[] = {
      {"counted", {{"BM", 64}, {"BN", 128}, {"BK", 64}}, 4, 3, 24576},
      {"counted", {{"BM", 32}, {"BN", 64}, {"BK", 64}}, 4, 4, 12288},
      {"counted", {{"BM", 128}, {"BN", 128}, {"BK", 32}}, 8, 2, 32768},
      {"skip_first", {{"BM", 64}, {"BN", 128}, {"BK", 64}}, 4, 3, 24576},
      {"skip_first", {{"BM", 32}, {"BN", 64}, {"BK", 64}}, 4, 4, 12288},
      {"flagged", {{"BM", 64}, {"BN", 128}, {"BK", 64}}, 4, 3, 73728},
      {"flagged", {{"BM", 32}, {"BN", 64}, {"BK", 64}}, 4, 4, 36864},
      {"guarded_outside", {{"BM", 64}, {"BN", 128}, {"BK", 64}}, 4, 3, 73728},
      {"guarded_outside", {{"BM", 32}, {"BN", 64}, {"BK", 64}}, 4, 4, 36864},
  };
  expectMeasuredBytes(model, cases);

  // A helper called with keywords decides the test (`not skipped(i_t=i_t,
  // ...) or ALL_CHUNKS`): single buffers, and on the warp-group path a dot
  // that waits for its result, so its copies die there and the state's
  // conversion for a store in the loop (compiled only with STORE_STATES)
  // reuses them. ALL_CHUNKS=True makes the test true when compiled: rings.
  // Measured as above, `g` fp32, pointers and T divisible by 16, K = V = 64,
  // BT = 64, BV = 32 (a gated pipelined B is left out: btlint takes `g` as
  // fp16, Triton keeps its 256 B ring in fp32).
  const Kernel &states = python_test::kernelNamed(model, "chunk_states");
  EXPECT_TRUE(states.dots.at(0).underRuntimeTest);
  ASSERT_EQ(states.dots.at(0).runtimeTestUnless.size(), 1u);
  EXPECT_EQ(states.dots.at(0).runtimeTestUnless[0].param, "ALL_CHUNKS");
  auto chunkCase = [](int64_t all, int64_t store, int64_t gated, int64_t bk, int warps, int stages, int64_t bytes) {
    return DotSequenceCase{"chunk_states",
                           {{"K", 64}, {"V", 64}, {"LB", 2}, {"BT", 64}, {"BK", bk}, {"BV", 32}, {"ALL_CHUNKS", all},
                            {"STORE_STATES", store}, {"GATED", gated}},
                           warps, stages, bytes};
  };
  const DotSequenceCase chunkCases[] = {
      chunkCase(0, 0, 0, 64, 4, 3, 12288), chunkCase(0, 1, 1, 64, 4, 3, 12288), chunkCase(0, 1, 1, 32, 2, 3, 8192),
      chunkCase(0, 0, 0, 32, 4, 3, 8192),  chunkCase(0, 1, 0, 64, 2, 2, 12288), chunkCase(1, 0, 0, 64, 4, 3, 36864),
      chunkCase(1, 1, 0, 64, 4, 3, 40960), chunkCase(1, 1, 0, 64, 2, 3, 26624),
  };
  expectMeasuredBytes(model, chunkCases);
}

TEST(ResourcesFrontEnd, DotsInAHelperAreSizedWhereItIsCalled) {
  // Triton inlines @jit helpers: a helper that holds the loop and both dots
  // of attention (the layout of Triton's fused-attention tutorial), or one
  // loop step's loads and dot, allocates the rings its caller's constexprs
  // size. Measured with Triton 3.6.0 for GPUTarget("cuda", 90, 32), fp16
  // pointers and integers divisible by 16, inner strides 1.
  FileModel model = python_test::modelOf(R"(import triton
import triton.language as tl


@triton.jit
def _attend_block(acc, m_i, l_i, q, k_ptrs, v_ptrs, stride_kn, N_CTX, BLOCK_N: tl.constexpr):
    for start_n in range(0, N_CTX, BLOCK_N):
        k = tl.load(k_ptrs + start_n * stride_kn)
        qk = tl.dot(q, tl.trans(k))
        m_ij = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.math.exp2(qk - m_ij[:, None])
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None]
        v = tl.load(v_ptrs + start_n * stride_kn)
        acc = tl.dot(p.to(tl.float16), v, acc)
        m_i = m_ij
    return acc, m_i, l_i


@triton.jit
def attn_fwd_helper(Q, K, V, Out, stride_qm, stride_kn, N_CTX,
                    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, HEAD_DIM: tl.constexpr):
    start_m = tl.program_id(0)
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(Q + offs_m[:, None] * stride_qm + offs_d[None, :])
    k_ptrs = K + offs_n[:, None] * stride_kn + offs_d[None, :]
    v_ptrs = V + offs_n[:, None] * stride_kn + offs_d[None, :]
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32) + 1.0
    acc, m_i, l_i = _attend_block(acc, m_i, l_i, q, k_ptrs, v_ptrs, stride_kn, N_CTX, BLOCK_N)
    acc = acc / l_i[:, None]
    tl.store(Out + offs_m[:, None] * stride_qm + offs_d[None, :], acc.to(tl.float16))


@triton.jit
def _multiply_step(acc, a_ptrs, b_ptrs, k, K, BK: tl.constexpr):
    rk = k + tl.arange(0, BK)
    a = tl.load(a_ptrs, mask=rk[None, :] < K, other=0.0)
    b = tl.load(b_ptrs, mask=rk[:, None] < K, other=0.0)
    return tl.dot(a, b, acc)


@triton.jit
def gemm_step_helper(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + rm[:, None] * stride_am + rk[None, :]
    b_ptrs = b_ptr + rk[:, None] * stride_bk + rn[None, :]
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        acc = _multiply_step(acc, a_ptrs, b_ptrs, k, K, BK=BLOCK_K)
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K * stride_bk
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :], acc.to(tl.float16))
)",
                                         "sm90");
  const Kernel &attention = python_test::kernelNamed(model, "attn_fwd_helper");
  ASSERT_EQ(attention.dots.size(), 2u);
  EXPECT_TRUE(attention.dots[0].aLoadedBefore); // q, loaded by the kernel before the call
  EXPECT_EQ(attention.dots[0].a.at(1).params, std::vector<std::string>{"HEAD_DIM"});
  EXPECT_EQ(attention.dots[1].b.at(0).params, std::vector<std::string>{"BLOCK_N"});
  EXPECT_EQ(attention.inlinedHelpers, std::set<std::string>{"_attend_block"});
  const Kernel &gemm = python_test::kernelNamed(model, "gemm_step_helper");
  ASSERT_EQ(gemm.dots.size(), 1u);
  EXPECT_EQ(gemm.dots[0].innerLoop, 0); // the caller's loop
  EXPECT_EQ(gemm.dots[0].a.at(1).params, std::vector<std::string>{"BLOCK_K"}); // BK=BLOCK_K
  const DotSequenceCase cases[] = {
      {"attn_fwd_helper", {{"BLOCK_M", 64}, {"BLOCK_N", 32}, {"HEAD_DIM", 64}}, 4, 3, 32768},
      {"attn_fwd_helper", {{"BLOCK_M", 128}, {"BLOCK_N", 64}, {"HEAD_DIM", 64}}, 4, 2, 49152},
      {"attn_fwd_helper", {{"BLOCK_M", 128}, {"BLOCK_N", 64}, {"HEAD_DIM", 128}}, 8, 3, 131072},
      {"attn_fwd_helper", {{"BLOCK_M", 64}, {"BLOCK_N", 64}, {"HEAD_DIM", 64}}, 2, 4, 57344},
      {"gemm_step_helper", {{"BLOCK_M", 128}, {"BLOCK_N", 128}, {"BLOCK_K", 64}}, 8, 3, 98304},
      {"gemm_step_helper", {{"BLOCK_M", 64}, {"BLOCK_N", 64}, {"BLOCK_K", 32}}, 4, 4, 32768},
      {"gemm_step_helper", {{"BLOCK_M", 32}, {"BLOCK_N", 64}, {"BLOCK_K", 64}}, 2, 2, 12288},
  };
  expectMeasuredBytes(model, cases);
}

TEST(ResourcesFrontEnd, CastToAnotherLoadsOwnTypeIsNoCast) {
  // `x = x.to(w.dtype)` with x and w loaded from pointers of one element
  // type: Triton folds the cast, A stays a shared-memory operand (num_stages
  // buffers on wgmma, not a register prologue). Measured with Triton 3.6.0
  // for GPUTarget("cuda", 90, 32), fp16 pointers.
  FileModel model = python_test::modelOf(R"(
import triton
import triton.language as tl


@triton.jit
def cast_to_weight_type(x_ptr, w_ptr, y_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    offs_m = tl.program_id(0) * BM + tl.arange(0, BM)
    offs_n = tl.program_id(1) * BN + tl.arange(0, BN)
    offs_k = tl.arange(0, BK)
    x_ptrs = x_ptr + offs_m[:, None] * K + offs_k[None, :]
    w_ptrs = w_ptr + offs_n[:, None] * K + offs_k[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        x = tl.load(x_ptrs, mask=offs_m[:, None] < M)
        w = tl.load(w_ptrs, mask=offs_n[:, None] < N)
        x = x.to(w.dtype)
        acc += tl.dot(x, w.T)
        x_ptrs += BK
        w_ptrs += BK
    tl.store(y_ptr + offs_m[:, None] * N + offs_n[None, :], acc.to(tl.float16))
)",
                                         "sm90");
  const DotSequenceCase cases[] = {
      {"cast_to_weight_type", {{"BM", 64}, {"BN", 64}, {"BK", 64}}, 4, 3, 49152},     // wgmma
      {"cast_to_weight_type", {{"BM", 128}, {"BN", 128}, {"BK", 64}}, 8, 4, 131072},  // wgmma
      {"cast_to_weight_type", {{"BM", 64}, {"BN", 128}, {"BK", 32}}, 4, 2, 24576},    // wgmma
      {"cast_to_weight_type", {{"BM", 32}, {"BN", 64}, {"BK", 64}}, 4, 3, 24576},     // mma.sync
  };
  expectMeasuredBytes(model, cases);
}

TEST(ResourcesFrontEnd, HostDescriptorsTakeTheBlockTheirPreHookSets) {
  // Host-side TensorDescriptor arguments: the block is what each config's
  // pre_hook sets (`nargs["a"].block_shape = [...]`), a [1, BM, BK] block
  // over a batch axis is its last two, and TMA copies into a ring signal one
  // 8-byte mbarrier per stage, an array per dot. Measured with Triton 3.6.0
  // for GPUTarget("cuda", 90, 32), fp16 descriptors (tensordesc<fp16[...]>).
  FileModel model = python_test::modelOf(R"(
import triton
import triton.language as tl


def set_blocks(nargs):
    BM = nargs["BM"]
    nargs["a"].block_shape = [BM, nargs["BK"]]
    nargs["x"].block_shape = [1, BM, nargs["BK"]]
    nargs["b"].block_shape = [nargs["BN"], nargs["BK"]]
    nargs["c"].block_shape = [nargs["BN"], nargs["BK"]]


CONFIGS = [triton.Config({"BM": 64, "BN": 128, "BK": 64}, num_warps=4, num_stages=2, pre_hook=set_blocks)]


@triton.autotune(configs=CONFIGS, key=["K"])
@triton.jit
def one_dot(a, x, b, c, o, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        acc = tl.dot(a.load([0, k]), tl.trans(b.load([0, k])), acc)
    offs = tl.arange(0, BM)[:, None] * BN + tl.arange(0, BN)[None, :]
    tl.store(o + offs, acc.to(tl.float16))


@triton.autotune(configs=CONFIGS, key=["K"])
@triton.jit
def gate_and_up(a, x, b, c, o, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    acc_g = tl.zeros((BM, BN), dtype=tl.float32)
    acc_u = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        rows = x.load([0, 0, k])
        rows = tl.reshape(rows, [BM, BK])
        acc_g = tl.dot(rows, tl.trans(b.load([0, k])), acc_g)
        acc_u = tl.dot(rows, tl.trans(c.load([0, k])), acc_u)
    offs = tl.arange(0, BM)[:, None] * BN + tl.arange(0, BN)[None, :]
    tl.store(o + offs, (acc_g * acc_u).to(tl.float16))
)",
                                         "sm90");
  const DotSequenceCase cases[] = {
      {"one_dot", {{"BM", 64}, {"BN", 128}, {"BK", 64}}, 4, 2, 49168},
      {"one_dot", {{"BM", 64}, {"BN", 128}, {"BK", 64}}, 4, 3, 73752},
      {"one_dot", {{"BM", 64}, {"BN", 128}, {"BK", 64}}, 4, 4, 98336},
      {"gate_and_up", {{"BM", 64}, {"BN", 128}, {"BK", 64}}, 4, 2, 81952},
      {"gate_and_up", {{"BM", 64}, {"BN", 128}, {"BK", 64}}, 4, 3, 122936},
      {"gate_and_up", {{"BM", 64}, {"BN", 128}, {"BK", 64}}, 4, 4, 163904},
      {"gate_and_up", {{"BM", 128}, {"BN", 128}, {"BK", 128}}, 8, 3, 294968},  // over sm90's limit
  };
  expectMeasuredBytes(model, cases);
}

TEST(ResourcesFrontEnd, AComputedWithARunTimeScalarIsConvertedThroughSharedMemory) {
  // A computed from its loads with a scalar known only at run time (an
  // argument): Triton converts the computed tile to the operand layout, on
  // mma.sync through a copy of A, on wgmma through a conversion scratch; a
  // literal factor moves the conversion up to the load. A helper given one
  // tile keeps what the tile is loaded from (the gate's ring), and a load in
  // an arm the config compiles out feeds nothing. Measured with Triton 3.6.0
  // for GPUTarget("cuda", 90, 32), fp16 pointers, scale an fp32 argument.
  FileModel model = python_test::modelOf(R"(import triton
import triton.language as tl


@triton.jit
def exp2(x):
    return tl.math.exp2(x.to(tl.float32))


@triton.jit
def scaled_a(q, g, do, dh, scale, T, K: tl.constexpr, V: tl.constexpr, BK: tl.constexpr, BV: tl.constexpr,
             BT: tl.constexpr, USE_G: tl.constexpr):
    o_k = tl.arange(0, BK)
    o_v = tl.arange(0, BV)
    b_dh = tl.zeros([BK, BV], dtype=tl.float32)
    for i_t in range(tl.cdiv(T, BT) - 1, -1, -1):
        o_t = i_t * BT + tl.arange(0, BT)
        b_q = tl.load(q + o_k[:, None] + o_t[None, :] * K)
        b_q = (b_q * scale).to(b_q.dtype)
        if USE_G:
            b_g = tl.load(g + o_k[:, None] + o_t[None, :] * K)
            b_q = (b_q * exp2(b_g)).to(b_q.dtype)
        b_do = tl.load(do + o_t[:, None] * V + o_v[None, :])
        b_dh += tl.dot(b_q, b_do)
    tl.store(dh + o_k[:, None] * V + o_v[None, :], b_dh.to(tl.float16))


@triton.jit
def gated_a(q, g, do, dh, scale, T, K: tl.constexpr, V: tl.constexpr, BK: tl.constexpr, BV: tl.constexpr,
            BT: tl.constexpr):
    o_k = tl.arange(0, BK)
    o_v = tl.arange(0, BV)
    b_dh = tl.zeros([BK, BV], dtype=tl.float32)
    for i_t in range(tl.cdiv(T, BT) - 1, -1, -1):
        o_t = i_t * BT + tl.arange(0, BT)
        b_q = tl.load(q + o_k[:, None] + o_t[None, :] * K)
        b_g = tl.load(g + o_k[:, None] + o_t[None, :] * K)
        b_q = (b_q * exp2(b_g) * scale).to(b_q.dtype)
        b_do = tl.load(do + o_t[:, None] * V + o_v[None, :])
        b_dh += tl.dot(b_q, b_do)
    tl.store(dh + o_k[:, None] * V + o_v[None, :], b_dh.to(tl.float16))


@triton.jit
def doubled_a(q, g, do, dh, scale, T, K: tl.constexpr, V: tl.constexpr, BK: tl.constexpr, BV: tl.constexpr,
              BT: tl.constexpr):
    o_k = tl.arange(0, BK)
    o_v = tl.arange(0, BV)
    b_dh = tl.zeros([BK, BV], dtype=tl.float32)
    for i_t in range(tl.cdiv(T, BT) - 1, -1, -1):
        o_t = i_t * BT + tl.arange(0, BT)
        b_q = tl.load(q + o_k[:, None] + o_t[None, :] * K)
        b_do = tl.load(do + o_t[:, None] * V + o_v[None, :])
        b_dh += tl.dot(b_q * 2, b_do)
    tl.store(dh + o_k[:, None] * V + o_v[None, :], b_dh.to(tl.float16))


@triton.jit
def scaled_rows(a, b, c, scale, T, K: tl.constexpr, N: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr,
                BK: tl.constexpr):
    o_m = tl.arange(0, BM)
    o_n = tl.arange(0, BN)
    acc = tl.zeros([BM, BN], dtype=tl.float32)
    for k in range(0, T, BK):
        o_k = k + tl.arange(0, BK)
        b_a = tl.load(a + o_m[:, None] * K + o_k[None, :])
        b_b = tl.load(b + o_k[:, None] * N + o_n[None, :])
        acc += tl.dot((b_a * scale).to(b_a.dtype), b_b)
    tl.store(c + o_m[:, None] * N + o_n[None, :], acc.to(tl.float16))
)",
                                         "sm90");
  const std::map<std::string, int64_t> base{{"K", 128}, {"V", 128}, {"BT", 64}};
  auto with = [&](std::map<std::string, int64_t> extra) {
    extra.insert(base.begin(), base.end());
    return extra;
  };
  const DotSequenceCase cases[] = {
      {"scaled_a", with({{"BK", 32}, {"BV", 32}, {"USE_G", 0}}), 1, 2, 12288},
      {"scaled_a", with({{"BK", 32}, {"BV", 32}, {"USE_G", 1}}), 1, 2, 16384},
      {"scaled_a", with({{"BK", 32}, {"BV", 64}, {"USE_G", 0}}), 4, 2, 16384},
      {"scaled_a", with({{"BK", 32}, {"BV", 64}, {"USE_G", 1}}), 4, 2, 20480},
      {"scaled_a", with({{"BK", 64}, {"BV", 64}, {"USE_G", 0}}), 4, 2, 28672},
      {"scaled_a", with({{"BK", 64}, {"BV", 64}, {"USE_G", 1}}), 4, 2, 36864},
      {"scaled_a", with({{"BK", 64}, {"BV", 64}, {"USE_G", 0}}), 4, 3, 45056},
      {"scaled_a", with({{"BK", 64}, {"BV", 64}, {"USE_G", 1}}), 4, 3, 61440},
      {"gated_a", with({{"BK", 32}, {"BV", 32}}), 1, 2, 16384},
      {"gated_a", with({{"BK", 32}, {"BV", 64}}), 4, 2, 20480},
      {"gated_a", with({{"BK", 64}, {"BV", 64}}), 4, 2, 36864},
      {"gated_a", with({{"BK", 64}, {"BV", 64}}), 4, 3, 61440},
      {"doubled_a", with({{"BK", 32}, {"BV", 32}}), 1, 2, 8192},
      {"doubled_a", with({{"BK", 32}, {"BV", 64}}), 4, 2, 12288},
      {"doubled_a", with({{"BK", 64}, {"BV", 64}}), 4, 2, 24576},
      {"doubled_a", with({{"BK", 64}, {"BV", 64}}), 4, 3, 40960},
      {"scaled_rows", {{"K", 128}, {"N", 128}, {"BM", 64}, {"BN", 64}, {"BK", 64}}, 4, 2, 32768},
      {"scaled_rows", {{"K", 128}, {"N", 128}, {"BM", 128}, {"BN", 64}, {"BK", 64}}, 8, 2, 49152},
      {"scaled_rows", {{"K", 128}, {"N", 128}, {"BM", 128}, {"BN", 128}, {"BK", 64}}, 4, 3, 90112},
      {"scaled_rows", {{"K", 128}, {"N", 128}, {"BM", 64}, {"BN", 64}, {"BK", 64}}, 2, 2, 24576},
  };
  expectMeasuredBytes(model, cases);
  EXPECT_EQ(python_test::kernelNamed(model, "scaled_a").dots[0].aRunTimeScalars.size(), 1u);
  EXPECT_TRUE(python_test::kernelNamed(model, "doubled_a").dots[0].aRunTimeScalars.empty());
}

TEST(ResourcesFrontEnd, DotsAfterALoopConvertItsAccumulatorToTheirWarpTiling) {
  // `b_o + tl.dot(a1, v1) + tl.dot(a2, v2)` after the loop that computed
  // b_o: on wgmma the first of the two chained dots takes all warps on rows
  // (8x1) where the loop's dot has 4x2, and its accumulator is converted
  // while both dots' operands are in shared memory (4096 B); one dot after
  // the loop is not chained and converts nothing. Measured with Triton 3.6.0
  // for GPUTarget("cuda", 90, 32), fp16 pointers.
  FileModel model = python_test::modelOf(R"(import triton
import triton.language as tl


@triton.jit
def after_loop(q, h, a1, a2, v1, v2, o, K, BT: tl.constexpr, BK: tl.constexpr, BV: tl.constexpr):
    o_t = tl.arange(0, BT)
    o_v = tl.arange(0, BV)
    b_o = tl.zeros([BT, BV], dtype=tl.float32)
    for i_k in range(tl.cdiv(K, BK)):
        o_k = i_k * BK + tl.arange(0, BK)
        b_q = tl.load(q + o_t[:, None] * K + o_k[None, :])
        b_h = tl.load(h + o_k[:, None] * BV + o_v[None, :])
        b_o += tl.dot(b_q, b_h)
    m_s = o_t[:, None] >= o_t[None, :]
    b_a1 = tl.where(m_s, tl.load(a1 + o_t[:, None] * BT + o_t[None, :]), 0)
    b_a2 = tl.where(m_s, tl.load(a2 + o_t[:, None] * BT + o_t[None, :]), 0)
    b_v1 = tl.load(v1 + o_t[:, None] * BV + o_v[None, :])
    b_v2 = tl.load(v2 + o_t[:, None] * BV + o_v[None, :])
    b_o = b_o + tl.dot(b_a1.to(b_v1.dtype), b_v1) + tl.dot(b_a2.to(b_v2.dtype), b_v2)
    tl.store(o + o_t[:, None] * BV + o_v[None, :], b_o.to(tl.float16))


@triton.jit
def after_loop_one(q, h, a1, a2, v1, v2, o, K, BT: tl.constexpr, BK: tl.constexpr, BV: tl.constexpr):
    o_t = tl.arange(0, BT)
    o_v = tl.arange(0, BV)
    b_o = tl.zeros([BT, BV], dtype=tl.float32)
    for i_k in range(tl.cdiv(K, BK)):
        o_k = i_k * BK + tl.arange(0, BK)
        b_q = tl.load(q + o_t[:, None] * K + o_k[None, :])
        b_h = tl.load(h + o_k[:, None] * BV + o_v[None, :])
        b_o += tl.dot(b_q, b_h)
    m_s = o_t[:, None] >= o_t[None, :]
    b_a1 = tl.where(m_s, tl.load(a1 + o_t[:, None] * BT + o_t[None, :]), 0)
    b_v1 = tl.load(v1 + o_t[:, None] * BV + o_v[None, :])
    b_o += tl.dot(b_a1.to(b_v1.dtype), b_v1)
    tl.store(o + o_t[:, None] * BV + o_v[None, :], b_o.to(tl.float16))
)",
                                         "sm90");
  auto tile = [](int64_t bt, int64_t bk, int64_t bv) {
    return std::map<std::string, int64_t>{{"BT", bt}, {"BK", bk}, {"BV", bv}};
  };
  const DotSequenceCase cases[] = {
      {"after_loop", tile(64, 32, 32), 8, 2, 28672},      {"after_loop", tile(64, 32, 64), 4, 2, 32768},
      {"after_loop", tile(64, 64, 64), 4, 3, 49152},      {"after_loop", tile(64, 32, 32), 2, 2, 24576},
      {"after_loop", tile(64, 64, 64), 8, 2, 36864},      {"after_loop", tile(128, 64, 64), 8, 2, 98304},
      {"after_loop", tile(64, 32, 32), 4, 2, 24576},      {"after_loop", tile(64, 32, 128), 8, 2, 53248},
      {"after_loop", tile(64, 32, 16), 8, 2, 24576},      {"after_loop", tile(64, 64, 256), 8, 2, 86016},
      {"after_loop", tile(64, 32, 64), 8, 3, 36864},      {"after_loop_one", tile(64, 32, 32), 8, 2, 12288},
      {"after_loop_one", tile(64, 64, 64), 8, 2, 32768},  {"after_loop_one", tile(128, 64, 64), 8, 2, 49152},
  };
  expectMeasuredBytes(model, cases);
  const Kernel &kernel = python_test::kernelNamed(model, "after_loop");
  ASSERT_EQ(kernel.dots.size(), 3u);
  EXPECT_EQ(kernel.dots[1].accumulatorFrom, 0);
  EXPECT_EQ(kernel.dots[2].accumulatorFrom, 1);
}

TEST(ResourcesFrontEnd, AnOperandGatedFromItsRingsIsNotCopiedAgain) {
  // A dot before a loop and one in it (the several-dot description): the
  // loop's A is computed from two tiles and a vector (a gate) and read from
  // their rings, the narrow vector ringed too; only a run-time scalar,
  // here in an arm the config can compile out, makes it a copy again.
  // Measured with Triton 3.6.0 for GPUTarget("cuda", 90, 32), fp16 pointers.
  FileModel model = python_test::modelOf(R"(import triton
import triton.language as tl


@triton.jit
def gated_after_dot(A, do, k, g, dh, dv, scale, K, BT: tl.constexpr, BK: tl.constexpr, BV: tl.constexpr,
                    SCALED: tl.constexpr):
    o_t = tl.arange(0, BT)
    o_v = tl.arange(0, BV)
    b_A = tl.load(A + o_t[:, None] * BT + o_t[None, :])
    b_do = tl.load(do + o_t[:, None] * BV + o_v[None, :])
    b_dv = tl.dot(b_A, b_do)
    for i_k in range(tl.cdiv(K, BK)):
        o_k = i_k * BK + tl.arange(0, BK)
        b_k = tl.load(k + o_t[:, None] * K + o_k[None, :])
        b_gk = tl.load(g + o_t[:, None] * K + o_k[None, :])
        b_dh = tl.load(dh + o_k[:, None] * BV + o_v[None, :])
        b_gn = tl.exp2(tl.load(g + o_k)[None, :] - b_gk.to(tl.float32))
        b_k = (b_k * b_gn).to(b_k.dtype)
        if SCALED:
            b_k = (b_k * scale).to(b_k.dtype)
        b_dv += tl.dot(b_k, b_dh)
    tl.store(dv + o_t[:, None] * BV + o_v[None, :], b_dv.to(tl.float16))
)",
                                         "sm90");
  auto tile = [](int64_t bt, int64_t bk, int64_t bv, bool scaled) {
    return std::map<std::string, int64_t>{{"BT", bt}, {"BK", bk}, {"BV", bv}, {"SCALED", scaled ? 1 : 0}};
  };
  const DotSequenceCase cases[] = {
      {"gated_after_dot", tile(64, 32, 64, false), 2, 3, 24704}, {"gated_after_dot", tile(64, 32, 64, true), 2, 3, 28800},
      {"gated_after_dot", tile(64, 32, 64, false), 2, 2, 16384}, {"gated_after_dot", tile(64, 32, 64, true), 2, 2, 16448},
      {"gated_after_dot", tile(64, 64, 32, false), 1, 2, 20608}, {"gated_after_dot", tile(64, 64, 32, true), 1, 2, 28800},
      {"gated_after_dot", tile(32, 32, 32, false), 2, 3, 12416}, {"gated_after_dot", tile(32, 32, 32, true), 2, 3, 14464},
  };
  expectMeasuredBytes(model, cases);
}

TEST(ResourcesFrontEnd, ABComputedFromTwoTilesHasARingPerTileOnMmaSync) {
  // B gated from two loaded tiles (`k * exp(g)`) on mma.sync: each tile is
  // staged in a ring of its own, as for A. Measured with Triton 3.6.0 for
  // GPUTarget("cuda", 90, 32), fp16 pointers.
  FileModel model = python_test::modelOf(R"(import triton
import triton.language as tl


@triton.jit
def gated_b(k, g, x, out, K, BC: tl.constexpr, BK: tl.constexpr):
    o_c = tl.arange(0, BC)
    acc = tl.zeros([BC, BC], dtype=tl.float32)
    for i_k in range(tl.cdiv(K, BK)):
        o_k = i_k * BK + tl.arange(0, BK)
        b_x = tl.load(x + o_c[:, None] * K + o_k[None, :])
        b_kt = tl.load(k + o_k[:, None] + o_c[None, :] * K)
        b_gk = tl.load(g + o_k[:, None] + o_c[None, :] * K)
        b_kt = (b_kt * tl.exp(b_gk.to(tl.float32))).to(b_kt.dtype)
        acc += tl.dot(b_x, b_kt)
    tl.store(out + o_c[:, None] * BC + o_c[None, :], acc.to(tl.float16))
)",
                                         "sm90");
  auto tile = [](int64_t bc, int64_t bk) { return std::map<std::string, int64_t>{{"BC", bc}, {"BK", bk}}; };
  const DotSequenceCase cases[] = {
      {"gated_b", tile(64, 32), 1, 2, 12288}, {"gated_b", tile(64, 32), 2, 3, 24576},
      {"gated_b", tile(32, 32), 1, 2, 6144},  {"gated_b", tile(64, 64), 2, 4, 73728},
      {"gated_b", tile(32, 64), 2, 3, 24576},
  };
  expectMeasuredBytes(model, cases);
}

TEST(ResourcesFrontEnd, CastToAnAccumulatorsTypeTakesItsElementType) {
  // `x.to(acc.dtype)` with acc an fp32 tile: the dot runs on fp32 (tf32)
  // inputs, and its B, read straight from the load, is a cast.
  FileModel model = python_test::modelOf(R"(
import triton
import triton.language as tl


@triton.jit
def gated_update(g_ptr, v_ptr, out_ptr, BT: tl.constexpr, BV: tl.constexpr):
    rows = tl.arange(0, BT)
    cols = tl.arange(0, BV)
    acc = tl.zeros([BT, BV], dtype=tl.float32)
    g = tl.load(g_ptr + rows[:, None] * BT + rows[None, :])
    v = tl.load(v_ptr + rows[:, None] * BV + cols[None, :])
    acc += tl.dot(g.to(acc.dtype), v.to(acc.dtype))
    tl.store(out_ptr + rows[:, None] * BV + cols[None, :], acc.to(tl.float16))
)");
  const Kernel &kernel = python_test::kernelNamed(model, "gated_update");
  ASSERT_EQ(kernel.dots.size(), 1u);
  EXPECT_EQ(kernel.dots[0].inputDtype, "fp32");
  EXPECT_TRUE(kernel.dots[0].aCast);
  EXPECT_TRUE(kernel.dots[0].bCast);
  EXPECT_EQ(kernel.dots[0].aLoads.size(), 1u);
  EXPECT_NE(kernel.dots[0].aLoads, kernel.dots[0].bLoads);
}

// B's rows gathered through an index loaded in the loop: one level of
// indirection, so Triton 3.6 gives every load (num_stages - 1) / 2 stages of
// latency and the index a ring of its own; at num_stages 2 the index is not
// pipelined and the loads keep one stage. Measured with Triton 3.6.0 for
// GPUTarget("cuda", 90, 32) on the CPU (fp16 operands, int32 index, pointers
// and sizes 16-divisible), 2026-12-06: 20 of 20 configs.
TEST(ResourcesFrontEnd, LoadedIndicesSpreadTheStagesOverTheLevels) {
  FileModel model = python_test::modelOf(R"(import triton
import triton.language as tl


@triton.jit
def gathered_rows_gemm(a_ptr, b_ptr, idx_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm,
                       BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :]
    idx_ptrs = idx_ptr + offs_k
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        rows = tl.load(idx_ptrs)
        a = tl.load(a_ptrs)
        b = tl.load(b_ptr + rows[:, None] * stride_bk + offs_n[None, :])
        acc += tl.dot(a, b)
        a_ptrs += BLOCK_K
        idx_ptrs += BLOCK_K
    tl.store(c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :], acc.to(tl.float16))
)",
                                         "sm90");
  auto tile = [](int64_t m, int64_t n, int64_t k) {
    return std::map<std::string, int64_t>{{"BLOCK_M", m}, {"BLOCK_N", n}, {"BLOCK_K", k}};
  };
  const int64_t wgmma[] = {24576, 24704, 24704, 37120, 37120};   // 64x128x32, 4 warps, stages 2..6
  const int64_t wide[] = {65536, 65792, 65792, 98816, 98816};    // 128x128x64, 8 warps
  const int64_t narrow[] = {12288, 12544, 12544, 25088, 25088};  // 32x64x64, 4 warps
  const int64_t mmaSync[] = {10240, 10496, 10496, 20992, 20992}; // 16x64x64, 4 warps (mma.sync)
  std::vector<DotSequenceCase> cases;
  for (int stages = 2; stages <= 6; ++stages) {
    cases.push_back({"gathered_rows_gemm", tile(64, 128, 32), 4, stages, wgmma[stages - 2]});
    cases.push_back({"gathered_rows_gemm", tile(128, 128, 64), 8, stages, wide[stages - 2]});
    cases.push_back({"gathered_rows_gemm", tile(32, 64, 64), 4, stages, narrow[stages - 2]});
    cases.push_back({"gathered_rows_gemm", tile(16, 64, 64), 4, stages, mmaSync[stages - 2]});
  }
  expectMeasuredBytes(model, cases);
}

// B scaled by rows gathered through an index (`b * s`, `s` loaded at
// `g[:, None]`): one dot whose B is changed in registers, read by the
// dot-sequence rules (a ring per load, the changed B copied once on wgmma)
// plus the index's ring. Measured with Triton 3.6.0 for GPUTarget("cuda",
// 90, 32) on the CPU (fp16 tensors, int32 index), 2026-12-06.
TEST(ResourcesFrontEnd, OneDotWithBChangedInRegistersRingsEachLoad) {
  FileModel model = python_test::modelOf(R"(import triton
import triton.language as tl


@triton.jit
def gathered_scale_gemm(a_ptr, b_ptr, s_ptr, z_ptr, g_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_s,
                        stride_cm, ZEROS: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                        BLOCK_K: tl.constexpr):
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :]
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :]
    g_ptrs = g_ptr + offs_k
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        g = tl.load(g_ptrs)
        s = tl.load(s_ptr + g[:, None] * stride_s + offs_n[None, :])
        a = tl.load(a_ptrs)
        b = tl.load(b_ptrs)
        if ZEROS:
            z = tl.load(z_ptr + g[:, None] * stride_s + offs_n[None, :])
            b = b - z
        acc += tl.dot(a, (b * s).to(tl.float16))
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K * stride_bk
        g_ptrs += BLOCK_K
    tl.store(c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :], acc.to(tl.float16))
)",
                                         "sm90");
  auto tile = [](int64_t zeros) {
    return std::map<std::string, int64_t>{{"BLOCK_M", 64}, {"BLOCK_N", 128}, {"BLOCK_K", 32}, {"ZEROS", zeros}};
  };
  const DotSequenceCase cases[] = {
      {"gathered_scale_gemm", tile(0), 4, 2, 32768}, {"gathered_scale_gemm", tile(0), 4, 3, 32896},
      {"gathered_scale_gemm", tile(0), 4, 4, 32896}, {"gathered_scale_gemm", tile(0), 4, 5, 53504},
      {"gathered_scale_gemm", tile(1), 4, 2, 40960}, {"gathered_scale_gemm", tile(1), 4, 3, 41088},
      {"gathered_scale_gemm", tile(1), 4, 4, 41088}, {"gathered_scale_gemm", tile(1), 4, 5, 69888},
  };
  expectMeasuredBytes(model, cases);
}

TEST(ResourcesFrontEnd, AnAccumulatorStoredInItsLoopThroughALocal) {
  // A persistent GEMM flattened into one loop over (tile, k) stores each
  // finished tile inside the loop (`if ki == k_tiles - 1:`): the conversion
  // of the accumulator to the store's layout is live beside the operand
  // rings. Stored through a local (`c = acc.to(tl.float16)`) it is the same
  // kernel. Measured with Triton 3.6.0 for GPUTarget("cuda", 90, 32), fp16
  // pointers, integer arguments divisible by 16.
  const std::string body = R"(
    pid = tl.program_id(0)
    n_m = tl.cdiv(M, BM)
    n_n = tl.cdiv(N, BN)
    k_tiles = tl.cdiv(K, BK)
    per = n_m * n_n // NUM_SMS
    tile = pid - NUM_SMS
    ki = -1
    rk = tl.arange(0, BK)
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    acc = tl.zeros((BM, BN), tl.float32)
    for _ in range(0, k_tiles * per):
        ki = tl.where(ki == k_tiles - 1, 0, ki + 1)
        if ki == 0:
            tile += NUM_SMS
            rm = (tile // n_n) * BM + tl.arange(0, BM)
            rn = (tile % n_n) * BN + tl.arange(0, BN)
        rkk = ki * BK + rk
        a = tl.load(A + rm[:, None] * sam + rkk[None, :], mask=rk[None, :] < K - ki * BK, other=0.0)
        b = tl.load(B + rkk[:, None] * sbk + rn[None, :], mask=rk[:, None] < K - ki * BK, other=0.0)
        acc = tl.dot(a, b, acc)
        if ki == k_tiles - 1:
)";
  const std::string signature = "(A, B, C, M, N, K, sam, sbk, scm, NUM_SMS, BM: tl.constexpr, BN: tl.constexpr, "
                                "BK: tl.constexpr):";
  FileModel model = python_test::modelOf(
      "import triton\nimport triton.language as tl\n\n\n@triton.jit\ndef stored_inline" + signature + body +
          "            tl.store(C + rm[:, None] * scm + rn[None, :], acc.to(tl.float16))\n"
          "            acc = tl.zeros((BM, BN), tl.float32)\n\n\n@triton.jit\ndef stored_through_a_local" +
          signature + body +
          "            c = acc.to(tl.float16)\n"
          "            tl.store(C + rm[:, None] * scm + rn[None, :], c)\n"
          "            acc = tl.zeros((BM, BN), tl.float32)\n",
      "sm90");
  auto tile = [](int64_t bm, int64_t bn, int64_t bk) {
    return std::map<std::string, int64_t>{{"BM", bm}, {"BN", bn}, {"BK", bk}};
  };
  std::vector<DotSequenceCase> cases;
  for (const char *kernel : {"stored_inline", "stored_through_a_local"})
    for (const DotSequenceCase &measured : std::initializer_list<DotSequenceCase>{
             {"", tile(128, 256, 64), 8, 3, 180224}, {"", tile(64, 256, 32), 4, 4, 98304},
             {"", tile(128, 128, 32), 4, 4, 73728},  {"", tile(128, 64, 64), 4, 4, 106496},
             {"", tile(64, 32, 32), 2, 5, 26624},    {"", tile(128, 256, 128), 8, 3, 327680},
             {"", tile(256, 64, 128), 4, 4, 335872}}) {
      DotSequenceCase named = measured;
      named.kernel = kernel;
      cases.push_back(named);
    }
  expectMeasuredBytes(model, cases);
}

} // namespace
} // namespace btlint::resources
