#include "CudaTestSupport.h"
#include "cuda/CudaToolkit.h"
#include "engine/Engine.h"

#include <gtest/gtest.h>

#include <fstream>
#include <random>

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
  auto frontEnd = makeCudaFrontEnd({options.compileCommandsDir, options.cudaPath}, error);
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

} // namespace btlint::test
