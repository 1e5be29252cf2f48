#include "ad/GatherAdjoint.h"

#include <algorithm>
#include <cctype>
#include <functional>

namespace adrace::ad {
namespace {

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
  if (expr->kind == c::Expr::Kind::Binary && (expr->text == "+" || expr->text == "-"))
    if (std::optional<long long> constant = integerLiteral(expr->operands[1]))
      return plus(expr->operands[0], k + (expr->text == "+" ? *constant : -*constant));
  if (k > 0) return c::add(expr, c::integer(k));
  if (k < 0) return c::sub(expr, c::integer(-k));
  return expr;
}

// `expr` with every occurrence of the counter replaced by `shifted` (i - 1 with i = j + 1 -> j).
c::ExprRef substitute(const c::ExprRef& expr, const std::string& counter, const c::ExprRef& shifted) {
  if (!expr) return expr;
  if (expr->kind == c::Expr::Kind::Name) return expr->text == counter ? shifted : expr;
  if (expr->kind == c::Expr::Kind::Binary && (expr->text == "+" || expr->text == "-") &&
      expr->operands[0]->kind == c::Expr::Kind::Name && expr->operands[0]->text == counter)
    if (std::optional<long long> constant = integerLiteral(expr->operands[1]))
      return plus(shifted, expr->text == "+" ? *constant : -*constant);
  auto copy = std::make_shared<c::Expr>(*expr);
  for (c::ExprRef& operand : copy->operands) operand = substitute(operand, counter, shifted);
  return copy;
}

}  // namespace

// The tree keeps an object-like macro's name only when its body names no local (ad/c/FromClang.cpp):
// such a name means the same at every iteration.
bool GatherAdjoint::isObjectLikeMacro(const std::string& name) const {
  auto found = context_.ast.Idents.find(name);
  return found != context_.ast.Idents.end() && found->getValue()->hasMacroDefinition();
}

GatherAdjoint::GatherAdjoint(AdjointContext& context, const ParallelLoop& loop, const ForHeader& header,
                             std::set<const clang::VarDecl*> arrays, std::set<std::string> invariantNames)
    : context_(context), loop_(loop), header_(header), arrays_(std::move(arrays)), invariantNames_(std::move(invariantNames)) {
  for (const clang::VarDecl* decl : arrays_) targets_.push_back({context_.variable(decl), {}});
}

bool GatherAdjoint::takes(const Increment& increment) {
  const clang::VarDecl* base = baseVariable(increment.leaf);
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
  const analyzer::GatherForm* form = nullptr;
  for (const analyzer::ArrayVerdict& verdict : loop_.analysis.arrays)
    if (verdict.array == name && verdict.gather && verdict.gather->applies) form = &*verdict.gather;
  if (form && reference)
    for (const analyzer::GatherTerm& term : form->terms)
      if (term.reference == reference->id && term.offsets.size() == 1) {
        target->terms.push_back({increment, term.offsets.front()});
        return true;
      }
  if (failure_.empty())
    failure_ = "the increment of " + adjointText(context_, increment.leaf) + " is not one of the analysis' gather terms";
  return true;
}

std::optional<std::string> GatherAdjoint::unreadable(const c::ExprRef& value) const {
  std::optional<std::string> found;
  const std::string counter = header_.counter->getNameAsString();
  std::function<void(const c::ExprRef&)> visit = [&](const c::ExprRef& node) {
    if (!node || found) return;
    if (node->kind == c::Expr::Kind::Name && node->text != counter && !invariantNames_.count(node->text) &&
        !isObjectLikeMacro(node->text))
      found = node->text;
    for (size_t k = 0; k < node->operands.size(); ++k) {
      bool callee = node->kind == c::Expr::Kind::Call && k == 0 && node->operands[0]->kind == c::Expr::Kind::Name;
      if (!callee) visit(node->operands[k]);
    }
  };
  visit(value);
  return found;
}

