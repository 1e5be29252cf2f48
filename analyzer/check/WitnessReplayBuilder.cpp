#include "analyzer/check/WitnessReplayBuilder.h"

#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/LoopModelBuilder.h"

#include <clang/AST/OpenMPClause.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <algorithm>
#include <map>

namespace adrace::analyzer {
namespace {

// Local variables of a function that are assigned after their declaration, or whose address is
// taken: their initialiser is not their value everywhere.
class AssignedVariables : public clang::RecursiveASTVisitor<AssignedVariables> {
 public:
  std::set<const clang::VarDecl*> assigned;

  bool VisitBinaryOperator(clang::BinaryOperator* op) {
    if (op->isAssignmentOp()) mark(op->getLHS());
    return true;
  }
  bool VisitUnaryOperator(clang::UnaryOperator* op) {
    if (op->isIncrementDecrementOp() || op->getOpcode() == clang::UO_AddrOf) mark(op->getSubExpr());
    return true;
  }
  bool VisitCXXOperatorCallExpr(clang::CXXOperatorCallExpr* call) {
    if (call->getNumArgs() > 0) mark(call->getArg(0));
    return true;
  }
  bool VisitCallExpr(clang::CallExpr* call) {
    // A reference parameter (C++) can assign its argument.
    for (const clang::Expr* argument : call->arguments())
      if (argument->isLValue()) mark(argument);
    return true;
  }

 private:
  void mark(const clang::Expr* target) {
    if (auto* use = llvm::dyn_cast<clang::DeclRefExpr>(target->IgnoreParenImpCasts()))
      if (auto* variable = llvm::dyn_cast<clang::VarDecl>(use->getDecl())) assigned.insert(variable);
  }
};

class Translator {
 public:
  Translator(clang::ASTContext& context, const std::set<const clang::VarDecl*>& assigned)
      : context_(context), assigned_(assigned) {}

  // `expr` as an integer expression, or null when it is not one the replay evaluates.
  ReplayExprRef translate(const clang::Expr* expr, int depth = 0) const {
    if (!expr || depth > kMaximumDepth) return nullptr;
    if (!expr->getType()->isIntegralOrEnumerationType() && !expr->getType()->isBooleanType()) return nullptr;
    if (!expr->isValueDependent()) {
      clang::Expr::EvalResult constant;
      if (expr->EvaluateAsInt(constant, context_)) return constantOf(constant.Val.getInt().getExtValue());
    }
    expr = expr->IgnoreParens();
    if (auto* cast = llvm::dyn_cast<clang::CastExpr>(expr)) {
      const clang::Expr* operand = cast->getSubExpr();
      if (!operand->getType()->isIntegralOrEnumerationType() && !operand->getType()->isBooleanType()) return nullptr;
      return translate(operand, depth + 1);
    }
    if (auto* use = llvm::dyn_cast<clang::DeclRefExpr>(expr)) {
      if (auto* enumerator = llvm::dyn_cast<clang::EnumConstantDecl>(use->getDecl()))
        return constantOf(enumerator->getInitVal().getExtValue());
      auto* variable = llvm::dyn_cast<clang::VarDecl>(use->getDecl());
      if (!variable) return nullptr;
      // A local defined once (`int k = i * n + j;`) stands for its definition.
      if (variable->hasLocalStorage() && !llvm::isa<clang::ParmVarDecl>(variable) && variable->getInit() &&
          !assigned_.count(variable))
        return translate(variable->getInit(), depth + 1);
      auto made = std::make_shared<ReplayExpr>();
      made->op = ReplayExpr::Op::Variable;
      made->name = variable->getName().str();
      return made;
    }
    if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(expr)) {
      ReplayExprRef operand = translate(unary->getSubExpr(), depth + 1);
      if (!operand) return nullptr;
      switch (unary->getOpcode()) {
        case clang::UO_Plus: return operand;
        case clang::UO_Minus: return node(ReplayExpr::Op::Negate, {operand});
        case clang::UO_LNot: return node(ReplayExpr::Op::Not, {operand});
        default: return nullptr;
      }
    }
    if (auto* choice = llvm::dyn_cast<clang::ConditionalOperator>(expr)) {
      ReplayExprRef condition = translate(choice->getCond(), depth + 1);
      ReplayExprRef then = translate(choice->getTrueExpr(), depth + 1);
      ReplayExprRef otherwise = translate(choice->getFalseExpr(), depth + 1);
      if (!condition || !then || !otherwise) return nullptr;
      return node(ReplayExpr::Op::Choose, {condition, then, otherwise});
    }
    if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(expr)) {
      std::optional<ReplayExpr::Op> op = binaryOp(binary->getOpcode());
      if (!op) return nullptr;
      ReplayExprRef lhs = translate(binary->getLHS(), depth + 1), rhs = translate(binary->getRHS(), depth + 1);
      if (!lhs || !rhs) return nullptr;
      return node(*op, {lhs, rhs});
    }
    return nullptr;
  }

