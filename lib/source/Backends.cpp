#include "source/Backends.h"

#include "arch/ArchTable.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace btlint {

const std::vector<ForeignBackend> &foreignBackends() {
  // Folder names as operator libraries spell them; modules the vendor's
  // PyTorch or Triton build adds.
  static const std::vector<ForeignBackend> backends{
      {"ascend", "Huawei Ascend NPU", {"ascend", "npu"}, {"torch_npu", "triton_ascend"}, "npu"},
      {"cambricon", "Cambricon MLU", {"cambricon", "mlu"}, {"torch_mlu"}, "mlu"},
      {"kunlunxin", "Kunlunxin XPU", {"kunlunxin", "kunlun"}, {"torch_xmlir"}, ""},
      {"mthreads", "Moore Threads MUSA", {"mthreads", "musa"}, {"torch_musa"}, "musa"},
      {"metax", "MetaX MACA", {"metax", "maca"}, {}, ""},
      {"iluvatar", "Iluvatar CoreX", {"iluvatar", "corex"}, {}, "corex"},
      {"hygon", "Hygon DCU", {"hygon", "dcu"}, {}, ""},
      {"enflame", "Enflame GCU", {"enflame", "gcu"}, {"torch_gcu"}, "gcu"},
      {"aipu", "AIPU", {"aipu"}, {}, ""},
      {"intel", "Intel XPU", {"intel"}, {"intel_extension_for_pytorch"}, ""},
  };
  return backends;
}

const ForeignBackend *backendOfTorchDevice(std::string_view name) {
  for (const ForeignBackend &backend : foreignBackends())
    if (!backend.torchDevice.empty() && backend.torchDevice == name) return &backend;
  return nullptr;
}

std::vector<std::string> backendNames() {
  std::vector<std::string> names{"triton"};
  for (const ForeignBackend &backend : foreignBackends()) names.push_back(backend.name);
  names.push_back("other");
  return names;
}

bool isForeignBackend(std::string_view name) {
  if (name == "other") return true;
  return std::any_of(foreignBackends().begin(), foreignBackends().end(),
                     [&](const ForeignBackend &backend) { return backend.name == name; });
}

namespace {
std::string folderKey(std::string_view folder) {
  while (!folder.empty() && folder.front() == '_') folder.remove_prefix(1);
  std::string key;
  for (char c : folder) key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return key;
}
} // namespace

namespace {
// The part of `path` a project's own folders make up: an absolute path (what
// an editor sends: /home/intel/src/kernels/x.py) is cut below the nearest
// folder holding .git, else below the working directory; outside both, none
// of its folders counts. Folders above a project say nothing of its kernels.
std::string_view pathBelowProject(std::string_view path) {
  if (path.empty() || path.front() != '/') return path;
  std::error_code error;
  std::filesystem::path folder = std::filesystem::path(std::string(path)).parent_path();
  for (int level = 0; level < 64 && !folder.empty(); ++level) {
    if (std::filesystem::exists(folder / ".git", error)) {
      const size_t length = folder.native().size();
      return length < path.size() ? path.substr(length + 1) : std::string_view();
    }
    if (folder == folder.root_path()) break;
    folder = folder.parent_path();
  }
  const std::string cwd = std::filesystem::current_path(error).native();
  if (!error && cwd != "/" && path.size() > cwd.size() && path.substr(0, cwd.size()) == cwd && path[cwd.size()] == '/')
    return path.substr(cwd.size() + 1);
  return path.substr(path.rfind('/') + 1); // the file's name alone: no folder
}
} // namespace

const ForeignBackend *backendEvidence(std::string_view path, const std::set<std::string> &importedModules,
                                      std::string &evidence) {
  for (const ForeignBackend &backend : foreignBackends())
    for (const std::string &module : backend.modules)
      if (importedModules.count(module)) {
        evidence = "imports `" + module + "`";
        return &backend;
      }
  // Folders only: the file's own name says nothing reliable.
  path = pathBelowProject(path);
  size_t start = 0;
  while (true) {
    const size_t slash = path.find('/', start);
    if (slash == std::string_view::npos) break;
    const std::string_view folder = path.substr(start, slash - start);
    const std::string key = folderKey(folder);
    for (const ForeignBackend &backend : foreignBackends())
      if (std::find(backend.folders.begin(), backend.folders.end(), key) != backend.folders.end()) {
        evidence = "lies in the folder `" + std::string(folder) + "`";
        return &backend;
      }
    start = slash + 1;
  }
  return nullptr;
}

const ForeignBackend *unmarkedFork(const AnalysisSettings &settings, std::string_view path,
                                   const std::set<std::string> &importedModules, std::string &evidence,
                                   std::string &nvidiaArch) {
  if (!settings.backend.empty()) return nullptr;
  nvidiaArch.clear();
  for (const std::string &name : settings.archs)
    if (const ArchInfo *arch = findArch(name); arch && arch->vendor == Vendor::Nvidia) {
      nvidiaArch = name;
      break;
    }
  if (nvidiaArch.empty()) return nullptr;
  return backendEvidence(path, importedModules, evidence);
}

const ForeignBackend *forkOfFile(std::string_view configured, std::string_view path,
                                 const std::set<std::string> &importedModules, std::string &evidence) {
  if (configured == "triton") return nullptr;
  if (configured.empty()) return backendEvidence(path, importedModules, evidence);
  evidence = "is marked `backend: " + std::string(configured) + "` in .btlint.yaml";
  for (const ForeignBackend &backend : foreignBackends())
    if (backend.name == configured) return &backend;
  static const ForeignBackend other{"other", "another vendor", {}, {}, ""};
  return &other;
}

} // namespace btlint
