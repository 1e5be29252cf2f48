// Forward and backward sweeps of sequential code: declarations, assignments, if/else, for loops.
#include "ad/Sweeps.h"

#include "analyzer/LoopModelBuilder.h"

#include <clang/Lex/Lexer.h>

namespace adrace::ad {

std::string pushText(const clang::QualType& type, const std::string& lvalue) {
  const clang::BuiltinType* builtin = type.getCanonicalType()->getAs<clang::BuiltinType>();
  if (builtin) switch (builtin->getKind()) {
      case clang::BuiltinType::Double: return "adrace_push_double(" + lvalue + ");";
      case clang::BuiltinType::Float: return "adrace_push_float(" + lvalue + ");";
      case clang::BuiltinType::Int: return "adrace_push_int(" + lvalue + ");";
      case clang::BuiltinType::Long: return "adrace_push_long(" + lvalue + ");";
      default: break;
    }
  return "adrace_push_bytes(&" + lvalue + ", sizeof " + lvalue + ");";
}

std::string popText(const clang::QualType& type, const std::string& lvalue) {
  const clang::BuiltinType* builtin = type.getCanonicalType()->getAs<clang::BuiltinType>();
  if (builtin) switch (builtin->getKind()) {
      case clang::BuiltinType::Double: return lvalue + " = adrace_pop_double();";
      case clang::BuiltinType::Float: return lvalue + " = adrace_pop_float();";
      case clang::BuiltinType::Int: return lvalue + " = adrace_pop_int();";
      case clang::BuiltinType::Long: return lvalue + " = adrace_pop_long();";
      default: break;
    }
  return "adrace_pop_bytes(&" + lvalue + ", sizeof " + lvalue + ");";
}


std::string declareAndPop(const clang::VarDecl* var) {
  std::string name = var->getNameAsString();
  std::string pop = popText(var->getType(), name);
  if (pop.rfind(name + " = ", 0) == 0) return declarationText(var, name) + pop.substr(name.size());
  return declarationText(var, name) + "; " + pop;
}

const clang::VarDecl* Sweeps::killed(const clang::Stmt* statement, const clang::Expr** lhs) const {
  auto* expr = llvm::dyn_cast<clang::Expr>(statement);
  if (!expr) return nullptr;
  expr = expr->IgnoreParens();
  if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(expr); binary && binary->isAssignmentOp()) {
    *lhs = binary->getLHS();
    return baseVariable(binary->getLHS());
  }
  if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(expr); unary && unary->isIncrementDecrementOp()) {
    *lhs = unary->getSubExpr();
    return baseVariable(unary->getSubExpr());
  }
  return nullptr;
}

bool Sweeps::pushesOnKill(const clang::VarDecl* variable) const { return context_.neededBackward.count(variable) > 0; }

std::vector<const clang::VarDecl*> Sweeps::scopeLocals(const clang::CompoundStmt* compound) const {
  std::vector<const clang::VarDecl*> locals;
  for (const clang::Stmt* child : compound->body())
    if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(child))
      for (const clang::Decl* decl : declaration->decls()) locals.push_back(llvm::cast<clang::VarDecl>(decl));
  return locals;
}

bool Sweeps::forwardEmits(const clang::Stmt* statement) const {
  if (!statement) return false;
  const clang::Expr* lhs = nullptr;
  if (const clang::VarDecl* target = killed(statement, &lhs)) return context_.neededForward.count(target) > 0;
  if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement)) {
    for (const clang::Decl* decl : declaration->decls())
      if (context_.neededForward.count(llvm::cast<clang::VarDecl>(decl))) return true;
    return false;
  }
  if (auto* branch = llvm::dyn_cast<clang::IfStmt>(statement))
    return forwardEmits(branch->getThen()) || forwardEmits(branch->getElse()) || (ifNeedsFlag(branch) && backwardEmits(branch));
  if (auto* loop = llvm::dyn_cast<clang::ForStmt>(statement)) return forwardEmits(context_.loopBody(loop));
  if (auto* directive = llvm::dyn_cast<clang::OMPLoopDirective>(statement))
    return forwardEmits(analyzer::associatedLoops(*directive).front());
  if (auto* parallel = llvm::dyn_cast<clang::OMPParallelDirective>(statement)) {
    for (const clang::OMPLoopDirective* directive : parallelLoops(parallel))
      if (forwardEmits(directive)) return true;
    return false;
  }
  for (const clang::Stmt* child : statement->children())
    if (forwardEmits(child)) return true;
  return false;
}

