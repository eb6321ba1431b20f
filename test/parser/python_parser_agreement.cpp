// Checks that btlint's own Python parser (lib/syntax/DirectParser.h) builds
// exactly the tree that the tree-sitter path builds, node for node: kind,
// field, byte span, parent, children. Files the own parser leaves to
// tree-sitter are counted, not compared, and so are files of valid Python
// that tree-sitter rejects or reads unlike Python where the own parser reads
// them as Python does (directParserReadUnlikeTreeSitter). Exit status 1 on
// any difference.
//
// Usage: python_parser_agreement [--list FILE] [--quiet] [--dump] [--min-direct-share S] FILE...
// --min-direct-share S: fail when btlint's parser reads fewer than S (0..1) of the files itself.
// --dump: print both parsers' trees of each file, one node per line (for
// matching a new construct's shape to tree-sitter's).
#include "source/SourceFile.h"
#include "syntax/DirectParser.h"
#include "syntax/SyntaxTree.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace btlint;
using namespace btlint::python;

namespace {

std::string excerpt(const std::string &text, uint32_t start, uint32_t end) {
  std::string out = text.substr(start, std::min<uint32_t>(end - start, 60));
  for (char &c : out)
    if (c == '\n') c = '|';
  return out;
}

void describe(const char *label, const std::vector<SyntaxNode> &nodes, size_t id, const std::string &text) {
  if (id >= nodes.size()) {
    std::printf("  %s: (no node %zu)\n", label, id);
    return;
  }
  const SyntaxNode &n = nodes[id];
  std::printf("  %s: node %zu kind %d field %d [%u,%u) parent %u first %u next %u  \"%s\"\n", label, id,
              static_cast<int>(n.kind), static_cast<int>(n.field), n.startByte, n.endByte, n.parent, n.firstChild,
              n.nextSibling, excerpt(text, n.startByte, n.endByte).c_str());
}

void dump(const char *label, const std::vector<SyntaxNode> &nodes, const std::string &text) {
  std::printf("%s:\n", label);
  for (size_t id = 0; id < nodes.size(); ++id) {
    int depth = 0;
    for (size_t up = id; up != 0; up = nodes[up].parent) ++depth;
    const SyntaxNode &n = nodes[id];
    std::printf("%4zu %*skind %d field %d [%u,%u) \"%s\"\n", id, 2 * depth, "", static_cast<int>(n.kind),
                static_cast<int>(n.field), n.startByte, n.endByte, excerpt(text, n.startByte, n.endByte).c_str());
  }
}

bool same(const SyntaxNode &a, const SyntaxNode &b) {
  return a.startByte == b.startByte && a.endByte == b.endByte && a.firstChild == b.firstChild &&
         a.nextSibling == b.nextSibling && a.parent == b.parent && a.kind == b.kind && a.field == b.field;
}

} // namespace

int main(int argc, char **argv) {
  std::vector<std::string> paths;
  bool quiet = false;
  bool dumpTrees = false;
  double minDirectShare = 0; // of the files, the least share btlint's parser must read itself
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--quiet") {
      quiet = true;
    } else if (arg == "--dump") {
      dumpTrees = true;
    } else if (arg == "--min-direct-share" && i + 1 < argc) {
      minDirectShare = std::atof(argv[++i]);
    } else if (arg == "--list" && i + 1 < argc) {
      std::ifstream list(argv[++i]);
      for (std::string line; std::getline(list, line);)
        if (!line.empty()) paths.push_back(line);
    } else {
      paths.push_back(arg);
    }
  }
  size_t compared = 0, leftToTreeSitter = 0, leftValid = 0, differ = 0, unreadable = 0, beyond = 0;
  for (const std::string &path : paths) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      ++unreadable;
      continue;
    }
    std::stringstream buffer;
    buffer << in.rdbuf();
    SourceFile source(path, Language::Python, buffer.str());
    std::vector<ParseProblem> problems;
    SyntaxTree reference = SyntaxTree::parse(source, problems, nullptr, SyntaxTree::Parser::TreeSitter);
    std::vector<SyntaxNode> direct;
    const bool directRead = parseDirect(source.text(), direct);
    if (dumpTrees) {
      std::vector<SyntaxNode> referenceNodes;
      for (size_t id = 0; id < reference.size(); ++id)
        referenceNodes.push_back(reference.node(static_cast<NodeId>(id)));
      dump("tree-sitter", referenceNodes, source.text());
      if (directRead) dump("btlint", direct, source.text());
    }
    if (!directRead) {
      ++leftToTreeSitter;
      if (problems.empty()) {
        ++leftValid;
        if (!quiet)
          std::printf("left to tree-sitter (no syntax error): %s (DirectParser.cpp:%d)\n", path.c_str(),
                      directParserGiveUpLine());
      } else if (!quiet) {
        std::printf("left to tree-sitter, which reports %s at line %u: %s (DirectParser.cpp:%d)\n",
                    problems[0].message.c_str(), problems[0].span.line, path.c_str(), directParserGiveUpLine());
      }
      continue;
    }
    ++compared;
    std::vector<SyntaxNode> expected;
    for (size_t id = 0; id < reference.size(); ++id) expected.push_back(reference.node(static_cast<NodeId>(id)));
    if (directParserReadUnlikeTreeSitter()) {
      ++beyond;
      if (!quiet && problems.empty())
        std::printf("read as Python does, unlike tree-sitter: %s\n", path.c_str());
      else if (!quiet)
        std::printf("read as Python does, tree-sitter reports %s at line %u: %s\n", problems[0].message.c_str(),
                    problems[0].span.line, path.c_str());
      continue;
    }
    if (!problems.empty()) {
      ++differ;
      std::printf("DIFFERS %s: tree-sitter reports a syntax error (%s at line %u), btlint's parser read it\n",
                  path.c_str(), problems[0].message.c_str(), problems[0].span.line);
      continue;
    }
    size_t count = std::max(expected.size(), direct.size());
    for (size_t id = 0; id < count; ++id) {
      if (id < expected.size() && id < direct.size() && same(expected[id], direct[id])) continue;
      ++differ;
      std::printf("DIFFERS %s (%zu nodes from tree-sitter, %zu from btlint's parser), first at node %zu:\n",
                  path.c_str(), expected.size(), direct.size(), id);
      describe("tree-sitter", expected, id, source.text());
      describe("btlint     ", direct, id, source.text());
      if (id < expected.size()) describe("ts parent  ", expected, expected[id].parent, source.text());
      break;
    }
  }
  std::printf("files %zu: compared %zu, identical %zu, differ %zu, read unlike tree-sitter %zu; left to "
              "tree-sitter %zu (%zu without a syntax error); unreadable %zu\n",
              paths.size(), compared, compared - differ - beyond, differ, beyond, leftToTreeSitter, leftValid,
              unreadable);
  // A parser that gave up on everything would agree trivially.
  const double share = paths.empty() ? 1.0 : static_cast<double>(compared) / static_cast<double>(paths.size());
  if (share < minDirectShare) {
    std::printf("btlint's parser read %.1f%% of the files itself, below the floor of %.1f%%\n", 100 * share,
                100 * minDirectShare);
    return 1;
  }
  return differ == 0 && unreadable == 0 ? 0 : 1;
}
