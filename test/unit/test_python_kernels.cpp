// The Python front-end: kernels, their bodies, launches and timing calls.
#include "eval/TileEval.h"
#include "test_python_support.h"

namespace btlint {
namespace {

using python_test::kernelNamed;
using python_test::modelOf;
using python_test::PythonRun;

std::vector<std::string> dimTexts(const std::vector<TileDim> &dims) {
  std::vector<std::string> out;
  for (const TileDim &dim : dims) out.push_back(dim.text);
  return out;
}

const Param &paramNamed(const Kernel &kernel, const std::string &name) {
  const Param *param = kernel.findParam(name);
  if (!param) {
    ADD_FAILURE() << "no parameter " << name;
    static const Param none;
    return none;
  }
  return *param;
}

const char *kMatmul = R"(import triton
import triton.language as tl

@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K: int,
                  stride_am, stride_ak, stride_bk, stride_bn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr = 32,
                  GROUP_M: tl.constexpr = 8):
    pid = tl.program_id(0)
    pid_m = pid // tl.cdiv(N, BLOCK_N)
    pid_n = pid % tl.cdiv(N, BLOCK_N)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_K, other=0.0)
        b = tl.load(b_ptrs).to(tl.bfloat16)
        acc += tl.dot(a, b)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    c = acc.to(tl.bfloat16)
    tl.store(c_ptr + offs_m[:, None] * N + offs_n[None, :], c, mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))
)";

TEST(PythonKernels, ParametersKindsDefaultsAndUses) {
  FileModel model = modelOf(kMatmul);
  ASSERT_EQ(model.kernels.size(), 1u);
  const Kernel &kernel = model.kernels[0];
  EXPECT_EQ(kernel.name, "matmul_kernel");
  EXPECT_EQ(kernel.nameSpan.line, 5u);
  EXPECT_EQ(kernel.span.line, 4u); // from the decorator
  EXPECT_EQ(python_test::strings(kernel.decorators), (python_test::Strings{"triton.jit"}));

  EXPECT_EQ(paramNamed(kernel, "a_ptr").kind, ParamKind::Pointer);
  EXPECT_EQ(paramNamed(kernel, "K").kind, ParamKind::Int);
  EXPECT_EQ(paramNamed(kernel, "K").annotation, "int");
  EXPECT_EQ(paramNamed(kernel, "BLOCK_M").kind, ParamKind::Constexpr);
  EXPECT_EQ(paramNamed(kernel, "BLOCK_M").annotation, "tl.constexpr");
  ASSERT_TRUE(paramNamed(kernel, "BLOCK_K").defaultValue);
  EXPECT_EQ(paramNamed(kernel, "BLOCK_K").defaultValue->asInt(), 32);
  EXPECT_FALSE(paramNamed(kernel, "BLOCK_M").defaultValue);

  EXPECT_TRUE(paramNamed(kernel, "BLOCK_M").uses.count(ParamUse::TileExtent));
  EXPECT_TRUE(paramNamed(kernel, "K").uses.count(ParamUse::LoopBound));
  EXPECT_TRUE(paramNamed(kernel, "K").uses.count(ParamUse::Mask));
  EXPECT_TRUE(paramNamed(kernel, "M").uses.count(ParamUse::Mask));
  EXPECT_FALSE(paramNamed(kernel, "M").uses.count(ParamUse::LoopBound));
  EXPECT_EQ(paramNamed(kernel, "stride_am").uses, std::set<ParamUse>{ParamUse::PointerOffset});
  // GROUP_M is never read: no uses, but its name makes it no tile parameter either.
  EXPECT_TRUE(paramNamed(kernel, "GROUP_M").uses.empty());
  EXPECT_EQ(python_test::sortedStrings(kernel.tileParams), python_test::sortedStrings(python_test::Strings{"BLOCK_M", "BLOCK_N", "BLOCK_K"}));
}

