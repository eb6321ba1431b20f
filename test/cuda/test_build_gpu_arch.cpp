// The GPU arch a build's compile command compiles for (cuda::buildGpuArch):
// what the clang-tidy plugin parses an nvcc database entry for.
#include "cuda/CudaCompileCommands.h"

#include <gtest/gtest.h>

namespace btlint::cuda {
namespace {

std::string archOf(std::vector<std::string> flags) {
  flags.insert(flags.begin(), "/usr/local/cuda/bin/nvcc");
  return buildGpuArch(flags);
}

TEST(BuildGpuArch, ReadsNvccSpellings) {
  EXPECT_EQ(archOf({"--generate-code=arch=compute_90,code=[compute_90,sm_90]"}), "sm_90");
  EXPECT_EQ(archOf({"--generate-code=arch=compute_80,code=sm_80", "-Xcompiler=-fPIC"}), "sm_80");
  EXPECT_EQ(archOf({"-gencode", "arch=compute_90a,code=sm_90a"}), "sm_90a");
  EXPECT_EQ(archOf({"-arch=sm_86"}), "sm_86");
  EXPECT_EQ(archOf({"-arch", "sm_75"}), "sm_75");
  EXPECT_EQ(archOf({"--gpu-architecture=compute_89"}), "sm_89"); // only a virtual arch: its number
}

TEST(BuildGpuArch, ReadsClangSpellings) {
  EXPECT_EQ(buildGpuArch({"clang++", "--cuda-gpu-arch=sm_90", "-x", "cuda"}), "sm_90");
  EXPECT_EQ(buildGpuArch({"clang++", "--offload-arch=sm_80"}), "sm_80");
}

TEST(BuildGpuArch, EmptyWhenNoneIsNamed) {
  EXPECT_EQ(archOf({"-O3", "-DARCH=sm_90", "-c", "a.cu"}), "");
  EXPECT_EQ(archOf({"-arch=native"}), "");
}

TEST(IsNvccCommand, ByTheDriversName) {
  EXPECT_TRUE(isNvccCommand({"/usr/local/cuda/bin/nvcc", "-c", "a.cu"}));
  EXPECT_FALSE(isNvccCommand({"/usr/bin/clang++-22", "-c", "a.cu"}));
  EXPECT_FALSE(isNvccCommand({}));
}

} // namespace
} // namespace btlint::cuda
