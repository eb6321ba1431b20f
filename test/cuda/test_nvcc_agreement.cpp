// Every CUDA fixture (the rule fixtures, the layout cases in test/cuda/ptxas
// and the parity cases in test/cuda/nvcc-parity) is compiled once by nvcc's
// front end and ptxas (`nvcc -cuda -Xptxas -v`, with the flags its project's
// build passes), and btlint is held to what that run says:
// - parity: where nvcc accepts the file for its target, btlint parses it
//   without a problem (docs/cuda.md, "Where Clang differs from nvcc");
//   fixtures nvcc rejects (parse-error's, by design) are left out;
// - shared memory: each kernel instantiation's static shared bytes equal
//   ptxas's, read with the toolkit's headers and with btlint's built-in
//   declarations alone (what it uses where no toolkit is installed).
// One nvcc run per fixture serves all three: it is most of the test's time.
// Skipped where nvcc is absent.
#include "CudaTestSupport.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <regex>
#include <string>
#include <vector>

using namespace btlint;
using namespace btlint::test;

namespace {

struct NvccRun {
  bool accepted = false; // nvcc exited 0: front end, cicc and ptxas accepted the file
  std::string log;
  // Entry symbol -> static shared bytes from ptxas's `-v` lines; kernels over
  // the limit appear in an error line with the size and are absent here.
  std::map<std::string, int64_t> sharedBytes;
};

NvccRun runNvcc(const std::string &nvcc, const std::filesystem::path &file, const std::string &arch) {
  llvm::SmallString<128> output;
  llvm::sys::fs::createTemporaryFile("btlint-nvcc", "txt", output);
  const std::string source = file.string();
  const std::string gencode = gencodeOf(arch);
  const std::vector<std::string> build = fixtureBuildFlags(file);
  std::vector<llvm::StringRef> arguments = {nvcc,   "-cuda",     "-gencode", gencode, "-Xptxas",
                                            "-v",   "-o",        "/dev/null", source};
  arguments.insert(arguments.end() - 1, build.begin(), build.end());
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, llvm::StringRef(output), llvm::StringRef(output)};
  NvccRun run;
  run.accepted = llvm::sys::ExecuteAndWait(nvcc, arguments, std::nullopt, redirects) == 0;
  if (auto buffer = llvm::MemoryBuffer::getFile(output)) run.log = (*buffer)->getBuffer().str();
  llvm::sys::fs::remove(output);
  static const std::regex compiling(R"(Compiling entry function '([^']+)')");
  static const std::regex used(R"(Used \d+ registers.*)");
  static const std::regex smem(R"((\d+) bytes smem)");
  std::string entry;
  llvm::SmallVector<llvm::StringRef> lines;
  llvm::StringRef(run.log).split(lines, '\n');
  for (llvm::StringRef line : lines) {
    std::smatch match;
    const std::string text = line.str();
    if (std::regex_search(text, match, compiling)) {
      entry = match[1];
      run.sharedBytes[entry] = 0; // no "bytes smem" in its Used line means none
    } else if (!entry.empty() && std::regex_search(text, used)) {
      if (std::regex_search(text, match, smem)) run.sharedBytes[entry] = std::stoll(match[1]);
    }
  }
  return run;
}

struct Comparison {
  size_t kernels = 0;
  std::vector<std::string> mismatches;
};

// btlint's model of `file` against ptxas's bytes; a file btlint cannot parse
// is parse-error's fixture, not compilable by design, and left out here.
void compareSharedBytes(const std::filesystem::path &file, const FileModel &model, const NvccRun &run,
                        Comparison &comparison) {
  if (!model.parseProblems.empty()) return;
  for (const Kernel &kernel : model.kernels) {
    if (kernel.isTemplatePattern || kernel.symbol.empty()) continue;
    auto found = run.sharedBytes.find(kernel.symbol);
    if (found == run.sharedBytes.end()) {
      comparison.mismatches.push_back(file.filename().string() + ": ptxas did not compile `" + kernel.name + "` (" +
                                      kernel.symbol + ")\n" + run.log);
      continue;
    }
    ++comparison.kernels;
    if (kernel.staticSharedBytes != found->second)
      comparison.mismatches.push_back(
          file.filename().string() + ": `" + kernel.name + "` btlint " +
          (kernel.staticSharedBytes ? std::to_string(*kernel.staticSharedBytes) : std::string("unknown")) +
          ", ptxas " + std::to_string(found->second));
  }
}

// One shard of the fixtures (every `shards`-th from `shard`): the nvcc runs
// are the suite's longest test, and two shards run side by side under
// `ctest -j`.
void checkFixtures(size_t shard, size_t shards) {
  const std::optional<std::string> nvcc = findNvcc();
  if (!nvcc) GTEST_SKIP() << "nvcc not found (CUDA_PATH, PATH, /usr/local/cuda): cannot compare with nvcc";
  size_t accepted = 0, rejected = 0;
  Comparison withToolkit, builtinDeclarations;
  const std::vector<std::filesystem::path> fixtures = cudaFixtures();
  for (size_t i = shard; i < fixtures.size(); i += shards) {
    const std::filesystem::path &file = fixtures[i];
    // The internal-error fixtures make Clang trap on purpose (a debugging
    // pragma nvcc ignores): nothing to compare.
    if (crashesOnPurpose(file)) continue;
    const std::string arch = fixtureTarget(file);
    const NvccRun run = runNvcc(*nvcc, file, arch);
    CudaModelOptions options;
    options.arch = arch;
    const FileModel model = cudaModelOfFile(file, options);
    if (run.accepted) {
      ++accepted;
      for (const ParseProblem &problem : model.parseProblems)
        ADD_FAILURE() << file.string() << ":" << problem.span.line << ":" << problem.span.column
                      << ": nvcc accepts the file for " << arch << ", btlint reports: " << problem.message;
    } else {
      ++rejected;
    }
    compareSharedBytes(file, model, run, withToolkit);
    options.cudaPath = "none";
    compareSharedBytes(file, cudaModelOfFile(file, options), run, builtinDeclarations);
  }
  for (const std::string &mismatch : withToolkit.mismatches) ADD_FAILURE() << mismatch;
  for (const std::string &mismatch : builtinDeclarations.mismatches)
    ADD_FAILURE() << "with built-in declarations only: " << mismatch;
  // Dozens of fixtures compile and the corpus has dozens of kernels in each
  // shard; a handful would mean the walk or nvcc broke.
  EXPECT_GE(accepted, 20u);
  EXPECT_GE(withToolkit.kernels, 15u);
  EXPECT_GE(builtinDeclarations.kernels, 15u);
  std::cout << "nvcc accepted " << accepted << " fixtures (" << rejected << " rejected, left out); compared "
            << withToolkit.kernels << " kernel instantiations with ptxas (" << builtinDeclarations.kernels
            << " with built-in declarations)\n";
}

} // namespace

TEST(NvccAgreement, FixturesFirstHalf) { checkFixtures(0, 2); }
TEST(NvccAgreement, FixturesSecondHalf) { checkFixtures(1, 2); }
