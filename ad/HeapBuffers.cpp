// Buffers the function allocates (HeapBuffers.h): the forms recognised, the rules, the adjoint's buffer.
#include "ad/HeapBuffers.h"

#include "ad/PassiveCalls.h"
#include "ad/WriteSites.h"

#include <clang/AST/ParentMap.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtOpenMP.h>

namespace adrace::ad {
namespace {

const clang::VarDecl* referencedVariable(const clang::Expr* expr) {
  auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(expr->IgnoreParenImpCasts());
  return ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
}

bool isSizeof(const clang::Expr* expr) {
  auto* trait = llvm::dyn_cast<clang::UnaryExprOrTypeTraitExpr>(expr->IgnoreParenImpCasts());
  return trait && trait->getKind() == clang::UETT_SizeOf;
}

// `malloc(count * sizeof(T))`, `malloc(sizeof *p * count)`, `malloc(sizeof(T))`, `calloc(count,
// sizeof(T))`, through casts: the call, with the element count (null for one element); nothing for
// any other expression. `sized` is false for an allocation whose size is not of those forms.
struct Allocation {
  const clang::CallExpr* call = nullptr;
  const clang::Expr* count = nullptr;
  bool sized = true;
};

std::optional<Allocation> allocationIn(const clang::Expr* value) {
  if (!value) return std::nullopt;
  const clang::Expr* e = value->IgnoreParenCasts();
  auto* call = llvm::dyn_cast<clang::CallExpr>(e);
  if (!call) return std::nullopt;
  const std::string name = directCalleeName(call);
  Allocation allocation;
  allocation.call = call;
  if (name == "calloc" && call->getNumArgs() == 2) {
    allocation.count = call->getArg(0);
    allocation.sized = isSizeof(call->getArg(1));
    return allocation;
  }
  if (name == "calloc" || (name == "malloc" && call->getNumArgs() != 1)) {
    allocation.sized = false;
    return allocation;
  }
  if (name != "malloc") return std::nullopt;
  const clang::Expr* size = call->getArg(0)->IgnoreParenImpCasts();
  if (isSizeof(size)) return allocation;
  auto* product = llvm::dyn_cast<clang::BinaryOperator>(size);
  if (product && product->getOpcode() == clang::BO_Mul && isSizeof(product->getRHS()))
    allocation.count = product->getLHS();
  else if (product && product->getOpcode() == clang::BO_Mul && isSizeof(product->getLHS()))
    allocation.count = product->getRHS();
  else
    allocation.sized = false;
  return allocation;
}

// `free(p);` of a variable, or null.
const clang::VarDecl* freedVariable(const clang::Stmt* statement) {
  auto* call = llvm::dyn_cast<clang::CallExpr>(statement);
  if (!call || directCalleeName(call) != "free" || call->getNumArgs() != 1) return nullptr;
  return referencedVariable(call->getArg(0));
}

// `p = <allocation>` of a variable, or the variable declared with an allocation as its initialiser.
const clang::VarDecl* assignedAllocation(const clang::Stmt* statement, const clang::Expr** value) {
  if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement); declaration && declaration->isSingleDecl())
    if (auto* var = llvm::dyn_cast<clang::VarDecl>(declaration->getSingleDecl()); var && allocationIn(var->getInit())) {
      *value = var->getInit();
      return var;
    }
  auto* assignment = llvm::dyn_cast<clang::BinaryOperator>(statement);
  if (!assignment || assignment->getOpcode() != clang::BO_Assign || !allocationIn(assignment->getRHS())) return nullptr;
  *value = assignment->getRHS();
  return referencedVariable(assignment->getLHS());
}

