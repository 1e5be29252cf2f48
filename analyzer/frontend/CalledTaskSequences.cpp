#include "analyzer/frontend/CalledTaskSequences.h"

#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/LibraryCalls.h"
#include "analyzer/frontend/MainFileFunctions.h"
#include "analyzer/frontend/TaskLoops.h"
#include "analyzer/frontend/TaskSequences.h"

#include <clang/AST/RecursiveASTVisitor.h>

#include <set>
#include <vector>

namespace adrace::analyzer {
namespace {

const clang::FunctionDecl* calleeDefinitionWithBlock(const clang::CallExpr& call) {
  const clang::FunctionDecl* callee = call.getDirectCallee();
  const clang::FunctionDecl* definition = nullptr;
  if (!callee || !callee->hasBody(definition) || !llvm::isa_and_nonnull<clang::CompoundStmt>(definition->getBody()))
    return nullptr;
  return definition;
}

bool isOwnScalar(const clang::VarDecl& variable) {
  clang::QualType type = variable.getType();
  return variable.hasLocalStorage() && !type->isPointerType() && !type->isReferenceType() && !type->isArrayType() &&
         !type->isRecordType();
}

// A parameter or local `const T *p` (a task's copy of a parameter among them), T a number: what it
// points to is read, never written, through it.
bool isReadOnlyPointer(const clang::VarDecl& variable) {
  clang::QualType type = variable.getType();
  return variable.hasLocalStorage() && type->isPointerType() && type->getPointeeType().isConstQualified() &&
         type->getPointeeType()->isArithmeticType();
}

// reachesOnlyOwnOrReadOnlyMemory, with the functions already on the way (recursion reaches only what the
// functions on the way reach).
bool ownMemoryOnly(const clang::FunctionDecl& function, std::set<const clang::FunctionDecl*>& visiting) {
  if (!visiting.insert(function.getCanonicalDecl()).second) return true;
  for (const clang::ParmVarDecl* parameter : function.parameters())
    if (!isOwnScalar(*parameter) && !isReadOnlyPointer(*parameter)) return false;
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    std::set<const clang::FunctionDecl*>& visiting;
    bool reaches = false;
    explicit Finder(std::set<const clang::FunctionDecl*>& visiting) : visiting(visiting) {}
    bool VisitDeclRefExpr(clang::DeclRefExpr* use) {
      if (auto* variable = llvm::dyn_cast<clang::VarDecl>(use->getDecl()))
        reaches |= !isOwnScalar(*variable) && !isReadOnlyPointer(*variable) && !variable->getType().isConstQualified();
      return !reaches;
    }
    // The only pointers are the read-only parameters: a subscript or `*` reads through one of them,
    // unless a cast takes the const away.
    bool VisitMemberExpr(clang::MemberExpr*) { return !(reaches = true); }
    bool VisitExplicitCastExpr(clang::ExplicitCastExpr* cast) {
      reaches |= cast->getType()->isPointerType();
      return !reaches;
    }
    bool VisitUnaryOperator(clang::UnaryOperator* op) {
      reaches |= op->getOpcode() == clang::UO_AddrOf;
      return !reaches;
    }
    // Tasks and taskwaits make the tree; any other construct (a barrier, a worksharing loop) is not
    // followed through the recursion.
    bool VisitOMPExecutableDirective(clang::OMPExecutableDirective* directive) {
      reaches |= !llvm::isa<clang::OMPTaskDirective>(directive) && !llvm::isa<clang::OMPTaskwaitDirective>(directive) &&
                 !llvm::isa<clang::OMPTaskgroupDirective>(directive);
      return !reaches;
    }
    bool VisitCallExpr(clang::CallExpr* call) {
      if (touchesNoUserMemory(call)) return true;
      const clang::FunctionDecl* definition = calleeDefinitionWithBlock(*call);
      reaches |= !definition || !ownMemoryOnly(*definition, visiting);
      return !reaches;
    }
  } finder(visiting);
  finder.TraverseStmt(function.getBody());
  return !finder.reaches;
}

}  // namespace

std::optional<CalledTaskSequence> calledTaskSequenceOf(const clang::OMPSingleDirective& single) {
  std::vector<const clang::Stmt*> statements = statementsOf(single.getAssociatedStmt());
  if (statements.size() != 1) return std::nullopt;
  CalledTaskSequence called;
  const clang::Expr* expression = llvm::dyn_cast<clang::Expr>(statements.front());
  if (!expression) return std::nullopt;
  expression = expression->IgnoreParenImpCasts();
  if (auto* assignment = llvm::dyn_cast<clang::BinaryOperator>(expression);
      assignment && assignment->getOpcode() == clang::BO_Assign && variableOf(assignment->getLHS())) {
    called.result = assignment->getLHS();
    expression = assignment->getRHS()->IgnoreParenImpCasts();
  }
  called.call = llvm::dyn_cast<clang::CallExpr>(expression);
  called.callee = called.call ? calleeDefinitionWithBlock(*called.call) : nullptr;
  if (!called.callee || llvm::isa<clang::CXXMethodDecl>(called.callee)) return std::nullopt;
  for (const clang::Stmt* statement : statementsOf(called.callee->getBody()))
    if (llvm::isa<clang::OMPTaskDirective>(statement) || llvm::isa<clang::OMPTaskgroupDirective>(statement))
      return called;
  return std::nullopt;
}

