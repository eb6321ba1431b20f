#include "CudaTestSupport.h"
#include "cuda/CudaToolkit.h"
#include "engine/Engine.h"

#include <gtest/gtest.h>

#include "llvm/Support/Program.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <random>
#include <regex>

namespace btlint::test {

ScratchDir::ScratchDir() {
  std::random_device random;
  path_ = std::filesystem::temp_directory_path() / ("btlint-cuda-test-" + std::to_string(random()));
  std::filesystem::create_directories(path_);
}

ScratchDir::~ScratchDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

std::filesystem::path ScratchDir::write(const std::string &name, const std::string &text) const {
  std::filesystem::path file = path_ / name;
  std::filesystem::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << text;
  return file;
}

FileModel cudaModelOfFile(const std::filesystem::path &path, const CudaModelOptions &options) {
  std::string error;
  auto frontEnd = makeCudaFrontEnd({options.compileCommandsDir, options.cudaPath, {}, {}}, error);
  EXPECT_TRUE(frontEnd) << error;
  FileModel model;
  if (!frontEnd) return model;
  auto text = readSourceText(path.string(), 32u << 20, error);
  EXPECT_TRUE(text) << error;
  if (!text) return model;
  SourceFile source(path.string(), Language::Cuda, std::move(*text));
  auto parsed = frontEnd->parse(source);
  ModelContext context;
  context.arch = findArch(options.arch);
  model.path = path.string();
  model.language = Language::Cuda;
  frontEnd->buildModel(*parsed, context, model);
  return model;
}

FileModel cudaModelOf(const std::string &code, const CudaModelOptions &options, const std::string &name) {
  ScratchDir scratch;
  return cudaModelOfFile(scratch.write(name, code), options);
}

const Kernel *findKernel(const FileModel &model, const std::string &name) {
  for (const Kernel &kernel : model.kernels)
    if (kernel.name == name) return &kernel;
  return nullptr;
}

bool cudaToolkitInstalled() {
  std::string error;
  auto toolkit = cuda::findCudaToolkit("", error);
  return toolkit && toolkit->found();
}

std::optional<std::string> findNvcc() {
  std::vector<std::string> candidates;
  if (const char *cudaPath = std::getenv("CUDA_PATH")) candidates.push_back(std::string(cudaPath) + "/bin/nvcc");
  if (auto onPath = llvm::sys::findProgramByName("nvcc")) candidates.push_back(*onPath);
  candidates.push_back("/usr/local/cuda/bin/nvcc");
  for (const std::string &candidate : candidates)
    if (llvm::sys::fs::can_execute(candidate)) return candidate;
  return std::nullopt;
}

std::vector<std::filesystem::path> cudaFixtures() {
  const std::filesystem::path root = BTLINT_SOURCE_DIR;
  std::vector<std::filesystem::path> files;
  for (const auto &folder : {root / "test" / "rules", root / "test" / "cuda" / "ptxas", root / "test" / "cuda" / "nvcc-parity"})
    for (const auto &entry : std::filesystem::recursive_directory_iterator(folder))
      if (entry.is_regular_file() && entry.path().extension() == ".cu") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

bool crashesOnPurpose(const std::filesystem::path &file) {
  std::ifstream stream(file);
  const std::string text((std::istreambuf_iterator<char>(stream)), std::istreambuf_iterator<char>());
  return text.find("btlint-test-skip-when-sanitized") != std::string::npos;
}

std::string fixtureTarget(const std::filesystem::path &file) {
  std::ifstream stream(file);
  const std::string text((std::istreambuf_iterator<char>(stream)), std::istreambuf_iterator<char>());
  static const std::regex target(R"(ptxas-agreement:\s*(sm\d+a?))");
  if (std::smatch match; std::regex_search(text, match, target)) return match[1];
  return "sm90";
}

std::vector<std::string> fixtureBuildFlags(const std::filesystem::path &file) {
  std::ifstream stream(file);
  const std::string text((std::istreambuf_iterator<char>(stream)), std::istreambuf_iterator<char>());
  static const std::regex line(R"(build-flags:([^\n]*))");
  std::vector<std::string> flags;
  std::smatch match;
  if (!std::regex_search(text, match, line)) return flags;
  std::istringstream words(match[1].str());
  for (std::string word; words >> word;) {
    if (word.rfind("-I", 0) == 0 && word.size() > 2 && word[2] != '/')
      word = "-I" + (file.parent_path() / word.substr(2)).lexically_normal().string();
    flags.push_back(word);
  }
  return flags;
}

std::string gencodeOf(const std::string &arch) {
  const std::string number = arch.substr(2); // "sm90a" -> "90a"
  return "arch=compute_" + number + ",code=sm_" + number;
}

} // namespace btlint::test
