#include "ad/GatherAdjoint.h"

#include "ad/BranchGuard.h"
#include "ad/CollapsedNest.h"
#include "ad/GatheredSum.h"
#include "analyzer/frontend/PerfectNest.h"

#include <clang/AST/ParentMapContext.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>

namespace adrace::ad {
namespace {

// `#pragma omp for schedule(static)`: each thread sums the targets of its own block of the first dimension.
c::Directive staticFor() { return c::directive(c::Omp::For, {c::scheduleClause(c::Schedule::Static)}); }

std::optional<long long> integerLiteral(const c::ExprRef& expr) {
  if (!expr || expr->kind != c::Expr::Kind::Literal || expr->text.empty()) return std::nullopt;
  if (!std::all_of(expr->text.begin(), expr->text.end(), [](unsigned char ch) { return std::isdigit(ch); }))
    return std::nullopt;
  if (expr->text.size() > 1 && expr->text[0] == '0') return std::nullopt;  // octal
  return std::stoll(expr->text);
}

// expr + k, folding into a trailing constant: (n - 1) + 1 -> n, j + 1 - 1 -> j.
c::ExprRef plus(const c::ExprRef& expr, long long k) {
  if (std::optional<long long> constant = integerLiteral(expr)) return c::integer(*constant + k);
  if (expr->kind == c::Expr::Kind::Binary && (expr->op == c::Op::Add || expr->op == c::Op::Subtract))
    if (std::optional<long long> constant = integerLiteral(expr->operands[1]))
      return plus(expr->operands[0], k + (expr->op == c::Op::Add ? *constant : -*constant));
  if (k > 0) return c::add(expr, c::integer(k));
  if (k < 0) return c::sub(expr, c::integer(-k));
  return expr;
}

// `expr` with every occurrence of the counter replaced by `shifted` (i - 1 with i = j + 1 -> j).
c::ExprRef substitute(const c::ExprRef& expr, const std::string& counter, const c::ExprRef& shifted) {
  if (!expr) return expr;
  if (expr->kind == c::Expr::Kind::Name) return expr->text == counter ? shifted : expr;
  if (expr->kind == c::Expr::Kind::Binary && (expr->op == c::Op::Add || expr->op == c::Op::Subtract) &&
      expr->operands[0]->kind == c::Expr::Kind::Name && expr->operands[0]->text == counter)
    if (std::optional<long long> constant = integerLiteral(expr->operands[1]))
      return plus(shifted, expr->op == c::Op::Add ? *constant : -*constant);
  auto copy = std::make_shared<c::Expr>(*expr);
  for (c::ExprRef& operand : copy->operands) operand = substitute(operand, counter, shifted);
  return copy;
}

// `expr` with (a - b) + b and (a + b) - b in its subscripts folded to a (integers, so exact): a family
// term's x[i + r] at i = j - r reads x[j]. Floating-point arithmetic is left as it is.
c::ExprRef cancelled(const c::ExprRef& expr, bool inSubscript = false) {
  if (!expr) return expr;
  auto copy = std::make_shared<c::Expr>(*expr);
  for (size_t k = 0; k < copy->operands.size(); ++k)
    copy->operands[k] = cancelled(copy->operands[k], inSubscript || (copy->kind == c::Expr::Kind::Subscript && k == 1));
  if (inSubscript && copy->kind == c::Expr::Kind::Binary && (copy->op == c::Op::Add || copy->op == c::Op::Subtract)) {
    const c::ExprRef& left = copy->operands[0];
    const c::Op inverse = copy->op == c::Op::Add ? c::Op::Subtract : c::Op::Add;
    if (left->kind == c::Expr::Kind::Binary && left->op == inverse && c::sameExpr(left->operands[1], copy->operands[1]))
      return left->operands[0];
  }
  return copy;
}

// The innermost `for` around `statement` whose counter is named `counter`, or null.
const clang::ForStmt* enclosingLoop(AdjointContext& context, const clang::Stmt* statement, const std::string& counter) {
  const clang::Stmt* node = statement;
  for (int depth = 0; node && depth < 64; ++depth) {
    auto parents = context.ast.getParents(*node);
    if (parents.empty()) return nullptr;
    node = parents[0].get<clang::Stmt>();
    if (auto* loop = llvm::dyn_cast_or_null<clang::ForStmt>(node))
      if (const clang::VarDecl* variable = loopCounter(loop); variable && variable->getNameAsString() == counter)
        return loop;
  }
  return nullptr;
}

}  // namespace

std::optional<std::vector<ForHeader>> gatherBox(AdjointContext& context, std::vector<ForHeader> collapsed,
                                                size_t depth) {
  std::vector<ForHeader> box = std::move(collapsed);
  for (size_t level = 0; level < depth; ++level) {
    const clang::ForStmt* inner = analyzer::nestedLoop(analyzer::onlyStatement(context.loopBody(box.back().loop)));
    if (!inner) return std::nullopt;
    std::optional<ForHeader> header = parseForHeader(context, inner);
    if (!header) return std::nullopt;
    box.push_back(*header);
  }
  return box;
}

// The tree keeps an object-like macro's name only when its body names no local (ad/c/FromClang.cpp):
// such a name means the same at every iteration.
bool GatherAdjoint::isObjectLikeMacro(const std::string& name) const {
  auto found = context_.ast.Idents.find(name);
  return found != context_.ast.Idents.end() && found->getValue()->hasMacroDefinition();
}

GatherAdjoint::GatherAdjoint(AdjointContext& context, const ParallelLoop& loop, std::vector<ForHeader> nest,
                             std::set<const clang::VarDecl*> arrays, std::set<std::string> invariantNames,
                             std::set<const clang::VarDecl*> bodyLocals)
    : context_(context),
      loop_(loop),
      nest_(std::move(nest)),
      header_(nest_.front()),
      arrays_(std::move(arrays)),
      invariantNames_(std::move(invariantNames)),
      bodyLocals_(std::move(bodyLocals)) {
  for (const clang::VarDecl* decl : arrays_) {
    Target target{context_.variable(decl), {}, false};
    const analyzer::ArrayVerdict* verdict = target.info ? loop_.analysis.verdictOf(target.info->name) : nullptr;
    if (verdict && verdict->gather) target.linearised = verdict->gather->linearised;
    targets_.push_back(target);
  }
  // The single definitions on the innermost body's root, as the analysis found them.
  const clang::Stmt* body = context_.loopBody(nest_.back().loop);
  std::vector<const clang::Stmt*> statements;
  if (auto* block = llvm::dyn_cast<clang::CompoundStmt>(body))
    statements.assign(block->body_begin(), block->body_end());
  const std::vector<std::string>& single = loop_.model.singleDefinitions;
  for (const clang::Stmt* statement : statements) {
    if (auto* declarations = llvm::dyn_cast<clang::DeclStmt>(statement)) {
      for (const clang::Decl* declaration : declarations->decls())
        if (auto* decl = llvm::dyn_cast<clang::VarDecl>(declaration);
            decl && decl->getInit() && recomputableLocal(decl))
          definitions_[decl->getNameAsString()] = {decl, context_.tree(decl->getInit())};
      continue;
    }
    auto* assignment = llvm::dyn_cast<clang::BinaryOperator>(statement);
    if (!assignment || assignment->getOpcode() != clang::BO_Assign) continue;
    auto* lhs = llvm::dyn_cast<clang::DeclRefExpr>(assignment->getLHS()->IgnoreParenImpCasts());
    auto* decl = lhs ? llvm::dyn_cast<clang::VarDecl>(lhs->getDecl()) : nullptr;
    if (decl && std::find(single.begin(), single.end(), decl->getNameAsString()) != single.end())
      definitions_[decl->getNameAsString()] = {decl, context_.tree(assignment->getRHS())};
  }
}

// An initialised scalar of the body's root that nothing assigns afterwards (the analysis' test,
// GatherAnalysis' bodyLocalFails): its value at an iteration is its initializer there.
bool GatherAdjoint::recomputableLocal(const clang::VarDecl* decl) const {
  const analyzer::SourcePosition at = context_.position(decl->getLocation());
  for (const analyzer::Variable& variable : loop_.model.variables)
    if (variable.declaredAt.line == at.line && variable.declaredAt.column == at.column &&
        variable.name == decl->getNameAsString())
      return variable.declaredInLoopBody && !variable.writtenInLoop && !variable.isArray;
  return false;
}

int GatherAdjoint::innermostContext() const {
  return loop_.model.perfectNest.empty() ? 0 : loop_.model.perfectNest.back().context;
}

bool GatherAdjoint::isCounter(const std::string& name) const {
  for (const ForHeader& header : nest_)
    if (header.counter->getNameAsString() == name) return true;
  return familyCounters_.count(name) > 0;
}

bool GatherAdjoint::takes(const Increment& increment, bool atRoot) {
  const clang::VarDecl* base = baseVariable(increment.leaf);
  if (base && bodyLocals_.count(base)) {  // a body-local adjoint: recorded for recomputation, and emitted
    if (const VariableInfo* info = context_.variable(base)) {
      LocalAdjoint& local = localAdjoints_[info->adjoint];
      local.decl = base;
      Increment recorded = increment;
      if (inConditionalArm(context_, increment.leaf) && recorded.value->kind != c::Expr::Kind::Conditional) {
        // A partial times an arm's seed: recomputed at a shifted iteration only where the arm ran.
        ArmGuard arms = armGuard(context_, increment.leaf, recorded.value);
        recorded.value = c::conditional(arms.condition, arms.value, c::literal("0.0"));
      }
      bool exact = atRoot;
      if (!atRoot) {  // under branches of the body (`if (r == 0) north = t;`): the increment guarded by their
                      // conditions
        BranchGuard guard = branchGuard(context_, increment.leaf, nest_.back().loop);
        exact = guard.failure.empty() && guard.condition;
        if (exact) recorded.value = c::conditional(guard.condition, recorded.value, c::literal("0.0"));
      }
      local.increments.push_back(recorded);
      local.exact = local.exact && exact;
    }
    return false;
  }
  if (!base || !arrays_.count(base)) return false;
  Target* target = nullptr;
  for (Target& candidate : targets_)
    if (candidate.info && candidate.info->decl == base) target = &candidate;
  if (!target) {
    failure_ = "no adjoint for " + base->getNameAsString();
    return true;
  }
  const std::string& name = target->info->name;
  analyzer::SourcePosition at = context_.position(increment.leaf->getBeginLoc());
  const analyzer::Reference* reference = loop_.referenceAt(at, name);
  const analyzer::ArrayVerdict* verdict = loop_.analysis.verdictOf(name);
  const analyzer::GatherForm* form =
      verdict && verdict->gather && verdict->gather->applies ? &*verdict->gather : nullptr;
  if (form && reference)
    for (const analyzer::GatherTerm& term : form->terms)
      if (term.reference == reference->id && term.offsets.size() == nest_.size()) {
        Term taken{increment, term.offsets, {}, nullptr};
        for (const analyzer::GatherInnerCounter& inner : term.inner) {
          const clang::ForStmt* loop = enclosingLoop(context_, increment.leaf, inner.counter);
          std::optional<ForHeader> header = loop ? parseForHeader(context_, loop) : std::nullopt;
          if (!header) {
            if (failure_.empty())
              failure_ = "the inner loop over " + inner.counter + " of " + adjointText(context_, increment.leaf) +
                         " is not a canonical for loop";
            return true;
          }
          taken.family.push_back({*header, inner.first, inner.last, inner.dimension});
          familyCounters_.insert(inner.counter);
        }
        if (term.inner.empty() &&
            reference->context != innermostContext()) {  // under branches: the term keeps their conditions
          BranchGuard guard = branchGuard(context_, increment.leaf, nest_.back().loop);
          if (!guard.failure.empty()) {
            if (failure_.empty()) failure_ = guard.failure;
            return true;
          }
          taken.guard = guard.condition;
        }
        if (taken.family.empty() &&
            inConditionalArm(context_,
                             increment.leaf)) {  // its condition joins the guard (stored only where the arm ran)
          if (c::ExprRef arm = armCondition(taken.increment.value)) {
            taken.guard = taken.guard ? c::logicalAnd(taken.guard, arm) : arm;
          } else {  // a partial times the arm's seed: the partial, like the target, exists only there
            ArmGuard arms = armGuard(context_, increment.leaf, taken.increment.value);
            taken.guard = taken.guard ? c::logicalAnd(taken.guard, arms.condition) : arms.condition;
            taken.increment.value = arms.value;
          }
        }
        target->terms.push_back(std::move(taken));
        return true;
      }
  if (failure_.empty())
    failure_ =
        "the increment of " + adjointText(context_, increment.leaf) + " is not one of the analysis' gather terms";
  return true;
}

// The first name `value` reads that a shifted iteration does not have: not a counter, an invariant,
// an object-like macro, or a body-local adjoint recomputable from such names (`visiting` breaks cycles).
std::optional<std::string> GatherAdjoint::unreadable(const c::ExprRef& value, std::set<std::string>& visiting) const {
  std::optional<std::string> found;
  std::function<void(const c::ExprRef&)> visit = [&](const c::ExprRef& node) {
    if (!node || found) return;
    if (node->kind == c::Expr::Kind::Name && !isCounter(node->text) && !invariantNames_.count(node->text) &&
        !isObjectLikeMacro(node->text) && !tapeable_.count(node->text)) {
      if (auto definition = definitions_.find(node->text); definition != definitions_.end()) {
        if (!visiting.insert(node->text).second) {
          found = node->text;
          return;
        }
        if (std::optional<std::string> inner = unreadable(definition->second.value, visiting)) found = *inner;
        visiting.erase(node->text);
        return;
      }
      auto local = localAdjoints_.find(node->text);
      if (local == localAdjoints_.end() || !local->second.exact || !visiting.insert(node->text).second) {
        found = node->text;
        return;
      }
      for (const Increment& increment : local->second.increments)
        if (!found)
          if (std::optional<std::string> inner = unreadable(increment.value, visiting)) found = *inner;
      visiting.erase(node->text);
    }
    for (size_t k = 0; k < node->operands.size(); ++k) {
      bool callee = node->kind == c::Expr::Kind::Call && k == 0 && node->operands[0]->kind == c::Expr::Kind::Name;
      if (!callee) visit(node->operands[k]);
    }
  };
  visit(value);
  return found;
}

c::ExprRef GatherAdjoint::shifted(const c::ExprRef& value, const std::vector<c::ExprRef>& iteration) const {
  c::ExprRef result = value;
  for (size_t d = 0; d < nest_.size(); ++d)
    result = substitute(result, nest_[d].counter->getNameAsString(), iteration[d]);
  return result;
}

GatherAdjoint::ShiftedValue GatherAdjoint::atIteration(const c::ExprRef& value,
                                                       const std::vector<c::ExprRef>& iteration,
                                                       RecomputedLocals& cache) {
  ShiftedValue out;
  auto recomputed = [&](const std::string& local) -> const Recomputed* {
    for (const Recomputed& entry : cache)
      if (entry.local == local &&
          std::equal(entry.iteration.begin(), entry.iteration.end(), iteration.begin(), iteration.end(), c::sameExpr))
        return &entry;
    return nullptr;
  };
  std::function<c::ExprRef(const c::ExprRef&)> rewrite = [&](const c::ExprRef& node) -> c::ExprRef {
    if (!node) return node;
    if (node->kind == c::Expr::Kind::Name && tapeable_.count(node->text)) {  // its iteration's slot
      auto tape = tapes_.find(node->text);
      if (tape == tapes_.end()) tape = tapes_.emplace(node->text, context_.freshName(node->text + "_tape")).first;
      std::optional<long long> first = integerLiteral(header_.first);
      c::ExprRef slot = first ? plus(iteration[0], -*first) : c::sub(iteration[0], header_.first);
      return c::subscript(c::name(tape->second), slot);
    }
    if (node->kind == c::Expr::Kind::Name && definitions_.count(node->text)) {
      if (const Recomputed* known = recomputed(node->text)) return c::name(known->fresh);
      const Definition& definition = definitions_.at(node->text);
      c::ExprRef value = rewrite(shifted(definition.value, iteration));
      std::string fresh = context_.freshName(node->text + "_at");
      out.locals.push_back(
          c::declaration(context_.from.type(definition.decl->getType().getUnqualifiedType()), fresh, value));
      cache.push_back({node->text, iteration, fresh});
      return c::name(fresh);
    }
    if (node->kind == c::Expr::Kind::Name) {
      auto local = localAdjoints_.find(node->text);
      if (local == localAdjoints_.end()) return node;
      if (const Recomputed* known = recomputed(node->text)) return c::name(known->fresh);
      const bool isFloat = local->second.decl->getType()->isSpecificBuiltinType(clang::BuiltinType::Float);
      auto strip = strips_.find(node->text);
      if (strip != strips_.end()) {  // in a strip's interior: its buffer holds it (GatherStrips.cpp)
        std::string fresh = context_.freshName(node->text + "_at");
        out.locals.push_back(c::declaration(c::plainType(isFloat ? "float" : "double"), fresh,
                                            c::subscript(c::name(strip->second), c::sub(iteration[0], stripFirst_))));
        cache.push_back({node->text, iteration, fresh});
        recomputedAdjoints_.insert(fresh);
        return c::name(fresh);
      }
      // The local's adjoint at that iteration: the sum of its increments there (locals it reads first).
      c::ExprRef sum;
      for (const Increment& increment : local->second.increments) {
        c::ExprRef part = rewrite(shifted(increment.value, iteration));
        sum = !sum               ? (increment.negate ? c::negate(part) : part)
              : increment.negate ? c::sub(sum, part)
                                 : c::add(sum, part);
      }
      std::string fresh = context_.freshName(node->text + "_at");
      out.locals.push_back(c::declaration(c::plainType(isFloat ? "float" : "double"), fresh, sum));
      cache.push_back({node->text, iteration, fresh});
      recomputedAdjoints_.insert(fresh);
      return c::name(fresh);
    }
    auto copy = std::make_shared<c::Expr>(*node);
    for (size_t k = 0; k < copy->operands.size(); ++k) {
      bool callee = node->kind == c::Expr::Kind::Call && k == 0 && node->operands[0]->kind == c::Expr::Kind::Name;
      if (!callee) copy->operands[k] = rewrite(copy->operands[k]);
    }
    return copy;
  };
  out.value = rewrite(shifted(value, iteration));
  return out;
}

c::ExprRef GatherAdjoint::guardedValue(const Term& term) const {
  return term.guard ? c::conditional(term.guard, term.increment.value, c::literal("0.0")) : term.increment.value;
}

// Near the ends a target may lie outside the array (x_b[j][-1]): a term under branches stores only
// where its conditions hold, that is where the primal read, so no store leaves the array.
c::StmtList GatherAdjoint::guardedStore(const Term& term, const std::vector<c::ExprRef>& iteration,
                                        const c::ExprRef& element) {
  RecomputedLocals own;
  ShiftedValue at = atIteration(term.increment.value, iteration, own);
  c::StmtRef store =
      c::expression(c::assign(term.increment.negate ? c::Op::SubtractAssign : c::Op::AddAssign, element, at.value));
  if (!term.guard) {
    at.locals.push_back(store);
    return at.locals;
  }
  ShiftedValue condition = atIteration(term.guard, iteration, own);
  c::StmtList body = condition.locals;
  body.insert(body.end(), at.locals.begin(), at.locals.end());
  body.push_back(c::ifElse(condition.value, {store}));
  return body;
}

std::vector<const clang::VarDecl*> GatherAdjoint::recomputableValues() const {
  std::vector<const clang::VarDecl*> values;
  for (const auto& entry : definitions_) values.push_back(entry.second.decl);
  return values;
}

void GatherAdjoint::readFromTape(const std::set<const clang::VarDecl*>& scalars) {
  if (nest_.size() != 1) return;  // a slot per iteration of the loop's own counter
  for (const clang::VarDecl* decl : scalars)
    if (!definitions_.count(decl->getNameAsString())) tapeable_[decl->getNameAsString()] = decl;
}

std::vector<TapedScalar> GatherAdjoint::tapedReads() const {
  std::vector<TapedScalar> taped;
  for (const auto& [name, tape] : tapes_) {
    const clang::VarDecl* decl = tapeable_.at(name);
    taped.push_back({decl, tape, context_.from.type(decl->getType().getUnqualifiedType())});
  }
  return taped;
}

std::vector<std::string> GatherAdjoint::localAdjoints() const {
  std::vector<std::string> names;
  for (const auto& entry : localAdjoints_) names.push_back(entry.first);
  return names;
}

std::optional<c::StmtList> GatherAdjoint::build(std::string& failure) {
  failure = failure_;
  for (const ForHeader& header : nest_)
    if (failure.empty() &&
        (!header.stepsUp() || (header.op != c::Op::Less && header.op != c::Op::LessEqual) || header.boundExpr2))
      failure = "the loop header of " + header.counter->getNameAsString() +
                " is not `for (i = first; i < bound (or <=); i++)`";
  for (const Target& target : targets_)
    for (const Term& term : target.terms) {
      std::set<std::string> visiting;
      if (failure.empty())
        if (std::optional<std::string> name = unreadable(guardedValue(term), visiting))
          failure = "a term of " + target.info->adjoint + " reads " + *name +
                    ", which a shifted iteration does not have" +
                    (localAdjoints_.count(*name) ? " (its increments are not all on the root of the backward iteration)"
                                                 : "");
    }
  for (const Target& target : targets_)
    for (const Term& term : target.terms)
      for (const FamilyLoop& inner : term.family)
        if (failure.empty() &&
            (inner.dimension >= nest_.size() || (!inner.header.stepsUp() && !inner.header.stepsDown())))
          failure = "the family of terms of " + target.info->adjoint + " in the inner loop over " +
                    inner.header.counter->getNameAsString() + " shifts a counter of the nest, stepping by +1 or -1";
  for (const Target& target : targets_) {
    // An interior target is an element only because some term reads it at every iteration: a
    // target whose reads are all under branches could lie outside the array.
    bool guarded = false, everywhere = false;
    for (const Term& term : target.terms) {
      guarded = guarded || term.guard;
      everywhere = everywhere || (!term.guard && term.family.empty());
    }
    if (failure.empty() && guarded && !everywhere)
      failure = "every read of " + target.info->name +
                " is under a branch or an inner loop: a target of the gather may lie outside the array";
  }
  for (const Target& target : targets_)
    if (failure.empty() && target.linearised && !target.terms.empty() && nest_.size() < 2)
      failure = "a linearised gather of " + target.info->adjoint + " needs a nest";
  // The target's element is written through a term's subscript shifted to the target.
  for (const Target& target : targets_)
    if (failure.empty() && target.linearised && !target.terms.empty() && !layoutTerm(target))
      failure = "no read of " + target.info->name + " is a subscript the gather can shift to its target";
  if (!failure.empty()) return std::nullopt;
  c::StmtList loops;
  for (const Target& target : targets_)
    if (!target.terms.empty()) {
      c::StmtList one = nest_.size() == 1 ? gatherLoops(target) : gatherLoopsNest(target);
      loops.insert(loops.end(), one.begin(), one.end());
    }
  return loops;
}

c::ExprRef GatherAdjoint::interiorSum(const Target& target, const std::vector<c::ExprRef>& values) const {
  GatheredSum sum(recomputedAdjoints_);
  for (size_t k = 0; k < values.size(); ++k) sum.add(values[k], target.terms[k].increment.negate);
  return sum.value();
}

// For terms at offsets c in [low, high] and the primal range first <= i < end:
//   targets first + low .. first + high - 1      peeled, each term guarded by first <= j - c < end
//   targets first + high .. end + low - 1        interior: every shifted iteration is in range
//   targets max(end + low, first + high) .. end + high - 1   peeled
// The three ranges are disjoint and cover every target; a guarded store touches no other element.
c::StmtList GatherAdjoint::gatherLoops(const Target& target) {
  const ForHeader& header = nest_.front();
  const std::string counter = header.counter->getNameAsString();
  const c::Type counterType = header.counterType;
  // A family term of r in [first_r, last_r] reaches the targets i + r + c: its offsets span c + first_r .. c + last_r.
  std::int64_t low = target.terms.front().lowest(0), high = target.terms.front().highest(0);
  for (const Term& term : target.terms) {
    low = std::min(low, term.lowest(0));
    high = std::max(high, term.highest(0));
  }
  const c::ExprRef first = context_.tree(header.firstExpr);
  const c::ExprRef bound = context_.tree(header.boundExpr);
  const c::ExprRef end = header.op == c::Op::LessEqual ? plus(bound, 1) : bound;  // one past the last iteration
  const std::string j = context_.freshName("j");
  const c::ExprRef jName = c::name(j);
  const c::ExprRef element = c::subscript(c::name(target.info->adjoint), jName);
  const std::map<std::string, std::int64_t> stripped = stripAdjoints(target);
  openStrips(stripped);  // the interior's terms read those adjoints from the strip's buffers
  RecomputedLocals interiorLocals;
  c::StmtList interior;
  // With family terms the interior target sums over inner loops: into a local, which the compiler
  // keeps in a register (through x_b[j], which may alias every array the terms read, each term was a
  // load and a store), stored once.
  c::ExprRef interiorElement = element;
  const bool summedInLoops =
      std::any_of(target.terms.begin(), target.terms.end(), [](const Term& term) { return !term.family.empty(); });
  if (summedInLoops) {
    c::Type elementType = context_.from.type(target.info->decl->getType(), true);
    elementType.derivations.clear();
    const std::string sum = context_.freshName(target.info->adjoint + "_sum");
    interior.push_back(c::declaration(elementType, sum, c::literal("0.0")));
    interiorElement = c::name(sum);
  }
  std::vector<c::ExprRef> values;
  Target rootTerms{target.info, {}, target.linearised};  // the terms on the body's root, summed in one store
  for (const Term& term : target.terms) {
    if (!term.family.empty()) continue;
    ShiftedValue at = atIteration(guardedValue(term), {plus(jName, -term.offsets[0])}, interiorLocals);
    interior.insert(interior.end(), at.locals.begin(), at.locals.end());
    values.push_back(at.value);
    rootTerms.terms.push_back(term);
  }
  if (!values.empty()) interior.push_back(c::expression(c::addAssign(interiorElement, interiorSum(rootTerms, values))));
  for (const Term& term : target.terms)
    if (!term.family.empty()) interior.push_back(familyLoop(term, {jName}, interiorElement, {true}));
  if (summedInLoops) interior.push_back(c::expression(c::addAssign(element, interiorElement)));
  std::map<std::string, std::string> buffers;
  buffers.swap(strips_);  // the guarded targets below recompute them
  c::StmtList guarded;
  for (const Term& term : target.terms) {
    if (!term.family.empty()) {
      guarded.push_back(familyLoop(term, {jName}, element, {false}));
      continue;
    }
    c::ExprRef shifted = plus(jName, -term.offsets[0]);
    c::ExprRef inRange = c::logicalAnd(c::greaterEqual(shifted, first), c::binary(header.op, shifted, bound));
    guarded.push_back(c::ifElse(inRange, guardedStore(term, {shifted}, element)));
  }
  const std::string interiorBegin = context_.freshName("adrace_interior_begin");
  const std::string interiorEnd = context_.freshName("adrace_interior_end");
  const std::string highBegin = context_.freshName("adrace_high_begin");
  auto loopOver = [&](c::ExprRef from, c::ExprRef to, c::StmtList body) {
    return c::forLoop(c::declaration(counterType, j, std::move(from)), c::less(jName, std::move(to)),
                      c::postIncrement(jName), std::move(body));
  };
  const c::ExprRef beginName = c::name(interiorBegin), endName = c::name(interiorEnd), highName = c::name(highBegin);
  c::StmtList out;
  std::string families;  // the inner counters of family terms, ", for each r of its inner loop"
  for (const Term& term : target.terms)
    for (const FamilyLoop& inner : term.family)
      if (families.find(" " + inner.header.counter->getNameAsString() + " ") == std::string::npos)
        families += std::string(families.empty() ? "" : " and") + " " + inner.header.counter->getNameAsString() + " ";
  out.push_back(c::comment(
      target.info->adjoint + " as a gather: target " + j + " sums the terms of the iterations " + counter + " = " + j +
      " - c" +
      (families.empty() ? ""
                        : " (c = " + families.substr(1) + "+ its offset, for each" + families + "of its inner loop)") +
      " that read " + target.info->name + "[" + j + "]"));
  out.push_back(
      c::comment("first: the backward iterations below consume the adjoints the terms read (the omp for's barrier)"));
  out.push_back(c::declaration(counterType, interiorBegin, plus(first, high)));
  out.push_back(c::declaration(counterType, interiorEnd, plus(end, low)));
  out.push_back(
      c::declaration(counterType, highBegin, c::conditional(c::greater(endName, beginName), endName, beginName)));
  out.push_back(c::governed(
      c::directive(c::Omp::Single, {c::nowaitClause()}),
      c::block({c::comment("targets near the first iteration"), loopOver(plus(first, low), beginName, guarded),
                c::comment("targets near the last iteration"), loopOver(highName, plus(end, high), guarded)})));
  if (buffers.empty())
    out.push_back(c::governed(staticFor(), loopOver(beginName, endName, interior)));
  else
    out.push_back(stripMinedInterior(stripped, buffers, beginName, endName, low, high,
                                     loopOver(c::name(stripBegin_), c::name(stripEnd_), interior)));
  return out;
}

std::vector<c::ExprRef> GatherAdjoint::Term::iterationAt(const std::vector<c::ExprRef>& targets) const {
  std::vector<c::ExprRef> iteration;
  for (size_t d = 0; d < targets.size(); ++d) {
    c::ExprRef at = targets[d];
    for (const FamilyLoop& inner : family)
      if (inner.dimension == d) at = c::sub(at, c::name(inner.header.counter->getNameAsString()));
    iteration.push_back(plus(at, -offsets[d]));
  }
  return iteration;
}

std::int64_t GatherAdjoint::Term::lowest(size_t d) const {
  std::int64_t low = offsets[d];
  for (const FamilyLoop& inner : family)
    if (inner.dimension == d) low += inner.first;
  return low;
}

std::int64_t GatherAdjoint::Term::highest(size_t d) const {
  std::int64_t high = offsets[d];
  for (const FamilyLoop& inner : family)
    if (inner.dimension == d) high += inner.last;
  return high;
}

c::StmtRef GatherAdjoint::familyLoop(const Term& term, const std::vector<c::ExprRef>& targets,
                                     const c::ExprRef& element, const std::vector<bool>& interior) {
  const std::vector<c::ExprRef> iteration = term.iterationAt(targets);  // whose inner point reads x[target]
  RecomputedLocals own;
  ShiftedValue at = atIteration(term.increment.value, iteration, own);
  c::StmtList body = at.locals;
  body.push_back(c::expression(
      c::assign(term.increment.negate ? c::Op::SubtractAssign : c::Op::AddAssign, element, cancelled(at.value))));
  c::ExprRef inRange;
  for (size_t d = 0; d < iteration.size(); ++d) {
    if (interior[d]) continue;
    c::ExprRef test = c::logicalAnd(c::greaterEqual(iteration[d], context_.tree(nest_[d].firstExpr)),
                                    c::binary(nest_[d].op, iteration[d], context_.tree(nest_[d].boundExpr)));
    inRange = inRange ? c::logicalAnd(inRange, test) : test;
  }
  if (inRange) body = {c::ifElse(inRange, body)};
  for (auto inner = term.family.rbegin(); inner != term.family.rend(); ++inner) {
    const ForHeader& header = inner->header;
    const c::ExprRef r = c::name(header.counter->getNameAsString());
    body = {c::forLoop(c::declaration(header.counterType, r->text, header.first), c::binary(header.op, r, header.bound),
                       c::postfix(header.stepsUp() ? c::Op::Increment : c::Op::Decrement, r), std::move(body))};
  }
  return body.front();
}

std::optional<GatherAdjoint::Layout> GatherAdjoint::layoutTerm(const Target& target) const {
  std::optional<Layout> throughDefinition;
  for (const Term& term : target.terms) {
    auto* access = llvm::dyn_cast<clang::ArraySubscriptExpr>(term.increment.leaf->IgnoreParenImpCasts());
    if (!access) continue;
    Layout layout{&term, context_.tree(access->getIdx())};
    if (std::none_of(definitions_.begin(), definitions_.end(),
                     [&](const auto& definition) { return c::namesIdentifier(layout.index, definition.first); }))
      return layout;
    // Through a definition, the term at offset 0 reads most plainly (`u_b[p]` is `u_b[(long)tj * nx + ti]`).
    bool unshifted = std::all_of(term.offsets.begin(), term.offsets.end(), [](std::int64_t o) { return o == 0; });
    if (!throughDefinition || unshifted) throughDefinition = layout;
  }
  return throughDefinition;
}

c::ExprRef GatherAdjoint::linearisedElement(const Target& target, const std::vector<c::ExprRef>& targets) const {
  Layout layout = *layoutTerm(target);  // build() refuses a target without one
  c::ExprRef index = layout.index;
  if (auto whole = definitions_.find(index->kind == c::Expr::Kind::Name ? index->text : std::string());
      whole != definitions_.end())
    index = whole->second.value;  // the whole subscript: no parentheses needed
  // A single definition the subscript reads (`u[p - nx]`, `long p = (long)j * nx + i`) stands for
  // its value, which reads only counters and what the loop does not write (the shifted iteration
  // recomputes it the same way, atIteration). A value may read an earlier definition: a round per
  // level, and definitions cannot read each other in a cycle (each is read only after it is made).
  for (size_t round = 0; round <= definitions_.size(); ++round) {
    bool inlined = false;
    for (const auto& [name, definition] : definitions_)
      if (c::namesIdentifier(index, name)) {
        index = substitute(index, name, c::parenthesized(definition.value));
        inlined = true;
      }
    if (!inlined) break;
  }
  // The term's subscript at iteration t - offsets is the layout at t: the element t owns. A family
  // term's inner counters cancel there: (ti - a) + a is ti.
  return cancelled(c::subscript(c::name(target.info->adjoint), shifted(index, layout.term->iterationAt(targets))));
}

// collapse(n): targets (t0, ..., tn-1) over the box first_d + low_d <= t_d < end_d + high_d. The
// threads share the first dimension (omp for); a t0 whose shifted iterations all lie in range
// splits each inner dimension in turn into a guarded strip, the interior and a guarded strip, as
// in one dimension; any other t0 runs its inner dimensions whole, guarded. The guard of a term tests
// the dimensions not known to be interior; the pieces are disjoint and cover the box, and each
// target is written by the one thread that owns its t0. A dimension that every term reads at
// offset 0 (low_d = high_d = 0) has no strips: all its targets are interior.
c::StmtList GatherAdjoint::gatherLoopsNest(const Target& target) {
  const size_t n = nest_.size();
  std::vector<std::int64_t> low(n), high(n);
  for (size_t d = 0; d < n; ++d) {
    low[d] = target.terms.front().lowest(d);
    high[d] = target.terms.front().highest(d);
    for (const Term& term : target.terms) {
      low[d] = std::min(low[d], term.lowest(d));
      high[d] = std::max(high[d], term.highest(d));
    }
  }
  struct Dimension {
    c::Type type;
    c::ExprRef first, bound, end, from, to;  // from/to: the targets, first + low .. end + high
    c::Op op = c::Op::Less;
    c::ExprRef target, interiorBegin, interiorEnd, highBegin;
    bool unshifted = false;  // every term reads this dimension at offset 0: every target is interior
  };
  c::StmtList out;
  std::vector<Dimension> dims(n);
  std::string targetNames;
  for (size_t d = 0; d < n; ++d) {
    const ForHeader& header = nest_[d];
    const std::string counter = header.counter->getNameAsString();
    Dimension& dim = dims[d];
    dim.type = header.counterType;
    dim.first = context_.tree(header.firstExpr);
    dim.bound = context_.tree(header.boundExpr);
    dim.op = header.op;
    dim.end = header.op == c::Op::LessEqual ? plus(dim.bound, 1) : dim.bound;
    dim.from = plus(dim.first, low[d]);
    dim.to = plus(dim.end, high[d]);
    dim.target = c::name(context_.freshName("t" + counter));
    targetNames += (targetNames.empty() ? "" : ", ") + dim.target->text;
    dim.unshifted = low[d] == 0 && high[d] == 0;
    if (dim.unshifted) continue;  // no strips to peel
    const std::string begin = context_.freshName("adrace_interior_begin_" + counter);
    const std::string end = context_.freshName("adrace_interior_end_" + counter);
    dim.interiorBegin = c::name(begin);
    dim.interiorEnd = c::name(end);
    out.push_back(c::declaration(dim.type, begin, plus(dim.first, high[d])));
    out.push_back(c::declaration(dim.type, end, plus(dim.end, low[d])));
    if (d > 0) {  // the upper strip starts after the interior, or after the lower strip when there is none
      const std::string highBegin = context_.freshName("adrace_high_begin_" + counter);
      dim.highBegin = c::name(highBegin);
      out.push_back(c::declaration(
          dim.type, highBegin,
          c::conditional(c::greater(dim.interiorEnd, dim.interiorBegin), dim.interiorEnd, dim.interiorBegin)));
    }
  }
  std::vector<c::ExprRef> targets;
  for (const Dimension& dim : dims) targets.push_back(dim.target);
  c::ExprRef element = c::name(target.info->adjoint);
  if (target.linearised) {
    element = linearisedElement(target, targets);
  } else {
    for (const Dimension& dim : dims) element = c::subscript(element, dim.target);
  }

  auto loopOver = [&](const Dimension& dim, c::ExprRef from, c::ExprRef to, c::StmtList body) {
    return c::forLoop(c::declaration(dim.type, dim.target->text, std::move(from)), c::less(dim.target, std::move(to)),
                      c::postIncrement(dim.target), std::move(body));
  };
  const bool summedInLoops =
      std::any_of(target.terms.begin(), target.terms.end(), [](const Term& term) { return !term.family.empty(); });
  // The statements for one target, given which dimensions are known to be interior.
  auto targetBody = [&](const std::vector<bool>& interior) {
    c::StmtList body;
    if (std::all_of(interior.begin(), interior.end(), [](bool known) { return known; })) {
      // With family terms the target sums over inner loops: into a local kept in a register, stored once.
      c::ExprRef sum = element;
      if (summedInLoops) {
        c::Type elementType = context_.from.type(target.info->decl->getType(), true);
        elementType.derivations.clear();
        sum = c::name(context_.freshName(target.info->adjoint + "_sum"));
        body.push_back(c::declaration(elementType, sum->text, c::literal("0.0")));
      }
      RecomputedLocals locals;
      std::vector<c::ExprRef> values;
      Target rootTerms{target.info, {}, target.linearised};  // the terms on the body's root, summed in one store
      for (const Term& term : target.terms) {
        if (!term.family.empty()) continue;
        ShiftedValue at = atIteration(guardedValue(term), term.iterationAt(targets), locals);
        body.insert(body.end(), at.locals.begin(), at.locals.end());
        values.push_back(at.value);
        rootTerms.terms.push_back(term);
      }
      if (!values.empty()) body.push_back(c::expression(c::addAssign(sum, interiorSum(rootTerms, values))));
      for (const Term& term : target.terms)
        if (!term.family.empty()) body.push_back(familyLoop(term, targets, sum, interior));
      if (summedInLoops) body.push_back(c::expression(c::addAssign(element, sum)));
      return body;
    }
    for (const Term& term : target.terms) {
      if (!term.family.empty()) {
        body.push_back(familyLoop(term, targets, element, interior));
        continue;
      }
      std::vector<c::ExprRef> iteration = term.iterationAt(targets);
      c::ExprRef inRange;
      for (size_t d = 0; d < n; ++d) {
        if (interior[d]) continue;
        c::ExprRef test = c::logicalAnd(c::greaterEqual(iteration[d], dims[d].first),
                                        c::binary(dims[d].op, iteration[d], dims[d].bound));
        inRange = inRange ? c::logicalAnd(inRange, test) : test;
      }
      body.push_back(c::ifElse(inRange, guardedStore(term, iteration, element)));
    }
    return body;
  };
  std::function<c::StmtList(size_t, std::vector<bool>)> dimension = [&](size_t d,
                                                                        std::vector<bool> interior) -> c::StmtList {
    if (d == n) return targetBody(interior);
    const Dimension& dim = dims[d];
    if (dim.unshifted) return {loopOver(dim, dim.from, dim.to, dimension(d + 1, interior))};
    bool outerInterior = std::all_of(interior.begin(), interior.begin() + d, [](bool known) { return known; });
    if (!outerInterior) return {loopOver(dim, dim.from, dim.to, dimension(d + 1, interior))};
    std::vector<bool> strip = interior, inside = interior;
    inside[d] = true;
    return {loopOver(dim, dim.from, dim.interiorBegin, dimension(d + 1, strip)),
            loopOver(dim, dim.interiorBegin, dim.interiorEnd, dimension(d + 1, inside)),
            loopOver(dim, dim.highBegin, dim.to, dimension(d + 1, strip))};
  };
  std::vector<bool> none(n), firstInterior(n);
  for (size_t d = 0; d < n; ++d) none[d] = firstInterior[d] = dims[d].unshifted;
  firstInterior[0] = true;
  const Dimension& outer = dims[0];
  c::StmtList result;
  std::string families;  // the inner counters of family terms, for the comment
  for (const Term& term : target.terms) {
    std::string counters;
    for (const FamilyLoop& inner : term.family)
      counters += (counters.empty() ? "" : ", ") + inner.header.counter->getNameAsString();
    if (!counters.empty() && families.find(counters) == std::string::npos)
      families += (families.empty() ? "" : "; ") + counters;
  }
  result.push_back(
      c::comment(target.info->adjoint + " as a gather: target (" + targetNames +
                 ") sums the terms of the iterations (counters) = target - c" +
                 (families.empty() ? "" : " (c = " + families + " + its offsets, for each point of its inner loops)") +
                 " that read " + target.info->name));
  result.push_back(
      c::comment("first: the backward iterations below consume the adjoints the terms read (the omp for's barrier)"));
  result.insert(result.end(), out.begin(), out.end());
  c::StmtList outerBody = dimension(1, firstInterior);
  if (!outer.unshifted) {
    c::ExprRef outerIsInterior =
        c::logicalAnd(c::greaterEqual(outer.target, outer.interiorBegin), c::less(outer.target, outer.interiorEnd));
    outerBody = {c::ifElse(outerIsInterior, outerBody, dimension(1, none))};
  }
  result.push_back(c::governed(staticFor(), loopOver(outer, outer.from, outer.to, outerBody)));
  return result;
}

}  // namespace adrace::ad