TEST(PythonKernels, TilesDotsLoopsAndAccesses) {
  FileModel model = modelOf(kMatmul);
  const Kernel &kernel = model.kernels[0];

  ASSERT_EQ(kernel.dots.size(), 1u);
  const DotSite &dot = kernel.dots[0];
  EXPECT_EQ(dot.span.line, 21u);
  EXPECT_EQ(python_test::strings(dimTexts(dot.a)), (python_test::Strings{"BLOCK_M", "BLOCK_K"}));
  EXPECT_EQ(python_test::strings(dimTexts(dot.b)), (python_test::Strings{"BLOCK_K", "BLOCK_N"}));
  EXPECT_EQ(dot.inputDtype, "bf16");
  EXPECT_EQ(dot.accDtype, "fp32");
  EXPECT_EQ(dot.loopDepth, 1);
  EXPECT_TRUE(dot.aFromLoad);
  EXPECT_TRUE(dot.bFromLoad);

  ASSERT_EQ(kernel.loops.size(), 1u);
  EXPECT_EQ(python_test::strings(kernel.loops[0].boundParams), (python_test::Strings{"K", "BLOCK_K"}));
  EXPECT_TRUE(kernel.loops[0].containsDot);
  EXPECT_FALSE(kernel.loops[0].isStaticRange);

  std::vector<std::string> accesses;
  for (const MemoryAccess &access : kernel.accesses)
    accesses.push_back(access.pointer + (access.kind == AccessKind::Load ? ":load" : ":store"));
  EXPECT_EQ(python_test::strings(accesses), (python_test::Strings{"a_ptr:load", "b_ptr:load", "c_ptr:store"}));

  // arange x4 (m, n, k), zeros, two loads
  std::vector<TileSource> sources;
  for (const TileShape &tile : kernel.tiles) sources.push_back(tile.source);
  EXPECT_EQ(sources, (std::vector<TileSource>{TileSource::Arange, TileSource::Arange, TileSource::Arange,
                                   TileSource::Zeros, TileSource::Load, TileSource::Load}));
  EXPECT_EQ(kernel.tiles[3].dtype, "fp32");

  EXPECT_EQ(kernel.dtype, "bf16");
  EXPECT_HAS_SUBSTR(kernel.dtypeSource, ("tl.dot operands cast to bf16 at line 21"));
}

TEST(PythonKernels, TileDimensionsEvaluateAgainstConfigs) {
  FileModel model = modelOf(R"(
import triton
import triton.language as tl
HALF = 2
@triton.jit
def kernel(x_ptr, BLOCK: tl.constexpr, SPLIT: tl.constexpr = 4):
    half = BLOCK // HALF
    offs = tl.arange(BLOCK, BLOCK + half)
    acc = tl.zeros((BLOCK * SPLIT, half + 1), dtype=tl.float16)
    tl.store(x_ptr + offs, 0)
)");
  const Kernel &kernel = kernelNamed(model, "kernel");
  ASSERT_EQ(kernel.tiles.size(), 2u);
  Config config;
  config.params["BLOCK"] = ScalarValue::ofInt(64);
  const TileShape &range = kernel.tiles[0];
  EXPECT_EQ(range.source, TileSource::Arange);
  EXPECT_EQ(evaluateDim(range.dims[0], config, kernel), 32); // (64 + 32) - 64
  const TileShape &zeros = kernel.tiles[1];
  EXPECT_EQ(evaluateDim(zeros.dims[0], config, kernel), 256); // SPLIT from its default
  EXPECT_EQ(evaluateDim(zeros.dims[1], config, kernel), 33);
  EXPECT_EQ(evaluateNumel(zeros.dims, config, kernel), 256 * 33);
  EXPECT_EQ(python_test::strings(zeros.dims[0].params), (python_test::Strings{"BLOCK", "SPLIT"}));
  Config empty;
  EXPECT_EQ(evaluateDim(zeros.dims[0], empty, kernel), std::nullopt);
}

TEST(PythonKernels, DimValueCacheAgreesWithEvaluateDimAndKeysByTileSizes) {
  FileModel model = modelOf(R"(
import triton
import triton.language as tl
@triton.jit
def kernel(x_ptr, BLOCK: tl.constexpr, SPLIT: tl.constexpr = 4, num_rows=8):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK * SPLIT, BLOCK), dtype=tl.float32)
    tl.store(x_ptr + offs, 0)
)");
  const Kernel &kernel = kernelNamed(model, "kernel");
  std::vector<const TileDim *> dims;
  for (const TileShape &tile : kernel.tiles)
    for (const TileDim &dim : tile.dims) dims.push_back(&dim);
  ASSERT_EQ(dims.size(), 3u);
  DimValueCache cache(dims);
  Config small, smallMoreWarps, large, text;
  small.params["BLOCK"] = ScalarValue::ofInt(32);
  smallMoreWarps.params["BLOCK"] = ScalarValue::ofInt(32);
  smallMoreWarps.numWarps = ScalarValue::ofInt(8);
  large.params["BLOCK"] = ScalarValue::ofInt(128);
  large.params["SPLIT"] = ScalarValue::ofInt(2);
  text.params["BLOCK"] = ScalarValue::ofString("wide");
  std::vector<std::optional<int64_t>> keys[4];
  const Config *configs[4] = {&small, &smallMoreWarps, &large, &text};
  for (size_t c = 0; c < 4; ++c) {
    cache.bind(*configs[c], kernel);
    for (size_t i = 0; i < dims.size(); ++i)
      EXPECT_EQ(cache.value(i), evaluateDim(*dims[i], *configs[c], kernel)) << "config " << c << " dim " << i;
    EXPECT_EQ(cache.numel(1, 2), evaluateNumel(kernel.tiles[1].dims, *configs[c], kernel)) << "config " << c;
    keys[c] = cache.key();
  }
  EXPECT_EQ(keys[0], keys[1]); // num_warps sizes no tile
  EXPECT_NE(keys[0], keys[2]);
  EXPECT_NE(keys[0], keys[3]);
  EXPECT_EQ(keys[0], (std::vector<std::optional<int64_t>>{32, 4})); // SPLIT from its default
  EXPECT_EQ(keys[3], (std::vector<std::optional<int64_t>>{std::nullopt, 4}));

  // One row per binding: rows bound again, in any order, give their own values.
  DimValueCache rows(dims, 4);
  for (int pass = 0; pass < 2; ++pass)
    for (size_t c : {2, 0, 3, 1}) {
      rows.bindRow(c, *configs[c], kernel);
      for (size_t i = 0; i < dims.size(); ++i)
        EXPECT_EQ(rows.value(i), evaluateDim(*dims[i], *configs[c], kernel)) << "row " << c << " dim " << i;
      EXPECT_EQ(rows.numel(1, 2), evaluateNumel(kernel.tiles[1].dims, *configs[c], kernel)) << "row " << c;
      EXPECT_EQ(rows.key(), keys[c]) << "row " << c;
    }
}

