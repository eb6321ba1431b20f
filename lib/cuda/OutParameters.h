#pragma once
// Which pointer parameters of a device function only receive values: the
// register-fragment loaders real kernels wrap around inline PTX
// (`ldmatrix_x4(uint32_t regs[4], uint32_t addr)` whose asm has `"=r"(regs[i])`
// outputs) overwrite the array they are passed and read nothing from it.
// The liveness of per-thread arrays needs this: an array a loop pass first
// overwrites carries no value across the loop's back edge.
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <utility>

namespace btlint::cuda {

// The variable an lvalue is part of: `a` of `a`, `a[i][j]`, `*a`, `&a[0]`,
// `(uint4 *)&a[i]`; null for anything else (a member, a call's result).
const clang::VarDecl *storageRoot(const clang::Expr *expression);

// The values a write to `lvalue` reads on the way to its storage: the index
// of each subscript (with the subscript) and the offset added to a pointer
// (with null), outermost first.
void forEachIndexRead(const clang::Expr *lvalue,
                      llvm::function_ref<void(const clang::Expr *, const clang::ArraySubscriptExpr *)> read);

class OutParameters {
public:
  // True when `function`'s body (it must have one) only ever writes through
  // parameter `index`: element stores, asm outputs with `=` (not `+`), or
  // arguments to functions that only write through theirs.
  bool onlyWritten(const clang::FunctionDecl *function, unsigned index);

private:
  static constexpr int kMaxDepth = 4; // wrappers of wrappers of the asm
  bool onlyWritten(const clang::FunctionDecl *function, unsigned index, int depth);
  std::map<std::pair<const clang::FunctionDecl *, unsigned>, bool> known_;
};

} // namespace btlint::cuda
