#include "syntax/ModuleIndex.h"

#include <algorithm>

namespace btlint::eval {

using python::Field;
using python::kNoNode;
using python::NodeId;
using python::NodeKind;
using python::SyntaxTree;

bool isMutatingMethod(std::string_view name) {
  static constexpr std::string_view methods[] = {
      "append", "extend", "insert", "pop",     "remove", "clear",
      "update", "sort",   "reverse", "setdefault", "add", "discard"};
  for (std::string_view method : methods)
    if (name == method) return true;
  return false;
}

std::string dottedNameText(const SyntaxTree &tree, NodeId dottedName) {
  std::string out;
  for (NodeId part : tree.children(dottedName)) {
    if (tree.kind(part) != NodeKind::Identifier) continue;
    if (!out.empty()) out += '.';
    out += tree.text(part);
  }
  return out;
}

std::string importSourceModule(const SyntaxTree &tree, NodeId statement) {
  NodeId source = tree.child(statement, Field::ModuleName);
  if (source == kNoNode) return {};
  if (tree.kind(source) == NodeKind::DottedName) return dottedNameText(tree, source);
  if (tree.kind(source) == NodeKind::RelativeImport) {
    std::string out;
    for (NodeId part : tree.children(source)) {
      if (tree.kind(part) == NodeKind::ImportPrefix)
        out += tree.text(part);
      else if (tree.kind(part) == NodeKind::DottedName)
        out += dottedNameText(tree, part);
    }
    return out;
  }
  return {};
}

namespace {

void collectTargetNames(const SyntaxTree &tree, NodeId target,
                        std::vector<std::string_view> &names,
                        std::vector<std::string_view> *mutated) {
  switch (tree.kind(target)) {
  case NodeKind::Identifier:
    names.push_back(tree.text(target));
    break;
  case NodeKind::PatternList:
  case NodeKind::TuplePattern:
  case NodeKind::ListPattern:
  case NodeKind::Tuple:
  case NodeKind::List:
  case NodeKind::ExpressionList:
  case NodeKind::ParenthesizedExpression:
  case NodeKind::ListSplatPattern:
  case NodeKind::ListSplat:
    for (NodeId child : tree.children(target)) collectTargetNames(tree, child, names, mutated);
    break;
  case NodeKind::Subscript:
  case NodeKind::Attribute: {
    // x[k] = v and x.a = v change the object x names.
    NodeId base = tree.child(target, tree.kind(target) == NodeKind::Subscript ? Field::Value
                                                                               : Field::Object);
    while (base != kNoNode &&
           (tree.kind(base) == NodeKind::Subscript || tree.kind(base) == NodeKind::Attribute))
      base = tree.child(base, tree.kind(base) == NodeKind::Subscript ? Field::Value : Field::Object);
    if (base != kNoNode && tree.kind(base) == NodeKind::Identifier) {
      names.push_back(tree.text(base));
      if (mutated) mutated->push_back(tree.text(base));
    }
    break;
  }
  default:
    break;
  }
}

void collectImportNames(const SyntaxTree &tree, NodeId statement,
                        std::vector<std::string_view> &names) {
  for (NodeId child : tree.children(statement)) {
    if (tree.node(child).field != Field::Name) continue;
    if (tree.kind(child) == NodeKind::AliasedImport) {
      NodeId alias = tree.child(child, Field::Alias);
      if (alias != kNoNode) names.push_back(tree.text(alias));
    } else if (tree.kind(child) == NodeKind::DottedName) {
      NodeId first = tree.firstChild(child);
      if (first == kNoNode) continue;
      if (tree.kind(statement) == NodeKind::ImportStatement) {
        names.push_back(tree.text(first)); // import a.b binds a
      } else {
        // from m import a.b is not valid Python; take the last identifier.
        NodeId last = first;
        for (NodeId part : tree.children(child))
          if (tree.kind(part) == NodeKind::Identifier) last = part;
        names.push_back(tree.text(last));
      }
    }
  }
}

void collectInExpression(const SyntaxTree &tree, NodeId expression,
                         std::vector<std::string_view> &names,
                         std::vector<std::string_view> *mutated) {
  // Method calls that mutate a named object, and walrus targets.
  NodeKind kind = tree.kind(expression);
  if (kind == NodeKind::Lambda || kind == NodeKind::ListComprehension ||
      kind == NodeKind::SetComprehension || kind == NodeKind::DictionaryComprehension ||
      kind == NodeKind::GeneratorExpression)
    return;
  if (kind == NodeKind::Call) {
    NodeId function = tree.child(expression, Field::Function);
    if (function != kNoNode && tree.kind(function) == NodeKind::Attribute) {
      NodeId object = tree.child(function, Field::Object);
      NodeId method = tree.child(function, Field::AttributeName);
      if (object != kNoNode && method != kNoNode && isMutatingMethod(tree.text(method))) {
        std::vector<std::string_view> receivers;
        collectTargetNames(tree, object, receivers, nullptr);
        for (std::string_view receiver : receivers) {
          names.push_back(receiver);
          if (mutated) mutated->push_back(receiver);
        }
      }
    }
  }
  if (kind == NodeKind::NamedExpression) {
    NodeId name = tree.child(expression, Field::Name);
    if (name != kNoNode) names.push_back(tree.text(name));
  }
  for (NodeId child : tree.children(expression))
    collectInExpression(tree, child, names, mutated);
}

} // namespace

void collectAssignmentTargets(const SyntaxTree &tree, NodeId target,
                              std::vector<std::string_view> &names) {
  std::vector<std::string_view> all, changedInPlace;
  collectTargetNames(tree, target, all, &changedInPlace);
  for (std::string_view name : all)
    if (std::find(changedInPlace.begin(), changedInPlace.end(), name) == changedInPlace.end())
      names.push_back(name);
}

void collectBoundNames(const SyntaxTree &tree, NodeId statement,
                       std::vector<std::string_view> &names,
                       std::vector<std::string_view> *mutated) {
  switch (tree.kind(statement)) {
  case NodeKind::FunctionDefinition:
  case NodeKind::ClassDefinition: {
    NodeId name = tree.child(statement, Field::Name);
    if (name != kNoNode) names.push_back(tree.text(name));
    return;
  }
  case NodeKind::DecoratedDefinition: {
    NodeId definition = tree.child(statement, Field::Definition);
    if (definition != kNoNode) collectBoundNames(tree, definition, names, mutated);
    return;
  }
  case NodeKind::ImportStatement:
  case NodeKind::ImportFromStatement:
    collectImportNames(tree, statement, names);
    return;
  case NodeKind::Assignment:
  case NodeKind::AugmentedAssignment: {
    NodeId left = tree.child(statement, Field::Left);
    if (left != kNoNode) collectTargetNames(tree, left, names, mutated);
    NodeId right = tree.child(statement, Field::Right);
    if (right != kNoNode) {
      if (tree.kind(right) == NodeKind::Assignment)
        collectBoundNames(tree, right, names, mutated); // a = b = value
      else
        collectInExpression(tree, right, names, mutated);
    }
    return;
  }
  case NodeKind::ForStatement: {
    NodeId left = tree.child(statement, Field::Left);
    if (left != kNoNode) collectTargetNames(tree, left, names, mutated);
    break;
  }
  case NodeKind::DeleteStatement:
    for (NodeId child : tree.children(statement)) collectTargetNames(tree, child, names, nullptr);
    return;
  case NodeKind::WithStatement:
  case NodeKind::ExceptClause:
    // `as` targets: collect identifiers right after an alias position is
    // grammar-version dependent; the body below covers the usual bindings.
    break;
  case NodeKind::ExpressionStatement:
    for (NodeId child : tree.children(statement)) {
      NodeKind childKind = tree.kind(child);
      if (childKind == NodeKind::Assignment || childKind == NodeKind::AugmentedAssignment)
        collectBoundNames(tree, child, names, mutated);
      else
        collectInExpression(tree, child, names, mutated);
    }
    return;
  default:
    break;
  }
  // Compound statements: recurse into clauses and blocks.
  for (NodeId child : tree.children(statement)) {
    NodeKind childKind = tree.kind(child);
    if (childKind == NodeKind::Block || childKind == NodeKind::ElifClause ||
        childKind == NodeKind::ElseClause || childKind == NodeKind::ExceptClause ||
        childKind == NodeKind::FinallyClause) {
      for (NodeId inner : tree.children(child)) collectBoundNames(tree, inner, names, mutated);
    } else if (python::SyntaxTree::isExpressionKind(childKind) &&
               tree.node(child).field == Field::Condition) {
      collectInExpression(tree, child, names, mutated);
    } else if (childKind == NodeKind::ExpressionStatement || childKind == NodeKind::IfStatement ||
               childKind == NodeKind::ForStatement || childKind == NodeKind::TryStatement ||
               childKind == NodeKind::WithStatement || childKind == NodeKind::WhileStatement ||
               childKind == NodeKind::FunctionDefinition ||
               childKind == NodeKind::DecoratedDefinition ||
               childKind == NodeKind::ImportStatement ||
               childKind == NodeKind::ImportFromStatement) {
      collectBoundNames(tree, child, names, mutated);
    }
  }
}

namespace {

// Records the simple forms as direct bindings, everything else as compound.
// The blocks of an if/try/with statement: its body and those of its
// elif/else/except/finally clauses.
template <typename Visit> void forEachBlock(const SyntaxTree &tree, NodeId statement, Visit &&visit) {
  for (NodeId child : tree.children(statement)) {
    NodeId block = child;
    if (tree.kind(child) != NodeKind::Block) {
      NodeKind kind = tree.kind(child);
      if (kind != NodeKind::ElifClause && kind != NodeKind::ElseClause && kind != NodeKind::ExceptClause &&
          kind != NodeKind::FinallyClause)
        continue;
      block = tree.childOfKind(child, NodeKind::Block);
      if (block == kNoNode) continue;
    }
    visit(block);
  }
}

using BindingMap = std::unordered_map<std::string, std::vector<Binding>, StringHash, std::equal_to<>>;

// `scope` is the byte range of the block holding the statement (the whole
// module for a top-level one).
void indexStatement(const SyntaxTree &tree, NodeId statement, BindingMap &bindings, ImportMap &imports,
                    std::pair<uint32_t, uint32_t> scope = {0, UINT32_MAX}) {
  uint32_t end = tree.node(statement).endByte;
  auto add = [&](std::string_view name, Binding::Kind kind, NodeId node) {
    Binding binding;
    binding.kind = kind;
    binding.statement = statement;
    binding.node = node;
    binding.visibleFrom = end;
    binding.scopeStart = scope.first;
    binding.scopeEnd = scope.second;
    bindings[std::string(name)].push_back(binding);
  };

  NodeKind kind = tree.kind(statement);
  if (kind == NodeKind::FunctionDefinition || kind == NodeKind::ClassDefinition ||
      kind == NodeKind::DecoratedDefinition) {
    NodeId definition =
        kind == NodeKind::DecoratedDefinition ? tree.child(statement, Field::Definition) : statement;
    if (definition == kNoNode) return;
    NodeId name = tree.child(definition, Field::Name);
    if (name != kNoNode) add(tree.text(name), Binding::Kind::Definition, definition);
    return;
  }
  if (kind == NodeKind::ImportStatement || kind == NodeKind::ImportFromStatement) {
    std::string source =
        kind == NodeKind::ImportFromStatement ? importSourceModule(tree, statement) : std::string();
    for (NodeId child : tree.children(statement)) {
      if (tree.node(child).field != Field::Name) continue;
      std::string local, path;
      if (tree.kind(child) == NodeKind::AliasedImport) {
        NodeId alias = tree.child(child, Field::Alias);
        NodeId name = tree.child(child, Field::Name);
        if (alias == kNoNode || name == kNoNode) continue;
        local = std::string(tree.text(alias));
        path = dottedNameText(tree, name);
      } else if (tree.kind(child) == NodeKind::DottedName) {
        path = dottedNameText(tree, child);
        if (kind == NodeKind::ImportStatement) {
          local = path.substr(0, path.find('.'));
          path = local; // `import a.b` binds a to package a
        } else {
          local = path.substr(path.rfind('.') + 1);
        }
      } else {
        continue;
      }
      if (kind == NodeKind::ImportFromStatement) {
        if (source.empty()) continue;
        path = source.back() == '.' ? source + path : source + "." + path;
      }
      imports[local] = path;
      add(local, Binding::Kind::Import, child);
    }
    return;
  }
  if (kind == NodeKind::ExpressionStatement) {
    NodeId inner = tree.firstChild(statement);
    if (inner != kNoNode && tree.nextSibling(inner) == kNoNode &&
        tree.kind(inner) == NodeKind::Assignment) {
      NodeId left = tree.child(inner, Field::Left);
      NodeId right = tree.child(inner, Field::Right);
      if (left != kNoNode && right != kNoNode && tree.kind(left) == NodeKind::Identifier &&
          tree.kind(right) != NodeKind::Assignment) {
        add(tree.text(left), Binding::Kind::Assignment, right);
        return;
      }
      if (left != kNoNode && right == kNoNode) return; // annotation only: `x: int`
    }
  }
  std::vector<std::string_view> names;
  collectBoundNames(tree, statement, names);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  for (std::string_view name : names) add(name, Binding::Kind::Compound, statement);

  // Imports nested in top-level try/if blocks still name library objects.
  if (kind == NodeKind::TryStatement || kind == NodeKind::IfStatement) {
    BindingMap ignored;
    forEachBlock(tree, statement, [&](NodeId block) {
      for (NodeId inner : tree.children(block)) {
        NodeKind innerKind = tree.kind(inner);
        if (innerKind == NodeKind::ImportStatement ||
            innerKind == NodeKind::ImportFromStatement) {
          ImportMap nested;
          indexStatement(tree, inner, ignored, nested);
          for (auto &[local, path] : nested) imports.emplace(local, path);
        }
      }
    });
  }
}

// Statements in the blocks of a top-level if/try/with bind names for the
// code after them in the same block: a kernel under `if has_triton():`
// reads the configs assigned above it there. Indexed before the enclosing
// statement, so each name's bindings stay ordered by visibleFrom.
void indexNestedBlocks(const SyntaxTree &tree, NodeId statement, BindingMap &bindings, int depth) {
  NodeKind kind = tree.kind(statement);
  if (depth > 8 || (kind != NodeKind::IfStatement && kind != NodeKind::TryStatement &&
                    kind != NodeKind::WithStatement))
    return;
  ImportMap ignored; // imports under a block are recorded by indexStatement
  forEachBlock(tree, statement, [&](NodeId block) {
    const python::SyntaxNode &node = tree.node(block);
    for (NodeId inner : tree.children(block)) {
      if (tree.kind(inner) == NodeKind::Comment) continue;
      indexNestedBlocks(tree, inner, bindings, depth + 1);
      indexStatement(tree, inner, bindings, ignored, {node.startByte, node.endByte});
    }
  });
}

} // namespace

void ModuleIndex::build(const SyntaxTree &tree) {
  bindings_.clear();
  imports_.clear();
  starImports_.clear();
  if (tree.empty()) return;
  for (NodeId statement : tree.children(tree.root())) {
    if (tree.kind(statement) == NodeKind::Comment) continue;
    indexNestedBlocks(tree, statement, bindings_, 0);
    indexStatement(tree, statement, bindings_, imports_);
    if (tree.kind(statement) == NodeKind::ImportFromStatement)
      for (NodeId child : tree.children(statement))
        if (tree.kind(child) == NodeKind::WildcardImport) {
          std::string source = importSourceModule(tree, statement);
          if (!source.empty()) starImports_.push_back({std::move(source), tree.node(statement).endByte});
        }
  }
}

const Binding *ModuleIndex::visibleBinding(std::string_view name, uint32_t position) const {
  auto found = bindings_.find(name);
  if (found == bindings_.end()) return nullptr;
  const std::vector<Binding> &list = found->second;
  // Bindings are in source order; take the last one ending at or before position.
  auto it = std::upper_bound(list.begin(), list.end(), position,
                             [](uint32_t pos, const Binding &b) { return pos < b.visibleFrom; });
  // Bindings in a block hold only inside it.
  while (it != list.begin()) {
    const Binding &binding = *--it;
    if (binding.scopeStart <= position && position <= binding.scopeEnd) return &binding;
  }
  return nullptr;
}

namespace {
// `from .common import triton, tl` (a project module that imports Triton, or
// stands in a placeholder where it is missing, and hands both on): the names
// are Triton's, as the universal `tl` alias is.
std::string reexportedTriton(const std::string &path) {
  auto endsWith = [&](std::string_view suffix) {
    return path.size() > suffix.size() && path.compare(path.size() - suffix.size(), suffix.size(), suffix) == 0;
  };
  if (path == "triton" || path.rfind("triton.", 0) == 0) return path;
  if (endsWith(".triton")) return "triton";
  if (endsWith(".tl")) return "triton.language";
  return path;
}
} // namespace

bool attributeChain(const SyntaxTree &tree, NodeId expression, std::string_view &head,
                    std::vector<std::string_view> &attributesLastFirst) {
  NodeId cursor = expression;
  while (cursor != kNoNode && tree.kind(cursor) == NodeKind::Attribute) {
    NodeId attribute = tree.child(cursor, Field::AttributeName);
    if (attribute == kNoNode) return false;
    attributesLastFirst.push_back(tree.text(attribute));
    cursor = tree.child(cursor, Field::Object);
  }
  if (cursor == kNoNode || tree.kind(cursor) != NodeKind::Identifier) return false;
  head = tree.text(cursor);
  return true;
}

std::string ModuleIndex::canonicalPath(const SyntaxTree &tree, NodeId expression) const {
  std::string_view head;
  std::vector<std::string_view> parts;
  if (!attributeChain(tree, expression, head, parts)) return {};
  std::string path;
  auto imported = imports_.find(head);
  if (imported != imports_.end())
    path = reexportedTriton(imported->second);
  else if (head == "tl")
    path = "triton.language"; // the universal alias, also when imported indirectly
  else
    path = std::string(head);
  for (size_t i = parts.size(); i-- > 0;) {
    path += '.';
    path += parts[i];
  }
  return path;
}

} // namespace btlint::eval

