#include "engine/AnalysisSetup.h"

#include <gtest/gtest.h>

#include <algorithm>

using btlint::expandRuleSelectors;

TEST(RuleSelectors, IdsAndCategoriesPassThrough) {
  std::vector<std::string> selectors{"smem-over-budget", "tuning:*"};
  EXPECT_EQ(expandRuleSelectors(selectors), "");
  EXPECT_EQ(selectors, (std::vector<std::string>{"smem-over-budget", "tuning:*"}));
}

TEST(RuleSelectors, GlobBecomesTheIdsItMatches) {
  std::vector<std::string> selectors{"*-over-budget"};
  EXPECT_EQ(expandRuleSelectors(selectors), "");
  ASSERT_FALSE(selectors.empty());
  EXPECT_NE(std::find(selectors.begin(), selectors.end(), "smem-over-budget"), selectors.end());
  for (const auto &id : selectors) EXPECT_TRUE(id.ends_with("-over-budget")) << id;
}

TEST(RuleSelectors, GlobMatchingNothingIsNamed) {
  std::vector<std::string> selectors{"tile-*", "zzz-*"};
  EXPECT_EQ(expandRuleSelectors(selectors), "`zzz-*` matches no rule (`btlint rules` lists them)");
  EXPECT_EQ(selectors, (std::vector<std::string>{"tile-*", "zzz-*"})); // left as given on error
}

TEST(RuleSelectors, UnknownIdAndCategoryKeepTheirMessages) {
  std::vector<std::string> id{"smem-over-budgt"};
  EXPECT_NE(expandRuleSelectors(id).find("did you mean `smem-over-budget`"), std::string::npos);
  std::vector<std::string> category{"tunning:*"};
  EXPECT_NE(expandRuleSelectors(category).find("unknown rule category `tunning`"), std::string::npos);
}
