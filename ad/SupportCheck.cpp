// The subset `adrace adjoint` differentiates (see AdjointGenerator.h), checked before anything is
// emitted: anything else is an "unsupported: ..." diagnostic at its location, never wrong code.
#include "ad/FileScopeVariables.h"
#include "ad/LocalActivity.h"
#include "ad/LoopCounters.h"
#include "ad/CollapsedNest.h"
#include "ad/ExclusiveUpdates.h"
#include "ad/HeapBuffers.h"
#include "ad/TeamRegion.h"
#include "ad/ThreadSlots.h"
#include "ad/PassiveReductions.h"
#include "ad/PointerAliases.h"
#include "ad/RowPointerParameters.h"
#include "ad/StatusExits.h"
#include "ad/Sweeps.h"

#include "ad/MathLibrary.h"
#include "ad/PassiveCalls.h"

#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/ContainerSubscripts.h"
#include "analyzer/frontend/DataSharing.h"
#include "analyzer/frontend/Frontend.h"
#include "analyzer/frontend/LoopModelBuilder.h"

#include <clang/AST/OpenMPClause.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtOpenMP.h>

#include <algorithm>

namespace adrace::ad {
namespace {

class SupportChecker {
 public:
  explicit SupportChecker(AdjointContext& context) : context_(context) {}

  void parameters() {
    if (context_.request.active.empty()) {
      context_.unsupported(context_.function.getLocation(),
                           "no active parameter: --active P[,P...] names the parameters to differentiate");
      return;
    }
    for (const clang::ParmVarDecl* parameter : context_.function.parameters()) {
      VariableInfo info;
      info.decl = parameter;
      info.name = parameter->getNameAsString();
      info.parameter = true;
      clang::QualType type = parameter->getType();
      // a std::vector<double>& or std::array& is an array (analyzer/frontend/ContainerSubscripts.h)
      info.array = type->isPointerType() || type->isArrayType() || analyzer::isContainerReference(parameter) ||
                   (type->isReferenceType() && isStructType(type));  // `Field &f`: one struct, as `Field *f`
      info.floating = isFloatingType(type);
      const auto& active = context_.request.active;
      info.active = std::find(active.begin(), active.end(), info.name) != active.end();
      if (info.name.empty()) {
        context_.unsupported(parameter->getLocation(), "unnamed parameter");
        return;
      }
      if (info.active && !info.floating) {
        context_.unsupported(parameter->getLocation(), "--active " + info.name + ": not a floating-point parameter");
        return;
      }
      // A struct passed by value is the call's own copy: an inactive one (Rodinia CFD's far-field
      // `float3 ff_flux_contribution_momentum_x`) is constants the body reads, passed on unchanged.
      if (!info.array && type->isStructureType() && info.active) {
        context_.unsupported(parameter->getLocation(),
                             "--active " + info.name + ": a struct parameter passed by value");
        return;
      }
      // `float **w`, `double ***u`: arrays of row pointers (RowPointerParameters.h), whose uses
      // checkRowPointerUses checks; pointers to anything else stay refused.
      if (info.array && type->isPointerType() && type->getPointeeType()->isPointerType() &&
          rowPointerLevels(*parameter) == 0) {
        context_.unsupported(parameter->getLocation(), "pointer to pointer parameter '" + info.name +
                                                           "' (only arrays of row pointers to float or double "
                                                           "elements, used as w[a][b])");
        return;
      }
      // `double &s`: the caller's scalar itself, its adjoint `double &s_b` (not a copy, not `*s_b`)
      const bool scalarReference = type->isLValueReferenceType() && !info.array;
      if (scalarReference && !type.getNonReferenceType()->isIntegerType() &&
          !type.getNonReferenceType()->isRealFloatingType()) {
        context_.unsupported(parameter->getLocation(), "reference parameter '" + info.name + "' of type " +
                                                           type.getAsString() +
                                                           " (only to scalars, structs and "
                                                           "std::vector or std::array of scalars)");
        return;
      }
      info.byValueScalar = info.active && !info.array && !scalarReference;
      add(info);
    }
  }

  // File-scope variables the function reads or writes (NPB's fields, HotSpot's coefficients), in the
  // order of their first use.
  void globals() {
    FileScopeUses finder;
    finder.TraverseStmt(context_.function.getBody());
    for (const auto& [var, firstUse] : finder.uses) {
      std::optional<VariableInfo> info = fileScopeVariable(context_, var, firstUse);
      if (!info) return;
      add(*info);
    }
  }

  void activeNamesExist() {
    for (const std::string& name : context_.request.active) {
      bool found = false;
      for (const auto& entry : context_.variables) found |= entry.second.name == name;
      if (!found)
        context_.unsupported(context_.function.getLocation(),
                             "--active " + name + ": no such parameter, nor a file-scope variable the function uses");
    }
  }

