#include "analyzer/frontend/IndexTranslator.h"

#include "analyzer/frontend/CalleeAccesses.h"
#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/MemberCalls.h"

namespace adrace::analyzer {

IndexTranslator::IndexTranslator(clang::ASTContext& context, DataSharing& sharing, InstanceNumbering* instances,
                                 std::set<const clang::VarDecl*> writtenArrays)
    : context_(context), sharing_(sharing), instances_(instances), writtenArrays_(std::move(writtenArrays)) {}

IndexTranslator::Access IndexTranslator::splitAccess(const clang::Expr* expression, const clang::Expr* object) {
  Access access;
  const clang::Expr* current = expression->IgnoreParens();
  std::vector<const clang::Expr*> reversed;
  while (auto* subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(current)) {
    reversed.push_back(subscript->getIdx());
    current = subscript->getBase()->IgnoreParenImpCasts();
  }
  if (reversed.empty() && llvm::isa<clang::MemberExpr>(current)) {
    // A field alone: d->count, p[i].x.
    access.reason = "scalar inside a struct (member access) is not modelled";
    std::string why;
    access.member = memberPathOf(current, &why, object);
    if (access.member) access.subscripts = access.member->rootSubscripts;
    return access;
  }
  if (reversed.empty()) {
    // *p or *(p + e)
    auto* dereference = llvm::dyn_cast<clang::UnaryOperator>(current);
    if (!dereference || dereference->getOpcode() != clang::UO_Deref) {
      access.reason = "not an array access";
      return access;
    }
    current = dereference->getSubExpr()->IgnoreParenImpCasts();
    reversed.push_back(nullptr);  // index 0 unless an offset follows
  }
  // (p + e)[i] and *(p + e): the offset joins the last subscript.
  while (auto* sum = llvm::dyn_cast<clang::BinaryOperator>(current)) {
    if (sum->getOpcode() != clang::BO_Add) break;
    const clang::Expr* lhs = sum->getLHS()->IgnoreParenImpCasts();
    const clang::Expr* rhs = sum->getRHS()->IgnoreParenImpCasts();
    if (lhs->getType()->isPointerType() || lhs->getType()->isArrayType()) {
      access.offsets.push_back(rhs);
      current = lhs;
    } else {
      access.offsets.push_back(lhs);
      current = rhs;
    }
  }
  if (auto* reference = llvm::dyn_cast<clang::DeclRefExpr>(current)) {
    access.variable = llvm::dyn_cast<clang::VarDecl>(reference->getDecl());
    if (!access.variable) access.reason = "base is not a variable";
  } else if (llvm::isa<clang::MemberExpr>(current)) {
    access.reason = "array inside a struct (member access) is not modelled";
    std::string why;
    access.member = memberPathOf(current, &why, object);
    if (access.member) {
      access.subscripts = access.member->rootSubscripts;
      access.subscripts.insert(access.subscripts.end(), reversed.rbegin(), reversed.rend());
      return access;
    }
    access.reason += " (" + why + ")";
  } else if (llvm::isa<clang::CallExpr>(current)) {
    access.reason = "array returned by a function call";
  } else {
    access.reason = "pointer expression that is not a plain variable";
  }
  access.subscripts.assign(reversed.rbegin(), reversed.rend());
  return access;
}

bool IndexTranslator::translateSubscripts(const Access& access, std::vector<smt::ExprRef>& indices,
                                          std::string& reason) {
  std::vector<smt::ExprRef> tuple;
  for (size_t position = 0; position < access.subscripts.size(); ++position) {
    Result index = translateSubscript(access, position);
    if (!index.expr) {
      reason = index.reason;
      return false;
    }
    tuple.push_back(index.expr);
  }
  indices = std::move(tuple);
  return true;
}

IndexTranslator::Result IndexTranslator::translateSubscript(const Access& access, size_t position) {
  smt::ExprRef result = smt::constant(0);
  if (const clang::Expr* subscript = access.subscripts[position]) {
    Result translated = translate(subscript);
    if (!translated.expr) return translated;
    result = translated.expr;
  }
  if (position + 1 == access.subscripts.size())
    for (const clang::Expr* offset : access.offsets) {
      Result translated = translate(offset);
      if (!translated.expr) return translated;
      result = smt::add(translated.expr, result);
    }
  return {result, {}};
}

std::optional<IndexTranslator::Extremum> IndexTranslator::translateExtremum(const clang::Expr* expression) {
  auto* conditional = llvm::dyn_cast<clang::ConditionalOperator>(expression->IgnoreParenImpCasts());
  if (!conditional) return std::nullopt;
  auto* comparison = llvm::dyn_cast<clang::BinaryOperator>(conditional->getCond()->IgnoreParenImpCasts());
  if (!comparison || !comparison->isRelationalOp()) return std::nullopt;
  Result left = translate(comparison->getLHS()), right = translate(comparison->getRHS());
  Result whenTrue = translate(conditional->getTrueExpr()), whenFalse = translate(conditional->getFalseExpr());
  if (!left.expr || !right.expr || !whenTrue.expr || !whenFalse.expr) return std::nullopt;
  auto same = [](const smt::ExprRef& a, const smt::ExprRef& b) { return smt::toString(a) == smt::toString(b); };
  bool leftIsSmallerWhenTrue = comparison->getOpcode() == clang::BO_LT || comparison->getOpcode() == clang::BO_LE;
  if (same(whenTrue.expr, left.expr) && same(whenFalse.expr, right.expr))
    return Extremum{leftIsSmallerWhenTrue, left.expr, right.expr};
  if (same(whenTrue.expr, right.expr) && same(whenFalse.expr, left.expr))
    return Extremum{!leftIsSmallerWhenTrue, left.expr, right.expr};
  return std::nullopt;
}

IndexTranslator::Result IndexTranslator::translateWithChoices(const clang::Expr* expression) {
  Result plain = translate(expression);
  auto* choice = llvm::dyn_cast<clang::ConditionalOperator>(expression->IgnoreParenImpCasts());
  if (plain.expr || !choice) return plain;
  auto* comparison = llvm::dyn_cast<clang::BinaryOperator>(choice->getCond()->IgnoreParenImpCasts());
  if (!comparison || !comparison->isComparisonOp() || !comparison->getLHS()->getType()->isIntegerType() ||
      !comparison->getRHS()->getType()->isIntegerType())
    return plain;
  Result a = translate(comparison->getLHS()), b = translate(comparison->getRHS());
  Result x = translateWithChoices(choice->getTrueExpr()), y = translateWithChoices(choice->getFalseExpr());
  for (const Result* part : {&a, &b, &x, &y})
    if (!part->expr) return *part;
  // Every comparison as a < b: a <= b is !(b < a), a == b is neither a < b nor b < a.
  switch (comparison->getOpcode()) {
    case clang::BO_LT: return {smt::ifLess(a.expr, b.expr, x.expr, y.expr), {}};
    case clang::BO_GT: return {smt::ifLess(b.expr, a.expr, x.expr, y.expr), {}};
    case clang::BO_LE: return {smt::ifLess(b.expr, a.expr, y.expr, x.expr), {}};
    case clang::BO_GE: return {smt::ifLess(a.expr, b.expr, y.expr, x.expr), {}};
    case clang::BO_EQ: return {smt::ifLess(a.expr, b.expr, y.expr, smt::ifLess(b.expr, a.expr, y.expr, x.expr)), {}};
    case clang::BO_NE: return {smt::ifLess(a.expr, b.expr, x.expr, smt::ifLess(b.expr, a.expr, x.expr, y.expr)), {}};
    default: return plain;
  }
}

void IndexTranslator::nameThreadQueries(smt::ExprRef threadNumber, smt::ExprRef teamSize) {
  threadNumber_ = std::move(threadNumber);
  teamSize_ = std::move(teamSize);
}

void IndexTranslator::nameTeamQueries(smt::ExprRef teamNumber, smt::ExprRef leagueSize) {
  teamNumber_ = std::move(teamNumber);
  leagueSize_ = std::move(leagueSize);
}

std::optional<smt::Relation> relationOf(clang::BinaryOperatorKind kind, bool holds) {
  using smt::Relation;
  switch (kind) {
    case clang::BO_EQ: return holds ? Relation::Equal : Relation::NotEqual;
    case clang::BO_NE: return holds ? Relation::NotEqual : Relation::Equal;
    case clang::BO_LT: return holds ? Relation::Less : Relation::GreaterEqual;
    case clang::BO_LE: return holds ? Relation::LessEqual : Relation::Greater;
    case clang::BO_GT: return holds ? Relation::Greater : Relation::LessEqual;
    case clang::BO_GE: return holds ? Relation::GreaterEqual : Relation::Less;
    default: return std::nullopt;
  }
}

// The expression an integer function of the file returns when its body is only `return e;`; null
// for any other callee, and for one already being translated (recursion) or nested too deep.
// A member function (`int idx(int i, int j) const { return j * nx + i; }`) is one too, its `this`
// the object it is called on (translateMember).
const clang::Expr* IndexTranslator::returnedExpression(const clang::CallExpr& call) const {
  constexpr size_t kDeepestHelper = 8;
  const clang::FunctionDecl* definition = nullptr;
  const clang::FunctionDecl* callee = call.getDirectCallee();
  std::string whyNot;
  if (const clang::CXXMethodDecl* method = memberFunctionRun(call, &whyNot))
    definition = method;
  else if (!whyNot.empty())
    return nullptr;
  if (!callee || (!definition && !callee->hasBody(definition)) || !definition->getReturnType()->isIntegerType() ||
      calls_.size() >= kDeepestHelper)
    return nullptr;
  for (const clang::CallExpr* entered : calls_)
    if (entered->getDirectCallee() && entered->getDirectCallee()->getCanonicalDecl() == callee->getCanonicalDecl())
      return nullptr;
  auto* body = llvm::dyn_cast<clang::CompoundStmt>(definition->getBody());
  if (!body || body->size() != 1) return nullptr;
  auto* statement = llvm::dyn_cast<clang::ReturnStmt>(body->body_front());
  return statement ? statement->getRetValue() : nullptr;
}

void IndexTranslator::enterCall(const clang::CallExpr& call) { calls_.push_back(&call); }

void IndexTranslator::leaveCall() { calls_.pop_back(); }

IndexTranslator::Result IndexTranslator::translateVariable(const clang::DeclRefExpr* reference) {
  const clang::ValueDecl* declaration = reference->getDecl();
  if (auto* enumerator = llvm::dyn_cast<clang::EnumConstantDecl>(declaration))
    return {smt::constant(enumerator->getInitVal().getExtValue()), {}};
  auto* variable = llvm::dyn_cast<clang::VarDecl>(declaration);
  if (!variable) return fail("'" + declaration->getName().str() + "' is not a variable");
  if (!variable->getType()->isIntegerType()) return fail("'" + variable->getName().str() + "' is not an integer");
  // A const integer with a constant initialiser is its value (C has no constexpr).
  if (variable->getType().isConstQualified())
    if (const clang::Expr* init = variable->getAnyInitializer()) {
      clang::Expr::EvalResult value;
      if (!init->isValueDependent() && init->EvaluateAsInt(value, context_))
        return {smt::constant(value.Val.getInt().getExtValue()), {}};
    }
  if (!calls_.empty()) {
    if (auto counter = calleeCounters_.find(variable); counter != calleeCounters_.end()) return {counter->second, {}};
    // Inside a called function: a parameter it never reassigns is the call's argument.
    const clang::CallExpr* call = calls_.back();
    const clang::FunctionDecl* callee = call->getDirectCallee();
    auto* parameter = llvm::dyn_cast<clang::ParmVarDecl>(variable);
    const clang::FunctionDecl* definition = nullptr;
    if (!parameter || !callee || !callee->hasBody(definition) || parameter->getDeclContext() != definition ||
        parameter->getFunctionScopeIndex() >= call->getNumArgs())
      return fail("'" + variable->getName().str() + "' of called function '" + calleeName(call) +
                  "' is not one of its parameters");
    if (modifiedIn(*definition->getBody(), parameter))
      return fail("parameter '" + variable->getName().str() + "' of '" + calleeName(call) + "' is reassigned");
    calls_.pop_back();
    Result argument = translate(call->getArg(parameter->getFunctionScopeIndex()));
    calls_.push_back(call);
    return argument;
  }
  if (instances_ && instances_->addressTaken(variable))
    return fail("the address of '" + variable->getName().str() +
                "' is taken: writes through the pointer are not tracked");
  int instance = instances_ ? instances_->instanceOf(reference) : 0;
  if (instance < 0) return fail("use of '" + variable->getName().str() + "' outside the CFG");
  const DataSharing::Entry& entry = sharing_.of(variable);
  return {smt::variable(entry.name, instance, sharing_.scopeOf(variable, instance)), {}};
}

// An integer field read in an index (`g->nx`, `grid.nx`, `grids[k].nx`): shared memory every
// iteration reads alike, named as the loop model names its path (a field of an array of structs
// as a read of that array). A field the loop writes is itself a shared scalar written by every
// iteration, which the race check reports.
IndexTranslator::Result IndexTranslator::translateMember(const clang::MemberExpr& member) {
  if (calls_.empty()) return translateMemberPath(member, nullptr);
  // `nx` in a member function called on `out` (`out.idx(i, j)`): `out.nx`, said where `out` is written.
  BoundObject object = objectOfThis(calls_);
  if (!object.expression || object.level > 0)
    return fail("struct member in an index inside called function '" + calleeName(calls_.back()) + "'");
  std::vector<const clang::CallExpr*> entered = std::move(calls_);
  calls_.clear();
  Result result = translateMemberPath(member, object.expression);
  calls_ = std::move(entered);
  return result;
}

IndexTranslator::Result IndexTranslator::translateMemberPath(const clang::MemberExpr& member,
                                                             const clang::Expr* object) {
  std::string reason;
  std::optional<MemberPath> path = memberPathOf(&member, &reason, object);
  if (!path) return fail("struct member in an index (" + reason + ")");
  if (!member.getType()->isIntegerType() || writtenArrays_.count(path->root))
    return fail("struct member '" + sourceText(&member, context_) + "' in an index");
  const DataSharing::Entry& root = sharing_.of(path->root);
  if (!path->throughPointer && isPerThread(root.sharing) && !root.sameValueAtEntry)
    return fail("member of private '" + path->root->getName().str() + "' in an index");
  std::string name = root.name + path->path;
  if (path->rootSubscripts.empty()) return {smt::variable(name, 0, smt::Scope::Shared), {}};
  std::vector<smt::ExprRef> subscripts;
  for (const clang::Expr* subscript : path->rootSubscripts) {
    Result translated = translate(subscript);
    if (!translated.expr) return translated;
    subscripts.push_back(translated.expr);
  }
  return {smt::arrayRead(name, std::move(subscripts), 0, smt::Scope::Shared), {}};
}

IndexTranslator::Result IndexTranslator::translate(const clang::Expr* expression) {
  const clang::Expr* e = expression->IgnoreParens();
  if (auto* cast = llvm::dyn_cast<clang::CastExpr>(e)) {
    if (!cast->getSubExpr()->getType()->isIntegerType() && cast->getCastKind() != clang::CK_LValueToRValue)
      return fail("conversion from a non-integer value");
    return translate(cast->getSubExpr());
  }
  if (e->getType()->isIntegerType() && !e->isValueDependent()) {
    clang::Expr::EvalResult value;
    if (e->EvaluateAsInt(value, context_)) return {smt::constant(value.Val.getInt().getExtValue()), {}};
  }
  if (auto* reference = llvm::dyn_cast<clang::DeclRefExpr>(e)) return translateVariable(reference);
  if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(e)) {
    switch (unary->getOpcode()) {
      case clang::UO_Minus: {
        Result operand = translate(unary->getSubExpr());
        return operand.expr ? Result{smt::neg(operand.expr), {}} : operand;
      }
      case clang::UO_Plus: return translate(unary->getSubExpr());
      case clang::UO_Deref: break;  // *(c + i): an integer array read, below
      default:
        return fail("operator '" + clang::UnaryOperator::getOpcodeStr(unary->getOpcode()).str() + "' in an index");
    }
  }
  if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(e)) {
    Result lhs = translate(binary->getLHS());
    if (!lhs.expr) return lhs;
    Result rhs = translate(binary->getRHS());
    if (!rhs.expr) return rhs;
    switch (binary->getOpcode()) {
      case clang::BO_Add: return {smt::add(lhs.expr, rhs.expr), {}};
      case clang::BO_Sub: return {smt::sub(lhs.expr, rhs.expr), {}};
      case clang::BO_Mul: return {smt::mul(lhs.expr, rhs.expr), {}};
      case clang::BO_Div: return {smt::div(lhs.expr, rhs.expr), {}};
      case clang::BO_Rem: return {smt::mod(lhs.expr, rhs.expr), {}};
      case clang::BO_Shl:
        if (rhs.expr->op == smt::Expr::Op::Const && rhs.expr->value >= 0 && rhs.expr->value < 62)
          return {smt::mul(lhs.expr, smt::constant(std::int64_t{1} << rhs.expr->value)), {}};
        return fail("shift by a non-constant amount");
      default: return fail("operator '" + binary->getOpcodeStr().str() + "' in an index");
    }
  }
  if (llvm::isa<clang::ArraySubscriptExpr>(e) || llvm::isa<clang::UnaryOperator>(e)) {
    if (!calls_.empty())
      return fail("array read in an index inside called function '" + calleeName(calls_.back()) + "'");
    Access access = splitAccess(e);
    if (!access.variable) return fail(access.reason);
    if (writtenArrays_.count(access.variable))
      return fail("integer array '" + access.variable->getName().str() + "' is written in the loop");
    std::vector<smt::ExprRef> subscripts;
    for (size_t i = 0; i < access.subscripts.size(); ++i) {
      Result subscript = translateSubscript(access, i);
      if (!subscript.expr) return subscript;
      subscripts.push_back(subscript.expr);
    }
    const DataSharing::Entry& entry = sharing_.of(access.variable);
    return {smt::arrayRead(entry.name, std::move(subscripts), 0, sharing_.scopeOf(access.variable)), {}};
  }
  if (auto* call = llvm::dyn_cast<clang::CallExpr>(e)) {
    std::string callee = calleeName(call);
    if (threadNumber_ && callee == "omp_get_thread_num") return {threadNumber_, {}};
    if (teamSize_ && callee == "omp_get_num_threads") return {teamSize_, {}};
    if (teamNumber_ && callee == "omp_get_team_num") return {teamNumber_, {}};
    if (leagueSize_ && callee == "omp_get_num_teams") return {leagueSize_, {}};
    if (const clang::Expr* value = returnedExpression(*call)) {
      // An index helper, `static inline int cell_of(int i) { return 2 * i + 1; }`: its expression with
      // the parameters standing for the arguments.
      enterCall(*call);
      Result result = translate(value);
      leaveCall();
      return result;
    }
    return fail("call to '" + callee + "' in an index");
  }
  if (auto* member = llvm::dyn_cast<clang::MemberExpr>(e)) return translateMember(*member);
  if (llvm::isa<clang::ConditionalOperator>(e)) return fail("conditional expression in an index");
  return fail("unsupported expression '" + sourceText(e, context_) + "' in an index");
}

}  // namespace adrace::analyzer
