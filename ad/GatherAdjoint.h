// The gather form of an adjoint array (PerforAD, Hückelheim et al., ICS 2019), for the arrays whose
// analysis says so (analyzer/verdicts/GatherAnalysis.h). A stencil read x[i + c] makes the
// scatter x_b[i + c] += t(i), which neighbouring iterations collide on; here the backward sweep
// instead loops over the targets j and sums t(j - c) for each read: every target is owned by one
// iteration of that loop, so the stores are plain, with no atomics and no reduction copies.
//
// While the loop's backward iteration is generated, the increments of the gathered arrays are
// taken here instead of being emitted (takes); build() then turns each into a term evaluated at the
// shifted iteration, each counter replaced by t - c, on the C tree. Targets whose shifted iterations
// all lie in the primal range form the interior loop (plain sums); the targets near either end are
// peeled, each term guarded by its range test. A collapse(n) nest gathers over n target counters:
// an `omp for` over the first, and in each dimension the interior between two guarded strips.
//
// A term may read the adjoint of a body-local scalar (flux_b, from `double flux = f(u[i], u[i+1]);`):
// its increments in the backward iteration are recorded too, and the term recomputes the local at
// its shifted iteration (a fresh name, declared before the term) from them. That is exact when the
// local is computed once on the body's root (the analysis: declared on the root, never assigned
// again) and every increment of its adjoint is emitted on the root of the backward iteration (not
// under a branch of its own): then its adjoint at iteration i is the sum of those increments at i.
// build() refuses (and the caller emits the guarded scatter instead) when a term reads something a
// shifted iteration does not have. A read under branches of the innermost body is a term guarded by
// their conditions, which are evaluated at the shifted iteration as the term is (BranchGuard.h).
#pragma once

#include "ad/AdjointContext.h"
#include "ad/ForHeader.h"
#include "ad/IterationTape.h"
#include "ad/StatementAdjoint.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace adrace::ad {

// The loops a gather ranges over: `collapsed` (the directive's loops), then the `depth` loops of the
// perfect nest in the innermost one's body (analyzer::LoopModel::perfectNest, which the analysis
// counted as dimensions of its terms). nullopt when the body does not hold them.
std::optional<std::vector<ForHeader>> gatherBox(AdjointContext& context, std::vector<ForHeader> collapsed,
                                                size_t depth);

class GatherAdjoint {
 public:
  // `arrays`: the adjoint arrays of `loop` emitted as gathers. `invariantNames`: identifiers a term
  // may read at a shifted iteration besides the counter (variables the loop does not privatise and
  // does not write, the adjoints of shared arrays, the adjoints of reduction variables).
  // `nest`: the loop's headers, outermost first (one unless collapse(n)), then those of a perfect
  // nest in its body (gatherBox). `bodyLocals`: the scalars
  // declared in the loop's body whose adjoints a term may recompute.
  GatherAdjoint(AdjointContext& context, const ParallelLoop& loop, std::vector<ForHeader> nest,
                std::set<const clang::VarDecl*> arrays, std::set<std::string> invariantNames,
                std::set<const clang::VarDecl*> bodyLocals);

  // Whether the increment belongs to a gathered array: then it is recorded, not emitted. The
  // increments of body-local adjoints are recorded as well (and emitted): `atRoot` says whether the
  // backward iteration emits it on its root, where every iteration runs it.
  bool takes(const Increment& increment, bool atRoot);

  // The gather loops, to run inside the backward sweep's parallel region before the loop's own
  // backward iterations; nullopt with the reason in `failure` when a term cannot be gathered.
  std::optional<c::StmtList> build(std::string& failure);

  // Body-local scalars a term may read from a per-iteration tape (IterationTape.h): at its shifted
  // iteration, `s` is `s_tape[k]`, k the iteration's logical number. Before the terms are built.
  void readFromTape(const std::set<const clang::VarDecl*>& scalars);
  // The taped scalars the built terms read, each with its tape's name (empty when none).
  std::vector<TapedScalar> tapedReads() const;

  // The body-local adjoints whose increments were recorded (the terms may have recomputed them).
  std::vector<std::string> localAdjoints() const;
  // The primal scalars a term may recompute at its shifted iteration (Definition).
  std::vector<const clang::VarDecl*> recomputableValues() const;

