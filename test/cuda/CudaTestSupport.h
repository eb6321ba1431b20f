#pragma once
// Helpers for the CUDA front-end tests: parse a snippet or a file with the
// real front-end and return the model for one arch.
#include "arch/ArchTable.h"
#include "cuda/CudaFrontEnd.h"
#include "source/SourceFile.h"
#include "model/KernelModel.h"

#include <filesystem>
#include <string>

namespace btlint::test {

// A folder under the system temp dir, removed with the object.
class ScratchDir {
public:
  ScratchDir();
  ~ScratchDir();
  const std::filesystem::path &path() const { return path_; }
  std::filesystem::path write(const std::string &name, const std::string &text) const;

private:
  std::filesystem::path path_;
};

struct CudaModelOptions {
  std::string arch = "sm90";
  std::string cudaPath;           // "" searches as the CLI does; "none": btlint's declarations
  std::string compileCommandsDir; // -p
};

// The model of the file at `path` (its text read from disk).
FileModel cudaModelOfFile(const std::filesystem::path &path, const CudaModelOptions &options = {});
// The model of `code` written to a scratch file named `name`.
FileModel cudaModelOf(const std::string &code, const CudaModelOptions &options = {},
                      const std::string &name = "snippet.cu");

const Kernel *findKernel(const FileModel &model, const std::string &name);
bool cudaToolkitInstalled();

} // namespace btlint::test
