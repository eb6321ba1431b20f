#pragma once
// Triton backends other than upstream's NVIDIA and AMD ones: vendors' forks
// (Ascend, Cambricon, ...) whose Triton accepts what upstream rejects
// (non-power-of-two aranges, `num_stages=0`, `num_warps=64`, NPU options in
// `triton.Config`) and whose hardware has other limits. A `.btlint.yaml`
// override with `backend:` marks the paths that hold kernels for one; the
// rules that judge upstream Triton or NVIDIA/AMD limits are off there.
#include "source/AnalysisSettings.h"

#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace btlint {

struct ForeignBackend {
  std::string name;                  // as `backend:` takes it
  std::string vendor;                // for messages: "Huawei Ascend NPU"
  std::vector<std::string> folders;  // folder names that hold its kernels (a leading `_` is ignored)
  std::vector<std::string> modules;  // top-level modules only its stack provides
  std::string torchDevice;           // the `torch.<name>` namespace its PyTorch plugin adds ("npu"), or empty
};

// The backend whose PyTorch plugin adds `torch.<name>`; null for upstream
// PyTorch's own namespaces and names no plugin in the table adds.
const ForeignBackend *backendOfTorchDevice(std::string_view name);

// The backends `backend:` accepts besides "triton" (upstream, the default)
// and "other" (a fork not in the table).
const std::vector<ForeignBackend> &foreignBackends();
// The names `backend:` accepts, for messages.
std::vector<std::string> backendNames();
bool isForeignBackend(std::string_view name); // a known fork or "other"

// A backend a file's path or imports point to: a folder of the path named like
// one (`runtime/backend/_ascend/ops/x.py`), or a module it imports
// (`torch_npu`). `evidence` says which ("the folder `_ascend`", "imports
// `torch_npu`"). Null when neither.
const ForeignBackend *backendEvidence(std::string_view path, const std::set<std::string> &importedModules,
                                      std::string &evidence);

// The fork a file's kernels look written for while nothing says which Triton
// they are for: `settings.backend` empty, an NVIDIA arch among
// `settings.archs` (its name in `nvidiaArch`), and backendEvidence finds one.
// Null otherwise. The rules that judge upstream Triton or NVIDIA limits
// report there at note level; foreign-backend-unmarked says why.
const ForeignBackend *unmarkedFork(const AnalysisSettings &settings, std::string_view path,
                                   const std::set<std::string> &importedModules, std::string &evidence,
                                   std::string &nvidiaArch);

// The fork a file's kernels are for: the `backend:` said for it (`configured`:
// "triton" is none, "other" a fork outside the table), else backendEvidence.
const ForeignBackend *forkOfFile(std::string_view configured, std::string_view path,
                                 const std::set<std::string> &importedModules, std::string &evidence);

} // namespace btlint
