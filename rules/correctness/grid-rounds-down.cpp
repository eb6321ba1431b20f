#include "rules/Rule.h"
#include "source/LineKeys.h"

#include <algorithm>
#include <string>

namespace btlint {
namespace {

// The kernel is given the rounded-down count itself (`height / 8` as the
// grid's y and as its row count): the grid covers what the kernel is told
// there is, the count of whole groups the data holds.
bool passedAsSize(const LaunchSite &launch, const GridDivisor &divisor) {
  const std::string grid = withoutBlanks(divisor.expression);
  if (grid.empty()) return false;
  return std::any_of(launch.arguments.begin(), launch.arguments.end(),
                     [&](const LaunchArgument &argument) { return withoutBlanks(argument.text) == grid; });
}

// A CUDA grid sized by a run-time count divided with `/`: integer division
// rounds down, so the remainder of the count is given to no block.
class GridRoundsDown : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "grid-rounds-down";
    info.category = RuleCategory::Correctness;
    info.defaultSeverity = Severity::Warning;
    info.summary = "a CUDA grid that rounds a run-time size down to whole blocks, leaving the rest to no block";
    info.doc.whatItDoes =
        "Checks every CUDA launch whose grid extents (x, y or z) are a run-time size divided by a constant "
        "with `/`: `n / 256`, `dim3(n / kBlock)`, or a local `dim3 grid(n / 32, k / 32)` that is never "
        "changed; `n / 64 / 2` divides by the product, 128. Silent "
        "when the launch passes the same division to the kernel as its count (`height / 8` as the grid's "
        "y and as the packed row count: the grid covers what the kernel is told there is), "
        "when the launched kernel reads `gridDim` (a grid-stride loop covers any size with any grid), "
        "when the launching function also computes `n % 256` or `n & 255` (it checks that the size is a "
        "multiple, or launches the remainder itself), compares `n` with a multiple of 256 (`if (n == 2048 "
        "&& ...)`, a path for one size), or sets `n` to a product with a multiple of 256 (`n = (m + 255) / "
        "256 * 256`), also for a factor of a product (`m % 256` checks `m * n / 256`) and, when `n` is a "
        "parameter of the launching function, in every function of the file that calls it (an entry point "
        "that asserts `m % 256 == 0` before calling the launcher), for the rounding-up forms (`(n + 255) / 256`, a helper such as "
        "`ceil_div(n, 256)`) and for sizes known at compile time. Triton grids are not checked by this "
        "rule.";
    info.doc.whyItMatters =
        "When `n` is not a multiple of the divisor, the last `n % 256` elements belong to no block: "
        "their results are never written and nothing reports it. A size smaller than the divisor "
        "launches an empty grid, which CUDA refuses (`cudaErrorInvalidValue`, measured on an H200 "
        "with CUDA 13, docs/measurements/launch-limits). Tests written with power-of-two sizes pass.";
    info.doc.exampleLanguage = "cuda";
    info.doc.example = "__global__ void scale(float *x, float a, int n) {\n"
                       "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                       "  x[i] *= a;\n"
                       "}\n"
                       "scale<<<n / 256, 256>>>(x, a, n);  // n = 1000: 232 elements never scaled\n";
    info.doc.useInstead = "__global__ void scale(float *x, float a, int n) {\n"
                          "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                          "  if (i < n) x[i] *= a;\n"
                          "}\n"
                          "scale<<<(n + 255) / 256, 256>>>(x, a, n);\n";
    return info;
  }

  void check(RuleContext &context) const override {
    for (const LaunchSite &launch : context.file().launches) {
      const Kernel *kernel = context.calledKernel(launch);
      if (!kernel || kernel->language != Language::Cuda || kernel->readsGridSize) continue;
      for (const GridDivisor &divisor : launch.gridDivisors) {
        if (divisor.roundsUp || divisor.remainderHandled || !divisor.value.isInt() || divisor.dividend.empty() ||
            passedAsSize(launch, divisor))
          continue;
        const std::string by = std::to_string(divisor.value.asInt());
        static constexpr const char *kAxes[] = {"x", "y", "z"};
        const std::string along = divisor.axis > 0 ? std::string(" along ") + kAxes[divisor.axis % 3] : "";
        context
            .report(divisor.span, "the grid of `" + kernel->name + "`" + along + " rounds `" + divisor.dividend +
                                      "` down to whole multiples of " + by + ": when `" + divisor.dividend +
                                      "` is not a multiple of " + by + ", its last `" + divisor.dividend + " % " +
                                      by + "` elements get no block")
            .about(*kernel)
            .note("`" + kernel->name + "` does not read `gridDim`, so no block strides over the remainder; " +
                  "below " + by + " the grid is empty and the launch fails")
            .note("round up, `(" + divisor.dividend + " + " + by + " - 1) / " + by +
                  "`, and guard the index in the kernel; or check `" + divisor.dividend + " % " + by +
                  " == 0` before the launch");
      }
    }
  }
};

BTLINT_REGISTER_RULE(GridRoundsDown);

} // namespace
} // namespace btlint