// Every use of the buffer, each classified: its allocation, its free, `p[e]`, or another use (the
// first, for the refusal).
class BufferUses : public clang::RecursiveASTVisitor<BufferUses> {
 public:
  explicit BufferUses(const clang::VarDecl* buffer) : buffer_(buffer) {}
  bool VisitStmt(clang::Stmt* statement) {
    if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement))
      for (const clang::Decl* decl : declaration->decls())
        if (decl == buffer_) declared = declaration;
    const clang::Expr* value = nullptr;
    if (assignedAllocation(statement, &value) == buffer_) allocations.push_back(statement);
    if (freedVariable(statement) == buffer_) releases.push_back(statement);
    if (auto* subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(statement))
      if (referencedVariable(subscript->getBase()) == buffer_) subscripted.insert(leafOf(subscript->getBase()));
    return true;
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr* ref) {
    if (ref->getDecl() == buffer_) references.push_back(ref);
    return true;
  }
  bool TraverseUnaryExprOrTypeTraitExpr(clang::UnaryExprOrTypeTraitExpr*) { return true; }  // `sizeof *p` reads nothing
  // A directive's captures and clauses name variables its statement uses: that statement is enough.
  bool TraverseCapturedStmt(clang::CapturedStmt* captured) { return TraverseStmt(captured->getCapturedStmt()); }
  bool TraverseOMPClause(clang::OMPClause*) { return true; }
  std::vector<const clang::Stmt*> allocations, releases;
  std::set<const clang::DeclRefExpr*> subscripted;  // the references that are the base of a subscript
  std::vector<const clang::DeclRefExpr*> references;
  const clang::DeclStmt* declared = nullptr;

 private:
  static const clang::DeclRefExpr* leafOf(const clang::Expr* base) {
    return llvm::dyn_cast<clang::DeclRefExpr>(base->IgnoreParenImpCasts());
  }
  const clang::VarDecl* buffer_;
};

// The first value the count reads that may differ where the adjoint allocates its buffer: a
// variable the function writes, or a call other than the OpenMP runtime's thread counts.
const clang::Expr* changingValue(const clang::Expr* count, const clang::Stmt* function) {
  if (!count) return nullptr;
  if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(count))
    if (auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
        var && writesVariable(function, var, /*addressCounts=*/false))
      return count;
  if (auto* call = llvm::dyn_cast<clang::CallExpr>(count)) {
    const std::string name = directCalleeName(call);
    if (name != "omp_get_max_threads" && name != "omp_get_num_procs") return count;
  }
  for (const clang::Stmt* child : count->children())
    if (auto* expr = llvm::dyn_cast_or_null<clang::Expr>(child))
      if (const clang::Expr* found = changingValue(expr, function)) return found;
  return nullptr;
}

// Whether the block `inner` runs once each time the block `outer` runs: it is `outer`, or reached
// from it through blocks and branches only, no loop (a buffer allocated in a loop would need a fresh
// adjoint buffer each iteration).
bool runsOncePer(const clang::ParentMap& parents, const clang::Stmt* inner, const clang::Stmt* outer) {
  for (const clang::Stmt* cursor = inner; cursor; cursor = parents.getParent(cursor)) {
    if (cursor == outer) return true;
    if (llvm::isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt, clang::OMPExecutableDirective>(cursor)) return false;
  }
  return false;
}

}  // namespace

