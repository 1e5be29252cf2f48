#include "analyzer/frontend/EnclosingFacts.h"

#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/LoopHeader.h"
#include "analyzer/frontend/MemberPath.h"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtOpenMP.h>

#include <algorithm>
#include <functional>
#include <set>

namespace adrace::analyzer {
namespace {

using Relation = smt::Relation;

// The statements from `node` down to `target`, both included; empty when `target` is not below.
// OpenMP directives are entered through their captured statements, which Clang does not list
// among a CapturedStmt's children.
bool findPath(const clang::Stmt* node, const clang::Stmt* target, std::vector<const clang::Stmt*>& path) {
  if (!node) return false;
  path.push_back(node);
  if (node == target) return true;
  if (auto* captured = llvm::dyn_cast<clang::CapturedStmt>(node)) {
    if (findPath(captured->getCapturedStmt(), target, path)) return true;
  } else if (auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(node)) {
    if (directive->hasAssociatedStmt() && findPath(directive->getAssociatedStmt(), target, path)) return true;
  } else {
    for (const clang::Stmt* child : node->children())
      if (findPath(child, target, path)) return true;
  }
  path.pop_back();
  return false;
}

// Where the function changes a variable: assignments, increments, its address taken, and the
// clauses that write the original after a construct (lastprivate, reduction, linear, copyprivate).
std::vector<const clang::Stmt*> modificationsOf(const clang::Stmt& body, const clang::VarDecl* variable) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    const clang::VarDecl* variable = nullptr;
    std::vector<const clang::Stmt*> sites;
    bool names(const clang::Expr* e) const { return e && variableOf(e) == variable; }
    bool VisitBinaryOperator(clang::BinaryOperator* op) {
      if (op->isAssignmentOp() && names(op->getLHS())) sites.push_back(op);
      return true;
    }
    bool VisitUnaryOperator(clang::UnaryOperator* op) {
      if ((op->isIncrementDecrementOp() || op->getOpcode() == clang::UO_AddrOf) && names(op->getSubExpr()))
        sites.push_back(op);
      return true;
    }
    bool VisitOMPExecutableDirective(clang::OMPExecutableDirective* directive) {
      for (const clang::OMPClause* clause : directive->clauses()) {
        if (!llvm::isa<clang::OMPLastprivateClause>(clause) && !llvm::isa<clang::OMPReductionClause>(clause) &&
            !llvm::isa<clang::OMPLinearClause>(clause) && !llvm::isa<clang::OMPCopyprivateClause>(clause))
          continue;
        for (const clang::Stmt* child : const_cast<clang::OMPClause*>(clause)->children())
          if (auto* item = llvm::dyn_cast_or_null<clang::Expr>(child); item && names(item)) {
            sites.push_back(directive);
            break;
          }
      }
      return true;
    }
  } finder;
  finder.variable = variable;
  finder.TraverseStmt(const_cast<clang::Stmt*>(&body));
  return finder.sites;
}

bool contains(const clang::Stmt* outer, const clang::Stmt* inner) {
  if (!outer || !inner) return false;
  if (outer == inner) return true;
  std::vector<const clang::Stmt*> path;
  return findPath(outer, inner, path);
}

bool isLoop(const clang::Stmt* statement) {
  return llvm::isa<clang::ForStmt>(statement) || llvm::isa<clang::WhileStmt>(statement) ||
         llvm::isa<clang::DoStmt>(statement) || llvm::isa<clang::CXXForRangeStmt>(statement);
}

// Whether an lvalue is the variable (or struct field) whose value is sought.
using Target = std::function<bool(const clang::Expr*)>;

class Resolver {
 public:
  Resolver(const clang::FunctionDecl& function, std::vector<const clang::Stmt*> path, DataSharing& sharing,
           IndexTranslator& translator, clang::ASTContext& context)
      : body_(*function.getBody()),
        path_(std::move(path)),
        sharing_(sharing),
        sources_(context.getSourceManager()),
        translator_(translator) {}