  void local(const clang::VarDecl* decl, const clang::Stmt* scope) {
    VariableInfo info;
    info.decl = decl;
    info.name = decl->getNameAsString();
    info.scope = scope;
    clang::QualType type = decl->getType();
    if (type->isPointerType()) {  // a buffer the function allocates (HeapBuffers.h), an array at an offset
                                  // (PointerAliases.h), or refused there with the reason
      if (HeapBufferForm form = recordHeapBuffer(context_, decl); form != HeapBufferForm::NotABuffer) {
        if (form == HeapBufferForm::Refused) return;
        info.array = true;
        info.floating = type->getPointeeType()->isRealFloatingType();
        info.active = info.floating;
        add(info);
        return;
      }
      if (!recordPointerAlias(context_, decl)) return;
      const VariableInfo* base = context_.variable(context_.pointerAliases.at(decl));
      info.array = true;
      info.floating = type->getPointeeType()->isRealFloatingType();
      info.active = info.floating && base->active;
      add(info);
      return;
    }
    if (type->isArrayType() && !type->isConstantArrayType()) {
      context_.unsupported(decl->getLocation(), "local variable-length array '" + info.name + "'");
      return;
    }
    if (type->isArrayType()) {
      info.array = true;
      clang::QualType element = type;
      while (element->isArrayType()) element = element->getAsArrayTypeUnsafe()->getElementType();
      if (!element->isIntegerType() && !element->isRealFloatingType()) {
        context_.unsupported(decl->getLocation(), "local array '" + info.name + "' of type " + type.getAsString());
        return;
      }
      if (decl->getInit()) {
        context_.unsupported(decl->getLocation(), "initialised local array '" + info.name + "'");
        return;
      }
      info.floating = element->isRealFloatingType();
      info.active = info.floating;
      add(info);
      return;
    }
    if (!decl->hasLocalStorage() || decl->isStaticLocal()) {
      context_.unsupported(decl->getLocation(), "static local '" + info.name + "'");
      return;
    }
    if (!type->isIntegerType() && !type->isRealFloatingType()) {
      context_.unsupported(decl->getLocation(), "local '" + info.name + "' of type " + type.getAsString());
      return;
    }
    info.floating = type->isRealFloatingType();
    info.active = info.floating;
    add(info);
  }

  // `return expr;` of a function returning a floating value, as the last statement of its body (its
  // adjoint seeds expr with the result's adjoint); an early return is refused.
  // `return expr;` as the last statement of the body is the function's result. A `return;` that
  // withoutJumps kept as an exit never gets here.
  void returnStatement(const clang::ReturnStmt* returned, const clang::Stmt* scope) {
    if (!returned->getRetValue())
      return context_.unsupported(returned->getBeginLoc(),
                                  "return statement (only `return;` ending a branch of an if at the "
                                  "top level of the function body, or the body itself)");
    const clang::Stmt* body = context_.body();
    auto* compound = llvm::dyn_cast<clang::CompoundStmt>(body);
    if (functionTails_.count(scope))
      compound = llvm::dyn_cast<clang::CompoundStmt>(scope);  // after guard clauses
    else if (scope != body)
      compound = nullptr;
    if (!compound || compound->body_back() != returned)
      return context_.unsupported(returned->getBeginLoc(), "return before the end of the function (early return)");
    context_.result = returned;
    if (context_.function.getReturnType()->isIntegerType()) {
      // A status: the adjoint returns it too, which needs its value without the forward sweep's state.
      const clang::Expr* status = returned->getRetValue()->IgnoreParenImpCasts();
      if (!status->isIntegerConstantExpr(context_.ast))
        return context_.unsupported(returned->getBeginLoc(),
                                    "an integer status computed at run time (the adjoint returns a "
                                    "constant status, such as `return(0);`, as the primal does)");
      context_.status = status;
      return;
    }
    checkExpression(context_, returned->getRetValue());
  }