bool Sweeps::backwardEmits(const clang::Stmt* statement) const {
  if (!statement) return false;
  const clang::Expr* lhs = nullptr;
  if (const clang::VarDecl* target = killed(statement, &lhs))
    return isActiveLeaf(context_, lhs) || (context_.neededForward.count(target) && pushesOnKill(target));
  if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement)) {
    for (const clang::Decl* decl : declaration->decls()) {
      auto* var = llvm::cast<clang::VarDecl>(decl);
      if (pushesOnKill(var) || (var->getInit() && hasActiveLeaf(context_, var->getInit()) && context_.variable(var)->active))
        return true;
    }
    return false;
  }
  if (auto* directive = llvm::dyn_cast<clang::OMPLoopDirective>(statement))
    return backwardEmits(analyzer::associatedLoops(*directive).front());
  if (auto* parallel = llvm::dyn_cast<clang::OMPParallelDirective>(statement)) {
    for (const clang::OMPLoopDirective* directive : parallelLoops(parallel))
      if (backwardEmits(directive)) return true;
    return false;
  }
  if (auto* loop = llvm::dyn_cast<clang::ForStmt>(statement)) return backwardEmits(context_.loopBody(loop));
  if (auto* branch = llvm::dyn_cast<clang::IfStmt>(statement)) {
    if (backwardEmits(branch->getThen()) || backwardEmits(branch->getElse())) return true;
    return false;
  }
  for (const clang::Stmt* child : statement->children())
    if (backwardEmits(child)) return true;
  return false;
}

// ---- forward sweep ----

void Sweeps::forward(const clang::Stmt* statement, CodeWriter& out) {
  if (!statement || !forwardEmits(statement)) return;
  if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(statement)) {
    bool scope = compound != context_.function.getBody();
    if (scope) out.open("");
    forwardCompound(compound, out, scope);
    if (scope) out.close();
    return;
  }
  if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement)) {
    for (const clang::Decl* decl : declaration->decls()) {
      auto* var = llvm::cast<clang::VarDecl>(decl);
      if (!context_.neededForward.count(var) || context_.regionPrivate.count(var)) continue;
      std::string zero = var->getType()->isArrayType() ? "{0}" : "0";
      out.line(declarationText(var, var->getNameAsString()) + " = " + (var->getInit() ? context_.text(var->getInit()) : zero) + ";");
    }
    return;
  }
  const clang::Expr* lhs = nullptr;
  if (const clang::VarDecl* target = killed(statement, &lhs)) {
    if (pushesOnKill(target)) out.line(pushText(lhs->getType(), context_.text(lhs)));
    out.line(context_.text(llvm::cast<clang::Expr>(statement)) + ";");
    return;
  }
  if (auto* branch = llvm::dyn_cast<clang::IfStmt>(statement)) {
    bool flag = ifNeedsFlag(branch) && backwardEmits(branch);
    out.open("if (" + context_.text(branch->getCond()) + ")");
    if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(branch->getThen())) forwardCompound(compound, out, true);
    else forward(branch->getThen(), out);
    if (flag) out.line("adrace_push_int(1);");
    if (flag || forwardEmits(branch->getElse())) {
      out.reopen("else");
      if (auto* compound = llvm::dyn_cast_or_null<clang::CompoundStmt>(branch->getElse())) forwardCompound(compound, out, true);
      else forward(branch->getElse(), out);
      if (flag) out.line("adrace_push_int(0);");
    }
    out.close();
    return;
  }
  if (auto* loop = llvm::dyn_cast<clang::ForStmt>(statement)) return forwardFor(loop, out);
  if (auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(statement)) return forwardParallel(directive, out);
}

void Sweeps::forwardCompound(const clang::CompoundStmt* compound, CodeWriter& out, bool scope) {
  for (const clang::Stmt* child : compound->body()) forward(child, out);
  if (!scope) return;
  for (const clang::VarDecl* local : scopeLocals(compound))
    if (pushesOnKill(local)) out.line(pushText(local->getType(), local->getNameAsString()));
}

void Sweeps::forwardFor(const clang::ForStmt* loop, CodeWriter& out) {
  const clang::SourceManager& sources = context_.ast.getSourceManager();
  std::string head = clang::Lexer::getSourceText(
                         clang::CharSourceRange::getTokenRange(loop->getBeginLoc(), loop->getRParenLoc()), sources,
                         context_.ast.getLangOpts())
                         .str();
  out.open(head);
  if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(context_.loopBody(loop))) forwardCompound(compound, out, true);
  else forward(context_.loopBody(loop), out);
  out.close();
}

// ---- backward sweep ----

