#include "analyzer/frontend/CalleeInlining.h"

#include "analyzer/frontend/CalleeAccesses.h"
#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/ReferenceCollector.h"

#include <clang/AST/RecursiveASTVisitor.h>

#include <vector>

namespace adrace::analyzer {
namespace {

bool passesMemory(const clang::ParmVarDecl& parameter) {
  clang::QualType type = parameter.getType();
  return type->isPointerType() || type->isReferenceType() || parameter.getOriginalType()->isArrayType();
}

const clang::FunctionDecl* definitionOf(const clang::CallExpr& call) {
  const clang::FunctionDecl* definition = nullptr;
  if (!call.getDirectCallee() || !call.getDirectCallee()->hasBody(definition)) return nullptr;
  return definition;
}

}  // namespace

bool InlinedCall::ownsVariable(const clang::VarDecl* variable) const {
  if (!variable || !variable->hasLocalStorage()) return false;
  // Declared in the callee's body or in a captured statement of it (a task's body).
  const clang::DeclContext* context = variable->getDeclContext();
  while (context && llvm::isa<clang::CapturedDecl>(context)) context = context->getParent();
  return context == callee;
}

std::string InlinedCall::symbolOf(const clang::VarDecl* variable) const {
  struct Namesakes : clang::RecursiveASTVisitor<Namesakes> {
    const clang::VarDecl* variable = nullptr;
    bool found = false;
    bool VisitVarDecl(clang::VarDecl* other) {
      found |= other != variable && other->getName() == variable->getName();
      return !found;
    }
  } namesakes;
  namesakes.variable = variable;
  namesakes.TraverseStmt(callee->getBody());
  std::string symbol = symbolPrefix + variable->getName().str();
  if (!namesakes.found) return symbol;
  const clang::SourceManager& sources = callee->getASTContext().getSourceManager();
  return symbol + "@" + std::to_string(sources.getSpellingLineNumber(variable->getLocation()));
}

std::optional<InlinedCall> bindInlinedCall(const clang::CallExpr& call, std::map<std::string, int>& calls,
                                           std::string& whyNot) {
  const clang::FunctionDecl* callee = definitionOf(call);
  std::string name = calleeName(&call);
  if (!callee || !llvm::isa_and_nonnull<clang::CompoundStmt>(callee->getBody())) {
    whyNot = "call to '" + name + "': its body is not in this file";
    return std::nullopt;
  }
  InlinedCall inlined;
  inlined.call = &call;
  inlined.callee = callee;
  for (const clang::ParmVarDecl* parameter : callee->parameters()) {
    if (!passesMemory(*parameter)) continue;
    if (parameter->getType()->isReferenceType()) {
      whyNot =
          "reference parameter '" + parameter->getName().str() + "' of called function '" + name + "' is not followed";
      return std::nullopt;
    }
    if (modifiedIn(*callee->getBody(), parameter)) {
      whyNot = "pointer parameter '" + parameter->getName().str() + "' of called function '" + name + "' is reassigned";
      return std::nullopt;
    }
    unsigned index = parameter->getFunctionScopeIndex();
    if (index >= call.getNumArgs()) {
      whyNot = "call to '" + name + "' passes no argument for '" + parameter->getName().str() + "'";
      return std::nullopt;
    }
    const clang::Expr* argument = call.getArg(index)->IgnoreParenImpCasts();
    if (const clang::VarDecl* variable = variableOf(argument)) {
      inlined.arrays[parameter] = variable;
      continue;
    }
    auto* address = llvm::dyn_cast<clang::UnaryOperator>(argument);
    const clang::VarDecl* scalar =
        address && address->getOpcode() == clang::UO_AddrOf ? variableOf(address->getSubExpr()) : nullptr;
    if (scalar && !scalar->getType()->isArrayType()) {
      inlined.addressed[parameter] = scalar;
      continue;
    }
    whyNot = "argument '" + sourceText(argument, callee->getASTContext()) + "' of call to '" + name +
             "' is not a plain variable or its address: the accesses through it are not followed";
    return std::nullopt;
  }
  int count = ++calls[name];
  inlined.symbolPrefix = name + (count > 1 ? "#" + std::to_string(count) : "") + "::";
  return inlined;
}

std::set<const clang::VarDecl*> writtenByCallees(const clang::Stmt& statement) {
  std::set<const clang::VarDecl*> written;
  std::set<const clang::FunctionDecl*> seen;
  std::vector<const clang::Stmt*> pending{&statement};
  while (!pending.empty()) {
    const clang::Stmt* next = pending.back();
    pending.pop_back();
    struct Calls : clang::RecursiveASTVisitor<Calls> {
      std::vector<const clang::CallExpr*> found;
      bool VisitCallExpr(clang::CallExpr* call) {
        found.push_back(call);
        return true;
      }
    } calls;
    calls.TraverseStmt(const_cast<clang::Stmt*>(next));
    for (const clang::CallExpr* call : calls.found) {
      const clang::FunctionDecl* callee = definitionOf(*call);
      if (!callee || !callee->getBody()) continue;
      WrittenVariables writes = findWrittenVariables(*callee->getBody());
      for (const std::set<const clang::VarDecl*>* kind : {&writes.arrays, &writes.scalars})
        for (const clang::VarDecl* variable : *kind) {
          if (variable->hasGlobalStorage()) written.insert(variable);
          auto* parameter = llvm::dyn_cast<clang::ParmVarDecl>(variable);
          if (parameter && parameter->getDeclContext() == callee &&
              parameter->getFunctionScopeIndex() < call->getNumArgs()) {
            const clang::Expr* argument = call->getArg(parameter->getFunctionScopeIndex())->IgnoreParenImpCasts();
            if (auto* address = llvm::dyn_cast<clang::UnaryOperator>(argument);
                address && address->getOpcode() == clang::UO_AddrOf)
              argument = address->getSubExpr();
            if (const clang::VarDecl* passed = variableOf(argument)) written.insert(passed);
          }
        }
      if (seen.insert(callee).second) pending.push_back(callee->getBody());
    }
  }
  return written;
}

}  // namespace adrace::analyzer
