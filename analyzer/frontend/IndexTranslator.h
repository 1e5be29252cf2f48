// Translates Clang integer expressions (array subscripts, loop bounds, definitions, conditions)
// into the index IR. What the IR cannot say — a call, a struct member, a bitwise operator, a
// floating-point value — is refused with a reason, never approximated.
#pragma once

#include "analyzer/frontend/DataSharing.h"
#include "analyzer/frontend/InstanceNumbering.h"
#include "analyzer/frontend/MemberPath.h"
#include "smt/IndexExpr.h"
#include "smt/IterationSpace.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

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
  Result translateMember(const clang::MemberExpr& member);

  // An array access split into the accessed variable and its subscripts: a[i][j], p[i], *(p + i),
  // *p, (p + k)[i]. Null variable when the base is not a plain variable (then `reason` says why).
  struct Access {
    const clang::VarDecl* variable = nullptr;
    std::vector<const clang::Expr*> subscripts;  // outermost first: a[e1][e2] → {e1, e2}
    std::vector<const clang::Expr*> offsets;     // added to the last subscript: (p + k)[i]
    std::string reason;
    // Through struct members (`d->m_xd[i]`, `p[i].v[k]`, and `p[i].x` or `d->n` alone): the root
    // and the path, with the root's subscripts first in `subscripts`. `variable` stays null and
    // `reason` says members are not modelled, for the users that do not follow members.
    std::optional<MemberPath> member;
  };
  // Also splits a member access that is not subscripted (`p[i].x`, `d->count`). In the body of a
  // member function called on `object`, `this` is that object (memberPathOf).
  static Access splitAccess(const clang::Expr* expression, const clang::Expr* object = nullptr);
  // The subscripts of an access as an index tuple, outermost first (offsets folded into the last
  // component). False, with the first failure's reason, when one cannot be translated; `indices`
  // is then left empty.
  bool translateSubscripts(const Access& access, std::vector<smt::ExprRef>& indices, std::string& reason);

  // `c ? x : y` whose condition compares its two arms: min(x, y) (`x < y ? x : y`, `x > y ? y : x`)
  // or max(x, y). The loop models take the bounds it implies as facts: `e = min(x, y)` gives e <= x
  // and e <= y, `i < min(x, y)` gives i < x and i < y.
  struct Extremum {
    bool smaller = true;  // min (true) or max (false)
    smt::ExprRef first, second;
  };
  std::optional<Extremum> translateExtremum(const clang::Expr* expression);
  // Like translate, and an integer `c ? x : y` whose condition compares two integers (`MIN(lo + chunk,
  // n)`, `t == nt - 1 ? n : lo + chunk`), at any depth of its arms, as the IR's IfLess: exact, so a
  // value or bound written so is known. Only the parallel regions' values use it: the loop models
  // and the adjoint read an index as a sum of terms, which a choice is not.
  Result translateWithChoices(const clang::Expr* expression);

  // While translating an expression of a called function's body: its parameters stand for the
  // call's arguments, translated where the call is made (calls nest: the innermost is entered
  // last). Its other variables (locals, file-scope variables) are refused.
  void enterCall(const clang::CallExpr& call);
  void leaveCall();
  // The counter of a loop of the entered callee stands for `symbol` (CalleeLoops.h).
  void bindCalleeCounter(const clang::VarDecl* counter, smt::ExprRef symbol) {
    calleeCounters_[counter] = std::move(symbol);
  }
  void unbindCalleeCounter(const clang::VarDecl* counter) { calleeCounters_.erase(counter); }
  bool boundCalleeCounter(const clang::VarDecl* counter) const { return calleeCounters_.count(counter) > 0; }

  // In a parallel region's own statements omp_get_thread_num() is one value per thread and
  // omp_get_num_threads() the team size: with these symbols the calls translate (in a loop they do
  // not, as two iterations may run on one thread).
  void nameThreadQueries(smt::ExprRef threadNumber, smt::ExprRef teamSize);
  // In a teams region's own statements omp_get_team_num() is one value per team and
  // omp_get_num_teams() the league size.
  void nameTeamQueries(smt::ExprRef teamNumber, smt::ExprRef leagueSize);

 private:
  Result translateSubscript(const Access& access, size_t position);
  Result translateVariable(const clang::DeclRefExpr* reference);
  // A member read in an index, `this` standing for `object` when not null (MemberPath.h).
  Result translateMemberPath(const clang::MemberExpr& member, const clang::Expr* object);
  const clang::Expr* returnedExpression(const clang::CallExpr& call) const;
  Result fail(std::string reason) { return {nullptr, std::move(reason)}; }

  clang::ASTContext& context_;
  DataSharing& sharing_;
  InstanceNumbering* instances_;
  std::set<const clang::VarDecl*> writtenArrays_;
  std::vector<const clang::CallExpr*> calls_;  // entered calls, innermost last
  std::map<const clang::VarDecl*, smt::ExprRef> calleeCounters_;
  smt::ExprRef threadNumber_;  // null unless nameThreadQueries was called
  smt::ExprRef teamSize_;
  smt::ExprRef teamNumber_;  // null unless nameTeamQueries was called
  smt::ExprRef leagueSize_;
};

// The relation a comparison `a OP b` states when it `holds` (or, false, when it does not):
// `<` holds gives Less, `<` does not gives GreaterEqual. Nothing for other operators.
std::optional<smt::Relation> relationOf(clang::BinaryOperatorKind kind, bool holds);

}  // namespace adrace::analyzer
