#include "ad/HelperInlining.h"

#include "ad/MathLibrary.h"
#include "ad/PassiveCalls.h"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>

#include <map>
#include <vector>

namespace adrace::ad {
namespace {

// A call the sweeps handle themselves (math library, OpenMP queries, prints): not a helper.
bool isLibraryCall(const clang::CallExpr* call) {
  std::string name = calleeName(call);
  return isMathFunction(name) || isPassiveStatementCall(name);
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

  // Replaces the helper calls in every expression slot under `statement`.
  void statement(clang::Stmt* statement) {
    if (!statement || context_.failed()) return;
    if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement)) {
      for (clang::Decl* decl : declaration->decls())
        if (auto* var = llvm::dyn_cast<clang::VarDecl>(decl); var && var->getInit())
          var->setInit(expression(var->getInit(), {}));
      return;
    }
    if (auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(statement)) {
      if (directive->hasAssociatedStmt()) this->statement(directive->getInnermostCapturedStmt()->getCapturedStmt());
      return;
    }
    for (clang::Stmt*& child : statement->children()) {
      if (clang::CallExpr* call = procedureCall(child)) child = inlineProcedure(call, {});
      else if (auto* expr = llvm::dyn_cast_or_null<clang::Expr>(child)) child = expression(expr, {});
      else this->statement(child);
    }
  }

 private:
  using Bindings = std::map<const clang::ParmVarDecl*, clang::Expr*>;