std::set<const clang::VarDecl*> sharedLocalsOf(const clang::OMPTaskDirective& task, const clang::FunctionDecl& callee) {
  std::set<const clang::VarDecl*> locals;
  const clang::SourceManager& sources = callee.getASTContext().getSourceManager();
  clang::SourceRange range = callee.getSourceRange();
  for (const auto* clause : task.getClausesOfKind<clang::OMPSharedClause>())
    for (const clang::Expr* item : clause->varlists())
      if (const clang::VarDecl* variable = variableOf(item);
          variable && variable->hasLocalStorage() &&
          sources.isBeforeInTranslationUnit(range.getBegin(), variable->getLocation()) &&
          sources.isBeforeInTranslationUnit(variable->getLocation(), range.getEnd()))
        locals.insert(variable);
  return locals;
}

bool reachesOnlyOwnOrReadOnlyMemory(const clang::FunctionDecl& function) {
  std::set<const clang::FunctionDecl*> visiting;
  return ownMemoryOnly(function, visiting);
}

bool tasksOfCalledSequences(const clang::FunctionDecl& function, clang::ASTContext& context, std::string& reason) {
  const clang::FunctionDecl* definition = &function;
  struct Calls : MainFileFunctionVisitor<Calls> {
    using MainFileFunctionVisitor::MainFileFunctionVisitor;
    const clang::FunctionDecl* function = nullptr;
    clang::ASTContext* context = nullptr;
    std::vector<const clang::OMPExecutableDirective*> regions;
    std::set<const clang::CallExpr*> modelled;  // calls of singles whose sequence is modelled
    std::vector<std::pair<const clang::CallExpr*, const clang::FunctionDecl*>> calls;  // call, caller
    std::string reason;
    size_t references = 0;  // calls, and uses of its address (a callback: called from where the file does not say)

    bool TraverseOMPParallelDirective(clang::OMPParallelDirective* region) {
      regions.push_back(region);
      bool result = MainFileFunctionVisitor::TraverseOMPParallelDirective(region);
      regions.pop_back();
      return result;
    }
    bool VisitOMPSingleDirective(clang::OMPSingleDirective* single) {
      std::optional<CalledTaskSequence> called = calledTaskSequenceOf(*single);
      if (!called || called->callee->getCanonicalDecl() != function->getCanonicalDecl()) return true;
      std::vector<SinglePart> parts;
      std::string why;
      if (!regions.empty() && findCalledTaskSequence(*single, *regions.back(), *context, *called, parts, why))
        modelled.insert(called->call);
      else if (reason.empty())
        reason = why.empty() ? "the single that calls it does not start a phase of a parallel region" : why;
      return true;
    }
    bool VisitCallExpr(clang::CallExpr* call) {
      if (auto* callee = call->getDirectCallee(); callee && callee->getCanonicalDecl() == function->getCanonicalDecl())
        calls.push_back({call, currentFunction()});
      return true;
    }
    bool VisitDeclRefExpr(clang::DeclRefExpr* use) {
      if (auto* callee = llvm::dyn_cast<clang::FunctionDecl>(use->getDecl());
          callee && callee->getCanonicalDecl() == function->getCanonicalDecl())
        ++references;
      return true;
    }
  } calls(context.getSourceManager());
  calls.function = definition;
  calls.context = &context;
  calls.TraverseDecl(context.getTranslationUnitDecl());
  if (calls.references != calls.calls.size()) {
    reason = "a task created in a function whose address is taken (called from where the file does not say)";
    return false;
  }
  bool recursive = false;
  for (const auto& [call, caller] : calls.calls) {
    if (calls.modelled.count(call)) continue;
    if (caller && caller->getCanonicalDecl() == definition->getCanonicalDecl()) {
      recursive = true;
      continue;
    }
    reason = calls.reason.empty() ? "a task created in a function called other than from a `single` that is "
                                    "nothing but the call, directly inside a parallel region"
                                  : calls.reason;
    return false;
  }
  if (calls.modelled.empty()) {
    reason = calls.reason.empty() ? "a task outside a parallel region of its own function, in a function no "
                                    "modelled `single` calls"
                                  : calls.reason;
    return false;
  }
  if (recursive && !reachesOnlyOwnOrReadOnlyMemory(*definition)) {
    reason =
        "a recursive task tree whose function reaches memory beyond its own locals and what its const pointers point "
        "to";
    return false;
  }
  return true;
}

}  // namespace adrace::analyzer
