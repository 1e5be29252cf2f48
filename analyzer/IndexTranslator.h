// Translates Clang integer expressions (array subscripts, loop bounds, definitions, conditions)
// into the index IR. What the IR cannot say — a call, a struct member, a bitwise operator, a
// floating-point value — is refused with a reason, never approximated.
#pragma once

#include "analyzer/DataSharing.h"
#include "analyzer/InstanceNumbering.h"
#include "smt/IndexExpr.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>

#include <set>
#include <string>

namespace adrace::analyzer {

class IndexTranslator {
 public:
  // `instances` may be null: every variable then stands for its value before the loop (bounds).
  IndexTranslator(clang::ASTContext& context, DataSharing& sharing, InstanceNumbering* instances,
                  std::set<const clang::VarDecl*> writtenArrays);

  struct Result {
    smt::ExprRef expr;   // null on failure
    std::string reason;  // why it could not be translated
  };
  Result translate(const clang::Expr* expression);

  // An array access split into the accessed variable and its subscripts: a[i][j], p[i], *(p + i),
  // *p, (p + k)[i]. Null variable when the base is not a plain variable (then `reason` says why).
  struct Access {
    const clang::VarDecl* variable = nullptr;
    std::vector<const clang::Expr*> subscripts;   // outermost first: a[e1][e2] → {e1, e2}
    std::vector<const clang::Expr*> offsets;      // added to the last subscript: (p + k)[i]
    std::string reason;
  };
  static Access splitAccess(const clang::Expr* expression);
  // The subscripts of an access as an index tuple (offsets folded into the last component).
  Result translateSubscript(const Access& access, size_t position);

 private:
  Result translateVariable(const clang::DeclRefExpr* reference);
  Result fail(std::string reason) { return {nullptr, std::move(reason)}; }

  clang::ASTContext& context_;
  DataSharing& sharing_;
  InstanceNumbering* instances_;
  std::set<const clang::VarDecl*> writtenArrays_;
};

}  // namespace adrace::analyzer