  // What a header's initialisation or increment assigns, in order; nothing when a part is not a
  // plain assignment of an integer variable.
  std::optional<std::vector<ReplayAssignment>> assignments(const clang::Stmt* statement) const {
    std::vector<ReplayAssignment> made;
    if (!statement) return made;
    if (auto* declarations = llvm::dyn_cast<clang::DeclStmt>(statement)) {
      for (const clang::Decl* declaration : declarations->decls()) {
        auto* variable = llvm::dyn_cast<clang::VarDecl>(declaration);
        if (!variable || !variable->getInit()) return std::nullopt;
        ReplayExprRef value = translateValueOf(variable->getInit());
        if (!value) return std::nullopt;
        made.push_back({variable->getName().str(), value});
      }
      return made;
    }
    auto* expr = llvm::dyn_cast<clang::Expr>(statement);
    if (!expr) return std::nullopt;
    expr = expr->IgnoreParenImpCasts();
    if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(expr)) {
      if (binary->getOpcode() == clang::BO_Comma) {
        auto first = assignments(binary->getLHS()), second = assignments(binary->getRHS());
        if (!first || !second) return std::nullopt;
        first->insert(first->end(), second->begin(), second->end());
        return first;
      }
      const clang::VarDecl* target = variableOf(binary->getLHS());
      if (!target) return std::nullopt;
      ReplayExprRef rhs = translateValueOf(binary->getRHS());
      if (!rhs) return std::nullopt;
      ReplayExprRef current = variableNode(target);
      switch (binary->getOpcode()) {
        case clang::BO_Assign: made.push_back({target->getName().str(), rhs}); break;
        case clang::BO_AddAssign:
          made.push_back({target->getName().str(), node(ReplayExpr::Op::Add, {current, rhs})});
          break;
        case clang::BO_SubAssign:
          made.push_back({target->getName().str(), node(ReplayExpr::Op::Sub, {current, rhs})});
          break;
        case clang::BO_MulAssign:
          made.push_back({target->getName().str(), node(ReplayExpr::Op::Mul, {current, rhs})});
          break;
        default: return std::nullopt;
      }
      return made;
    }
    if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(expr)) {
      const clang::VarDecl* target = variableOf(unary->getSubExpr());
      if (!target || !unary->isIncrementDecrementOp()) return std::nullopt;
      ReplayExprRef one = constantOf(1);
      made.push_back({target->getName().str(), node(unary->isIncrementOp() ? ReplayExpr::Op::Add : ReplayExpr::Op::Sub,
                                                    {variableNode(target), one})});
      return made;
    }
    return std::nullopt;
  }

  static const clang::VarDecl* variableOf(const clang::Expr* expr) {
    auto* use = llvm::dyn_cast<clang::DeclRefExpr>(expr->IgnoreParenImpCasts());
    auto* variable = use ? llvm::dyn_cast<clang::VarDecl>(use->getDecl()) : nullptr;
    if (!variable || !variable->getType()->isIntegralOrEnumerationType()) return nullptr;
    return variable;
  }

 private:
  static constexpr int kMaximumDepth = 64;

  // A header's values are translated without substituting the counters' own definitions.
  ReplayExprRef translateValueOf(const clang::Expr* expr) const { return translate(expr); }

  static ReplayExprRef constantOf(long long value) {
    auto made = std::make_shared<ReplayExpr>();
    made->value = value;
    return made;
  }
  static ReplayExprRef variableNode(const clang::VarDecl* variable) {
    auto made = std::make_shared<ReplayExpr>();
    made->op = ReplayExpr::Op::Variable;
    made->name = variable->getName().str();
    return made;
  }
  static ReplayExprRef node(ReplayExpr::Op op, std::vector<ReplayExprRef> operands) {
    auto made = std::make_shared<ReplayExpr>();
    made->op = op;
    made->operands = std::move(operands);
    return made;
  }
  static std::optional<ReplayExpr::Op> binaryOp(clang::BinaryOperatorKind kind) {
    using Op = ReplayExpr::Op;
    switch (kind) {
      case clang::BO_Add: return Op::Add;
      case clang::BO_Sub: return Op::Sub;
      case clang::BO_Mul: return Op::Mul;
      case clang::BO_Div: return Op::Div;
      case clang::BO_Rem: return Op::Mod;
      case clang::BO_LT: return Op::Less;
      case clang::BO_LE: return Op::LessEqual;
      case clang::BO_GT: return Op::Greater;
      case clang::BO_GE: return Op::GreaterEqual;
      case clang::BO_EQ: return Op::Equal;
      case clang::BO_NE: return Op::NotEqual;
      case clang::BO_LAnd: return Op::And;
      case clang::BO_LOr: return Op::Or;
      default: return std::nullopt;
    }
  }

  clang::ASTContext& context_;
  const std::set<const clang::VarDecl*>& assigned_;
};

