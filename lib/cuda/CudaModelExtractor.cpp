#include "cuda/CudaModelExtractor.h"
#include "cuda/OutParameters.h"
#include "arch/ArchTable.h"

// GCC 12 reports a false -Wnonnull inside Clang's lazily loaded pointers once
// RecursiveASTVisitor is inlined here; the pointer it names is never null.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wnonnull"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/GlobalDecl.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#pragma GCC diagnostic pop

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace btlint::cuda {
namespace {

using namespace clang;

// How deep the value and function-pointer resolution follows locals.
constexpr int kMaxRecursionDepth = 8;

// ---------------------------------------------------------------------------
// Source positions: the model indexes the main file's text; everything else
// (headers, macro bodies) maps to a position in the main file or to nothing.

class SourceMapper {
public:
  SourceMapper(const SourceManager &sm, const LangOptions &language, const SourceFile &file)
      : sm_(sm), language_(language), file_(file), main_(sm.getMainFileID()) {}

  bool inMainFile(SourceLocation location) const {
    return location.isValid() && sm_.getFileID(sm_.getFileLoc(location)) == main_;
  }
  bool inSystemHeader(SourceLocation location) const {
    return location.isValid() && sm_.isInSystemHeader(sm_.getFileLoc(location));
  }

  std::optional<SourceSpan> span(SourceRange range) const {
    if (range.isInvalid()) return std::nullopt;
    const SourceLocation begin = sm_.getFileLoc(range.getBegin());
    const SourceLocation end = sm_.getFileLoc(range.getEnd());
    if (sm_.getFileID(begin) != main_ || sm_.getFileID(end) != main_) return std::nullopt;
    const unsigned size = static_cast<unsigned>(file_.text().size());
    const unsigned startByte = std::min(sm_.getFileOffset(begin), size);
    unsigned endByte = sm_.getFileOffset(end) + Lexer::MeasureTokenLength(end, sm_, language_);
    endByte = std::clamp(endByte, startByte, size);
    return file_.span(startByte, endByte);
  }
  std::optional<SourceSpan> span(SourceLocation location) const { return span(SourceRange(location, location)); }

  // The span, or `fallback` when the range lies outside the main file.
  SourceSpan spanOr(SourceRange range, const SourceSpan &fallback) const {
    return span(range).value_or(fallback);
  }

  std::string text(SourceRange range) const {
    if (range.isInvalid()) return {};
    CharSourceRange tokens = CharSourceRange::getTokenRange(range);
    return Lexer::getSourceText(Lexer::makeFileCharRange(tokens, sm_, language_), sm_, language_).str();
  }

  // "kernels/gemm.cuh:12" for notes about code in other files.
  // "path:line", the path as the user sees it: relative to the working
  // directory when under it.
  std::string where(SourceLocation location) const {
    const PresumedLoc presumed = sm_.getPresumedLoc(sm_.getFileLoc(location));
    if (presumed.isInvalid()) return "another file";
    return shownPath(presumed) + ":" + std::to_string(presumed.getLine());
  }
  // The place of `location` in whatever file holds it, for a note that names
  // it: the path as where() writes it and the token there (none when unknown).
  std::pair<std::string, SourceSpan> place(SourceLocation location) const {
    const SourceLocation at = sm_.getFileLoc(location);
    const PresumedLoc presumed = sm_.getPresumedLoc(at);
    if (presumed.isInvalid()) return {};
    SourceSpan span;
    span.line = span.endLine = presumed.getLine();
    span.column = presumed.getColumn();
    span.startByte = sm_.getFileOffset(at);
    const unsigned length = Lexer::MeasureTokenLength(at, sm_, language_);
    span.endColumn = span.column + length;
    span.endByte = span.startByte + length;
    return {shownPath(presumed), span};
  }
  // The path of a presumed location as the user sees it: relative to the
  // working directory when under it.
  static std::string shownPath(const PresumedLoc &presumed) {
    llvm::SmallString<256> path(presumed.getFilename());
    llvm::sys::path::remove_dots(path, /*remove_dot_dot=*/true);
    llvm::SmallString<256> cwd;
    if (!llvm::sys::fs::current_path(cwd) && llvm::sys::path::replace_path_prefix(path, cwd, "") &&
        !path.empty() && llvm::sys::path::is_separator(path[0]))
      path.erase(path.begin());
    return std::string(path);
  }
  std::string fileName(SourceLocation location) const {
    const PresumedLoc presumed = sm_.getPresumedLoc(sm_.getFileLoc(location));
    return presumed.isInvalid() ? std::string() : std::string(presumed.getFilename());
  }

  bool before(SourceLocation a, SourceLocation b) const { return sm_.isBeforeInTranslationUnit(a, b); }

private:
  const SourceManager &sm_;
  const LangOptions &language_;
  const SourceFile &file_;
  FileID main_;
};

// ---------------------------------------------------------------------------
// Values: Clang's constant evaluator first, then what a launcher typically
// builds in plain locals (`int smem = 2 * BM * BK * sizeof(float);`,
// `dim3 block(BM * BN / (TM * TN));`) as long as nothing changes them later.

const Expr *stripToValue(const Expr *expression) {
  const Expr *current = expression;
  while (current) {
    const Expr *next = current->IgnoreParenCasts()->IgnoreImplicit();
    if (const auto *defaultArgument = dyn_cast<CXXDefaultArgExpr>(next)) next = defaultArgument->getExpr();
    if (const auto *defaultInit = dyn_cast<CXXDefaultInitExpr>(next)) next = defaultInit->getExpr();
    if (next == current) break;
    current = next;
  }
  return current;
}

// The variable an lvalue expression names at its root: `cfg` in
// `cfg.blockDim.x`, `a` in `a[i][j]`.
const VarDecl *rootVariable(const Expr *expression) {
  const Expr *current = expression;
  while (current) {
    current = current->IgnoreParenCasts();
    if (const auto *member = dyn_cast<MemberExpr>(current)) {
      if (member->isArrow()) return nullptr;
      current = member->getBase();
    } else if (const auto *subscript = dyn_cast<ArraySubscriptExpr>(current)) {
      current = subscript->getBase();
    } else if (const auto *reference = dyn_cast<DeclRefExpr>(current)) {
      return dyn_cast<VarDecl>(reference->getDecl());
    } else {
      return nullptr;
    }
  }
  return nullptr;
}

// Locals a function body changes after their declaration: assigned,
// incremented, address taken, bound to a non-const reference, or the object
// of a non-const member call.
class MutationCollector : public RecursiveASTVisitor<MutationCollector> {
public:
  explicit MutationCollector(std::set<const VarDecl *> &mutated) : mutated_(mutated) {}

  bool VisitBinaryOperator(BinaryOperator *op) {
    if (op->isAssignmentOp()) mark(op->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *op) {
    if (op->isIncrementDecrementOp() || op->getOpcode() == UO_AddrOf) mark(op->getSubExpr());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *call) {
    if (call->getNumArgs() > 0 &&
        (call->isAssignmentOp() || call->getOperator() == OO_PlusPlus || call->getOperator() == OO_MinusMinus))
      mark(call->getArg(0));
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *call) {
    if (const CXXMethodDecl *method = call->getMethodDecl())
      if (!method->isConst()) mark(call->getImplicitObjectArgument());
    return true;
  }
  bool VisitCallExpr(CallExpr *call) {
    const FunctionDecl *callee = call->getDirectCallee();
    if (!callee) return true;
    for (unsigned i = 0; i < call->getNumArgs() && i < callee->getNumParams(); ++i) {
      QualType type = callee->getParamDecl(i)->getType();
      if (type->isReferenceType() && !type.getNonReferenceType().isConstQualified()) mark(call->getArg(i));
    }
    return true;
  }

private:
  void mark(const Expr *expression) {
    if (const VarDecl *variable = rootVariable(expression)) mutated_.insert(variable);
  }
  std::set<const VarDecl *> &mutated_;
};

class ValueEvaluator {
public:
  explicit ValueEvaluator(ASTContext &context) : context_(context) {}

  std::optional<int64_t> integer(const Expr *expression, int depth = 0) {
    if (!expression || depth > kMaxRecursionDepth) return std::nullopt;
    if (expression->isValueDependent() || expression->isTypeDependent()) return std::nullopt;
    Expr::EvalResult result;
    if (expression->EvaluateAsInt(result, context_)) return result.Val.getInt().tryExtValue();
    const Expr *value = stripToValue(expression);
    if (value != expression && (value->isValueDependent() || value->isTypeDependent())) return std::nullopt;
    if (value != expression && value->EvaluateAsInt(result, context_)) return result.Val.getInt().tryExtValue();
    if (const VarDecl *local = stableLocal(value)) return integer(local->getInit(), depth + 1);
    if (const auto *binary = dyn_cast<BinaryOperator>(value)) {
      auto left = integer(binary->getLHS(), depth + 1);
      auto right = integer(binary->getRHS(), depth + 1);
      // `block >= 1024 || params.B > 65535`: one known side can decide.
      if (binary->getOpcode() == BO_LOr) {
        if ((left && *left) || (right && *right)) return 1;
        return left && right ? std::optional<int64_t>(0) : std::nullopt;
      }
      if (binary->getOpcode() == BO_LAnd) {
        if ((left && !*left) || (right && !*right)) return 0;
        return left && right ? std::optional<int64_t>(1) : std::nullopt;
      }
      if (!left || !right) return std::nullopt;
      switch (binary->getOpcode()) {
      case BO_LT: return *left < *right;
      case BO_GT: return *left > *right;
      case BO_LE: return *left <= *right;
      case BO_GE: return *left >= *right;
      case BO_EQ: return *left == *right;
      case BO_NE: return *left != *right;
      case BO_Add: return *left + *right;
      case BO_Sub: return *left - *right;
      case BO_Mul: return *left * *right;
      case BO_Div: return *right == 0 ? std::nullopt : std::optional<int64_t>(*left / *right);
      case BO_Rem: return *right == 0 ? std::nullopt : std::optional<int64_t>(*left % *right);
      case BO_Shl: return *right < 0 || *right > 62 ? std::nullopt : std::optional<int64_t>(*left << *right);
      case BO_Shr: return *right < 0 || *right > 62 ? std::nullopt : std::optional<int64_t>(*left >> *right);
      default: return std::nullopt;
      }
    }
    if (const auto *conditional = dyn_cast<ConditionalOperator>(value)) {
      auto condition = integer(conditional->getCond(), depth + 1);
      if (!condition) return std::nullopt;
      return integer(*condition ? conditional->getTrueExpr() : conditional->getFalseExpr(), depth + 1);
    }
    return std::nullopt;
  }

  // x, y, z of a dim3 (or of an integer converted to one).
  std::optional<std::array<int64_t, 3>> dim3(const Expr *expression, int depth = 0) {
    if (!expression || depth > kMaxRecursionDepth) return std::nullopt;
    if (expression->isValueDependent() || expression->isTypeDependent()) return std::nullopt;
    const Expr *value = stripToValue(expression);
    if (value->getType()->isIntegralOrEnumerationType()) {
      auto x = integer(value, depth + 1);
      if (!x) return std::nullopt;
      return std::array<int64_t, 3>{*x, 1, 1};
    }
    if (const auto *construct = dyn_cast<CXXConstructExpr>(value)) {
      const CXXConstructorDecl *constructor = construct->getConstructor();
      if (constructor && constructor->isCopyOrMoveConstructor() && construct->getNumArgs() >= 1)
        return dim3(construct->getArg(0), depth + 1);
      std::array<int64_t, 3> extents{1, 1, 1};
      if (construct->getNumArgs() > 3) return std::nullopt;
      for (unsigned i = 0; i < construct->getNumArgs(); ++i) {
        const Expr *argument = construct->getArg(i);
        if (!argument->getType()->isIntegralOrEnumerationType()) {
          // dim3(uint3) and the like: only a lone argument of dim3 kind.
          if (construct->getNumArgs() == 1) return dim3(argument, depth + 1);
          return std::nullopt;
        }
        auto extent = integer(argument, depth + 1);
        if (!extent) return std::nullopt;
        extents[i] = *extent;
      }
      return extents;
    }
    if (const auto *list = dyn_cast<InitListExpr>(value)) {
      std::array<int64_t, 3> extents{1, 1, 1};
      if (list->getNumInits() > 3) return std::nullopt;
      for (unsigned i = 0; i < list->getNumInits(); ++i) {
        auto extent = integer(list->getInit(i), depth + 1);
        if (!extent) return std::nullopt;
        extents[i] = *extent;
      }
      return extents;
    }
    if (const VarDecl *local = stableLocal(value)) return dim3(local->getInit(), depth + 1);
    return std::nullopt;
  }

  // The expression of a grid's extent along `axis` (0: x): an integer is x,
  // a dim3 gives its arguments, through locals never changed; null when not
  // written out.
  const Expr *extentExpression(const Expr *expression, unsigned axis, int depth = 0) {
    if (!expression || depth > kMaxRecursionDepth) return nullptr;
    const Expr *value = stripToValue(expression);
    // Code Clang recovered from an error may have no type.
    if (value->getType().isNull() || value->isTypeDependent()) return nullptr;
    if (const VarDecl *local = stableLocal(value)) return extentExpression(local->getInit(), axis, depth + 1);
    if (value->getType()->isIntegralOrEnumerationType()) return axis == 0 ? value : nullptr;
    if (const auto *construct = dyn_cast<CXXConstructExpr>(value)) {
      const CXXConstructorDecl *constructor = construct->getConstructor();
      if (constructor && constructor->isCopyOrMoveConstructor() && construct->getNumArgs() >= 1)
        return extentExpression(construct->getArg(0), axis, depth + 1);
      return axis < construct->getNumArgs() ? extentExpression(construct->getArg(axis), 0, depth + 1) : nullptr;
    }
    if (const auto *list = dyn_cast<InitListExpr>(value))
      return axis < list->getNumInits() ? extentExpression(list->getInit(axis), 0, depth + 1) : nullptr;
    return nullptr;
  }

  // The function an expression designates: `k<64>`, `&k`, `(void *)k`, or a
  // local function pointer initialised with one and never changed, or
  // declared without a value and assigned one once (`void *kernel; kernel =
  // (void *)k<128>;`).
  const FunctionDecl *function(const Expr *expression, int depth = 0) {
    if (!expression || depth > kMaxRecursionDepth) return nullptr;
    const Expr *value = expression->IgnoreParenCasts();
    if (const auto *unary = dyn_cast<UnaryOperator>(value))
      if (unary->getOpcode() == UO_AddrOf) return function(unary->getSubExpr(), depth + 1);
    if (const auto *reference = dyn_cast<DeclRefExpr>(value)) {
      if (const auto *callee = dyn_cast<FunctionDecl>(reference->getDecl())) return callee;
      if (const VarDecl *local = stableLocal(reference)) return function(local->getInit(), depth + 1);
      if (const Expr *assigned = onlyAssignment(reference)) return function(assigned, depth + 1);
    }
    return nullptr;
  }

  // The value of a local declared without one and assigned exactly once
  // with `=`, nothing else changing it (no `+=`, `++`, `&local`); null
  // otherwise.
  const Expr *onlyAssignment(const DeclRefExpr *reference) {
    const auto *variable = dyn_cast<VarDecl>(reference->getDecl());
    if (!variable || !variable->isLocalVarDecl() || variable->getInit()) return nullptr;
    const auto *owner = dyn_cast_or_null<FunctionDecl>(variable->getParentFunctionOrMethod());
    if (!owner || !owner->hasBody()) return nullptr;
    auto [entry, inserted] = onlyAssignments_.try_emplace(variable, nullptr);
    if (!inserted) return entry->second;
    int writes = 0;
    const Expr *value = nullptr;
    std::function<void(const Stmt *)> visit = [&](const Stmt *statement) {
      if (!statement || writes > 1) return;
      auto names = [&](const Expr *target) {
        const auto *used = dyn_cast<DeclRefExpr>(target->IgnoreParenImpCasts());
        return used && used->getDecl() == variable;
      };
      if (const auto *binary = dyn_cast<BinaryOperator>(statement); binary && binary->isAssignmentOp() &&
                                                                     names(binary->getLHS())) {
        ++writes;
        value = binary->getOpcode() == BO_Assign ? binary->getRHS() : nullptr;
        if (!value) writes = 2;
      } else if (const auto *unary = dyn_cast<UnaryOperator>(statement);
                 unary && (unary->isIncrementDecrementOp() || unary->getOpcode() == UO_AddrOf) &&
                 names(unary->getSubExpr())) {
        writes = 2;
      }
      for (const Stmt *child : statement->children()) visit(child);
    };
    visit(owner->getBody());
    entry->second = writes == 1 ? value : nullptr;
    return entry->second;
  }

  // A local variable with an initializer that nothing changes afterwards.
  const VarDecl *stableLocal(const Expr *expression) {
    const auto *reference = dyn_cast<DeclRefExpr>(expression->IgnoreParenImpCasts());
    if (!reference) return nullptr;
    const auto *variable = dyn_cast<VarDecl>(reference->getDecl());
    if (!variable || !variable->isLocalVarDecl() || !variable->getInit()) return nullptr;
    const auto *owner = dyn_cast_or_null<FunctionDecl>(variable->getParentFunctionOrMethod());
    if (!owner || !owner->hasBody()) return nullptr;
    auto [entry, inserted] = mutatedByFunction_.try_emplace(owner);
    if (inserted) MutationCollector(entry->second).TraverseStmt(owner->getBody());
    return entry->second.count(variable) ? nullptr : variable;
  }

private:
  ASTContext &context_;
  std::map<const FunctionDecl *, std::set<const VarDecl *>> mutatedByFunction_;
  std::map<const VarDecl *, const Expr *> onlyAssignments_;
};

// ---------------------------------------------------------------------------
// What one function body contributes to the kernels that reach it.

// How code uses one __shared__ variable, as far as ptxas's keeping it goes.
// The compiler (NVVM's LLVM) drops a variable nothing loads, folds a scalar
// never stored with a run-time value, and splits an aggregate accessed only at
// constant positions into one scalar per position (each kept only where it is
// both stored and loaded), placed after the unsplit variables.
struct SharedAccess {
  struct Part {
    int64_t bytes = 0;
    bool loaded = false;
    bool storedValue = false; // stored a value that is not a compile-time constant
  };
  bool loaded = false;
  bool storedValue = false;
  bool escapes = false;      // address taken, passed on, atomics, asm: kept whole
  bool constantPaths = true; // every access reaches a scalar at a constant offset
  std::map<int64_t, Part> parts; // by byte offset, when constantPaths

  void merge(const SharedAccess &other) {
    loaded |= other.loaded;
    storedValue |= other.storedValue;
    escapes |= other.escapes;
    constantPaths &= other.constantPaths;
    for (const auto &[offset, part] : other.parts) {
      Part &mine = parts[offset];
      mine.bytes = std::max(mine.bytes, part.bytes);
      mine.loaded |= part.loaded;
      mine.storedValue |= part.storedValue;
    }
  }
};

struct FunctionSummary {
  std::vector<const VarDecl *> declaredShared;             // declared in the body, in order
  std::map<const VarDecl *, SharedAccess> sharedAccesses;  // every __shared__ variable it uses
  std::vector<const FunctionDecl *> callees;               // device code it calls that has a body
  std::vector<const VarDecl *> localArrays;                // per-thread arrays
  std::set<const VarDecl *> usedArrays;                    // those named in code that runs (not a dead branch)
  std::map<const VarDecl *, SourceRange> runtimeIndexed;   // local arrays indexed at run time: the first place
  // The steps of the walk (in source order) between which each local array
  // holds a value (LocalArray::liveFrom).
  std::map<const VarDecl *, std::pair<uint32_t, uint32_t>> arrayLiveSteps;
  std::vector<SourceRange> tensorCoreOps;                  // wmma::mma_sync, mma/wgmma inline assembly
  // Inline PTX that only some targets accept: instruction, table prefix, where.
  std::vector<std::tuple<std::string, std::string, SourceRange>> restrictedInstructions;
  bool readsGridDim = false; // `gridDim`: the code adapts to the grid it gets (a grid-stride loop)
  // `blockIdx.x * blockDim.x`-like products, and uses of `blockIdx` outside one.
  std::vector<BlockStride> blockStrides;
  bool loops = false;
  bool pointerCasts = false;
};

// Instructions of `text` (inline PTX) that start with a prefix of
// restrictedPtxInstructions(): each as written and its prefix, first use of
// each prefix only.
std::vector<std::pair<std::string, std::string>> restrictedInstructionsIn(llvm::StringRef text) {
  std::vector<std::pair<std::string, std::string>> found;
  for (const RestrictedPtxInstruction &restricted : restrictedPtxInstructions()) {
    for (size_t at = text.find(restricted.prefix); at != llvm::StringRef::npos;
         at = text.find(restricted.prefix, at + 1)) {
      const char before = at == 0 ? ' ' : text[at - 1];
      if (std::isalnum(static_cast<unsigned char>(before)) || before == '_' || before == '.') continue;
      const size_t end = text.find_first_of(" \t\n\r;,{}", at);
      found.emplace_back(text.substr(at, end == llvm::StringRef::npos ? llvm::StringRef::npos : end - at).str(),
                         std::string(restricted.prefix));
      break;
    }
  }
  return found;
}

bool isSharedVariable(const VarDecl *variable) { return variable && variable->hasAttr<CUDASharedAttr>(); }
bool isDynamicShared(const VarDecl *variable) { return variable->getType()->isIncompleteArrayType(); }

// An lvalue that names (part of) a __shared__ variable: `a`, `a[i][j]`,
// `s.field`, with the byte offset it reaches when every index is constant.
struct SharedLvalue {
  const VarDecl *variable = nullptr;
  std::optional<int64_t> offset; // unset: some index is only known at run time
  bool scalar = false;           // the lvalue's type is not an aggregate
  int64_t bytes = 0;
  std::vector<const Expr *> indices;
};

class SummaryBuilder {
public:
  SummaryBuilder(ASTContext &context, const SourceMapper &mapper, ValueEvaluator &values, OutParameters &outParameters,
                 FunctionSummary &summary)
      : context_(context), mapper_(mapper), values_(values), outParameters_(outParameters), summary_(summary) {}

  void summarize(const Stmt *body) {
    walk(body);
    // An array whose address went into a pointer, a reference or a lambda
    // may be used through it anywhere in its block.
    for (const VarDecl *array : escapedArrays_)
      if (auto found = summary_.arrayLiveSteps.find(array); found != summary_.arrayLiveSteps.end())
        found->second = {std::min(found->second.first, arrayDeclaredAt_[array]),
                         std::max(found->second.second, arrayBlockEnd_[array])};
  }

private:
  void walk(const Stmt *statement) {
    if (!statement) return;
    if (const auto *declarations = dyn_cast<DeclStmt>(statement)) {
      for (const Decl *declaration : declarations->decls())
        if (const auto *variable = dyn_cast<VarDecl>(declaration)) {
          const bool localArray = isLocalArray(variable);
          if (isSharedVariable(variable))
            summary_.declaredShared.push_back(variable->getCanonicalDecl());
          else if (localArray) {
            summary_.localArrays.push_back(variable);
            arrayDeclaredAt_[variable] = ++walkStep_;
            if (!blockArrays_.empty()) blockArrays_.back().push_back(variable);
          }
          // `float *regs = acc[i];`, `auto &row = acc[i];`: uses of `regs` are uses of `acc`.
          if (const Expr *init = variable->getInit();
              init && (variable->getType()->isPointerType() || variable->getType()->isReferenceType()))
            if (const VarDecl *array = arrayOf(storageRoot(init))) {
              aliases_[variable] = array;
              walkIndices(init); // taking the address reads no element
              continue;
            }
          if (variable->getInit()) {
            // `int i = blockIdx.x * blockDim.x + threadIdx.x`: later scaling of `i` counts.
            if (std::set<int> axes = blockIdxAxesIn(variable->getInit()); !axes.empty())
              blockDerived_[variable] = std::move(axes);
            walk(variable->getInit());
            if (localArray) accessArray(variable, /*overwrite=*/true, /*countsAsUse=*/false);
          }
        }
      return;
    }
    if (isa<ForStmt>(statement) || isa<WhileStmt>(statement) || isa<DoStmt>(statement) ||
        isa<CXXForRangeStmt>(statement)) {
      summary_.loops = true;
      const VarDecl *counter = nullptr;
      if (const auto *loop = dyn_cast<ForStmt>(statement)) counter = unrollingCounter(loop);
      if (counter) unrolled_.push_back(counter);
      openLoops_.push_back({++walkStep_, conditionalDepth_, {}});
      for (const Stmt *child : statement->children()) walk(child);
      const OpenLoop loop = std::move(openLoops_.back());
      openLoops_.pop_back();
      const uint32_t end = ++walkStep_;
      // A pass that reads before it overwrites reads what the pass before
      // left: the array is live around the whole loop.
      for (const auto &[array, overwrittenFirst] : loop.firstAccessOverwrites)
        if (!overwrittenFirst) {
          auto &[from, to] = summary_.arrayLiveSteps[array];
          from = std::min(from, loop.start);
          to = std::max(to, end);
        }
      if (counter) unrolled_.pop_back();
      return;
    }
    if (const auto *lambda = dyn_cast<LambdaExpr>(statement)) {
      for (const LambdaCapture &capture : lambda->captures())
        if (capture.capturesVariable() && capture.getCaptureKind() == LCK_ByRef)
          if (const VarDecl *array = arrayOf(dyn_cast<VarDecl>(capture.getCapturedVar())))
            escapedArrays_.insert(array);
      return; // its body is the call operator, a callee of its own
    }
    if (const auto *assignment = dyn_cast<BinaryOperator>(statement);
        assignment && assignment->isAssignmentOp() && assignment->getLHS()->getType()->isPointerType())
      noteEscape(assignment->getRHS());
    if (walkedAsOverwrite(statement)) return;
    // A branch the instantiation decides (`if (HasBias)` on a template
    // parameter): the other one is dead code the compiler drops, with the
    // arrays, shared memory and instructions only it uses.
    if (const auto *branch = dyn_cast<IfStmt>(statement); branch && !branch->isConsteval()) {
      const Expr *condition = branch->getCond();
      bool taken = false;
      if (condition && !branch->getConditionVariable() && !condition->isValueDependent() &&
          !condition->isTypeDependent() && condition->EvaluateAsBooleanCondition(taken, context_)) {
        walk(branch->getInit());
        walk(taken ? branch->getThen() : branch->getElse());
        return;
      }
    }
    if (isa<IfStmt>(statement) || isa<SwitchStmt>(statement) || isa<AbstractConditionalOperator>(statement) ||
        (isa<BinaryOperator>(statement) && cast<BinaryOperator>(statement)->isLogicalOp())) {
      // Only some passes run the arms: a write there is no overwrite.
      ++conditionalDepth_;
      for (const Stmt *child : statement->children()) walk(child);
      --conditionalDepth_;
      return;
    }
    if (const auto *reference = dyn_cast<DeclRefExpr>(statement))
      if (const VarDecl *array = arrayOf(dyn_cast<VarDecl>(reference->getDecl())))
        accessArray(array, /*overwrite=*/false);
    if (isa<CompoundStmt>(statement)) {
      blockArrays_.emplace_back();
      for (const Stmt *child : statement->children()) walk(child);
      const uint32_t end = ++walkStep_;
      for (const VarDecl *array : blockArrays_.back()) arrayBlockEnd_[array] = end;
      blockArrays_.pop_back();
      return;
    }
    if (const auto *cast = dyn_cast<ExplicitCastExpr>(statement); cast && cast->getType()->isPointerType())
      summary_.pointerCasts = true;
    if (const auto *product = dyn_cast<BinaryOperator>(statement);
        product && product->getOpcode() == BO_Mul && !insideProduct_.count(product))
      recordBlockStride(product);
    // An index scaled after the block's offset is added (`(blockIdx.x *
    // blockDim.x + threadIdx.x) << 2`): its stride is not the product's.
    // Scaling by a run-time value (`row * cols`) makes an address, not a
    // new stride; a constant scale, a shift, a division or a remainder may
    // give a thread several elements or remap them.
    if (const auto *scaled = dyn_cast<BinaryOperator>(statement); scaled && !insideProduct_.count(scaled)) {
      const BinaryOperatorKind op = scaled->getOpcode();
      const bool constantScale = op == BO_Mul && (values_.integer(scaled->getLHS()) || values_.integer(scaled->getRHS()));
      if (op == BO_Shl || op == BO_Shr || op == BO_Div || op == BO_Rem || constantScale)
        for (const Expr *operand : {scaled->getLHS(), scaled->getRHS()})
          if (!insideProduct_.count(operand->IgnoreParenImpCasts()))
            for (int axis : blockIdxAxesIn(operand))
              summary_.blockStrides.push_back({axis, 1, false, false});
    }
    if (const auto *expression = dyn_cast<Expr>(statement))
      if (auto axis = builtinAxis(expression, "blockIdx")) {
        if (!insideProduct_.count(expression->IgnoreParenImpCasts()))
          summary_.blockStrides.push_back({*axis, 1, false, false});
        return;
      }
    if (const auto *subscript = dyn_cast<ArraySubscriptExpr>(statement)) noteRuntimeIndex(subscript);
    // `coords + i * NDim` with `i` known only at run time: an index by
    // another name.
    if (const auto *offset = dyn_cast<BinaryOperator>(statement);
        offset && offset->isAdditiveOp() && offset->getType()->isPointerType())
      noteRuntimeIndex(offset->getLHS(), offset->getRHS(), offset->getSourceRange());
    if (const auto *cast = dyn_cast<ImplicitCastExpr>(statement); cast && cast->getCastKind() == CK_LValueToRValue)
      if (auto lvalue = sharedLvalue(cast->getSubExpr())) {
        record(*lvalue, /*load=*/true, /*storedValue=*/false);
        return;
      }
    if (const auto *binary = dyn_cast<BinaryOperator>(statement)) {
      if (binary->isAssignmentOp())
        if (auto lvalue = sharedLvalue(binary->getLHS())) {
          const bool compound = binary->isCompoundAssignmentOp();
          record(*lvalue, compound, compound || !isConstant(binary->getRHS()));
          walk(binary->getRHS());
          return;
        }
    }
    if (const auto *unary = dyn_cast<UnaryOperator>(statement); unary && unary->isIncrementDecrementOp())
      if (auto lvalue = sharedLvalue(unary->getSubExpr())) {
        record(*lvalue, true, true);
        return;
      }
    // Assignment to a class-type element (__half, a struct).
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(statement);
        op && op->getOperator() == OO_Equal && op->getNumArgs() == 2)
      if (auto lvalue = sharedLvalue(op->getArg(0))) {
        addCallee(op->getDirectCallee());
        record(*lvalue, false, !isConstant(op->getArg(1)));
        walk(op->getArg(1));
        return;
      }
    // `gridDim.x` is a property read whose object sits behind an opaque value
    // (Clang's builtin variables), which has no children to walk.
    if (const auto *opaque = dyn_cast<OpaqueValueExpr>(statement)) {
      if (namesGridDim(opaque->getSourceExpr())) summary_.readsGridDim = true;
      return;
    }
    if (const auto *reference = dyn_cast<DeclRefExpr>(statement)) {
      if (namesGridDim(reference)) summary_.readsGridDim = true;
      // Any other use of a shared variable lets its address out.
      if (const auto *variable = dyn_cast<VarDecl>(reference->getDecl()); isSharedVariable(variable)) {
        SharedAccess &access = summary_.sharedAccesses[variable->getCanonicalDecl()];
        access.escapes = true;
        access.constantPaths = false;
      }
      return;
    }
    if (const auto *call = dyn_cast<CallExpr>(statement)) {
      const FunctionDecl *callee = call->getDirectCallee();
      if (callee) {
        addCallee(callee);
        if (callee->getDeclName().isIdentifier() && callee->getName() == "mma_sync")
          summary_.tensorCoreOps.push_back(call->getSourceRange());
      }
      if (callee && !isa<CXXOperatorCallExpr>(call)) {
        // An array passed where the callee only writes (a fragment loader
        // around `ldmatrix`) is overwritten once the other arguments are read.
        std::vector<const VarDecl *> overwritten, read;
        walk(call->getCallee());
        for (unsigned i = 0; i < call->getNumArgs(); ++i) {
          const VarDecl *array = arrayOf(storageRoot(call->getArg(i)));
          if (array && outParameters_.onlyWritten(callee, i)) {
            walkIndices(call->getArg(i));
            overwritten.push_back(array);
          } else {
            walk(call->getArg(i));
            if (array) read.push_back(array);
          }
        }
        overwriteWhileReading(overwritten, read);
        return;
      }
    } else if (const auto *construct = dyn_cast<CXXConstructExpr>(statement)) {
      addCallee(construct->getConstructor());
    } else if (const auto *assembly = dyn_cast<GCCAsmStmt>(statement)) {
      const std::string text = assembly->getAsmString();
      if (llvm::StringRef(text).contains("mma.")) summary_.tensorCoreOps.push_back(assembly->getSourceRange());
      for (auto &[instruction, family] : restrictedInstructionsIn(text))
        summary_.restrictedInstructions.emplace_back(std::move(instruction), std::move(family),
                                                     assembly->getSourceRange());
      // Inputs are read before `=` outputs are written (`+` ones are both).
      std::vector<const VarDecl *> overwritten, read;
      for (unsigned i = 0; i < assembly->getNumInputs(); ++i) {
        walk(assembly->getInputExpr(i));
        if (const VarDecl *array = arrayOf(storageRoot(assembly->getInputExpr(i)))) read.push_back(array);
      }
      for (unsigned i = 0; i < assembly->getNumOutputs(); ++i) {
        const VarDecl *array = arrayOf(storageRoot(assembly->getOutputExpr(i)));
        if (array && !assembly->getOutputConstraint(i).starts_with("+")) {
          walkIndices(assembly->getOutputExpr(i));
          overwritten.push_back(array);
        } else {
          walk(assembly->getOutputExpr(i));
        }
      }
      overwriteWhileReading(overwritten, read);
      return;
    }
    for (const Stmt *child : statement->children()) walk(child);
  }

  static bool isLocalArray(const VarDecl *variable) {
    return variable && variable->hasLocalStorage() && !isSharedVariable(variable) && variable->getType()->isArrayType();
  }

  // A use of a per-thread array at the next step of the walk: it holds a
  // value from its first use to its last, and a loop whose pass does not
  // begin by overwriting it (unconditionally) carries its value around.
  void accessArray(const VarDecl *array, bool overwrite, bool countsAsUse = true) {
    if (countsAsUse) summary_.usedArrays.insert(array);
    const uint32_t step = ++walkStep_;
    auto &[from, to] = summary_.arrayLiveSteps.try_emplace(array, step, step).first->second;
    from = std::min(from, step);
    to = std::max(to, step);
    const uint32_t declared = arrayDeclaredAt_[array];
    for (OpenLoop &loop : openLoops_)
      if (declared < loop.start)
        loop.firstAccessOverwrites.try_emplace(array, overwrite && conditionalDepth_ == loop.conditionalDepth);
  }

  // The arrays one call or asm statement reads and overwrites are live
  // together: the callee may read its inputs while it writes its outputs
  // (`block_reduce(values, sums)`), so the inputs stay live through the writes.
  void overwriteWhileReading(const std::vector<const VarDecl *> &overwritten,
                             const std::vector<const VarDecl *> &read) {
    for (const VarDecl *array : overwritten) accessArray(array, /*overwrite=*/true);
    if (overwritten.size() + read.size() > 1)
      for (const VarDecl *array : read) accessArray(array, /*overwrite=*/false);
  }

  // `a[i][j] = v`, `h[i] = __float2half(x)`: the value is read, then the
  // array overwritten.
  bool walkedAsOverwrite(const Stmt *statement) {
    const Expr *target = nullptr, *value = nullptr;
    if (const auto *assignment = dyn_cast<BinaryOperator>(statement); assignment && assignment->getOpcode() == BO_Assign)
      target = assignment->getLHS(), value = assignment->getRHS();
    const auto *classAssignment = dyn_cast<CXXOperatorCallExpr>(statement);
    if (classAssignment && classAssignment->getOperator() == OO_Equal && classAssignment->getNumArgs() == 2)
      target = classAssignment->getArg(0), value = classAssignment->getArg(1);
    const VarDecl *array = target ? arrayOf(storageRoot(target)) : nullptr;
    if (!array || target->getType()->isArrayType()) return false;
    if (classAssignment) addCallee(classAssignment->getDirectCallee());
    walk(value);
    walkIndices(target);
    accessArray(array, /*overwrite=*/true);
    return true;
  }

  // The indices along a written lvalue, which are read.
  void walkIndices(const Expr *lvalue) {
    forEachIndexRead(lvalue, [&](const Expr *index, const ArraySubscriptExpr *subscript) {
      if (subscript) noteRuntimeIndex(subscript);
      walk(index);
    });
  }

  void noteRuntimeIndex(const ArraySubscriptExpr *subscript) {
    noteRuntimeIndex(subscript->getBase(), subscript->getIdx(), subscript->getSourceRange());
  }

  // `base[index]` or `base + index` with `base` an array named directly.
  void noteRuntimeIndex(const Expr *base, const Expr *index, SourceRange where) {
    if (const auto *reference = dyn_cast<DeclRefExpr>(base->IgnoreParenImpCasts()))
      if (const auto *array = dyn_cast<VarDecl>(reference->getDecl());
          isLocalArray(array) && !knownAtCompileTime(index))
        summary_.runtimeIndexed.try_emplace(array, where);
  }

  // The per-thread array `variable` is, or points into.
  const VarDecl *arrayOf(const VarDecl *variable) const {
    if (isLocalArray(variable)) return variable;
    auto found = variable ? aliases_.find(variable) : aliases_.end();
    return found != aliases_.end() ? found->second : nullptr;
  }

  // A pointer later pointed into an array: uses through it are not seen.
  void noteEscape(const Expr *value) {
    if (const VarDecl *array = arrayOf(storageRoot(value))) escapedArrays_.insert(array);
  }

private:
  // `blockIdx.y` (a property of a CUDA builtin variable): its axis.
  static std::optional<int> builtinAxis(const Expr *expression, llvm::StringRef builtin) {
    if (!expression) return std::nullopt;
    expression = expression->IgnoreParenImpCasts();
    if (const auto *pseudo = dyn_cast<PseudoObjectExpr>(expression))
      expression = pseudo->getSyntacticForm()->IgnoreParenImpCasts();
    const auto *property = dyn_cast<MSPropertyRefExpr>(expression);
    if (!property) return std::nullopt;
    const Expr *base = property->getBaseExpr()->IgnoreParenImpCasts();
    if (const auto *opaque = dyn_cast<OpaqueValueExpr>(base); opaque && opaque->getSourceExpr())
      base = opaque->getSourceExpr()->IgnoreParenImpCasts();
    const auto *reference = dyn_cast<DeclRefExpr>(base);
    const MSPropertyDecl *member = property->getPropertyDecl();
    if (!reference || !member || !reference->getDecl()->getDeclName().isIdentifier() ||
        reference->getDecl()->getName() != builtin || !member->getDeclName().isIdentifier())
      return std::nullopt;
    const llvm::StringRef name = member->getName();
    if (name == "x") return 0;
    if (name == "y") return 1;
    if (name == "z") return 2;
    return std::nullopt;
  }

  // The axes of `blockIdx` read inside `expression`.
  std::set<int> blockIdxAxesIn(const Stmt *expression) const {
    std::set<int> axes;
    if (!expression) return axes;
    if (const auto *value = dyn_cast<Expr>(expression))
      if (auto axis = builtinAxis(value, "blockIdx")) {
        axes.insert(*axis);
        return axes;
      }
    if (const auto *reference = dyn_cast<DeclRefExpr>(expression))
      if (auto found = blockDerived_.find(reference->getDecl()); found != blockDerived_.end()) return found->second;
    for (const Stmt *child : expression->children()) axes.merge(blockIdxAxesIn(child));
    return axes;
  }

  // A product of factors holding `blockIdx.<axis>`: the stride it gives a
  // block, from blockDim on the same axis and constants; its factors and
  // inner products are not read again.
  void recordBlockStride(const BinaryOperator *product) {
    std::vector<const Expr *> factors;
    std::vector<const Stmt *> products;
    std::function<void(const Expr *)> flatten = [&](const Expr *e) {
      const Expr *bare = e->IgnoreParenImpCasts();
      if (const auto *inner = dyn_cast<BinaryOperator>(bare); inner && inner->getOpcode() == BO_Mul) {
        products.push_back(inner);
        flatten(inner->getLHS());
        flatten(inner->getRHS());
      } else {
        factors.push_back(e);
      }
    };
    flatten(product);
    std::optional<int> axis;
    for (const Expr *factor : factors)
      if (auto found = builtinAxis(factor, "blockIdx")) {
        if (axis) return; // blockIdx.x * blockIdx.y: not a stride
        axis = found;
      }
    if (!axis) return;
    int64_t constant = 1;
    bool timesBlockDim = false, known = true;
    for (const Expr *factor : factors) {
      if (builtinAxis(factor, "blockIdx")) {
        insideProduct_.insert(factor->IgnoreParenImpCasts());
        continue;
      }
      if (auto dim = builtinAxis(factor, "blockDim"); dim && *dim == *axis && !timesBlockDim) {
        timesBlockDim = true;
      } else if (auto value = values_.integer(factor); value && *value > 0) {
        constant *= *value;
      } else {
        known = false;
      }
    }
    for (const Stmt *inner : products) insideProduct_.insert(inner);
    summary_.blockStrides.push_back({*axis, constant, timesBlockDim, known});
  }

  static bool namesGridDim(const Expr *expression) {
    const auto *reference = expression ? dyn_cast<DeclRefExpr>(expression->IgnoreImpCasts()) : nullptr;
    const NamedDecl *named = reference ? reference->getDecl() : nullptr;
    return named && named->getDeclName().isIdentifier() && named->getName() == "gridDim";
  }

  // `for (int i = 0; i < N; ++i)` with N a constant (or a template
  // parameter): its counter is a constant in each unrolled copy.
  const VarDecl *unrollingCounter(const ForStmt *loop) const {
    const auto *init = dyn_cast_or_null<DeclStmt>(loop->getInit());
    if (!init || !init->isSingleDecl()) return nullptr;
    const auto *counter = dyn_cast<VarDecl>(init->getSingleDecl());
    const auto *condition = dyn_cast_or_null<BinaryOperator>(loop->getCond());
    if (!counter || !condition || !condition->isComparisonOp()) return nullptr;
    const auto *left = dyn_cast<DeclRefExpr>(condition->getLHS()->IgnoreParenImpCasts());
    if (!left || left->getDecl() != counter) return nullptr;
    return knownAtCompileTime(condition->getRHS()) ? counter : nullptr;
  }

  // A constant, a template parameter, a constexpr or const-initialised
  // variable, or an unrolled loop's counter, combined by arithmetic.
  bool knownAtCompileTime(const Expr *expression, int depth = 0) const {
    // Initialisers are followed a few levels at most (`const int a = a + 1;`
    // compiles, with a warning).
    constexpr int kMaxDepth = 8;
    if (!expression || depth > kMaxDepth) return false;
    expression = expression->IgnoreParenImpCasts();
    if (expression->isValueDependent() || expression->isIntegerConstantExpr(context_)) return true;
    if (const auto *reference = dyn_cast<DeclRefExpr>(expression)) {
      if (isa<NonTypeTemplateParmDecl>(reference->getDecl()) || isa<EnumConstantDecl>(reference->getDecl()))
        return true;
      const auto *variable = dyn_cast<VarDecl>(reference->getDecl());
      if (!variable) return false;
      if (std::find(unrolled_.begin(), unrolled_.end(), variable) != unrolled_.end()) return true;
      return variable->getType().isConstQualified() && variable->getInit() &&
             knownAtCompileTime(variable->getInit(), depth + 1);
    }
    if (const auto *binary = dyn_cast<BinaryOperator>(expression))
      return knownAtCompileTime(binary->getLHS(), depth + 1) && knownAtCompileTime(binary->getRHS(), depth + 1);
    if (const auto *unary = dyn_cast<UnaryOperator>(expression))
      return knownAtCompileTime(unary->getSubExpr(), depth + 1);
    if (const auto *conditional = dyn_cast<ConditionalOperator>(expression))
      return knownAtCompileTime(conditional->getCond(), depth + 1) &&
             knownAtCompileTime(conditional->getTrueExpr(), depth + 1) &&
             knownAtCompileTime(conditional->getFalseExpr(), depth + 1);
    return false;
  }

  // A loop being walked: the step it starts at, how many conditional arms
  // enclose it, and for each array declared before it whether its first
  // access in the loop overwrites it.
  struct OpenLoop {
    uint32_t start = 0;
    uint32_t conditionalDepth = 0;
    std::map<const VarDecl *, bool> firstAccessOverwrites;
  };
  uint32_t walkStep_ = 0; // declarations and uses of local arrays, loop and block ends met so far
  std::vector<OpenLoop> openLoops_;
  uint32_t conditionalDepth_ = 0;
  std::map<const VarDecl *, uint32_t> arrayDeclaredAt_;
  std::map<const VarDecl *, uint32_t> arrayBlockEnd_;
  std::vector<std::vector<const VarDecl *>> blockArrays_; // arrays declared in each open block
  std::set<const VarDecl *> escapedArrays_;
  std::map<const VarDecl *, const VarDecl *> aliases_; // pointers and references into arrays, by the array
  std::vector<const VarDecl *> unrolled_;
  std::set<const Stmt *> insideProduct_; // read as part of a block stride
  std::map<const Decl *, std::set<int>> blockDerived_; // locals initialised from blockIdx, by axis

  void record(const SharedLvalue &lvalue, bool load, bool storedValue) {
    SharedAccess &access = summary_.sharedAccesses[lvalue.variable];
    access.loaded |= load;
    access.storedValue |= storedValue;
    if (lvalue.offset && lvalue.scalar) {
      SharedAccess::Part &part = access.parts[*lvalue.offset];
      part.bytes = std::max(part.bytes, lvalue.bytes);
      part.loaded |= load;
      part.storedValue |= storedValue;
    } else {
      access.constantPaths = false;
    }
    for (const Expr *index : lvalue.indices) walk(index);
  }

  bool isConstant(const Expr *value) const {
    return !value->isValueDependent() && value->isEvaluatable(context_);
  }

  std::optional<SharedLvalue> sharedLvalue(const Expr *expression) {
    const Expr *current = expression->IgnoreParens();
    if (const auto *cast = dyn_cast<ImplicitCastExpr>(current); cast && cast->getCastKind() == CK_NoOp)
      current = cast->getSubExpr()->IgnoreParens();
    // Only the static shared variables are measured: find the variable first,
    // so that no other record's layout is asked for (one whose declaration did
    // not parse can send Clang's layout into endless recursion).
    for (const Expr *root = current;;) {
      if (const auto *subscript = dyn_cast<ArraySubscriptExpr>(root)) {
        root = subscript->getBase()->IgnoreParenImpCasts();
      } else if (const auto *member = dyn_cast<MemberExpr>(root)) {
        const auto *field = dyn_cast<FieldDecl>(member->getMemberDecl());
        if (member->isArrow() || !field || field->getParent()->isInvalidDecl()) return std::nullopt;
        root = member->getBase()->IgnoreParens();
      } else if (const auto *reference = dyn_cast<DeclRefExpr>(root)) {
        const auto *variable = dyn_cast<VarDecl>(reference->getDecl());
        if (!isSharedVariable(variable) || isDynamicShared(variable) || variable->isInvalidDecl()) return std::nullopt;
        break;
      } else {
        return std::nullopt;
      }
    }
    SharedLvalue lvalue;
    QualType type = current->getType();
    if (type->isDependentType() || type->isIncompleteType() || type->containsErrors()) return std::nullopt;
    lvalue.scalar = !type->isAggregateType() && !type->isRecordType();
    lvalue.bytes = context_.getTypeSizeInChars(type).getQuantity();
    int64_t offset = 0;
    bool constant = true;
    while (true) {
      if (const auto *subscript = dyn_cast<ArraySubscriptExpr>(current)) {
        const auto *decay = dyn_cast<ImplicitCastExpr>(subscript->getBase()->IgnoreParens());
        if (!decay || decay->getCastKind() != CK_ArrayToPointerDecay) return std::nullopt;
        lvalue.indices.push_back(subscript->getIdx());
        std::optional<int64_t> index = values_.integer(subscript->getIdx());
        QualType element = subscript->getType();
        if (index && !element->isIncompleteType() && !element->isDependentType())
          offset += *index * context_.getTypeSizeInChars(element).getQuantity();
        else
          constant = false;
        current = decay->getSubExpr()->IgnoreParens();
      } else if (const auto *member = dyn_cast<MemberExpr>(current)) {
        const auto *field = dyn_cast<FieldDecl>(member->getMemberDecl());
        if (member->isArrow() || !field) return std::nullopt;
        const ASTRecordLayout &layout = context_.getASTRecordLayout(field->getParent());
        offset += static_cast<int64_t>(context_.toCharUnitsFromBits(layout.getFieldOffset(field->getFieldIndex()))
                                           .getQuantity());
        current = member->getBase()->IgnoreParens();
      } else if (const auto *reference = dyn_cast<DeclRefExpr>(current)) {
        const auto *variable = dyn_cast<VarDecl>(reference->getDecl());
        if (!isSharedVariable(variable) || isDynamicShared(variable)) return std::nullopt;
        lvalue.variable = variable->getCanonicalDecl();
        if (constant) lvalue.offset = offset;
        return lvalue;
      } else {
        return std::nullopt;
      }
    }
  }

  void addCallee(const FunctionDecl *callee) {
    if (!callee) return;
    const FunctionDecl *definition = callee->getDefinition();
    if (!definition || !definition->hasBody()) return;
    // Library headers (the toolkit, the C++ library) declare no __shared__ of
    // the user's; skipping them keeps the walk proportional to user code.
    if (mapper_.inSystemHeader(definition->getLocation())) return;
    summary_.callees.push_back(definition);
  }

  ASTContext &context_;
  const SourceMapper &mapper_;
  ValueEvaluator &values_;
  OutParameters &outParameters_;
  FunctionSummary &summary_;
};

// ---------------------------------------------------------------------------
// Naming.

std::string elementTypeName(QualType type, const PrintingPolicy &policy) {
  return type.getUnqualifiedType().getAsString(policy);
}

// The model's element type spelling, for shared arrays of the usual types.
std::string modelDtype(QualType type) {
  std::string name = type.getUnqualifiedType().getCanonicalType().getAsString();
  if (name == "float") return "fp32";
  if (name == "double") return "fp64";
  if (name == "struct __half" || name == "__half" || name == "half") return "fp16";
  if (name == "struct __nv_bfloat16" || name == "__nv_bfloat16") return "bf16";
  if (name == "signed char" || name == "char") return "int8";
  if (name == "unsigned char") return "uint8";
  if (name == "int") return "int32";
  return {};
}

std::string normalisedName(llvm::StringRef name) {
  std::string normal;
  for (char c : name)
    if (c != '_') normal.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  return normal;
}

// Template parameters named like tile extents (BLOCK_M, TILE_K, BM, TN, ...).
bool namedLikeTile(llvm::StringRef name) {
  std::string upper = name.upper();
  llvm::StringRef text(upper);
  if (text.starts_with("BLOCK") || text.starts_with("TILE")) return true;
  return text.size() == 2 && (text[0] == 'B' || text[0] == 'T' || text[0] == 'W') &&
         (text[1] == 'M' || text[1] == 'N' || text[1] == 'K');
}

// ---------------------------------------------------------------------------
// The walk over the main file.

// A host function of a project header instantiated for this file (an explicit
// instantiation, or a call from this file's code): its launches, opt-ins and
// kernel instances are this file's, reported where this file made it.
struct HeaderInstantiation {
  SourceSpan span;      // in the main file
  std::string launcher; // the function this file instantiated, as written in diagnostics
};

struct KernelReference {
  const DeclRefExpr *expression = nullptr; // first reference in the main file, if any
  SourceLocation location;
  // Referenced only from a header's launcher instantiated for this file: the
  // place in this file that instantiated the launcher.
  std::optional<HeaderInstantiation> anchor;
};


struct ConfigTable {
  const VarDecl *variable = nullptr;
  const RecordDecl *rowType = nullptr;
  const InitListExpr *rows = nullptr;
};

// A kernel group: the primary template of an instantiation, or the function
// itself for a kernel that is not a template.
const Decl *kernelGroup(const FunctionDecl *kernel) {
  if (const FunctionTemplateDecl *primary = kernel->getPrimaryTemplate())
    return primary->getCanonicalDecl();
  if (const FunctionTemplateDecl *described = kernel->getDescribedFunctionTemplate())
    return described->getCanonicalDecl();
  return kernel->getCanonicalDecl();
}

// A visitor that knows the functions whose bodies it is in, innermost last.
template <typename Derived> class FunctionScopedVisitor : public RecursiveASTVisitor<Derived> {
public:
  bool TraverseDecl(Decl *declaration) {
    auto *function = dyn_cast_or_null<FunctionDecl>(declaration);
    const bool entersFunction = function && function->doesThisDeclarationHaveABody();
    if (entersFunction) functionStack_.push_back(function);
    bool result = RecursiveASTVisitor<Derived>::TraverseDecl(declaration);
    if (entersFunction) functionStack_.pop_back();
    return result;
  }

protected:
  std::vector<FunctionDecl *> functionStack_;
};

// Who calls whom: every call with a known callee in the bodies it is given
// (template instantiations included), by the callee's canonical declaration.
using CallersIndex = std::map<const FunctionDecl *, std::vector<std::pair<const CallExpr *, const FunctionDecl *>>>;
class CallIndexer : public FunctionScopedVisitor<CallIndexer> {
public:
  explicit CallIndexer(CallersIndex &index) : index_(index) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitCallExpr(CallExpr *call) {
    if (const FunctionDecl *callee = call->getDirectCallee(); callee && !functionStack_.empty())
      index_[callee->getCanonicalDecl()].emplace_back(call, functionStack_.back());
    return true;
  }

private:
  CallersIndex &index_;
};

class CudaExtractor : public FunctionScopedVisitor<CudaExtractor> {
public:
  CudaExtractor(ASTContext &context, const SourceFile &file, FileModel &model)
      : context_(context), mapper_(context.getSourceManager(), context.getLangOpts(), file), model_(model),
        values_(context), policy_(context.getPrintingPolicy()), mangler_(context.createMangleContext()) {
    policy_.SuppressUnwrittenScope = true;
    policy_.SuppressTagKeyword = true;
  }

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return false; }

  void run() {
    for (Decl *declaration : context_.getTranslationUnitDecl()->decls())
      if (mapper_.inMainFile(declaration->getLocation())) TraverseDecl(declaration);
    traverseInstantiationsOfHeaderDeclaredTemplates();
    seedExplicitInstantiations();
    traverseHeaderInstantiations();
    buildKernels();
    attachTables();
    applyOptIns();
    std::stable_sort(model_.kernels.begin(), model_.kernels.end(), [](const Kernel &a, const Kernel &b) {
      return std::tie(a.span.line, a.span.column, a.name) < std::tie(b.span.line, b.span.column, b.name);
    });
  }

  // --- traversal -----------------------------------------------------------

  bool VisitFunctionDecl(FunctionDecl *function) {
    if (!function->hasAttr<CUDAGlobalAttr>() || !function->doesThisDeclarationHaveABody()) return true;
    if (!mapper_.inMainFile(function->getLocation())) return true;
    if (function->getDescribedFunctionTemplate())
      patterns_.push_back(function);
    else
      noteKernel(function, nullptr);
    return true;
  }

  bool VisitVarDecl(VarDecl *variable) {
    if (auto table = asConfigTable(variable)) tables_.push_back(*table);
    return true;
  }

  bool VisitMemberExpr(MemberExpr *member) {
    if (auto *method = dyn_cast<CXXMethodDecl>(member->getMemberDecl())) noteHeaderCall(method, member->getMemberLoc());
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *reference) {
    if (auto *function = dyn_cast<FunctionDecl>(reference->getDecl())) {
      noteHeaderCall(function, reference->getLocation());
      if (function->hasAttr<CUDAGlobalAttr>()) {
        noteKernel(function, reference);
        for (const TemplateArgumentLoc &argument : reference->template_arguments())
          if (argument.getArgument().getKind() == TemplateArgument::Expression)
            noteTablesIn(argument.getSourceExpression(), kernelGroup(function));
      }
    } else if (auto *variable = dyn_cast<VarDecl>(reference->getDecl())) {
      if (!functionStack_.empty()) tablesReferencedBy_[functionStack_.back()].insert(variable->getCanonicalDecl());
    }
    return true;
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *call) {
    if (skipInPattern()) return true;
    const CallExpr *configuration = call->getConfig();
    if (!configuration || configuration->getNumArgs() < 2) return true;
    LaunchInputs inputs;
    inputs.callee = call->getCallee();
    inputs.grid = configuration->getArg(0);
    inputs.block = configuration->getArg(1);
    if (configuration->getNumArgs() > 2) {
      inputs.dynamicSmem = configuration->getArg(2);
      inputs.dynamicSmemDefaulted = isa<CXXDefaultArgExpr>(configuration->getArg(2));
    }
    for (const Expr *argument : call->arguments()) inputs.arguments.push_back(argument);
    inputs.call = call;
    inputs.api = "<<<>>>";
    recordLaunch(inputs);
    return true;
  }

  bool VisitCallExpr(CallExpr *call) {
    if (isa<CUDAKernelCallExpr>(call)) return true;
    // A lambda the launcher defines (`auto allow = [&](auto k) {
    // cudaFuncSetAttribute(k, ...); }; allow(kernel);`) is a helper called
    // through its operator(); its first argument is the lambda itself.
    if (isa<CXXOperatorCallExpr>(call)) {
      const auto *method = dyn_cast_or_null<CXXMethodDecl>(call->getDirectCallee());
      if (method && method->getParent()->isLambda() && !skipInPattern())
        recordOptInsThroughHelper(call, method, /*firstArgument=*/1);
      return true;
    }
    const FunctionDecl *callee = call->getDirectCallee();
    if (!callee || !callee->getDeclName().isIdentifier()) return true;
    llvm::StringRef name = callee->getName();
    if (name == "cudaFuncSetAttribute") {
      recordOptIn(call);
    } else if (name == "cudaLaunchKernel" || name == "cudaLaunchCooperativeKernel") {
      if (skipInPattern() || call->getNumArgs() < 3) return true;
      LaunchInputs inputs;
      inputs.callee = call->getArg(0);
      inputs.grid = call->getArg(1);
      inputs.block = call->getArg(2);
      if (call->getNumArgs() > 4) {
        inputs.dynamicSmem = call->getArg(4);
        inputs.dynamicSmemDefaulted = isa<CXXDefaultArgExpr>(call->getArg(4));
      }
      inputs.call = call;
      inputs.api = name.str();
      recordLaunch(inputs);
    } else if (name == "cudaLaunchKernelEx" || name == "cudaLaunchKernelExC") {
      if (skipInPattern() || call->getNumArgs() < 2) return true;
      recordLaunchEx(call, name);
    } else if (!skipInPattern()) {
      recordOptInsThroughHelper(call, callee);
    }
    return true;
  }

private:
  // --- launchers in project headers ------------------------------------------

  // A host function instantiated from a template of a project header (not the
  // main file, not a system header): its launches depend on this file's
  // template arguments.
  bool isHeaderLauncher(const FunctionDecl *function) const {
    if (!function || !function->isTemplateInstantiation()) return false;
    if (function->hasAttr<CUDAGlobalAttr>() || function->hasAttr<CUDADeviceAttr>()) return false;
    const FunctionDecl *definition = function->getDefinition();
    if (!definition || !definition->hasBody() || definition->isDependentContext()) return false;
    const SourceLocation at = definition->getLocation();
    return at.isValid() && !mapper_.inMainFile(at) && !mapper_.inSystemHeader(at);
  }

  void queueHeaderLauncher(const FunctionDecl *function, HeaderInstantiation instantiation) {
    const FunctionDecl *definition = function->getDefinition();
    if (!headerQueued_.insert(definition).second) return;
    if (!anchor_) {
      const FunctionDecl *pattern = definition->getTemplateInstantiationPattern();
      const SourceLocation definedAt = (pattern ? pattern : definition)->getLocation();
      auto [definedIn, definedSpan] = mapper_.place(definedAt);
      model_.headerInstantiations.push_back({instantiation.span, instantiation.launcher, mapper_.where(definedAt),
                                             std::move(definedIn), definedSpan});
    }
    headerQueue_.emplace_back(definition, std::move(instantiation));
  }

  // A reference to a function from the code being read: a header launcher
  // is read for this file, where the reference (or the launcher it sits in)
  // was written.
  void noteHeaderCall(const FunctionDecl *function, SourceLocation use) {
    if (!isHeaderLauncher(function)) return;
    if (anchor_) {
      queueHeaderLauncher(function, *anchor_);
      return;
    }
    if (functionStack_.empty() || !mapper_.inMainFile(use)) return;
    if (auto span = mapper_.span(use)) queueHeaderLauncher(function, {*span, displayName(function)});
  }

  // A pointer to a CUDA vector type (`char4 *`, `__half2 *`): each element
  // is several of the scalars a launcher counts.
  static bool pointsToVectorType(QualType type) {
    if (!type->isPointerType()) return false;
    const QualType pointee = type->getPointeeType().getUnqualifiedType();
    const auto *record = pointee->getAsRecordDecl();
    if (!record || !record->getDeclName().isIdentifier()) return false;
    const llvm::StringRef name = record->getName();
    return !name.empty() && (name.back() == '2' || name.back() == '3' || name.back() == '4');
  }

  // Every function template declared in `context`'s namespaces and linkage
  // specifications and, with `intoClasses`, in the non-dependent classes
  // defined there outside system headers.
  void forEachFunctionTemplate(const DeclContext *context, bool intoClasses,
                               const std::function<void(const FunctionTemplateDecl *)> &visit) {
    for (const Decl *declaration : context->decls()) {
      if (const auto *inner = dyn_cast<NamespaceDecl>(declaration)) {
        forEachFunctionTemplate(inner, intoClasses, visit);
      } else if (const auto *linkage = dyn_cast<LinkageSpecDecl>(declaration)) {
        forEachFunctionTemplate(linkage, intoClasses, visit);
      } else if (const auto *record = dyn_cast<CXXRecordDecl>(declaration)) {
        if (intoClasses && record->isThisDeclarationADefinition() && !record->isDependentContext() &&
            !mapper_.inSystemHeader(record->getLocation()))
          forEachFunctionTemplate(record, intoClasses, visit);
      } else if (const auto *functions = dyn_cast<FunctionTemplateDecl>(declaration)) {
        visit(functions);
      }
    }
  }

  // A function template defined here but declared first in a header (a
  // launcher `invokeX<T>` the header announces): the visitor walks a
  // template's instantiations only from its first declaration, which the
  // traversal of this file never reaches, so walk them from the definition.
  void traverseInstantiationsOfHeaderDeclaredTemplates() {
    forEachFunctionTemplate(context_.getTranslationUnitDecl(), false, [&](const FunctionTemplateDecl *functions) {
      const FunctionTemplateDecl *first = functions->getCanonicalDecl();
      if (first == functions || mapper_.inMainFile(first->getLocation()) ||
          !mapper_.inMainFile(functions->getLocation()) || !functions->isThisDeclarationADefinition())
        return;
      for (FunctionDecl *specialization : functions->specializations()) {
        const TemplateSpecializationKind kind = specialization->getTemplateSpecializationKind();
        if ((kind == TSK_ImplicitInstantiation || kind == TSK_ExplicitInstantiationDefinition) &&
            specialization->doesThisDeclarationHaveABody())
          TraverseDecl(specialization);
      }
    });
  }

  // `template void run_attention<64>(Params &);` in this file names no call:
  // the explicit instantiations of header templates are found by their point
  // of instantiation.
  void seedExplicitInstantiations() {
    forEachFunctionTemplate(context_.getTranslationUnitDecl(), true, [&](const FunctionTemplateDecl *functions) {
      if (mapper_.inMainFile(functions->getLocation()) || mapper_.inSystemHeader(functions->getLocation())) return;
      for (const FunctionDecl *specialization : functions->specializations()) {
        const TemplateSpecializationKind kind = specialization->getTemplateSpecializationKind();
        if (kind != TSK_ExplicitInstantiationDefinition || !isHeaderLauncher(specialization)) continue;
        if (auto span = mapper_.span(specialization->getPointOfInstantiation()))
          queueHeaderLauncher(specialization, {*span, displayName(specialization)});
      }
    });
  }

  void traverseHeaderInstantiations() {
    // Launchers calling launchers are queued while the queue is read.
    for (size_t i = 0; i < headerQueue_.size(); ++i) {
      anchor_ = headerQueue_[i].second;
      TraverseDecl(const_cast<FunctionDecl *>(headerQueue_[i].first));
    }
    anchor_.reset();
  }

  // Where something written in the code being read is reported: its place
  // in the main file, else the place this file instantiated the header
  // launcher holding it.
  std::optional<SourceSpan> mainFileSpan(SourceRange range) const {
    if (auto span = mapper_.span(range)) return span;
    if (anchor_) return anchor_->span;
    return std::nullopt;
  }

  struct LaunchInputs {
    const Expr *callee = nullptr;
    const Expr *grid = nullptr;
    const Expr *block = nullptr;
    const Expr *dynamicSmem = nullptr;
    bool dynamicSmemDefaulted = false;
    std::vector<const Expr *> arguments;
    const Expr *call = nullptr;
    std::string api;
    // cudaLaunchKernelEx: values found in the launch config struct.
    std::optional<std::array<int64_t, 3>> blockFromConfig;
    SourceRange blockFromConfigRange;
    std::optional<int64_t> smemFromConfig;
    SourceRange smemFromConfigRange;
    // cudaLaunchKernelEx: `attribute.val.clusterDim.x = 2;` ...: each extent
    // and where it is set.
    std::vector<std::pair<int64_t, SourceRange>> clusterDims;
  };

  // The cluster a launch attribute sets in `body`: one assignment to each of
  // `.clusterDim.x`, `.y` and `.z`, all constants; empty otherwise.
  std::vector<std::pair<int64_t, SourceRange>> clusterDimsSetIn(const Stmt *body) {
    std::map<std::string, std::vector<const BinaryOperator *>> assigned;
    std::vector<const Stmt *> work{body};
    while (!work.empty()) {
      const Stmt *statement = work.back();
      work.pop_back();
      if (!statement) continue;
      if (const auto *binary = dyn_cast<BinaryOperator>(statement); binary && binary->getOpcode() == BO_Assign)
        if (const auto *member = dyn_cast<MemberExpr>(binary->getLHS()->IgnoreParenImpCasts()))
          if (const auto *outer = dyn_cast<MemberExpr>(member->getBase()->IgnoreParenImpCasts());
              outer && outer->getMemberDecl()->getName() == "clusterDim")
            assigned[member->getMemberDecl()->getNameAsString()].push_back(binary);
      for (const Stmt *child : statement->children()) work.push_back(child);
    }
    std::vector<std::pair<int64_t, SourceRange>> extents;
    for (const char *axis : {"x", "y", "z"}) {
      auto found = assigned.find(axis);
      if (found == assigned.end() || found->second.size() != 1) return {};
      auto value = values_.integer(found->second.front()->getRHS());
      if (!value) return {};
      extents.emplace_back(*value, found->second.front()->getSourceRange());
    }
    return extents;
  }

  // A launch in a template is recorded from each instantiation, where the
  // values are known, not from the pattern as well.
  bool skipInPattern() const {
    if (functionStack_.empty()) return false;
    const FunctionDecl *function = functionStack_.back();
    if (!function->isDependentContext()) return false;
    if (const FunctionTemplateDecl *described = function->getDescribedFunctionTemplate())
      if (!described->specializations().empty()) return true;
    for (const DeclContext *context = function->getParent(); context; context = context->getParent())
      if (const auto *record = dyn_cast<CXXRecordDecl>(context))
        if (const ClassTemplateDecl *described = record->getDescribedClassTemplate())
          if (!described->specializations().empty()) return true;
    return false;
  }

  void noteKernel(const FunctionDecl *function, const DeclRefExpr *reference) {
    const FunctionDecl *key = function->getCanonicalDecl();
    auto [entry, inserted] = kernelReferences_.try_emplace(key);
    if (inserted) kernelOrder_.push_back(key);
    if (reference && !entry->second.expression && mapper_.inMainFile(reference->getLocation())) {
      entry->second.expression = reference;
      entry->second.location = reference->getLocation();
    } else if (anchor_ && !entry->second.anchor) {
      entry->second.anchor = anchor_;
    }
  }

  void noteTablesIn(const Expr *expression, const Decl *group) {
    if (!expression) return;
    if (const auto *reference = dyn_cast<DeclRefExpr>(expression->IgnoreParenImpCasts()))
      if (const auto *variable = dyn_cast<VarDecl>(reference->getDecl()))
        tablesForKernel_[variable->getCanonicalDecl()].insert(group);
    for (const Stmt *child : expression->children())
      if (const auto *sub = dyn_cast_or_null<Expr>(child)) noteTablesIn(sub, group);
  }

  // `__maxnreg__(32)` before the kernel's name. Clang does not know the
  // attribute the toolkit's macro expands to and drops it, so the text
  // between the declaration's start and its name is read.
  std::optional<ScalarValue> maxRegistersWritten(const FunctionDecl *function, const SourceSpan &fallback) const {
    const SourceManager &sources = context_.getSourceManager();
    const SourceLocation begin = sources.getExpansionLoc(function->getBeginLoc());
    const SourceLocation name = sources.getExpansionLoc(function->getLocation());
    if (begin.isInvalid() || name.isInvalid() || sources.getFileID(begin) != sources.getFileID(name)) return std::nullopt;
    const llvm::StringRef text = Lexer::getSourceText(CharSourceRange::getCharRange(begin, name), sources,
                                                      context_.getLangOpts());
    const size_t at = text.find("__maxnreg__");
    if (at == llvm::StringRef::npos) return std::nullopt;
    llvm::StringRef rest = text.substr(at + llvm::StringRef("__maxnreg__").size()).ltrim();
    const SourceSpan span =
        mapper_.spanOr(SourceRange(begin.getLocWithOffset(static_cast<int>(at))), fallback);
    if (!rest.consume_front("(")) return ScalarValue::unknown("not a literal", span);
    const llvm::StringRef argument = rest.take_until([](char c) { return c == ')'; }).trim();
    uint64_t value = 0;
    if (argument.getAsInteger(0, value)) return ScalarValue::unknown("not a literal", span);
    return ScalarValue::ofInt(static_cast<int64_t>(value), span);
  }

  // --- names ---------------------------------------------------------------

  std::string displayName(const FunctionDecl *function) const {
    std::string name;
    llvm::raw_string_ostream stream(name);
    function->getNameForDiagnostic(stream, policy_, /*Qualified=*/true);
    return name;
  }

  std::string mangledName(const FunctionDecl *function) const {
    if (!mangler_->shouldMangleDeclName(function)) return function->getNameAsString();
    std::string name;
    llvm::raw_string_ostream stream(name);
    mangler_->mangleName(GlobalDecl(function, KernelReferenceKind::Kernel), stream);
    return name;
  }

  // --- launches ------------------------------------------------------------

  ScalarValue integerValue(const Expr *expression, const SourceSpan &fallback, const char *what) {
    const SourceSpan span = mapper_.spanOr(expression->getSourceRange(), fallback);
    if (auto value = values_.integer(expression)) return ScalarValue::ofInt(*value, span);
    return ScalarValue::unknown(std::string(what) + " `" + mapper_.text(expression->getSourceRange()) +
                                    "` is not a compile-time constant",
                                span);
  }

  void fillBlock(LaunchSite &launch, const std::optional<std::array<int64_t, 3>> &extents, const SourceSpan &span,
                 const std::string &text) {
    if (!extents) {
      launch.blockThreads = ScalarValue::unknown("block `" + text + "` is not a compile-time constant", span);
      return;
    }
    launch.blockThreads = ScalarValue::ofInt((*extents)[0] * (*extents)[1] * (*extents)[2], span);
    for (int64_t extent : *extents) launch.blockDims.push_back(ScalarValue::ofInt(extent, span));
  }

  // A grid extent written as a run-time size divided by a constant: rounding
  // down (`n / 256`, `dim3(n / kBlock)`, a `dim3 grid(n / 32, k / 32)` never
  // changed: the blocks cover whole multiples only), or up (`(n + 255) /
  // 256`, a two-argument helper whose name says it divides, `ceil_div(n,
  // 256)`: `roundsUp`).
  std::optional<GridDivisor> dividedGrid(const Expr *extent, const SourceSpan &fallback) {
    const Expr *bare = extent ? extent->IgnoreParenImpCasts() : nullptr;
    if (const auto *call = dyn_cast_or_null<CallExpr>(bare)) return helperDividedGrid(call, fallback);
    const auto *division = dyn_cast_or_null<BinaryOperator>(bare);
    if (!division || division->getOpcode() != BO_Div || !division->getType()->isIntegerType()) return std::nullopt;
    const Expr *dividend = division->getLHS()->IgnoreParenImpCasts();
    const std::optional<int64_t> divisor = values_.integer(division->getRHS());
    if (!divisor || *divisor <= 1 || values_.integer(dividend)) return std::nullopt;
    GridDivisor entry = divisorOf(division->getSourceRange(), division->getRHS(), *divisor, fallback);
    if (const auto *sum = dyn_cast<BinaryOperator>(dividend); sum && sum->isAdditiveOp()) {
      // `(n + d - 1) / d`, `(n + (d - 1)) / d`: one run-time term added, and
      // constants adding up to d - 1.
      const Expr *size = nullptr;
      int64_t constants = 0;
      std::function<bool(const Expr *, int64_t)> terms = [&](const Expr *term, int64_t sign) {
        term = term->IgnoreParenImpCasts();
        if (auto value = values_.integer(term)) {
          constants += sign * *value;
          return true;
        }
        if (const auto *inner = dyn_cast<BinaryOperator>(term); inner && inner->isAdditiveOp())
          return terms(inner->getLHS(), sign) && terms(inner->getRHS(), inner->getOpcode() == BO_Add ? sign : -sign);
        if (size || sign < 0) return false;
        size = term;
        return true;
      };
      if (!terms(sum, 1) || !size || constants != *divisor - 1) return std::nullopt;
      entry.roundsUp = true;
      entry.dividend = mapper_.text(size->getSourceRange());
      return entry;
    }
    // `width / 64 / 2` divides `width` by 128: the blocks cover multiples
    // of the product.
    int64_t total = *divisor;
    while (const auto *inner = dyn_cast<BinaryOperator>(dividend)) {
      const std::optional<int64_t> by = inner->getOpcode() == BO_Div ? values_.integer(inner->getRHS()) : std::nullopt;
      if (!by || *by <= 0 || values_.integer(inner->getLHS()) || total > INT64_MAX / *by) break;
      total *= *by;
      dividend = inner->getLHS()->IgnoreParenImpCasts();
    }
    if (total != *divisor) {
      entry = divisorOf(division->getSourceRange(), division->getRHS(), total, fallback);
      entry.text = std::to_string(total);
    }
    entry.dividend = mapper_.text(dividend->getSourceRange());
    entry.expression = mapper_.text(division->getSourceRange());
    if (!functionStack_.empty()) entry.remainderHandled = remainderChecked(dividend, total);
    return entry;
  }

  // Whether `dividend` is known to be a multiple of `divisor` before the
  // launch: it or a factor of it (`M * N`: M, N) is taken modulo a multiple
  // of `divisor` in the launching function; or, for a parameter of that
  // function, every function of this file calling it checks what it passes
  // (`assert(M % 256 == 0)` in the entry point that calls the launcher).
  bool remainderChecked(const Expr *dividend, int64_t divisor) {
    std::vector<const Expr *> factors{dividend->IgnoreParenImpCasts()};
    for (size_t i = 0; i < factors.size() && factors.size() < 16; ++i)
      if (const auto *product = dyn_cast<BinaryOperator>(factors[i]); product && product->getOpcode() == BO_Mul) {
        factors.push_back(product->getLHS()->IgnoreParenImpCasts());
        factors.push_back(product->getRHS()->IgnoreParenImpCasts());
      }
    const FunctionDecl *launcher = functionStack_.back();
    for (const Expr *factor : factors) {
      if (takesRemainder(launcher->getBody(), mapper_.text(factor->getSourceRange()), divisor)) return true;
      const auto *reference = dyn_cast<DeclRefExpr>(factor);
      const auto *parameter = reference ? dyn_cast<ParmVarDecl>(reference->getDecl()) : nullptr;
      if (!parameter) continue;
      const auto &calls = callersOf(launcher);
      const unsigned index = parameter->getFunctionScopeIndex();
      if (!calls.empty() && std::all_of(calls.begin(), calls.end(), [&](const auto &site) {
            const auto &[call, caller] = site;
            return index < call->getNumArgs() && caller->getBody() &&
                   takesRemainder(caller->getBody(),
                                  mapper_.text(call->getArg(index)->IgnoreParenImpCasts()->getSourceRange()), divisor);
          }))
        return true;
    }
    return false;
  }

  // The calls of `function` in the bodies of this file's functions, each
  // with the function making it (indexed once, when first asked).
  const std::vector<std::pair<const CallExpr *, const FunctionDecl *>> &callersOf(const FunctionDecl *function) {
    if (!callersIndexed_) {
      callersIndexed_ = true;
      CallIndexer indexer(callers_);
      for (Decl *declaration : context_.getTranslationUnitDecl()->decls())
        if (mapper_.inMainFile(declaration->getLocation())) indexer.TraverseDecl(declaration);
    }
    static const std::vector<std::pair<const CallExpr *, const FunctionDecl *>> none;
    auto found = callers_.find(function->getCanonicalDecl());
    return found == callers_.end() ? none : found->second;
  }

  // The divisor entry of a grid extent `whole` that divides by `divisor`.
  GridDivisor divisorOf(SourceRange whole, const Expr *divisor, int64_t value, const SourceSpan &fallback) const {
    GridDivisor entry;
    entry.span = mapper_.spanOr(whole, fallback);
    entry.text = mapper_.text(divisor->getSourceRange());
    entry.value = ScalarValue::ofInt(value, entry.span);
    return entry;
  }

  std::optional<GridDivisor> helperDividedGrid(const CallExpr *call, const SourceSpan &fallback) {
    const FunctionDecl *helper = call->getDirectCallee();
    if (!helper || call->getNumArgs() != 2 || !helper->getDeclName().isIdentifier()) return std::nullopt;
    const std::string name = llvm::StringRef(helper->getName()).lower();
    if (name.find("div") == std::string::npos) return std::nullopt;
    const std::optional<int64_t> divisor = values_.integer(call->getArg(1));
    if (!divisor || *divisor <= 1 || values_.integer(call->getArg(0))) return std::nullopt;
    GridDivisor entry = divisorOf(call->getSourceRange(), call->getArg(1), *divisor, fallback);
    entry.roundsUp = true;
    entry.dividend = mapper_.text(call->getArg(0)->IgnoreParenImpCasts()->getSourceRange());
    return entry;
  }

  // Whether `body` computes `dividend % divisor` (or by a multiple of
  // divisor) anywhere (a check, or a launch for the remainder), or sets `dividend` to a product with a
  // multiple of `divisor` (`padded = (n + 63) / 64 * 64`).
  bool takesRemainder(const Stmt *body, const std::string &dividend, int64_t divisor) {
    auto multipleOfDivisor = [&](const Expr *value) {
      const auto *product = value ? dyn_cast<BinaryOperator>(value->IgnoreParenImpCasts()) : nullptr;
      if (!product || product->getOpcode() != BO_Mul) return false;
      for (const Expr *factor : {product->getLHS(), product->getRHS()})
        if (auto known = values_.integer(factor); known && *known != 0 && *known % divisor == 0) return true;
      return false;
    };
    std::vector<const Stmt *> work{body};
    while (!work.empty()) {
      const Stmt *statement = work.back();
      work.pop_back();
      if (!statement) continue;
      if (const auto *binary = dyn_cast<BinaryOperator>(statement)) {
        const std::string left = mapper_.text(binary->getLHS()->IgnoreParenImpCasts()->getSourceRange());
        // `n % 16` checks `n / 8` too: a multiple of 16 is one of 8.
        if ((binary->getOpcode() == BO_Rem || binary->getOpcode() == BO_RemAssign) && left == dividend)
          if (auto modulus = values_.integer(binary->getRHS()); modulus && *modulus != 0 && *modulus % divisor == 0)
            return true;
        // `n & 127` tests `n % 128` (then `n / 64` too).
        if (binary->getOpcode() == BO_And && left == dividend)
          if (auto mask = values_.integer(binary->getRHS());
              mask && *mask > 0 && *mask < INT64_MAX && ((*mask + 1) & *mask) == 0 && (*mask + 1) % divisor == 0)
            return true;
        // `if (inter == 256 && ...)` around `inter / 8`: the size is a known multiple.
        if (binary->getOpcode() == BO_EQ)
          for (const auto &[side, other] : {std::pair{binary->getLHS(), binary->getRHS()},
                                            std::pair{binary->getRHS(), binary->getLHS()}})
            if (mapper_.text(side->IgnoreParenImpCasts()->getSourceRange()) == dividend)
              if (auto value = values_.integer(other); value && *value > 0 && *value % divisor == 0) return true;
        if (binary->getOpcode() == BO_Assign && left == dividend && multipleOfDivisor(binary->getRHS())) return true;
      }
      if (const auto *declarations = dyn_cast<DeclStmt>(statement))
        for (const Decl *declaration : declarations->decls())
          if (const auto *variable = dyn_cast<VarDecl>(declaration);
              variable && variable->getDeclName().isIdentifier() && variable->getName() == dividend &&
              multipleOfDivisor(variable->getInit()))
            return true;
      for (const Stmt *child : statement->children()) work.push_back(child);
    }
    return false;
  }

  // A launch after `if (C) return ...;` in the launching function's body,
  // with C true for this instantiation (`if (block >= 1024) return 1;` in
  // `launch<256, 4>`), is never reached.
  bool returnsBefore(const Expr *call) {
    if (functionStack_.empty()) return false;
    const auto *body = dyn_cast_or_null<CompoundStmt>(functionStack_.back()->getBody());
    if (!body) return false;
    const SourceManager &sources = context_.getSourceManager();
    for (const Stmt *statement : body->body()) {
      if (!sources.isBeforeInTranslationUnit(statement->getEndLoc(), call->getBeginLoc())) break;
      const auto *branch = dyn_cast<IfStmt>(statement);
      if (!branch || branch->getElse() || branch->hasInitStorage() || branch->getConditionVariable()) continue;
      const Stmt *taken = branch->getThen();
      if (const auto *block = dyn_cast<CompoundStmt>(taken); block && block->size() == 1) taken = block->body_front();
      if (!isa<ReturnStmt>(taken)) continue;
      if (auto condition = values_.integer(branch->getCond()); condition && *condition) return true;
    }
    return false;
  }

  void recordLaunch(const LaunchInputs &inputs) {
    // A launch written in another file belongs to that file, unless that is
    // a header launcher this file instantiated.
    auto callSpan = mainFileSpan(inputs.call->getSourceRange());
    if (!callSpan || returnsBefore(inputs.call)) return;
    LaunchSite launch;
    launch.span = *callSpan;
    launch.launchApi = inputs.api;
    if (!functionStack_.empty()) launch.enclosingFunction = functionStack_.back()->getNameAsString();
    const FunctionDecl *kernel = values_.function(inputs.callee);
    const auto *calleeReference = dyn_cast<DeclRefExpr>(inputs.callee->IgnoreParenCasts());
    if (const auto *address = dyn_cast<UnaryOperator>(inputs.callee->IgnoreParenCasts());
        address && address->getOpcode() == UO_AddrOf)
      calleeReference = dyn_cast<DeclRefExpr>(address->getSubExpr()->IgnoreParenCasts());
    if (kernel && kernel->hasAttr<CUDAGlobalAttr>()) {
      launch.kernel = displayName(kernel);
      if (calleeReference && calleeReference->getDecl() != kernel) calleeReference = nullptr;
      noteKernel(kernel, calleeReference);
      launch.templateArgs = templateArgumentValues(kernel, calleeReference, *callSpan);
      if (!functionStack_.empty()) kernelsLaunchedBy_[functionStack_.back()].insert(kernelGroup(kernel));
    } else {
      // A function pointer (`(void *)kernel`): named as written, without the
      // casts, like the opt-in that names the same variable.
      launch.kernel = mapper_.text(inputs.callee->IgnoreParenCasts()->getSourceRange());
    }
    if (inputs.grid) {
      launch.gridText = mapper_.text(inputs.grid->getSourceRange());
      launch.gridSpan = mapper_.spanOr(inputs.grid->getSourceRange(), *callSpan);
      if (auto extents = values_.dim3(inputs.grid))
        for (int64_t extent : *extents) launch.gridDims.push_back(ScalarValue::ofInt(extent, launch.gridSpan));
      else
        for (unsigned axis = 0; axis < 3; ++axis)
          if (auto divisor = dividedGrid(values_.extentExpression(inputs.grid, axis), launch.gridSpan)) {
            divisor->axis = static_cast<int>(axis);
            launch.gridDivisors.push_back(std::move(*divisor));
          }
    }
    for (const auto &[extent, range] : inputs.clusterDims)
      launch.clusterDims.push_back(ScalarValue::ofInt(extent, mapper_.spanOr(range, *callSpan)));
    if (inputs.blockFromConfig || inputs.blockFromConfigRange.isValid()) {
      fillBlock(launch, inputs.blockFromConfig, mapper_.spanOr(inputs.blockFromConfigRange, *callSpan),
                mapper_.text(inputs.blockFromConfigRange));
    } else if (inputs.block) {
      fillBlock(launch, values_.dim3(inputs.block), mapper_.spanOr(inputs.block->getSourceRange(), *callSpan),
                mapper_.text(inputs.block->getSourceRange()));
    }
    if (inputs.smemFromConfig || inputs.smemFromConfigRange.isValid()) {
      const SourceSpan span = mapper_.spanOr(inputs.smemFromConfigRange, *callSpan);
      launch.dynamicSmemBytes =
          inputs.smemFromConfig ? ScalarValue::ofInt(*inputs.smemFromConfig, span)
                                : ScalarValue::unknown("dynamicSmemBytes is not a compile-time constant", span);
    } else if (inputs.dynamicSmem && !inputs.dynamicSmemDefaulted) {
      launch.dynamicSmemBytes = integerValue(inputs.dynamicSmem, *callSpan, "dynamic shared memory size");
    } else {
      launch.dynamicSmemBytes = ScalarValue::ofInt(0, *callSpan);
    }
    for (size_t i = 0; i < inputs.arguments.size(); ++i) {
      const Expr *argument = inputs.arguments[i];
      LaunchArgument launchArgument;
      launchArgument.position = i;
      launchArgument.text = mapper_.text(argument->getSourceRange());
      launchArgument.span = mapper_.spanOr(argument->getSourceRange(), *callSpan);
      if (auto value = values_.integer(argument))
        launchArgument.value = ScalarValue::ofInt(*value, launchArgument.span);
      else
        launchArgument.value = ScalarValue::unknown("not a compile-time constant", launchArgument.span);
      launch.arguments.push_back(std::move(launchArgument));
    }
    model_.launches.push_back(std::move(launch));
  }

  // cudaLaunchKernelEx(&config, kernel, args...): block and dynamic shared
  // memory live in the config struct, set field by field or in its
  // initializer.
  void recordLaunchEx(const CallExpr *call, llvm::StringRef name) {
    LaunchInputs inputs;
    inputs.call = call;
    inputs.api = name.str();
    inputs.callee = call->getArg(1);
    for (unsigned i = 2; i < call->getNumArgs(); ++i)
      if (name == "cudaLaunchKernelEx") inputs.arguments.push_back(call->getArg(i));
    const Expr *configuration = call->getArg(0)->IgnoreParenCasts();
    if (const auto *address = dyn_cast<UnaryOperator>(configuration); address && address->getOpcode() == UO_AddrOf)
      configuration = address->getSubExpr()->IgnoreParenCasts();
    const auto *reference = dyn_cast<DeclRefExpr>(configuration);
    const auto *variable = reference ? dyn_cast<VarDecl>(reference->getDecl()) : nullptr;
    if (variable && !functionStack_.empty()) {
      inputs.grid = configField(variable, "gridDim", call);
      if (const Expr *block = configField(variable, "blockDim", call)) {
        inputs.blockFromConfig = values_.dim3(block);
        inputs.blockFromConfigRange = block->getSourceRange();
      }
      if (const Expr *smem = configField(variable, "dynamicSmemBytes", call)) {
        inputs.smemFromConfig = values_.integer(smem);
        inputs.smemFromConfigRange = smem->getSourceRange();
      }
      inputs.clusterDims = clusterDimsSetIn(functionStack_.back()->getBody());
    }
    recordLaunch(inputs);
  }

  // The value given to `variable.field` before `use`: the one assignment in
  // the enclosing function, else the initializer's element for the field.
  const Expr *configField(const VarDecl *variable, llvm::StringRef field, const Expr *use) {
    std::vector<const Expr *> assigned;
    findFieldAssignments(functionStack_.back()->getBody(), variable, field, assigned);
    if (assigned.size() == 1 && mapper_.before(assigned.front()->getBeginLoc(), use->getBeginLoc()))
      return assigned.front();
    if (!assigned.empty()) return nullptr;
    const auto *list = dyn_cast_or_null<InitListExpr>(variable->getInit() ? variable->getInit()->IgnoreImplicit()
                                                                          : nullptr);
    const RecordDecl *record = variable->getType()->getAsRecordDecl();
    if (!list || !record) return nullptr;
    unsigned index = 0;
    for (const FieldDecl *member : record->fields()) {
      if (member->getName() == field)
        return index < list->getNumInits() && !isa<ImplicitValueInitExpr>(list->getInit(index))
                   ? list->getInit(index)
                   : nullptr;
      ++index;
    }
    return nullptr;
  }

  void findFieldAssignments(const Stmt *statement, const VarDecl *variable, llvm::StringRef field,
                            std::vector<const Expr *> &found) {
    if (!statement) return;
    const Expr *left = nullptr;
    const Expr *right = nullptr;
    if (const auto *binary = dyn_cast<BinaryOperator>(statement); binary && binary->getOpcode() == BO_Assign) {
      left = binary->getLHS();
      right = binary->getRHS();
    } else if (const auto *op = dyn_cast<CXXOperatorCallExpr>(statement);
               op && op->getOperator() == OO_Equal && op->getNumArgs() == 2) {
      left = op->getArg(0);
      right = op->getArg(1);
    }
    if (left) {
      if (const auto *member = dyn_cast<MemberExpr>(left->IgnoreParenImpCasts()))
        if (member->getMemberDecl()->getName() == field && rootVariable(member->getBase()) == variable)
          found.push_back(right);
    }
    for (const Stmt *child : statement->children()) findFieldAssignments(child, variable, field, found);
  }

  // cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes)
  // cudaFuncSetAttribute's attribute enumerator values, stable across CUDA releases.
  static constexpr int64_t kMaxDynamicSharedMemorySize = 8;
  static constexpr int64_t kNonPortableClusterSizeAllowed = 14;

  void recordOptIn(const CallExpr *call) {
    if (call->getNumArgs() < 3) return;
    auto attribute = values_.integer(call->getArg(1));
    if (!attribute || (*attribute != kMaxDynamicSharedMemorySize && *attribute != kNonPortableClusterSizeAllowed)) return;
    const FunctionDecl *kernel = values_.function(call->getArg(0));
    if (!kernel || !kernel->hasAttr<CUDAGlobalAttr>()) {
      // A function-pointer variable (`kernel = table[i].kernel`): the opt-in
      // holds for launches through the same variable.
      const auto *variable = dyn_cast<DeclRefExpr>(call->getArg(0)->IgnoreParenCasts());
      auto span = mainFileSpan(call->getSourceRange());
      if (*attribute != kMaxDynamicSharedMemorySize || !variable || !isa<VarDecl>(variable->getDecl()) || !span) return;
      DynamicSmemOptIn optIn;
      optIn.kernel = mapper_.text(variable->getSourceRange());
      optIn.bytes = values_.integer(call->getArg(2));
      optIn.span = *span;
      model_.dynamicSmemOptIns.push_back(std::move(optIn));
      return;
    }
    if (*attribute == kNonPortableClusterSizeAllowed) {
      if (values_.integer(call->getArg(2)).value_or(1) != 0) nonPortableClusters_.insert(displayName(kernel));
      return;
    }
    auto span = mainFileSpan(call->getSourceRange());
    if (!span) return;
    const auto *reference = dyn_cast<DeclRefExpr>(call->getArg(0)->IgnoreParenCasts());
    noteKernel(kernel, reference && reference->getDecl() == kernel ? reference : nullptr);
    DynamicSmemOptIn optIn;
    optIn.kernel = displayName(kernel);
    optIn.bytes = values_.integer(call->getArg(2));
    optIn.span = *span;
    model_.dynamicSmemOptIns.push_back(std::move(optIn));
  }

  // A helper that opts in the kernel it is handed:
  //   template <class K> void configure(K kernel, size_t bytes) {
  //     cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes); }
  // called as configure(kern<4>, smem): the opt-in holds for kern<4>, with
  // the bytes the call passes (or the helper's own constant).
  // `firstArgument`: the call's argument of the helper's first parameter
  // (1 for an operator() call, whose first argument is the object).
  void recordOptInsThroughHelper(const CallExpr *call, const FunctionDecl *callee, unsigned firstArgument = 0) {
    // cudaFuncSetAttribute is a host call: device helpers never opt in.
    const bool deviceOnly = callee->hasAttr<CUDADeviceAttr>() && !callee->hasAttr<CUDAHostAttr>();
    if (callee->hasAttr<CUDAGlobalAttr>() || deviceOnly || call->getNumArgs() <= firstArgument) return;
    const FunctionDecl *definition = callee->getDefinition();
    if (!definition || !definition->hasBody() || definition->isDependentContext()) return;
    if (mapper_.inSystemHeader(definition->getLocation())) return;
    for (const HelperOptIn &site : helperOptInsOf(definition)) {
      if (site.kernelParameter + firstArgument >= call->getNumArgs()) continue;
      const FunctionDecl *kernel = values_.function(call->getArg(site.kernelParameter + firstArgument));
      auto span = mainFileSpan(call->getSourceRange());
      if (!kernel || !kernel->hasAttr<CUDAGlobalAttr>() || !span) continue;
      noteKernel(kernel, nullptr);
      DynamicSmemOptIn optIn;
      optIn.kernel = displayName(kernel);
      optIn.bytes = site.bytesParameter && *site.bytesParameter + firstArgument < call->getNumArgs()
                        ? values_.integer(call->getArg(*site.bytesParameter + firstArgument))
                        : values_.integer(site.bytes);
      optIn.span = *span;
      model_.dynamicSmemOptIns.push_back(std::move(optIn));
    }
  }

  // The opt-ins a helper makes on the kernel parameter it is handed, read
  // once per helper (a helper is called from many places).
  struct HelperOptIn {
    unsigned kernelParameter = 0;
    std::optional<unsigned> bytesParameter; // the bytes are this parameter's argument
    const Expr *bytes = nullptr;            // else this expression of the helper
  };
  const std::vector<HelperOptIn> &helperOptInsOf(const FunctionDecl *definition) {
    auto [entry, inserted] = helperOptIns_.try_emplace(definition);
    if (!inserted) return entry->second;
    const auto parameterOf = [&](const Expr *expression) -> const ParmVarDecl * {
      const auto *reference = dyn_cast<DeclRefExpr>(expression->IgnoreParenCasts());
      const auto *parameter = reference ? dyn_cast<ParmVarDecl>(reference->getDecl()) : nullptr;
      return parameter && parameter->getDeclContext() == definition ? parameter : nullptr;
    };
    std::vector<HelperOptIn> sites;
    forEachCall(definition->getBody(), [&](const CallExpr *inner) {
      const FunctionDecl *set = inner->getDirectCallee();
      if (!set || !set->getDeclName().isIdentifier() || set->getName() != "cudaFuncSetAttribute" ||
          inner->getNumArgs() < 3 || values_.integer(inner->getArg(1)) != kMaxDynamicSharedMemorySize)
        return;
      const ParmVarDecl *kernelParameter = parameterOf(inner->getArg(0));
      if (!kernelParameter) return;
      HelperOptIn site;
      site.kernelParameter = kernelParameter->getFunctionScopeIndex();
      if (const ParmVarDecl *bytesParameter = parameterOf(inner->getArg(2)))
        site.bytesParameter = bytesParameter->getFunctionScopeIndex();
      else
        site.bytes = inner->getArg(2);
      sites.push_back(site);
    });
    return entry->second = std::move(sites);
  }

  template <typename Visit> static void forEachCall(const Stmt *statement, const Visit &visit) {
    if (!statement) return;
    if (const auto *call = dyn_cast<CallExpr>(statement)) visit(call);
    for (const Stmt *child : statement->children()) forEachCall(child, visit);
  }

  // --- template arguments ----------------------------------------------------

  // Template parameter -> value for an instantiation, each value spanning
  // the argument as written at `reference` where it was written there.
  std::map<std::string, ScalarValue> templateArgumentValues(const FunctionDecl *kernel,
                                                            const DeclRefExpr *reference,
                                                            const SourceSpan &fallback) const {
    std::map<std::string, ScalarValue> values;
    const FunctionTemplateDecl *primary = kernel->getPrimaryTemplate();
    const TemplateArgumentList *arguments = kernel->getTemplateSpecializationArgs();
    if (!primary || !arguments) return values;
    const TemplateParameterList *parameters = primary->getTemplateParameters();
    for (unsigned i = 0; i < parameters->size() && i < arguments->size(); ++i) {
      const NamedDecl *parameter = parameters->getParam(i);
      if (!parameter->getDeclName().isIdentifier()) continue;
      SourceSpan span = fallback;
      if (reference && i < reference->getNumTemplateArgs())
        span = mapper_.spanOr(reference->getTemplateArgs()[i].getSourceRange(), fallback);
      values[parameter->getName().str()] = argumentValue(arguments->get(i), span);
    }
    return values;
  }

  ScalarValue argumentValue(const TemplateArgument &argument, const SourceSpan &span) const {
    switch (argument.getKind()) {
    case TemplateArgument::Integral: {
      const llvm::APSInt &integral = argument.getAsIntegral();
      if (argument.getIntegralType()->isBooleanType()) return ScalarValue::ofBool(integral != 0, span);
      if (auto value = integral.tryExtValue()) return ScalarValue::ofInt(*value, span);
      return ScalarValue::unknown("does not fit 64 bits", span);
    }
    case TemplateArgument::Type:
      return ScalarValue::ofString(argument.getAsType().getAsString(policy_), span);
    default:
      return ScalarValue::unknown("a template argument that is not a number or a type", span);
    }
  }

  // --- kernels -----------------------------------------------------------------

  const FunctionSummary &summaryOf(const FunctionDecl *function) {
    auto [entry, inserted] = summaries_.try_emplace(function);
    if (inserted) SummaryBuilder(context_, mapper_, values_, outParameters_, entry->second).summarize(function->getBody());
    return entry->second;
  }

  std::vector<const FunctionDecl *> reachableFrom(const FunctionDecl *kernel) {
    std::vector<const FunctionDecl *> order{kernel};
    std::set<const FunctionDecl *> seen{kernel};
    for (size_t i = 0; i < order.size(); ++i)
      for (const FunctionDecl *callee : summaryOf(order[i]).callees)
        if (seen.insert(callee).second) order.push_back(callee);
    return order;
  }

  void buildKernels() {
    std::set<const Decl *> groupsWithInstances;
    std::vector<const FunctionDecl *> instances;
    for (const FunctionDecl *key : kernelOrder_) {
      const FunctionDecl *definition = key->getDefinition();
      if (!definition || !definition->hasBody() || definition->isDependentContext()) continue;
      if (definition->getPrimaryTemplate()) {
        instances.push_back(definition);
        groupsWithInstances.insert(kernelGroup(definition));
      } else if (mapper_.inMainFile(definition->getLocation())) {
        model_.kernels.push_back(describeKernel(definition, SourceSpan{}));
      }
    }
    // Instantiations of the file's templates that no reference here names
    // (explicit instantiations, or made from a header's code).
    for (const FunctionDecl *pattern : patterns_)
      for (const FunctionDecl *specialization : pattern->getDescribedFunctionTemplate()->specializations()) {
        const FunctionDecl *definition = specialization->getDefinition();
        if (!definition || !definition->hasBody()) continue;
        if (std::find(instances.begin(), instances.end(), definition) != instances.end()) continue;
        instances.push_back(definition);
        groupsWithInstances.insert(kernelGroup(definition));
      }
    for (const FunctionDecl *instance : instances) {
      Kernel kernel = describeInstance(instance);
      if (kernel.span.valid()) model_.kernels.push_back(std::move(kernel));
    }
    for (const FunctionDecl *pattern : patterns_)
      if (!groupsWithInstances.count(kernelGroup(pattern))) model_.kernels.push_back(describePattern(pattern));
  }

  Kernel describeInstance(const FunctionDecl *instance) {
    // Point at the instantiation in this file: the first reference (usually
    // the launch), else the point of instantiation, else the definition.
    SourceSpan at;
    const KernelReference *reference = nullptr;
    auto found = kernelReferences_.find(instance->getCanonicalDecl());
    if (found != kernelReferences_.end()) reference = &found->second;
    if (reference && reference->expression) at = mapper_.spanOr(reference->expression->getSourceRange(), at);
    if (!at.valid() && reference && reference->anchor) at = reference->anchor->span;
    if (!at.valid()) at = mapper_.spanOr(SourceRange(instance->getPointOfInstantiation()), at);
    if (!at.valid()) at = mapper_.spanOr(SourceRange(instance->getLocation()), at);
    if (!at.valid()) return Kernel{};
    Kernel kernel = describeKernel(instance, at);
    kernel.templateName = instance->getPrimaryTemplate()->getNameAsString();
    kernel.templateArguments =
        templateArgumentValues(instance, reference ? reference->expression : nullptr, at);
    if (!mapper_.inMainFile(instance->getLocation())) {
      kernel.definitionPath = mapper_.fileName(instance->getLocation());
      std::string note = "`" + kernel.templateName + "` is defined at " + mapper_.where(instance->getLocation()) +
                         "; this file instantiates it here";
      if (reference && !reference->expression && reference->anchor)
        note += ", through the header's launcher `" + reference->anchor->launcher + "`";
      auto [definedIn, definedSpan] = mapper_.place(instance->getLocation());
      kernel.notes.push_back(Note(std::move(note), definedSpan, std::move(definedIn)));
    }
    return kernel;
  }

  Kernel describePattern(const FunctionDecl *pattern) {
    Kernel kernel = describeKernel(pattern, SourceSpan{});
    kernel.isTemplatePattern = true;
    kernel.templateName = pattern->getNameAsString();
    kernel.symbol.clear(); // a template has no entry of its own
    return kernel;
  }

  // Everything about one kernel function (instantiated or not). `at`, when
  // valid, replaces spans that lie outside the main file.
  Kernel describeKernel(const FunctionDecl *function, SourceSpan at) {
    Kernel kernel;
    kernel.language = btlint::Language::Cuda;
    kernel.name = displayName(function);
    const SourceSpan definitionSpan = mapper_.spanOr(function->getSourceRange(), at);
    kernel.span = at.valid() && function->getPrimaryTemplate() ? at : definitionSpan;
    kernel.nameSpan = at.valid() && function->getPrimaryTemplate()
                          ? at
                          : mapper_.spanOr(SourceRange(function->getLocation()), kernel.span);
    if (!function->isDependentContext()) kernel.symbol = mangledName(function);
    for (const ParmVarDecl *parameter : function->parameters()) {
      Param param;
      param.name = parameter->getNameAsString();
      QualType type = parameter->getType();
      param.kind = type->isPointerType() ? ParamKind::Pointer
                   : type->isIntegralOrEnumerationType() ? ParamKind::Int
                   : type->isRealFloatingType() ? ParamKind::Float
                   : ParamKind::Unknown;
      param.annotation = type.getAsString(policy_);
      param.span = mapper_.spanOr(parameter->getSourceRange(), kernel.span);
      kernel.params.push_back(std::move(param));
    }
    addTemplateParameters(function, kernel);

    if (const auto *bounds = function->getAttr<CUDALaunchBoundsAttr>()) {
      const Expr *maxThreads = bounds->getMaxThreads();
      const SourceSpan span = mapper_.spanOr(maxThreads ? maxThreads->getSourceRange() : bounds->getRange(),
                                             kernel.nameSpan);
      if (auto value = values_.integer(maxThreads))
        kernel.launchBoundsThreads = ScalarValue::ofInt(*value, span);
      else
        kernel.launchBoundsThreads = ScalarValue::unknown("depends on template parameters", span);
      if (const Expr *minBlocks = bounds->getMinBlocks()) {
        const SourceSpan blocksSpan = mapper_.spanOr(minBlocks->getSourceRange(), span);
        if (auto value = values_.integer(minBlocks))
          kernel.launchBoundsMinBlocks = ScalarValue::ofInt(*value, blocksSpan);
        else
          kernel.launchBoundsMinBlocks = ScalarValue::unknown("depends on template parameters", blocksSpan);
      }
    }
    kernel.maxRegisters = maxRegistersWritten(function, kernel.nameSpan);

    describeSharedMemory(function, kernel);
    const FunctionSummary &own = summaryOf(function);
    for (const VarDecl *variable : own.localArrays) {
      if (!own.usedArrays.count(variable)) continue; // never used where code runs: the compiler drops it
      LocalArray array;
      array.name = variable->getNameAsString();
      array.span = mapper_.spanOr(variable->getSourceRange(), kernel.span);
      QualType element = variable->getType();
      std::optional<int64_t> elements = 1;
      while (const ArrayType *arrayType = context_.getAsArrayType(element)) {
        if (const auto *constant = dyn_cast<ConstantArrayType>(arrayType))
          elements = elements ? std::optional<int64_t>(*elements * constant->getSize().getZExtValue()) : elements;
        else
          elements.reset();
        element = arrayType->getElementType();
      }
      array.elements = elements;
      array.elementType = elementTypeName(element, policy_);
      if (!element->isDependentType() && !element->isIncompleteType())
        array.elementBytes = context_.getTypeSizeInChars(element).getQuantity();
      if (auto found = own.runtimeIndexed.find(variable); found != own.runtimeIndexed.end())
        array.runtimeIndex = mapper_.spanOr(found->second, array.span);
      if (auto found = own.arrayLiveSteps.find(variable); found != own.arrayLiveSteps.end())
        std::tie(array.liveFrom, array.liveTo) = found->second;
      kernel.localArrays.push_back(std::move(array));
    }
    std::set<std::string> families;
    for (const FunctionDecl *reached : reachableFrom(function)) {
      for (SourceRange range : summaryOf(reached).tensorCoreOps) {
        DotSite dot;
        dot.span = mapper_.spanOr(range, kernel.span);
        kernel.dots.push_back(std::move(dot));
      }
      kernel.readsGridSize |= summaryOf(reached).readsGridDim;
      kernel.threadLoops |= summaryOf(reached).loops;
      kernel.movesVectors |= summaryOf(reached).pointerCasts;
      for (const ParmVarDecl *parameter : reached->parameters())
        kernel.movesVectors |= pointsToVectorType(parameter->getType());
      const std::vector<BlockStride> &strides = summaryOf(reached).blockStrides;
      kernel.blockStrides.insert(kernel.blockStrides.end(), strides.begin(), strides.end());
      for (const auto &[instruction, family, range] : summaryOf(reached).restrictedInstructions)
        if (families.insert(family).second)
          kernel.restrictedInstructions.push_back({instruction, family, mapper_.spanOr(range, kernel.span)});
    }
    if (const auto *cluster = function->getAttr<CUDAClusterDimsAttr>()) {
      const SourceSpan span = mapper_.spanOr(cluster->getRange(), kernel.nameSpan);
      for (const Expr *extent : {cluster->getX(), cluster->getY(), cluster->getZ()}) {
        if (!extent) {
          kernel.clusterDims.push_back(ScalarValue::ofInt(1, span));
        } else if (auto value = values_.integer(extent)) {
          kernel.clusterDims.push_back(ScalarValue::ofInt(*value, span));
        } else {
          kernel.clusterDims.clear();
          break;
        }
      }
    }
    return kernel;
  }

  void addTemplateParameters(const FunctionDecl *function, Kernel &kernel) {
    const FunctionTemplateDecl *primary = function->getPrimaryTemplate();
    if (!primary) primary = function->getDescribedFunctionTemplate();
    if (!primary) return;
    const FunctionDecl *pattern = primary->getTemplatedDecl();
    std::set<std::string> extentParams;
    if (const FunctionDecl *patternDefinition = pattern->getDefinition(); patternDefinition &&
                                                                        patternDefinition->hasBody()) {
      const FunctionSummary &summary = summaryOf(patternDefinition);
      for (const VarDecl *variable : summary.declaredShared) {
        collectExtentParams(variable, extentParams);
        if (auto tile = sharedTile(variable, kernel.span)) kernel.tiles.push_back(std::move(*tile));
      }
      for (const VarDecl *variable : summary.localArrays) collectExtentParams(variable, extentParams);
    }
    for (const NamedDecl *parameter : *primary->getTemplateParameters()) {
      const auto *value = dyn_cast<NonTypeTemplateParmDecl>(parameter);
      if (!value || !value->getDeclName().isIdentifier()) continue;
      Param param;
      param.name = value->getNameAsString();
      param.kind = ParamKind::Constexpr;
      param.annotation = value->getType().getAsString(policy_);
      param.span = mapper_.spanOr(value->getSourceRange(), kernel.span);
      if (value->hasDefaultArgument())
        if (auto defaultValue = values_.integer(value->getDefaultArgument().getSourceExpression()))
          param.defaultValue = ScalarValue::ofInt(
              *defaultValue, mapper_.spanOr(value->getDefaultArgumentLoc(), param.span));
      if (extentParams.count(param.name) || namedLikeTile(param.name)) {
        kernel.tileParams.insert(param.name);
        param.uses.insert(ParamUse::TileExtent);
      }
      kernel.params.push_back(std::move(param));
    }
  }

  void collectExtentParams(const VarDecl *variable, std::set<std::string> &names) {
    const TypeSourceInfo *info = variable->getTypeSourceInfo();
    if (!info) return;
    for (TypeLoc location = info->getTypeLoc(); location;) {
      auto array = location.getAs<ArrayTypeLoc>();
      if (!array) break;
      collectParamNames(array.getSizeExpr(), names);
      location = array.getElementLoc();
    }
  }

  static void collectParamNames(const Stmt *statement, std::set<std::string> &names) {
    if (!statement) return;
    if (const auto *reference = dyn_cast<DeclRefExpr>(statement))
      if (const auto *parameter = dyn_cast<NonTypeTemplateParmDecl>(reference->getDecl()))
        names.insert(parameter->getNameAsString());
    for (const Stmt *child : statement->children()) collectParamNames(child, names);
  }

  // A shared array of the template as a tile: one dimension per extent, as
  // an expression over the template parameters.
  std::optional<TileShape> sharedTile(const VarDecl *variable, const SourceSpan &fallback) {
    const TypeSourceInfo *info = variable->getTypeSourceInfo();
    if (!info || !info->getTypeLoc().getAs<ArrayTypeLoc>()) return std::nullopt;
    TileShape tile;
    tile.source = TileSource::SharedArray;
    tile.span = mapper_.spanOr(variable->getSourceRange(), fallback);
    QualType element = variable->getType();
    for (TypeLoc location = info->getTypeLoc(); location;) {
      auto array = location.getAs<ArrayTypeLoc>();
      if (!array) break;
      TileDim dim;
      const Expr *size = array.getSizeExpr();
      if (!size) return std::nullopt; // extern __shared__ T s[]: sized at launch
      dim.text = mapper_.text(size->getSourceRange());
      dim.span = mapper_.spanOr(size->getSourceRange(), tile.span);
      std::set<std::string> params;
      collectParamNames(size, params);
      dim.params.assign(params.begin(), params.end());
      if (const auto *literal = dyn_cast<IntegerLiteral>(size->IgnoreParenImpCasts()))
        dim.constant = literal->getValue().getSExtValue();
      if (!dimProgram(size, dim.program)) dim.program.clear();
      tile.dims.push_back(std::move(dim));
      location = array.getElementLoc();
    }
    while (const ArrayType *arrayType = context_.getAsArrayType(element)) element = arrayType->getElementType();
    tile.dtype = modelDtype(element);
    return tile;
  }

  bool dimProgram(const Expr *expression, std::vector<DimOp> &program) {
    const Expr *value = expression->IgnoreParenImpCasts();
    if (const auto *literal = dyn_cast<IntegerLiteral>(value)) {
      program.push_back({DimOp::Constant, literal->getValue().getSExtValue(), {}});
      return true;
    }
    if (const auto *reference = dyn_cast<DeclRefExpr>(value))
      if (const auto *parameter = dyn_cast<NonTypeTemplateParmDecl>(reference->getDecl())) {
        program.push_back({DimOp::Param, 0, parameter->getNameAsString()});
        return true;
      }
    if (const auto *binary = dyn_cast<BinaryOperator>(value)) {
      DimOp::Kind kind;
      switch (binary->getOpcode()) {
      case BO_Add: kind = DimOp::Add; break;
      case BO_Sub: kind = DimOp::Sub; break;
      case BO_Mul: kind = DimOp::Mul; break;
      case BO_Div: kind = DimOp::FloorDiv; break; // extents are not negative
      case BO_Rem: kind = DimOp::Mod; break;
      case BO_Shl: kind = DimOp::ShiftLeft; break;
      case BO_Shr: kind = DimOp::ShiftRight; break;
      default: return false;
      }
      if (!dimProgram(binary->getLHS(), program) || !dimProgram(binary->getRHS(), program)) return false;
      program.push_back({kind, 0, {}});
      return true;
    }
    if (!value->isValueDependent())
      if (auto constant = values_.integer(value)) {
        program.push_back({DimOp::Constant, *constant, {}});
        return true;
      }
    return false;
  }

  // Static and dynamic shared memory of a kernel, the way ptxas allocates it
  // (see SharedAccess for what the compiler keeps): whole variables first,
  // the kernel's own in declaration order, then those at file scope or in
  // called functions in source order; then the scalars split out of
  // aggregates. Each starts at the next multiple of its alignment.
  void describeSharedMemory(const FunctionDecl *function, Kernel &kernel) {
    std::map<const VarDecl *, SharedAccess> accesses;
    for (const FunctionDecl *reached : reachableFrom(function))
      for (const auto &[variable, access] : summaryOf(reached).sharedAccesses) accesses[variable].merge(access);
    const FunctionSummary &own = summaryOf(function);

    std::vector<const VarDecl *> order;
    for (const VarDecl *variable : own.declaredShared)
      if (!isDynamicShared(variable)) order.push_back(variable);
    std::vector<const VarDecl *> others;
    for (const auto &[variable, access] : accesses)
      if (!isDynamicShared(variable) && std::find(order.begin(), order.end(), variable) == order.end())
        others.push_back(variable);
    std::sort(others.begin(), others.end(), [&](const VarDecl *a, const VarDecl *b) {
      return mapper_.before(a->getLocation(), b->getLocation());
    });
    order.insert(order.end(), others.begin(), others.end());

    struct Placement {
      const VarDecl *variable;
      std::optional<int64_t> bytes;
      std::optional<int64_t> alignment;
    };
    std::vector<Placement> whole, split;
    std::vector<std::pair<const VarDecl *, int64_t>> splitBytes; // per variable, in placement order
    // The alignment of a variable whose type or __align__ depends on a
    // template parameter (`extern __shared__ T s[]`,
    // `__align__(alignof(typename Traits::Storage))` in a template nobody
    // instantiates) is not known, and asking Clang for it does not return.
    auto alignmentOf = [&](const VarDecl *variable) -> std::optional<int64_t> {
      if (variable->getType()->isDependentType() || variable->hasDependentAlignment()) return std::nullopt;
      return context_.getDeclAlign(variable).getQuantity();
    };
    for (const VarDecl *variable : order) {
      auto found = accesses.find(variable);
      if (found == accesses.end()) continue; // declared, never used: dropped
      const SharedAccess &access = found->second;
      QualType type = variable->getType();
      const bool known = !type->isDependentType() && !type->isIncompleteType() && !variable->hasDependentAlignment();
      std::optional<int64_t> bytes, alignment;
      if (known) {
        bytes = context_.getTypeSizeInChars(type).getQuantity();
        alignment = alignmentOf(variable);
      }
      const bool aggregate = type->isArrayType() || type->isRecordType();
      if (access.escapes || !known) {
        whole.push_back({variable, bytes, alignment});
      } else if (!access.loaded) {
        continue; // written only
      } else if (aggregate && access.constantPaths) {
        for (const auto &[offset, part] : access.parts) {
          if (!part.loaded || !part.storedValue) continue;
          // A part's alignment is what its offset keeps of the variable's.
          int64_t partAlignment = *alignment;
          while (offset % partAlignment != 0) partAlignment /= 2;
          split.push_back({variable, part.bytes, partAlignment});
          if (splitBytes.empty() || splitBytes.back().first != variable) splitBytes.push_back({variable, 0});
          splitBytes.back().second += part.bytes;
        }
      } else if (aggregate || access.storedValue) {
        whole.push_back({variable, bytes, alignment});
      }
    }

    std::optional<int64_t> offset = 0;
    auto place = [&](const Placement &placement) {
      if (offset && placement.bytes && placement.alignment && *placement.alignment > 0)
        offset = (*offset + *placement.alignment - 1) / *placement.alignment * *placement.alignment +
                 *placement.bytes;
      else
        offset.reset();
    };
    for (const Placement &placement : whole) place(placement);
    for (const Placement &placement : split) place(placement);
    kernel.staticSharedBytes = offset;

    auto addAllocation = [&](const VarDecl *variable, std::optional<int64_t> bytes, std::optional<int64_t> alignment,
                             bool dynamic) {
      SharedAllocation allocation;
      allocation.name = variable->getNameAsString();
      allocation.span = mapper_.spanOr(variable->getSourceRange(), kernel.span);
      allocation.bytes = bytes;
      allocation.alignment = alignment;
      allocation.isDynamic = dynamic;
      kernel.sharedAllocations.push_back(std::move(allocation));
    };
    for (const Placement &placement : whole) addAllocation(placement.variable, placement.bytes, placement.alignment, false);
    for (const auto &[variable, bytes] : splitBytes) addAllocation(variable, bytes, alignmentOf(variable), false);

    std::vector<const VarDecl *> dynamic;
    for (const VarDecl *variable : own.declaredShared)
      if (isDynamicShared(variable)) dynamic.push_back(variable);
    std::vector<const VarDecl *> otherDynamic;
    for (const auto &[variable, access] : accesses)
      if (isDynamicShared(variable) && std::find(dynamic.begin(), dynamic.end(), variable) == dynamic.end())
        otherDynamic.push_back(variable);
    std::sort(otherDynamic.begin(), otherDynamic.end(), [&](const VarDecl *a, const VarDecl *b) {
      return mapper_.before(a->getLocation(), b->getLocation());
    });
    dynamic.insert(dynamic.end(), otherDynamic.begin(), otherDynamic.end());
    for (const VarDecl *variable : dynamic)
      addAllocation(variable, std::nullopt, alignmentOf(variable), true);
  }

  // --- config tables -----------------------------------------------------------

  // A constant array of structs of integers, written out as rows:
  //   constexpr TileConfig kConfigs[] = {{128, 128, 32}, {64, 64, 32}};
  // (std::array too). Other constants are not tables.
  std::optional<ConfigTable> asConfigTable(const VarDecl *variable) const {
    if (!variable->hasGlobalStorage() || !variable->getInit() || variable->getType()->isDependentType())
      return std::nullopt;
    if (!variable->isConstexpr() && !variable->getType().isConstQualified() &&
        !context_.getBaseElementType(variable->getType()).isConstQualified())
      return std::nullopt;
    if (!mapper_.inMainFile(variable->getLocation())) return std::nullopt;
    const auto *rows = dyn_cast<InitListExpr>(variable->getInit()->IgnoreImplicit());
    QualType rowType;
    if (const ArrayType *array = context_.getAsArrayType(variable->getType())) {
      rowType = array->getElementType();
    } else if (const auto *wrapper = variable->getType()->getAsCXXRecordDecl();
               wrapper && wrapper->getName() == "array" && rows && rows->getNumInits() == 1) {
      // std::array<Row, N>: one member, the C array of rows.
      rows = dyn_cast<InitListExpr>(rows->getInit(0)->IgnoreImplicit());
      if (!rows || !rows->getType()->isArrayType()) return std::nullopt;
      rowType = context_.getAsArrayType(rows->getType())->getElementType();
    } else {
      return std::nullopt;
    }
    const RecordDecl *record = rowType->getAsRecordDecl();
    if (!rows || !record || record->field_empty() || rows->getNumInits() == 0) return std::nullopt;
    for (const FieldDecl *field : record->fields())
      if (!field->getType()->isIntegralOrEnumerationType() || !field->getDeclName().isIdentifier())
        return std::nullopt;
    for (const Expr *row : rows->inits())
      if (!isa<InitListExpr>(row->IgnoreImplicit())) return std::nullopt;
    return ConfigTable{variable, record, rows};
  }

  void attachTables() {
    for (const ConfigTable &table : tables_) {
      const Decl *group = groupForTable(table);
      if (!group) continue;
      Kernel *target = kernelForGroup(group);
      if (!target) continue;
      target->autotune = autotuneFromTable(table, *target);
    }
  }

  // Which kernel a table configures: one whose template arguments read it,
  // one a host function launches while reading it, one taking its row type
  // as a template parameter, or the one kernel template whose parameter
  // names match its fields.
  const Decl *groupForTable(const ConfigTable &table) {
    const VarDecl *key = table.variable->getCanonicalDecl();
    if (auto direct = tablesForKernel_.find(key); direct != tablesForKernel_.end() && direct->second.size() == 1)
      return *direct->second.begin();
    std::set<const Decl *> launchedWithTable;
    for (const auto &[function, tables] : tablesReferencedBy_)
      if (tables.count(key))
        if (auto launched = kernelsLaunchedBy_.find(function); launched != kernelsLaunchedBy_.end())
          launchedWithTable.insert(launched->second.begin(), launched->second.end());
    if (launchedWithTable.size() == 1) return *launchedWithTable.begin();

    std::vector<const FunctionTemplateDecl *> templates;
    for (const FunctionDecl *pattern : patterns_) templates.push_back(pattern->getDescribedFunctionTemplate());
    for (const FunctionDecl *referenced : kernelOrder_)
      if (const FunctionTemplateDecl *primary = referenced->getPrimaryTemplate())
        if (std::find(templates.begin(), templates.end(), primary->getCanonicalDecl()) == templates.end())
          templates.push_back(primary->getCanonicalDecl());
    const Decl *byType = nullptr;
    const Decl *byNames = nullptr;
    int matchingByNames = 0;
    for (const FunctionTemplateDecl *candidate : templates) {
      int matches = 0;
      for (const NamedDecl *parameter : *candidate->getTemplateParameters()) {
        if (const auto *value = dyn_cast<NonTypeTemplateParmDecl>(parameter)) {
          if (value->getType()->getAsRecordDecl() == table.rowType) byType = candidate->getCanonicalDecl();
          for (const FieldDecl *field : table.rowType->fields())
            if (normalisedName(field->getName()) == normalisedName(value->getName())) ++matches;
        }
      }
      if (matches >= 2) {
        ++matchingByNames;
        byNames = candidate->getCanonicalDecl();
      }
    }
    if (byType) return byType;
    return matchingByNames == 1 ? byNames : nullptr;
  }

  // The model kernel that carries a table: the template's pattern kernel
  // (added when the file holds only instantiations), or the kernel itself.
  Kernel *kernelForGroup(const Decl *group) {
    if (const auto *primary = dyn_cast<FunctionTemplateDecl>(group)) {
      const std::string name = displayPatternName(primary);
      for (Kernel &kernel : model_.kernels)
        if (kernel.isTemplatePattern && kernel.name == name) return &kernel;
      const FunctionDecl *pattern = primary->getTemplatedDecl()->getDefinition();
      if (!pattern) return nullptr;
      Kernel kernel = describePattern(pattern);
      if (!kernel.span.valid()) return nullptr;
      model_.kernels.push_back(std::move(kernel));
      return &model_.kernels.back();
    }
    const std::string name = displayName(cast<FunctionDecl>(group));
    for (Kernel &kernel : model_.kernels)
      if (kernel.name == name) return &kernel;
    return nullptr;
  }

  std::string displayPatternName(const FunctionTemplateDecl *primary) const {
    const FunctionDecl *pattern = primary->getTemplatedDecl();
    return displayName(pattern);
  }

  AutotuneSpec autotuneFromTable(const ConfigTable &table, const Kernel &kernel) {
    AutotuneSpec spec;
    spec.span = mapper_.spanOr(table.variable->getSourceRange(), kernel.span);
    spec.keyKnown = false; // a C++ table has no autotune key
    ConfigList &list = spec.configs;
    list.span = mapper_.spanOr(table.rows->getSourceRange(), spec.span);
    const std::string tableName = table.variable->getNameAsString();
    std::map<std::string, std::string> paramForField;
    for (const FieldDecl *field : table.rowType->fields()) {
      std::string name = field->getNameAsString();
      for (const Param &param : kernel.params)
        if (param.kind == ParamKind::Constexpr && normalisedName(param.name) == normalisedName(name))
          name = param.name;
      paramForField[field->getNameAsString()] = name;
    }
    size_t index = 0;
    const size_t count = table.rows->getNumInits();
    for (const Expr *rowExpression : table.rows->inits()) {
      const auto *row = cast<InitListExpr>(rowExpression->IgnoreImplicit());
      Config config;
      config.index = index;
      config.span = mapper_.spanOr(row->getSourceRange(), list.span);
      config.literalElement = mapper_.span(row->getSourceRange()).has_value();
      config.expansion = "config " + std::to_string(index + 1) + " of " + std::to_string(count) + ", row " +
                         std::to_string(index + 1) + " of `" + tableName + "`";
      if (config.literalElement) config.expansion.setPlace(config.span);
      unsigned fieldIndex = 0;
      for (const FieldDecl *field : table.rowType->fields()) {
        const std::string name = paramForField[field->getNameAsString()];
        const Expr *initializer = fieldIndex < row->getNumInits() ? row->getInit(fieldIndex) : nullptr;
        const bool written = initializer && !isa<ImplicitValueInitExpr>(initializer) &&
                             !isa<CXXDefaultInitExpr>(initializer);
        const SourceSpan span = written ? mapper_.spanOr(initializer->getSourceRange(), config.span) : config.span;
        std::optional<int64_t> value;
        if (initializer) value = values_.integer(initializer);
        else if (field->hasInClassInitializer()) value = values_.integer(field->getInClassInitializer());
        else value = 0;
        config.params[name] = value ? ScalarValue::ofInt(*value, span)
                                    : ScalarValue::unknown("not a compile-time constant", span);
        ++fieldIndex;
      }
      list.configs.push_back(std::move(config));
      ++index;
    }
    return spec;
  }

  // --- opt-ins ---------------------------------------------------------------

  void applyOptIns() {
    for (Kernel &kernel : model_.kernels) kernel.nonPortableClusterSizeAllowed = nonPortableClusters_.count(kernel.name);
    for (Kernel &kernel : model_.kernels)
      for (const DynamicSmemOptIn &optIn : model_.dynamicSmemOptIns) {
        if (optIn.kernel != kernel.name) continue;
        kernel.hasOptInDynamicSmem = true;
        if (optIn.bytes)
          kernel.optInDynamicSmemBytes = std::max(kernel.optInDynamicSmemBytes.value_or(0), *optIn.bytes);
      }
  }

  ASTContext &context_;
  SourceMapper mapper_;
  FileModel &model_;
  ValueEvaluator values_;
  PrintingPolicy policy_;
  std::unique_ptr<MangleContext> mangler_;

  std::optional<HeaderInstantiation> anchor_; // set while a header launcher is read
  std::map<const FunctionDecl *, std::vector<HelperOptIn>> helperOptIns_; // helperOptInsOf's answers
  std::set<std::string> nonPortableClusters_;  // kernels given cudaFuncAttributeNonPortableClusterSizeAllowed
  std::vector<std::pair<const FunctionDecl *, HeaderInstantiation>> headerQueue_;
  std::set<const FunctionDecl *> headerQueued_;
  std::vector<const FunctionDecl *> patterns_;                    // kernel templates defined here
  std::map<const FunctionDecl *, KernelReference> kernelReferences_; // canonical kernel -> first reference
  std::vector<const FunctionDecl *> kernelOrder_;
  std::map<const FunctionDecl *, FunctionSummary> summaries_;
  OutParameters outParameters_;
  std::vector<ConfigTable> tables_;
  std::map<const VarDecl *, std::set<const Decl *>> tablesForKernel_;       // via template arguments
  std::map<const FunctionDecl *, std::set<const VarDecl *>> tablesReferencedBy_;
  std::map<const FunctionDecl *, std::set<const Decl *>> kernelsLaunchedBy_;
  CallersIndex callers_; // callersOf's index
  bool callersIndexed_ = false;
};

} // namespace

void extractCudaModel(ASTContext &context, const SourceFile &mainFile, FileModel &model) {
  CudaExtractor(context, mainFile, model).run();
}

} // namespace btlint::cuda