TEST(PythonKernels, BlockPointersDescriptorsAndAtomics) {
  FileModel model = modelOf(R"(
import triton
import triton.language as tl

@triton.jit
def kernel(a_ptr, out_ptr, lock_ptr, M, K, stride_m, stride_k, desc,
           BLOCK_M: tl.constexpr, BLOCK_K: tl.constexpr):
    a_block = tl.make_block_ptr(base=a_ptr, shape=(M, K), strides=(stride_m, stride_k),
                                offsets=(0, 0), block_shape=(BLOCK_M, BLOCK_K), order=(1, 0))
    for k in tl.static_range(4):
        a = tl.load(a_block, boundary_check=(0, 1))
        a_block = tl.advance(a_block, (0, BLOCK_K))
    t = desc.load([0, 0])
    tl.atomic_add(out_ptr + tl.arange(0, BLOCK_M), tl.sum(a, axis=1))
    tl.atomic_cas(lock_ptr, 0, 1)
)");
  const Kernel &kernel = kernelNamed(model, "kernel");
  std::vector<std::string> accesses;
  for (const MemoryAccess &access : kernel.accesses)
    accesses.push_back(access.pointer + ":" + std::to_string(static_cast<int>(access.kind)) + access.atomicOp);
  EXPECT_EQ(python_test::strings(accesses), (python_test::Strings{"a_ptr:0", "desc:0", "out_ptr:2add", "lock_ptr:2cas"}));
  EXPECT_EQ(paramNamed(kernel, "desc").kind, ParamKind::Pointer);
  EXPECT_TRUE(kernel.loops[0].isStaticRange);
  ASSERT_GE(kernel.tiles.size(), 1u);
  EXPECT_EQ(kernel.tiles[0].source, TileSource::BlockPointer);
  EXPECT_EQ(python_test::strings(dimTexts(kernel.tiles[0].dims)), (python_test::Strings{"BLOCK_M", "BLOCK_K"}));
  EXPECT_TRUE(paramNamed(kernel, "M").uses.count(ParamUse::Mask));
  EXPECT_TRUE(paramNamed(kernel, "stride_m").uses.count(ParamUse::PointerOffset));
}

// `tl.static_assert(n == 4)` pins a parameter to the one value the kernel
// compiles for; other assertions pin nothing.
TEST(PythonKernels, StaticAssertOfEqualityPinsAParameter) {
  FileModel model = python_test::modelOf(R"(
import triton
import triton.language as tl

@triton.jit
def mix_streams(x_ptr, out_ptr, n: tl.constexpr, C: tl.constexpr, BLOCK_C: tl.constexpr):
    tl.static_assert(n == 4)
    tl.static_assert(C % BLOCK_C == 0)
    tl.static_assert(BLOCK_C >= 16)
    offs = tl.arange(0, n)[:, None] * C + tl.arange(0, BLOCK_C)[None, :]
    tl.store(out_ptr + offs, tl.load(x_ptr + offs))
)");
  const Kernel &kernel = kernelNamed(model, "mix_streams");
  EXPECT_EQ(kernel.assertedValues, (std::map<std::string, int64_t>{{"n", 4}}));
}

