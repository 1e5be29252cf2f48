// Questions about two accesses made by different makers, each with its own iteration domain: an
// iteration of a `nowait` loop and one of the loop after it, a thread of a parallel region and an
// iteration of a worksharing loop, two threads of a region. A KnowledgeBase compares two
// iterations of one domain; here each side brings its own domain and facts.
//
// The first side is encoded as thread A of the Encoder and the second as thread B, so private and
// counter symbols of the two sides stay apart (`i` and `i'`) and shared ones are one symbol.
#pragma once

#include "smt/KnowledgeBase.h"

#include <vector>

namespace adrace::smt {

// lhs RELATION rhs, both on one side (a fact) or lhs on the first side and rhs on the second (a link).
struct Condition {
  ExprRef lhs;
  KnowledgeBase::Relation relation = KnowledgeBase::Relation::Equal;
  ExprRef rhs;
};

// One access: the domain its maker ranges over, what holds where it executes, the element.
struct AccessSite {
  LoopDomain domain;
  std::vector<Condition> facts;
  IndexTuple element;
};

// How iterations of the two sides pair up.
enum class Pairing {
  Any,                  // any iteration of one side with any iteration of the other
  DifferentIterations,  // the counters differ in some position (for two domains of the same shape)
};

// Can `first`'s element on some iteration of its domain be `second`'s element on an iteration of
// its own, under both sides' facts and the links between them? The witness names the first
// side's symbols plainly and the second side's primed (i=3, i'=4). A shared integer array read on
// either side makes an overlap only possible (throughArrayRead), as in KnowledgeBase::mayCoincide.
// `unless`: conjunctions of links, each of which orders the two accesses when it holds (a chain of
// task dependences): the witness must satisfy none of them.
Coincidence mayCoincideAcross(SolverSession& session, const AccessSite& first, const AccessSite& second,
                              Pairing pairing, const std::vector<Condition>& links = {},
                              const std::vector<std::vector<Condition>>& unless = {});

}  // namespace adrace::smt
