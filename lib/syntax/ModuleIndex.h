#pragma once
// Which top-level statements of a module bind which names, so the evaluator
// can look a name up lazily as it stands at a given point of the module
// (a decorator sees the bindings made above it, an importer sees them all).
#include "syntax/SyntaxTree.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace btlint::eval {

// Hashing that lets maps keyed by std::string be searched with a string_view.
struct StringHash {
  using is_transparent = void;
  size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
};
using ImportMap = std::unordered_map<std::string, std::string, StringHash, std::equal_to<>>;

struct Binding {
  enum class Kind {
    Assignment, // NAME = value (value is `node`)
    Definition, // def/class (the definition is `node`)
    Import,     // import/from-import (`node` is the dotted_name or aliased_import)
    Compound,   // any other statement that binds or mutates the name
  };
  Kind kind = Kind::Compound;
  // The statement that binds: top-level, or in a block of a top-level
  // if/try/with (kernels and their configs are often defined under
  // `if has_triton():` or `try: import triton`).
  python::NodeId statement = python::kNoNode;
  python::NodeId node = python::kNoNode;
  uint32_t visibleFrom = 0; // byte offset from which the binding holds (statement end)
  // The block the binding is visible in: the whole module for a top-level
  // statement, else the block that holds it (code after the if/try sees the
  // top-level statement's binding instead).
  uint32_t scopeStart = 0;
  uint32_t scopeEnd = UINT32_MAX;
};

class ModuleIndex {
public:
  void build(const python::SyntaxTree &tree);

  // The latest binding of `name` that holds at byte `position`; null if none.
  const Binding *visibleBinding(std::string_view name, uint32_t position) const;

  // Top-level imports as written: local name -> dotted path of the imported
  // object ("tl" -> "triton.language", "jit" -> "triton.jit",
  // "get_configs" -> ".configs.get_configs").
  const ImportMap &importedNames() const { return imports_; }
  // Top-level `from M import *`: the module as written (".util", "pkg.ops")
  // and the byte offset from which the names it brings hold.
  struct StarImport {
    std::string module;
    uint32_t visibleFrom = 0;
  };
  const std::vector<StarImport> &starImports() const { return starImports_; }
  // Canonical dotted path of an expression written as a name or attribute
  // chain, through the imports ("tl.arange" -> "triton.language.arange");
  // empty when it is not such a chain.
  std::string canonicalPath(const python::SyntaxTree &tree, python::NodeId expression) const;
  // Whether canonicalPath(expression) == path, without building the path.
  bool canonicalEquals(const python::SyntaxTree &tree, python::NodeId expression,
                       std::string_view path) const;
  // For `module.name` where module is `modulePath` (tl.arange with
  // "triton.language"): the name; else empty.
  std::string_view memberOf(const python::SyntaxTree &tree, python::NodeId expression,
                            std::string_view modulePath) const;

private:
  std::unordered_map<std::string, std::vector<Binding>, StringHash, std::equal_to<>> bindings_;
  ImportMap imports_;
  std::vector<StarImport> starImports_;
};

// Names a statement binds or mutates in the scope it runs in (assignment and
// loop targets, definitions, imports, `x.append(...)`, `x[k] = v`), without
// looking into nested function or class bodies. Names changed in place
// (`x.append(...)`, `x[k] = v`) also go to `mutated` when given.
void collectBoundNames(const python::SyntaxTree &tree, python::NodeId statement,
                       std::vector<std::string_view> &names,
                       std::vector<std::string_view> *mutated = nullptr);

// Names an assignment or loop target binds (`a`, `a, (b, c)`, `*rest`).
void collectAssignmentTargets(const python::SyntaxTree &tree, python::NodeId target,
                              std::vector<std::string_view> &names);

// Methods that change their receiver in place.
bool isMutatingMethod(std::string_view name);

// Dotted path written by a dotted_name node ("a.b.c").
std::string dottedNameText(const python::SyntaxTree &tree, python::NodeId dottedName);
// An expression written as a name or an attribute chain of names (`a.b.c`):
// its head (`a`) and its attributes, last first (`c`, `b`); false for
// anything else.
bool attributeChain(const python::SyntaxTree &tree, python::NodeId expression, std::string_view &head,
                    std::vector<std::string_view> &attributesLastFirst);
// The module path of an import-from statement's source (".utils", "triton.language").
std::string importSourceModule(const python::SyntaxTree &tree, python::NodeId statement);

} // namespace btlint::eval
