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

std::optional<InlinedCall> bindNestedCall(const clang::CallExpr& call, const InlinedCall& caller,
                                          const std::set<const clang::FunctionDecl*>& active,
                                          const std::set<const clang::VarDecl*>& sharedWithTasks,
                                          std::map<std::string, int>& calls, std::string& whyNot) {
  const clang::FunctionDecl* callee = definitionOf(call);
  std::string name = calleeName(&call);
  if (callee && active.count(callee->getCanonicalDecl())) {
    whyNot = "recursive call to '" + name + "' inside called function '" + caller.callee->getNameAsString() +
             "' is not followed";
    return std::nullopt;
  }
  std::optional<InlinedCall> inlined = bindInlinedCall(call, calls, whyNot);
  if (!inlined) return std::nullopt;
  std::string callerName = caller.callee->getNameAsString();
  // What the caller's variable `passed` is, as the region sees it: `bound` (its map) and whether it
  // is the caller activation's own memory; false when it cannot be said.
  auto translate = [&](const clang::VarDecl* parameter, const clang::VarDecl* passed,
                       std::map<const clang::VarDecl*, const clang::VarDecl*>& bound) {
    if (auto array = caller.arrays.find(passed); array != caller.arrays.end()) {
      bound[parameter] = array->second;
    } else if (auto scalar = caller.addressed.find(passed); scalar != caller.addressed.end()) {
      inlined->addressed[parameter] = scalar->second;
    } else if (caller.ownMemory.count(passed)) {
      inlined->ownMemory.insert(parameter);
    } else if (caller.ownsVariable(passed)) {
      if (sharedWithTasks.count(passed) || passed->getType()->isPointerType()) {
        whyNot = "argument '" + passed->getName().str() + "' of call to '" + name + "' is a " +
                 (sharedWithTasks.count(passed) ? "local shared with tasks" : "pointer local to called function") +
                 " '" + callerName + "': the accesses through it are not followed";
        return false;
      }
      inlined->ownMemory.insert(parameter);  // an array or scalar of the caller's activation
    } else {
      bound[parameter] = passed;  // file-scope or static: named as the region names it
    }
    return true;
  };
  std::map<const clang::VarDecl*, const clang::VarDecl*> arrays, addressed;
  for (const auto& [parameter, passed] : inlined->arrays)
    if (!translate(parameter, passed, arrays)) return std::nullopt;
  std::map<const clang::VarDecl*, const clang::VarDecl*> direct = std::move(inlined->addressed);
  inlined->addressed.clear();
  for (const auto& [parameter, passed] : direct) {
    // `g(&x)`: x a scalar of the caller's, or one of its parameters (a copy of the argument).
    if (passed->getType()->isPointerType()) {
      whyNot = "argument '&" + passed->getName().str() + "' of call to '" + name +
               "' is the address of a pointer: the accesses through it are not followed";
      return std::nullopt;
    }
    if (caller.ownsVariable(passed) && !sharedWithTasks.count(passed)) {
      inlined->ownMemory.insert(parameter);
      continue;
    }
    if (!translate(parameter, passed, addressed)) return std::nullopt;
  }
  inlined->arrays = std::move(arrays);
  for (const auto& [parameter, scalar] : addressed) inlined->addressed[parameter] = scalar;
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
