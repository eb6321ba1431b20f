#include "resources/ConfigVerdict.h"
#include "rules/Rule.h"

#include <string>

namespace btlint {
namespace {

// CUDA's grid and cluster limits. Grid extents: 2^31 - 1 blocks along x,
// 65535 along y and z (cudaDeviceProp::maxGridSize on the H200). Clusters:
// at most 8 blocks (the portable size), 16 once the kernel has
// cudaFuncAttributeNonPortableClusterSizeAllowed; each grid extent a multiple
// of the cluster's. Measured on an H200 with CUDA 13 (driver 580.159.04,
// docs/measurements/launch-limits/results.txt): grids over the extents or
// empty fail with cudaErrorInvalidValue, clusters over the size or not
// dividing the grid with cudaErrorInvalidClusterSize.
constexpr int64_t kMaxGridExtent[3] = {2147483647, 65535, 65535};
constexpr int64_t kPortableClusterSize = 8;
constexpr int64_t kNonPortableClusterSize = 16;
constexpr const char *kAxisNames[3] = {"x", "y", "z"};
constexpr const char *kMeasuredOn = " on an H200 with CUDA 13";

class GridSizeInvalid : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "grid-size-invalid";
    info.category = RuleCategory::Correctness;
    info.defaultSeverity = Severity::Error;
    info.archSpecific = true;
    info.measure = Measure::LaunchFails;
    info.summary = "a CUDA launch whose grid or thread-block cluster the GPU rejects";
    info.doc.whatItDoes =
        "Checks the grid of every CUDA launch whose extents are compile-time constants (literals, `dim3` "
        "of constants and template parameters, locals never changed, `cudaLaunchKernelEx`'s "
        "`gridDim`): an empty grid, more than 2147483647 blocks along x or 65535 along y or z. Checks "
        "the cluster of a kernel with `__cluster_dims__` or of a `cudaLaunchKernelEx` launch that sets "
        "`cudaLaunchAttributeClusterDimension` (`.val.clusterDim.x/y/z`, each assigned once, to "
        "constants): clusters on an arch without them (before sm90), more than 8 blocks unless the "
        "kernel is given `cudaFuncAttributeNonPortableClusterSizeAllowed` in the same file, more than "
        "16 in any case, and a grid extent that is not a multiple of the cluster's. A "
        "`cudaLaunchCooperativeKernel` grid must be resident at once: it is checked against the blocks "
        "per SM the occupancy calculator allows for the launch's block and shared memory (without "
        "registers, so an upper bound) times the SMs of the arch's reference GPU. Grids and clusters "
        "known only at run time are not judged.";
    info.doc.whyItMatters =
        "Such a launch fails and the kernel does not run; unless the launcher checks "
        "`cudaGetLastError()`, the output is whatever the buffer held. Measured on an H200 with "
        "CUDA 13: `dim3(1, 65536, 1)`, `dim3(2147483648, 1, 1)` and an empty grid return "
        "`cudaErrorInvalidValue`; a cluster of 2 over a grid of 3, and a cluster of 16 without the "
        "non-portable attribute, return `cudaErrorInvalidClusterSize`. Grids sized by a problem "
        "dimension along y or z (`dim3 grid(1, batch * heads)`) pass tests with small shapes and "
        "fail in production. A cooperative grid of 529 blocks of 48 KiB and 256 threads returns "
        "`cudaErrorCooperativeLaunchTooLarge` on the H200, where 528 (4 per SM) run.";
    info.doc.exampleLanguage = "cuda";
    info.doc.example = "__global__ void __cluster_dims__(2, 1, 1) reduce(const float *x, float *y);\n"
                       "reduce<<<dim3(3), 256>>>(x, y);  // 3 blocks do not split into clusters of 2\n";
    info.doc.useInstead = "reduce<<<dim3(4), 256>>>(x, y);\n";
    return info;
  }

