#include "analyzer/frontend/RegionValues.h"

#include "analyzer/frontend/ClangSource.h"

#include <clang/AST/RecursiveASTVisitor.h>

#include <algorithm>

namespace adrace::analyzer::region {

using Relation = smt::KnowledgeBase::Relation;

// Private integers of the region with one definition at its top level have that value from then
// on; counters of a sequential `for` have its range inside its body; the rest are unknown.
void RegionValues::describePrivateValues() {
  std::set<const clang::VarDecl*> seen;
  for (const auto& [variable, statements] : state_.definitions.definitions) seen.insert(variable);
  // A firstprivate integer never assigned keeps the shared value on every thread.
  for (const auto* clause : state_.request.site.directive->getClausesOfKind<clang::OMPFirstprivateClause>())
    for (const clang::Expr* item : clause->varlists())
      if (auto* reference = llvm::dyn_cast<clang::DeclRefExpr>(item->IgnoreParenImpCasts()))
        if (auto* variable = llvm::dyn_cast<clang::VarDecl>(reference->getDecl())) seen.insert(variable);
  // In the order they are first defined: a definition may use the values defined before it.
  auto firstDefinedAt = [&](const clang::VarDecl* variable) {
    auto found = state_.definitions.definitions.find(variable);
    return found == state_.definitions.definitions.end() ? variable->getLocation()
                                                         : found->second.front()->getBeginLoc();
  };
  std::vector<const clang::VarDecl*> ordered(seen.begin(), seen.end());
  // Declarators of one declaration (`int lo = t * chunk, hi = lo + chunk;`) in their order.
  std::sort(ordered.begin(), ordered.end(), [&](const clang::VarDecl* a, const clang::VarDecl* b) {
    clang::SourceLocation first = firstDefinedAt(a), second = firstDefinedAt(b);
    if (first == second) return state_.sources.isBeforeInTranslationUnit(a->getLocation(), b->getLocation());
    return state_.sources.isBeforeInTranslationUnit(first, second);
  });

  for (const clang::VarDecl* variable : ordered) {
    if (!variable->getType()->isIntegerType()) continue;
    const DataSharing::Entry& entry = state_.sharing->of(variable);
    auto found = state_.definitions.definitions.find(variable);
    size_t count = found == state_.definitions.definitions.end() ? 0 : found->second.size();
    if (!isPerThread(entry.sharing)) {
      if (count) state_.writtenShared.insert(entry.name);
      continue;
    }
    PrivateValue value;
    if (state_.definitions.addressTaken.count(variable)) {
      state_.privateValues[entry.name] = value;
      continue;
    }
    if (count == 0 && entry.sharing == Sharing::FirstPrivate) {
      // Its copy on each thread equals the one shared original: private `x` is shared `x`.
      smt::ExprRef own = smt::variable(entry.name, 0, smt::Scope::Private);
      state_.model.facts.push_back({own, Relation::Equal, smt::variable(entry.name, 0, smt::Scope::Shared)});
      value.kind = PrivateValue::Kind::Defined;
    } else if (count == 1) {
      const clang::Stmt* definition = found->second.front();
      size_t index = state_.topLevelIndexOf(definition);
      const clang::Expr* valueExpr = nullptr;
      if (index < state_.topLevel.size() && state_.topLevel[index] == definition) {
        if (llvm::isa<clang::DeclStmt>(definition)) valueExpr = variable->getInit();
        if (auto* assignment = llvm::dyn_cast<clang::BinaryOperator>(definition);
            assignment && assignment->getOpcode() == clang::BO_Assign)
          valueExpr = assignment->getRHS();
      }
      if (valueExpr) {
        IndexTranslator::Result translated = state_.translator->translateWithChoices(valueExpr);
        bool initializer = llvm::isa<clang::DeclStmt>(definition);
        Scope scope{state_.sharing.get(), state_.translator.get(), false, index, state_.body};
        if (initializer) scope.declaring = variable;
        if (translated.expr && knownAt(translated.expr, scope, {})) {
          state_.model.facts.push_back(
              {smt::variable(entry.name, 0, smt::Scope::Private), Relation::Equal, translated.expr});
          value.kind = PrivateValue::Kind::Defined;
          value.definedAt = index;
          if (initializer) value.declarator = variable;
        }
      }
    } else if (count == 2) {
      value.loop = counterLoop(found->second, state_.parents);
      if (value.loop) value.kind = PrivateValue::Kind::SequentialCounter;
    }
    state_.privateValues[entry.name] = value;
    if (value.kind == PrivateValue::Kind::Unknown && visibleToLoops(variable))
      state_.model.unknownValues.push_back(entry.name);
  }
}

// Whether a worksharing loop at the region's top level can see the variable: declared there or
// before the region (not inside a nested block, whose names the loops never see).
bool RegionValues::visibleToLoops(const clang::VarDecl* variable) const {
  for (const clang::Stmt* statement : state_.topLevel)
    if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement))
      for (const clang::Decl* decl : declaration->decls())
        if (decl == variable) return true;
  clang::SourceRange region = wholeRangeOf(state_.body);
  return !(state_.sources.isBeforeInTranslationUnit(region.getBegin(), variable->getLocation()) &&
           state_.sources.isBeforeInTranslationUnit(variable->getLocation(), region.getEnd()));
}

