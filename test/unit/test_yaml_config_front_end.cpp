#include "yaml/YamlConfigFrontEnd.h"

#include <gtest/gtest.h>

using namespace btlint;

namespace {
FileModel buildFor(const std::string &text, const char *arch = "sm90") {
  static auto frontEnd = makeYamlConfigFrontEnd();
  SourceFile source("tune.yaml", Language::Yaml, text);
  auto parsed = frontEnd->parse(source);
  ModelContext context;
  context.arch = findArch(arch);
  FileModel model;
  frontEnd->buildModel(*parsed, context, model);
  return model;
}
} // namespace

TEST(YamlConfigFrontEnd, SingleKernelTable) {
  FileModel model = buildFor("kernel: matmul_kernel\nkey: [M, N]\nconfigs:\n"
                             "  - {BLOCK_M: 128, BLOCK_N: 64, num_warps: 4, num_stages: 3}\n"
                             "  - {BLOCK_M: 64, BLOCK_N: 64, num_warps: 2}\n");
  ASSERT_TRUE(model.parseProblems.empty());
  ASSERT_EQ(model.kernels.size(), 1u);
  const Kernel &k = model.kernels[0];
  EXPECT_EQ(k.name, "matmul_kernel");
  EXPECT_EQ(k.language, Language::Yaml);
  ASSERT_EQ(k.autotune->configs.configs.size(), 2u);
  const Config &c = k.autotune->configs.configs[0];
  EXPECT_EQ(c.params.at("BLOCK_M").asInt(), 128);
  EXPECT_EQ(c.params.at("BLOCK_M").span().line, 4u);
  EXPECT_EQ(c.params.at("BLOCK_M").span().column, 15u); // the value 128
  EXPECT_EQ(c.numWarps->asInt(), 4);
  EXPECT_EQ(c.numStages->asInt(), 3);
  EXPECT_FALSE(k.autotune->configs.configs[1].numStages);
  ASSERT_EQ(k.autotune->key.size(), 2u);
  EXPECT_EQ(k.autotune->key[1].name, "N");
}

TEST(YamlConfigFrontEnd, ArchKeyedListsFollowTheTarget) {
  const char *text = "kernels:\n  rms_norm:\n    sm90: [{BLOCK: 1024}]\n    default: [{BLOCK: 256}, {BLOCK: 512}]\n";
  EXPECT_EQ(buildFor(text, "sm90").kernels[0].autotune->configs.configs.size(), 1u);
  EXPECT_EQ(buildFor(text, "sm80").kernels[0].autotune->configs.configs.size(), 2u);
}

TEST(YamlConfigFrontEnd, ShapeKeyedListsAreCheckedOneByOne) {
  FileModel model = buildFor("kernels:\n  ln:\n    by_shape:\n      \"N=1024\": [{BLOCK: 1024}]\n"
                             "      \"N=4096\": [{BLOCK: 4096}, {BLOCK: 2048}]\n");
  ASSERT_EQ(model.kernels.size(), 2u);
  EXPECT_EQ(model.kernels[1].autotune->configs.configs.size(), 2u);
}

TEST(YamlConfigFrontEnd, ValuesKeepTheirTypes) {
  FileModel model = buildFor("kernel: k\nconfigs:\n  - {A: 1.5, B: 'x', C: true, D: \"64\"}\n");
  const Config &c = model.kernels[0].autotune->configs.configs[0];
  EXPECT_TRUE(c.params.at("A").isFloat());
  EXPECT_TRUE(c.params.at("B").isString());
  EXPECT_TRUE(c.params.at("C").isBool());
  EXPECT_TRUE(c.params.at("D").isString()); // quoted: a string, not a number
}

TEST(YamlConfigFrontEnd, ProblemsHaveLocations) {
  FileModel broken = buildFor("kernels:\n  a: [1, {x: 2]\n");
  ASSERT_EQ(broken.parseProblems.size(), 1u);
  EXPECT_EQ(broken.parseProblems[0].span.line, 2u);
  FileModel badShape = buildFor("kernels:\n  a:\n    sm91: []\n");
  ASSERT_EQ(badShape.parseProblems.size(), 1u);
  EXPECT_NE(badShape.parseProblems[0].message.find("unknown key `sm91`"), std::string::npos);
  FileModel notAMap = buildFor("kernel: k\nconfigs: [3]\n");
  ASSERT_EQ(notAMap.parseProblems.size(), 1u);
  EXPECT_EQ(notAMap.parseProblems[0].span.line, 2u);
}

TEST(YamlConfigFrontEnd, OtherYamlIsLeftAlone) {
  FileModel model = buildFor("name: ci\non: [push]\njobs: {}\n");
  EXPECT_TRUE(model.kernels.empty());
  EXPECT_TRUE(model.parseProblems.empty());
}

// The table keys in another tool's schema: a CI manifest whose `configs`
// lists recipe files, a `kernels` list of names or map of strings. Not
// tables, no problems; a `configs` list of mappings without its `kernel`
// is one, and says what it lacks.
TEST(YamlConfigFrontEnd, TableKeysInAnotherSchemaAreLeftAlone) {
  for (const char *text : {"configs:\n  - recipes/llama.yaml\n  - recipes/qwen.yaml\n", "kernels: [gemm, softmax]\n",
                           "kernels:\n  gemm: csrc/gemm.cu\n", "configs: {}\n", "configs: []\n"}) {
    FileModel model = buildFor(text);
    EXPECT_TRUE(model.kernels.empty()) << text;
    EXPECT_TRUE(model.parseProblems.empty()) << text;
  }
  FileModel withoutKernel = buildFor("configs:\n  - {BLOCK_M: 64, num_warps: 4}\n");
  ASSERT_EQ(withoutKernel.parseProblems.size(), 1u);
  EXPECT_NE(withoutKernel.parseProblems[0].message.find("needs a `kernel: NAME`"), std::string::npos);
}