// A helper that asserts its parameter (`tl.static_assert(LB == 2)`, or
// `2 == BACKWARD`) pins the kernel parameter a call passes for it, by
// keyword or by position, also through a helper that passes it on; a value
// the kernel computes (`B * 1`), or an assertion that is no equality, pins
// nothing.
TEST(PythonKernels, StaticAssertInAHelperPinsTheParameterPassedToIt) {
  FileModel model = python_test::modelOf(R"(
import triton
import triton.language as tl

@triton.jit
def level_mask(i_t, ell, LB: tl.constexpr, BACKWARD: tl.constexpr):
    tl.static_assert(LB == 2)
    tl.static_assert(2 == BACKWARD)
    tl.static_assert(ell >= 0)
    period = 1 << (ell + 1)
    return i_t % period == 0

@triton.jit
def skip_rows(i_t, ell, LB: tl.constexpr):
    return not level_mask(i_t=i_t, ell=ell, LB=LB, BACKWARD=2)

@triton.jit
def chunk_state(x_ptr, out_ptr, ell, LB: tl.constexpr, B: tl.constexpr, F: tl.constexpr, G: tl.constexpr,
                BT: tl.constexpr):
    i_t = tl.program_id(0)
    keep = level_mask(i_t, ell, LB=LB, BACKWARD=B * 1)
    other = level_mask(i_t, ell, F, B)  # F for LB, B for BACKWARD
    keep = keep & skip_rows(i_t, ell, G)  # G for LB, two helpers down
    offs = i_t * BT + tl.arange(0, BT)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, tl.where(keep & other, x, 0.0))
)");
  const Kernel &kernel = kernelNamed(model, "chunk_state");
  EXPECT_EQ(kernel.assertedValues, (std::map<std::string, int64_t>{{"B", 2}, {"F", 2}, {"G", 2}, {"LB", 2}}));
}

// Triton requires a tensor descriptor's last stride to be 1, and the JIT makes
// a stride of 1 the constant: that parameter is the contiguous axis's stride
// (btlint-bench compiles it as 1). A block pointer names its contiguous axis
// first in `order`: that axis's stride is the inner one, as the resource
// model assumes (vectorised, pipelined loads); an order not written as
// numbers is taken as row-major, as the model takes it.
TEST(PythonKernels, TensorDescriptorLastStrideIsTheInnerStride) {
  FileModel model = modelOf(R"(
import triton
import triton.language as tl

@triton.jit
def kernel(q_ptr, k_ptr, v_ptr, w_ptr, seqlen, headdim, stride_q_seq, stride_q_dim, stride_k_seq, stride_k_dim,
           stride_v_seq, stride_v_dim, stride_w_row, stride_w_col, BLOCK: tl.constexpr, HEAD: tl.constexpr):
    q_desc = tl.make_tensor_descriptor(q_ptr, shape=[seqlen, headdim], strides=[stride_q_seq, stride_q_dim],
                                       block_shape=[BLOCK, HEAD])
    k_block = tl.make_block_ptr(base=k_ptr, shape=(seqlen, headdim), strides=(stride_k_seq, stride_k_dim),
                                offsets=(0, 0), block_shape=(BLOCK, HEAD), order=(1, 0))
    v_t = tl.make_block_ptr(v_ptr, (headdim, seqlen), (stride_v_dim, stride_v_seq), (0, 0), (HEAD, BLOCK), (0, 1))
    q = q_desc.load([0, 0])
    k = tl.load(k_block)
    v = tl.load(v_t)
    w_order: tl.constexpr = (0, 1) if w_ptr.dtype.element_ty == tl.float8e5 else (1, 0)
    w_block = tl.make_block_ptr(w_ptr, (seqlen, headdim), (stride_w_row, stride_w_col), (0, 0), (BLOCK, HEAD), w_order)
    w = tl.load(w_block)
    q_desc.store([0, 0], q + k + tl.trans(v) + w)
)");
  const Kernel &kernel = kernelNamed(model, "kernel");
  EXPECT_EQ(std::vector<std::string>(kernel.innerStrideParams.begin(), kernel.innerStrideParams.end()),
            (std::vector<std::string>{"stride_k_dim", "stride_q_dim", "stride_v_dim", "stride_w_col"}));
}

