// What the pieces that build one RegionModel share (RegionModelBuilder.h): the region's AST, its data
// sharing and index translation, what is known of its private integers, the callee being read at its
// call, and the model under construction. RegionValues, RegionGuards, RegionAccessCollector and
// RegionStepBuilder each hold a reference to it.
#pragma once

#include "analyzer/frontend/CalleeInlining.h"
#include "analyzer/frontend/DataSharing.h"
#include "analyzer/frontend/DerivedPointers.h"
#include "analyzer/frontend/FlagWaits.h"
#include "analyzer/frontend/IndexTranslator.h"
#include "analyzer/frontend/RegionDefinitions.h"
#include "analyzer/frontend/RegionModelBuilder.h"
#include "analyzer/model/RegionModel.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/ParentMap.h>
#include <clang/Basic/SourceManager.h>

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace adrace::analyzer::region {

// How the value of a private integer of the region is known.
struct PrivateValue {
  enum class Kind { Unknown, Defined, SequentialCounter } kind = Kind::Unknown;
  size_t definedAt = 0;                        // Defined: the top-level statement after which it holds
  bool inCallee = false;                       // Defined: a local of an inlined callee, defined where it is declared
  const clang::VarDecl* declarator = nullptr;  // Defined by its initializer: `int lo = ..., hi = lo + 1;`
  const clang::ForStmt* loop = nullptr;        // SequentialCounter: the loop whose body sees its range
};

// A call in a statement of the region whose callee's statements are read where it is made
// (RegionAccessCollector::collectCallee): what holds there, for the callee's accesses.
struct CallSite {
  std::vector<smt::Condition> guards;
  bool guardUnknown = false;
  std::set<const clang::ForStmt*> loops;  // the sequential loops around the call
};

// What the collector is gathering: a step of the region, or the shared scalars of a loop body.
struct Scope {
  DataSharing* sharing = nullptr;
  IndexTranslator* translator = nullptr;
  bool scalarsOnly = false;
  size_t topLevel = 0;                 // the step's statement, for the order of definitions
  const clang::Stmt* root = nullptr;   // guards are read up to here
  const CallSite* callSite = nullptr;  // inside a callee read at its call
  // Reading this variable's initializer: the declarators before it in its declaration are known.
  const clang::VarDecl* declaring = nullptr;
};

// A sequential loop whose step is not a constant, and how it is approximated
// (RegionGuards::addSequentialRange).
struct ApproximatedRange {
  std::string counter;  // the IR's name for the loop's counter
  std::string how;
};

struct RegionBuildState {
  RegionBuildState(const RegionModelRequest& request, clang::ASTContext& context);

  // Says, once per region, that a construct is not modelled: the first place it occurs.
  void limit(const std::string& message, const clang::Stmt* at);
  // The region's own statement (topLevel) in which `statement` stands, or topLevel.size().
  size_t topLevelIndexOf(const clang::Stmt* statement) const;
  // The binding of `call` where it is read: among the region's statements, or inside the callee
  // being read (bindNestedCall), its names then mapped through that callee's binding.
  std::optional<InlinedCall> bindCall(const clang::CallExpr& call, std::string& whyNot);
  // From enterCall to leaveCall, `call`'s callee is read as if written at the call; a callee being
  // read already is resumed at leaveCall.
  void enterCall(InlinedCall call);
  void leaveCall();

  const RegionModelRequest& request;
  clang::ASTContext& context;
  const clang::SourceManager& sources;
  const clang::Stmt* body;
  clang::ParentMap parents;
  DerivedPointers aliases;
  RegionModel model;
  std::vector<const clang::Stmt*> topLevel;
  std::unique_ptr<DataSharing> sharing;
  std::unique_ptr<IndexTranslator> translator;
  DefinitionFinder definitions;
  std::set<const clang::VarDecl*> writtenIntegerArrays;
  std::map<std::string, PrivateValue> privateValues;  // by the region's name for the variable
  std::set<std::string> writtenShared;                // shared integers some statement assigns
  // The call whose callee's statements are being read as if written at the call (CalleeInlining.h).
  std::optional<InlinedCall> inlined;
  std::vector<InlinedCall> outerCalls;      // the callees whose calls lead to `inlined`, outermost first
  std::map<std::string, int> inlinedCalls;  // calls inlined so far, per callee
  // The inlined callee's automatic scalars shared between its activation and the tasks it creates
  // (CalledTaskSequences.h), as the part being read sees them: shared scalars, not the activation's own.
  std::set<const clang::VarDecl*> taskSharedLocals;
  std::map<const clang::ForStmt*, ApproximatedRange> approximatedRanges;
  std::vector<FlagWait> flagWaits;  // in the order of model.flagWaits
  // The DataSharing and translator of each worksharing loop, alive as long as the builder.
  std::vector<std::unique_ptr<DataSharing>> loopSharings;
  std::vector<std::unique_ptr<IndexTranslator>> loopTranslators;
};

}  // namespace adrace::analyzer::region