class ReplayBuilder {
 public:
  ReplayBuilder(const clang::OMPLoopDirective& directive, const clang::FunctionDecl* function,
                clang::ASTContext& context)
      : directive_(directive), context_(context), translator_(context, assigned_) {
    if (function && function->getBody())
      assignments_.TraverseStmt(function->getBody());
    else
      assignments_.TraverseStmt(const_cast<clang::OMPLoopDirective*>(&directive));
  }

  LoopReplay build() {
    for (const clang::ForStmt* loop : associatedLoops(directive_)) replay_.parallelHeaders.push_back(headerOf(loop));
    collectPerIteration();
    struct Accesses : clang::RecursiveASTVisitor<Accesses> {
      ReplayBuilder* builder;
      bool VisitArraySubscriptExpr(clang::ArraySubscriptExpr* access) {
        builder->addSubscripted(access);
        return true;
      }
      bool VisitUnaryOperator(clang::UnaryOperator* op) {
        if (op->getOpcode() == clang::UO_Deref) builder->addDereference(op);
        return true;
      }
      bool VisitMemberExpr(clang::MemberExpr* member) {
        builder->addElementMember(member);
        return true;
      }
    } accesses;
    accesses.builder = this;
    accesses.TraverseStmt(const_cast<clang::Stmt*>(directive_.getInnermostCapturedStmt()->getCapturedStmt()));
    return std::move(replay_);
  }