 private:
  // One inner loop of a family of terms: its header, its counter's values as the analysis evaluated
  // them, and the counter of the box it shifts.
  struct FamilyLoop {
    ForHeader header;
    std::int64_t first = 0, last = 0;
    size_t dimension = 0;
  };
  struct Term {
    Increment increment;
    std::vector<std::int64_t> offsets;  // the read was x[i + offsets[0]][j + offsets[1]]...
    // A family of terms (analyzer::GatherTerm::inner): the read x[i + r + offsets[0]] sits in these
    // inner loops (a nest of them in a 2-D filter), whose headers the gather's loops repeat; empty
    // for a root term.
    std::vector<FamilyLoop> family;
    c::ExprRef guard;  // the read's branch conditions (BranchGuard.h), null on the root
    // The iteration whose term reaches `targets` (one per counter of the box): t_d minus the inner
    // counter that shifts d and the offset.
    std::vector<c::ExprRef> iterationAt(const std::vector<c::ExprRef>& targets) const;
    // The lowest and highest offset it reaches in dimension d (a family: widened by its range).
    std::int64_t lowest(size_t d) const;
    std::int64_t highest(size_t d) const;
  };
  // The increments of a body-local adjoint, in emission order; `exact` false when one was under a branch.
  struct LocalAdjoint {
    const clang::VarDecl* decl = nullptr;
    std::vector<Increment> increments;
    bool exact = true;
  };
  // A term's value at its shifted iteration, with the recomputed locals it reads declared before it.
  struct ShiftedValue {
    c::StmtList locals;
    c::ExprRef value;
  };
  struct Target {
    const VariableInfo* info = nullptr;
    std::vector<Term> terms;
    bool linearised = false;  // one subscript for the whole box (analyzer::GatherForm::linearised)
  };
  // A private scalar the innermost body assigns once on its root (`p = IDX(k, j, i);`,
  // LoopModel::singleDefinitions), or an initialised local of that root it never assigns again
  // (`double smooth = ...;`): a term recomputes it at its shifted iteration from `value`.
  struct Definition {
    const clang::VarDecl* decl = nullptr;
    c::ExprRef value;
  };
  std::optional<std::string> unreadable(const c::ExprRef& value, std::set<std::string>& visiting) const;
  // The term whose subscript names a linearised target's element, with that subscript: the first
  // whose subscript reads no recomputed local, else the first through one; none when no term is a
  // subscript (build() then refuses the gather).
  struct Layout {
    const Term* term = nullptr;
    c::ExprRef index;
  };
  std::optional<Layout> layoutTerm(const Target& target) const;
  // A linearised array's element that target `iteration` owns: the layout term's subscript at the
  // point the term shifts it to (LinearisedIndex.h).
  c::ExprRef linearisedElement(const Target& target, const std::vector<c::ExprRef>& targets) const;
  bool isObjectLikeMacro(const std::string& name) const;
  bool recomputableLocal(const clang::VarDecl* decl) const;
  bool isCounter(const std::string& name) const;
  // The term's value, `guard ? value : 0.0` under branches (for targets known to be elements).
  c::ExprRef guardedValue(const Term& term) const;
  // `element += term` at `iteration` (in range), stored only where the term's guard holds there.
  c::StmtList guardedStore(const Term& term, const std::vector<c::ExprRef>& iteration, const c::ExprRef& element);
  // The analysis' context of the innermost body's root (a read elsewhere is under its branches).
  int innermostContext() const;
  c::ExprRef shifted(const c::ExprRef& value, const std::vector<c::ExprRef>& iteration) const;
  // A local recomputed at an iteration (one expression per counter, compared as trees) under a fresh name.
  struct Recomputed {
    std::string local;
    std::vector<c::ExprRef> iteration;
    std::string fresh;
  };
  using RecomputedLocals = std::vector<Recomputed>;
  // `value` at the shifted iteration `iteration` (one expression per counter); the locals it reads
  // recomputed under fresh names, shared through `cache`.
  ShiftedValue atIteration(const c::ExprRef& value, const std::vector<c::ExprRef>& iteration, RecomputedLocals& cache);
  // The sum of a target's terms (`values`: each term at its shifted iteration) where every shifted
  // iteration is in range: terms that differ only in a recomputed adjoint merged (GatheredSum.h).
  c::ExprRef interiorSum(const Target& target, const std::vector<c::ExprRef>& values) const;
  c::StmtList gatherLoops(const Target& target);
  // A family term inside one target's loops: `for (r ...) { x_b[j] += term at i = j - r - c; }`, each
  // term guarded by its shifted iteration's range in the dimensions not known to be `interior`.
  c::StmtRef familyLoop(const Term& term, const std::vector<c::ExprRef>& targets, const c::ExprRef& element,
                        const std::vector<bool>& interior);
  c::StmtList gatherLoopsNest(const Target& target);
  // GatherStrips.cpp (one-dimensional gathers): the body-local adjoints that the interior targets
  // read at several shifted iterations, each costlier than a load; openStrips names their buffers
  // (the interior's terms built next read them there), stripMinedInterior runs `targets` (the loop
  // over one strip's targets, from stripBegin_ to stripEnd_) in strips that first fill the buffers.
  std::map<std::string, std::int64_t> stripAdjoints(const Target& target) const;  // adjoint -> reads per target
  void openStrips(const std::map<std::string, std::int64_t>& adjoints);
  c::StmtRef stripMinedInterior(const std::map<std::string, std::int64_t>& adjoints,
                                const std::map<std::string, std::string>& buffers, const c::ExprRef& begin,
                                const c::ExprRef& end, std::int64_t low, std::int64_t high, c::StmtRef targets);

  AdjointContext& context_;
  const ParallelLoop& loop_;
  std::vector<ForHeader> nest_;
  const ForHeader& header_;  // the outermost loop
  std::set<const clang::VarDecl*> arrays_;
  std::set<std::string> invariantNames_;
  std::set<const clang::VarDecl*> bodyLocals_;
  std::map<std::string, LocalAdjoint> localAdjoints_;  // by adjoint name
  std::map<std::string, Definition> definitions_;      // by the scalar's name
  std::vector<Target> targets_;
  std::string failure_;                                    // a taken increment that cannot become a term
  std::set<std::string> familyCounters_;                   // the inner counters of family terms (readable in a term)
  std::set<std::string> recomputedAdjoints_;               // fresh names of body-local adjoints at shifted iterations
  std::map<std::string, const clang::VarDecl*> tapeable_;  // readFromTape's scalars, by name
  std::map<std::string, std::string> tapes_;               // the tapes the terms read: scalar name -> tape name
  // While the interior of a strip is built: a body-local adjoint's buffer (by the adjoint's name);
  // the iteration its first element holds, and the strip's bounds (GatherStrips.cpp).
  std::map<std::string, std::string> strips_;
  c::ExprRef stripFirst_;
  std::string stripBegin_, stripEnd_;
};

}  // namespace adrace::ad
