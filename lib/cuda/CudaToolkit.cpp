#include "cuda/CudaToolkit.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

namespace btlint::cuda {
namespace {

bool holdsToolkit(const std::string &root) {
  llvm::SmallString<256> header(root);
  llvm::sys::path::append(header, "include", "cuda_runtime.h");
  return llvm::sys::fs::exists(header);
}

CudaToolkit toolkitAt(const std::string &root, const char *origin) {
  llvm::SmallString<256> absolute(root);
  llvm::sys::fs::make_absolute(absolute);
  llvm::sys::path::remove_dots(absolute, true);
  return CudaToolkit{std::string(absolute), readCudaVersion(std::string(absolute)), origin};
}

} // namespace

std::string readCudaVersion(const std::string &toolkitPath) {
  llvm::SmallString<256> header(toolkitPath);
  llvm::sys::path::append(header, "include", "cuda.h");
  auto buffer = llvm::MemoryBuffer::getFile(header);
  if (!buffer) return {};
  // cuda.h: "#define CUDA_VERSION 13000" (major * 1000 + minor * 10).
  llvm::StringRef text = (*buffer)->getBuffer();
  size_t at = text.find("#define CUDA_VERSION ");
  if (at == llvm::StringRef::npos) return {};
  unsigned encoded = 0;
  if (text.drop_front(at + 21).ltrim().consumeInteger(10, encoded)) return {};
  return std::to_string(encoded / 1000) + "." + std::to_string(encoded % 1000 / 10);
}

std::optional<CudaToolkit> findCudaToolkit(const std::string &explicitPath, std::string &error) {
  if (explicitPath == kNoCudaToolkit) return CudaToolkit{};
  if (!explicitPath.empty()) {
    if (holdsToolkit(explicitPath)) return toolkitAt(explicitPath, "--cuda-path");
    error = "--cuda-path " + explicitPath + ": no CUDA toolkit there (include/cuda_runtime.h is missing); "
            "use --cuda-path=" + kNoCudaToolkit + " to parse with btlint's own CUDA declarations";
    return std::nullopt;
  }
  if (const char *fromEnvironment = std::getenv("CUDA_PATH"))
    if (*fromEnvironment && holdsToolkit(fromEnvironment)) return toolkitAt(fromEnvironment, "CUDA_PATH");
  if (holdsToolkit("/usr/local/cuda")) return toolkitAt("/usr/local/cuda", "/usr/local/cuda");
  return CudaToolkit{};
}

} // namespace btlint::cuda