// An integer parameter scaling the last axis of an offsets tile added to a
// pointer is that axis's stride (the harness compiles it as 1); a parameter
// scaling loaded values (`b * scale`), or offsets gathered from a load, is
// not: compiled as 1 it would fold the arithmetic away. A vector scaled
// and then made a column (`(h * stride_h)[:, None]`) is a row stride.
TEST(PythonKernels, InnerStridesAreThoseOfAddresses) {
  FileModel model = modelOf(R"(
import triton
import triton.language as tl

@triton.jit
def kernel(x_ptr, idx_ptr, y_ptr, out_ptr, scale, stride_xm, stride_xk, stride_yk, stride_om, stride_ok,
           stride_zh, stride_zw, stride_zc, BLOCK: tl.constexpr):
    rows = tl.arange(0, BLOCK)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + rows[:, None] * stride_xm + cols[None, :] * stride_xk)
    z = tl.load(x_ptr + (rows * stride_zh)[:, None] + (rows * stride_zw)[:, None] + (cols * stride_zc)[None, :])
    picked = tl.load(idx_ptr + cols)
    y = tl.load(y_ptr + rows[:, None] + picked[None, :] * stride_yk)
    acc = tl.zeros([BLOCK, BLOCK], dtype=tl.float32) + x * scale + y + z
    out_ptr += rows[:, None] * stride_om + (cols * stride_ok)[None, :]
    tl.store(out_ptr, acc * scale)
)");
  const Kernel &kernel = kernelNamed(model, "kernel");
  EXPECT_EQ(std::vector<std::string>(kernel.innerStrideParams.begin(), kernel.innerStrideParams.end()),
            (std::vector<std::string>{"stride_ok", "stride_xk", "stride_zc"}));
}

TEST(PythonKernels, KernelSpellings) {
  FileModel model = modelOf(R"(
import triton
from triton import jit, heuristics
import triton.language as tl

@jit
def bare(x):
    pass

@triton.jit(do_not_specialize=["n", 0])
def with_options(x_ptr, n):
    pass

@heuristics({"BLOCK": lambda args: triton.next_power_of_2(args["n"]), "EVEN": lambda a: a["n"] % 2 == 0})
@jit
def heuristic(x_ptr, n, BLOCK: tl.constexpr, EVEN: tl.constexpr):
    pass

def plain(x_ptr):
    pass

jitted = triton.jit(plain)

class Ops:
    @staticmethod
    @triton.jit
    def method_kernel(x_ptr):
        pass

def not_a_kernel():
    pass
)");
  std::vector<std::string> names;
  for (const Kernel &kernel : model.kernels) names.push_back(kernel.name);
  EXPECT_EQ(python_test::sortedStrings(names), python_test::sortedStrings(python_test::Strings{"bare", "with_options", "heuristic", "method_kernel", "plain"}));
  EXPECT_EQ(python_test::sortedStrings(kernelNamed(model, "with_options").doNotSpecialize), python_test::sortedStrings(python_test::Strings{"n", "x_ptr"}));
  const Kernel &heuristic = kernelNamed(model, "heuristic");
  ASSERT_EQ(heuristic.heuristics.size(), 2u);
  EXPECT_EQ(heuristic.heuristics[0].param, "BLOCK");
  EXPECT_EQ(python_test::strings(heuristic.heuristics[0].readsArgs), (python_test::Strings{"n"}));
  EXPECT_EQ(python_test::strings(heuristic.heuristics[1].readsArgs), (python_test::Strings{"n"}));
  EXPECT_EQ(python_test::strings(heuristic.decorators), (python_test::Strings{"triton.heuristics", "triton.jit"}));
  EXPECT_EQ(python_test::strings(kernelNamed(model, "method_kernel").decorators), (python_test::Strings{"staticmethod", "triton.jit"}));
}

TEST(PythonKernels, DeviceHelpersKnowTheyAreCalledByKernels) {
  FileModel model = modelOf(R"(
import triton
import triton.language as tl

@triton.jit
def offsets(m, n):
    return tl.arange(0, m)[:, None] + tl.arange(0, n)[None, :]

@triton.jit
def kernel(x_ptr, BLOCK: tl.constexpr):
    o = offsets(BLOCK, BLOCK)
    tl.store(x_ptr + o, max(1, 2))
)");
  EXPECT_TRUE(kernelNamed(model, "offsets").calledByKernel);
  EXPECT_FALSE(kernelNamed(model, "kernel").calledByKernel);
  EXPECT_EQ(kernelNamed(model, "kernel").calledFunctions, (python_test::Strings{"offsets"}));
  EXPECT_TRUE(paramNamed(kernelNamed(model, "offsets"), "m").uses.count(ParamUse::TileExtent));
}

TEST(PythonKernels, ElementTypesNamedInTheKernel) {
  FileModel model = modelOf(R"(
import triton
import triton.language as tl

@triton.jit
def kernel(x_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK)).to(tl.float8e4nv)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    y = tl.dot_scaled(x, None, "e5m2", x, None, "e4m3")
)");
  std::vector<std::string> mentions;
  for (const Kernel::DtypeMention &mention : kernelNamed(model, "kernel").dtypeMentions)
    mentions.push_back(mention.dtype + "@" + std::to_string(mention.span.line) + ":" +
                       std::to_string(mention.span.column));
  EXPECT_EQ(mentions, (python_test::Strings{"fp8e4nv@7:49", "fp32@8:36", "fp8e5@9:32", "fp8e4nv@9:49"}));
}