void Sweeps::emitIncrements(const std::vector<Increment>& increments, CodeWriter& out) {
  for (const Increment& increment : increments) {
    for (const std::string& guard : guardFor(increment)) out.line(guard);
    out.line(incrementText(context_, increment));
  }
}

void Sweeps::backward(const clang::Stmt* statement, CodeWriter& out) {
  if (!statement || !backwardEmits(statement)) return;
  if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(statement)) {
    bool scope = compound != context_.function.getBody();
    if (scope) out.open("");
    backwardCompound(compound, out, scope);
    if (scope) out.close();
    return;
  }
  if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement)) {
    std::vector<const clang::Decl*> decls(declaration->decl_begin(), declaration->decl_end());
    for (auto it = decls.rbegin(); it != decls.rend(); ++it) {
      auto* var = llvm::cast<clang::VarDecl>(*it);
      if (var->getInit() && context_.variable(var)->active) emitIncrements(initializerAdjoint(context_, var).increments, out);
    }
    return;
  }
  const clang::Expr* lhs = nullptr;
  if (const clang::VarDecl* target = killed(statement, &lhs)) {
    if (context_.neededForward.count(target) && pushesOnKill(target)) out.line(popText(lhs->getType(), context_.text(lhs)));
    if (!isActiveLeaf(context_, lhs)) return;
    StatementAdjointCode code = assignmentAdjoint(context_, llvm::cast<clang::BinaryOperator>(llvm::cast<clang::Expr>(statement)->IgnoreParens()));
    if (code.block) out.open("");
    for (const std::string& line : code.prologue) out.line(line);
    emitIncrements(code.increments, out);
    for (const std::string& line : code.epilogue) out.line(line);
    if (code.block) out.close();
    return;
  }
  if (auto* branch = llvm::dyn_cast<clang::IfStmt>(statement)) {
    bool flag = ifNeedsFlag(branch);
    out.open("if (" + (flag ? std::string("adrace_pop_int()") : context_.text(branch->getCond())) + ")");
    if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(branch->getThen())) backwardCompound(compound, out, true);
    else backward(branch->getThen(), out);
    if (backwardEmits(branch->getElse())) {
      out.reopen("else");
      if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(branch->getElse())) backwardCompound(compound, out, true);
      else backward(branch->getElse(), out);
    }
    out.close();
    return;
  }
  if (auto* loop = llvm::dyn_cast<clang::ForStmt>(statement)) return backwardFor(loop, out);
  if (auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(statement)) return backwardParallel(directive, out);
}

void Sweeps::backwardCompound(const clang::CompoundStmt* compound, CodeWriter& out, bool scope) {
  if (scope) {
    std::vector<const clang::VarDecl*> locals = scopeLocals(compound);
    for (auto it = locals.rbegin(); it != locals.rend(); ++it)
      if (pushesOnKill(*it)) {
        out.line(declareAndPop(*it));
      }
    for (const clang::VarDecl* local : locals)
      if (context_.variable(local)->active && backwardEmits(compound)) out.line(adjointDeclaration(local, local->getNameAsString()));
  }
  std::vector<const clang::Stmt*> children(compound->body_begin(), compound->body_end());
  for (auto it = children.rbegin(); it != children.rend(); ++it) backward(*it, out);
}

void Sweeps::backwardFor(const clang::ForStmt* loop, CodeWriter& out) {
  std::optional<ForHeader> header = parseForHeader(context_, loop);
  if (!header) return;
  std::string i = header->counter->getNameAsString();
  std::string bound = header->boundExpr2 ? header->bound : context_.operand(header->boundExpr);
  std::string first = context_.operand(header->firstExpr);
  bool block = false;
  if (header->step == "1" && (header->op == "<" || header->op == "<=")) {
    out.open("for (" + header->counterType + " " + i + " = " + (header->op == "<" ? bound + " - 1" : header->bound) + "; " + i +
             " >= " + header->first + "; " + i + "--)");
  } else if (header->step == "-1" && (header->op == ">" || header->op == ">=")) {
    out.open("for (" + header->counterType + " " + i + " = " + (header->op == ">" ? bound + " + 1" : header->bound) + "; " + i +
             " <= " + header->first + "; " + i + "++)");
  } else {
    block = true;
    out.open("");
    out.line("long adrace_trip = " + header->tripCount() + ";");
    out.open("for (long adrace_k = adrace_trip - 1; adrace_k >= 0; adrace_k--)");
    out.line(header->counterType + " " + i + " = " + header->counterAt("adrace_k") + ";");
  }
  if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(context_.loopBody(loop))) backwardCompound(compound, out, true);
  else backward(context_.loopBody(loop), out);
  out.close();
  if (block) out.close();
}

}  // namespace adrace::ad
