#include "OutParameters.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"

#include <functional>

using namespace clang;

namespace btlint::cuda {

const VarDecl *storageRoot(const Expr *expression) {
  while (expression) {
    expression = expression->IgnoreParenCasts();
    if (const auto *subscript = dyn_cast<ArraySubscriptExpr>(expression)) {
      expression = subscript->getBase();
    } else if (const auto *unary = dyn_cast<UnaryOperator>(expression);
               unary && (unary->getOpcode() == UO_Deref || unary->getOpcode() == UO_AddrOf)) {
      expression = unary->getSubExpr();
    } else if (const auto *offset = dyn_cast<BinaryOperator>(expression);
               offset && offset->isAdditiveOp() && offset->getLHS()->getType()->isPointerType()) {
      expression = offset->getLHS(); // `regs + 2`
    } else if (const auto *reference = dyn_cast<DeclRefExpr>(expression)) {
      return dyn_cast<VarDecl>(reference->getDecl());
    } else {
      return nullptr;
    }
  }
  return nullptr;
}

void forEachIndexRead(const Expr *lvalue,
                      llvm::function_ref<void(const Expr *, const ArraySubscriptExpr *)> read) {
  while (lvalue) {
    lvalue = lvalue->IgnoreParenCasts();
    if (const auto *subscript = dyn_cast<ArraySubscriptExpr>(lvalue)) {
      read(subscript->getIdx(), subscript);
      lvalue = subscript->getBase();
    } else if (const auto *unary = dyn_cast<UnaryOperator>(lvalue)) {
      lvalue = unary->getSubExpr();
    } else if (const auto *offset = dyn_cast<BinaryOperator>(lvalue); offset && offset->isAdditiveOp()) {
      read(offset->getRHS(), nullptr);
      lvalue = offset->getLHS();
    } else {
      return;
    }
  }
}

namespace {

// Walks a function body and notes any use of `parameter` other than a write
// through it.
class ReadFinder {
public:
  ReadFinder(const VarDecl *parameter, const std::function<bool(const FunctionDecl *, unsigned)> &calleeOnlyWrites)
      : parameter_(parameter), calleeOnlyWrites_(calleeOnlyWrites) {}

  bool readsIn(const Stmt *body) {
    visit(body);
    return read_;
  }

private:
  void visit(const Stmt *statement) {
    if (!statement || read_) return;
    if (const auto *assignment = dyn_cast<BinaryOperator>(statement);
        assignment && assignment->getOpcode() == BO_Assign && storageRoot(assignment->getLHS()) == parameter_) {
      visitIndices(assignment->getLHS());
      visit(assignment->getRHS());
      return;
    }
    if (const auto *assignment = dyn_cast<CXXOperatorCallExpr>(statement);
        assignment && assignment->getOperator() == OO_Equal && assignment->getNumArgs() == 2 &&
        storageRoot(assignment->getArg(0)) == parameter_) {
      visitIndices(assignment->getArg(0));
      visit(assignment->getArg(1));
      return;
    }
    if (const auto *assembly = dyn_cast<GCCAsmStmt>(statement)) {
      for (unsigned i = 0; i < assembly->getNumOutputs(); ++i) {
        const Expr *output = assembly->getOutputExpr(i);
        if (storageRoot(output) != parameter_)
          visit(output);
        else if (assembly->getOutputConstraint(i).starts_with("+"))
          read_ = true; // read and written
        else
          visitIndices(output);
      }
      for (unsigned i = 0; i < assembly->getNumInputs(); ++i) visit(assembly->getInputExpr(i));
      return;
    }
    if (const auto *call = dyn_cast<CallExpr>(statement); call && !isa<CXXOperatorCallExpr>(call)) {
      const FunctionDecl *callee = call->getDirectCallee();
      visit(call->getCallee());
      for (unsigned i = 0; i < call->getNumArgs(); ++i) {
        const Expr *argument = call->getArg(i);
        if (storageRoot(argument) == parameter_ && callee && i < callee->getNumParams() && calleeOnlyWrites_(callee, i))
          visitIndices(argument);
        else
          visit(argument);
      }
      return;
    }
    if (const auto *reference = dyn_cast<DeclRefExpr>(statement); reference && reference->getDecl() == parameter_) {
      read_ = true;
      return;
    }
    for (const Stmt *child : statement->children()) visit(child);
  }

  // The indices along a written lvalue are reads of other values.
  void visitIndices(const Expr *lvalue) {
    forEachIndexRead(lvalue, [&](const Expr *index, const ArraySubscriptExpr *) { visit(index); });
  }

  const VarDecl *parameter_;
  const std::function<bool(const FunctionDecl *, unsigned)> &calleeOnlyWrites_;
  bool read_ = false;
};

} // namespace

bool OutParameters::onlyWritten(const FunctionDecl *function, unsigned index) {
  return onlyWritten(function, index, 0);
}

bool OutParameters::onlyWritten(const FunctionDecl *function, unsigned index, int depth) {
  const FunctionDecl *definition = function ? function->getDefinition() : nullptr;
  if (!definition || !definition->hasBody() || index >= definition->getNumParams() || depth > kMaxDepth) return false;
  const ParmVarDecl *parameter = definition->getParamDecl(index);
  const QualType type = parameter->getType();
  if (!type->isPointerType() || type->getPointeeType().isConstQualified()) return false;
  const auto key = std::make_pair(definition, index);
  if (auto found = known_.find(key); found != known_.end()) return found->second;
  known_[key] = false; // a recursive call reads
  const std::function<bool(const FunctionDecl *, unsigned)> calleeOnlyWrites = [&](const FunctionDecl *callee,
                                                                                   unsigned argument) {
    return onlyWritten(callee, argument, depth + 1);
  };
  const bool written = !ReadFinder(parameter, calleeOnlyWrites).readsIn(definition->getBody());
  known_[key] = written;
  return written;
}

} // namespace btlint::cuda
