#include "ad/HelperInlining.h"
#include "ad/ExprCopy.h"
#include "ad/InPlaceRewriter.h"

#include "ad/MathLibrary.h"
#include "ad/OrphanedLoops.h"
#include "ad/PassiveCalls.h"
#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/LoopModelBuilder.h"
#include "analyzer/frontend/ContainerSubscripts.h"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>

#include <map>
#include <set>
#include <vector>

namespace adrace::ad {
namespace {

// A call the sweeps handle themselves (math library, OpenMP queries, prints): not a helper.
bool isLibraryCall(const clang::CallExpr* call) {
  std::string name = directCalleeName(call);
  return isMathFunction(name) || isPassiveStatementCall(name) || analyzer::isContainerSizeCall(call) ||  // u.size()
         name == "malloc" || name == "calloc" || name == "free";  // a buffer's (HeapBuffers.h)
}

// The functions a body calls directly (helpers only).
void calleesOf(const clang::Stmt* statement, std::vector<const clang::FunctionDecl*>& out) {
  if (!statement) return;
  if (auto* call = llvm::dyn_cast<clang::CallExpr>(statement); call && !isLibraryCall(call))
    if (const clang::FunctionDecl* callee = call->getDirectCallee()) out.push_back(callee->getCanonicalDecl());
  for (const clang::Stmt* child : statement->children()) calleesOf(child, out);
}

class Inliner {
 public:
  explicit Inliner(AdjointContext& context) : context_(context), ast_(context.ast) {}

  // Replaces the helper calls in every expression slot under `statement`; returns the statement,
  // a new one where it is a block out of whose statements calls were hoisted.
  clang::Stmt* statement(clang::Stmt* statement) {
    if (!statement || context_.failed()) return statement;
    if (auto* block = llvm::dyn_cast<clang::CompoundStmt>(statement)) return this->block(block);
    if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement)) {  // `for (int k = ...)`
      for (clang::Decl* decl : declaration->decls())
        if (auto* var = llvm::dyn_cast<clang::VarDecl>(decl); var && var->getInit())
          var->setInit(expression(var->getInit(), {}));
      return statement;
    }
    if (auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(statement)) {
      enclosing_.push_back(directive);
      struct Leave {
        std::vector<const clang::OMPExecutableDirective*>& stack;
        ~Leave() { stack.pop_back(); }
      } leave{enclosing_};
      if (directive->hasAssociatedStmt()) {
        // Clang (14 at least) captures the statement of some directives (parallel, for, single) and not of
        // others (master, atomic, critical, section): getInnermostCapturedStmt() trusts a table
        // that lists a capture for master and critical too, and so read their raw statement as a
        // CapturedStmt (a wild read and write, and a recursion through what it found).
        clang::Stmt*& associated = *directive->children().begin();
        auto* captured = llvm::dyn_cast<clang::CapturedStmt>(associated);
        if (!captured) {
          associated = this->statement(braced(associated));
          return statement;
        }
        while (auto* inner = llvm::dyn_cast<clang::CapturedStmt>(captured->getCapturedStmt())) captured = inner;
        clang::Stmt* body = this->statement(braced(captured->getCapturedStmt()));
        // (CapturedStmt's setter is private, in Clang 19 as in 14: its statement is stored in the slot
        // after the captures' initialisers.)
        *reinterpret_cast<clang::Stmt**>(captured->capture_init_end()) = body;
        captured->getCapturedDecl()->setBody(body);
      }
      return statement;
    }
    braceBodiesWithHoistedCalls(statement);
    for (clang::Stmt*& child : statement->children()) {
      if (clang::CallExpr* call = procedureCall(child))
        child = inlineProcedure(call, {});
      else if (auto* expr = llvm::dyn_cast_or_null<clang::Expr>(child))
        child = expression(expr, {});
      else
        child = this->statement(child);
    }
    return statement;
  }

  // A block of the function: each statement after the statement helpers' calls it makes (hoisted).
  clang::Stmt* block(clang::CompoundStmt* block) {
    std::vector<clang::Stmt*> items;
    bool changed = false;
    for (clang::Stmt* item : block->body()) {
      if (context_.failed()) return block;
      current_ = item->getBeginLoc();
      std::vector<const clang::Expr*> hoisted;
      auto* declaration = llvm::dyn_cast<clang::DeclStmt>(item);
      if (declaration && !declaration->isSingleDecl() && hasStatementHelperCall(item)) {
        // `double a = f(x), b = g(a);`: one declaration each, so that g's call follows a's.
        for (clang::Decl* decl : declaration->decls()) {
          auto* var = llvm::dyn_cast<clang::VarDecl>(decl);
          if (var && var->getInit()) hoist(var->getInit(), {}, items, hoisted);
          items.push_back(
              statement(new (ast_) clang::DeclStmt(clang::DeclGroupRef(decl), decl->getBeginLoc(), decl->getEndLoc())));
          forget(hoisted);
        }
        changed = true;
        continue;
      }
      size_t before = items.size();
      if (clang::Expr* value = hoistableExpression(item)) hoist(value, {}, items, hoisted);
      clang::Stmt* rewritten = item;
      if (clang::CallExpr* call = procedureCall(item))
        rewritten = inlineProcedure(call, {});
      else if (auto* expr = llvm::dyn_cast<clang::Expr>(item))
        rewritten = expression(expr, {});
      else
        rewritten = statement(item);
      forget(hoisted);
      changed |= rewritten != item || items.size() != before;
      items.push_back(rewritten);
    }
    if (!changed || context_.failed()) return block;
    return clang::CompoundStmt::Create(ast_, items, clang::FPOptionsOverride(), block->getLBracLoc(),
                                       block->getRBracLoc());
  }

