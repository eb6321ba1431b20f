#pragma once
// The checks of one config that need no resource estimate, as data: each
// problem with the rule that reports it. The rules report them with where
// each value came from and merge them across configs; `btlint report` lists
// them per config and arch. (The shared-memory, register and occupancy
// verdicts are ConfigVerdict.h's.)
#include "arch/ArchTable.h"
#include "model/KernelModel.h"
#include "resources/ConfigVerdict.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace btlint::resources {

constexpr bool isPowerOfTwo(int64_t value) { return value > 0 && (value & (value - 1)) == 0; }

// duplicate-config: two configs run the same when their parameters are
// equal and, for Triton kernels (`tritonOptions`), their launch options after
// triton.Config's defaults (a config that leaves num_warps out equals one
// that spells out 4). A config with an unknown value equals none.
bool allKnown(const Config &config, bool tritonOptions);
bool runTheSame(const Config &a, const Config &b, bool tritonOptions);
// Equal for configs that run the same.
size_t identityHash(const Config &config, bool tritonOptions);
// What a config runs with, as text ("BLOCK=64, num_warps=4, ..."); nothing
// when a value is unknown.
std::optional<std::string> configIdentity(const Config &config, bool tritonOptions);

// What a tl.dot requires of its K (DotLimits.h), with the input type it is
// judged for.
struct DotRequirement {
  const TileDim *k = nullptr; // A's last dimension, else B's second to last
  std::string dtype;          // of the inputs
  std::string assumption;     // how the type was chosen; empty when the code shows it
  SourceSpan assumptionPlace; // the place `assumption` names, if it names one
  int64_t minimumK = 0;
};
// The input type is the one seen at the dot (a cast, a typed load), else the
// kernel's element type, else the settings' (--dtype). Nothing for a
// tl.dot_scaled (it has its own shape rules), a dot whose K is not known, or
// an input type of unknown width.
std::optional<DotRequirement> dotRequirement(const DotSite &dot, const Kernel &kernel, std::string_view settingsDtype,
                                             std::string_view settingsDtypeSource);

// Under one config: each tile extent (once per extent text) that is not a
// power of two (tile-not-power-of-two), and on NVIDIA each tl.dot whose K is
// below its minimum (dot-operand-too-small).
std::vector<Elimination> tileEliminations(const Kernel &kernel, const Config &config, const ArchInfo &arch,
                                          std::string_view settingsDtype, std::string_view settingsDtypeSource);

// A table's config whose kernel definition is not in the run: parameters
// named like tiles (BLOCK_*, TILE_*) that are not powers of two.
std::vector<Elimination> namedTileEliminations(const Config &config);

// What a pruner whose checks are known (AutotuneSpec::prunerLimits, also
// through the helpers it calls) drops before compiling: a config that
// overflows shared memory (`fits` false) when it compares shared memory, one
// that spills (`spills` true) when it compares registers, a tile over a shape
// limit (`BLOCK_M<=M`) of the kernel's `.btlint.yaml` shapes.
std::vector<Elimination> prunerEliminations(const AutotuneSpec &spec, const Config &config, std::optional<bool> fits,
                                            std::optional<bool> spills,
                                            const std::map<std::string, int64_t> *shapes);

// A CUDA instantiation with the launches of its file: its static shared
// memory plus the largest dynamic shared memory a launch passes, against the
// arch; its largest block; and what fails (static-smem-over-48k,
// smem-over-budget, dynamic-smem-missing-optin, block-size-invalid).
struct CudaInstanceVerdict {
  int64_t staticBytes = 0;
  int64_t dynamicBytes = 0;
  bool dynamicUnknown = false; // a launch's dynamic shared memory is not known
  int64_t totalBytes = 0;
  bool fits = true;
  std::optional<int64_t> threads; // the largest block (launches, __launch_bounds__)
  std::vector<Elimination> eliminatedBy;
};
// Nothing when the static shared memory of the instantiation is not known.
std::optional<CudaInstanceVerdict> judgeCudaInstance(const Kernel &instance, const FileModel &file,
                                                     const ArchInfo &arch);

} // namespace btlint::resources
