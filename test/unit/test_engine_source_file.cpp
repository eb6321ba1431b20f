#include "engine/SourceFile.h"

#include <gtest/gtest.h>

using namespace btlint;

TEST(SourceFile, OffsetsMapToLinesAndColumns) {
  SourceFile f("k.py", Language::Python, "ab\ncde\r\n\nf");
  EXPECT_EQ(f.lineColumn(0), std::make_pair(1u, 1u));
  EXPECT_EQ(f.lineColumn(3), std::make_pair(2u, 1u));
  EXPECT_EQ(f.lineColumn(5), std::make_pair(2u, 3u));
  EXPECT_EQ(f.lineColumn(9), std::make_pair(4u, 1u));
  EXPECT_EQ(f.lineText(2), "cde"); // CR dropped
  EXPECT_EQ(f.lineText(3), "");
  EXPECT_EQ(f.lineCount(), 4u);
  SourceSpan s = f.span(3, 6);
  EXPECT_EQ(s.line, 2u);
  EXPECT_EQ(s.endColumn, 4u);
}
