#pragma once
// Finding the CUDA toolkit whose headers kernels are parsed with.
#include <optional>
#include <string>

namespace btlint::cuda {

struct CudaToolkit {
  std::string path;    // root folder (holds include/cuda_runtime.h); empty: none found
  std::string version; // "13.0", from include/cuda.h; empty when unknown
  std::string origin;  // how it was found: "--cuda-path", "CUDA_PATH", "/usr/local/cuda"
  bool found() const { return !path.empty(); }
};

// The spelling of --cuda-path that asks for btlint's own declarations even
// where a toolkit is installed.
inline constexpr const char *kNoCudaToolkit = "none";

// Looks in order at explicitPath (from --cuda-path), $CUDA_PATH and
// /usr/local/cuda. An explicit path that holds no toolkit is an error (the
// user named it); "none" and an empty search give a toolkit with no path.
std::optional<CudaToolkit> findCudaToolkit(const std::string &explicitPath, std::string &error);

// The version in a toolkit's include/cuda.h ("13.0"), empty when unreadable.
std::string readCudaVersion(const std::string &toolkitPath);

} // namespace btlint::cuda
