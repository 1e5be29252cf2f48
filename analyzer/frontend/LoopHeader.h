// Reads a canonical OpenMP loop header: `for (i = first; i CMP bound; i += step)` with the
// counter declared there or before, CMP one of < <= > >= !=, and the step written as ++, --,
// +=, -= or i = i + step.
#pragma once

#include "smt/KnowledgeBase.h"
#include "smt/LoopDomain.h"

#include <clang/AST/Stmt.h>
#include <clang/AST/Decl.h>

#include <string>

namespace adrace::analyzer {

struct LoopHeader {
  const clang::VarDecl* counter = nullptr;
  const clang::Expr* first = nullptr;
  const clang::Expr* bound = nullptr;
  const clang::Expr* step = nullptr;    // null when the step is ±1 written as ++/--
  long long unitStep = 0;               // ±1 for ++/--, 0 when `step` is an expression
  bool negateStep = false;              // -= step
  smt::Comparison comparison = smt::Comparison::Less;
};

// Fills `header`, or returns false with `reason` set.
bool readLoopHeader(const clang::ForStmt& loop, LoopHeader& header, std::string& reason);

// The counter, start and step of any `for` whose condition may be anything (`j < a && j < b`),
// as long as its body leaves the counter alone: then the counter takes the values start + k*step
// in the body. `header.bound` stays null.
bool readLoopInduction(const clang::ForStmt& loop, LoopHeader& header);

// Inside the body, how the counter stands to the bound: `k < n` gives Less; `k != bound` with a
// constant step runs until k reaches the bound from its side (null or non-constant step: NotEqual).
smt::KnowledgeBase::Relation boundRelation(smt::Comparison comparison, const smt::ExprRef& step);

}  // namespace adrace::analyzer
