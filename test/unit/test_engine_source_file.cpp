#include "engine/Engine.h"
#include "source/SourceFile.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

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

TEST(SourceFile, Utf16ColumnsCountCodeUnitsBeforeTheByteColumn) {
  const std::string line = "x = \"caf\xC3\xA9 \xF0\x9F\x99\x82\"  # BLOCK"; // "café 🙂"
  EXPECT_EQ(utf16Column(line, 1), 1u);
  EXPECT_EQ(utf16Column(line, 5), 5u);            // all ASCII before it
  EXPECT_EQ(utf16Column(line, 11), 10u);          // after "é": two bytes, one unit
  EXPECT_EQ(utf16Column(line, 16), 13u);          // after "🙂": four bytes, two units
  EXPECT_EQ(utf16Column(line, line.size() + 1), line.size() + 1 - 3); // the end of the line
  EXPECT_EQ(utf16Column(line, line.size() + 3), line.size() + 3 - 3); // past it: the distance stays
  EXPECT_EQ(utf16Column("\xFF\xFF" "ab", 4), 4u);   // bytes that are not UTF-8 count one each
}

namespace {
// A file under a fresh temporary folder, removed with it.
struct TempFolder {
  std::string path;
  TempFolder() {
    char name[] = "/tmp/btlint-read-XXXXXX";
    path = mkdtemp(name);
  }
  ~TempFolder() { std::filesystem::remove_all(path); }
  std::string write(const std::string &file, const std::string &text) const {
    std::string full = path + "/" + file;
    std::ofstream(full, std::ios::binary) << text;
    return full;
  }
};
} // namespace

TEST(SourceFile, ReadSourceTextReadsWholeFilesAndSaysWhyNot) {
  TempFolder folder;
  std::string error;
  EXPECT_EQ(readSourceText(folder.write("empty.py", ""), 100, error), std::string());
  EXPECT_EQ(readSourceText(folder.write("exact.py", std::string(100, 'x')), 100, error), std::string(100, 'x'));
  EXPECT_EQ(readSourceText(folder.write("bom.py", "\xEF\xBB\xBFx = 1\n"), 100, error), std::string("x = 1\n"));
  // A file larger than one read's worth comes whole.
  std::string big(200000, 'y');
  EXPECT_EQ(readSourceText(folder.write("big.py", big), 1 << 20, error), big);

  error.clear();
  EXPECT_FALSE(readSourceText(folder.write("over.py", std::string(101, 'x')), 100, error));
  EXPECT_EQ(error, "file is 101 bytes; btlint reads files up to 100 bytes");
  EXPECT_FALSE(readSourceText(folder.path + "/missing.py", 100, error));
  EXPECT_EQ(error, "cannot read file: No such file or directory");
  EXPECT_FALSE(readSourceText(folder.path, 1 << 20, error));
  EXPECT_EQ(error, "cannot read file: Is a directory");
  EXPECT_FALSE(readSourceText(folder.write("nul.py", std::string("x\0y", 3)), 100, error));
  EXPECT_EQ(error, "binary file (NUL byte at offset 1); not analysed");
}