TEST(PythonKernels, GuardsBeforeLaunchesAndConfigReplacement) {
  FileModel model = modelOf(R"(
import triton
import triton.language as tl

@triton.autotune(configs=[triton.Config({'BLOCK': 16})], key=[])
@triton.jit
def kernel(x_ptr, GROUP: tl.constexpr, BLOCK: tl.constexpr):
    pass

def launch(x, group):
    assert group >= 16 and group % 16 == 0, "bad group"
    assert 8 < x.shape[0]
    if x is not None:
        assert group <= 256
        kernel[(1,)](x, group)
    assert group != 3
    kernel.configs = [triton.Config({'BLOCK': 32})]
)");
  ASSERT_EQ(model.launches.size(), 1u);
  std::vector<std::string> guards;
  for (const LaunchGuard &guard : model.launches[0].guards)
    guards.push_back(guard.name + " " + guard.op + " " + std::to_string(guard.value));
  EXPECT_EQ(guards, (python_test::Strings{"group >= 16", "group %==0 16", "x.shape[0] > 8", "group <= 256"}));
  ASSERT_EQ(kernelNamed(model, "kernel").configsReplacedAt.size(), 1u);
  EXPECT_EQ(kernelNamed(model, "kernel").configsReplacedAt[0].line, 17u);
}

TEST(PythonKernels, ImportedModules) {
  FileModel model = modelOf(R"(
import os.path
import triton.language as tl
from jax_triton import triton_call
from . import helpers
def f():
    import numpy as np
)");
  EXPECT_EQ(python_test::sortedStrings(model.importedModules),
            (python_test::Strings{"jax_triton", "numpy", "os", "triton"}));
}

TEST(PythonKernels, DtypeComesFromSettingsCommentCastOrDefault) {
  const char *source = R"(
import triton
import triton.language as tl

# btlint: dtype=bfloat16
@triton.jit
def commented(x_ptr):
    pass

@triton.jit
def casting(x_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK)).to(tl.float32)
    tl.store(x_ptr + tl.arange(0, BLOCK), x.to(tl.float16))

@triton.jit
def plain(x_ptr):
    pass
)";
  PythonRun run;
  run.add("kernels.py", source);
  std::map<std::string, KernelSettings> settings;
  settings["plain"].dtype = "fp8e4nv";
  AnalysisSettings defaults;
  defaults.dtype = "fp32";
  defaults.dtypeSource = "--dtype";
  FileModel model = run.model("kernels.py", "sm90", {}, &settings, defaults);
  EXPECT_EQ(kernelNamed(model, "commented").dtype, "bf16");
  EXPECT_HAS_SUBSTR(kernelNamed(model, "commented").dtypeSource, "comment at line 5");
  EXPECT_EQ(kernelNamed(model, "casting").dtype, "fp16");
  EXPECT_HAS_SUBSTR(kernelNamed(model, "casting").dtypeSource, "cast to fp16 at line 13");
  EXPECT_EQ(kernelNamed(model, "plain").dtype, "fp8e4nv");
  EXPECT_HAS_SUBSTR(kernelNamed(model, "plain").dtypeSource, ".btlint.yaml");

  FileModel unset = run.model("kernels.py", "sm90", {}, nullptr, defaults);
  EXPECT_EQ(kernelNamed(unset, "plain").dtype, "fp32");
  EXPECT_EQ(kernelNamed(unset, "plain").dtypeSource, "--dtype");
}

