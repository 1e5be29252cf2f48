#include "analyzer/check/MayAliasPairs.h"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>
#include <map>
#include <set>

namespace adrace::analyzer {
namespace {

struct PointerShape {
  clang::QualType element;  // unqualified, canonical
  unsigned arrayLevels = 0;  // double (*)[m] points to rows of one array level
  bool constElement = false;
  bool restrictQualified = false;
};

PointerShape shapeOf(const clang::VarDecl& pointer, clang::ASTContext& context) {
  PointerShape shape;
  clang::QualType type = pointer.getType();
  shape.restrictQualified = type.isRestrictQualified();
  clang::QualType pointee = type->getPointeeType();
  for (clang::QualType level = pointee; const clang::ArrayType* array = context.getAsArrayType(level);
       level = array->getElementType())
    ++shape.arrayLevels;
  clang::QualType element = context.getBaseElementType(pointee);
  shape.constElement = element.isConstQualified() || pointee.isConstQualified();
  shape.element = element.getUnqualifiedType().getCanonicalType();
  return shape;
}

}  // namespace

std::vector<MayAlias> mayAliasPairs(const clang::OMPLoopDirective& loop, clang::ASTContext& context,
                                       bool constPointeesMayAlias) {
  return mayAliasPairs(*loop.getInnermostCapturedStmt()->getCapturedStmt(), context, constPointeesMayAlias);
}

std::vector<MayAlias> mayAliasPairs(const clang::Stmt& loopBody, clang::ASTContext& context,
                                       bool constPointeesMayAlias) {
  const clang::Stmt* body = &loopBody;
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    std::set<const clang::VarDecl*> used;
    std::set<const clang::VarDecl*> declaredInside;
    bool VisitDeclRefExpr(clang::DeclRefExpr* use) {
      if (auto* variable = llvm::dyn_cast<clang::VarDecl>(use->getDecl()))
        if (variable->getType()->isPointerType()) used.insert(variable);
      return true;
    }
    bool VisitVarDecl(clang::VarDecl* variable) {
      declaredInside.insert(variable);
      return true;
    }
  } finder;
  finder.TraverseStmt(const_cast<clang::Stmt*>(body));

  // Two declarations with one spelling cannot be told apart by name in the model: leave them out.
  std::map<std::string, int> spellings;
  for (const clang::VarDecl* variable : finder.used) ++spellings[variable->getName().str()];
  std::vector<std::pair<const clang::VarDecl*, PointerShape>> candidates;
  for (const clang::VarDecl* variable : finder.used) {
    if (finder.declaredInside.count(variable) || spellings[variable->getName().str()] != 1) continue;
    PointerShape shape = shapeOf(*variable, context);
    if (shape.restrictQualified || (shape.constElement && !constPointeesMayAlias)) continue;
    candidates.emplace_back(variable, shape);
  }
  // In declaration order, so that reports read "p and q" as the parameters are listed.
  std::sort(candidates.begin(), candidates.end(), [&](const auto& a, const auto& b) {
    return context.getSourceManager().isBeforeInTranslationUnit(a.first->getLocation(), b.first->getLocation());
  });
  std::vector<MayAlias> pairs;
  for (size_t a = 0; a < candidates.size(); ++a)
    for (size_t b = a + 1; b < candidates.size(); ++b) {
      const PointerShape& first = candidates[a].second;
      const PointerShape& second = candidates[b].second;
      if (first.element != second.element || first.arrayLevels != second.arrayLevels) continue;
      pairs.push_back({candidates[a].first->getName().str(), candidates[b].first->getName().str()});
    }
  return pairs;
}

}  // namespace adrace::analyzer