  EnclosingValues run(const std::vector<smt::ExprRef>& roots, const std::set<std::string>& known) {
    known_ = known;
    for (const smt::ExprRef& root : roots) pending_.push_back(root);
    while (!pending_.empty()) {
      smt::ExprRef expr = pending_.back();
      pending_.pop_back();
      std::vector<std::string> names;
      smt::forEachSymbol(expr, [&](const smt::Expr& symbol) {
        if (symbol.op == smt::Expr::Op::Var && symbol.instance == 0 && symbol.scope == smt::Scope::Shared)
          names.push_back(symbol.name);
      });
      for (const std::string& name : names) resolve(name);
    }
    return std::move(result_);
  }

 private:
  void resolve(const std::string& name) {
    if (!done_.insert(name).second || known_.count(name)) return;
    const clang::VarDecl* variable = variableNamed(name);
    if (!variable) {
      resolveMember(name);  // or not a variable at all: the IR's own symbols
      return;
    }
    if (!variable->getType()->isIntegerType()) return;
    std::vector<const clang::Stmt*> sites = modificationsOf(body_, variable);
    if (sites.empty()) return;  // an input, or a local holding its initialisation (entry facts)
    symbol_ = smt::variable(name, 0, smt::Scope::Shared);
    Ruling ruling = enclosingCounter(variable, sites);
    if (ruling.kind == Ruling::None)
      ruling = lastAssignment([variable](const clang::Expr* e) { return variableOf(e) == variable; }, variable, sites);
    record(name, ruling, sites);
  }

  // A struct field the loop reads (`v->off`, `r.lo`): an input unless the function writes it;
  // written, it is pinned by its last assignment before the loop as a variable is, with no call in
  // between (a call may write it through the struct's address), and unpinned otherwise.
  void resolveMember(const std::string& name) {
    auto isTarget = [this, name](const clang::Expr* e) { return memberPathName(e) == name; };
    std::vector<const clang::Stmt*> sites = writesOf(body_, isTarget);
    if (sites.empty()) return;  // an input: the function never writes it
    symbol_ = smt::variable(name, 0, smt::Scope::Shared);
    record(name, lastAssignment(isTarget, nullptr, sites), sites);
  }

  // What a rule says of a variable: nothing (it does not apply), its value as facts (pinned), or
  // why its value is not modelled.
  struct Ruling {
    enum Kind { None, Pinned, Unpinned } kind = None;
    std::string reason;
    const clang::Stmt* at = nullptr;
  };
  static Ruling unpinned(std::string reason, const clang::Stmt* at) {
    return {Ruling::Unpinned, std::move(reason), at};
  }

  // Pinned, or unpinned with the reason (no rule applied: assigned in a way the model does not follow).
  void record(const std::string& name, Ruling ruling, const std::vector<const clang::Stmt*>& sites) {
    if (ruling.kind == Ruling::Pinned) return;
    if (ruling.kind == Ruling::None)
      ruling =
          unpinned("assigned at line " + std::to_string(lineOf(sites.front())) + " in a way the model does not follow",
                   sites.front());
    result_.unpinned.push_back({name, ruling.reason, positionOf(ruling.at->getBeginLoc(), sources_)});
  }

  // The name the IR gives a struct field `e` (`v->off`, `r.lo`), "" when `e` is none.
  std::string memberPathName(const clang::Expr* e) const {
    if (!e || !llvm::isa<clang::MemberExpr>(e->IgnoreParenImpCasts())) return "";
    std::string reason;
    std::optional<MemberPath> path = memberPathOf(e->IgnoreParenImpCasts(), &reason);
    if (!path || !path->rootSubscripts.empty()) return "";
    // The root as the loop's sharing table names it, when the loop uses it.
    for (const clang::VarDecl* known : sharing_.variables())
      if (known == path->root) return sharing_.of(known).name + path->path;
    return path->root->getNameAsString() + path->path;
  }