TEST(PythonKernels, LaunchSitesWithGridKindsAndArguments) {
  FileModel model = modelOf(R"(
import triton
import triton.language as tl

@triton.jit
def add_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)

FIXED = 512

def grid_fn(meta):
    return (triton.cdiv(meta["n_total"], meta["BLOCK"]),)

def launch(x, y):
    n = x.numel()
    BLOCK = triton.next_power_of_2(1000)
    add_kernel[(triton.cdiv(n, BLOCK),)](x, y, n, BLOCK=BLOCK, num_warps=4)
    grid = lambda META: (triton.cdiv(n, META["BLOCK"]),)
    add_kernel[grid](x, y, n)
    add_kernel[grid_fn](x, y, n, BLOCK=FIXED)
    table = {}
    table[n](x)
)");
  ASSERT_EQ(model.launches.size(), 3u);
  const LaunchSite &tuple = model.launches[0];
  EXPECT_EQ(tuple.kernel, "add_kernel");
  EXPECT_EQ(tuple.gridKind, GridKind::Tuple);
  EXPECT_EQ(tuple.enclosingFunction, "launch");
  EXPECT_EQ(python_test::strings(tuple.gridNames), (python_test::Strings{"n", "BLOCK"}));
  ASSERT_EQ(tuple.gridDivisors.size(), 1u);
  EXPECT_EQ(tuple.gridDivisors[0].text, "BLOCK");
  EXPECT_FALSE(tuple.gridDivisors[0].readsMeta);
  EXPECT_EQ(tuple.gridDivisors[0].value.asInt(), 1024);
  ASSERT_EQ(tuple.arguments.size(), 5u);
  EXPECT_EQ(tuple.arguments[3].name, "BLOCK");
  EXPECT_EQ(tuple.arguments[3].value.asInt(), 1024);
  EXPECT_EQ(tuple.arguments[4].name, "num_warps");
  EXPECT_EQ(tuple.arguments[4].value.asInt(), 4);
  EXPECT_EQ(tuple.arguments[2].position, 2u);
  EXPECT_FALSE(tuple.arguments[2].value.isKnown());

  const LaunchSite &lambda = model.launches[1];
  EXPECT_EQ(lambda.gridKind, GridKind::Lambda);
  EXPECT_TRUE(lambda.gridReadsMeta);
  EXPECT_EQ(python_test::strings(lambda.gridMetaKeys), (python_test::Strings{"BLOCK"}));
  EXPECT_EQ(python_test::strings(lambda.gridNames), (python_test::Strings{"n"}));
  ASSERT_EQ(lambda.gridDivisors.size(), 1u);
  EXPECT_TRUE(lambda.gridDivisors[0].readsMeta);

  const LaunchSite &function = model.launches[2];
  EXPECT_EQ(function.gridKind, GridKind::Function);
  EXPECT_EQ(python_test::strings(function.gridMetaKeys), (python_test::Strings{"n_total", "BLOCK"}));
  EXPECT_EQ(function.arguments[3].value.asInt(), 512);

  // The grid reads `n`, passed as the kernel's `n`.
  EXPECT_TRUE(paramNamed(kernelNamed(model, "add_kernel"), "n").uses.count(ParamUse::Grid));
}

// Locals of the launching function bound together by one statement: each
// name gets its own value; an unknown input leaves every name unknown.
TEST(PythonKernels, LaunchArgumentsFromUnpackedHostLocals) {
  FileModel model = modelOf(R"(
import triton
import triton.language as tl

@triton.jit
def copy_kernel(x_ptr, n, BLOCK: tl.constexpr, STEP: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)

def launch(x):
    BLOCK, STEP = 256, 2
    n, m = x.shape
    copy_kernel[(triton.cdiv(n, BLOCK),)](x, n, BLOCK, STEP)
    copy_kernel[(triton.cdiv(m, BLOCK),)](x, m, STEP=STEP, BLOCK=BLOCK)
)");
  ASSERT_EQ(model.launches.size(), 2u);
  for (const LaunchSite &launch : model.launches) {
    ASSERT_EQ(launch.arguments.size(), 4u);
    EXPECT_FALSE(launch.arguments[1].value.isKnown());
    EXPECT_HAS_SUBSTR(launch.arguments[1].value.unknownReason(), ("`x` is an argument of `launch`"));
  }
  EXPECT_EQ(model.launches[0].arguments[2].value.asInt(), 256);
  EXPECT_EQ(model.launches[0].arguments[3].value.asInt(), 2);
  EXPECT_EQ(model.launches[1].arguments[2].value.asInt(), 2);
  EXPECT_EQ(model.launches[1].arguments[3].value.asInt(), 256);
}

TEST(PythonKernels, ElementTypesOfTheTensorsLaunchesPass) {
  // What the launching code shows of each tensor's element type: factories
  // and casts name it, views and slices keep it, a name takes what was last
  // assigned to it, a parameter what every call in the module passes; a cast
  // to another tensor's type, a tensor from elsewhere, or calls that disagree
  // show nothing.
  FileModel model = modelOf(R"(
import torch
import triton
import triton.language as tl

@triton.jit
def k(a, b, c, d, e, f, g, h, i, j, n):
    pass

def launch(x, y, z, w):
    out = torch.empty((4, 4), device=x.device, dtype=torch.bfloat16)
    q = x.view(-1, 4)[:2]
    k[(1,)](x.to(torch.float32), out, torch.zeros_like(out), q, y.half().contiguous().t(), x.to(y.dtype),
            x.to("cuda"), z, w, torch.empty_like(x, dtype=torch.int8), 4)

def run(a, b, c):
    launch(a.float(), b, c.to(torch.float8_e4m3fn), b)
    launch(a.to(device="cuda", dtype=torch.float32), b, c.view(torch.float8_e4m3fn), a)
)");
  ASSERT_EQ(model.launches.size(), 1u);
  const std::vector<LaunchArgument> &arguments = model.launches[0].arguments;
  ASSERT_EQ(arguments.size(), 11u);
  const char *expected[] = {"fp32", "bf16", "bf16", "fp32", "fp16", "", "fp32", "fp8e4nv", "", "int8", ""};
  for (size_t index = 0; index < arguments.size(); ++index)
    EXPECT_EQ(arguments[index].elementType, expected[index]) << arguments[index].text;
}

