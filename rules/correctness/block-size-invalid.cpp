#include "rules/Rule.h"

#include <string>

namespace btlint {
namespace {

// CUDA's launch limits, the same on every NVIDIA arch btlint knows
// (/work/shared/FACTS.md, CUDA; CUDA C Programming Guide, compute
// capabilities table): threads per block, per-dimension block extents, warp.
constexpr int64_t kMaxThreadsPerBlock = 1024;
constexpr int64_t kMaxBlockExtent[3] = {1024, 1024, 64};
constexpr int64_t kWarpSize = 32;
constexpr const char *kAxisNames[3] = {"x", "y", "z"};

// What a launch over these limits returns. On an H200 with CUDA 13 (driver
// 580.159.04, nvcc 13.0.88) a block of 2048 threads and a block over
// __launch_bounds__ both failed with cudaErrorInvalidValue ("invalid
// argument") (docs/bench/cuda/), and so did, checked on the same
// machine, blocks of 1025 threads, of 0 threads and of 65 threads along z.
// The CUDA runtime API's cudaError reference describes
// cudaErrorInvalidConfiguration for a launch requesting too many threads, and
// cudaErrorLaunchOutOfResources ("too many resources requested for launch")
// for more threads than the kernel's register count allows; other CUDA
// versions and drivers may return those.
constexpr const char *kMeasuredError = "cudaErrorInvalidValue (invalid argument) on an H200 with CUDA 13";

class BlockSizeInvalid : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "block-size-invalid";
    info.category = RuleCategory::Correctness;
    info.defaultSeverity = Severity::Error;
    info.upstreamOnly = true;
    info.measure = Measure::LaunchFails;
    info.summary = "a CUDA launch whose block the GPU rejects or runs with partial warps";
    info.doc.whatItDoes =
        "Checks the block of every CUDA launch whose size is a compile-time constant (literals, "
        "`dim3` built from template parameters and constants, locals that are never changed): more "
        "than 1024 threads, an extent above 1024 (x, y) or 64 (z), an empty block, more threads than "
        "the kernel's `__launch_bounds__` allows, and, unless `require-warp-multiple` is off, a "
        "thread count that is not a multiple of the warp size (32), at warning severity at most (the "
        "launch runs; only the idle lanes are lost). A block of one thread is taken as deliberate, and so is "
        "one block of fewer threads than a warp in a grid of one block (`probe<<<1, 16>>>`: a latency "
        "probe or a serial step, where no other block could use the idle lanes). A launch that its function returns before for this instantiation (`if "
        "(block >= 1024) return 1;` ahead of it, the condition true for the template arguments) is "
        "never reached and not checked.";
    info.doc.whyItMatters =
        "A block over the hardware limits, or over `__launch_bounds__` (the compiler budgeted "
        "registers for that many threads), fails at launch: on an H200 with CUDA 13 every such "
        "launch returns `cudaErrorInvalidValue` (\"invalid argument\"); other CUDA versions and "
        "drivers may return `cudaErrorInvalidConfiguration` (which CUDA's error reference gives for "
        "too many threads per block) or `cudaErrorLaunchOutOfResources` (\"too many resources "
        "requested for launch\", for more threads than the kernel's registers allow). The kernel "
        "silently does not run unless the launcher checks `cudaGetLastError()`. A block that is not a whole number of warps still occupies "
        "whole warps: the idle lanes waste issue slots and registers, and code written for full "
        "warps (`__shfl_xor_sync(0xffffffff, ...)`, warp-level reductions) reads lanes that do not "
        "exist.";
    info.doc.exampleLanguage = "cuda";
    info.doc.example = "template <int BM, int BN, int TM, int TN>\n"
                       "__global__ void __launch_bounds__((BM * BN) / (TM * TN)) gemm(float *C);\n"
                       "dim3 block(BM * BN / TM);  // TN forgotten: 1024 threads for 128 allowed\n"
                       "gemm<128, 128, 8, 8><<<grid, block>>>(C);\n";
    info.doc.useInstead = "dim3 block((BM * BN) / (TM * TN));\n"
                          "gemm<128, 128, 8, 8><<<grid, block>>>(C);\n";
    info.options = {
        {"require-warp-multiple", "bool", "true",
         "report blocks whose thread count is not a multiple of the warp size (32)"},
    };
    return info;
  }