  // Where `body` writes an lvalue `isTarget` accepts: assignments, increments, its address taken.
  static std::vector<const clang::Stmt*> writesOf(const clang::Stmt& body, const Target& isTarget) {
    struct Finder : clang::RecursiveASTVisitor<Finder> {
      const Target* isTarget = nullptr;
      std::vector<const clang::Stmt*> sites;
      bool VisitBinaryOperator(clang::BinaryOperator* op) {
        if (op->isAssignmentOp() && (*isTarget)(op->getLHS())) sites.push_back(op);
        return true;
      }
      bool VisitUnaryOperator(clang::UnaryOperator* op) {
        if ((op->isIncrementDecrementOp() || op->getOpcode() == clang::UO_AddrOf) && (*isTarget)(op->getSubExpr()))
          sites.push_back(op);
        return true;
      }
    } finder;
    finder.isTarget = &isTarget;
    finder.TraverseStmt(const_cast<clang::Stmt*>(&body));
    return finder.sites;
  }

  static const clang::CallExpr* firstCallIn(const clang::Stmt* statement) {
    struct Finder : clang::RecursiveASTVisitor<Finder> {
      const clang::CallExpr* found = nullptr;
      bool VisitCallExpr(clang::CallExpr* call) {
        found = call;
        return false;
      }
    } finder;
    finder.TraverseStmt(const_cast<clang::Stmt*>(statement));
    return finder.found;
  }

  // The variable the IR calls `name`: the translator names the variables it meets as it goes.
  const clang::VarDecl* variableNamed(const std::string& name) const {
    for (const clang::VarDecl* variable : sharing_.variables())
      if (sharing_.of(variable).name == name) return variable;
    return nullptr;
  }

  // The counter of a `for` around the loop whose body leaves it alone.
  Ruling enclosingCounter(const clang::VarDecl* variable, const std::vector<const clang::Stmt*>& sites) {
    for (size_t k = 0; k + 1 < path_.size(); ++k) {
      auto* loop = llvm::dyn_cast<clang::ForStmt>(path_[k]);
      if (!loop || path_[k + 1] != loop->getBody()) continue;
      LoopHeader header;
      std::string reason;
      if (!readLoopInit(*loop, header) || header.counter != variable) continue;
      if (std::any_of(sites.begin(), sites.end(),
                      [&](const clang::Stmt* site) { return contains(loop->getBody(), site); }))
        return unpinned("the loop at line " + std::to_string(lineOf(loop)) + " around this one changes it in its body",
                        loop);
      std::string where = "loop at line " + std::to_string(lineOf(loop)) + " around this one";
      if (!readLoopHeader(*loop, header, reason))
        return unpinned("it counts the " + where + ", whose header is not modelled (" + reason + ")", loop);
      // The header's operands are evaluated at every iteration: they must not change in the body.
      for (const clang::Expr* operand : {header.first, header.bound, header.step})
        if (operand && changedIn(operand, loop->getBody()))
          return unpinned("it counts the " + where + ", whose bounds change in its body", loop);
      smt::ExprRef first = translate(header.first), bound = translate(header.bound);
      smt::ExprRef step = header.step ? translate(header.step) : smt::constant(header.unitStep);
      if (step && header.negateStep) step = smt::neg(step);
      if (!first || !bound || !step || step->op != smt::Expr::Op::Const || step->value == 0)
        return unpinned("it counts the " + where + ", whose bounds or step the model cannot say", loop);
      SourcePosition at = positionOf(loop->getBeginLoc(), sources_);
      std::string origin = "enclosing loop";
      bool upward = step->value > 0;
      add(symbol_, upward ? Relation::GreaterEqual : Relation::LessEqual, first, origin, at);
      std::optional<Relation> relation;
      switch (header.comparison) {
        case smt::Comparison::Less: relation = Relation::Less; break;
        case smt::Comparison::LessEqual: relation = Relation::LessEqual; break;
        case smt::Comparison::Greater: relation = Relation::Greater; break;
        case smt::Comparison::GreaterEqual: relation = Relation::GreaterEqual; break;
        case smt::Comparison::NotEqual: break;
      }
      if (relation) {
        add(symbol_, *relation, bound, origin, at);
      } else {
        // `i != n` with a unit step stops at n from its side.
        if (step->value != 1 && step->value != -1)
          return unpinned("it counts the " + where + ", whose condition `!=` with a step other than 1 is not modelled",
                          loop);
        add(symbol_, upward ? Relation::Less : Relation::Greater, bound, origin, at);
      }
      if (step->value != 1 && step->value != -1)
        add(smt::mod(smt::sub(symbol_, first), step), Relation::Equal, smt::constant(0), origin + " stride", at);
      return {Ruling::Pinned, "", nullptr};
    }
    return {};
  }

