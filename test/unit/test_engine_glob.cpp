#include "engine/Glob.h"

#include <gtest/gtest.h>

using btlint::globMatch;

TEST(Glob, StarStaysInOneSegment) {
  EXPECT_TRUE(globMatch("*.py", "kernel.py"));
  EXPECT_FALSE(globMatch("*.py", "ops/kernel.py"));
  EXPECT_TRUE(globMatch("ops/*.py", "ops/kernel.py"));
}

TEST(Glob, DoubleStarSpansSegments) {
  EXPECT_TRUE(globMatch("**/*.py", "a/b/c.py"));
  EXPECT_TRUE(globMatch("**/*.py", "c.py")); // zero folders
  EXPECT_TRUE(globMatch("amd/**", "amd/x/y.py"));
  EXPECT_FALSE(globMatch("amd/**", "nvidia/x.py"));
}

TEST(Glob, QuestionMarkAndClasses) {
  EXPECT_TRUE(globMatch("k?.py", "k1.py"));
  EXPECT_FALSE(globMatch("k?.py", "k/.py"));
  EXPECT_TRUE(globMatch("sm[89]0.yaml", "sm90.yaml"));
  EXPECT_FALSE(globMatch("sm[89]0.yaml", "sm70.yaml"));
  EXPECT_TRUE(globMatch("sm[!7]0.yaml", "sm80.yaml"));
  EXPECT_TRUE(globMatch("v[0-9].py", "v3.py"));
  EXPECT_TRUE(globMatch("[x", "[x")); // unclosed class matches literally
}