 private:
  // Counters of the distributed loops, variables declared inside the directive, and those its
  // clauses make private: each iteration (thread) has its own.
  void collectPerIteration() {
    for (int header : replay_.parallelHeaders)
      for (const ReplayAssignment& assignment : replay_.headers[header].init)
        replay_.perIteration.insert(assignment.variable);
    struct Declared : clang::RecursiveASTVisitor<Declared> {
      std::set<std::string>* names;
      bool VisitVarDecl(clang::VarDecl* variable) {
        names->insert(variable->getName().str());
        return true;
      }
    } declared;
    declared.names = &replay_.perIteration;
    declared.TraverseStmt(const_cast<clang::Stmt*>(directive_.getInnermostCapturedStmt()->getCapturedStmt()));
    for (const clang::OMPClause* clause : directive_.clauses()) {
      auto addAll = [&](auto* list) {
        for (const clang::Expr* item : list->varlists())
          if (auto* use = llvm::dyn_cast<clang::DeclRefExpr>(item->IgnoreParenImpCasts()))
            replay_.perIteration.insert(use->getDecl()->getName().str());
      };
      if (auto* list = llvm::dyn_cast<clang::OMPPrivateClause>(clause)) addAll(list);
      if (auto* list = llvm::dyn_cast<clang::OMPFirstprivateClause>(clause)) addAll(list);
      if (auto* list = llvm::dyn_cast<clang::OMPLastprivateClause>(clause)) addAll(list);
      if (auto* list = llvm::dyn_cast<clang::OMPLinearClause>(clause)) addAll(list);
      if (auto* list = llvm::dyn_cast<clang::OMPReductionClause>(clause)) addAll(list);
    }
  }

  // The array under a chain of subscripts `a[i][j]`, with the subscripts, outermost first.
  static const clang::Expr* subscriptChain(const clang::Expr* access, std::vector<const clang::Expr*>& subscripts) {
    const clang::Expr* base = access;
    while (auto* subscripted = llvm::dyn_cast<clang::ArraySubscriptExpr>(base->IgnoreParenImpCasts())) {
      subscripts.insert(subscripts.begin(), subscripted->getIdx());
      base = subscripted->getBase();
    }
    return base;
  }

  // `a[i][j]`, outermost subscript first; inner subscript expressions of a chain are skipped (the
  // visitor reaches them too, and they are not accesses of their own).
  void addSubscripted(const clang::ArraySubscriptExpr* access) {
    if (isChainBase(access)) return;
    std::vector<const clang::Expr*> subscripts;
    const clang::Expr* base = subscriptChain(access, subscripts);
    addAccess(access, base, subscripts);
  }

  // `cells[i].mass`: a member of an array element, named as the model names it ("cells[].mass").
  void addElementMember(const clang::MemberExpr* member) {
    auto* element = llvm::dyn_cast<clang::ArraySubscriptExpr>(member->getBase()->IgnoreParenImpCasts());
    if (!element || member->isArrow()) return;
    std::vector<const clang::Expr*> subscripts;
    const clang::Expr* base = subscriptChain(element, subscripts);
    auto* use = llvm::dyn_cast<clang::DeclRefExpr>(base->IgnoreParenImpCasts());
    if (!use) return;
    // `fb[i].e` with `fb = &cells[first];`: the model names the array fb points into, at an offset
    // the replay does not follow (frontend/DerivedPointers).
    if (auto* pointer = llvm::dyn_cast<clang::VarDecl>(use->getDecl()); pointer && pointer->hasLocalStorage() &&
                                                                        !llvm::isa<clang::ParmVarDecl>(pointer) &&
                                                                        pointer->getType()->isPointerType())
      return;
    std::string array = use->getDecl()->getName().str() + "[]." + member->getMemberDecl()->getName().str();
    ReplayAccess made;
    made.span = spanOf(member->getSourceRange(), context_.getSourceManager());
    made.array = array;
    for (const clang::Expr* subscript : subscripts) {
      ReplayExprRef translated = translator_.translate(subscript);
      if (!translated) return;
      made.subscripts.push_back(translated);
    }
    made.headers = headersAround(member);
    record(std::move(made));
  }

