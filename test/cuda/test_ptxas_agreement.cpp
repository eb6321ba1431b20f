// btlint's static shared memory per kernel instantiation must equal what
// ptxas reports (`nvcc -Xptxas -v`) for every CUDA fixture: the rule fixtures
// and the layout cases in test/cuda/ptxas. Skipped where nvcc is absent.
#include "CudaTestSupport.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <filesystem>
#include <map>
#include <optional>
#include <regex>
#include <string>
#include <vector>

using namespace btlint;
using namespace btlint::test;

namespace {


// Entry symbol -> static shared bytes, from `nvcc -cubin -Xptxas -v`. Kernels
// over the limit appear in an error line with the size in hex.
std::map<std::string, int64_t> ptxasSharedBytes(const std::string &nvcc, const std::filesystem::path &file,
                                                const std::string &arch, std::string &log) {
  llvm::SmallString<128> output;
  llvm::sys::fs::createTemporaryFile("btlint-ptxas", "txt", output);
  const std::string source = file.string();
  const std::string gencode = gencodeOf(arch);
  const std::vector<std::string> build = fixtureBuildFlags(file); // the flags its project's build passes
  std::vector<llvm::StringRef> arguments = {nvcc, "-cubin", "-gencode", gencode, "-Xptxas", "-v", "-o", "/dev/null",
                                            source};
  arguments.insert(arguments.end() - 1, build.begin(), build.end());
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, llvm::StringRef(output), llvm::StringRef(output)};
  llvm::sys::ExecuteAndWait(nvcc, arguments, std::nullopt, redirects);
  auto buffer = llvm::MemoryBuffer::getFile(output);
  llvm::sys::fs::remove(output);
  std::map<std::string, int64_t> bytes;
  if (!buffer) return bytes;
  log = (*buffer)->getBuffer().str();
  static const std::regex compiling(R"(Compiling entry function '([^']+)')");
  static const std::regex used(R"(Used \d+ registers.*)");
  static const std::regex smem(R"((\d+) bytes smem)");
  std::string entry;
  llvm::SmallVector<llvm::StringRef> lines;
  llvm::StringRef(log).split(lines, '\n');
  for (llvm::StringRef line : lines) {
    std::smatch match;
    const std::string text = line.str();
    if (std::regex_search(text, match, compiling)) {
      entry = match[1];
      bytes[entry] = 0; // no "bytes smem" in its Used line means none
    } else if (!entry.empty() && std::regex_search(text, used)) {
      if (std::regex_search(text, match, smem)) bytes[entry] = std::stoll(match[1]);
    }
  }
  return bytes;
}


struct Comparison {
  size_t kernels = 0;
  std::vector<std::string> mismatches;
};

void compareWithPtxas(const std::string &nvcc, const CudaModelOptions &options, Comparison &comparison) {
  for (const std::filesystem::path &file : cudaFixtures()) {
    CudaModelOptions fileOptions = options;
    fileOptions.arch = fixtureTarget(file);
    FileModel model = cudaModelOfFile(file, fileOptions);
    if (!model.parseProblems.empty()) continue; // fixtures of parse-error, not compilable by design
    std::string log;
    const std::map<std::string, int64_t> reported = ptxasSharedBytes(nvcc, file, fileOptions.arch, log);
    for (const Kernel &kernel : model.kernels) {
      if (kernel.isTemplatePattern || kernel.symbol.empty()) continue;
      auto found = reported.find(kernel.symbol);
      if (found == reported.end()) {
        comparison.mismatches.push_back(file.filename().string() + ": ptxas did not compile `" + kernel.name +
                                        "` (" + kernel.symbol + ")\n" + log);
        continue;
      }
      ++comparison.kernels;
      if (kernel.staticSharedBytes != found->second)
        comparison.mismatches.push_back(file.filename().string() + ": `" + kernel.name + "` btlint " +
                                        (kernel.staticSharedBytes ? std::to_string(*kernel.staticSharedBytes)
                                                                  : std::string("unknown")) +
                                        ", ptxas " + std::to_string(found->second));
    }
  }
}

} // namespace

TEST(PtxasAgreement, StaticSharedBytesEqualPtxasForEveryFixtureInstantiation) {
  const std::optional<std::string> nvcc = findNvcc();
  if (!nvcc) GTEST_SKIP() << "nvcc not found (CUDA_PATH, PATH, /usr/local/cuda): cannot compare with ptxas";
  Comparison comparison;
  compareWithPtxas(*nvcc, {}, comparison);
  for (const std::string &mismatch : comparison.mismatches) ADD_FAILURE() << mismatch;
  // The corpus has dozens of kernels; a handful would mean the walk broke.
  EXPECT_GE(comparison.kernels, 30u);
  std::cout << "compared " << comparison.kernels << " kernel instantiations with ptxas\n";
}

TEST(PtxasAgreement, BuiltinDeclarationsGiveTheSameBytes) {
  const std::optional<std::string> nvcc = findNvcc();
  if (!nvcc) GTEST_SKIP() << "nvcc not found (CUDA_PATH, PATH, /usr/local/cuda): cannot compare with ptxas";
  CudaModelOptions options;
  options.cudaPath = "none";
  Comparison comparison;
  compareWithPtxas(*nvcc, options, comparison);
  for (const std::string &mismatch : comparison.mismatches) ADD_FAILURE() << mismatch;
  EXPECT_GE(comparison.kernels, 30u);
}