bool RegionValues::knownAt(const smt::ExprRef& expr, const Scope& scope,
                           const std::set<const clang::ForStmt*>& path) const {
  bool known = true;
  smt::forEachSymbol(expr, [&](const smt::Expr& symbol) {
    if (symbol.op != smt::Expr::Op::Var || symbol.name == kThreadNumber || symbol.name == kTeamSize ||
        symbol.name == kTeamNumber || symbol.name == kLeagueSize)
      return;
    if (symbol.name.rfind("trip of ", 0) == 0) return;
    if (symbol.scope == smt::Scope::Counter) return;  // a worksharing loop's counter: its domain says it
    if (symbol.scope == smt::Scope::Shared) {
      known &= !state_.writtenShared.count(symbol.name);
      return;
    }
    auto found = state_.privateValues.find(symbol.name);
    if (found == state_.privateValues.end()) {
      known = false;  // private to a loop body: its instances are the loop model's business
      return;
    }
    const PrivateValue& value = found->second;
    if (value.kind == PrivateValue::Kind::Defined)
      known &=
          value.inCallee || scope.scalarsOnly || value.definedAt < scope.topLevel ||
          (value.definedAt == scope.topLevel && value.declarator && scope.declaring &&
           state_.sources.isBeforeInTranslationUnit(value.declarator->getLocation(), scope.declaring->getLocation()));
    else if (value.kind == PrivateValue::Kind::SequentialCounter)
      known &= path.count(value.loop) > 0;
    else
      known = false;
  });
  return known;
}

// The symbols of the integers an inlined callee names: its locals get symbols of their own (each
// thread's, prefixed per call), with the value of a single definition at the callee's top level as
// a fact, or the range of a `for` counter; file-scope and static ones are the caller's shared
// symbols. Returns the variables bound in the translator.
std::vector<const clang::VarDecl*> RegionValues::bindCalleeVariables(const InlinedCall& inlined, size_t index) {
  const auto* body = llvm::cast<clang::CompoundStmt>(inlined.callee->getBody());
  struct Uses : clang::RecursiveASTVisitor<Uses> {
    std::vector<const clang::VarDecl*> variables;
    std::set<const clang::VarDecl*> seen;
    void add(const clang::VarDecl* variable) {
      if (variable && variable->getType()->isIntegerType() && !llvm::isa<clang::ParmVarDecl>(variable) &&
          seen.insert(variable).second)
        variables.push_back(variable);
    }
    bool VisitVarDecl(clang::VarDecl* variable) {
      add(variable);
      return true;
    }
    bool VisitDeclRefExpr(clang::DeclRefExpr* use) {
      add(llvm::dyn_cast<clang::VarDecl>(use->getDecl()));
      return true;
    }
  } uses;
  uses.TraverseStmt(const_cast<clang::CompoundStmt*>(body));
  DefinitionFinder definitions;
  definitions.TraverseStmt(const_cast<clang::CompoundStmt*>(body));

  std::vector<const clang::VarDecl*> bound;
  for (const clang::VarDecl* variable : uses.variables) {
    if (inlined.ownsVariable(variable)) {
      state_.translator->bindCalleeCounter(variable, smt::variable(inlined.symbolOf(variable), 0, smt::Scope::Private));
    } else if (variable->hasGlobalStorage()) {
      // Bound already by the callee whose call leads here: that callee unbinds it.
      if (state_.translator->boundCalleeCounter(variable)) continue;
      const DataSharing::Entry& entry = state_.sharing->of(variable);
      state_.translator->bindCalleeCounter(variable, smt::variable(entry.name, 0, state_.sharing->scopeOf(variable)));
    } else {
      continue;
    }
    bound.push_back(variable);
  }
  // Values in declaration order: a definition may use the locals defined before it.
  Scope scope{state_.sharing.get(), state_.translator.get(), false, index, body};
  for (const clang::VarDecl* variable : uses.variables) {
    if (!inlined.ownsVariable(variable)) continue;
    PrivateValue value;
    std::string name = inlined.symbolOf(variable);
    auto found = definitions.definitions.find(variable);
    size_t count = found == definitions.definitions.end() ? 0 : found->second.size();
    if (definitions.addressTaken.count(variable)) {
      count = 0;
    } else if (count == 1) {
      const clang::Stmt* definition = found->second.front();
      const clang::Expr* valueExpr = nullptr;
      if (std::find(body->body_begin(), body->body_end(), definition) != body->body_end()) {
        if (llvm::isa<clang::DeclStmt>(definition)) valueExpr = variable->getInit();
        if (auto* assignment = llvm::dyn_cast<clang::BinaryOperator>(definition);
            assignment && assignment->getOpcode() == clang::BO_Assign)
          valueExpr = assignment->getRHS();
      }
      IndexTranslator::Result translated =
          valueExpr ? state_.translator->translateWithChoices(valueExpr) : IndexTranslator::Result{};
      if (translated.expr && knownAt(translated.expr, scope, {})) {
        state_.model.facts.push_back({smt::variable(name, 0, smt::Scope::Private), Relation::Equal, translated.expr});
        value.kind = PrivateValue::Kind::Defined;
        value.inCallee = true;
      }
    } else if (count == 2) {
      value.loop = counterLoop(found->second, state_.parents);
      if (value.loop) value.kind = PrivateValue::Kind::SequentialCounter;
    }
    state_.privateValues[name] = value;
  }
  return bound;
}

}  // namespace adrace::analyzer::region
