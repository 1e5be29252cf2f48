#include "ad/FileScopeVariables.h"

#include <clang/Basic/SourceManager.h>

#include <algorithm>

namespace adrace::ad {

std::optional<VariableInfo> fileScopeVariable(const AdjointContext& context, const clang::VarDecl* var,
                                              clang::SourceLocation at) {
  if (!var || !var->isFileVarDecl()) return std::nullopt;
  const std::string name = var->getNameAsString();
  const clang::QualType type = var->getType();
  clang::QualType element = type;
  while (element->isArrayType()) element = element->getAsArrayTypeUnsafe()->getElementType();
  const auto& activeNames = context.request.active;
  bool active = std::find(activeNames.begin(), activeNames.end(), name) != activeNames.end();
  auto refuse = [&](const std::string& why) -> std::optional<VariableInfo> {
    context.unsupported(at, why);
    return std::nullopt;
  };
  // A file-scope pointer to data the model's setup allocates (`double *profile;`): read as an array
  // by the function, inactive (its adjoint would be an array no one allocates).
  const bool pointer = type->isPointerType() && !type->getPointeeType()->isPointerType();
  if (pointer) {
    element = type->getPointeeType();
    if (active)
      return refuse("--active " + name + ": a file-scope pointer has no adjoint array (pass the array as a parameter)");
  }
  // An inactive struct of numbers (Rodinia CFD's far-field `float3 ff_fc_density_energy;`) is
  // constants the function reads as `ff.x`: declared `extern` in the adjoint's file like any global.
  const bool constantStruct = !active && !pointer && !type->isArrayType() && isStructOfNumbers(type->getAsRecordDecl());
  if (!element->isIntegerType() && !element->isRealFloatingType() && !constantStruct)
    return refuse("file-scope variable '" + name + "' of type " + type.getAsString());
  if (type->isArrayType() && !type->isConstantArrayType())
    return refuse("file-scope array '" + name + "' without a size");
  // A C++ namespace's variable is declared in the same namespace (a named one: an anonymous
  // namespace's variables are the input file's own, like statics).
  for (const clang::DeclContext* scope = var->getDeclContext()->getRedeclContext(); !scope->isTranslationUnit();
       scope = scope->getParent()->getRedeclContext())
    if (!llvm::isa<clang::NamespaceDecl>(scope))
      return refuse("variable '" + var->getQualifiedNameAsString() +
                    "' of a class or function (only file-scope and namespace variables)");
  if (active && !c::namespaceOf(var).empty())
    return refuse("--active " + name + ": a namespace's variable (its adjoint would be declared in the namespace)");
  // `static` in C, and in C++ also a namespace-scope const (internal linkage): the adjoint's file
  // cannot reach it, so a const scalar or array with an initializer (a table of weights) is repeated
  // there.
  // With --include-primal the adjoint is in the same unit and reaches every one.
  if (!var->hasExternalFormalLinkage() && !(element.isConstQualified() && var->getInit() && !pointer) &&
      !context.request.includePrimal)
    return refuse("static file-scope variable '" + name +
                  "': the adjoint's file cannot reach it (only a static const scalar or array with an "
                  "initializer is repeated there; give the others external linkage, or pass --include-primal "
                  "to write the adjoint into the primal's translation unit)");
  if (active && !element->isRealFloatingType()) return refuse("--active " + name + ": not a floating-point variable");
  if (active && element.isConstQualified()) return refuse("--active " + name + ": a const variable has no derivative");
  VariableInfo info;
  info.decl = var;
  info.name = name;
  info.global = true;
  info.active = active;
  info.array = type->isArrayType() || pointer;
  info.floating = element->isRealFloatingType();
  return info;
}

c::StmtList fileScopeDeclarations(const AdjointContext& context, const std::function<bool(const std::string&)>& used,
                                  const std::set<const clang::VarDecl*>& inPrelude) {
  const clang::SourceManager& sources = context.ast.getSourceManager();
  std::vector<const VariableInfo*> globals;
  for (const auto& [decl, info] : context.variables)
    if (info.global && !inPrelude.count(info.decl) && (info.active || used(c::qualifiedName(info.decl))))
      globals.push_back(&info);
  std::sort(globals.begin(), globals.end(), [&](const VariableInfo* a, const VariableInfo* b) {
    return sources.isBeforeInTranslationUnit(a->decl->getLocation(), b->decl->getLocation());
  });
  c::StmtList declarations;
  for (const VariableInfo* info : globals) {
    const clang::VarDecl* var = info->decl;
    bool inHeader = false;  // an included header already declares it
    for (const clang::VarDecl* declaration : var->redecls())
      inHeader |= !sources.isInMainFile(sources.getExpansionLoc(declaration->getLocation()));
    c::StmtList declared;
    if (context.request.includePrimal) {
      // the primal's file, included, declares it
    } else if (var->isConstexpr()) {  // C++: `constexpr double kappa = 0.5;` as written (internal linkage)
      declared.push_back(c::withStorage(
          c::declaration(context.from.declaredType(var, true), info->name, context.tree(var->getInit())), "constexpr"));
    } else if (!var->hasExternalFormalLinkage()) {
      declared.push_back(c::withStorage(
          c::declaration(context.from.declaredType(var), info->name, context.tree(var->getInit())), "static"));
    } else if (!inHeader) {
      declared.push_back(c::withStorage(c::declaration(context.from.declaredType(var), info->name), "extern"));
    }
    if (info->active)
      declared.push_back(c::withComment(c::declaration(context.from.declaredType(var, true), info->adjoint),
                                        "the adjoint of " + info->name));
    if (declared.empty()) continue;
    // in its namespace, named as the function names it (c/FromClang.h)
    if (std::string space = c::namespaceOf(var); !space.empty())
      declarations.push_back(c::namespaceBlock(space, std::move(declared)));
    else
      declarations.insert(declarations.end(), declared.begin(), declared.end());
  }
  return declarations;
}

}  // namespace adrace::ad
