#pragma once
// A compact, read-only copy of a tree-sitter-python tree. tree-sitter's own
// child access is linear in the child index and its trees are several times
// larger; this array keeps what analysis needs (named nodes plus operator
// tokens, without comments) with O(1) navigation and integer kinds, and lets
// the TSTree be freed right after parsing. Well-formed files are read by
// btlint's own parser (DirectParser.h), which builds the identical array
// without tree-sitter; files it does not read go to tree-sitter.
#include "source/FrontEnd.h"
#include "source/SourceFile.h"
#include "model/KernelModel.h"

#include <cstdint>
#include <string_view>
#include <vector>

struct TSTree;

namespace btlint::python {

// tree-sitter's own tree of a file, kept between parses by editors (btlint
// lsp): told about each edit (ts_tree_edit), it lets the next parse reuse the
// unchanged subtrees instead of parsing the whole file again.
class KeptTree {
public:
  KeptTree() = default;
  KeptTree(const KeptTree &) = delete;
  KeptTree &operator=(const KeptTree &) = delete;
  ~KeptTree();
  void edit(const SourceEdit &edit);
  bool empty() const { return tree_ == nullptr; }
  void reset(TSTree *tree);

private:
  friend class SyntaxTree;
  TSTree *tree_ = nullptr;
};

enum class NodeKind : uint8_t {
  Other,
  // statements and definitions
  Module, FunctionDefinition, DecoratedDefinition, Decorator, ClassDefinition, Block,
  Parameters, LambdaParameters, TypedParameter, DefaultParameter, TypedDefaultParameter,
  ListSplatPattern, DictionarySplatPattern, KeywordSeparator, PositionalSeparator, Type,
  ExpressionStatement, Assignment, AugmentedAssignment, ReturnStatement, IfStatement,
  ElifClause, ElseClause, ForStatement, WhileStatement, TryStatement, ExceptClause,
  FinallyClause, WithStatement, PassStatement, BreakStatement, ContinueStatement,
  AssertStatement, GlobalStatement, RaiseStatement, DeleteStatement, ImportStatement,
  ImportFromStatement, FutureImportStatement, AliasedImport, DottedName, RelativeImport,
  ImportPrefix, WildcardImport,
  // expressions
  Identifier, Call, ArgumentList, KeywordArgument, ListSplat, DictionarySplat, Attribute,
  Subscript, Slice, Integer, Float, String, StringContent, EscapeSequence, Interpolation,
  ConcatenatedString, True, False, None, List, Tuple, Set, Dictionary, Pair,
  ParenthesizedExpression, ListComprehension, SetComprehension, DictionaryComprehension,
  GeneratorExpression, ForInClause, IfClause, BinaryOperator, UnaryOperator, BooleanOperator,
  NotOperator, ComparisonOperator, ConditionalExpression, Lambda, ExpressionList, PatternList,
  TuplePattern, ListPattern, NamedExpression, Ellipsis, Await, Yield, Comment, Error,
  // operator tokens (kept only where they distinguish operations)
  OpPlus, OpMinus, OpStar, OpSlash, OpDoubleSlash, OpPercent, OpPower, OpAt, OpShiftLeft,
  OpShiftRight, OpAmpersand, OpPipe, OpCaret, OpTilde, OpLess, OpLessEqual, OpEqual,
  OpNotEqual, OpGreaterEqual, OpGreater, OpIn, OpNotIn, OpIs, OpIsNot, OpAnd, OpOr, OpNot,
  OpColon, OpAugmented, // OpAugmented: any "x= " token; its text says which
};

enum class Field : uint8_t {
  None, Name, Parameters, Body, ReturnType, Definition, Left, Right, Operator, Operators,
  Function, Arguments, Object, AttributeName, Value, SubscriptIndex, Key, Condition,
  Consequence, Alternative, ModuleName, Alias, Argument, TypeField, Other,
};

struct SyntaxNode {
  uint32_t startByte = 0;
  uint32_t endByte = 0;
  uint32_t firstChild = 0;  // 0: none (the root is node 0 and is nobody's child)
  uint32_t nextSibling = 0; // 0: none
  uint32_t parent = 0;
  NodeKind kind = NodeKind::Other;
  Field field = Field::None; // the field this node fills in its parent
};

using NodeId = uint32_t;
constexpr NodeId kNoNode = 0xffffffffu;

class SyntaxTree {
public:
  enum class Parser { Any, TreeSitter };
  // Parses `source`: with btlint's own parser where it reads the file, else
  // (and always with Parser::TreeSitter or `kept`) with tree-sitter-python;
  // syntax errors go to `problems`. With `kept`, reparses from the edited
  // tree it holds and keeps the new one. BTLINT_PYTHON_PARSER=tree-sitter in
  // the environment makes every parse use tree-sitter.
  static SyntaxTree parse(const SourceFile &source, std::vector<ParseProblem> &problems,
                          KeptTree *kept = nullptr, Parser parser = Parser::Any);