  // `v = e;` (or `T v = e;`) as a statement of a block around the loop, the last change of v before
  // the loop on the way there, with nothing `e` reads changed in between. `isTarget` tells v's
  // lvalues; `variable` is v when it is a variable, null for a struct field (whose root must not
  // change in between either, nor any call run there, which may write the field).
  Ruling lastAssignment(const Target& isTarget, const clang::VarDecl* variable,
                        const std::vector<const clang::Stmt*>& sites) {
    for (size_t k = path_.size() - 1; k-- > 0;) {
      const clang::Stmt* node = path_[k];
      if (isLoop(node)) {
        // Not assigned before the loop inside this loop's body: a change anywhere in the loop
        // reaches the next iteration's start.
        for (const clang::Stmt* site : sites)
          if (contains(node, site))
            return unpinned("assigned at line " + std::to_string(lineOf(site)) + ", in the loop at line " +
                                std::to_string(lineOf(node)) + " around this one",
                            site);
        continue;
      }
      auto* block = llvm::dyn_cast<clang::CompoundStmt>(node);
      if (!block) continue;
      std::vector<const clang::Stmt*> before;
      for (const clang::Stmt* child : block->body()) {
        if (child == path_[k + 1]) break;
        before.push_back(child);
      }
      if (std::any_of(sites.begin(), sites.end(),
                      [&](const clang::Stmt* site) { return contains(path_[k + 1], site); }))
        return unpinned("assigned at line " + std::to_string(lineOf(sites.front())) + " on the way to this loop",
                        sites.front());
      for (size_t b = before.size(); b-- > 0;) {
        const clang::Stmt* statement = before[b];
        const clang::Expr* value = definitionIn(statement, isTarget, variable);
        bool changes =
            std::any_of(sites.begin(), sites.end(), [&](const clang::Stmt* site) { return contains(statement, site); });
        if (!value && !changes) continue;
        if (!value)
          return unpinned(
              "assigned at line " + std::to_string(lineOf(statement)) + " inside a condition, a loop or a construct",
              statement);
        std::vector<const clang::Stmt*> between(before.begin() + b + 1, before.end());
        between.push_back(path_[k + 1]);
        // A field's statement reads its root as well (`v` of `v->off = n;`).
        std::vector<const clang::VarDecl*> reads = variablesIn(variable ? value : statement);
        if (!variable) {
          for (const clang::Stmt* later : between)
            if (const clang::CallExpr* call = firstCallIn(later); call && later != path_[k + 1])
              return unpinned("assigned at line " + std::to_string(lineOf(statement)) + ", and the call at line " +
                                  std::to_string(lineOf(call)) + " before this loop may change it",
                              call);
        }
        for (const clang::VarDecl* read : reads)
          for (const clang::Stmt* later : between)
            if (!modificationsOf(*later, read).empty())
              return unpinned("assigned at line " + std::to_string(lineOf(statement)) + " from '" +
                                  read->getNameAsString() + "', which changes before this loop",
                              statement);
        smt::ExprRef translated = translate(value);
        if (!translated)
          return unpinned("assigned at line " + std::to_string(lineOf(statement)) + " a value the model cannot say",
                          statement);
        add(symbol_, Relation::Equal, translated, "assignment before the loop",
            positionOf(statement->getBeginLoc(), sources_));
        return {Ruling::Pinned, "", nullptr};
      }
    }
    return {};
  }