  void check(RuleContext &context) const override {
    const bool requireWarpMultiple = context.options().getBool("require-warp-multiple");
    for (const LaunchSite &launch : context.file().launches) {
      if (!launch.blockThreads || !launch.blockThreads->isInt()) continue;
      const int64_t threads = launch.blockThreads->asInt();
      const SourceSpan span = launch.blockThreads->span().valid() ? launch.blockThreads->span() : launch.span;
      const std::string block = "the block of `" + launch.kernel + "` has " + std::to_string(threads) + " thread" +
                                (threads == 1 ? "" : "s");
      const std::string shape = shapeText(launch);
      const Kernel *kernel = context.calledKernel(launch);
      auto report = [&](std::string message) {
        DiagnosticBuilder diagnostic = context.report(span, std::move(message));
        if (kernel) diagnostic.about(*kernel);
        return diagnostic;
      };

      if (threads <= 0) {
        report("the block of `" + launch.kernel + "` is empty" + shape +
                                 "; the launch fails with " + kMeasuredError);
        continue;
      }
      if (threads > kMaxThreadsPerBlock) {
        auto diagnostic = report(block + shape + "; CUDA allows at most " +
                                                   std::to_string(kMaxThreadsPerBlock) + " per block");
        diagnostic.note(std::string("the launch fails and the kernel does not run: ") + kMeasuredError);
        diagnostic.note("other CUDA versions and drivers may report cudaErrorInvalidConfiguration, which CUDA's "
                        "error reference gives for too many threads per block");
        continue;
      }
      if (launch.blockDims.size() == 3) {
        bool reported = false;
        for (int axis = 0; axis < 3 && !reported; ++axis) {
          if (!launch.blockDims[axis].isInt() || launch.blockDims[axis].asInt() <= kMaxBlockExtent[axis]) continue;
          report("the block of `" + launch.kernel + "` is " +
                                   std::to_string(launch.blockDims[axis].asInt()) + " threads along " +
                                   kAxisNames[axis] + shape + "; CUDA allows at most " +
                                   std::to_string(kMaxBlockExtent[axis]));
          reported = true;
        }
        if (reported) continue;
      }
      if (kernel && kernel->launchBoundsThreads && kernel->launchBoundsThreads->isInt() &&
          threads > kernel->launchBoundsThreads->asInt()) {
        const int64_t bound = kernel->launchBoundsThreads->asInt();
        auto diagnostic = report(block + shape + " but its __launch_bounds__ allows " +
                                                   std::to_string(bound));
        if (kernel->launchBoundsThreads->span().valid())
          diagnostic.note("__launch_bounds__ at line " + std::to_string(kernel->launchBoundsThreads->span().line),
                          kernel->launchBoundsThreads->span());
        diagnostic.note("the compiler sized the kernel's registers for " + std::to_string(bound) +
                        " threads; the launch fails and the kernel does not run: " + kMeasuredError);
        diagnostic.note("other CUDA versions and drivers may report cudaErrorLaunchOutOfResources (too many "
                        "resources requested for launch), which CUDA's error reference gives for more threads "
                        "than the kernel's registers allow");
        continue;
      }
      if (requireWarpMultiple && threads > 1 && threads % kWarpSize != 0 && !singleBlockBelowAWarp(launch, threads)) {
        const int64_t warps = (threads + kWarpSize - 1) / kWarpSize;
        auto diagnostic = report(block + shape + ", not a multiple of the warp size (" +
                                                   std::to_string(kWarpSize) + ")");
        diagnostic.measure(Measure::LaunchIdleLanes); // it launches: the lanes are wasted, nothing fails
        diagnostic.atMost(Severity::Warning);          // a deliberate block size runs correctly
        diagnostic.note("it runs as " + std::to_string(warps) + " warp" + (warps == 1 ? "" : "s") + " with " +
                        std::to_string(warps * kWarpSize - threads) + " idle lane" +
                        (warps * kWarpSize - threads == 1 ? "" : "s"));
      }
    }
  }

private:
  // One block of less than a warp: the size is the point (a probe, a serial
  // step), and no other block is there to use the lanes it leaves idle.
  static bool singleBlockBelowAWarp(const LaunchSite &launch, int64_t threads) {
    if (threads >= kWarpSize || launch.gridDims.size() != 3) return false;
    for (const ScalarValue &extent : launch.gridDims)
      if (!extent.isInt() || extent.asInt() != 1) return false;
    return true;
  }

  // " (32 x 33)" for a multi-dimensional block; nothing for a 1-D one.
  static std::string shapeText(const LaunchSite &launch) {
    if (launch.blockDims.size() != 3) return {};
    for (const ScalarValue &extent : launch.blockDims)
      if (!extent.isInt()) return {};
    if (launch.blockDims[1].asInt() == 1 && launch.blockDims[2].asInt() == 1) return {};
    std::string text = " (" + std::to_string(launch.blockDims[0].asInt()) + " x " +
                       std::to_string(launch.blockDims[1].asInt());
    if (launch.blockDims[2].asInt() != 1) text += " x " + std::to_string(launch.blockDims[2].asInt());
    return text + ")";
  }
};

BTLINT_REGISTER_RULE(BlockSizeInvalid);

} // namespace
} // namespace btlint