namespace btlint::eval {

bool ModuleIndex::canonicalEquals(const SyntaxTree &tree, NodeId expression,
                                  std::string_view path) const {
  NodeId cursor = expression;
  while (cursor != kNoNode && tree.kind(cursor) == NodeKind::Attribute) {
    NodeId attribute = tree.child(cursor, Field::AttributeName);
    if (attribute == kNoNode) return false;
    std::string_view name = tree.text(attribute);
    if (path.size() <= name.size() || path.substr(path.size() - name.size()) != name ||
        path[path.size() - name.size() - 1] != '.')
      return false;
    path.remove_suffix(name.size() + 1);
    cursor = tree.child(cursor, Field::Object);
  }
  if (cursor == kNoNode || tree.kind(cursor) != NodeKind::Identifier) return false;
  std::string_view head = tree.text(cursor);
  auto imported = imports_.find(head);
  if (imported != imports_.end()) return reexportedTriton(imported->second) == path;
  if (head == "tl") return path == "triton.language";
  return head == path;
}

std::string_view ModuleIndex::memberOf(const SyntaxTree &tree, NodeId expression,
                                       std::string_view modulePath) const {
  if (expression == kNoNode || tree.kind(expression) != NodeKind::Attribute) return {};
  NodeId attribute = tree.child(expression, Field::AttributeName);
  NodeId object = tree.child(expression, Field::Object);
  if (attribute == kNoNode || object == kNoNode || !canonicalEquals(tree, object, modulePath))
    return {};
  return tree.text(attribute);
}

} // namespace btlint::eval