  void check(RuleContext &context) const override {
    const ArchInfo *arch = context.arch();
    if (!arch || arch->vendor != Vendor::Nvidia) return;
    for (const LaunchSite &launch : context.file().launches) {
      const Kernel *kernel = context.calledKernel(launch);
      if (kernel && kernel->language != Language::Cuda) continue;
      if (!kernel && launch.launchApi.empty()) continue; // not a CUDA launch
      auto report = [&](SourceSpan span, std::string message) {
        DiagnosticBuilder diagnostic = context.report(span.valid() ? span : launch.span, std::move(message));
        if (kernel) diagnostic.about(*kernel);
        return diagnostic;
      };
      const std::vector<int64_t> grid = knownExtents(launch.gridDims);
      const SourceSpan gridSpan = launch.gridSpan.valid() ? launch.gridSpan : launch.span;
      if (checkGrid(launch, grid, gridSpan, report)) continue;
      if (kernel && checkCooperative(*arch, *kernel, launch, grid, gridSpan, report)) continue;

      // The launch's cluster attribute wins over the kernel's __cluster_dims__.
      const bool fromLaunch = !launch.clusterDims.empty();
      const std::vector<ScalarValue> &clusterValues =
          fromLaunch ? launch.clusterDims : (kernel ? kernel->clusterDims : launch.clusterDims);
      const std::vector<int64_t> cluster = knownExtents(clusterValues);
      if (cluster.empty()) continue;
      const SourceSpan clusterSpan = fromLaunch ? clusterValues.front().span() : gridSpan;
      const std::string source = fromLaunch ? "its cudaLaunchAttributeClusterDimension"
                                            : "`__cluster_dims__` at line " +
                                                  std::to_string(clusterValues.front().span().line);
      const int64_t size = cluster[0] * cluster[1] * cluster[2];
      const std::string shape = dimsText(cluster);
      if (!arch->supportsClusters) {
        report(clusterSpan, "`" + launch.kernel + "` is launched in clusters of " + shape + " (" + source +
                                "), which " + arch->name + " does not have: thread-block clusters need sm90 or newer");
        continue;
      }
      const bool nonPortable = kernel && kernel->nonPortableClusterSizeAllowed;
      if (size > kNonPortableClusterSize || (size > kPortableClusterSize && !nonPortable)) {
        auto diagnostic =
            report(clusterSpan, "the cluster of `" + launch.kernel + "` has " + std::to_string(size) + " blocks (" +
                                    shape + ", " + source + "); CUDA allows at most " +
                                    std::to_string(nonPortable ? kNonPortableClusterSize : kPortableClusterSize));
        diagnostic.note(std::string("the launch fails with cudaErrorInvalidClusterSize") + kMeasuredOn);
        if (size <= kNonPortableClusterSize)
          diagnostic.note("up to 16 blocks run after cudaFuncSetAttribute(kernel, "
                          "cudaFuncAttributeNonPortableClusterSizeAllowed, 1)");
        continue;
      }
      if (grid.empty()) continue;
      for (int axis = 0; axis < 3; ++axis) {
        if (grid[axis] % cluster[axis] == 0) continue;
        auto diagnostic = report(gridSpan, "the grid of `" + launch.kernel + "` (" + dimsText(grid) +
                                               ") is not a whole number of clusters of " + shape + " (" + source +
                                               "): " + std::to_string(grid[axis]) + " blocks along " +
                                               kAxisNames[axis] + " do not divide by " +
                                               std::to_string(cluster[axis]));
        diagnostic.note(std::string("the launch fails with cudaErrorInvalidClusterSize") + kMeasuredOn);
        break;
      }
    }
  }

private:
  template <typename Report>
  static bool checkGrid(const LaunchSite &launch, const std::vector<int64_t> &grid, SourceSpan span,
                        Report &report) {
    if (grid.empty()) return false;
    for (int axis = 0; axis < 3; ++axis) {
      if (grid[axis] <= 0) {
        report(span, "the grid of `" + launch.kernel + "` is empty (" + dimsText(grid) +
                         "); the launch fails with cudaErrorInvalidValue" + kMeasuredOn);
        return true;
      }
    }
    for (int axis = 0; axis < 3; ++axis) {
      if (grid[axis] <= kMaxGridExtent[axis]) continue;
      auto diagnostic = report(span, "the grid of `" + launch.kernel + "` has " + std::to_string(grid[axis]) +
                                         " blocks along " + kAxisNames[axis] + "; CUDA allows at most " +
                                         std::to_string(kMaxGridExtent[axis]));
      diagnostic.note(std::string("the launch fails with cudaErrorInvalidValue") + kMeasuredOn);
      if (axis > 0) diagnostic.note("put the large dimension on x, which takes up to 2147483647 blocks");
      return true;
    }
    return false;
  }

  // cudaLaunchCooperativeKernel needs every block resident at once: at most
  // the blocks per SM the occupancy calculator allows times the SMs. Counted
  // without registers (ptxas's choice), the blocks per SM are an upper bound,
  // so a grid over it certainly fails.
  template <typename Report>
  static bool checkCooperative(const ArchInfo &arch, const Kernel &kernel, const LaunchSite &launch,
                               const std::vector<int64_t> &grid, SourceSpan span, Report &report) {
    if (launch.launchApi != "cudaLaunchCooperativeKernel" || grid.empty() || arch.smCount <= 0) return false;
    const std::optional<resources::CudaOccupancyBound> bound = resources::cudaOccupancyBound(kernel, launch, arch);
    if (!bound) return false;
    const resources::Occupancy &occupancy = bound->occupancy;
    const int64_t blocks = grid[0] * grid[1] * grid[2];
    const int64_t resident = occupancy.blocks * arch.smCount;
    if (blocks <= resident) return false;
    auto diagnostic = report(span, "the cooperative launch of `" + launch.kernel + "` asks for " +
                                       std::to_string(blocks) + " blocks resident at once; on " + arch.name + " (" +
                                       arch.productName + ", " + std::to_string(arch.smCount) + " SMs) at most " +
                                       std::to_string(occupancy.blocks) + " per SM fit, " +
                                       std::to_string(resident) + " in all, limited by " + occupancy.limitedBy);
    diagnostic.note("per block: " + std::to_string(*bound->shared.totalBytes) + " bytes of shared memory, " +
                    std::to_string(bound->threads) + " threads; registers are not counted (ptxas's choice): they can "
                    "only lower the limit, as can a GPU of the arch with fewer SMs");
    diagnostic.note("cudaLaunchCooperativeKernel returns cudaErrorCooperativeLaunchTooLarge; size the grid with "
                    "cudaOccupancyMaxActiveBlocksPerMultiprocessor times the SM count");
    return true;
  }

  // The three extents when all are known integers, else empty.
  static std::vector<int64_t> knownExtents(const std::vector<ScalarValue> &values) {
    if (values.size() != 3) return {};
    std::vector<int64_t> extents;
    for (const ScalarValue &value : values) {
      if (!value.isInt()) return {};
      extents.push_back(value.asInt());
    }
    return extents;
  }

  static std::string dimsText(const std::vector<int64_t> &extents) {
    return std::to_string(extents[0]) + " x " + std::to_string(extents[1]) + " x " + std::to_string(extents[2]);
  }
};

BTLINT_REGISTER_RULE(GridSizeInvalid);

} // namespace
} // namespace btlint