std::optional<c::StmtList> GatherAdjoint::build(std::string& failure) {
  failure = failure_;
  if (failure.empty() && loop_.model.dimensions.size() != 1)
    failure = "the gather of a collapse(" + std::to_string(loop_.model.dimensions.size()) + ") nest is not emitted yet";
  if (failure.empty() && (header_.step != "1" || (header_.op != "<" && header_.op != "<=") || header_.boundExpr2))
    failure = "the loop header is not `for (i = first; i < bound (or <=); i++)`";
  for (const Target& target : targets_)
    for (const Term& term : target.terms)
      if (failure.empty())
        if (std::optional<std::string> name = unreadable(term.increment.value))
          failure = "a term of " + target.info->adjoint + " reads " + *name + ", which a shifted iteration does not have";
  if (!failure.empty()) return std::nullopt;
  c::StmtList loops;
  for (const Target& target : targets_)
    if (!target.terms.empty()) {
      c::StmtList one = gatherLoops(target);
      loops.insert(loops.end(), one.begin(), one.end());
    }
  return loops;
}

// For terms at offsets c in [low, high] and the primal range first <= i < end:
//   targets first + low .. first + high - 1      peeled, each term guarded by first <= j - c < end
//   targets first + high .. end + low - 1        interior: every shifted iteration is in range
//   targets max(end + low, first + high) .. end + high - 1   peeled
// The three ranges are disjoint and cover every target; a guarded store touches no other element.
c::StmtList GatherAdjoint::gatherLoops(const Target& target) {
  const std::string counter = header_.counter->getNameAsString();
  const c::Type counterType = c::plainType(header_.counterType);
  std::int64_t low = target.terms.front().offset, high = low;
  for (const Term& term : target.terms) {
    low = std::min(low, term.offset);
    high = std::max(high, term.offset);
  }
  const c::ExprRef first = context_.tree(header_.firstExpr);
  const c::ExprRef bound = context_.tree(header_.boundExpr);
  const c::ExprRef end = header_.op == "<=" ? plus(bound, 1) : bound;  // one past the last iteration
  const std::string j = context_.freshName("j");
  const c::ExprRef jName = c::name(j);
  const c::ExprRef element = c::subscript(c::name(target.info->adjoint), jName);
  auto termValue = [&](const Term& term) { return substitute(term.increment.value, counter, plus(jName, -term.offset)); };

  c::ExprRef sum;
  for (const Term& term : target.terms) {
    c::ExprRef value = termValue(term);
    sum = !sum ? (term.increment.negate ? c::negate(value) : value)
               : term.increment.negate ? c::sub(sum, value) : c::add(sum, value);
  }
  c::StmtList guarded;
  for (const Term& term : target.terms) {
    c::ExprRef shifted = plus(jName, -term.offset);
    c::ExprRef inRange = c::binary("&&", c::binary(">=", shifted, first), c::binary(header_.op, shifted, bound));
    guarded.push_back(c::ifElse(inRange, {c::expression(c::assign(term.increment.negate ? "-=" : "+=", element, termValue(term)))}));
  }
  const std::string interiorBegin = context_.freshName("adrace_interior_begin");
  const std::string interiorEnd = context_.freshName("adrace_interior_end");
  const std::string highBegin = context_.freshName("adrace_high_begin");
  auto loopOver = [&](c::ExprRef from, c::ExprRef to, c::StmtList body) {
    return c::forLoop(c::declaration(counterType, j, std::move(from)), c::binary("<", jName, std::move(to)),
                      c::postfix("++", jName), std::move(body));
  };
  const c::ExprRef beginName = c::name(interiorBegin), endName = c::name(interiorEnd), highName = c::name(highBegin);
  c::StmtList out;
  out.push_back(c::comment(target.info->adjoint + " as a gather: target " + j + " sums the terms of the iterations " + counter +
                           " = " + j + " - c that read " + target.info->name + "[" + j + "]"));
  out.push_back(c::comment("first: the backward iterations below consume the adjoints the terms read (the omp for's barrier)"));
  out.push_back(c::declaration(counterType, interiorBegin, plus(first, high)));
  out.push_back(c::declaration(counterType, interiorEnd, plus(end, low)));
  out.push_back(c::declaration(counterType, highBegin,
                               c::conditional(c::binary(">", endName, beginName), endName, beginName)));
  out.push_back(c::pragma("omp single nowait"));
  out.push_back(c::block({c::comment("targets near the first iteration"), loopOver(plus(first, low), beginName, guarded),
                          c::comment("targets near the last iteration"), loopOver(highName, plus(end, high), guarded)}));
  out.push_back(c::pragma("omp for schedule(static)"));
  out.push_back(loopOver(beginName, endName, {c::expression(c::assign("+=", element, sum))}));
  return out;
}

}  // namespace adrace::ad
