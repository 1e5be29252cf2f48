// The shapes of a parallel region's statements that RegionStepBuilder reads as steps: barriers (and
// functions that are nothing but barriers), worksharing constructs, blocks and if/else arms holding
// them, sequential loops around them, calls to functions of the file, and the directives a plain
// statement holds that the region model cannot place.
#pragma once

#include "analyzer/frontend/RegionModelBuilder.h"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtOpenMP.h>

namespace adrace::analyzer::region {

// The OpenMP directive inside a plain statement that the region model cannot place; null if none.
const clang::Stmt* unsupportedDirectiveIn(const clang::Stmt* statement, const RegionSite& site,
                                          clang::ASTContext& context);
// The function a statement `f(...);` calls, when its body has OpenMP directives of its own, or calls
// (as statements of its body) functions that have, at any depth.
const clang::FunctionDecl* worksharingCallee(const clang::Stmt* statement);
// The function a statement `f(...);` calls when f is defined in the file and may touch memory.
const clang::FunctionDecl* calleeToInline(const clang::Stmt* statement);
// The constructs the front-end reports as unsupported itself (a task, a target region).
bool reportedByTheFrontEnd(const clang::OMPExecutableDirective& directive);
// `f(...);` where f's body is nothing but barriers.
bool callsBarrierFunction(const clang::Stmt* statement);
bool isBarrier(const clang::Stmt* statement);
// A worksharing loop, single, master, masked, critical or atomic.
bool isBlockStep(const clang::Stmt* statement);
// `if (c) { ... } else { ... }` where an arm holds a barrier, a worksharing loop or a single.
const clang::IfStmt* ifElseOfSteps(const clang::Stmt* statement);
// `if (c) { ...; barrier; ... }` (no else): the block.
const clang::CompoundStmt* blockOfSteps(const clang::Stmt* statement);
// The body of a `for`, `while` or `do` loop; null for any other statement.
const clang::Stmt* sequentialBodyOf(const clang::Stmt* loop);
// A sequential loop whose body holds worksharing constructs or barriers of its own.
const clang::Stmt* sequentialLoopAroundSteps(const clang::Stmt* statement);
// The first `return` before the last statement of a function's body, or `goto`, in it; null if none.
const clang::Stmt* earlyExitIn(const clang::CompoundStmt& body);

// A break or continue of the loop whose body is traversed (not of a loop or switch inside it), a
// return or a goto.
struct JumpOutOfBody : clang::RecursiveASTVisitor<JumpOutOfBody> {
  using Base = clang::RecursiveASTVisitor<JumpOutOfBody>;
  const clang::Stmt* returnOrGoto = nullptr;  // the first
  bool breaks = false, continues = false;
  int loops = 0, switches = 0;
  bool TraverseForStmt(clang::ForStmt* s) {
    return inside(loops, [&] { return Base::TraverseForStmt(s); });
  }
  bool TraverseWhileStmt(clang::WhileStmt* s) {
    return inside(loops, [&] { return Base::TraverseWhileStmt(s); });
  }
  bool TraverseDoStmt(clang::DoStmt* s) {
    return inside(loops, [&] { return Base::TraverseDoStmt(s); });
  }
  bool TraverseSwitchStmt(clang::SwitchStmt* s) {
    return inside(switches, [&] { return Base::TraverseSwitchStmt(s); });
  }
  template <typename Traverse>
  bool inside(int& depth, Traverse traverse) {
    ++depth;
    bool result = traverse();
    --depth;
    return result;
  }
  bool VisitStmt(clang::Stmt* statement) {
    bool exits = llvm::isa<clang::ReturnStmt>(statement) || llvm::isa<clang::GotoStmt>(statement);
    bool breaksLoop = llvm::isa<clang::BreakStmt>(statement) && loops == 0 && switches == 0;
    bool continuesLoop = llvm::isa<clang::ContinueStmt>(statement) && loops == 0;
    if (exits && !returnOrGoto) returnOrGoto = statement;
    breaks |= breaksLoop;
    continues |= continuesLoop;
    return true;
  }
};

}  // namespace adrace::analyzer::region