  // The value `statement` gives v (the lvalues `isTarget` accepts) when it is `v = e;`, a
  // declaration `T v = e;` of `variable`, or a `single` (whose barrier shows every thread the
  // value) holding only `v = e;`.
  static const clang::Expr* definitionIn(const clang::Stmt* statement, const Target& isTarget,
                                         const clang::VarDecl* variable) {
    if (auto* single = llvm::dyn_cast<clang::OMPSingleDirective>(statement)) {
      if (single->hasClausesOfKind<clang::OMPNowaitClause>() || single->hasClausesOfKind<clang::OMPCopyprivateClause>())
        return nullptr;
      statement = single->getInnermostCapturedStmt()->getCapturedStmt();
      while (auto* block = llvm::dyn_cast<clang::CompoundStmt>(statement)) {
        if (block->size() != 1) return nullptr;
        statement = block->body_front();
      }
    }
    if (auto* expression = llvm::dyn_cast<clang::Expr>(statement)) statement = expression->IgnoreImplicit();
    if (auto* assignment = llvm::dyn_cast<clang::BinaryOperator>(statement))
      if (assignment->getOpcode() == clang::BO_Assign && isTarget(assignment->getLHS())) return assignment->getRHS();
    if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement); declaration && variable)
      for (const clang::Decl* declared : declaration->decls())
        if (declared == variable) return variable->getInit();
    return nullptr;
  }

  static std::vector<const clang::VarDecl*> variablesIn(const clang::Stmt* statement) {
    struct Finder : clang::RecursiveASTVisitor<Finder> {
      std::vector<const clang::VarDecl*> found;
      bool VisitDeclRefExpr(clang::DeclRefExpr* reference) {
        if (auto* variable = llvm::dyn_cast<clang::VarDecl>(reference->getDecl())) found.push_back(variable);
        return true;
      }
    } finder;
    finder.TraverseStmt(const_cast<clang::Stmt*>(statement));
    return finder.found;
  }

  bool changedIn(const clang::Expr* expression, const clang::Stmt* body) const {
    for (const clang::VarDecl* read : variablesIn(expression))
      if (!modificationsOf(*body, read).empty()) return true;
    return false;
  }

  smt::ExprRef translate(const clang::Expr* expression) {
    IndexTranslator::Result result = translator_.translate(expression);
    if (result.expr) pending_.push_back(result.expr);
    return result.expr;
  }

  void add(smt::ExprRef lhs, Relation relation, smt::ExprRef rhs, const std::string& origin, SourcePosition at) {
    result_.facts.push_back({0, std::move(lhs), relation, std::move(rhs), origin, at});
  }

  unsigned lineOf(const clang::Stmt* statement) const { return positionOf(statement->getBeginLoc(), sources_).line; }

  const clang::Stmt& body_;
  std::vector<const clang::Stmt*> path_;
  DataSharing& sharing_;
  const clang::SourceManager& sources_;
  IndexTranslator& translator_;
  std::vector<smt::ExprRef> pending_;
  std::set<std::string> done_, known_;
  smt::ExprRef symbol_;
  EnclosingValues result_;
};

}  // namespace

EnclosingValues enclosingValues(const clang::FunctionDecl& function, const clang::Stmt& statement,
                                const std::vector<smt::ExprRef>& symbols, const std::set<std::string>& known,
                                DataSharing& sharing, IndexTranslator& translator, clang::ASTContext& context) {
  if (!function.hasBody()) return {};
  std::vector<const clang::Stmt*> path;
  findPath(function.getBody(), &statement, path);
  if (path.empty()) return {};
  return Resolver(function, std::move(path), sharing, translator, context).run(symbols, known);
}

}  // namespace adrace::analyzer
