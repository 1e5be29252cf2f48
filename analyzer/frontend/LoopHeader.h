// Reads a canonical OpenMP loop header: `for (i = first; i CMP bound; i += step)` with the
// counter declared there or before, CMP one of < <= > >= !=, and the step written as ++, --,
// +=, -= or i = i + step. The adjoint generator (ad/ForHeader) reads its loop headers here too,
// and also accepts a sequential loop bounded twice (LoopBounds::SmallerOfTwo).
#pragma once

#include "smt/KnowledgeBase.h"
#include "smt/LoopDomain.h"

#include <clang/AST/Stmt.h>
#include <clang/AST/Decl.h>

#include <string>
#include <vector>

namespace adrace::analyzer {

struct LoopHeader {
  const clang::VarDecl* counter = nullptr;
  const clang::Expr* first = nullptr;
  const clang::Expr* bound = nullptr;
  // `i < a && i < b` (or `<=` twice): the loop runs up to the smaller of `bound` (a) and this (b).
  // Only LoopBounds::SmallerOfTwo reads it: OpenMP's canonical loop form has one bound, so a
  // worksharing loop cannot be written this way, and callers that need canonical form read LoopBounds::One.
  const clang::Expr* secondBound = nullptr;
  const clang::Expr* step = nullptr;  // null when the step is ±1 written as ++/--
  long long unitStep = 0;             // ±1 for ++/--, 0 when `step` is an expression
  bool negateStep = false;            // -= step
  smt::Comparison comparison = smt::Comparison::Less;
};

// The counter and its first value, from the init statement `T i = first` or `i = first` (C89:
// the counter declared before the loop); false when the init is neither.
bool readLoopInit(const clang::ForStmt& loop, LoopHeader& header);

// Whether a condition `i < a && i < b` is read (as `bound` and `secondBound`) or refused.
enum class LoopBounds { One, SmallerOfTwo };

// Fills `header`, or returns false with `reason` set.
bool readLoopHeader(const clang::ForStmt& loop, LoopHeader& header, std::string& reason,
                    LoopBounds bounds = LoopBounds::One);

// The counter, start and step of any `for` whose condition may be anything (`j < a && j < b`),
// as long as its body leaves the counter alone: then the counter takes the values start + k*step
// in the body. `header.bound` stays null.
bool readLoopInduction(const clang::ForStmt& loop, LoopHeader& header);

// The counters of a `for` that steps several together, each as readLoopInduction reads one:
// `for (k = m * box, ii = 0; ii < n; ++ii, ++k)` (or `int k = ..., ii = 0`) gives k and ii with their
// starts and steps, all advancing once per iteration, none changed in the body. The counter the
// condition compares (`ii < n`) gets its bound and comparison; the others' `bound` stays null.
bool readCounterList(const clang::ForStmt& loop, std::vector<LoopHeader>& headers);

// Inside the body, how the counter stands to the bound: `k < n` gives Less; `k != bound` with a
// constant step runs until k reaches the bound from its side (null or non-constant step: NotEqual).
smt::KnowledgeBase::Relation boundRelation(smt::Comparison comparison, const smt::ExprRef& step);

}  // namespace adrace::analyzer
