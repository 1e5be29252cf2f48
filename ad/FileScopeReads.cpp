#include "ad/FileScopeReads.h"

#include <clang/Basic/SourceManager.h>

#include <algorithm>

namespace adrace::ad {

bool addFileScopeRead(AdjointContext& context, const clang::VarDecl* var, clang::SourceLocation at) {
  if (!var || !var->isFileVarDecl()) return false;
  const std::string name = var->getNameAsString();
  clang::QualType element = var->getType();
  while (element->isArrayType()) element = element->getAsArrayTypeUnsafe()->getElementType();
  if (!element->isIntegerType() && !element->isRealFloatingType()) {
    context.unsupported(at, "file-scope variable '" + name + "' of type " + var->getType().getAsString());
    return false;
  }
  bool isStatic = var->getStorageClass() == clang::SC_Static;
  if (isStatic && !(var->getType().isConstQualified() && var->getInit() && !var->getType()->isArrayType())) {
    context.unsupported(at, "static file-scope variable '" + name + "' (only a static const scalar with an initializer can be "
                                                                  "repeated in the adjoint's file)");
    return false;
  }
  VariableInfo info;
  info.decl = var;
  info.name = name;
  info.global = true;
  info.array = var->getType()->isArrayType();
  info.floating = element->isRealFloatingType();
  context.variables[var] = info;
  return true;
}

c::StmtList fileScopeDeclarations(const AdjointContext& context, const std::function<bool(const std::string&)>& used) {
  std::vector<const clang::VarDecl*> globals;
  for (const auto& [decl, info] : context.variables)
    if (info.global && used(info.name)) globals.push_back(decl);
  const clang::SourceManager& sources = context.ast.getSourceManager();
  std::sort(globals.begin(), globals.end(), [&](const clang::VarDecl* a, const clang::VarDecl* b) {
    return sources.isBeforeInTranslationUnit(a->getLocation(), b->getLocation());
  });
  c::StmtList declarations;
  for (const clang::VarDecl* var : globals) {
    c::Type type = context.from.declaredType(var);
    if (var->getStorageClass() == clang::SC_Static)
      declarations.push_back(c::withStorage(c::declaration(type, var->getNameAsString(), context.tree(var->getInit())), "static"));
    else
      declarations.push_back(c::withStorage(c::declaration(type, var->getNameAsString()), "extern"));
  }
  return declarations;
}

}  // namespace adrace::ad