  // A body that is one statement calling a statement helper, as a block of that statement, where the
  // calls can be hoisted (`if (c) v = volume(x);`, `#pragma omp single` over `v = volume(x);`).
  // (A directive's body that is one call of a void helper is braced too, so that the helper is
  // inlined as a block's statement is: `#pragma omp parallel` over `sweep(u);`.)
  clang::Stmt* braced(clang::Stmt* body) {
    if (!body || llvm::isa<clang::CompoundStmt>(body)) return body;
    if (!procedureCall(body) && (!hoistableExpression(body) || !hasStatementHelperCall(body))) return body;
    return clang::CompoundStmt::Create(ast_, {body}, clang::FPOptionsOverride(), body->getBeginLoc(),
                                       body->getEndLoc());
  }

  // The bodies of an if/for/while/do, braced where calls must be hoisted.
  void braceBodiesWithHoistedCalls(clang::Stmt* statement) {
    transformBodies(statement, [this](clang::Stmt* body) { return braced(body); });
  }

 private:
  using Bindings = std::map<const clang::ParmVarDecl*, clang::Expr*>;

  // `expr` with its helper calls inlined and, inside a helper's body, its parameters replaced.
  clang::Expr* expression(clang::Expr* expr, const Bindings& bindings) {
    if (!expr || context_.failed()) return expr;
    if (auto found = hoisted_.find(expr); found != hoisted_.end()) return valueOf(found->second, expr);
    if (auto* cast = llvm::dyn_cast<clang::ImplicitCastExpr>(expr);
        cast && cast->getCastKind() == clang::CK_LValueToRValue)
      if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(cast->getSubExpr()->IgnoreParens()))
        if (auto* parameter = llvm::dyn_cast<clang::ParmVarDecl>(ref->getDecl());
            parameter && bindings.count(parameter))
          return relocated(bindings.at(parameter), ref->getLocation());  // the call's argument
    if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(expr))
      if (auto found = locals_.find(ref->getDecl()); found != locals_.end()) return refTo(found->second, ref);
    if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(expr); unary && unary->getOpcode() == clang::UO_Deref) {
      if (clang::Expr* pointee = boundAddressOf(unary->getSubExpr(), bindings)) return pointee;  // *p, p = &x: x
      if (clang::Expr* pointee = accessedLvalue(unary, bindings)) return pointee;  // *vnew(d, k): d->m_vnew[k]
    }
    if (auto* member = llvm::dyn_cast<clang::MemberExpr>(expr); member && copying_ > 0)
      return copyMember(member, bindings);
    if (llvm::isa<clang::CXXThisExpr>(expr) && copying_ > 0) {
      context_.unsupported(expr->getBeginLoc(), "'this' in a member function other than to name a member");
      return expr;
    }
    if (auto* subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(expr); subscript && copying_ > 0)
      if (clang::Expr* element = offsetElement(subscript, bindings)) return element;
    if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(expr))
      if (auto* parameter = llvm::dyn_cast<clang::ParmVarDecl>(ref->getDecl());
          parameter && bindings.count(parameter)) {
        context_.unsupported(ref->getBeginLoc(),
                             "parameter '" + parameter->getNameAsString() + "' of helper '" +
                                 llvm::cast<clang::FunctionDecl>(parameter->getDeclContext())->getNameAsString() +
                                 "' used other than by its value");
        return expr;
      }
    if (auto* call = llvm::dyn_cast<clang::CallExpr>(expr); call && !isLibraryCall(call))
      return inlineCall(call, bindings);
    if (copying_ == 0) {  // the function's own expression: replace in place
      for (clang::Stmt*& child : expr->children())
        if (auto* sub = llvm::dyn_cast_or_null<clang::Expr>(child)) child = expression(sub, bindings);
      return expr;
    }
    return substitutedChildren(expr, bindings);
  }

  // A helper body's node with its children substituted: a new node when a child changed (the helper's
  // own nodes are shared by all its calls), the node itself otherwise.
  clang::Expr* substitutedChildren(clang::Expr* expr, const Bindings& bindings) {
    std::vector<clang::Expr*> before, after;
    for (clang::Stmt* child : expr->children()) {
      auto* sub = llvm::dyn_cast_or_null<clang::Expr>(child);
      before.push_back(sub);
      after.push_back(expression(sub, bindings));
    }
    if (before == after || context_.failed()) return expr;
    clang::Expr* copy = copyWithChildren(ast_, expr, after);
    if (!copy) {
      context_.unsupported(expr->getBeginLoc(),
                           analyzer::constructName(*expr) + " over a parameter in a helper's body");
      return expr;
    }
    context_.from.synthesized.insert(copy);
    return copy;
  }

  // The definition of a helper `call` may inline: defined in this file, not recursive; null (with a
  // diagnostic naming the callee) otherwise.
  const clang::FunctionDecl* helperDefinition(const clang::CallExpr* call) {
    const clang::FunctionDecl* callee = call->getDirectCallee();
    std::string name = callee ? callee->getNameAsString() : context_.text(call->getCallee());
    if (auto* method = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(callee); method && method->isVirtual()) {
      // The overrider the call runs, where the object's dynamic type is known: a final class or
      // method, or an object (a local, a by-value parameter) of its declared class (Clang's rules).
      auto* member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call);
      const clang::CXXMethodDecl* overrider =
          member ? method->getDevirtualizedMethod(member->getImplicitObjectArgument(), /*IsAppleKext=*/false) : nullptr;
      if (!overrider) {
        context_.unsupported(call->getBeginLoc(),
                             "call to the virtual member function '" + method->getQualifiedNameAsString() +
                                 "' on an object whose dynamic type is not known here (a reference or a pointer "
                                 "to a class that is not final): inlined only when the class or the function is "
                                 "final, or the object is a local of its class");
        return nullptr;
      }
      callee = overrider;
    }
    if (auto* method = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(callee)) {
      if (method->isCopyAssignmentOperator() || method->isMoveAssignmentOperator()) {
        context_.unsupported(call->getBeginLoc(), "assignment of a whole struct ('" +
                                                      method->getParent()->getNameAsString() +
                                                      "'): assign its members one by one");
        return nullptr;
      }
      // An accessor (`double at(int i) const { return u[i]; }`) is a value helper whose `this` is the
      // object it is called on; other member functions are refused.
      if (method->getReturnType()->isVoidType() ||
          (!method->isStatic() && !llvm::isa<clang::CXXMemberCallExpr>(call))) {
        context_.unsupported(call->getBeginLoc(),
                             "call to the C++ member function '" + method->getQualifiedNameAsString() +
                                 "' (inlined: member functions that return a value with one `return` "
                                 "statement)");
        return nullptr;
      }
    }
    if (name == "realloc" || name == "aligned_alloc") {
      context_.unsupported(call->getBeginLoc(),
                           "heap allocation ('" + name +
                               "') in the differentiated function: the adjoint allocates a buffer's adjoint only "
                               "for malloc and calloc (count * sizeof(T)), freed by free in the same block");
      return nullptr;
    }
    const clang::FunctionDecl* definition = callee ? callee->getDefinition() : nullptr;
    const clang::SourceManager& sources = ast_.getSourceManager();
    if (!definition || !sources.isInMainFile(sources.getExpansionLoc(definition->getLocation()))) {
      context_.unsupported(call->getBeginLoc(),
                           "call to '" + name +
                               "', which is not defined in this file (differentiated calls: the math "
                               "library and helpers defined in the same file)");
      return nullptr;
    }
    if (reaches(definition, definition->getCanonicalDecl()) ||
        definition->getCanonicalDecl() == context_.function.getCanonicalDecl()) {
      context_.unsupported(call->getBeginLoc(),
                           "call to '" + name + "', which is recursive (directly or through other helpers)");
      return nullptr;
    }
    if (definition->isVariadic()) {
      context_.unsupported(call->getBeginLoc(), "call to the variadic helper '" + name + "'");
      return nullptr;
    }
    return definition;
  }

  // Each parameter of `definition` bound to its argument in `call` (helper calls in the arguments
  // inlined first); false after a diagnostic.
  bool bind(const clang::CallExpr* call, const clang::FunctionDecl* definition, const Bindings& outer,
            Bindings& bindings) {
    for (unsigned k = 0; k < definition->getNumParams() && k < call->getNumArgs(); ++k) {
      clang::Expr* argument = expression(const_cast<clang::Expr*>(call->getArg(k)), outer);
      if (const clang::CallExpr* query = passiveQueryIn(argument)) {
        context_.unsupported(query->getBeginLoc(), "the value of " + directCalleeName(query) + "() passed to helper '" +
                                                       definition->getNameAsString() +
                                                       "' (inlined, so evaluated again at each use)");
        return false;
      }
      bindings[definition->getParamDecl(k)] = argument;
    }
    return !context_.failed();
  }

  clang::Expr* inlineCall(clang::CallExpr* call, const Bindings& outer) {
    const clang::FunctionDecl* definition = helperDefinition(call);
    if (!definition) return call;
    if (definition->getReturnType()->isVoidType()) {
      context_.unsupported(call->getBeginLoc(),
                           "call to the void helper '" + definition->getNameAsString() +
                               "' in an expression (a void helper is inlined where it is a statement)");
      return call;
    }
    if (isStatementHelper(call)) {  // not hoisted: its call is not evaluated first where it is
      context_.unsupported(call->getBeginLoc(),
                           "call to helper '" + definition->getNameAsString() +
                               "', whose body has statements before its `return`, in a condition "
                               "or a loop header, where no statement can run before it: such a call "
                               "is evaluated as a statement before the statement or initialiser "
                               "of a block that holds it, and only there");
      return call;
    }
    const clang::Expr* returned = singleReturn(definition);
    if (!returned) {  // a member function (isStatementHelper hoists the others)
      context_.unsupported(call->getBeginLoc(), "call to the C++ member function '" +
                                                    definition->getQualifiedNameAsString() +
                                                    "', whose body is not one `return` statement");
      return call;
    }
    Bindings bindings;
    if (!bind(call, definition, outer, bindings)) return call;
    clang::Expr* object = nullptr;  // what `this` points to, for a member function
    if (auto* member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call)) {
      clang::Expr* written = member->getImplicitObjectArgument();
      if (llvm::isa<clang::CXXThisExpr>(written->IgnoreParenImpCasts()) && !objects_.empty() && objects_.back())
        object = objects_.back();  // a member function calling another on the same object
      else if (written->HasSideEffects(ast_)) {
        context_.unsupported(written->getBeginLoc(), "call to the C++ member function '" +
                                                         definition->getQualifiedNameAsString() +
                                                         "' on an object whose expression has side effects "
                                                         "(inlined, it would be evaluated at each member use)");
        return call;
      } else {
        object = expression(written, outer);
      }
    }
    if (context_.failed()) return call;
    objects_.push_back(object);
    ++copying_;
    clang::Expr* body = expression(const_cast<clang::Expr*>(returned), bindings);
    --copying_;
    objects_.pop_back();
    // The result converted to the helper's return type, as the call's value is.
    if (!context_.failed() && body->getType().getCanonicalType() != call->getType().getCanonicalType()) {
      clang::CastKind kind = call->getType()->isPointerType()   ? clang::CK_NoOp  // `T *` returned as `const T *`
                             : call->getType()->isIntegerType() ? clang::CK_FloatingToIntegral
                                                                : clang::CK_FloatingCast;
      body = clang::ImplicitCastExpr::Create(ast_, call->getType(), kind, body, nullptr, clang::VK_PRValue,
                                             clang::FPOptionsOverride());
    }
    auto* paren = new (ast_) clang::ParenExpr(call->getBeginLoc(), call->getEndLoc(), body);
    context_.from.synthesized.insert(paren);
    return paren;
  }

  // `*acc(args)` where the accessor acc's body is `return &E;`: E with acc's parameters bound (the
  // lvalue the accessor points to, so `*vnew(d, k) = v` assigns `d->m_vnew[k]`); null when the
  // operand is no helper call, or the inlined pointer is not an address (after a diagnostic, if any).
  clang::Expr* accessedLvalue(clang::UnaryOperator* deref, const Bindings& bindings) {
    auto* call = llvm::dyn_cast<clang::CallExpr>(deref->getSubExpr()->IgnoreParenImpCasts());
    if (!call || isLibraryCall(call)) return nullptr;
    clang::Expr* pointer = inlineCall(call, bindings);
    if (context_.failed()) return nullptr;
    clang::Expr* stripped = pointer;
    for (;;) {  // parentheses and qualification conversions (`T *` to `const T *`)
      stripped = stripped->IgnoreParens();
      auto* cast = llvm::dyn_cast<clang::ImplicitCastExpr>(stripped);
      if (!cast || cast->getCastKind() != clang::CK_NoOp) break;
      stripped = cast->getSubExpr();
    }
    if (auto* address = llvm::dyn_cast<clang::UnaryOperator>(stripped);
        address && address->getOpcode() == clang::UO_AddrOf)
      return address->getSubExpr();
    context_.unsupported(deref->getBeginLoc(), "'*' on the result of helper '" + directCalleeName(call) +
                                                   "', which does not return the address of an lvalue (`return &E;`)");
    return nullptr;
  }

  // A call statement `f(args);` of a void helper of the file, or null.
  clang::CallExpr* procedureCall(clang::Stmt* statement) const {
    auto* call = llvm::dyn_cast_or_null<clang::CallExpr>(statement);
    if (!call || isLibraryCall(call) || !call->getDirectCallee()) return nullptr;
    return call->getDirectCallee()->getReturnType()->isVoidType() ? call : nullptr;
  }

  // A void helper called as a statement (`force(&p[i], &fx, &fy);`, the helpers that write through
  // pointer parameters) becomes a block of its body's statements: parameters replaced by the
  // arguments (`*fx` by `fx` when the argument is `&fx`, `a->x` by `p[i].x` when it is `&p[i]`), its
  // locals declared afresh in the function under names no other variable has.
  // With `result`, the helper gives a value: its final `return e;` becomes `result = e;`.
  clang::Stmt* inlineProcedure(clang::CallExpr* call, const Bindings& outer, clang::VarDecl* result = nullptr) {
    const clang::FunctionDecl* definition = helperDefinition(call);
    if (!definition) return call;
    auto* body = llvm::dyn_cast_or_null<clang::CompoundStmt>(definition->getBody());
    if (result && !returnsAtItsEnd(body)) {
      context_.unsupported(call->getBeginLoc(), "call to helper '" + definition->getNameAsString() +
                                                    "', whose body does not end with `return expr;`");
      return call;
    }
    if (copying_ == 0) site_ = call->getBeginLoc();
    Bindings bindings;
    if (!body || !bind(call, definition, outer, bindings)) return call;
    std::vector<clang::Stmt*> items;
    // A value parameter is a copy of its argument, as in C: the body may assign it, or write what the
    // argument reads (`halve(y[i], &y[i])`), so it is declared and initialised first.
    for (const clang::ParmVarDecl* parameter : definition->parameters()) {
      if (parameter->getType()->isPointerType() || !bindings.count(parameter)) continue;
      clang::VarDecl* copy = freshLocal(parameter, site_);
      copy->setInit(bindings.at(parameter));
      bindings.erase(parameter);
      locals_[parameter] = copy;
      items.push_back(new (ast_) clang::DeclStmt(clang::DeclGroupRef(copy), site_, site_));
    }
    ++copying_;
    for (clang::Stmt* item : body->body()) {
      copyItem(item, bindings, *definition, call, item == body->body_back(), result, items);
      if (context_.failed()) break;
    }
    --copying_;
    if (context_.failed()) return call;
    return clang::CompoundStmt::Create(ast_, items, clang::FPOptionsOverride(), call->getBeginLoc(), call->getEndLoc());
  }

  // One statement of a void helper's body, copied for the call `call`; null for nothing to copy.
  clang::Stmt* procedureStatement(clang::Stmt* item, const Bindings& bindings, const clang::FunctionDecl& helper,
                                  const clang::CallExpr* call, bool last) {
    auto refuse = [&](const std::string& what) -> clang::Stmt* {
      context_.unsupported(item->getBeginLoc(), what + " in the body of helper '" + helper.getNameAsString() + "'");
      return nullptr;
    };
    if (llvm::isa<clang::NullStmt>(item)) return nullptr;
    if (auto* returned = llvm::dyn_cast<clang::ReturnStmt>(item))
      return last && !returned->getRetValue() ? nullptr : refuse("return before the end");
    if (clang::CallExpr* nested = procedureCall(item)) return inlineProcedure(nested, bindings);
    if (auto* expr = llvm::dyn_cast<clang::Expr>(item)) return expression(expr, bindings);
    if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(item)) {
      clang::SourceLocation at = site_;  // inside the caller's loop body, for the analysis
      std::vector<clang::Decl*> copies;
      for (clang::Decl* decl : declaration->decls()) {
        auto* var = llvm::dyn_cast<clang::VarDecl>(decl);
        if (!var || var->isStaticLocal() || var->getType()->isArrayType())
          return refuse("a declaration other than of scalars");
        clang::VarDecl* copy = freshLocal(var, at);
        if (var->getInit()) copy->setInit(expression(var->getInit(), bindings));
        locals_[var] = copy;
        copies.push_back(copy);
      }
      return new (ast_) clang::DeclStmt(clang::DeclGroupRef::Create(ast_, copies.data(), copies.size()), at, at);
    }
    if (auto* branch = llvm::dyn_cast<clang::IfStmt>(item)) {
      if (branch->getInit() || branch->getConditionVariable()) return refuse("a declaration in an if condition");
      clang::Expr* condition = expression(branch->getCond(), bindings);
      clang::Stmt* then = procedureBlock(branch->getThen(), bindings, helper, call);
      clang::Stmt* otherwise = branch->getElse() ? procedureBlock(branch->getElse(), bindings, helper, call) : nullptr;
      return clang::IfStmt::Create(ast_, branch->getIfLoc(), clang::IfStatementKind::Ordinary, nullptr, nullptr,
                                   condition, branch->getLParenLoc(), branch->getRParenLoc(), then,
                                   branch->getElseLoc(), otherwise);
    }
    if (llvm::isa<clang::CompoundStmt>(item)) return procedureBlock(item, bindings, helper, call);
    if (auto* loop = llvm::dyn_cast<clang::ForStmt>(item)) return procedureLoop(loop, bindings, helper, call);
    if (auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(item)) {  // an orphaned `omp for`
      if (std::optional<std::string> why = whyOrphanedLoopNotCopied(*directive, ast_)) return refuse(*why);
      if (enclosing_.empty() || !llvm::isa<clang::OMPParallelDirective>(enclosing_.back()))
        return refuse(
            "orphaned `omp for` in a helper called outside a parallel region, or inside another "
            "directive of one (only a call that every thread of a region makes is copied into it)");
      return orphanedLoop(llvm::cast<clang::OMPForDirective>(directive), bindings, helper, call);
    }
    return refuse(analyzer::constructName(*item));
  }

  // An orphaned `omp for` of a helper called in a parallel region: a worksharing loop of that region
  // over the copied loop (OrphanedLoops.h).
  clang::Stmt* orphanedLoop(clang::OMPForDirective* directive, const Bindings& bindings,
                            const clang::FunctionDecl& helper, const clang::CallExpr* call) {
    clang::Stmt* loop = procedureLoop(orphanedLoopStatement(*directive), bindings, helper, call);
    if (!loop || context_.failed()) return nullptr;
    std::vector<clang::Expr*> counters;
    for (clang::Expr* counter : directive->counters()) {
      clang::Expr* copy = expression(counter, bindings);
      if (context_.failed()) return nullptr;
      if (copy == counter) {
        context_.unsupported(counter->getBeginLoc(), "counter of the orphaned `omp for` in helper '" +
                                                         helper.getNameAsString() + "' is not a local of the helper");
        return nullptr;
      }
      counters.push_back(copy);
    }
    ++orphanedLoops_;
    return copyOrphanedLoop(ast_, *directive, llvm::cast<clang::ForStmt>(loop), counters, site_);
  }

 public:
  int orphanedLoopsCopied() const { return orphanedLoops_; }

 private:
  // A `for` loop of a void helper's body: the same loop over its copied header and body (its counter,
  // a helper local, declared afresh like the others). Whether the sweeps can reverse it (a counter
  // they can recompute, a trip count they know) is then checked as for any loop the function writes.
  clang::Stmt* procedureLoop(clang::ForStmt* loop, const Bindings& bindings, const clang::FunctionDecl& helper,
                             const clang::CallExpr* call) {
    if (loop->getConditionVariable()) {
      context_.unsupported(loop->getBeginLoc(),
                           "a declaration in a for condition in the body of helper '" + helper.getNameAsString() + "'");
      return nullptr;
    }
    clang::Stmt* init = nullptr;
    if (clang::Stmt* first = loop->getInit()) {
      if (auto* expr = llvm::dyn_cast<clang::Expr>(first))
        init = expression(expr, bindings);
      else
        init = procedureStatement(first, bindings, helper, call, false);  // `for (int k = 0; ...)`
    }
    clang::Expr* condition = loop->getCond() ? expression(loop->getCond(), bindings) : nullptr;
    clang::Expr* increment = loop->getInc() ? expression(loop->getInc(), bindings) : nullptr;
    clang::Stmt* body = procedureBlock(loop->getBody(), bindings, helper, call);
    if (context_.failed()) return nullptr;
    clang::SourceLocation at = site_;  // inside the caller's loop body, for the analysis
    return new (ast_) clang::ForStmt(ast_, init, condition, nullptr, increment, body, at, at, at);
  }

  clang::Stmt* procedureBlock(clang::Stmt* block, const Bindings& bindings, const clang::FunctionDecl& helper,
                              const clang::CallExpr* call) {
    std::vector<clang::Stmt*> items;
    auto* compound = llvm::dyn_cast<clang::CompoundStmt>(block);
    for (clang::Stmt* item : compound ? std::vector<clang::Stmt*>(compound->body_begin(), compound->body_end())
                                      : std::vector<clang::Stmt*>{block})
      copyItem(item, bindings, helper, call, false, nullptr, items);
    return clang::CompoundStmt::Create(ast_, items, clang::FPOptionsOverride(), block->getBeginLoc(),
                                       block->getEndLoc());
  }

  // One statement of a helper's body copied into `items`, after the calls of statement helpers it
  // makes (hoisted); the final `return e;` of a helper giving `result` becomes `result = e;`.
  void copyItem(clang::Stmt* item, const Bindings& bindings, const clang::FunctionDecl& helper,
                const clang::CallExpr* call, bool last, clang::VarDecl* result, std::vector<clang::Stmt*>& items) {
    std::vector<const clang::Expr*> hoisted;
    auto* declaration = llvm::dyn_cast<clang::DeclStmt>(item);
    if (declaration && !declaration->isSingleDecl() && hasStatementHelperCall(item)) {
      // `double a = f(x), b = g(a);`: one declaration each, so that g's call follows a's.
      for (clang::Decl* decl : declaration->decls()) {
        auto* var = llvm::dyn_cast<clang::VarDecl>(decl);
        if (var && var->getInit()) hoist(var->getInit(), bindings, items, hoisted);
        auto* single = new (ast_) clang::DeclStmt(clang::DeclGroupRef(decl), decl->getBeginLoc(), decl->getEndLoc());
        if (clang::Stmt* copy = procedureStatement(single, bindings, helper, call, false)) items.push_back(copy);
        forget(hoisted);
        if (context_.failed()) return;
      }
      return;
    }
    if (clang::Expr* value = hoistableExpression(item)) hoist(value, bindings, items, hoisted);
    clang::Stmt* copy = nullptr;
    auto* returned = llvm::dyn_cast<clang::ReturnStmt>(item);
    if (result && last && returned && returned->getRetValue()) {
      clang::Expr* value = converted(expression(returned->getRetValue(), bindings), result->getType());
      auto* target = clang::DeclRefExpr::Create(ast_, clang::NestedNameSpecifierLoc(), clang::SourceLocation(), result,
                                                false, site_, result->getType(), clang::VK_LValue);
      copy = clang::BinaryOperator::Create(ast_, target, value, clang::BO_Assign, result->getType(), clang::VK_PRValue,
                                           clang::OK_Ordinary, site_, clang::FPOptionsOverride());
      context_.from.synthesized.insert(target);
      context_.from.synthesized.insert(llvm::cast<clang::Expr>(copy));
    } else {
      copy = procedureStatement(item, bindings, helper, call, last);
    }
    forget(hoisted);
    if (copy && !context_.failed()) items.push_back(copy);
  }

  // ---- Helpers with statements before their `return` (statement helpers), called in an expression:
  // the call is hoisted, in evaluation order, before the statement that holds it, as the helper's
  // body inlined like a void helper's with its final `return e;` written to a new local
  // (`volume = CalcElemVolume(x, y, z);` is `Real_t v; { ...; v = e; } volume = v;`). Only where the
  // call is evaluated before the rest of its statement in some order C allows: a statement or an
  // initialiser of a block, outside the operands of &&, || and ?: (evaluated or not) and the right
  // of a comma (after its left's side effects); elsewhere (conditions, loop headers) it is refused.

  // Whether `call` calls a helper whose body has statements before its return, or whose returned
  // expression calls one (so that it can only be inlined as a statement, too).
  bool isStatementHelper(const clang::CallExpr* call) {
    // (a C++ member function is refused where it is called, never hoisted)
    if (isLibraryCall(call) || !call->getDirectCallee() || llvm::isa<clang::CXXMethodDecl>(call->getDirectCallee()))
      return false;
    const clang::FunctionDecl* definition = call->getDirectCallee()->getDefinition();
    if (!definition || definition->getReturnType()->isVoidType()) return false;
    const clang::Expr* returned = singleReturn(definition);
    if (!returned) return true;
    if (!visiting_.insert(definition).second) return true;  // recursive: hoisted, then refused as such
    bool calls = hasStatementHelperCall(returned);
    visiting_.erase(definition);
    return calls;
  }

  bool hasStatementHelperCall(const clang::Stmt* statement) {
    if (!statement) return false;
    if (auto* call = llvm::dyn_cast<clang::CallExpr>(statement); call && isStatementHelper(call)) return true;
    for (const clang::Stmt* child : statement->children())
      if (hasStatementHelperCall(child)) return true;
    return false;
  }

  // The expression a statement of a block evaluates first (before its own side effects): an
  // expression statement, a single declaration's initialiser, a returned value; null for others.
  static clang::Expr* hoistableExpression(clang::Stmt* statement) {
    if (auto* expr = llvm::dyn_cast<clang::Expr>(statement)) return expr;
    if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement); declaration && declaration->isSingleDecl())
      if (auto* var = llvm::dyn_cast<clang::VarDecl>(declaration->getSingleDecl())) return var->getInit();
    if (auto* returned = llvm::dyn_cast<clang::ReturnStmt>(statement)) return returned->getRetValue();
    return nullptr;
  }

  // Appends to `items` the statement helpers' calls of `expr`, in evaluation order (arguments
  // first), each as `T f_value;` and the helper's body writing it; `hoisted` gets the calls, which
  // `expression` replaces by their locals until `forget`.
  void hoist(const clang::Expr* expr, const Bindings& bindings, std::vector<clang::Stmt*>& items,
             std::vector<const clang::Expr*>& hoisted) {
    if (!expr || context_.failed()) return;
    auto refuseIn = [&](const clang::Expr* operand, const char* where) {
      if (const clang::CallExpr* call = firstStatementHelperCall(operand))
        context_.unsupported(call->getBeginLoc(), "call to helper '" + directCalleeName(call) +
                                                      "', whose body has statements before its `return`, in " + where +
                                                      ": such a call is evaluated as a statement before the statement "
                                                      "that holds it, which would evaluate it where C may not");
    };
    if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(expr)) {
      if (binary->getOpcode() == clang::BO_LAnd || binary->getOpcode() == clang::BO_LOr ||
          binary->getOpcode() == clang::BO_Comma) {
        hoist(binary->getLHS(), bindings, items, hoisted);
        refuseIn(binary->getRHS(), binary->getOpcode() == clang::BO_Comma  ? "the right operand of a comma"
                                   : binary->getOpcode() == clang::BO_LAnd ? "the right operand of &&"
                                                                           : "the right operand of ||");
        return;
      }
    }
    if (auto* choice = llvm::dyn_cast<clang::AbstractConditionalOperator>(expr)) {
      hoist(choice->getCond(), bindings, items, hoisted);
      refuseIn(choice->getTrueExpr(), "an arm of ?:");
      refuseIn(choice->getFalseExpr(), "an arm of ?:");
      return;
    }
    for (const clang::Stmt* child : expr->children())
      hoist(llvm::dyn_cast_or_null<clang::Expr>(child), bindings, items, hoisted);
    auto* call = llvm::dyn_cast<clang::CallExpr>(expr);
    if (!call || !isStatementHelper(call) || context_.failed()) return;
    clang::QualType type = call->getType().getUnqualifiedType();
    auto* value = clang::VarDecl::Create(ast_, const_cast<clang::FunctionDecl*>(&context_.function), site(), site(),
                                         &ast_.Idents.get(context_.freshName(directCalleeName(call) + "_value")), type,
                                         ast_.getTrivialTypeSourceInfo(type, site()), clang::SC_None);
    clang::SourceLocation at = site();
    clang::Stmt* body = inlineProcedure(const_cast<clang::CallExpr*>(call), bindings, value);
    if (context_.failed()) return;
    items.push_back(new (ast_) clang::DeclStmt(clang::DeclGroupRef(value), at, at));
    items.push_back(body);
    hoisted_[call] = value;
    hoisted.push_back(call);
  }

  const clang::CallExpr* firstStatementHelperCall(const clang::Stmt* statement) {
    if (!statement) return nullptr;
    if (auto* call = llvm::dyn_cast<clang::CallExpr>(statement); call && isStatementHelper(call)) return call;
    for (const clang::Stmt* child : statement->children())
      if (const clang::CallExpr* found = firstStatementHelperCall(child)) return found;
    return nullptr;
  }

  void forget(const std::vector<const clang::Expr*>& hoisted) {
    for (const clang::Expr* call : hoisted) hoisted_.erase(call);
  }

  // The value of a hoisted call: its local, read.
  clang::Expr* valueOf(clang::VarDecl* value, const clang::Expr* call) {
    auto* ref = clang::DeclRefExpr::Create(ast_, clang::NestedNameSpecifierLoc(), clang::SourceLocation(), value, false,
                                           site(), value->getType(), clang::VK_LValue);
    auto* read = clang::ImplicitCastExpr::Create(ast_, call->getType(), clang::CK_LValueToRValue, ref, nullptr,
                                                 clang::VK_PRValue, clang::FPOptionsOverride());
    context_.from.synthesized.insert(ref);
    context_.from.synthesized.insert(read);
    return read;
  }

  // Where code inlined now stands: the call of the function being inlined (inside the caller's loop
  // body, for the analysis), or the statement itself in the function's own body.
  clang::SourceLocation site() const { return copying_ > 0 ? site_ : current_; }

  static bool returnsAtItsEnd(const clang::CompoundStmt* body) {
    if (!body || body->body_empty()) return false;
    auto* returned = llvm::dyn_cast<clang::ReturnStmt>(body->body_back());
    return returned && returned->getRetValue();
  }

  // `value` converted to `type` as C's assignment or return converts it.
  clang::Expr* converted(clang::Expr* value, clang::QualType type) {
    if (context_.failed() || value->getType().getCanonicalType() == type.getCanonicalType()) return value;
    clang::CastKind kind = type->isPointerType()   ? clang::CK_NoOp  // `T *` returned as `const T *`
                           : type->isIntegerType() ? (value->getType()->isIntegerType() ? clang::CK_IntegralCast
                                                                                        : clang::CK_FloatingToIntegral)
                           : value->getType()->isIntegerType() ? clang::CK_IntegralToFloating
                                                               : clang::CK_FloatingCast;
    auto* cast = clang::ImplicitCastExpr::Create(ast_, type, kind, value, nullptr, clang::VK_PRValue,
                                                 clang::FPOptionsOverride());
    context_.from.synthesized.insert(cast);
    return cast;
  }

  // The argument x when `pointer` is a use of a parameter bound to `&x`, else null.
  clang::Expr* boundAddressOf(clang::Expr* pointer, const Bindings& bindings) const {
    auto* cast = llvm::dyn_cast<clang::ImplicitCastExpr>(pointer->IgnoreParens());
    if (!cast || cast->getCastKind() != clang::CK_LValueToRValue) return nullptr;
    auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(cast->getSubExpr()->IgnoreParens());
    auto* parameter = ref ? llvm::dyn_cast<clang::ParmVarDecl>(ref->getDecl()) : nullptr;
    if (!parameter || !bindings.count(parameter)) return nullptr;
    auto* address = llvm::dyn_cast<clang::UnaryOperator>(bindings.at(parameter)->IgnoreParenImpCasts());
    return address && address->getOpcode() == clang::UO_AddrOf ? address->getSubExpr() : nullptr;
  }

  // `p[k]` in a helper's body where p is bound to `&a[e]` or `a + e`: the element `a[e + k]` (`a[e]`
  // for k = 0); null when p is bound to anything else.
  clang::Expr* offsetElement(clang::ArraySubscriptExpr* subscript, const Bindings& bindings) {
    auto* cast = llvm::dyn_cast<clang::ImplicitCastExpr>(subscript->getBase()->IgnoreParens());
    auto* ref = cast && cast->getCastKind() == clang::CK_LValueToRValue
                    ? llvm::dyn_cast<clang::DeclRefExpr>(cast->getSubExpr()->IgnoreParens())
                    : nullptr;
    auto* parameter = ref ? llvm::dyn_cast<clang::ParmVarDecl>(ref->getDecl()) : nullptr;
    if (!parameter || !bindings.count(parameter)) return nullptr;
    const clang::Expr* bound = bindings.at(parameter)->IgnoreParenImpCasts();
    clang::Expr *array = nullptr, *offset = nullptr;
    if (auto* address = llvm::dyn_cast<clang::UnaryOperator>(bound);
        address && address->getOpcode() == clang::UO_AddrOf)
      if (auto* element = llvm::dyn_cast<clang::ArraySubscriptExpr>(address->getSubExpr()->IgnoreParens())) {
        array = element->getBase();
        offset = element->getIdx();
      }
    if (auto* sum = llvm::dyn_cast<clang::BinaryOperator>(bound);
        sum && sum->getOpcode() == clang::BO_Add && sum->getLHS()->getType()->isPointerType()) {
      array = sum->getLHS();
      offset = sum->getRHS();
    }
    if (!array) return nullptr;
    clang::Expr* index = expression(subscript->getIdx(), bindings);
    clang::Expr::EvalResult constant;
    if (!index->EvaluateAsInt(constant, ast_) || constant.Val.getInt() != 0) {
      clang::QualType type =
          ast_.getIntegerTypeOrder(offset->getType(), index->getType()) >= 0 ? offset->getType() : index->getType();
      offset =
          clang::BinaryOperator::Create(ast_, offset, index, clang::BO_Add, type, clang::VK_PRValue, clang::OK_Ordinary,
                                        subscript->getRBracketLoc(), clang::FPOptionsOverride());
      context_.from.synthesized.insert(offset);
    }
    auto* element = new (ast_) clang::ArraySubscriptExpr(array, offset, subscript->getType(), subscript->getValueKind(),
                                                         subscript->getObjectKind(), subscript->getRBracketLoc());
    context_.from.synthesized.insert(element);
    return element;
  }

  // `a->m` in a helper's body: `x.m` when a is bound to `&x`, else the member of the new base.
  clang::Expr* copyMember(clang::MemberExpr* member, const Bindings& bindings) {
    clang::Expr* object = member->isArrow() ? boundAddressOf(member->getBase(), bindings) : nullptr;
    bool arrow = member->isArrow() && !object;
    // `u[i]` or `this->u[i]` in a member function: the member of the object it is called on
    if (llvm::isa<clang::CXXThisExpr>(member->getBase()->IgnoreParenImpCasts()) && !objects_.empty() &&
        objects_.back()) {
      object = objects_.back();
      arrow = object->getType()->isPointerType();
    }
    // `v.x` of a reference parameter `float3& v`: the member of the object the call passes
    if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(member->getBase()->IgnoreParens());
        !object && ref && !member->isArrow())
      if (auto* parameter = llvm::dyn_cast<clang::ParmVarDecl>(ref->getDecl());
          parameter && parameter->getType()->isReferenceType() && bindings.count(parameter) &&
          bindings.at(parameter)->isLValue())
        object = relocated(bindings.at(parameter), ref->getLocation());
    if (!object) object = expression(member->getBase(), bindings);
    if (object == member->getBase() || context_.failed()) return member;
    auto* copy = clang::MemberExpr::Create(
        ast_, object, arrow, member->getOperatorLoc(), member->getQualifierLoc(), member->getTemplateKeywordLoc(),
        member->getMemberDecl(), member->getFoundDecl(), member->getMemberNameInfo(), nullptr, member->getType(),
        member->getValueKind(), member->getObjectKind(), member->isNonOdrUse());
    context_.from.synthesized.insert(copy);
    return copy;
  }

  // A variable of the function standing for a helper's local or value parameter `var`, declared at
  // `at` (inside the caller's loop body, for the analysis) under a name no other variable has.
  clang::VarDecl* freshLocal(const clang::VarDecl* var, clang::SourceLocation at) {
    clang::QualType type = var->getType().getUnqualifiedType();
    return clang::VarDecl::Create(ast_, const_cast<clang::FunctionDecl*>(&context_.function), at, at,
                                  &ast_.Idents.get(context_.freshName(var->getNameAsString())), type,
                                  ast_.getTrivialTypeSourceInfo(type, at), clang::SC_None);
  }

  // The argument `argument` (a variable, `u`) standing for a parameter's use at `at`: a copy located
  // there, so that the references of the helper's body keep positions of their own (`in[i - 1]` and
  // `in[i + 1]` are told apart by the analysis's positions, not both at the call's `u`). Other
  // arguments are returned as they are.
  clang::Expr* relocated(clang::Expr* argument, clang::SourceLocation at) {
    if (auto* cast = llvm::dyn_cast<clang::ImplicitCastExpr>(argument)) {
      clang::Expr* inner = relocated(cast->getSubExpr(), at);
      if (inner == cast->getSubExpr()) return argument;
      auto* copy = clang::ImplicitCastExpr::Create(ast_, cast->getType(), cast->getCastKind(), inner, nullptr,
                                                   cast->getValueKind(), clang::FPOptionsOverride());
      context_.from.synthesized.insert(copy);
      return copy;
    }
    auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(argument);
    auto* var = ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
    if (!var || ref->hasQualifier()) return argument;
    auto* copy = clang::DeclRefExpr::Create(ast_, clang::NestedNameSpecifierLoc(), clang::SourceLocation(), var, false,
                                            at, ref->getType(), ref->getValueKind());
    context_.from.synthesized.insert(copy);
    return copy;
  }

  // A use of a helper's local, now `var` of the function.
  clang::Expr* refTo(clang::VarDecl* var, const clang::DeclRefExpr* use) {
    auto* ref = clang::DeclRefExpr::Create(ast_, clang::NestedNameSpecifierLoc(), clang::SourceLocation(), var, false,
                                           use->getLocation(), use->getType(), use->getValueKind());
    context_.from.synthesized.insert(ref);
    return ref;
  }

  // `expr` of a body that is exactly `{ return expr; }`, or null.
  static const clang::Expr* singleReturn(const clang::FunctionDecl* helper) {
    auto* body = llvm::dyn_cast_or_null<clang::CompoundStmt>(helper->getBody());
    if (!body || body->size() != 1) return nullptr;
    auto* returned = llvm::dyn_cast<clang::ReturnStmt>(body->body_front());
    return returned ? returned->getRetValue() : nullptr;
  }

  // Whether `from`'s body calls `target`, directly or through other functions of the file.
  bool reaches(const clang::FunctionDecl* from, const clang::FunctionDecl* target) {
    std::vector<const clang::FunctionDecl*> work{from}, seen;
    while (!work.empty()) {
      const clang::FunctionDecl* next = work.back();
      work.pop_back();
      const clang::FunctionDecl* definition = next->getDefinition();
      if (!definition) continue;
      std::vector<const clang::FunctionDecl*> callees;
      calleesOf(definition->getBody(), callees);
      for (const clang::FunctionDecl* callee : callees) {
        if (callee == target) return true;
        if (std::find(seen.begin(), seen.end(), callee) == seen.end()) {
          seen.push_back(callee);
          work.push_back(callee);
        }
      }
    }
    return false;
  }

  AdjointContext& context_;
  clang::ASTContext& ast_;
  int copying_ = 0;                // inside a helper's body: its nodes are shared by every call, so they are copied
  clang::SourceLocation site_;     // the function's call being inlined
  clang::SourceLocation current_;  // the function's statement being rewritten
  std::map<const clang::Expr*, clang::VarDecl*> hoisted_;        // calls evaluated before their statement
  std::set<const clang::FunctionDecl*> visiting_;                // isStatementHelper's recursion guard
  std::map<const clang::ValueDecl*, clang::VarDecl*> locals_;    // a procedure's locals, declared afresh
  std::vector<const clang::OMPExecutableDirective*> enclosing_;  // the function's directives around the call
  std::vector<clang::Expr*> objects_;  // the objects the member functions being inlined are called on
  int orphanedLoops_ = 0;              // orphaned worksharing loops copied into the function's regions
};

}  // namespace

int inlineHelpers(AdjointContext& context) {
  Inliner inliner(context);
  clang::Stmt* body = inliner.statement(const_cast<clang::Stmt*>(context.function.getBody()));
  if (!context.failed()) const_cast<clang::FunctionDecl&>(context.function).setBody(body);
  return inliner.orphanedLoopsCopied();
}

}  // namespace adrace::ad