  // `grid->u`, `s.a`: a member array reached from a variable, spelled as the model spells it.
  static std::optional<std::string> memberPath(const clang::Expr* expr) {
    expr = expr->IgnoreParenImpCasts();
    if (auto* use = llvm::dyn_cast<clang::DeclRefExpr>(expr)) return use->getDecl()->getName().str();
    auto* member = llvm::dyn_cast<clang::MemberExpr>(expr);
    if (!member) return std::nullopt;
    std::optional<std::string> base = memberPath(member->getBase());
    if (!base) return std::nullopt;
    return *base + (member->isArrow() ? "->" : ".") + member->getMemberDecl()->getName().str();
  }

  // `*(p + k)`, `*p`: one subscript.
  void addDereference(const clang::UnaryOperator* op) {
    const clang::Expr* pointer = op->getSubExpr()->IgnoreParenImpCasts();
    if (auto* sum = llvm::dyn_cast<clang::BinaryOperator>(pointer);
        sum && sum->getOpcode() == clang::BO_Add && sum->getLHS()->getType()->isPointerType())
      return addAccess(op, sum->getLHS(), {sum->getRHS()});
    if (llvm::isa<clang::DeclRefExpr>(pointer)) return addAccess(op, pointer, {nullptr});
  }

  bool isChainBase(const clang::Expr* access) const {
    for (const clang::DynTypedNode& parent : context_.getParents(*access)) {
      const auto* cast = parent.get<clang::ImplicitCastExpr>();
      const clang::Stmt* above = cast ? nullptr : parent.get<clang::Stmt>();
      if (cast)
        for (const clang::DynTypedNode& grand : context_.getParents(*cast)) above = grand.get<clang::Stmt>();
      if (auto* outer = llvm::dyn_cast_or_null<clang::ArraySubscriptExpr>(above))
        if (outer->getBase()->IgnoreParenImpCasts() == access) return true;
    }
    return false;
  }

  // An access of the array `base` names, at the given subscripts (null: zero). A pointer local
  // defined once as `a + e` or `&a[e]` is followed to `a` (one subscript only).
  void addAccess(const clang::Expr* access, const clang::Expr* base, std::vector<const clang::Expr*> subscripts) {
    auto* use = llvm::dyn_cast<clang::DeclRefExpr>(base->IgnoreParenImpCasts());
    auto* variable = use ? llvm::dyn_cast<clang::VarDecl>(use->getDecl()) : nullptr;
    std::optional<std::string> array =
        variable ? std::optional<std::string>(variable->getName().str()) : memberPath(base);
    if (!array) return;
    ReplayAccess made;
    made.span = spanOf(access->getSourceRange(), context_.getSourceManager());
    made.array = *array;
    std::optional<ReplayExprRef> offset;
    if (variable && variable->hasLocalStorage() && variable->getType()->isPointerType() && variable->getInit() &&
        !assigned_.count(variable)) {
      const clang::Expr* init = variable->getInit()->IgnoreParenImpCasts();
      const clang::Expr* target = nullptr;
      const clang::Expr* by = nullptr;
      if (auto* sum = llvm::dyn_cast<clang::BinaryOperator>(init); sum && sum->getOpcode() == clang::BO_Add) {
        target = sum->getLHS();
        by = sum->getRHS();
      } else if (auto* address = llvm::dyn_cast<clang::UnaryOperator>(init);
                 address && address->getOpcode() == clang::UO_AddrOf) {
        if (auto* element = llvm::dyn_cast<clang::ArraySubscriptExpr>(address->getSubExpr()->IgnoreParens())) {
          target = element->getBase();
          by = element->getIdx();
        }
      } else {
        target = init;
      }
      auto* targetUse = target ? llvm::dyn_cast<clang::DeclRefExpr>(target->IgnoreParenImpCasts()) : nullptr;
      if (!targetUse || subscripts.size() != 1) return;  // a view of an array the replay cannot place
      made.array = targetUse->getDecl()->getName().str();
      offset = by ? translator_.translate(by) : nullptr;
      if (by && !*offset) return;
    }
    for (const clang::Expr* subscript : subscripts) {
      ReplayExprRef translated;
      if (!subscript) {
        auto zero = std::make_shared<ReplayExpr>();
        translated = zero;
      } else {
        translated = translator_.translate(subscript);
      }
      if (!translated) return;
      made.subscripts.push_back(translated);
    }
    if (offset && *offset) {
      auto sum = std::make_shared<ReplayExpr>();
      sum->op = ReplayExpr::Op::Add;
      sum->operands = {*offset, made.subscripts[0]};
      made.subscripts[0] = sum;
    }
    made.headers = headersAround(access);
    record(std::move(made));
  }

