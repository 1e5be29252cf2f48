#include "analyzer/frontend/PerfectNest.h"

#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/LoopHeader.h"

#include <clang/AST/StmtOpenMP.h>

namespace adrace::analyzer {
namespace {

// The first statement of a body that the CFG places in a context (not a block), or null.
const clang::Stmt* firstStatement(const clang::Stmt* statement) {
  while (auto* block = llvm::dyn_cast_or_null<clang::CompoundStmt>(statement)) {
    if (block->body_empty()) return nullptr;
    statement = block->body_front();
  }
  return statement;
}

// A statement of the body's first that the CFG places itself: the CFG splits `double a = x, b = y;`
// into one declaration per variable, so the original statement has no place of its own (its
// position would be that of the enclosing loop, in the outer context); its first initializer has.
const clang::Stmt* placedPart(const clang::Stmt* statement) {
  auto* declarations = llvm::dyn_cast_or_null<clang::DeclStmt>(statement);
  if (!declarations || declarations->isSingleDecl()) return statement;
  for (const clang::Decl* declaration : declarations->decls())
    if (auto* variable = llvm::dyn_cast<clang::VarDecl>(declaration); variable && variable->getInit())
      return variable->getInit();
  return nullptr;
}

// Whether `statement` may leave the loop whose body it is in other ways than finishing an
// iteration: a break that is not inside a loop or switch of its own, a goto, a return.
bool mayCutShort(const clang::Stmt* statement, bool breakBelongsHere = true) {
  if (!statement) return false;
  if (llvm::isa<clang::GotoStmt>(statement) || llvm::isa<clang::IndirectGotoStmt>(statement) ||
      llvm::isa<clang::ReturnStmt>(statement))
    return true;
  if (llvm::isa<clang::BreakStmt>(statement)) return breakBelongsHere;
  bool ownsBreaks = llvm::isa<clang::ForStmt>(statement) || llvm::isa<clang::WhileStmt>(statement) ||
                    llvm::isa<clang::DoStmt>(statement) || llvm::isa<clang::SwitchStmt>(statement);
  for (const clang::Stmt* child : statement->children())
    if (mayCutShort(child, breakBelongsHere && !ownsBreaks)) return true;
  return false;
}

const clang::DeclRefExpr* firstUseOf(const clang::Stmt* expression, const clang::VarDecl* variable) {
  if (!expression) return nullptr;
  if (auto* use = llvm::dyn_cast<clang::DeclRefExpr>(expression); use && use->getDecl() == variable) return use;
  for (const clang::Stmt* child : expression->children())
    if (const clang::DeclRefExpr* use = firstUseOf(child, variable)) return use;
  return nullptr;
}

}  // namespace

const clang::ForStmt* nestedLoop(const clang::Stmt* statement) {
  if (auto* loop = llvm::dyn_cast_or_null<clang::ForStmt>(statement)) return loop;
  auto* simd = llvm::dyn_cast_or_null<clang::OMPSimdDirective>(statement);
  if (!simd || simd->getLoopsNumber() != 1) return nullptr;
  for (const clang::OMPClause* clause : simd->clauses()) {
    llvm::omp::Clause kind = clause->getClauseKind();
    if (kind != llvm::omp::OMPC_safelen && kind != llvm::omp::OMPC_simdlen && kind != llvm::omp::OMPC_aligned)
      return nullptr;
  }
  return llvm::dyn_cast_or_null<clang::ForStmt>(onlyStatement(simd->getInnermostCapturedStmt()->getCapturedStmt()));
}

const clang::Stmt& innermostBodyOf(const clang::Stmt& body, size_t depth) {
  const clang::Stmt* innermost = &body;
  for (size_t level = 0; level < depth; ++level) innermost = nestedLoop(onlyStatement(innermost))->getBody();
  return *innermost;
}

std::optional<InnerLoopModel> innerLoopOf(const clang::ForStmt& loop, IndexTranslator& translator,
                                          const ContextBuilder& contexts, clang::ASTContext& context) {
  LoopHeader header, induction;
  std::string reason;
  if (!readLoopHeader(loop, header, reason) || !readLoopInduction(loop, induction) || mayCutShort(loop.getBody()))
    return std::nullopt;
  const clang::DeclRefExpr* counterUse = firstUseOf(loop.getCond(), header.counter);
  const clang::Stmt* first = placedPart(firstStatement(loop.getBody()));
  if (!counterUse || !first) return std::nullopt;
  InnerLoopModel inner;
  IndexTranslator::Result counter = translator.translate(counterUse);
  IndexTranslator::Result start = translator.translate(header.first);
  IndexTranslator::Result bound = translator.translate(header.bound);
  if (!counter.expr || counter.expr->op != smt::Expr::Op::Var || !start.expr || !bound.expr) return std::nullopt;
  inner.counter = counter.expr;
  inner.context = contexts.contextOf(first);
  smt::LoopDimension& domain = inner.dimension.domain;
  domain.counter = header.counter->getNameAsString();
  domain.first = start.expr;
  domain.bound = bound.expr;
  domain.comparison = header.comparison;
  inner.dimension.firstText = sourceText(header.first, context);
  inner.dimension.boundText = sourceText(header.bound, context);
  if (header.step) {
    IndexTranslator::Result step = translator.translate(header.step);
    if (!step.expr) return std::nullopt;
    domain.step = header.negateStep ? smt::neg(step.expr) : step.expr;
    inner.dimension.stepText = (header.negateStep ? "-" : "") + sourceText(header.step, context);
  } else {
    domain.step = smt::constant(header.unitStep);
    inner.dimension.stepText = std::to_string(header.unitStep);
  }
  return inner;
}

std::vector<InnerLoopModel> perfectNestOf(const clang::Stmt& body, IndexTranslator& translator,
                                          const ContextBuilder& contexts, clang::ASTContext& context) {
  std::vector<InnerLoopModel> nest;
  const clang::Stmt* statement = onlyStatement(&body);
  while (const clang::ForStmt* loop = nestedLoop(statement)) {
    std::optional<InnerLoopModel> inner = innerLoopOf(*loop, translator, contexts, context);
    if (!inner) break;
    nest.push_back(std::move(*inner));
    statement = onlyStatement(loop->getBody());
  }
  return nest;
}

const clang::Stmt* onlyStatement(const clang::Stmt* statement) {
  while (auto* block = llvm::dyn_cast_or_null<clang::CompoundStmt>(statement)) {
    const clang::Stmt* only = nullptr;
    for (const clang::Stmt* child : block->body()) {
      if (llvm::isa<clang::NullStmt>(child)) continue;
      if (only) return nullptr;
      only = child;
    }
    statement = only;
  }
  return statement;
}

}  // namespace adrace::analyzer
