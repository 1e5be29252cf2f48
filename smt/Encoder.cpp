#include "smt/Encoder.h"

#include "smt/RowSplit.h"

namespace adrace::smt {
namespace {

// |a|. Not z3::abs: Z3 4.8's z3++.h builds it from an unreferenced temporary (Z3_mk_ge's result)
// that the next API call may free when the compiler evaluates `-a` after it (clang does): a
// corrupted term, then an assertion or a sort error inside Z3 (found by scripts/fuzz.sh).
z3::expr magnitudeOf(const z3::expr& a) {
  z3::expr nonNegative = a >= 0;
  z3::expr negated = -a;
  return z3::ite(nonNegative, a, negated);
}

// C's `/` truncates towards zero; Z3's `div` is Euclidean. On absolute values they agree, and the
// quotient's sign follows the operands' signs.
z3::expr truncatedQuotient(const z3::expr& dividend, const z3::expr& divisor) {
  z3::expr magnitude = magnitudeOf(dividend) / magnitudeOf(divisor);
  z3::expr sameSign = (dividend >= 0) == (divisor >= 0);
  return z3::ite(sameSign, magnitude, -magnitude);
}

// C's `%`: whatever makes (a / b) * b + a % b == a hold with the truncated quotient.
z3::expr truncatedRemainder(const z3::expr& dividend, const z3::expr& divisor) {
  return dividend - divisor * truncatedQuotient(dividend, divisor);
}

}  // namespace

std::string symbolName(const Expr& node, Thread thread) {
  std::string name = node.name;
  if (node.instance != 0) name += "#" + std::to_string(node.instance);
  if (thread == Thread::B && node.scope != Scope::Shared) name += "'";
  return name;
}

Encoder::Encoder(z3::context& context) : context_(context) {}

z3::expr Encoder::encode(const ExprRef& expr, Thread thread) { return encode(*expr, thread); }

z3::expr Encoder::encode(const Expr& expr, Thread thread) {
  switch (expr.op) {
    case Expr::Op::Const: return context_.int_val(static_cast<int64_t>(expr.value));
    case Expr::Op::Var: return symbolFor(expr, thread);
    case Expr::Op::Read: {
      z3::expr_vector subscripts(context_);
      for (const ExprRef& subscript : expr.args) subscripts.push_back(encode(subscript, thread));
      return arrayFor(expr, thread)(subscripts);
    }
    case Expr::Op::Add: return encode(expr.args[0], thread) + encode(expr.args[1], thread);
    case Expr::Op::Sub: return encode(expr.args[0], thread) - encode(expr.args[1], thread);
    case Expr::Op::Mul: return encode(expr.args[0], thread) * encode(expr.args[1], thread);
    case Expr::Op::Div: {
      z3::expr dividend = encode(expr.args[0], thread), divisor = encode(expr.args[1], thread);
      z3::expr quotient = truncatedQuotient(dividend, divisor);
      recordQuotient(dividend, divisor, quotient);
      return quotient;
    }
    case Expr::Op::Mod: return truncatedRemainder(encode(expr.args[0], thread), encode(expr.args[1], thread));
    case Expr::Op::Neg: return -encode(expr.args[0], thread);
    case Expr::Op::IfLess:
      return z3::ite(encode(expr.args[0], thread) < encode(expr.args[1], thread), encode(expr.args[2], thread),
                     encode(expr.args[3], thread));
  }
  return context_.int_val(0);
}

void Encoder::recordQuotient(const z3::expr& dividend, const z3::expr& divisor, const z3::expr& quotient) {
  if (quotients_.size() >= kMaxQuotients) return;
  for (const Quotient& known : quotients_)
    if (z3::eq(known.quotient, quotient)) return;
  for (const Quotient& known : quotients_) {
    if (divisor.is_numeral() && known.divisor.is_numeral()) continue;  // linear arithmetic orders those
    // Two divisors that are one symbol, or two symbols the facts make equal (each thread's copy of
    // `nt = omp_get_num_threads()`).
    z3::expr sameDivisor = z3::eq(known.divisor, divisor) ? context_.bool_val(true) : known.divisor == divisor;
    z3::expr positive = sameDivisor && divisor > 0;
    divisionLemmas_.push_back(z3::implies(positive && known.dividend <= dividend, known.quotient <= quotient));
    divisionLemmas_.push_back(z3::implies(positive && dividend <= known.dividend, quotient <= known.quotient));
  }
  quotients_.push_back({dividend, divisor, quotient});
}

z3::expr Encoder::sameElement(const IndexTuple& first, Thread firstThread, const IndexTuple& second,
                              Thread secondThread) {
  if (first.size() != second.size()) return context_.bool_val(false);
  z3::expr_vector equalities(context_);
  for (size_t k = 0; k < first.size(); ++k) {
    equalities.push_back(encode(first[k], firstThread) == encode(second[k], secondThread));
    equalities.push_back(rowSplitLemma(first[k], firstThread, second[k], secondThread, kMaxRowSplitDepth));
  }
  return z3::mk_and(equalities);
}

z3::expr Encoder::differentElement(const IndexTuple& first, Thread firstThread, const IndexTuple& second,
                                   Thread secondThread) {
  if (first.size() != second.size()) return context_.bool_val(true);
  z3::expr_vector differences(context_);
  for (size_t k = 0; k < first.size(); ++k)
    differences.push_back(encode(first[k], firstThread) != encode(second[k], secondThread));
  return z3::mk_or(differences);
}

// For each width s that both indices multiply: when the widths are one positive value, both
// columns lie in [0, s) and the indices are equal, so are the rows and the columns (RowSplit.h).
// True of any two integers (the split is an identity), so conjoined with the equality it changes no
// answer, only how fast Z3 finds it. The rows may be row-major themselves (IDX(k, j, i) =
// (k * ny + j) * nx + i): `depth` levels are split.
z3::expr Encoder::rowSplitLemma(const ExprRef& first, Thread firstThread, const ExprRef& second, Thread secondThread,
                                int depth) {
  z3::expr_vector lemmas(context_);
  if (depth > 0)
    for (const ExprRef& width : widthCandidates(first)) {
      std::optional<RowSplit> a = splitByWidth(first, *width), b = splitByWidth(second, *width);
      if (!a || !b) continue;
      z3::expr widthA = encode(width, firstThread), widthB = encode(width, secondThread);
      z3::expr rowA = encode(a->row, firstThread), rowB = encode(b->row, secondThread);
      z3::expr columnA = encode(a->column, firstThread), columnB = encode(b->column, secondThread);
      z3::expr columnsInRows = 0 <= columnA && columnA < widthA && 0 <= columnB && columnB < widthB;
      z3::expr premise =
          widthA == widthB && widthA > 0 && columnsInRows && encode(first, firstThread) == encode(second, secondThread);
      lemmas.push_back(z3::implies(premise, rowA == rowB && columnA == columnB));
      lemmas.push_back(rowSplitLemma(a->row, firstThread, b->row, secondThread, depth - 1));
    }
  return lemmas.empty() ? context_.bool_val(true) : z3::mk_and(lemmas);
}

z3::expr Encoder::symbolFor(const Expr& node, Thread thread) {
  std::string name = symbolName(node, thread);
  auto found = symbolIndex_.find(name);
  if (found != symbolIndex_.end()) return symbols_[found->second].term;
  symbolIndex_.emplace(name, symbols_.size());
  symbols_.push_back({name, context_.int_const(name.c_str()), false});
  return symbols_.back().term;
}

z3::func_decl Encoder::arrayFor(const Expr& node, Thread thread) {
  std::string name = symbolName(node, thread);
  // Keyed by arity too, so that a malformed mix of a[i] and a[i][j] cannot make Z3 throw.
  std::string key = name + "/" + std::to_string(node.args.size());
  auto found = arrays_.find(key);
  if (found != arrays_.end()) return found->second;

  z3::sort_vector domain(context_);
  z3::expr_vector zeros(context_);
  for (size_t k = 0; k < node.args.size(); ++k) {
    domain.push_back(context_.int_sort());
    zeros.push_back(context_.int_val(0));
  }
  z3::func_decl array = context_.function(name.c_str(), domain, context_.int_sort());
  arrays_.emplace(key, array);
  symbols_.push_back({name, array(zeros), true});
  return array;
}

}  // namespace adrace::smt