  void record(ReplayAccess made) {
    // Two accesses of one macro expansion share a span: neither can be told apart, so neither is replayed.
    auto same = [&](const SourceSpan& span) {
      return span.begin.line == made.span.begin.line && span.begin.column == made.span.begin.column &&
             span.end.line == made.span.end.line && span.end.column == made.span.end.column;
    };
    if (std::any_of(ambiguous_.begin(), ambiguous_.end(), same)) return;
    auto twin = std::find_if(replay_.accesses.begin(), replay_.accesses.end(),
                             [&](const ReplayAccess& other) { return same(other.span); });
    if (twin != replay_.accesses.end()) {
      replay_.accesses.erase(twin);
      ambiguous_.push_back(made.span);
      return;
    }
    replay_.accesses.push_back(std::move(made));
  }

  // The `for` loops around `statement` in its function, outermost first.
  std::vector<int> headersAround(const clang::Stmt* statement) {
    std::vector<int> headers;
    clang::DynTypedNodeList parents = context_.getParents(*statement);
    for (int steps = 0; !parents.empty() && steps < 10000; ++steps) {
      const clang::DynTypedNode& parent = parents[0];
      if (parent.get<clang::FunctionDecl>()) break;
      if (auto* loop = parent.get<clang::ForStmt>()) headers.insert(headers.begin(), headerOf(loop));
      parents = context_.getParents(parent);
    }
    return headers;
  }

  int headerOf(const clang::ForStmt* loop) {
    auto known = headerIndex_.find(loop);
    if (known != headerIndex_.end()) return known->second;
    ReplayLoopHeader header;
    header.line = positionOf(loop->getBeginLoc(), context_.getSourceManager()).line;
    auto init = translator_.assignments(loop->getInit());
    auto step = translator_.assignments(loop->getInc());
    header.condition = loop->getCond() ? translator_.translate(loop->getCond()) : nullptr;
    header.complete = init && step && header.condition;
    if (header.complete) {
      header.init = *init;
      header.step = *step;
      // A counter the body assigns does not follow the header alone.
      AssignedVariables inBody;
      inBody.TraverseStmt(const_cast<clang::Stmt*>(loop->getBody()));
      for (const clang::VarDecl* variable : inBody.assigned)
        for (const auto* list : {&header.init, &header.step})
          for (const ReplayAssignment& assignment : *list)
            if (assignment.variable == variable->getName()) header.complete = false;
    }
    replay_.headers.push_back(std::move(header));
    headerIndex_[loop] = static_cast<int>(replay_.headers.size()) - 1;
    return headerIndex_[loop];
  }

  const clang::OMPLoopDirective& directive_;
  clang::ASTContext& context_;
  AssignedVariables assignments_;
  const std::set<const clang::VarDecl*>& assigned_ = assignments_.assigned;
  Translator translator_;
  LoopReplay replay_;
  std::map<const clang::ForStmt*, int> headerIndex_;
  std::vector<SourceSpan> ambiguous_;
};

}  // namespace

LoopReplay buildLoopReplay(const clang::OMPLoopDirective& directive, const clang::FunctionDecl* function,
                           clang::ASTContext& context) {
  return ReplayBuilder(directive, function, context).build();
}

}  // namespace adrace::analyzer
