// libFuzzer target: arbitrary bytes as a Python file, parsed by btlint's own
// parser and by tree-sitter-python. Where the own parser reads a file, the two
// trees must be identical and tree-sitter must find no syntax error in it (a
// file the own parser accepted but tree-sitter rejects would lose its
// parse-error finding); anything else aborts. Inputs btlint would not read
// (NUL bytes, invalid UTF-8) are skipped.
#include "source/SourceFile.h"
#include "syntax/DirectParser.h"
#include "syntax/SyntaxTree.h"

#include "llvm/Support/ConvertUTF.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace btlint;
  using namespace btlint::python;
  // btlint reads only valid UTF-8 without NUL bytes (readSourceText): other
  // inputs never reach a parser.
  const llvm::UTF8 *cursor = data;
  if (std::memchr(data, 0, size) || !llvm::isLegalUTF8String(&cursor, data + size)) return 0;
  SourceFile source("kernel.py", Language::Python, std::string(reinterpret_cast<const char *>(data), size));
  std::vector<SyntaxNode> direct;
  if (!parseDirect(source.text(), direct)) return 0;
  std::vector<ParseProblem> problems;
  SyntaxTree reference = SyntaxTree::parse(source, problems, nullptr, SyntaxTree::Parser::TreeSitter);
  if (!problems.empty()) {
    std::fprintf(stderr, "btlint's parser read a file tree-sitter rejects: %s\n", problems[0].message.c_str());
    std::abort();
  }
  if (reference.size() != direct.size()) {
    std::fprintf(stderr, "trees differ in size: tree-sitter %zu, btlint %zu\n", reference.size(), direct.size());
    std::abort();
  }
  for (size_t id = 0; id < direct.size(); ++id) {
    const SyntaxNode &a = reference.node(static_cast<NodeId>(id)), &b = direct[id];
    if (a.startByte != b.startByte || a.endByte != b.endByte || a.firstChild != b.firstChild ||
        a.nextSibling != b.nextSibling || a.parent != b.parent || a.kind != b.kind || a.field != b.field) {
      std::fprintf(stderr, "trees differ at node %zu\n", id);
      std::abort();
    }
  }
  return 0;
}
