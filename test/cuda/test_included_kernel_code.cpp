// The CUDA pre-filter across a file's project includes (cuda/IncludedKernelCode.h).
#include "cuda/IncludedKernelCode.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <fstream>
#include <gtest/gtest.h>

using btlint::cuda::IncludedKernelCode;
using btlint::cuda::includeLines;

namespace {

class ProjectTree : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("btlint-includes", root_));
    project_ = path("project");
    llvm::sys::fs::create_directories(project_ + "/.git");
  }
  void TearDown() override { llvm::sys::fs::remove_directories(root_); }

  std::string path(const std::string &relative) const {
    llvm::SmallString<256> full(root_);
    llvm::sys::path::append(full, relative);
    return std::string(full);
  }
  std::string write(const std::string &relative, const std::string &text) const {
    const std::string full = path(relative);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(full));
    std::ofstream(full) << text;
    return full;
  }
  IncludedKernelCode::SearchPath search(std::vector<std::string> arguments = {}) const {
    return IncludedKernelCode::searchPathOf(arguments, project_, project_);
  }

  llvm::SmallString<256> root_;
  std::string project_;
};

} // namespace

TEST(IncludeLines, QuotedAndAngledIncludesInOrder) {
  auto lines = includeLines("#include \"a.cuh\"\n  #  include <b/c.h>\n// #include \"d.h\"\n#include MACRO\n"
                            "#define X 1\n#include\t\"e.h\" // trailing\n#include \"\"\n");
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].name, "a.cuh");
  EXPECT_TRUE(lines[0].quoted);
  EXPECT_EQ(lines[1].name, "b/c.h");
  EXPECT_FALSE(lines[1].quoted);
  EXPECT_EQ(lines[2].name, "e.h");
}

TEST_F(ProjectTree, FollowsProjectHeadersToAKernel) {
  write("project/csrc/kernel.cuh", "template <int N> __global__ void k() {}\n");
  write("project/csrc/launch.h", "#include \"kernel.cuh\"\n");
  const std::string file = write("project/csrc/inst/head64.cu", "#include \"../launch.h\"\ntemplate void f<64>();\n");
  IncludedKernelCode included;
  EXPECT_TRUE(included.includesKernelCode(file, "#include \"../launch.h\"\n", search()));
  EXPECT_FALSE(included.includesKernelCode(file, "#include \"../missing.h\"\n", search()));
}

TEST_F(ProjectTree, AngledIncludesThroughTheSearchPath) {
  write("project/include/lib/kernels.cuh", "__global__ void k() {}\n");
  const std::string file = write("project/src/use.cu", "");
  IncludedKernelCode included;
  EXPECT_FALSE(included.includesKernelCode(file, "#include <lib/kernels.cuh>\n", search()));
  EXPECT_TRUE(included.includesKernelCode(file, "#include <lib/kernels.cuh>\n",
                                          search({"-I", project_ + "/include"})));
  EXPECT_TRUE(included.includesKernelCode(file, "#include <lib/kernels.cuh>\n", search({"-Iinclude"})));
}

TEST_F(ProjectTree, HeadersOutsideTheProjectAreNotRead) {
  write("elsewhere/kernels.cuh", "__global__ void k() {}\n");
  const std::string file = write("project/use.cu", "");
  IncludedKernelCode included;
  EXPECT_FALSE(included.includesKernelCode(file, "#include <kernels.cuh>\n", search({"-I", path("elsewhere")})));
}

TEST_F(ProjectTree, IncludeCyclesEndAndDoNotHideAKernel) {
  // a.h includes b.h and the kernel header; b.h includes only a.h. Asked
  // first through a.h, b.h is read while a.h is open: its "no" must not be
  // remembered.
  write("project/a.h", "#pragma once\n#include \"b.h\"\n#include \"k.cuh\"\n");
  write("project/b.h", "#pragma once\n#include \"a.h\"\n");
  write("project/k.cuh", "__global__ void k() {}\n");
  write("project/x.h", "#include \"y.h\"\n");
  write("project/y.h", "#include \"x.h\"\n");
  const std::string file = write("project/use.cu", "");
  IncludedKernelCode included;
  EXPECT_TRUE(included.includesKernelCode(file, "#include \"a.h\"\n", search()));
  EXPECT_TRUE(included.includesKernelCode(file, "#include \"b.h\"\n", search()));
  EXPECT_FALSE(included.includesKernelCode(file, "#include \"x.h\"\n", search()));
}
