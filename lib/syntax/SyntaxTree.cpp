#include "syntax/SyntaxTree.h"

#include "syntax/DirectParser.h"

#include <tree_sitter/api.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <unordered_map>

extern "C" const TSLanguage *tree_sitter_python(void);

namespace btlint::python {

namespace {

// Kinds by grammar symbol and fields by grammar field id, computed once from
// the names so nothing depends on the grammar's numbering.
struct GrammarTables {
  std::vector<NodeKind> kindOfSymbol;
  std::vector<bool> symbolIsNamed;
  std::vector<bool> symbolIsExtra; // comments and line continuations: not in the tree
  std::vector<Field> fieldOfId;

  GrammarTables() {
    const TSLanguage *language = tree_sitter_python();
    static const std::unordered_map<std::string_view, NodeKind> namedKinds = {
        {"module", NodeKind::Module},
        {"function_definition", NodeKind::FunctionDefinition},
        {"decorated_definition", NodeKind::DecoratedDefinition},
        {"decorator", NodeKind::Decorator},
        {"class_definition", NodeKind::ClassDefinition},
        {"block", NodeKind::Block},
        {"parameters", NodeKind::Parameters},
        {"lambda_parameters", NodeKind::LambdaParameters},
        {"typed_parameter", NodeKind::TypedParameter},
        {"default_parameter", NodeKind::DefaultParameter},
        {"typed_default_parameter", NodeKind::TypedDefaultParameter},
        {"list_splat_pattern", NodeKind::ListSplatPattern},
        {"dictionary_splat_pattern", NodeKind::DictionarySplatPattern},
        {"keyword_separator", NodeKind::KeywordSeparator},
        {"positional_separator", NodeKind::PositionalSeparator},
        {"type", NodeKind::Type},
        {"expression_statement", NodeKind::ExpressionStatement},
        {"assignment", NodeKind::Assignment},
        {"augmented_assignment", NodeKind::AugmentedAssignment},
        {"return_statement", NodeKind::ReturnStatement},
        {"if_statement", NodeKind::IfStatement},
        {"elif_clause", NodeKind::ElifClause},
        {"else_clause", NodeKind::ElseClause},
        {"for_statement", NodeKind::ForStatement},
        {"while_statement", NodeKind::WhileStatement},
        {"try_statement", NodeKind::TryStatement},
        {"except_clause", NodeKind::ExceptClause},
        {"finally_clause", NodeKind::FinallyClause},
        {"with_statement", NodeKind::WithStatement},
        {"pass_statement", NodeKind::PassStatement},
        {"break_statement", NodeKind::BreakStatement},
        {"continue_statement", NodeKind::ContinueStatement},
        {"assert_statement", NodeKind::AssertStatement},
        {"global_statement", NodeKind::GlobalStatement},
        {"raise_statement", NodeKind::RaiseStatement},
        {"delete_statement", NodeKind::DeleteStatement},
        {"import_statement", NodeKind::ImportStatement},
        {"import_from_statement", NodeKind::ImportFromStatement},
        {"future_import_statement", NodeKind::FutureImportStatement},
        {"aliased_import", NodeKind::AliasedImport},
        {"dotted_name", NodeKind::DottedName},
        {"relative_import", NodeKind::RelativeImport},
        {"import_prefix", NodeKind::ImportPrefix},
        {"wildcard_import", NodeKind::WildcardImport},
        {"identifier", NodeKind::Identifier},
        {"call", NodeKind::Call},
        {"argument_list", NodeKind::ArgumentList},
        {"keyword_argument", NodeKind::KeywordArgument},
        {"list_splat", NodeKind::ListSplat},
        {"dictionary_splat", NodeKind::DictionarySplat},
        {"attribute", NodeKind::Attribute},
        {"subscript", NodeKind::Subscript},
        {"slice", NodeKind::Slice},
        {"integer", NodeKind::Integer},
        {"float", NodeKind::Float},
        {"string", NodeKind::String},
        {"string_content", NodeKind::StringContent},
        {"escape_sequence", NodeKind::EscapeSequence},
        {"interpolation", NodeKind::Interpolation},
        {"concatenated_string", NodeKind::ConcatenatedString},
        {"true", NodeKind::True},
        {"false", NodeKind::False},
        {"none", NodeKind::None},
        {"list", NodeKind::List},
        {"tuple", NodeKind::Tuple},
        {"set", NodeKind::Set},
        {"dictionary", NodeKind::Dictionary},
        {"pair", NodeKind::Pair},
        {"parenthesized_expression", NodeKind::ParenthesizedExpression},
        {"list_comprehension", NodeKind::ListComprehension},
        {"set_comprehension", NodeKind::SetComprehension},
        {"dictionary_comprehension", NodeKind::DictionaryComprehension},
        {"generator_expression", NodeKind::GeneratorExpression},
        {"for_in_clause", NodeKind::ForInClause},
        {"if_clause", NodeKind::IfClause},
        {"binary_operator", NodeKind::BinaryOperator},
        {"unary_operator", NodeKind::UnaryOperator},
        {"boolean_operator", NodeKind::BooleanOperator},
        {"not_operator", NodeKind::NotOperator},
        {"comparison_operator", NodeKind::ComparisonOperator},
        {"conditional_expression", NodeKind::ConditionalExpression},
        {"lambda", NodeKind::Lambda},
        {"expression_list", NodeKind::ExpressionList},
        {"pattern_list", NodeKind::PatternList},
        {"tuple_pattern", NodeKind::TuplePattern},
        {"list_pattern", NodeKind::ListPattern},
        {"named_expression", NodeKind::NamedExpression},
        {"ellipsis", NodeKind::Ellipsis},
        {"await", NodeKind::Await},
        {"yield", NodeKind::Yield},
        {"comment", NodeKind::Comment},
        {"ERROR", NodeKind::Error},
    };
    static const std::unordered_map<std::string_view, NodeKind> tokenKinds = {
        {"+", NodeKind::OpPlus},         {"-", NodeKind::OpMinus},
        {"*", NodeKind::OpStar},         {"/", NodeKind::OpSlash},
        {"//", NodeKind::OpDoubleSlash}, {"%", NodeKind::OpPercent},
        {"**", NodeKind::OpPower},       {"@", NodeKind::OpAt},
        {"<<", NodeKind::OpShiftLeft},   {">>", NodeKind::OpShiftRight},
        {"&", NodeKind::OpAmpersand},    {"|", NodeKind::OpPipe},
        {"^", NodeKind::OpCaret},        {"~", NodeKind::OpTilde},
        {"<", NodeKind::OpLess},         {"<=", NodeKind::OpLessEqual},
        {"==", NodeKind::OpEqual},       {"!=", NodeKind::OpNotEqual},
        {"<>", NodeKind::OpNotEqual},    {">=", NodeKind::OpGreaterEqual},
        {">", NodeKind::OpGreater},      {"in", NodeKind::OpIn},
        {"not in", NodeKind::OpNotIn},   {"is", NodeKind::OpIs},
        {"is not", NodeKind::OpIsNot},   {"and", NodeKind::OpAnd},
        {"or", NodeKind::OpOr},          {"not", NodeKind::OpNot},
        {":", NodeKind::OpColon},        {"+=", NodeKind::OpAugmented},
        {"-=", NodeKind::OpAugmented},   {"*=", NodeKind::OpAugmented},
        {"/=", NodeKind::OpAugmented},   {"//=", NodeKind::OpAugmented},
        {"%=", NodeKind::OpAugmented},   {"**=", NodeKind::OpAugmented},
        {"@=", NodeKind::OpAugmented},   {"<<=", NodeKind::OpAugmented},
        {">>=", NodeKind::OpAugmented},  {"&=", NodeKind::OpAugmented},
        {"|=", NodeKind::OpAugmented},   {"^=", NodeKind::OpAugmented},
    };
    static const std::unordered_map<std::string_view, Field> fields = {
        {"name", Field::Name},
        {"parameters", Field::Parameters},
        {"body", Field::Body},
        {"return_type", Field::ReturnType},
        {"definition", Field::Definition},
        {"left", Field::Left},
        {"right", Field::Right},
        {"operator", Field::Operator},
        {"operators", Field::Operators},
        {"function", Field::Function},
        {"arguments", Field::Arguments},
        {"object", Field::Object},
        {"attribute", Field::AttributeName},
        {"value", Field::Value},
        {"subscript", Field::SubscriptIndex},
        {"key", Field::Key},
        {"condition", Field::Condition},
        {"consequence", Field::Consequence},
        {"alternative", Field::Alternative},
        {"module_name", Field::ModuleName},
        {"alias", Field::Alias},
        {"argument", Field::Argument},
        {"type", Field::TypeField},
    };

    uint32_t symbolCount = ts_language_symbol_count(language);
    kindOfSymbol.assign(symbolCount, NodeKind::Other);
    symbolIsNamed.assign(symbolCount, false);
    symbolIsExtra.assign(symbolCount, false);
    for (uint32_t symbol = 0; symbol < symbolCount; ++symbol) {
      const char *name = ts_language_symbol_name(language, static_cast<TSSymbol>(symbol));
      if (!name) continue;
      bool named = ts_language_symbol_type(language, static_cast<TSSymbol>(symbol)) ==
                   TSSymbolTypeRegular;
      symbolIsNamed[symbol] = named;
      symbolIsExtra[symbol] = named && (std::string_view(name) == "comment" ||
                                        std::string_view(name) == "line_continuation");
      const auto &table = named ? namedKinds : tokenKinds;
      auto found = table.find(name);
      if (found != table.end()) kindOfSymbol[symbol] = found->second;
    }
    // ERROR is not a regular symbol in the symbol table; tree-sitter gives it
    // the reserved id 0xffff, handled in kindOf().
    uint32_t fieldCount = ts_language_field_count(language);
    fieldOfId.assign(fieldCount + 1, Field::None);
    for (uint32_t id = 1; id <= fieldCount; ++id) {
      const char *name = ts_language_field_name_for_id(language, static_cast<TSFieldId>(id));
      if (!name) continue;
      auto found = fields.find(name);
      fieldOfId[id] = found != fields.end() ? found->second : Field::Other;
    }
  }