  void statement(const clang::Stmt* statement, const clang::Stmt* scope) {
    if (!statement || context_.failed()) return;
    if (fromMetadirective(statement)) return;
    if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(statement)) {
      for (const clang::Stmt* child : compound->body()) {
        this->statement(child, compound);
        if (containsDirective(child)) sawParallel_ = true;
      }
      return;
    }
    if (llvm::isa<clang::NullStmt>(statement)) return;
    if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement)) {
      for (const clang::Decl* decl : declaration->decls()) {
        auto* var = llvm::dyn_cast<clang::VarDecl>(decl);
        if (!var) {
          context_.unsupported(decl->getLocation(), "declaration that is not a variable");
          return;
        }
        local(var, scope);
        if (var->getInit() && !context_.pointerAliases.count(var) && !context_.heapBuffers.count(var))
          checkExpression(context_, var->getInit());
      }
      return;
    }
    if (allocatedBuffer(context_, statement) || releasedBuffer(context_, statement)) return;  // HeapBuffers.h
    if (auto* expr = llvm::dyn_cast<clang::Expr>(statement)) {
      expression(expr);
      return;
    }
    if (auto* branch = llvm::dyn_cast<clang::IfStmt>(statement)) {
      if (branch->getInit() || branch->getConditionVariable()) {
        context_.unsupported(branch->getBeginLoc(), "declaration in an if condition");
        return;
      }
      checkExpression(context_, branch->getCond());
      this->statement(branch->getThen(), branch->getThen());
      this->statement(branch->getElse(), branch->getElse());
      return;
    }
    if (auto* loop = llvm::dyn_cast<clang::ForStmt>(statement)) {
      forLoop(loop);
      return;
    }
    if (auto* loop = llvm::dyn_cast<clang::WhileStmt>(statement)) {
      if (loop->getConditionVariable())
        return context_.unsupported(loop->getBeginLoc(), "declaration in a while condition");
      conditionalLoop(loop, loop->getCond(), loop->getBody());
      return;
    }
    if (auto* loop = llvm::dyn_cast<clang::DoStmt>(statement)) {
      conditionalLoop(loop, loop->getCond(), loop->getBody());
      return;
    }
    if (exits_.count(statement)) return;  // a break or return that ends its iteration or the function
    if (const clang::Stmt* updates = exclusiveBody(statement)) {
      auto* directive = llvm::cast<clang::OMPExecutableDirective>(statement);
      if (!exclusiveScope_)
        return context_.unsupported(directive->getBeginLoc(),
                                    "OpenMP directive '" + analyzer::directiveName(*directive) +
                                        "' outside a parallel loop or a parallel region whose threads run "
                                        "statements of their own");
      checkExclusiveUpdate(context_, *directive, *exclusiveScope_);
      return this->statement(updates, scope);
    }
    if (auto* directive = llvm::dyn_cast<clang::OMPLoopDirective>(statement)) {
      // `simd` only lets a thread run iterations together; the adjoint's loops drop it (any order is valid).
      bool parallelFor = llvm::isa<clang::OMPParallelForDirective, clang::OMPParallelForSimdDirective>(directive);
      bool regionFor = region_ && llvm::isa<clang::OMPForDirective, clang::OMPForSimdDirective>(directive);
      if (!parallelFor && !regionFor) {
        context_.unsupported(directive->getBeginLoc(), "OpenMP directive '" + analyzer::directiveName(*directive) +
                                                           "' (only parallel for, and for inside parallel)");
        return;
      }
      if (parallelDepth_ > 0 && !regionFor) {
        context_.unsupported(directive->getBeginLoc(), "nested parallel region");
        return;
      }
      clauses(directive);
      auto loops = analyzer::associatedLoops(*directive);
      if (!collapsible(loops)) return;
      ++parallelDepth_;
      const clang::Stmt* enclosingScope = exclusiveScope_;
      exclusiveScope_ = loops.front();
      forLoop(loops.front(), true);
      exclusiveScope_ = enclosingScope;
      --parallelDepth_;
      return;
    }
    if (auto* parallel = llvm::dyn_cast<clang::OMPParallelDirective>(statement)) {
      if (parallelDepth_ > 0) {
        context_.unsupported(parallel->getBeginLoc(), "nested parallel region");
        return;
      }
      clauses(parallel);
      const clang::Stmt* body = parallel->getRawStmt();
      std::vector<const clang::Stmt*> items;
      if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(body))
        items.assign(compound->body_begin(), compound->body_end());
      else
        items.push_back(body);
      region_ = parallel;
      regionLocals_.clear();
      for (const clang::OMPClause* clause : parallel->clauses()) {  // each thread's own copies, like region locals
        auto addAll = [&](auto* list) {
          for (const clang::Expr* item : list->varlists())
            if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(item->IgnoreParenImpCasts()))
              if (auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl())) regionLocals_.insert(var);
        };
        if (auto* list = llvm::dyn_cast<clang::OMPPrivateClause>(clause)) addAll(list);
        if (auto* list = llvm::dyn_cast<clang::OMPFirstprivateClause>(clause)) addAll(list);
      }
      team_ = runsAsTeam(*parallel);
      exclusiveScope_ = team_ ? body : nullptr;
      for (const clang::Stmt* item : items) {
        if (context_.failed()) return;
        regionItem(item, body);
      }
      if (team_ && !context_.failed()) checkTeamRegion(context_, *parallel);
      const bool team = team_;  // a team region runs its single and master blocks inside it (TeamRegion.h)
      team_ = false;
      exclusiveScope_ = nullptr;
      if (context_.failed()) return;
      for (const clang::Stmt* item : items)
        if (!team && llvm::isa<clang::OMPSingleDirective, clang::OMPMasterDirective>(item))
          if (const clang::DeclRefExpr* use = regionLocalUse(item))
            return context_.unsupported(
                use->getLocation(),
                "region-local variable '" + use->getDecl()->getNameAsString() +
                    "' (private to each thread of the region) used in a single or master block (the adjoint runs "
                    "that block outside the loops' regions)");
      region_ = nullptr;
      return;
    }
    if (llvm::isa<clang::GotoStmt>(statement)) return context_.unsupported(statement->getBeginLoc(), "goto");
    if (auto* returned = llvm::dyn_cast<clang::ReturnStmt>(statement)) return returnStatement(returned, scope);
    if (llvm::isa<clang::BreakStmt>(statement))
      return context_.unsupported(statement->getBeginLoc(),
                                  "break (only in sequential loops, ending a branch of an if at the "
                                  "top level of the loop body)");
    if (llvm::isa<clang::ContinueStmt>(statement))
      return context_.unsupported(statement->getBeginLoc(),
                                  "continue (only ending a branch of an if at the top level of the "
                                  "loop body)");
    if (auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(statement))
      return context_.unsupported(directive->getBeginLoc(),
                                  "OpenMP directive '" + analyzer::directiveName(*directive) +
                                      "' here (single, master and barrier only directly in a parallel region, simd "
                                      "only on a loop in a loop body)");
    context_.unsupported(statement->getBeginLoc(), analyzer::constructName(*statement));
  }

 private:
  // The variant Clang selected for a metadirective may not be the one another compiler runs.
  bool fromMetadirective(const clang::Stmt* statement) {
    auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(statement);
    if (!directive || !analyzer::fromMetadirective(*directive, context_.ast.getSourceManager())) return false;
    context_.unsupported(directive->getBeginLoc(), "OpenMP metadirective (the variant a compiler selects is its own)");
    return true;
  }

  static bool containsDirective(const clang::Stmt* statement) {
    if (!statement) return false;
    if (llvm::isa<clang::OMPExecutableDirective>(statement)) return true;
    for (const clang::Stmt* child : statement->children())
      if (containsDirective(child)) return true;
    return false;
  }

  // Parameters and function-scope locals are visible everywhere; two loops' locals of the same name are not.
  bool outermost(const VariableInfo& info) const {
    return info.parameter || info.global || info.scope == context_.body();
  }

  // Each file-scope variable the body names, with its first use, in the order of first uses.
  // (A RecursiveASTVisitor: Stmt::children() of an OpenMP directive does not reach its body.)
  class FileScopeUses : public clang::RecursiveASTVisitor<FileScopeUses> {
   public:
    bool VisitDeclRefExpr(clang::DeclRefExpr* ref) {
      auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
      if (!var || !var->isFileVarDecl()) return true;
      auto seen = [&](const auto& use) { return use.first == var; };
      if (std::none_of(uses.begin(), uses.end(), seen)) uses.push_back({var, ref->getLocation()});
      return true;
    }
    std::vector<std::pair<const clang::VarDecl*, clang::SourceLocation>> uses;
  };

  void add(VariableInfo info) {
    if (info.name.rfind("adrace_", 0) == 0) {
      context_.unsupported(info.decl->getLocation(),
                           "'" + info.name + "': names starting with adrace_ are reserved for the generated code");
      return;
    }
    if (info.active) info.adjoint = context_.freshName(info.name + "_b");
    for (const auto& entry : context_.variables)
      if (entry.second.name == info.name && (outermost(entry.second) || outermost(info))) {
        context_.unsupported(info.decl->getLocation(), "a second variable named '" + info.name + "' (shadowing)");
        return;
      }
    context_.variables[info.decl] = info;
  }

  void expression(const clang::Expr* expr) {
    expr = expr->IgnoreParens();
    if (auto* call = passiveStatementCall(expr)) return passiveCall(call);
    if (auto* assignment = llvm::dyn_cast<clang::BinaryOperator>(expr); assignment && assignment->isAssignmentOp()) {
      lvalue(assignment->getLHS());
      if (context_.failed()) return;
      if (assignment->getLHS()->getType()->isRealFloatingType()) {
        auto op = assignment->getOpcode();
        if (op != clang::BO_Assign && op != clang::BO_AddAssign && op != clang::BO_SubAssign &&
            op != clang::BO_MulAssign && op != clang::BO_DivAssign) {
          context_.unsupported(expr->getBeginLoc(), "assignment operator '" + assignment->getOpcodeStr().str() + "'");
          return;
        }
      }
      checkExpression(context_, assignment->getLHS());
      checkExpression(context_, assignment->getRHS());
      return;
    }
    if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(expr); unary && unary->isIncrementDecrementOp()) {
      lvalue(unary->getSubExpr());
      if (!context_.failed() && !unary->getSubExpr()->getType()->isIntegerType())
        context_.unsupported(expr->getBeginLoc(), "++ or -- on a floating-point value");
      return;
    }
    if (isDiscardedName(expr)) return;  // `(void)n;`: marks an unused parameter, no effect on either sweep
    context_.unsupported(expr->getBeginLoc(), "expression statement that is not an assignment (a call?)");
  }

  // printf(...), omp_set_num_threads(k): kept in the forward sweep as the primal makes them. Their
  // arguments only read (no assignment, no call but a math function or a passive query).
  void passiveCall(const clang::CallExpr* call) {
    std::string name = directCalleeName(call);
    if (name == "omp_set_num_threads" && (parallelDepth_ > 0 || region_ || sawParallel_ || loopDepth_ > 0)) {
      context_.unsupported(call->getBeginLoc(),
                           "omp_set_num_threads after a parallel loop, or inside a loop or region "
                           "(the backward sweep replays every parallel loop with the team size it ends with)");
      return;
    }
    for (const clang::Expr* argument : call->arguments()) readOnly(argument);
  }

  void readOnly(const clang::Expr* expr) {
    if (!expr || context_.failed()) return;
    expr = expr->IgnoreParens();
    if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(expr);
        binary && (binary->isAssignmentOp() || binary->isCommaOp()))
      return context_.unsupported(expr->getBeginLoc(), "assignment inside the arguments of a call");
    if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(expr); unary && unary->isIncrementDecrementOp())
      return context_.unsupported(expr->getBeginLoc(), "++ or -- inside the arguments of a call");
    if (auto* call = llvm::dyn_cast<clang::CallExpr>(expr)) {
      std::string name = directCalleeName(call);
      if (!isPassiveQuery(name) && !isMathFunction(name))
        return context_.unsupported(expr->getBeginLoc(), "call to '" + name + "' inside the arguments of " +
                                                             "a print (only math functions and OpenMP queries)");
    }
    if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(expr))
      if (auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
          var && var->hasLocalStorage() && !context_.variable(var))
        return context_.unsupported(expr->getBeginLoc(),
                                    "'" + var->getNameAsString() + "' is not a parameter or local of the function");
    for (const clang::Stmt* child : expr->children()) readOnly(llvm::dyn_cast_or_null<clang::Expr>(child));
  }

  static bool isDiscardedName(const clang::Expr* expr) {
    auto* cast = llvm::dyn_cast<clang::CStyleCastExpr>(expr);
    return cast && cast->getType()->isVoidType() &&
           llvm::isa<clang::DeclRefExpr>(cast->getSubExpr()->IgnoreParenImpCasts());
  }

  void lvalue(const clang::Expr* lhs) {
    const clang::VarDecl* base = baseVariable(lhs);
    const VariableInfo* info = context_.variable(base);
    if (const clang::CallExpr* query = passiveQueryIn(lhs);
        query && info && info->active && !isThreadSlot(context_, lhs))
      return context_.unsupported(query->getBeginLoc(),
                                  "the value of " + directCalleeName(query) + "() in the subscript of an active array");
    if (!base || !info) {
      context_.unsupported(lhs->getBeginLoc(), "assignment to something other than a local, an array element or *p");
      return;
    }
    if (lhs->getType()->isPointerType()) {
      context_.unsupported(lhs->getBeginLoc(), "assignment to pointer '" + info->name + "'");
      return;
    }
    if (!lhs->getType()->isScalarType()) {
      context_.unsupported(lhs->getBeginLoc(), "assignment of a whole struct or array ('" + info->name + "')");
      return;
    }
  }

  // worksharing: the loop of an omp (parallel) for, which OpenMP does not let `break` leave.
  void forLoop(const clang::ForStmt* loop, bool worksharing = false) {
    std::optional<ForHeader> header = parseForHeader(context_, loop);
    if (!header) return;
    if (header->declaredInHeader) local(header->counter, loop);  // a C89 counter is declared before the loop
    checkExpression(context_, header->firstExpr);
    checkExpression(context_, header->boundExpr);
    if (header->boundExpr2) checkExpression(context_, header->boundExpr2);
    if (header->stepExpr) checkExpression(context_, header->stepExpr);
    size_t exitsBefore = exits_.size();
    const clang::Stmt* body = withoutSimd(withoutJumps(loop->getBody(), worksharing ? Kept::Nothing : Kept::Break));
    if (context_.failed()) return;
    if (exits_.size() != exitsBefore) {
      // The forward sweep leaves the loop through its condition (`!adrace_exit && ...`), after one
      // more increment of the counter: invisible only when the counter is the loop's own.
      if (!llvm::isa_and_nonnull<clang::DeclStmt>(loop->getInit()))
        return context_.unsupported(loop->getBeginLoc(), "break in a for loop whose counter is declared before it");
      context_.loopsWithBreak.insert(loop);
    }
    context_.bodies[loop] = body;
    ++loopDepth_;
    statement(body, body);
    --loopDepth_;
    if (context_.failed()) return;
    std::set<const clang::VarDecl*> headerVariables{header->counter};
    collectVariables(header->boundExpr, headerVariables);
    collectVariables(header->boundExpr2, headerVariables);
    if (header->stepExpr) collectVariables(header->stepExpr, headerVariables);
    std::vector<std::pair<const clang::VarDecl*, clang::SourceLocation>> written;
    writtenIn(body, written);
    for (auto& [var, at] : written)
      if (headerVariables.count(var))
        context_.unsupported(
            at, "'" + var->getNameAsString() + "' is written in the body of the loop whose header uses it");
  }

  // collapse(n) (CollapsedNest.h): the sweeps rebuild every counter from one flat index, so no inner
  // bound may depend on an outer counter (OpenMP 5.0 forbids such non-rectangular nests too), and
  // no counter may carry its exit value out of the nest.
  bool collapsible(const std::vector<const clang::ForStmt*>& loops) {
    for (size_t level = 0; level < loops.size(); ++level) {
      const clang::VarDecl* counter = loopCounter(loops[level]);
      if (level > 0) {
        if (const clang::VarDecl* outer = outerCounterInBounds(loops, level)) {
          context_.unsupported(loops[level]->getBeginLoc(),
                               "collapse(" + std::to_string(loops.size()) +
                                   ") over a non-rectangular nest: the header of the loop over '" +
                                   (counter ? counter->getNameAsString() : std::string("?")) + "' reads the counter '" +
                                   outer->getNameAsString() + "' of an enclosing collapsed loop");
          return false;
        }
      }
      if (loops.size() > 1 && counter) collapsedCounters.emplace_back(counter, loops[level]);
    }
    return true;
  }

 public:
  // Checked once findLoopCounters knows which C89 counters are read after their loops.
  std::vector<std::pair<const clang::VarDecl*, const clang::ForStmt*>> collapsedCounters;
  std::vector<NonSumReduction> nonSumReductions;  // decided once the activity of locals is known

 private:
  // While and do loops: the condition is evaluated by the forward sweep only (the backward sweep
  // runs the taped number of iterations), so it may read anything the body computes.
  void conditionalLoop(const clang::Stmt* loop, const clang::Expr* condition, const clang::Stmt* body) {
    checkExpression(context_, condition);
    if (context_.failed()) return;
    size_t exitsBefore = exits_.size();
    const clang::Stmt* rewritten = withoutJumps(body, Kept::Break);
    if (exits_.size() != exitsBefore) context_.loopsWithBreak.insert(loop);
    context_.bodies[loop] = rewritten;
    ++loopDepth_;
    statement(rewritten, rewritten);
    --loopDepth_;
  }

 public:
  // The function body with an early `return;` rewritten like a loop's `break` (see withoutJumps).
  const clang::Stmt* functionBody() {
    const clang::Stmt* body = context_.function.getBody();
    const clang::Stmt* rewritten = withoutJumps(body, Kept::Return);
    if (rewritten != body) context_.bodies[body] = rewritten;
    return rewritten;
  }

 private:
  // `{ S; if (c) { A; continue; } B; }` -> `{ S; if (c) { A } else { B } }` (B rewritten likewise).
  // A branch ending with the kept jump (`break` in while and do loops, `return` in the function
  // body) is rewritten the same way but keeps the jump as its last statement: nothing follows it in
  // the iteration (or the function), so the sweeps read it as "the iteration ends here", and the
  // forward sweep of a loop sets the flag its condition tests. `continue` only in loops.
  enum class Kept { Nothing, Break, Return };
  const clang::Stmt* withoutJumps(const clang::Stmt* body, Kept kept) {
    auto* compound = llvm::dyn_cast<clang::CompoundStmt>(body);
    if (!compound) return body;
    bool inLoop = kept != Kept::Return;
    clang::Stmt::StmtClass exit = kept == Kept::Break    ? clang::Stmt::BreakStmtClass
                                  : kept == Kept::Return ? clang::Stmt::ReturnStmtClass
                                                         : clang::Stmt::NoStmtClass;
    // `return expr;` of a function returning a value is its result, never an exit (returnStatement).
    auto isExit = [&](const clang::Stmt* jump) {
      auto* returned = llvm::dyn_cast<clang::ReturnStmt>(jump);
      return jump->getStmtClass() == exit && !(returned && returned->getRetValue());
    };
    std::vector<clang::Stmt*> items(compound->body_begin(), compound->body_end());
    if (!items.empty() && isExit(items.back())) exits_.insert(items.back());  // `return;` last
    for (size_t k = 0; k < items.size(); ++k) {
      auto* branch = llvm::dyn_cast<clang::IfStmt>(items[k]);
      if (!branch || branch->getElse() || branch->getInit() || branch->getConditionVariable()) continue;
      std::vector<clang::Stmt*> then;
      if (auto* thenCompound = llvm::dyn_cast<clang::CompoundStmt>(branch->getThen()))
        then.assign(thenCompound->body_begin(), thenCompound->body_end());
      else
        then.push_back(branch->getThen());
      if (then.empty()) continue;
      if (inLoop && llvm::isa<clang::ContinueStmt>(then.back())) {
        then.pop_back();
      } else if (exit != clang::Stmt::NoStmtClass && isExit(then.back())) {
        exits_.insert(then.back());
      } else if (kept == Kept::Return && isStatusExit(context_, then.back())) {  // a guard clause
        if (std::string why = statusConditionFails(context_, branch->getCond()); !why.empty()) {
          context_.unsupported(then.back()->getBeginLoc(), "return of a status before the end of the function: " + why);
          return body;
        }
        context_.statusExits.push_back({branch->getCond(), llvm::cast<clang::ReturnStmt>(then.back())->getRetValue()});
        exits_.insert(then.back());
      } else {
        continue;
      }
      const clang::ASTContext& ast = context_.ast;
      std::vector<clang::Stmt*> rest(items.begin() + k + 1, items.end());
      clang::SourceLocation end = compound->getRBracLoc();
      auto* elseBody = const_cast<clang::Stmt*>(
          withoutJumps(clang::CompoundStmt::Create(ast, rest, clang::FPOptionsOverride(),
                                                   rest.empty() ? end : rest.front()->getBeginLoc(), end),
                       kept));
      if (kept == Kept::Return) functionTails_.insert(elseBody);  // what runs when no guard returned
      auto* thenBody = clang::CompoundStmt::Create(ast, then, clang::FPOptionsOverride(),
                                                   branch->getThen()->getBeginLoc(), branch->getThen()->getEndLoc());
      auto* rewritten = clang::IfStmt::Create(ast, branch->getIfLoc(), branch->getStatementKind(), nullptr, nullptr,
                                              branch->getCond(), branch->getLParenLoc(), branch->getRParenLoc(),
                                              thenBody, branch->getEndLoc(), elseBody);
      std::vector<clang::Stmt*> head(items.begin(), items.begin() + k);
      head.push_back(rewritten);
      return clang::CompoundStmt::Create(ast, head, clang::FPOptionsOverride(), compound->getLBracLoc(), end);
    }
    if (inLoop && !items.empty() && llvm::isa<clang::ContinueStmt>(items.back())) {  // `continue;` last: no jump at all
      items.pop_back();
      return clang::CompoundStmt::Create(context_.ast, items, clang::FPOptionsOverride(), compound->getLBracLoc(),
                                         compound->getRBracLoc());
    }
    return body;
  }

  // `#pragma omp simd` on a loop of the body (the body itself, or a statement of its block): the
  // loop, which both sweeps run as a sequential loop (simd asserts only that its iterations may run
  // together; running them in order is one valid execution, and the adjoint's pushes and pops need
  // that order). `reduction` too: in order, the body's own updates compute what the lanes' copies
  // combined would (OpenMP folds the original value in). Clauses other than safelen, simdlen,
  // aligned and reduction are refused.
  const clang::Stmt* withoutSimd(const clang::Stmt* body) {
    auto unwrap = [&](clang::Stmt* statement) -> clang::Stmt* {
      auto* simd = llvm::dyn_cast<clang::OMPSimdDirective>(statement);
      if (!simd) return statement;
      for (const clang::OMPClause* clause : simd->clauses()) {
        auto kind = clause->getClauseKind();
        if (kind != llvm::omp::OMPC_safelen && kind != llvm::omp::OMPC_simdlen && kind != llvm::omp::OMPC_aligned &&
            kind != llvm::omp::OMPC_reduction)
          context_.unsupported(clause->getBeginLoc(),
                               "clause '" + std::string(llvm::omp::getOpenMPClauseName(kind)) + "' on omp simd");
      }
      auto loops = analyzer::associatedLoops(*simd);
      if (loops.size() != 1) {
        context_.unsupported(simd->getBeginLoc(), "collapse over several loops");
        return statement;
      }
      return const_cast<clang::ForStmt*>(loops.front());
    };
    auto* compound = llvm::dyn_cast<clang::CompoundStmt>(body);
    if (!compound) return unwrap(const_cast<clang::Stmt*>(body));
    std::vector<clang::Stmt*> items(compound->body_begin(), compound->body_end());
    bool changed = false;
    for (clang::Stmt*& item : items) {
      clang::Stmt* unwrapped = unwrap(item);
      changed |= unwrapped != item;
      item = unwrapped;
    }
    if (!changed) return body;
    return clang::CompoundStmt::Create(context_.ast, items, clang::FPOptionsOverride(), compound->getLBracLoc(),
                                       compound->getRBracLoc());
  }

  // One item of a parallel region, as RegionPhases.cpp runs it: a worksharing loop, a barrier, a
  // `single` or `master` block (run once), or a declaration of region-local variables that the
  // loops privatise. A region with anything else runs as one team (TeamRegion.h): every item is
  // checked as a statement, then the region by checkTeamRegion.
  void regionItem(const clang::Stmt* item, const clang::Stmt* scope) {
    if (fromMetadirective(item)) return;
    if (llvm::isa<clang::NullStmt>(item) || llvm::isa<clang::OMPBarrierDirective>(item)) return;
    if (team_) {  // every thread runs it (TeamRegion.h): checked as any statement, then by checkTeamRegion
      if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(item))
        for (const clang::Decl* decl : declaration->decls())
          if (auto* var = llvm::dyn_cast<clang::VarDecl>(decl)) regionLocals_.insert(var);
      if (!llvm::isa<clang::OMPSingleDirective, clang::OMPMasterDirective>(item)) return this->statement(item, scope);
    }
    if (llvm::isa<clang::OMPForDirective, clang::OMPForSimdDirective>(item)) return this->statement(item, scope);
    if (llvm::isa<clang::OMPSingleDirective>(item) || llvm::isa<clang::OMPMasterDirective>(item)) {
      auto* directive = llvm::cast<clang::OMPExecutableDirective>(item);
      for (const clang::OMPClause* clause : directive->clauses())
        if (clause->getClauseKind() != llvm::omp::OMPC_nowait)
          return context_.unsupported(clause->getBeginLoc(),
                                      "OpenMP clause '" +
                                          std::string(llvm::omp::getOpenMPClauseName(clause->getClauseKind())) +
                                          "' on " + analyzer::directiveName(*directive));
      const clang::Stmt* body = directive->getRawStmt();
      ++parallelDepth_;  // a parallel loop inside would be a nested region
      this->statement(body, body);
      --parallelDepth_;
      return;
    }
    // Anything else but an uninitialised declaration makes the region a team region (runsAsTeam).
    auto* declaration = llvm::cast<clang::DeclStmt>(item);
    for (const clang::Decl* decl : declaration->decls())
      if (auto* var = llvm::dyn_cast<clang::VarDecl>(decl)) regionLocals_.insert(var);
    return this->statement(item, scope);
  }

  const clang::DeclRefExpr* regionLocalUse(const clang::Stmt* statement) const {
    if (!statement) return nullptr;
    if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(statement))
      if (regionLocals_.count(llvm::dyn_cast<clang::VarDecl>(ref->getDecl()))) return ref;
    for (const clang::Stmt* child : statement->children())
      if (const clang::DeclRefExpr* use = regionLocalUse(child)) return use;
    return nullptr;
  }

  static void writtenIn(const clang::Stmt* statement,
                        std::vector<std::pair<const clang::VarDecl*, clang::SourceLocation>>& out) {
    if (!statement) return;
    if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(statement); binary && binary->isAssignmentOp())
      out.push_back({baseVariable(binary->getLHS()), binary->getBeginLoc()});
    if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(statement); unary && unary->isIncrementDecrementOp())
      out.push_back({baseVariable(unary->getSubExpr()), unary->getBeginLoc()});
    for (const clang::Stmt* child : statement->children()) writtenIn(child, out);
  }

  // private(y), firstprivate(y), lastprivate(y) on an active pointer parameter: each thread's copy
  // of the pointer would need a copy of the adjoint pointer too; refused rather than guessed.
  template <typename Clause>
  void activePointersIn(const clang::OMPClause* clause) {
    auto* list = llvm::dyn_cast<Clause>(clause);
    if (!list) return;
    for (const clang::Expr* item : list->varlists()) {
      auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(item->IgnoreParenImpCasts());
      auto* var = ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
      const VariableInfo* info = context_.variable(var);
      if (info && info->active && info->array && !var->getType()->isArrayType())
        context_.unsupported(item->getBeginLoc(), std::string(llvm::omp::getOpenMPClauseName(clause->getClauseKind())) +
                                                      "(" + info->name + ") on the active pointer '" + info->name +
                                                      "'");
    }
  }

  void clauses(const clang::OMPExecutableDirective* directive) {
    for (const clang::OMPClause* clause : directive->clauses()) {
      activePointersIn<clang::OMPPrivateClause>(clause);
      activePointersIn<clang::OMPFirstprivateClause>(clause);
      activePointersIn<clang::OMPLastprivateClause>(clause);
      if (context_.failed()) return;
      switch (clause->getClauseKind()) {
        case llvm::omp::OMPC_private:
        case llvm::omp::OMPC_firstprivate:
        case llvm::omp::OMPC_shared:
        case llvm::omp::OMPC_lastprivate:
        case llvm::omp::OMPC_default:
        case llvm::omp::OMPC_schedule:
        case llvm::omp::OMPC_num_threads:
        case llvm::omp::OMPC_safelen:
        case llvm::omp::OMPC_simdlen:
        case llvm::omp::OMPC_aligned:   // simd hints
        case llvm::omp::OMPC_nowait:    // the adjoint's phases end with the region of each loop (RegionPhases.cpp)
        case llvm::omp::OMPC_collapse:  // the nest is checked by collapsible()
          break;
        case llvm::omp::OMPC_reduction: {  // max, min, ...: only on a passive value (PassiveReductions.h)
          for (const NonSumReduction& item : nonSumReductionItems(*llvm::cast<clang::OMPReductionClause>(clause)))
            nonSumReductions.push_back(item);
          break;
        }
        default:
          context_.unsupported(
              clause->getBeginLoc(),
              "OpenMP clause '" + std::string(llvm::omp::getOpenMPClauseName(clause->getClauseKind())) + "'");
          return;
      }
    }
  }

  AdjointContext& context_;
  bool sawParallel_ = false;            // a parallel loop or region came before the statement being checked
  int loopDepth_ = 0;                   // loops around the statement being checked
  std::set<const clang::Stmt*> exits_;  // the break and return statements withoutJumps kept
  // The rest of the function body after each `if (c) ... return;` (or a status guard's `return K;`)
  // it rewrote: its last statement ends the function, as the body's does.
  std::set<const clang::Stmt*> functionTails_;
  const clang::OMPParallelDirective* region_ = nullptr;
  std::set<const clang::VarDecl*> regionLocals_;  // declared in the region being checked
  bool team_ = false;                             // the region runs as one team (TeamRegion.h)
  // The parallel loop's body, or the team region's statement, a critical or atomic update is checked in.
  const clang::Stmt* exclusiveScope_ = nullptr;
  int parallelDepth_ = 0;  // parallel loops around the statement being checked
};

}  // namespace

void checkSupported(AdjointContext& context) {
  SupportChecker checker(context);
  checker.parameters();
  if (context.failed()) return;
  checkRowPointerUses(context);
  if (context.failed()) return;
  checker.globals();
  if (context.failed()) return;
  checker.activeNamesExist();
  if (context.failed()) return;
  const clang::Stmt* body = checker.functionBody();
  checker.statement(body, body);
  if (context.failed()) return;
  if (!context.function.getReturnType()->isVoidType() && !context.result)
    return context.unsupported(context.function.getBody()->getEndLoc(),
                               "function returning a value whose last statement is not its return");
  findLoopCounters(context);
  for (const auto& [counter, loop] : checker.collapsedCounters)
    if (context.exitValueCounters.count(counter))
      return context.unsupported(
          loop->getBeginLoc(),
          "counter '" + counter->getNameAsString() + "' of a collapsed loop is read after the nest (its exit value)");
  findInactiveLocals(context);
  makeReductionsPassive(context, checker.nonSumReductions);
}

}  // namespace adrace::ad