  // `expr` with its helper calls inlined and, inside a helper's body, its parameters replaced.
  clang::Expr* expression(clang::Expr* expr, const Bindings& bindings) {
    if (!expr || context_.failed()) return expr;
    if (auto* cast = llvm::dyn_cast<clang::ImplicitCastExpr>(expr); cast && cast->getCastKind() == clang::CK_LValueToRValue)
      if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(cast->getSubExpr()->IgnoreParens()))
        if (auto* parameter = llvm::dyn_cast<clang::ParmVarDecl>(ref->getDecl()); parameter && bindings.count(parameter))
          return bindings.at(parameter);  // a use of the parameter's value: the call's argument
    if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(expr))
      if (auto found = locals_.find(ref->getDecl()); found != locals_.end()) return refTo(found->second, ref);
    if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(expr); unary && unary->getOpcode() == clang::UO_Deref) {
      if (clang::Expr* pointee = boundAddressOf(unary->getSubExpr(), bindings)) return pointee;  // *p, p = &x: x
      // `*acc(d, k)` of an accessor returning `&E` (`return &d->m_vnew[k];`): the lvalue E itself.
      if (auto* call = llvm::dyn_cast<clang::CallExpr>(unary->getSubExpr()->IgnoreParenImpCasts()); call && !isLibraryCall(call)) {
        clang::Expr* inlined = inlineCall(call, bindings);
        if (auto* address = llvm::dyn_cast<clang::UnaryOperator>(inlined->IgnoreParens());
            address && address->getOpcode() == clang::UO_AddrOf)
          return address->getSubExpr();
        if (context_.failed()) return expr;
        // Any other pointer the helper returns is dereferenced as written.
        auto* copy = clang::UnaryOperator::Create(ast_, inlined, clang::UO_Deref, unary->getType(), unary->getValueKind(),
                                                  unary->getObjectKind(), unary->getOperatorLoc(), false, clang::FPOptionsOverride());
        context_.from.synthesized.insert(copy);
        return copy;
      }
    }
    if (auto* member = llvm::dyn_cast<clang::MemberExpr>(expr); member && copying_ > 0) return copyMember(member, bindings);
    if (auto* subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(expr); subscript && copying_ > 0)
      if (clang::Expr* element = offsetElement(subscript, bindings)) return element;
    if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(expr))
      if (auto* parameter = llvm::dyn_cast<clang::ParmVarDecl>(ref->getDecl()); parameter && bindings.count(parameter)) {
        context_.unsupported(ref->getBeginLoc(), "parameter '" + parameter->getNameAsString() + "' of helper '" +
                                                     llvm::cast<clang::FunctionDecl>(parameter->getDeclContext())->getNameAsString() +
                                                     "' used other than by its value");
        return expr;
      }
    if (auto* call = llvm::dyn_cast<clang::CallExpr>(expr); call && !isLibraryCall(call)) return inlineCall(call, bindings);
    if (copying_ == 0) {  // the function's own expression: replace in place
      for (clang::Stmt*& child : expr->children())
        if (auto* sub = llvm::dyn_cast_or_null<clang::Expr>(child)) child = expression(sub, bindings);
      return expr;
    }
    return copyWithChildren(expr, bindings);
  }

  // A helper body's node with its children substituted: a new node when a child changed (the helper's
  // own nodes are shared by all its calls), the node itself otherwise.
  clang::Expr* copyWithChildren(clang::Expr* expr, const Bindings& bindings) {
    std::vector<clang::Expr*> before, after;
    for (clang::Stmt* child : expr->children()) {
      auto* sub = llvm::dyn_cast_or_null<clang::Expr>(child);
      before.push_back(sub);
      after.push_back(expression(sub, bindings));
    }
    if (before == after || context_.failed()) return expr;
    clang::Expr* copy = nullptr;
    const clang::FPOptionsOverride fp;
    if (auto* paren = llvm::dyn_cast<clang::ParenExpr>(expr)) {
      copy = new (ast_) clang::ParenExpr(paren->getLParen(), paren->getRParen(), after[0]);
    } else if (auto* cast = llvm::dyn_cast<clang::ImplicitCastExpr>(expr)) {
      copy = clang::ImplicitCastExpr::Create(ast_, cast->getType(), cast->getCastKind(), after[0], nullptr, cast->getValueKind(), fp);
    } else if (auto* cast = llvm::dyn_cast<clang::CStyleCastExpr>(expr)) {
      copy = clang::CStyleCastExpr::Create(ast_, cast->getType(), cast->getValueKind(), cast->getCastKind(), after[0], nullptr, fp,
                                           cast->getTypeInfoAsWritten(), cast->getLParenLoc(), cast->getRParenLoc());
    } else if (auto* compound = llvm::dyn_cast<clang::CompoundAssignOperator>(expr)) {  // a procedure's `*f += e`
      copy = clang::CompoundAssignOperator::Create(ast_, after[0], after[1], compound->getOpcode(), compound->getType(),
                                                   compound->getValueKind(), compound->getObjectKind(),
                                                   compound->getOperatorLoc(), fp, compound->getComputationLHSType(),
                                                   compound->getComputationResultType());
    } else if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(expr)) {
      copy = clang::BinaryOperator::Create(ast_, after[0], after[1], binary->getOpcode(), binary->getType(), binary->getValueKind(),
                                           binary->getObjectKind(), binary->getOperatorLoc(), fp);
    } else if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(expr)) {  // `++lnode` of a helper's loop too
      copy = clang::UnaryOperator::Create(ast_, after[0], unary->getOpcode(), unary->getType(), unary->getValueKind(),
                                          unary->getObjectKind(), unary->getOperatorLoc(), unary->canOverflow(), fp);
    } else if (auto* choice = llvm::dyn_cast<clang::ConditionalOperator>(expr)) {
      copy = new (ast_) clang::ConditionalOperator(after[0], choice->getQuestionLoc(), after[1], choice->getColonLoc(), after[2],
                                                   choice->getType(), choice->getValueKind(), choice->getObjectKind());
    } else if (auto* subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(expr)) {
      copy = new (ast_) clang::ArraySubscriptExpr(after[0], after[1], subscript->getType(), subscript->getValueKind(),
                                                  subscript->getObjectKind(), subscript->getRBracketLoc());
    } else if (auto* call = llvm::dyn_cast<clang::CallExpr>(expr)) {  // a math call (helpers are inlined)
      std::vector<clang::Expr*> arguments(after.begin() + 1, after.end());
      copy = clang::CallExpr::Create(ast_, after[0], arguments, call->getType(), call->getValueKind(), call->getRParenLoc(), fp);
    } else {
      context_.unsupported(expr->getBeginLoc(), std::string("expression of kind ") + expr->getStmtClassName() +
                                                    " over a parameter in a helper's body");
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
    const clang::FunctionDecl* definition = callee ? callee->getDefinition() : nullptr;
    const clang::SourceManager& sources = ast_.getSourceManager();
    if (!definition || !sources.isInMainFile(sources.getExpansionLoc(definition->getLocation()))) {
      context_.unsupported(call->getBeginLoc(), "call to '" + name +
                                                    "', which is not defined in this file (differentiated calls: the math "
                                                    "library and helpers defined in the same file)");
      return nullptr;
    }
    if (reaches(definition, definition->getCanonicalDecl()) || definition->getCanonicalDecl() == context_.function.getCanonicalDecl()) {
      context_.unsupported(call->getBeginLoc(), "call to '" + name + "', which is recursive (directly or through other helpers)");
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
  bool bind(const clang::CallExpr* call, const clang::FunctionDecl* definition, const Bindings& outer, Bindings& bindings) {
    for (unsigned k = 0; k < definition->getNumParams() && k < call->getNumArgs(); ++k) {
      clang::Expr* argument = expression(const_cast<clang::Expr*>(call->getArg(k)), outer);
      if (const clang::CallExpr* query = passiveQueryIn(argument)) {
        context_.unsupported(query->getBeginLoc(), "the value of " + calleeName(query) + "() passed to helper '" +
                                                       definition->getNameAsString() + "' (inlined, so evaluated again at each use)");
        return false;
      }
      bindings[definition->getParamDecl(k)] = argument;
    }
    return !context_.failed();
  }

  clang::Expr* inlineCall(clang::CallExpr* call, const Bindings& outer) {
    const clang::FunctionDecl* definition = helperDefinition(call);
    if (!definition) return call;
    const clang::Expr* returned = singleReturn(definition);
    if (!returned || definition->getReturnType()->isVoidType()) {
      context_.unsupported(call->getBeginLoc(), "call to helper '" + definition->getNameAsString() +
                                                    "' in an expression: only helpers whose body is one `return expr;` "
                                                    "give a value (a void helper is inlined where it is a statement)");
      return call;
    }
    Bindings bindings;
    if (!bind(call, definition, outer, bindings)) return call;
    ++copying_;
    clang::Expr* body = expression(const_cast<clang::Expr*>(returned), bindings);
    --copying_;
    // The result converted to the helper's return type, as the call's value is.
    if (!context_.failed() && body->getType().getCanonicalType() != call->getType().getCanonicalType()) {
      body = clang::ImplicitCastExpr::Create(ast_, call->getType(),
                                             call->getType()->isIntegerType() ? clang::CK_FloatingToIntegral
                                                                              : clang::CK_FloatingCast,
                                             body, nullptr, clang::VK_PRValue, clang::FPOptionsOverride());
    }
    auto* paren = new (ast_) clang::ParenExpr(call->getBeginLoc(), call->getEndLoc(), body);
    context_.from.synthesized.insert(paren);
    return paren;
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
  clang::Stmt* inlineProcedure(clang::CallExpr* call, const Bindings& outer) {
    const clang::FunctionDecl* definition = helperDefinition(call);
    if (!definition) return call;
    auto* body = llvm::dyn_cast_or_null<clang::CompoundStmt>(definition->getBody());
    Bindings bindings;
    if (!body || !bind(call, definition, outer, bindings)) return call;
    std::vector<clang::Stmt*> items;
    // A value parameter is a copy of its argument, as in C: the body may assign it, or write what the
    // argument reads (`halve(y[i], &y[i])`), so it is declared and initialised first.
    for (const clang::ParmVarDecl* parameter : definition->parameters()) {
      if (parameter->getType()->isPointerType() || !bindings.count(parameter)) continue;
      clang::VarDecl* copy = freshLocal(parameter, call->getBeginLoc());
      copy->setInit(bindings.at(parameter));
      bindings.erase(parameter);
      locals_[parameter] = copy;
      items.push_back(new (ast_) clang::DeclStmt(clang::DeclGroupRef(copy), call->getBeginLoc(), call->getBeginLoc()));
    }
    ++copying_;
    for (clang::Stmt* item : body->body()) {
      bool last = item == body->body_back();
      if (clang::Stmt* copy = procedureStatement(item, bindings, *definition, call, last)) items.push_back(copy);
      if (context_.failed()) break;
    }
    --copying_;
    if (context_.failed()) return call;
    return clang::CompoundStmt::Create(ast_, items, call->getBeginLoc(), call->getEndLoc());
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
      clang::SourceLocation at = call->getBeginLoc();  // inside the caller's loop body, for the analysis
      std::vector<clang::Decl*> copies;
      for (clang::Decl* decl : declaration->decls()) {
        auto* var = llvm::dyn_cast<clang::VarDecl>(decl);
        if (!var || var->isStaticLocal() || var->getType()->isArrayType()) return refuse("a declaration other than of scalars");
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
      return clang::IfStmt::Create(ast_, branch->getIfLoc(), clang::IfStatementKind::Ordinary, nullptr, nullptr, condition,
                                   branch->getLParenLoc(), branch->getRParenLoc(), then, branch->getElseLoc(), otherwise);
    }
    if (llvm::isa<clang::CompoundStmt>(item)) return procedureBlock(item, bindings, helper, call);
    if (auto* loop = llvm::dyn_cast<clang::ForStmt>(item)) {
      // Inlined as the loop it is: header and body copied like any other statement, so the sweeps see
      // the loop (and differentiate or refuse it) as if it were written in the caller.
      if (loop->getConditionVariable()) return refuse("a declaration in a for condition");
      clang::Stmt* init = loop->getInit() ? procedureStatement(loop->getInit(), bindings, helper, call, false) : nullptr;
      clang::Expr* condition = loop->getCond() ? expression(loop->getCond(), bindings) : nullptr;
      clang::Expr* increment = loop->getInc() ? expression(loop->getInc(), bindings) : nullptr;
      clang::Stmt* body = procedureBlock(loop->getBody(), bindings, helper, call);
      if (context_.failed()) return nullptr;
      clang::SourceLocation at = call->getBeginLoc();  // inside the caller's loop body, for the analysis
      return new (ast_) clang::ForStmt(ast_, init, condition, nullptr, increment, body, at, at, at);
    }
    return refuse(std::string("statement of kind ") + item->getStmtClassName());
  }

  clang::Stmt* procedureBlock(clang::Stmt* block, const Bindings& bindings, const clang::FunctionDecl& helper,
                              const clang::CallExpr* call) {
    std::vector<clang::Stmt*> items;
    auto* compound = llvm::dyn_cast<clang::CompoundStmt>(block);
    for (clang::Stmt* item : compound ? std::vector<clang::Stmt*>(compound->body_begin(), compound->body_end())
                                      : std::vector<clang::Stmt*>{block})
      if (clang::Stmt* copy = procedureStatement(item, bindings, helper, call, false)) items.push_back(copy);
    return clang::CompoundStmt::Create(ast_, items, block->getBeginLoc(), block->getEndLoc());
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
    if (auto* address = llvm::dyn_cast<clang::UnaryOperator>(bound); address && address->getOpcode() == clang::UO_AddrOf)
      if (auto* element = llvm::dyn_cast<clang::ArraySubscriptExpr>(address->getSubExpr()->IgnoreParens())) {
        array = element->getBase();
        offset = element->getIdx();
      }
    if (auto* sum = llvm::dyn_cast<clang::BinaryOperator>(bound); sum && sum->getOpcode() == clang::BO_Add &&
                                                                  sum->getLHS()->getType()->isPointerType()) {
      array = sum->getLHS();
      offset = sum->getRHS();
    }
    if (!array) return nullptr;
    clang::Expr* index = expression(subscript->getIdx(), bindings);
    clang::Expr::EvalResult constant;
    if (!index->EvaluateAsInt(constant, ast_) || constant.Val.getInt() != 0) {
      clang::QualType type = ast_.getIntegerTypeOrder(offset->getType(), index->getType()) >= 0 ? offset->getType() : index->getType();
      offset = clang::BinaryOperator::Create(ast_, offset, index, clang::BO_Add, type, clang::VK_PRValue, clang::OK_Ordinary,
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
    if (!object) object = expression(member->getBase(), bindings);
    if (object == member->getBase() || context_.failed()) return member;
    auto* copy = clang::MemberExpr::Create(ast_, object, arrow, member->getOperatorLoc(), member->getQualifierLoc(),
                                           member->getTemplateKeywordLoc(), member->getMemberDecl(), member->getFoundDecl(),
                                           member->getMemberNameInfo(), nullptr, member->getType(), member->getValueKind(),
                                           member->getObjectKind(), member->isNonOdrUse());
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
  int copying_ = 0;  // inside a helper's body: its nodes are shared by every call, so they are copied
  std::map<const clang::ValueDecl*, clang::VarDecl*> locals_;  // a procedure's locals, declared afresh
};

}  // namespace

void inlineHelpers(AdjointContext& context) {
  Inliner inliner(context);
  inliner.statement(const_cast<clang::Stmt*>(context.function.getBody()));
}

}  // namespace adrace::ad
