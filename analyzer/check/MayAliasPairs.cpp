#include "analyzer/check/MayAliasPairs.h"

#include "analyzer/frontend/MemberPath.h"

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

PointerShape shapeOf(clang::QualType type, clang::ASTContext& context) {
  PointerShape shape;
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

// A pointer the loop reaches memory through, as the loop model names it: a variable (`p`), a
// pointer member (`d->m_xd`: any other pointer of its element type may point into the same array),
// or an array member reached through a pointer (`d->x`, `p[].x`: the same path from another pointer
// to the same struct type may be the same memory; a different path never is).
struct Candidate {
  std::string name;
  PointerShape shape;
  std::string sameMemoryAs;  // "" for pointers; for member arrays: the root's type and the path
  clang::SourceLocation declaredAt;
  const clang::VarDecl* root = nullptr;
};

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
    std::vector<MemberPath> members;
    bool VisitDeclRefExpr(clang::DeclRefExpr* use) {
      if (auto* variable = llvm::dyn_cast<clang::VarDecl>(use->getDecl()))
        if (variable->getType()->isPointerType()) used.insert(variable);
      return true;
    }
    bool VisitVarDecl(clang::VarDecl* variable) {
      declaredInside.insert(variable);
      return true;
    }
    bool VisitMemberExpr(clang::MemberExpr* member) {
      std::string reason;
      if (member->getType()->isPointerType() || member->getType()->isArrayType())
        if (std::optional<MemberPath> path = memberPathOf(member, &reason)) members.push_back(*path);
      return true;
    }
  } finder;
  finder.TraverseStmt(const_cast<clang::Stmt*>(body));

  // Two declarations with one spelling cannot be told apart by name in the model: leave them out.
  std::map<std::string, int> spellings;
  for (const clang::VarDecl* variable : finder.used) ++spellings[variable->getName().str()];
  std::vector<Candidate> candidates;
  auto admit = [&](Candidate candidate) {
    if (candidate.shape.restrictQualified || (candidate.shape.constElement && !constPointeesMayAlias)) return;
    for (const Candidate& known : candidates)
      if (known.name == candidate.name) return;
    candidates.push_back(std::move(candidate));
  };
  for (const clang::VarDecl* variable : finder.used) {
    if (finder.declaredInside.count(variable) || spellings[variable->getName().str()] != 1) continue;
    admit({variable->getName().str(), shapeOf(variable->getType(), context), "", variable->getLocation(), variable});
  }
  for (const MemberPath& member : finder.members) {
    if (finder.declaredInside.count(member.root)) continue;
    std::string name = member.root->getName().str() + member.path;
    clang::SourceLocation at = member.outermost->getMemberDecl()->getLocation();
    if (member.memberIsPointer()) {
      admit({name, shapeOf(member.memberType, context), "", at, member.root});
    } else if (member.throughPointer) {
      PointerShape shape = shapeOf(context.getPointerType(member.memberType), context);
      shape.restrictQualified = false;
      // The struct type the path starts from, without qualifiers: `const Mesh *src` and `Mesh *dst`
      // may point to one Mesh.
      clang::QualType rootType = member.root->getType();
      if (rootType->isPointerType()) rootType = rootType->getPointeeType();
      if (const clang::ArrayType* array = context.getAsArrayType(rootType)) rootType = context.getBaseElementType(array);
      std::string structType = rootType.getCanonicalType().getUnqualifiedType().getAsString();
      admit({name, shape, structType + " " + member.path, at, member.root});
    }
  }
  // In declaration order, so that reports read "p and q" as the parameters are listed.
  std::stable_sort(candidates.begin(), candidates.end(), [&](const Candidate& a, const Candidate& b) {
    return context.getSourceManager().isBeforeInTranslationUnit(a.declaredAt, b.declaredAt);
  });
  std::vector<MayAlias> pairs;
  for (size_t a = 0; a < candidates.size(); ++a)
    for (size_t b = a + 1; b < candidates.size(); ++b) {
      const Candidate& first = candidates[a];
      const Candidate& second = candidates[b];
      if (first.shape.element != second.shape.element || first.shape.arrayLevels != second.shape.arrayLevels) continue;
      // Member arrays: only the same path from two different roots (one root's paths are disjoint).
      if (first.sameMemoryAs != second.sameMemoryAs || (!first.sameMemoryAs.empty() && first.root == second.root))
        continue;
      pairs.push_back({first.name, second.name});
    }
  return pairs;
}

}  // namespace adrace::analyzer
