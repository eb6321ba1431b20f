#pragma once
// From the language-neutral kernel model (btlint::Kernel, one btlint::Config)
// to the resource estimators: resolves tile extents against the config,
// decides where each dot operand comes from, and runs the shared-memory and
// register estimates for one arch, with a breakdown and the assumptions made.
#include "arch/ArchTable.h"
#include "model/KernelModel.h"
#include "resources/KernelDescription.h"
#include "resources/RegisterEstimator.h"
#include "resources/SharedMemoryEstimator.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace btlint::resources {

struct DescribedKernel {
  KernelDescription description;
  // The model cannot tell which axis of B is contiguous: the estimate covers
  // both layouts (K-major and N-major) where they differ.
  bool bLayoutUnknown = false;
  // Upper bound of scratch the model cannot place (scans, layout changes,
  // atomics, reductions of unknown shape, helpers it cannot read): from the
  // largest loaded tile. 0 when every scratch operation is modelled.
  int64_t unmodelledScratchBound = 0;
  // Some reduction's combine width is not known: the estimate's upper end
  // takes it at its widest (ReductionDescription::combineBytesUpTo).
  bool reductionsUncertain = false;
  std::vector<Note> assumptions; // with the place one names ("the cast to fp16 at line 12")
};

// nullopt when a tile extent the estimate needs does not resolve for the
// config (the reason is in `whyNot`).
std::optional<DescribedKernel> describeKernel(const Kernel &kernel, const Config &config, std::string_view dtype,
                                              std::string_view dtypeSource, std::string *whyNot = nullptr,
                                              Detail detail = Detail::Explained);

struct KernelResourceEstimate {
  SharedMemoryEstimate shared;  // a range where the model is unsure
  RegisterEstimate registers;
  bool fits = true;             // shared.bytes() <= arch.maxSharedPerBlockOptIn
  // Filled only for Detail::Explained:
  std::vector<std::string> breakdown;
  std::vector<Note> assumptions;
};

std::optional<KernelResourceEstimate> estimateKernelResources(const Kernel &kernel, const Config &config,
                                                              const ArchInfo &arch, std::string_view dtype,
                                                              std::string_view dtypeSource,
                                                              std::string *whyNot = nullptr,
                                                              Detail detail = Detail::Explained);

// estimateKernelResources with Detail::Numbers, written into `out` (emplaced;
// remembered per thread by what the estimate depends on). False, with `out`
// empty, when a size does not resolve.
bool estimateKernelNumbers(const Kernel &kernel, const Config &config, const ArchInfo &arch, std::string_view dtype,
                           std::string_view dtypeSource, std::optional<KernelResourceEstimate> &out,
                           std::string *whyNot = nullptr);

} // namespace btlint::resources
