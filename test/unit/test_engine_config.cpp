#include "config/ProjectConfig.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

using namespace btlint;

namespace {
std::string writeTemp(const std::string &text) {
  char name[] = "/tmp/btlint-config-XXXXXX";
  int fd = mkstemp(name);
  close(fd);
  std::ofstream(name) << text;
  return name;
}

std::vector<ConfigError> load(const std::string &text, ProjectConfig *out = nullptr) {
  std::string path = writeTemp(text);
  std::vector<ConfigError> errors;
  ProjectConfig config = loadProjectConfig(path, errors);
  if (out) *out = config;
  std::remove(path.c_str());
  return errors;
}
} // namespace

TEST(ProjectConfig, ReadsEverySection) {
  ProjectConfig config;
  auto errors = load("arch: [sm80, sm90]\n"
                     "dtype: bf16\n"
                     "select: [meta:*]\n"
                     "ignore: [unused-suppression]\n"
                     "exclude: [vendor/**]\n"
                     "fail-on: error\n"
                     "rules:\n  parse-error: {severity: warning}\n"
                     "overrides:\n  - paths: [amd/**]\n    arch: gfx942\n"
                     "kernels:\n  matmul_kernel: {dtype: fp16, shapes: {M: 4096}}\n",
                     &config);
  ASSERT_TRUE(errors.empty()) << errors[0].str();
  ASSERT_TRUE(config.archs);
  EXPECT_EQ(config.archs->size(), 2u);
  EXPECT_EQ(*config.dtype, "bf16");
  EXPECT_EQ(*config.failOn, Severity::Error);
  EXPECT_EQ(*config.rules["parse-error"].severity, Severity::Warning);
  ASSERT_EQ(config.overrides.size(), 1u);
  EXPECT_EQ((*config.overrides[0].archs)[0], "gfx942");
  EXPECT_EQ(config.kernels["matmul_kernel"].shapes["M"], 4096);
}

TEST(ProjectConfig, UnknownKeyHasLocationAndSuggestion) {
  auto errors = load("arch: sm90\nexlude: [a]\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].line, 2u);
  EXPECT_EQ(errors[0].column, 1u);
  EXPECT_NE(errors[0].message.find("did you mean `exclude`"), std::string::npos) << errors[0].message;
}

TEST(ProjectConfig, WrongTypesAndUnknownValues) {
  auto errors = load("arch: sm91\ndtype: [fp16]\nfail-on: loud\nselect: [parse-eror]\n");
  ASSERT_EQ(errors.size(), 4u);
  EXPECT_NE(errors[0].message.find("did you mean `sm90`"), std::string::npos) << errors[0].message;
  EXPECT_EQ(errors[1].line, 2u);
  EXPECT_NE(errors[3].message.find("did you mean `parse-error`"), std::string::npos) << errors[3].message;
}

TEST(ProjectConfig, MalformedYamlGivesLineAndColumn) {
  auto errors = load("arch: [sm90\nselect: x\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_GT(errors[0].line, 0u);
  EXPECT_NE(errors[0].message.find("malformed YAML"), std::string::npos);
}

TEST(ProjectConfig, UnknownRuleOptionIsAnError) {
  auto errors = load("rules:\n  parse-error:\n    max-errors: 3\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].line, 3u);
}

TEST(ProjectConfig, EmptyFileIsValid) { EXPECT_TRUE(load("").empty()); }

TEST(ProjectConfig, CudaDefinesMapMacroNamesToScalars) {
  ProjectConfig config;
  EXPECT_TRUE(load("cuda:\n  defines:\n    _N_: 64\n    USE_FP8: true\n", &config).empty());
  EXPECT_EQ(config.cudaDefines.at("_N_"), "64");
  EXPECT_EQ(config.cudaDefines.at("USE_FP8"), "true");

  auto unknown = load("cuda:\n  include: [a]\n");
  ASSERT_EQ(unknown.size(), 1u);
  EXPECT_EQ(unknown[0].line, 2u);
  EXPECT_NE(unknown[0].message.find("unknown CUDA setting `include`"), std::string::npos) << unknown[0].message;

  auto badName = load("cuda:\n  defines:\n    OK: 1\n    2BAD: 1\n    LIST: [1]\n");
  ASSERT_EQ(badName.size(), 2u);
  EXPECT_EQ(badName[0].line, 4u);
  EXPECT_NE(badName[0].message.find("`2BAD` is not a macro name"), std::string::npos) << badName[0].message;
  EXPECT_EQ(badName[1].line, 5u);
  EXPECT_NE(badName[1].message.find("macro `LIST` must be a string"), std::string::npos) << badName[1].message;
}

TEST(ProjectConfig, EnvironmentMapsNamesToScalars) {
  ProjectConfig config;
  EXPECT_TRUE(load("environment:\n  MYLIB_BACKEND: cuda\n  MYLIB_WARPS: 8\n", &config).empty());
  EXPECT_EQ(config.environment.at("MYLIB_BACKEND"), "cuda");
  EXPECT_EQ(config.environment.at("MYLIB_WARPS"), "8");

  auto notAMap = load("environment: [A, B]\n");
  ASSERT_EQ(notAMap.size(), 1u);
  EXPECT_EQ(notAMap[0].line, 1u);
  EXPECT_NE(notAMap[0].message.find("`environment` must map variable names"), std::string::npos);

  auto listValue = load("environment:\n  OK: 1\n  BAD: [1, 2]\n");
  ASSERT_EQ(listValue.size(), 1u);
  EXPECT_EQ(listValue[0].line, 3u);
  EXPECT_NE(listValue[0].message.find("`BAD` must be a string"), std::string::npos) << listValue[0].message;
}
