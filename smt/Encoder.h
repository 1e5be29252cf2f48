// Encodes index IR into Z3 integer terms for one of the two threads of a query.
#pragma once

#include "smt/IndexExpr.h"

#include <z3++.h>

#include <map>
#include <string>
#include <vector>

namespace adrace::smt {

// Thread A's symbols keep their names; thread B's private and counter symbols are primed.
// Shared symbols (and shared integer arrays) are one Z3 symbol for both threads.
enum class Thread { A, B };

class Encoder {
 public:
  explicit Encoder(z3::context& context);

  z3::expr encode(const ExprRef& expr, Thread thread);
  z3::expr encode(const Expr& expr, Thread thread);

  // The element named by `first` on thread A is the one named by `second` on thread B:
  // a conjunction over components. Tuples of different length never coincide (false).
  z3::expr sameElement(const IndexTuple& first, Thread firstThread, const IndexTuple& second, Thread secondThread);
  // Its negation: some component differs.
  z3::expr differentElement(const IndexTuple& first, Thread firstThread, const IndexTuple& second, Thread secondThread);

  // Every integer constant and function symbol created so far, named as in the report
  // ("i", "i'", "k#1'", "c" for an array), for reading a witness out of a model.
  struct Symbol {
    std::string name;
    z3::expr term;  // a constant; for an array, an application of it: term.decl() is the function
    bool isArray = false;
  };
  const std::vector<Symbol>& symbols() const { return symbols_; }

  // Facts of integer division about the quotients encoded so far: C's `/` is monotone in its
  // dividend for a positive divisor, so for two quotients by divisors d1 and d2 (not both
  // constants), d1 == d2 && d1 > 0 && n1 <= n2 implies n1 / d1 <= n2 / d2. True for all integers,
  // so any solver may hold them; they order bounds like a thread's chunk [tid * n / nt,
  // (tid + 1) * n / nt), which Z3's nonlinear search proves slowly or not at all. In the order they
  // were made (a solver that has the first k needs only the rest).
  const std::vector<z3::expr>& divisionLemmas() const { return divisionLemmas_; }

 private:
  struct Quotient {
    z3::expr dividend, divisor, quotient;
  };
  // Bounds the lemmas, which grow with the square of the quotients.
  static constexpr size_t kMaxQuotients = 24;
  void recordQuotient(const z3::expr& dividend, const z3::expr& divisor, const z3::expr& quotient);

  // Row-major indices: equal rows and columns of equal indices whose columns lie within a row.
  static constexpr int kMaxRowSplitDepth = 2;
  z3::expr rowSplitLemma(const ExprRef& first, Thread firstThread, const ExprRef& second, Thread secondThread,
                         int depth);

  z3::expr symbolFor(const Expr& node, Thread thread);
  z3::func_decl arrayFor(const Expr& node, Thread thread);

  z3::context& context_;
  std::map<std::string, size_t> symbolIndex_;    // report name → index in symbols_
  std::map<std::string, z3::func_decl> arrays_;  // report name/arity → uninterpreted function
  std::vector<Symbol> symbols_;
  std::vector<Quotient> quotients_;
  std::vector<z3::expr> divisionLemmas_;
};

// Report name of a symbol on a thread: "k#1" on A, "k#1'" on B when private.
std::string symbolName(const Expr& node, Thread thread);

}  // namespace adrace::smt
