#include "engine/Suppressions.h"

#include <gtest/gtest.h>

using namespace btlint;

static std::vector<Suppression> parse(const std::string &text, Language language = Language::Python) {
  SourceFile source(language == Language::Cuda ? "k.cu" : "k.py", language, text);
  return parseSuppressions(source);
}

TEST(Suppressions, LineNextLineAndFile) {
  auto s = parse("x = 1  # btlint: ignore[a-rule, b-rule]\n"
                 "# btlint: ignore-next-line[c-rule]\n"
                 "y = 2\n"
                 "# btlint: file-ignore[d-rule]\n");
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(s[0].scope, Suppression::Scope::Line);
  EXPECT_EQ(s[0].targetLine, 1u);
  ASSERT_EQ(s[0].ids.size(), 2u);
  EXPECT_EQ(s[0].ids[1].id, "b-rule");
  EXPECT_EQ(s[0].ids[1].span.column, 33u);
  EXPECT_EQ(s[1].scope, Suppression::Scope::NextLine);
  EXPECT_EQ(s[1].targetLine, 3u);
  EXPECT_EQ(s[2].scope, Suppression::Scope::File);
}

TEST(Suppressions, ListIsMandatory) {
  auto s = parse("x = 1  # btlint: ignore\ny = 2  # btlint: ignore[]\nz  # btlint: ignor[a]\nw  # btlint: ignore[a\n");
  ASSERT_EQ(s.size(), 4u);
  for (const auto &one : s) EXPECT_FALSE(one.malformed.empty());
}

TEST(Suppressions, SettingsCommentsAndProseAreNotSuppressions) {
  auto s = parse("# btlint: dtype=bf16\n# see the btlint: docs\ns = \"btlint: ignore[x]\"\n");
  EXPECT_TRUE(s.empty());
}

TEST(Suppressions, CudaCommentsAndNolint) {
  auto s = parse("int a; // btlint: ignore[static-smem-over-48k]\n"
                 "int b; // NOLINT(btlint-block-size-invalid, bugprone-foo)\n"
                 "// NOLINTNEXTLINE(btlint-smem-over-budget)\n"
                 "int c; // NOLINT\n"
                 "int d; # btlint: ignore[x]\n",
                 Language::Cuda);
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(s[0].ids[0].id, "static-smem-over-48k");
  ASSERT_EQ(s[1].ids.size(), 1u); // clang-tidy's own ids are left to clang-tidy
  EXPECT_EQ(s[1].ids[0].id, "block-size-invalid");
  EXPECT_EQ(s[2].scope, Suppression::Scope::NextLine);
  EXPECT_EQ(s[2].targetLine, 4u);
}

TEST(Suppressions, MatchingMarksUse) {
  auto s = parse("x = 1  # btlint: ignore[a-rule, b-rule]\n");
  Diagnostic d;
  d.ruleId = "a-rule";
  d.span.line = 1;
  EXPECT_TRUE(suppresses(s, d));
  d.span.line = 2;
  EXPECT_FALSE(suppresses(s, d));
  EXPECT_TRUE(s[0].ids[0].used);
  EXPECT_FALSE(s[0].ids[1].used);
}