  const SourceFile &source() const { return *source_; }
  NodeId root() const { return 0; }
  bool empty() const { return nodes_.empty(); }
  size_t size() const { return nodes_.size(); }
  const SyntaxNode &node(NodeId id) const { return nodes_[id]; }
  NodeKind kind(NodeId id) const { return nodes_[id].kind; }
  std::string_view text(NodeId id) const {
    const SyntaxNode &n = nodes_[id];
    return std::string_view(source_->text()).substr(n.startByte, n.endByte - n.startByte);
  }
  SourceSpan span(NodeId id) const {
    return source_->span(nodes_[id].startByte, nodes_[id].endByte);
  }
  uint32_t line(NodeId id) const { return source_->lineColumn(nodes_[id].startByte).first; }

  NodeId firstChild(NodeId id) const {
    return nodes_[id].firstChild ? nodes_[id].firstChild : kNoNode;
  }
  NodeId nextSibling(NodeId id) const {
    return nodes_[id].nextSibling ? nodes_[id].nextSibling : kNoNode;
  }
  NodeId parent(NodeId id) const { return id == 0 ? kNoNode : nodes_[id].parent; }
  // First child filling `field`, or kNoNode. Inline: the readers and the
  // evaluator ask it about a hundred times per kernel line.
  NodeId child(NodeId id, Field field) const {
    for (NodeId c = firstChild(id); c != kNoNode; c = nextSibling(c))
      if (nodes_[c].field == field) return c;
    return kNoNode;
  }
  // First child of `kind`, or kNoNode.
  NodeId childOfKind(NodeId id, NodeKind kind) const {
    for (NodeId c = firstChild(id); c != kNoNode; c = nextSibling(c))
      if (nodes_[c].kind == kind) return c;
    return kNoNode;
  }
  // Skips parentheses around an expression.
  NodeId unparenthesize(NodeId id) const;
  // A call's arguments: the one at `position` among the positional ones (a
  // `*args` splat takes a position: what follows it is not where it is
  // written), the value of keyword `name`, or the keyword else the
  // positional one. kNoNode when absent.
  NodeId positionalArgument(NodeId call, size_t position) const;
  NodeId keywordArgument(NodeId call, std::string_view name) const;
  NodeId callArgument(NodeId call, size_t position, std::string_view name) const;
  // A function parameter's name (plain, typed, with a default, or both);
  // kNoNode for `*args`, `**kwargs` and the `/` and `*` markers.
  NodeId parameterName(NodeId parameter) const;
  // The names of a definition's positional parameters in order, up to the
  // first `*`, `*args` or `**kwargs` (`stopped`: one was there; arguments
  // past it do not map by position). `/` is skipped.
  std::vector<std::string_view> positionalParameterNames(NodeId definition, bool *stopped = nullptr) const;
  // The text of every identifier at or under `id`, in source order (reads
  // and writes alike; attribute names after a dot included).
  std::vector<std::string_view> identifiersUnder(NodeId id) const;

  // Iteration over children: for (NodeId c : tree.children(n)).
  class ChildRange {
  public:
    struct Iterator {
      const SyntaxTree *tree;
      NodeId id;
      NodeId operator*() const { return id; }
      Iterator &operator++() {
        id = tree->nextSibling(id);
        return *this;
      }
      bool operator!=(const Iterator &other) const { return id != other.id; }
    };
    ChildRange(const SyntaxTree *tree, NodeId first) : tree_(tree), first_(first) {}
    Iterator begin() const { return {tree_, first_}; }
    Iterator end() const { return {tree_, kNoNode}; }

  private:
    const SyntaxTree *tree_;
    NodeId first_;
  };
  ChildRange children(NodeId id) const { return ChildRange(this, firstChild(id)); }

  static bool isOperatorToken(NodeKind kind) { return kind >= NodeKind::OpPlus; }
  static bool isExpressionKind(NodeKind kind);

private:
  const SourceFile *source_ = nullptr;
  std::vector<SyntaxNode> nodes_;
};

// Whether the children of a node of `kind` can fill fields (tree-sitter's
// field names); children of the other kinds always have Field::None.
bool childrenHaveFields(NodeKind kind);

// The value of a Python string literal node (no f-string interpolation), or
// false when it is not a plain literal. Plain string nodes have no children
// in the tree: the value is decoded from the text.
bool stringLiteralValue(const SyntaxTree &tree, NodeId id, std::string &out);
// Decodes the source text of one string literal ('a\n', r"x", """doc""").
bool decodeStringLiteral(std::string_view text, std::string &out);

// Parses an integer literal ("0x10", "1_000"); false on overflow or bad text.
bool parseIntegerLiteral(std::string_view text, int64_t &out);

// A comparison of exactly two operands (`a < b`, not `a < b < c`): its
// operands and operator. False for anything else.
struct Comparison {
  NodeId left = kNoNode, right = kNoNode;
  NodeKind op = NodeKind::Other;
};
bool readComparison(const SyntaxTree &tree, NodeId id, Comparison &out);
// "<", "<=", ">", ">=", "==", "!=" for a comparison operator, as written or,
// `mirrored`, with its operands swapped (`16 <= x` reads `x >= 16`); null
// for any other operator (`in`, `is`).
const char *comparisonSpelling(NodeKind op, bool mirrored);

} // namespace btlint::python
