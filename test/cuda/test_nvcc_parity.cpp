// btlint must parse every CUDA fixture that nvcc's front end accepts for the
// same target (`nvcc -cuda`): a parse error there is a difference between
// Clang and nvcc that btlint has not bridged (docs/cuda.md, "Where Clang
// differs from nvcc"). Fixtures nvcc rejects (parse-error's, by design) are
// left out. Skipped where nvcc is absent.
#include "CudaTestSupport.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

#include <gtest/gtest.h>

#include <iostream>
#include <string>
#include <vector>

using namespace btlint;
using namespace btlint::test;

namespace {

// Whether nvcc's front end accepts `file` for `arch`; its messages in `log`.
bool nvccAccepts(const std::string &nvcc, const std::filesystem::path &file, const std::string &arch,
                 std::string &log) {
  llvm::SmallString<128> output;
  llvm::sys::fs::createTemporaryFile("btlint-nvcc", "txt", output);
  const std::string source = file.string();
  const std::string gencode = gencodeOf(arch);
  const std::vector<std::string> build = fixtureBuildFlags(file); // nvcc with the build's flags
  std::vector<llvm::StringRef> arguments = {nvcc, "-cuda", "-gencode", gencode, "-o", "/dev/null", source};
  arguments.insert(arguments.end() - 1, build.begin(), build.end());
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, llvm::StringRef(output), llvm::StringRef(output)};
  const int status = llvm::sys::ExecuteAndWait(nvcc, arguments, std::nullopt, redirects);
  if (auto buffer = llvm::MemoryBuffer::getFile(output)) log = (*buffer)->getBuffer().str();
  llvm::sys::fs::remove(output);
  return status == 0;
}

} // namespace

TEST(NvccParity, BtlintParsesEveryFixtureNvccAccepts) {
  const std::optional<std::string> nvcc = findNvcc();
  if (!nvcc) GTEST_SKIP() << "nvcc not found (CUDA_PATH, PATH, /usr/local/cuda): cannot compare with nvcc";
  size_t accepted = 0, rejected = 0;
  for (const std::filesystem::path &file : cudaFixtures()) {
    // The internal-error fixtures make Clang trap on purpose (a debugging
    // pragma nvcc ignores): parity means nothing there, and under the
    // sanitizers the contained crash leaves what it held unfreed.
    if (crashesOnPurpose(file)) continue;
    const std::string arch = fixtureTarget(file);
    std::string log;
    if (!nvccAccepts(*nvcc, file, arch, log)) {
      ++rejected;
      continue;
    }
    ++accepted;
    CudaModelOptions options;
    options.arch = arch;
    const FileModel model = cudaModelOfFile(file, options);
    for (const ParseProblem &problem : model.parseProblems)
      ADD_FAILURE() << file.string() << ":" << problem.span.line << ":" << problem.span.column
                    << ": nvcc accepts the file for " << arch << ", btlint reports: " << problem.message;
  }
  // Dozens of fixtures compile; a handful would mean the walk or nvcc broke.
  EXPECT_GE(accepted, 40u);
  std::cout << "nvcc accepted " << accepted << " fixtures (" << rejected << " rejected, left out)\n";
}
