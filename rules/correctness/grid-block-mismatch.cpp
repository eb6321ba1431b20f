#include "rules/Rule.h"

#include <optional>
#include <string>

namespace btlint {
namespace {

const char *const kAxes[] = {"x", "y", "z"};

// A CUDA grid that gives each block more elements than the block covers:
// `(n + 255) / 256` blocks of 128 threads, each thread one element.
class GridBlockMismatch : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "grid-block-mismatch";
    info.category = RuleCategory::Correctness;
    info.defaultSeverity = Severity::Warning;
    info.summary = "a CUDA grid sized for more elements per block than the kernel's blocks cover";
    info.doc.whatItDoes =
        "Compares, along each grid axis, the elements a launch's grid gives one block (the constant it "
        "divides a size by: `(n + 255) / 256`, `ceil_div(n, 256)`, `n / 256`) with the elements one block "
        "of the kernel covers: its index steps by `blockIdx.x * blockDim.x` (the launch's block extent "
        "along that axis, times any constant factor written: `blockIdx.x * blockDim.x * 4`) or by "
        "`blockIdx.x * 256`. Fires when the grid's share is larger. Silent when the kernel, or device "
        "code it calls, reads `gridDim` (a grid-stride loop), has a loop (a thread may cover several "
        "elements), casts a pointer (a thread may move a vector, `float4`), or reads `blockIdx` in any "
        "other way along that axis; when the block's extent is not a constant; and when the grid's "
        "share is smaller (blocks past the end are guarded work, not lost work).";
    info.doc.whyItMatters =
        "The grid and the block are often written from two constants that drift apart: a block size "
        "halved for occupancy while the grid still divides by the old one. Every block then covers the "
        "first part of its share and the rest of the elements get no thread: results are left unwritten "
        "and nothing reports it.";
    info.doc.exampleLanguage = "cuda";
    info.doc.example = "__global__ void scale(float *x, float a, int n) {\n"
                       "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                       "  if (i < n) x[i] *= a;\n"
                       "}\n"
                       "scale<<<(n + 255) / 256, 128>>>(x, a, n);  // half of the elements never scaled\n";
    info.doc.useInstead = "constexpr int kThreads = 128;\n"
                          "scale<<<(n + kThreads - 1) / kThreads, kThreads>>>(x, a, n);\n";
    return info;
  }

  void check(RuleContext &context) const override {
    for (const LaunchSite &launch : context.file().launches) {
      const Kernel *kernel = context.calledKernel(launch);
      if (!kernel || kernel->language != Language::Cuda || kernel->readsGridSize || kernel->threadLoops ||
          kernel->movesVectors || launch.blockDims.size() != 3)
        continue;
      for (const GridDivisor &divisor : launch.gridDivisors) {
        if (!divisor.value.isInt() || divisor.dividend.empty() || divisor.axis < 0 || divisor.axis > 2) continue;
        const ScalarValue &blockExtent = launch.blockDims[static_cast<size_t>(divisor.axis)];
        if (!blockExtent.isInt() || blockExtent.asInt() <= 0) continue;
        const std::optional<Coverage> covered = coverage(*kernel, divisor.axis, blockExtent.asInt());
        const int64_t share = divisor.value.asInt();
        if (!covered || share <= covered->elements) continue;
        const std::string axis = kAxes[divisor.axis];
        context
            .report(divisor.span, "the grid of `" + kernel->name + "` gives each block " + std::to_string(share) +
                                      " elements of `" + divisor.dividend + "` along " + axis +
                                      ", but a block covers " + std::to_string(covered->elements) + ": " +
                                      std::to_string(share - covered->elements) + " of every " +
                                      std::to_string(share) + " get no thread")
            .about(*kernel)
            .note("`" + kernel->name + "` steps its index by `" + covered->written + "` (" +
                  std::to_string(blockExtent.asInt()) + " threads along " + axis +
                  " at this launch) and has no loop and no `gridDim`: a block covers " +
                  std::to_string(covered->elements) + " elements")
            .note("divide by the elements a block covers, " + std::to_string(covered->elements) +
                  ", or launch blocks of " + std::to_string(share) + " threads");
      }
    }
  }

private:
  struct Coverage {
    int64_t elements = 0;
    std::string written;
  };

  // The elements one block covers along `axis`, when every stride the
  // kernel writes there agrees.
  static std::optional<Coverage> coverage(const Kernel &kernel, int axis, int64_t blockExtent) {
    std::optional<Coverage> found;
    for (const BlockStride &stride : kernel.blockStrides) {
      if (stride.axis != axis) continue;
      if (!stride.known) return std::nullopt;
      // A constant stride larger than the block leaves gaps inside each
      // share whatever the grid: not this rule's question.
      if (!stride.timesBlockDim && stride.factor > blockExtent) return std::nullopt;
      const int64_t elements = stride.timesBlockDim ? stride.factor * blockExtent : stride.factor;
      if (found && found->elements != elements) return std::nullopt;
      std::string written = std::string("blockIdx.") + kAxes[axis];
      if (stride.timesBlockDim) written += std::string(" * blockDim.") + kAxes[axis];
      if (!stride.timesBlockDim || stride.factor != 1) written += " * " + std::to_string(stride.factor);
      found = Coverage{elements, written};
    }
    return found;
  }
};

BTLINT_REGISTER_RULE(GridBlockMismatch);

} // namespace
} // namespace btlint
