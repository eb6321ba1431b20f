#pragma once
// Helpers for the CUDA front-end tests: parse a snippet or a file with the
// real front-end and return the model for one arch.
#include "arch/ArchTable.h"
#include "cuda/CudaFrontEnd.h"
#include "source/SourceFile.h"
#include "model/KernelModel.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

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

// Whether a fixture crashes btlint on purpose (marked
// `btlint-test-skip-when-sanitized`: the internal-error rule's fixtures).
bool crashesOnPurpose(const std::filesystem::path &file);

// nvcc from CUDA_PATH, PATH or /usr/local/cuda, if any.
std::optional<std::string> findNvcc();
// Every .cu fixture: test/rules (rule fixtures of all kinds), test/cuda/ptxas
// (shared memory layouts) and test/cuda/nvcc-parity (what nvcc accepts and Clang alone does not).
std::vector<std::filesystem::path> cudaFixtures();
// The arch a fixture is compiled for: `ptxas-agreement: sm90a` in its text
// (a fixture of arch-specific-instruction fails ptxas for sm_90 by design),
// else sm90.
std::string fixtureTarget(const std::filesystem::path &file);
// The flags a fixture's project build would pass nvcc, from a
// `build-flags: -I../../include -DNAME` line in its text (for a fixture
// whose headers or macros come from its build files); -I paths relative to
// the fixture's folder. Empty where none is written.
std::vector<std::string> fixtureBuildFlags(const std::filesystem::path &file);
// "sm90a" -> "arch=compute_90a,code=sm_90a", for nvcc's -gencode.
std::string gencodeOf(const std::string &arch);

} // namespace btlint::test
