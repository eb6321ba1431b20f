// btlint's own Python parser (lib/syntax/DirectParser.h): the trees it builds
// are tree-sitter's, node for node, and what it does not read goes to
// tree-sitter, which reports the syntax errors.
#include "source/SourceFile.h"
#include "syntax/DirectParser.h"
#include "syntax/SyntaxTree.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace btlint;
using namespace btlint::python;

namespace {

std::vector<SyntaxNode> treeSitterNodes(const std::string &text, std::vector<ParseProblem> &problems) {
  SourceFile source("kernel.py", Language::Python, text);
  SyntaxTree tree = SyntaxTree::parse(source, problems, nullptr, SyntaxTree::Parser::TreeSitter);
  std::vector<SyntaxNode> nodes;
  for (size_t id = 0; id < tree.size(); ++id) nodes.push_back(tree.node(static_cast<NodeId>(id)));
  return nodes;
}

void expectSameTree(const std::string &text) {
  std::vector<ParseProblem> problems;
  std::vector<SyntaxNode> expected = treeSitterNodes(text, problems);
  ASSERT_TRUE(problems.empty()) << text;
  std::vector<SyntaxNode> direct;
  ASSERT_TRUE(parseDirect(text, direct)) << "gave up at DirectParser.cpp:" << directParserGiveUpLine() << "\n"
                                         << text;
  ASSERT_EQ(direct.size(), expected.size()) << text;
  for (size_t id = 0; id < direct.size(); ++id) {
    const SyntaxNode &a = expected[id], &b = direct[id];
    EXPECT_TRUE(a.startByte == b.startByte && a.endByte == b.endByte && a.kind == b.kind && a.field == b.field &&
                a.parent == b.parent && a.firstChild == b.firstChild && a.nextSibling == b.nextSibling)
        << "node " << id << " of\n"
        << text;
  }
}

TEST(DirectParser, BuildsTreeSittersTreeForAnAutotunedKernel) {
  expectSameTree(R"py(import triton
import triton.language as tl


def _configs():  # helper
    return [
        triton.Config({"BLOCK_M": bm, "BLOCK_K": bk}, num_stages=s, num_warps=4)
        for bm in [64, 128] for bk in (32, 64) for s in range(2, 5)
        if bm * bk <= 8192
    ]


@triton.autotune(configs=_configs(), key=["M", "K"])  # tuned per shape
@triton.jit
def kernel(x_ptr, M, K, BLOCK_M: tl.constexpr, BLOCK_K: tl.constexpr = 32):
    pid = tl.program_id(axis=0)
    offs = pid * BLOCK_M + tl.arange(0, BLOCK_M)[:, None]
    acc = tl.zeros((BLOCK_M, BLOCK_K), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        acc += tl.load(x_ptr + offs * K + k, mask=offs < M, other=0.0)
        # a comment at the block's depth stays in the block
    tl.store(x_ptr + offs, acc.to(tl.float16), mask=(offs < M) & (offs >= 0))


def launch(x):
    M, K = x.shape
    grid = lambda META: (triton.cdiv(M, META["BLOCK_M"]),)
    kernel[grid](x, M, K)
    print(f"launched {M=} rows, {K:>8d} columns, {{literal}}\n")
    return x if M > 0 else None
)py");
}

TEST(DirectParser, CommentsAndLineEndsPlaceBlockEndsLikeTreeSitter) {
  // A block ends after the comment lines indented at least as deep as it;
  // a decorator after its trailing comment.
  expectSameTree("def f():\n    # first\n    x = 1  # trailing\n    # same depth\n  # shallower\n# top\ny = 2\n");
  expectSameTree("@jit  # note\ndef g(a, /, b, *, c=1, **kw) -> int: return a\n");
  expectSameTree("if a:\n    if b:\n        c\n    # four\n# zero\nd\n");
}

TEST(DirectParser, ExpressionsAndTargets) {
  expectSameTree("x, *y = a if b else c\n(a, b) = [c, d] = e\nz = not a and b or c < d <= e is not f not in g\n");
  expectSameTree("v = -a ** -b + ~c @ d // e % f << g | h & i ^ j\nw = x[1:2, ::3, ...][None]\n");
  expectSameTree("d = {**a, 'k': [*b, c], 'g': {i for i in c}}\nf(*args, key=1, **kw)\nf(x for x in y)\n");
  expectSameTree("def h(x: Optional[int] = None, y: list[int] | None = None, z: tl.tensor = 0): pass\n");
}

TEST(DirectParser, LeavesWhatItDoesNotReadToTreeSitter) {
  std::vector<SyntaxNode> nodes;
  EXPECT_FALSE(parseDirect("def f(:\n    pass\n", nodes));                 // syntax error
  EXPECT_FALSE(parseDirect("match x:\n    case 1:\n        pass\n", nodes)); // match statement
  EXPECT_FALSE(parseDirect("async def f():\n    return await g() + 1\n", nodes)); // precedence differs
  EXPECT_FALSE(parseDirect("print 'python 2'\n", nodes));
  EXPECT_FALSE(parseDirect("x = 0o\n", nodes));                             // no digits
  EXPECT_FALSE(parseDirect(std::string("x = 1\0\n", 7), nodes));            // NUL byte
  std::string chain = "x = 1";
  for (int i = 0; i < 5000; ++i) chain += " + 1";
  EXPECT_FALSE(parseDirect(chain + "\n", nodes)); // deeper than SyntaxTree's limit
}

// Python splats the whole operand after a star in a bare tuple; tree-sitter
// reports a syntax error for some of these in real files.
TEST(DirectParser, ReadsStarredOperandsInBareTuples) {
  for (const char *text : {"def f(dx):\n    return dx, *[None] * 10\n",
                           "def g(a, b):\n    return a, b, *((None,) * 21)\n", "t = 1, *f(x), 2\n"}) {
    std::vector<SyntaxNode> nodes;
    ASSERT_TRUE(parseDirect(text, nodes)) << text;
    size_t splats = 0;
    for (const SyntaxNode &node : nodes)
      if (node.kind == NodeKind::ListSplat) {
        ++splats;
        ASSERT_NE(node.firstChild, 0u) << text;
        EXPECT_NE(nodes[node.firstChild].kind, NodeKind::Identifier) << text; // the whole operand
      }
    EXPECT_EQ(splats, 1u) << text;
  }
}

// Python 3.12's type parameters and aliases (PEP 695), unpacking in
// annotations and subscripts (PEP 646) and f-strings that reuse their quote
// (PEP 701), as tree-sitter reads them.
TEST(DirectParser, ReadsPython312Syntax) {
  expectSameTree("@d\ndef f[T, *Ts, **P](x: T, *args: *Ts, **kw: P.kwargs) -> tuple[T, *Ts]:\n    return x\n");
  expectSameTree("class C[T]:\n    type Inner = list[T]\nclass D[T: (int, str), U](Base): pass\n");
  expectSameTree("type Alias[K, V: int] = dict[K, V]\ntype Simple = int | None\ntype = 3\nprint(type(x))\n");
  expectSameTree("v = z[*a, 1]\nw = z[i, *b][1]\n");
  expectSameTree(R"(s = f"{x["a"]:>{w}} {y['b']!r} {f"{f"{deep}"}"}"
t = f"{d["k"]["j"]=}"
u = f"""{x["a"]} {'''n'''} {f"{z}"}"""
)");
}

TEST(DirectParser, ReadsAsyncCode) {
  expectSameTree("async def f(x):\n    async with a as b:\n        await g(x)\n    async for i in y:\n        pass\n"
                 "    return [i async for i in z], {k: await v for k, v in w}\n@d\nasync def h(): pass\n");
}

// `type(self).x = y`: tree-sitter reads a type alias, this parser an
// assignment, and says it read the file unlike tree-sitter.
TEST(DirectParser, ReadsAssignmentsThatStartWithType) {
  std::vector<SyntaxNode> nodes;
  ASSERT_TRUE(parseDirect("def f(self, r):\n    type(self).last = r\n", nodes));
  EXPECT_TRUE(directParserReadUnlikeTreeSitter());
  size_t assignments = 0;
  for (const SyntaxNode &node : nodes) assignments += node.kind == NodeKind::Assignment;
  EXPECT_EQ(assignments, 1u);
}

// A starred operand tree-sitter rejects, in a file of Python 3.12 syntax:
// read, and marked as read beyond tree-sitter for the agreement tool.
TEST(DirectParser, ReadsStarredOperandsBesidePython312Syntax) {
  std::vector<SyntaxNode> nodes;
  ASSERT_TRUE(parseDirect("type T = int\ndef grad[X](dy: X):\n    return dy, *(None,) * 3\n", nodes));
  EXPECT_TRUE(directParserReadUnlikeTreeSitter());
  ASSERT_TRUE(parseDirect("type T = int\ndef grad[X](dy: X):\n    return dy, *rest\n", nodes));
  EXPECT_FALSE(directParserReadUnlikeTreeSitter());
  EXPECT_FALSE(parseDirect("def f[T = int](x): pass\n", nodes)); // PEP 696 defaults go to tree-sitter
}

// `*call(...)` and `*a.b` in list and set displays: Python splats the whole
// operand, and so does this parser; a file that also holds a starred
// operand tree-sitter rejects (`return *[u] * 5, v`) is then read whole,
// not left to tree-sitter's error.
TEST(DirectParser, ReadsStarredCallsInListsAndSets) {
  std::vector<SyntaxNode> nodes;
  ASSERT_TRUE(parseDirect("def f(a, p):\n    paths = sorted([*a, *glob.glob(p)])\n    s = {*a.b, 1}\n"
                          "    return *[g()] * 5, paths\n",
                          nodes));
  EXPECT_TRUE(directParserReadUnlikeTreeSitter());
  size_t splats = 0;
  for (const SyntaxNode &node : nodes)
    if (node.kind == NodeKind::ListSplat) ++splats;
  EXPECT_EQ(splats, 4u);
  ASSERT_TRUE(parseDirect("x = [*a, *b]\ny = {*c}\n", nodes));
  EXPECT_FALSE(directParserReadUnlikeTreeSitter());
}

// `with a if c else b as x:` binds the conditional's value, as Python
// does; tree-sitter binds `b as x` inside it: read, and marked as read
// unlike tree-sitter.
TEST(DirectParser, ReadsConditionalContextManagers) {
  std::vector<SyntaxNode> nodes;
  ASSERT_TRUE(parseDirect("def f(c):\n    with g(1) if c else h() as a:\n        pass\n", nodes));
  EXPECT_TRUE(directParserReadUnlikeTreeSitter());
  ASSERT_TRUE(parseDirect("def f(c):\n    with g(1) as a, h() if c else k():\n        pass\n", nodes));
  EXPECT_FALSE(directParserReadUnlikeTreeSitter());
}

TEST(DirectParser, SyntaxErrorsAreStillReported) {
  SourceFile source("kernel.py", Language::Python, "def f(:\n    pass\n\nx = [1, 2\n");
  std::vector<ParseProblem> problems;
  SyntaxTree tree = SyntaxTree::parse(source, problems);
  EXPECT_FALSE(problems.empty());
  EXPECT_FALSE(tree.empty());
}

// Parameter names as the readers of call sites need them: every spelling of
// a positional parameter, `/` skipped, and nothing past `*` or `*args`.
TEST(SyntaxTreeParameters, PositionalNamesStopAtTheFirstSplat) {
  std::vector<ParseProblem> problems;
  SourceFile source("kernel.py", Language::Python,
                    "def f(a, b: int, c=1, d: int = 2, /, e=3, *rest, f=4, **kw):\n    pass\n"
                    "def g(x, y):\n    pass\n");
  SyntaxTree tree = SyntaxTree::parse(source, problems, nullptr);
  ASSERT_TRUE(problems.empty());
  std::vector<NodeId> definitions;
  for (size_t id = 0; id < tree.size(); ++id)
    if (tree.kind(static_cast<NodeId>(id)) == NodeKind::FunctionDefinition) definitions.push_back(static_cast<NodeId>(id));
  ASSERT_EQ(definitions.size(), 2u);
  bool stopped = false;
  EXPECT_EQ(tree.positionalParameterNames(definitions[0], &stopped),
            (std::vector<std::string_view>{"a", "b", "c", "d", "e"}));
  EXPECT_TRUE(stopped);
  EXPECT_EQ(tree.positionalParameterNames(definitions[1], &stopped), (std::vector<std::string_view>{"x", "y"}));
  EXPECT_FALSE(stopped);
}

// The identifier walk two readers share: source order, nested calls,
// attributes and subscripts included, a leaf alone.
TEST(SyntaxTreeIdentifiers, UnderANodeInSourceOrder) {
  std::vector<ParseProblem> problems;
  SourceFile source("kernel.py", Language::Python, "flag = f(x.dim(), y[k] + 1) == n\n");
  SyntaxTree tree = SyntaxTree::parse(source, problems, nullptr);
  ASSERT_TRUE(problems.empty());
  NodeId assignment = kNoNode;
  for (size_t id = 0; id < tree.size(); ++id)
    if (tree.kind(static_cast<NodeId>(id)) == NodeKind::Assignment) assignment = static_cast<NodeId>(id);
  ASSERT_NE(assignment, kNoNode);
  const NodeId right = tree.child(assignment, Field::Right);
  EXPECT_EQ(tree.identifiersUnder(right), (std::vector<std::string_view>{"f", "x", "dim", "y", "k", "n"}));
  const NodeId left = tree.child(assignment, Field::Left);
  EXPECT_EQ(tree.identifiersUnder(left), (std::vector<std::string_view>{"flag"}));
  EXPECT_TRUE(tree.identifiersUnder(kNoNode).empty());
}

} // namespace