TEST(PythonKernels, BenchCallsAndHostClockTiming) {
  FileModel model = modelOf(R"(
import time
import torch
import triton
from triton.testing import do_bench
from .kernels import add_kernel

def run(x):
    add_kernel[(1,)](x)

def bad():
    start = time.perf_counter()
    run(None)
    end = time.perf_counter()

def good():
    start = time.time()
    add_kernel[(1,)](None)
    torch.cuda.synchronize()
    end = time.time()

def cpu_only():
    t0 = time.time()
    sum(range(10))
    t1 = time.time()

WARMUP = 10
ms = do_bench(lambda: run(None), WARMUP, rep=50)
ms2 = triton.testing.do_bench(lambda: run(None))
)");
  ASSERT_EQ(model.benchCalls.size(), 3u);
  std::vector<std::string> calls;
  for (const BenchCall &call : model.benchCalls) calls.push_back(call.function + "@" + std::to_string(call.span.line));
  EXPECT_EQ(python_test::sortedStrings(calls), python_test::sortedStrings(python_test::Strings{"time.perf_counter@12", "triton.testing.do_bench@28",
                                          "triton.testing.do_bench@29"}));
  for (const BenchCall &call : model.benchCalls) {
    if (call.function == "time.perf_counter") {
      EXPECT_TRUE(call.hostClockWithoutSync);
      EXPECT_EQ(call.span.endLine, 14u);
    } else if (call.span.line == 28) {
      ASSERT_TRUE(call.warmup && call.rep);
      EXPECT_EQ(call.warmup->asInt(), 10);
      EXPECT_EQ(call.warmup->span().line, 27u);
      EXPECT_EQ(call.rep->asInt(), 50);
    } else {
      EXPECT_FALSE(call.warmup);
      EXPECT_FALSE(call.rep);
    }
  }
}

TEST(PythonKernels, SyntaxErrorsStillYieldTheKernelsThatParsed) {
  FileModel model = modelOf(R"(
import triton
import triton.language as tl

@triton.jit
def good(x_ptr, BLOCK: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), 1)

def broken(:
    return )

@triton.autotune(configs=[triton.Config({'BLOCK': 64})], key=[])
@triton.jit
def also_good(x_ptr, BLOCK: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), 1)
)");
  ASSERT_FALSE(model.parseProblems.empty());
  EXPECT_EQ(model.parseProblems[0].span.line, 9u);
  EXPECT_HAS_SUBSTR(model.parseProblems[0].message, ("syntax error"));
  std::vector<std::string> names;
  for (const Kernel &kernel : model.kernels) names.push_back(kernel.name);
  EXPECT_EQ(python_test::strings(names), (python_test::Strings{"good", "also_good"}));
  ASSERT_TRUE(kernelNamed(model, "also_good").autotune);
  EXPECT_EQ(kernelNamed(model, "also_good").autotune->configs.configs.size(), 1u);
}

TEST(PythonKernels, GarbageInputDoesNotCrash) {
  const char *inputs[] = {
      "",
      "@triton.jit\n",
      "@triton.jit\ndef",
      "@triton.autotune(configs=\ndef k(:\n",
      "((((((((((((((((((((((((((((((",
      "x = [" ,
      "\xff\xfe\x00garbage\x01",
      "@triton.jit\ndef k(x):\n    tl.dot(tl.dot(tl.dot(a, b), c)\n",
  };
  for (const char *input : inputs) {
    FileModel model = modelOf(input);
    (void)model;
  }
  // Deeply nested expressions stay within the recursion guards.
  std::string deep = "import triton\nimport triton.language as tl\nX = " + std::string(3000, '~') + "1" +
                     "\nY = " + std::string(3000, '(') + "2" + std::string(3000, ')') +
                     "\n@triton.autotune(configs=[triton.Config({'B': X, 'C': Y})], key=[])\n"
                     "@triton.jit\ndef k(B: tl.constexpr):\n    y = " + std::string(2000, '-') + "B\n";
  FileModel model = modelOf(deep);
  ASSERT_EQ(model.kernels.size(), 1u);
  ASSERT_TRUE(model.kernels[0].autotune);
  const ConfigList &configs = model.kernels[0].autotune->configs;
  ASSERT_EQ(configs.configs.size(), 1u);
  // Nested operators stop at the nesting guard; parentheses alone do not nest evaluation.
  const ScalarValue &nested = configs.configs[0].params.at("B");
  ASSERT_FALSE(nested.isKnown());
  EXPECT_HAS_SUBSTR(nested.unknownReason(), "nested too deeply");
  EXPECT_EQ(configs.configs[0].params.at("C").asInt(), 2);
}

} // namespace
} // namespace btlint
