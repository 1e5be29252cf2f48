#include "analyzer/frontend/RegionCalleeSteps.h"

#include "analyzer/frontend/CalleeAccesses.h"
#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/RegionStepShapes.h"
#include "analyzer/frontend/RegionSteps.h"

#include <algorithm>

namespace adrace::analyzer::region {

// `f(...);` where f is a function of the file, typically one whose body holds OpenMP constructs at
// its top level (orphaned worksharing loops, single, master, critical, atomic, barriers): OpenMP
// binds them to this region, so f's statements are read as steps of the region where it is called,
// with f's names bound as CalleeInlining.h says. Its `omp for` loops are modelled on their own (with f's locals
// private), and their references name f's parameters: with pointer parameters the region must then hold nothing but
// such calls and barriers, as other statements would not name the same arrays.
void CalleeSteps::addCalleeSteps(const clang::FunctionDecl& callee, const clang::Stmt* call, size_t index) {
  std::string name = callee.getNameAsString();
  const auto* body = llvm::cast<clang::CompoundStmt>(callee.getBody());
  auto isLoop = [](const clang::Stmt* inner) {
    return llvm::isa<clang::OMPForDirective>(inner) || llvm::isa<clang::OMPForSimdDirective>(inner);
  };
  // Without pointer parameters the callee reaches shared memory by the names the caller uses (its
  // file-scope variables), so its loops and the statements beside the call name the same arrays.
  bool namesMemoryAsCaller = std::none_of(callee.param_begin(), callee.param_end(), [](const clang::ParmVarDecl* p) {
    clang::QualType type = p->getType();
    return type->isPointerType() || type->isArrayType() || type->isReferenceType();
  });
  bool loopsNameParameters = std::any_of(body->body_begin(), body->body_end(), isLoop) && !namesMemoryAsCaller;
  // Inside another callee, the statements beside the call name that callee's variables, which the
  // loops' references would not match either.
  if (loopsNameParameters && state_.inlined)
    return state_.limit("call to '" + name + "', which holds a worksharing loop and has pointer parameters, inside " +
                            "called function '" + state_.inlined->callee->getNameAsString() + "' is not modelled",
                        call);
  if (loopsNameParameters)
    for (const clang::Stmt* other : state_.topLevel)
      if (other != call && !worksharingCallee(other) && !llvm::isa<clang::OMPBarrierDirective>(other) &&
          !llvm::isa<clang::NullStmt>(other))
        return state_.limit("call to '" + name +
                                "', which holds a worksharing loop and has pointer parameters, next to "
                                "other statements of the region is not modelled",
                            call);
  // A return before the end (or a goto) would make the statements after it conditional.
  if (const clang::Stmt* exit = earlyExitIn(*body))
    return state_.limit("a return or goto inside called function '" + name +
                            "', which holds OpenMP constructs, is not "
                            "modelled",
                        exit);
  std::string whyNot;
  std::optional<InlinedCall> inlined = state_.bindCall(*llvm::cast<clang::CallExpr>(call), whyNot);
  if (!inlined) return state_.limit(whyNot, call);
  // The caller reads its arguments (`f(a[k], x)`); an address `&x` bound to a parameter is no access.
  RegionStep arguments;
  arguments.construct = StepConstruct::Statement;
  arguments.at = positionOf(call->getBeginLoc(), state_.sources);
  std::set<unsigned> addressArguments;
  for (const auto& [parameter, scalar] : inlined->addressed)
    addressArguments.insert(llvm::cast<clang::ParmVarDecl>(parameter)->getFunctionScopeIndex());
  for (const clang::VarDecl* parameter : inlined->ownMemory)
    addressArguments.insert(llvm::cast<clang::ParmVarDecl>(parameter)->getFunctionScopeIndex());
  for (unsigned k = 0; k < inlined->call->getNumArgs(); ++k) {
    if (addressArguments.count(k)) continue;
    for (RegionAccess& access : accesses_.collect(
             inlined->call->getArg(k), {state_.sharing.get(), state_.translator.get(), false, index, state_.body}))
      arguments.accesses.push_back(std::move(access));
  }
  for (size_t k = 0; k < arguments.accesses.size(); ++k) arguments.accesses[k].reference.id = static_cast<int>(k);
  if (!arguments.accesses.empty()) state_.model.steps.push_back(std::move(arguments));
  state_.enterCall(std::move(*inlined));
  std::vector<const clang::VarDecl*> bound = values_.bindCalleeVariables(*state_.inlined, index);
  for (const clang::Stmt* inner : body->body()) {
    if (isLoop(inner)) {
      steps_.addLoopStep(*llvm::cast<clang::OMPLoopDirective>(inner), index, &callee);
      continue;
    }
    // A sequential loop around f's constructs is a cycle of the region's steps, as in the region's own
    // statements; its header then names f's locals, which the loops naming f's parameters would not meet.
    if (sequentialLoopAroundSteps(inner) && loopsNameParameters) {
      state_.limit("a sequential loop holding OpenMP constructs inside called function '" + name +
                       "', whose worksharing loops name its pointer parameters, is not modelled",
                   inner);
      continue;
    }
    if (loopsNameParameters && !llvm::isa<clang::OMPBarrierDirective>(inner)) {
      // The loops' references name f's parameters, which the other statements' would not match.
      CallSummary summary = followStatement(*inner, callee);
      if (!summary.unmodelled.empty() || !summary.accesses.empty() || llvm::isa<clang::OMPExecutableDirective>(inner)) {
        state_.limit("statements of called function '" + name +
                         "' beside its worksharing loops, which name its pointer "
                         "parameters, are not modelled",
                     inner);
        continue;
      }
    }
    size_t before = state_.model.steps.size();
    steps_.addStep(inner, index);
    // Steps read from the callee point at its statements, not at the call; a call's own callee's
    // steps point at that callee's statements already.
    if (calleeToInline(inner)) continue;
    for (size_t k = before; k < state_.model.steps.size(); ++k)
      if (state_.model.steps[k].kind == RegionStep::Kind::Statements)
        state_.model.steps[k].at = positionOf(inner->getBeginLoc(), state_.sources);
  }
  for (const clang::VarDecl* variable : bound) state_.translator->unbindCalleeCounter(variable);
  state_.leaveCall();
}

}  // namespace adrace::analyzer::region
