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
  z3::expr sameElement(const IndexTuple& first, Thread firstThread, const IndexTuple& second,
                       Thread secondThread);
  // Its negation: some component differs.
  z3::expr differentElement(const IndexTuple& first, Thread firstThread, const IndexTuple& second,
                            Thread secondThread);

  // Every integer constant and function symbol created so far, named as in the report
  // ("i", "i'", "k#1'", "c" for an array), for reading a witness out of a model.
  struct Symbol {
    std::string name;
    z3::expr term;  // a constant; for an array, an application of it: term.decl() is the function
    bool isArray = false;
  };
  const std::vector<Symbol>& symbols() const { return symbols_; }

 private:
  z3::expr symbolFor(const Expr& node, Thread thread);
  z3::func_decl arrayFor(const Expr& node, Thread thread);

  z3::context& context_;
  std::map<std::string, size_t> symbolIndex_;     // report name → index in symbols_
  std::map<std::string, z3::func_decl> arrays_;   // report name/arity → uninterpreted function
  std::vector<Symbol> symbols_;
};

// Report name of a symbol on a thread: "k#1" on A, "k#1'" on B when private.
std::string symbolName(const Expr& node, Thread thread);

}  // namespace adrace::smt