  NodeKind kindOf(TSSymbol symbol) const {
    if (symbol == static_cast<TSSymbol>(-1)) return NodeKind::Error;
    return symbol < kindOfSymbol.size() ? kindOfSymbol[symbol] : NodeKind::Other;
  }
  bool isExtra(TSSymbol symbol) const {
    return symbol < symbolIsExtra.size() && symbolIsExtra[symbol];
  }
  bool isNamed(TSSymbol symbol) const {
    if (symbol == static_cast<TSSymbol>(-1)) return true;
    return symbol < symbolIsNamed.size() && symbolIsNamed[symbol];
  }
  Field fieldOf(TSFieldId id) const {
    return id < fieldOfId.size() ? fieldOfId[id] : Field::Other;
  }
};

const GrammarTables &grammarTables() {
  static const GrammarTables tables;
  return tables;
}

// Whether the string literal starting at `start` has an f prefix.
bool isFString(const std::string &text, uint32_t start) {
  for (size_t i = start; i < text.size() && i < start + 3; ++i) {
    char c = text[i];
    if (c == '"' || c == '\'') return false;
    if (c == 'f' || c == 'F') return true;
  }
  return false;
}

struct ParserDeleter {
  void operator()(TSParser *parser) const { ts_parser_delete(parser); }
};
struct TreeDeleter {
  void operator()(TSTree *tree) const { ts_tree_delete(tree); }
};

// One parser per thread: creating a parser costs more than parsing a small file.
TSParser *threadParser() {
  thread_local std::unique_ptr<TSParser, ParserDeleter> parser;
  if (!parser) {
    parser.reset(ts_parser_new());
    ts_parser_set_language(parser.get(), tree_sitter_python());
  }
  return parser.get();
}

// Where a syntax error inside an ERROR node is, and what it is, found the way
// Python's own parser reports it (python3 -m py_compile names the same line):
// an unmatched closing bracket, else the first bracket never closed, else the
// first MISSING token, else the ':' a compound statement lacks, else the end
// of a dangling operator, else the first token that cannot start a statement,
// else the start of the node.
struct ErrorSite {
  uint32_t offset = 0;
  std::string message;
};

ErrorSite locateError(TSNode error) {
  struct Leaf {
    uint32_t start, end;
    std::string_view type;
    bool missing;
    uint32_t row;
  };
  std::vector<Leaf> leaves;
  TSTreeCursor cursor = ts_tree_cursor_new(error);
  bool more = true;
  while (more) {
    TSNode node = ts_tree_cursor_current_node(&cursor);
    if (ts_node_child_count(node) == 0 && !ts_node_is_null(node)) {
      // Strings are leaves of their own kind; their inner tokens are not.
      leaves.push_back({ts_node_start_byte(node), ts_node_end_byte(node), ts_node_type(node), ts_node_is_missing(node),
                        ts_node_start_point(node).row});
    }
    if (ts_node_child_count(node) > 0 && std::string_view(ts_node_type(node)) != "string" &&
        ts_tree_cursor_goto_first_child(&cursor))
      continue;
    if (std::string_view(ts_node_type(node)) == "string")
      leaves.push_back({ts_node_start_byte(node), ts_node_end_byte(node), "string", false, ts_node_start_point(node).row});
    while (!ts_tree_cursor_goto_next_sibling(&cursor)) {
      if (!ts_tree_cursor_goto_parent(&cursor)) {
        more = false;
        break;
      }
      if (ts_node_eq(ts_tree_cursor_current_node(&cursor), error)) {
        more = false;
        break;
      }
    }
  }
  ts_tree_cursor_delete(&cursor);
  ErrorSite site{ts_node_start_byte(error), "invalid syntax"};
  if (leaves.empty()) return site;

  std::vector<const Leaf *> open;
  for (const Leaf &leaf : leaves) {
    if (leaf.missing) continue;
    if (leaf.type == "(" || leaf.type == "[" || leaf.type == "{") {
      open.push_back(&leaf);
    } else if (leaf.type == ")" || leaf.type == "]" || leaf.type == "}") {
      static const std::string_view pairs[] = {"()", "[]", "{}"};
      bool matches = false;
      for (std::string_view pair : pairs)
        if (!open.empty() && open.back()->type[0] == pair[0] && leaf.type[0] == pair[1]) matches = true;
      if (!matches) return {leaf.start, "unmatched '" + std::string(leaf.type) + "'"};
      open.pop_back();
    }
  }
  if (!open.empty()) return {open.front()->start, "'" + std::string(open.front()->type) + "' was never closed"};
  for (const Leaf &leaf : leaves)
    if (leaf.missing) return {leaf.start, "expected `" + std::string(leaf.type) + "`"};
  static const std::string_view compound[] = {"if", "elif", "else", "while", "for", "with", "def",
                                              "class", "try", "except", "finally", "async"};
  const Leaf &first = leaves.front(), &last = leaves.back();
  // A compound statement's header is its first line: the ':' belongs at its end.
  const Leaf *headerEnd = &first;
  for (const Leaf &leaf : leaves)
    if (leaf.row == first.row) headerEnd = &leaf;
  for (std::string_view keyword : compound)
    if (first.type == keyword && headerEnd->type != ":") return {headerEnd->end, "expected ':'"};
  static const std::string_view cannotStart[] = {
      ":", ",", ")", "]", "}", "=", "+=", "-=", "*=", "/=", "//=", "%=", "**=", "@=", "<<=", ">>=", "&=",
      "|=", "^=", "/", "//", "%", "**", "<<", ">>", "&", "|", "^", "<", "<=", "==", "!=", ">=", ">", "and",
      "or", "in", "is", "as", "else", "elif", "except", "finally", ".", "->", ":="};
  auto cannotStartStatement = [&](const Leaf &leaf) {
    for (std::string_view type : cannotStart)
      if (leaf.type == type) return true;
    return false;
  };
  if (cannotStartStatement(first)) return {first.start, "invalid syntax"};
  static const std::string_view dangling[] = {"+", "-", "*", "/", "//", "%", "**", "@", "<<", ">>", "&",
                                              "|", "^", "<", "<=", "==", "!=", ">=", ">", "=", "and",
                                              "or", "not", "in", "is", ".", ":="};
  for (std::string_view op : dangling)
    if (last.type == op) return {last.end, "invalid syntax"};
  for (const Leaf &leaf : leaves)
    if (cannotStartStatement(leaf)) return {leaf.start, "invalid syntax"};
  return site;
}

void addErrorProblem(const SourceFile &source, TSNode error, std::vector<ParseProblem> &problems) {
  ErrorSite site = locateError(error);
  // The span runs to the end of the error's line.
  const std::string &text = source.text();
  uint32_t lineEnd = site.offset;
  while (lineEnd < text.size() && text[lineEnd] != '\n') ++lineEnd;
  ParseProblem problem;
  problem.span = source.span(site.offset, lineEnd);
  problem.message = "syntax error: " + site.message;
  problems.push_back(std::move(problem));
}

} // namespace

bool childrenHaveFields(NodeKind kind) {
  switch (kind) {
  case NodeKind::Module: case NodeKind::Block: case NodeKind::ArgumentList: case NodeKind::List:
  case NodeKind::Tuple: case NodeKind::Set: case NodeKind::Dictionary: case NodeKind::ExpressionList:
  case NodeKind::PatternList: case NodeKind::TuplePattern: case NodeKind::ListPattern:
  case NodeKind::ParenthesizedExpression: case NodeKind::ConditionalExpression:
  case NodeKind::String: case NodeKind::ConcatenatedString: case NodeKind::ExpressionStatement:
  case NodeKind::Decorator: case NodeKind::Parameters: case NodeKind::LambdaParameters:
  case NodeKind::Slice: case NodeKind::DottedName: case NodeKind::ImportPrefix:
  case NodeKind::StringContent: case NodeKind::ListSplat: case NodeKind::DictionarySplat:
  case NodeKind::ListSplatPattern: case NodeKind::DictionarySplatPattern:
    return false;
  default:
    return true;
  }
}

KeptTree::~KeptTree() { reset(nullptr); }

void KeptTree::reset(TSTree *tree) {
  if (tree_) ts_tree_delete(tree_);
  tree_ = tree;
}

void KeptTree::edit(const SourceEdit &edit) {
  if (!tree_) return;
  TSInputEdit input;
  input.start_byte = edit.startByte;
  input.old_end_byte = edit.oldEndByte;
  input.new_end_byte = edit.newEndByte;
  input.start_point = {edit.startRow, edit.startColumn};
  input.old_end_point = {edit.oldEndRow, edit.oldEndColumn};
  input.new_end_point = {edit.newEndRow, edit.newEndColumn};
  ts_tree_edit(tree_, &input);
}

// Analysis limits: larger or deeper files parse as an empty module and a
// problem (parse-error) says why.
constexpr size_t kMaxParseBytes = 4u << 20;
constexpr size_t kMaxNestingDepth = 5000;

namespace {
bool directParserAllowed() {
  static const bool allowed = [] {
    const char *choice = std::getenv("BTLINT_PYTHON_PARSER");
    return !(choice && std::string_view(choice) == "tree-sitter");
  }();
  return allowed;
}
} // namespace

SyntaxTree SyntaxTree::parse(const SourceFile &source, std::vector<ParseProblem> &problems, KeptTree *kept,
                             Parser parser) {
  SyntaxTree tree;
  tree.source_ = &source;
  // Editors keep tree-sitter's tree for incremental reparsing; everyone else
  // first tries btlint's own parser.
  if (!kept && parser == Parser::Any && source.text().size() <= kMaxParseBytes && directParserAllowed() &&
      parseDirect(source.text(), tree.nodes_))
    return tree;
  // Bounded work (docs/reliability.md): a file over kMaxParseBytes or nested
  // deeper than kMaxNestingDepth is reported and read as an empty module.
  // tree-sitter needs about 500 bytes of memory per token, and the readers of
  // the tree recurse once per level of nesting.
  auto emptyModule = [&](uint32_t at, std::string message) {
    ParseProblem problem;
    problem.span = source.span(at, at);
    problem.message = std::move(message);
    problems.push_back(std::move(problem));
    tree.nodes_.clear();
    SyntaxNode root;
    root.endByte = static_cast<uint32_t>(source.text().size());
    root.kind = NodeKind::Module;
    tree.nodes_.push_back(root);
    return std::move(tree);
  };
  if (source.text().size() > kMaxParseBytes)
    return emptyModule(0, "file is " + std::to_string(source.text().size()) +
                              " bytes; the Python front-end parses files up to " +
                              std::to_string(kMaxParseBytes) + " bytes (analysis limit): not analysed");
  const GrammarTables &tables = grammarTables();
  std::unique_ptr<TSTree, TreeDeleter> tsTree(
      ts_parser_parse_string(threadParser(), kept ? kept->tree_ : nullptr, source.text().data(),
                             static_cast<uint32_t>(source.text().size())));
  if (!tsTree) return tree;
  // Hands the new tree to `kept` on every return below (before tsTree would free it).
  struct KeepOnReturn {
    KeptTree *kept;
    std::unique_ptr<TSTree, TreeDeleter> &tree;
    ~KeepOnReturn() {
      if (kept) kept->reset(tree.release());
    }
  } keepOnReturn{kept, tsTree};
  tree.nodes_.reserve(source.text().size() / 6 + 16);

  // Depth-first walk with a cursor (constant-time steps), linking each kept
  // node to its kept parent and previous sibling.
  struct Level {
    NodeId node;      // kept node at this depth, or the nearest kept ancestor
    NodeId lastChild; // last kept child appended under `node`
    bool reportErrors; // the subtree may hold an error not yet reported
  };
  std::vector<Level> stack;
  TSTreeCursor cursor = ts_tree_cursor_new(ts_tree_root_node(tsTree.get()));
  bool rootHasError = ts_node_has_error(ts_tree_root_node(tsTree.get()));

  auto append = [&](TSNode node, NodeKind kind, Field field, NodeId parent) {
    NodeId id = static_cast<NodeId>(tree.nodes_.size());
    SyntaxNode flat;
    flat.startByte = ts_node_start_byte(node);
    flat.endByte = ts_node_end_byte(node);
    flat.kind = kind;
    flat.field = field;
    flat.parent = parent == kNoNode ? 0 : parent;
    tree.nodes_.push_back(flat);
    if (parent != kNoNode) {
      Level &level = stack.back();
      if (level.lastChild == kNoNode)
        tree.nodes_[parent].firstChild = id;
      else
        tree.nodes_[level.lastChild].nextSibling = id;
      level.lastChild = id;
    }
    return id;
  };

  {
    TSNode rootNode = ts_tree_cursor_current_node(&cursor);
    NodeId rootId = append(rootNode, tables.kindOf(ts_node_symbol(rootNode)), Field::None, kNoNode);
    stack.push_back({rootId, kNoNode, rootHasError});
  }
  if (!ts_tree_cursor_goto_first_child(&cursor)) {
    ts_tree_cursor_delete(&cursor);
    return tree;
  }
  while (true) {
    TSNode node = ts_tree_cursor_current_node(&cursor);
    TSSymbol symbol = ts_node_symbol(node);
    NodeKind kind = tables.kindOf(symbol);
    bool named = tables.isNamed(symbol);
    Level &parentLevel = stack.back();
    NodeKind parentKind = tree.nodes_[parentLevel.node].kind;
    Field field = childrenHaveFields(parentKind)
                      ? tables.fieldOf(ts_tree_cursor_current_field_id(&cursor))
                      : Field::None;

    bool reportHere = parentLevel.reportErrors && ts_node_has_error(node);
    if (reportHere) {
      if (ts_node_is_missing(node)) {
        ParseProblem problem;
        uint32_t at = ts_node_start_byte(node);
        problem.span = source.span(at, at);
        problem.message = std::string("syntax error: expected `") + ts_node_type(node) + "`";
        problems.push_back(std::move(problem));
        reportHere = false;
      } else if (kind == NodeKind::Error) {
        addErrorProblem(source, node, problems);
        reportHere = false; // outermost only
      }
    }

    bool keep = (named && !tables.isExtra(symbol)) || ((field == Field::Operator || field == Field::Operators) &&
                          kind != NodeKind::Other) ||
                (kind == NodeKind::OpColon && parentKind == NodeKind::Slice);
    // Plain strings are decoded from their text; only f-strings need their
    // parts. Leaves have no children to look for.
    bool leaf = kind == NodeKind::Identifier || kind == NodeKind::Integer ||
                kind == NodeKind::Float || kind == NodeKind::Comment || kind == NodeKind::True ||
                kind == NodeKind::False || kind == NodeKind::None ||
                (kind == NodeKind::String && !isFString(source.text(), ts_node_start_byte(node)));
    bool descend = named && !leaf && ts_tree_cursor_goto_first_child(&cursor);
    if (descend && stack.size() >= kMaxNestingDepth) {
      ts_tree_cursor_delete(&cursor);
      return emptyModule(ts_node_start_byte(node),
                         "syntax nested deeper than " + std::to_string(kMaxNestingDepth) +
                             " levels (analysis limit): the file is not analysed");
    }
    // Only named nodes are descended into, and they are always kept.
    if (keep) {
      NodeId id = append(node, kind, field, parentLevel.node);
      if (descend) stack.push_back({id, kNoNode, reportHere});
    }
    if (descend) continue;

    // Move to the next sibling, climbing up as needed.
    while (!ts_tree_cursor_goto_next_sibling(&cursor)) {
      if (!ts_tree_cursor_goto_parent(&cursor)) {
        ts_tree_cursor_delete(&cursor);
        tree.nodes_.shrink_to_fit();
        return tree;
      }
      stack.pop_back();
      if (stack.empty()) {
        ts_tree_cursor_delete(&cursor);
        tree.nodes_.shrink_to_fit();
        return tree;
      }
    }
  }
}

NodeId SyntaxTree::positionalArgument(NodeId call, size_t position) const {
  const NodeId arguments = child(call, Field::Arguments);
  if (arguments == kNoNode || kind(arguments) != NodeKind::ArgumentList) return kNoNode;
  size_t seen = 0;
  for (NodeId argument : children(arguments)) {
    const NodeKind k = kind(argument);
    if (k == NodeKind::Comment || k == NodeKind::KeywordArgument || k == NodeKind::DictionarySplat) continue;
    if (seen++ == position) return argument;
  }
  return kNoNode;
}

NodeId SyntaxTree::keywordArgument(NodeId call, std::string_view name) const {
  const NodeId arguments = child(call, Field::Arguments);
  if (arguments == kNoNode || kind(arguments) != NodeKind::ArgumentList) return kNoNode;
  for (NodeId argument : children(arguments)) {
    if (kind(argument) != NodeKind::KeywordArgument) continue;
    const NodeId key = child(argument, Field::Name);
    if (key != kNoNode && text(key) == name) return child(argument, Field::Value);
  }
  return kNoNode;
}

NodeId SyntaxTree::callArgument(NodeId call, size_t position, std::string_view name) const {
  const NodeId found = keywordArgument(call, name);
  return found != kNoNode ? found : positionalArgument(call, position);
}

NodeId SyntaxTree::parameterName(NodeId parameter) const {
  switch (kind(parameter)) {
  case NodeKind::Identifier: return parameter;
  case NodeKind::TypedParameter: return childOfKind(parameter, NodeKind::Identifier);
  case NodeKind::DefaultParameter:
  case NodeKind::TypedDefaultParameter: return child(parameter, Field::Name);
  default: return kNoNode;
  }
}

std::vector<std::string_view> SyntaxTree::positionalParameterNames(NodeId definition, bool *stopped) const {
  std::vector<std::string_view> names;
  if (stopped) *stopped = false;
  NodeId parameters = child(definition, Field::Parameters);
  if (parameters == kNoNode) return names;
  for (NodeId parameter = firstChild(parameters); parameter != kNoNode; parameter = nextSibling(parameter)) {
    const NodeKind parameterKind = kind(parameter);
    if (parameterKind == NodeKind::PositionalSeparator || parameterKind == NodeKind::Comment) continue;
    NodeId name = parameterName(parameter);
    if (name == kNoNode) {
      if (stopped) *stopped = true;
      break;
    }
    names.push_back(text(name));
  }
  return names;
}

std::vector<std::string_view> SyntaxTree::identifiersUnder(NodeId id) const {
  std::vector<std::string_view> out;
  if (id == kNoNode) return out;
  std::vector<NodeId> pending{id};
  while (!pending.empty()) {
    const NodeId node = pending.back();
    pending.pop_back();
    if (kind(node) == NodeKind::Identifier) out.push_back(text(node));
    const size_t before = pending.size();
    for (NodeId child : children(node)) pending.push_back(child);
    std::reverse(pending.begin() + before, pending.end());
  }
  return out;
}

NodeId SyntaxTree::unparenthesize(NodeId id) const {
  while (id != kNoNode && nodes_[id].kind == NodeKind::ParenthesizedExpression) {
    NodeId inner = kNoNode;
    for (NodeId c = firstChild(id); c != kNoNode; c = nextSibling(c))
      if (nodes_[c].kind != NodeKind::Comment) {
        inner = c;
        break;
      }
    id = inner;
  }
  return id;
}

bool SyntaxTree::isExpressionKind(NodeKind kind) {
  switch (kind) {
  case NodeKind::Identifier: case NodeKind::Call: case NodeKind::Attribute:
  case NodeKind::Subscript: case NodeKind::Integer: case NodeKind::Float:
  case NodeKind::String: case NodeKind::ConcatenatedString: case NodeKind::True:
  case NodeKind::False: case NodeKind::None: case NodeKind::List: case NodeKind::Tuple:
  case NodeKind::Set: case NodeKind::Dictionary: case NodeKind::ParenthesizedExpression:
  case NodeKind::ListComprehension: case NodeKind::SetComprehension:
  case NodeKind::DictionaryComprehension: case NodeKind::GeneratorExpression:
  case NodeKind::BinaryOperator: case NodeKind::UnaryOperator: case NodeKind::BooleanOperator:
  case NodeKind::NotOperator: case NodeKind::ComparisonOperator:
  case NodeKind::ConditionalExpression: case NodeKind::Lambda: case NodeKind::NamedExpression:
  case NodeKind::Ellipsis: case NodeKind::Await: case NodeKind::ListSplat:
  case NodeKind::DictionarySplat: case NodeKind::ExpressionList:
    return true;
  default:
    return false;
  }
}

namespace {

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Appends the character an escape sequence stands for; false for escapes
// whose value this reader does not need (\N{...}, octal beyond ASCII).
bool appendEscape(std::string_view escape, std::string &out) {
  if (escape.size() < 2) return false;
  switch (escape[1]) {
  case 'n': out += '\n'; return true;
  case 't': out += '\t'; return true;
  case 'r': out += '\r'; return true;
  case '\\': out += '\\'; return true;
  case '\'': out += '\''; return true;
  case '"': out += '"'; return true;
  case '\n': return true; // line continuation
  case 'a': out += '\a'; return true;
  case 'b': out += '\b'; return true;
  case 'f': out += '\f'; return true;
  case 'v': out += '\v'; return true;
  case 'x': {
    if (escape.size() != 4) return false;
    int high = hexDigit(escape[2]), low = hexDigit(escape[3]);
    if (high < 0 || low < 0) return false;
    out += static_cast<char>(high * 16 + low);
    return true;
  }
  case 'N': case 'u': case 'U':
  case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7':
    return false; // named, unicode and octal escapes are not decoded
  default:
    // Python keeps an unknown escape as written ("\d").
    out += escape;
    return true;
  }
}

} // namespace

bool decodeStringLiteral(std::string_view text, std::string &out) {
  // Prefix letters before the quote: f-strings are not literals; raw strings
  // keep their backslashes.
  bool raw = false;
  size_t i = 0;
  for (; i < text.size() && text[i] != '"' && text[i] != '\''; ++i) {
    char c = text[i];
    if (c == 'f' || c == 'F') return false;
    if (c == 'r' || c == 'R') raw = true;
  }
  if (i >= text.size()) return false;
  char quote = text[i];
  size_t open = text.size() >= i + 6 && text[i + 1] == quote && text[i + 2] == quote ? 3 : 1;
  if (text.size() < i + 2 * open) return false;
  std::string_view body = text.substr(i + open, text.size() - i - 2 * open);
  out.clear();
  out.reserve(body.size());
  for (size_t j = 0; j < body.size(); ++j) {
    if (body[j] != '\\' || j + 1 >= body.size()) {
      out += body[j];
      continue;
    }
    if (raw) {
      // A raw string keeps the backslash and the character after it.
      out += body[j];
      out += body[++j];
      continue;
    }
    size_t length = body[j + 1] == 'x' ? 4 : 2;
    if (j + length > body.size()) return false;
    if (!appendEscape(body.substr(j, length), out)) return false;
    j += length - 1;
  }
  return true;
}

bool readComparison(const SyntaxTree &tree, NodeId id, Comparison &out) {
  if (id == kNoNode || tree.kind(id) != NodeKind::ComparisonOperator) return false;
  NodeId operands[2] = {kNoNode, kNoNode};
  int count = 0, operators = 0;
  for (NodeId child : tree.children(id)) {
    if (tree.kind(child) == NodeKind::Comment) continue;
    if (tree.node(child).field == Field::Operators) {
      out.op = tree.kind(child);
      ++operators;
    } else if (count++ < 2) {
      operands[count - 1] = child;
    }
  }
  if (count != 2 || operators != 1) return false;
  out.left = operands[0];
  out.right = operands[1];
  return true;
}

const char *comparisonSpelling(NodeKind op, bool mirrored) {
  switch (op) {
  case NodeKind::OpLess: return mirrored ? ">" : "<";
  case NodeKind::OpLessEqual: return mirrored ? ">=" : "<=";
  case NodeKind::OpGreater: return mirrored ? "<" : ">";
  case NodeKind::OpGreaterEqual: return mirrored ? "<=" : ">=";
  case NodeKind::OpEqual: return "==";
  case NodeKind::OpNotEqual: return "!=";
  default: return nullptr;
  }
}

bool stringLiteralValue(const SyntaxTree &tree, NodeId id, std::string &out) {
  NodeKind kind = tree.kind(id);
  if (kind == NodeKind::ConcatenatedString) {
    out.clear();
    std::string piece;
    for (NodeId part : tree.children(id)) {
      if (tree.kind(part) != NodeKind::String) continue;
      if (!decodeStringLiteral(tree.text(part), piece)) return false;
      out += piece;
    }
    return true;
  }
  if (kind != NodeKind::String) return false;
  return decodeStringLiteral(tree.text(id), out);
}

bool parseIntegerLiteral(std::string_view text, int64_t &out) {
  int base = 10;
  size_t i = 0;
  if (text.size() > 2 && text[0] == '0') {
    char marker = static_cast<char>(text[1] | 0x20);
    if (marker == 'x') base = 16;
    else if (marker == 'o') base = 8;
    else if (marker == 'b') base = 2;
    if (base != 10) i = 2;
  }
  uint64_t value = 0;
  bool any = false;
  for (; i < text.size(); ++i) {
    char c = text[i];
    if (c == '_') continue;
    if (c == 'l' || c == 'L') break; // Python 2 long suffix
    int digit = hexDigit(c);
    if (digit < 0 || digit >= base) return false;
    if (value > (static_cast<uint64_t>(INT64_MAX) - static_cast<uint64_t>(digit)) /
                    static_cast<uint64_t>(base))
      return false;
    value = value * static_cast<uint64_t>(base) + static_cast<uint64_t>(digit);
    any = true;
  }
  if (!any) return false;
  out = static_cast<int64_t>(value);
  return true;
}

} // namespace btlint::python