HeapBufferForm recordHeapBuffer(AdjointContext& context, const clang::VarDecl* decl) {
  BufferUses uses(decl);
  uses.TraverseStmt(const_cast<clang::Stmt*>(context.function.getBody()));
  if (uses.allocations.empty()) return HeapBufferForm::NotABuffer;
  const std::string name = decl->getNameAsString();
  auto refuse = [&](clang::SourceLocation at, const std::string& why) {
    context.unsupported(at, "buffer '" + name + "' allocated by the function: " + why);
    return HeapBufferForm::Refused;
  };
  const clang::Stmt* allocation = uses.allocations.front();
  if (uses.allocations.size() > 1)
    return refuse(uses.allocations[1]->getBeginLoc(), "allocated more than once (only one allocation, in its block)");
  // In the function as written: the allocation's block runs once per run of the declaration's, and
  // the free is in the allocation's block.
  clang::ParentMap parents(const_cast<clang::Stmt*>(context.function.getBody()));
  const clang::Stmt* block = parents.getParent(allocation);
  if (!llvm::isa_and_nonnull<clang::CompoundStmt>(block) || !uses.declared ||
      !runsOncePer(parents, block, parents.getParent(uses.declared)))
    return refuse(allocation->getBeginLoc(),
                  "allocated in a loop, or in a statement other than a block (the adjoint allocates its buffer "
                  "once, with the declaration's block)");
  if (uses.releases.size() > 1 || (uses.releases.size() == 1 && parents.getParent(uses.releases.front()) != block))
    return refuse(uses.releases.back()->getBeginLoc(),
                  "freed other than once, directly in the block that allocates it");
  const clang::Expr* value = nullptr;
  assignedAllocation(allocation, &value);
  const Allocation form = *allocationIn(value);
  if (!form.sized)
    return refuse(form.call->getBeginLoc(),
                  "its size is not `count * sizeof(T)` (the adjoint's buffer needs the element count)");
  if (const clang::Expr* changing = changingValue(form.count, context.function.getBody()))
    return refuse(changing->getBeginLoc(),
                  "its size reads a value the function changes or a call (the adjoint's buffer, allocated "
                  "after the forward sweep, needs the same size)");
  const clang::Expr* release = uses.releases.empty() ? nullptr : llvm::cast<clang::Expr>(uses.releases.front());
  for (const clang::DeclRefExpr* ref : uses.references) {
    bool allowed = uses.subscripted.count(ref) > 0;
    if (auto* assignment = llvm::dyn_cast<clang::BinaryOperator>(allocation))
      allowed |= assignment->getLHS()->IgnoreParenImpCasts() == ref;
    if (release) allowed |= llvm::cast<clang::CallExpr>(release)->getArg(0)->IgnoreParenImpCasts() == ref;
    if (!allowed)
      return refuse(ref->getLocation(), "used other than as `" + name + "[e]` (pointer arithmetic, copies, calls)");
  }
  HeapBuffer buffer;
  buffer.allocation = allocation;
  buffer.count = form.count;
  buffer.release = uses.releases.empty() ? nullptr : uses.releases.front();
  context.heapBuffers[decl] = buffer;
  return HeapBufferForm::Recorded;
}

const clang::VarDecl* allocatedBuffer(const AdjointContext& context, const clang::Stmt* statement) {
  for (const auto& [var, buffer] : context.heapBuffers)
    if (buffer.allocation == statement) return var;
  return nullptr;
}

const clang::VarDecl* releasedBuffer(const AdjointContext& context, const clang::Stmt* statement) {
  for (const auto& [var, buffer] : context.heapBuffers)
    if (buffer.release && buffer.release == statement) return var;
  return nullptr;
}

c::StmtRef bufferAdjointDeclaration(const AdjointContext& context, const clang::VarDecl* buffer) {
  const HeapBuffer& allocated = context.heapBuffers.at(buffer);
  const std::string adjoint = context.variable(buffer)->adjoint;
  const c::Type type = context.from.declaredType(buffer, true);
  const c::ExprRef count = allocated.count ? context.tree(allocated.count) : c::integer(1);
  const c::ExprRef zeroed = c::call("calloc", {count, c::sizeofExpr(c::dereference(c::name(adjoint)))});
  return c::declaration(type, adjoint, c::cast(type, zeroed));
}

void refuseBufferReadsAfterRelease(const AdjointContext& context, const CodeWriter& backward) {
  for (const auto& [var, buffer] : context.heapBuffers)
    if (backward.mentions(var->getNameAsString()))
      return context.unsupported(buffer.allocation->getBeginLoc(),
                                 "the backward sweep reads the values in buffer '" + var->getNameAsString() +
                                     "', which the forward sweep frees where the primal does");
}

c::StmtRef bufferAdjointRelease(const AdjointContext& context, const clang::VarDecl* buffer) {
  return c::expression(c::call("free", {c::name(context.variable(buffer)->adjoint)}));
}

}  // namespace adrace::ad
