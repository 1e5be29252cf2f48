#include "analyzer/check/MayAliasPairs.h"

#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/ContainerSubscripts.h"
#include "analyzer/frontend/MemberPath.h"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>
#include <map>
#include <set>

namespace adrace::analyzer {
namespace {

struct PointerShape {
  clang::QualType element;   // unqualified, canonical
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

// A reference to a std::vector or std::array of arithmetic elements (ContainerSubscripts.h) reaches
// its elements as a pointer does; two references may name one container.
PointerShape containerShape(clang::QualType type) {
  PointerShape shape;
  clang::QualType container = type.getNonReferenceType();
  shape.constElement = container.isConstQualified();
  shape.element = containerElementType(type).getUnqualifiedType().getCanonicalType();
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
  bool container = false;  // a container reference, or a container member (`g.u` of std::vector<double> u)
};

// The variable whose memory a pointer argument points into: `u`, `&u[k]`, `u + k`, `(double *) u`.
const clang::VarDecl* arrayBehind(const clang::Expr* argument) {
  const clang::Expr* e = argument->IgnoreParenCasts();
  while (true) {
    if (auto* address = llvm::dyn_cast<clang::UnaryOperator>(e); address && address->getOpcode() == clang::UO_AddrOf)
      e = address->getSubExpr()->IgnoreParenCasts();
    else if (auto* element = llvm::dyn_cast<clang::ArraySubscriptExpr>(e))
      e = element->getBase()->IgnoreParenCasts();
    else if (auto* sum = llvm::dyn_cast<clang::BinaryOperator>(e);
             sum && sum->isAdditiveOp() && sum->getLHS()->getType()->isPointerType())
      e = sum->getLHS()->IgnoreParenCasts();
    else
      break;
  }
  auto* reference = llvm::dyn_cast<clang::DeclRefExpr>(e);
  return reference ? llvm::dyn_cast<clang::VarDecl>(reference->getDecl()) : nullptr;
}

// Each pair of pointer parameters of `function` to which a call in the file passes the same array
// (`smooth(n, u, u)`), both ways round, with the first such call: the file itself says they alias.
using ParameterPair = std::pair<const clang::ParmVarDecl*, const clang::ParmVarDecl*>;
std::map<ParameterPair, std::string> parametersGivenOneArray(const clang::FunctionDecl& function,
                                                             clang::ASTContext& context) {
  struct Calls : clang::RecursiveASTVisitor<Calls> {
    const clang::FunctionDecl* callee = nullptr;
    std::map<std::pair<unsigned, unsigned>, const clang::CallExpr*> positions;
    bool VisitCallExpr(clang::CallExpr* call) {
      const clang::FunctionDecl* target = call->getDirectCallee();
      if (!target || target->getCanonicalDecl() != callee) return true;
      for (unsigned a = 0; a < call->getNumArgs(); ++a)
        for (unsigned b = a + 1; b < call->getNumArgs(); ++b)
          if (const clang::VarDecl* array = arrayBehind(call->getArg(a));
              array && array == arrayBehind(call->getArg(b)))
            positions.insert({{a, b}, call});
      return true;
    }
  } calls;
  calls.callee = function.getCanonicalDecl();
  calls.TraverseDecl(context.getTranslationUnitDecl());
  std::map<ParameterPair, std::string> given;
  for (const auto& [position, call] : calls.positions) {
    if (position.second >= function.getNumParams()) continue;
    std::string array = arrayBehind(call->getArg(position.first))->getName().str();
    std::string line = std::to_string(positionOf(call->getBeginLoc(), context.getSourceManager()).line);
    std::string evidence = "the call at line " + line + " passes '" + array + "' to both";
    const clang::ParmVarDecl* first = function.getParamDecl(position.first);
    const clang::ParmVarDecl* second = function.getParamDecl(position.second);
    given.insert({{first, second}, evidence});
    given.insert({{second, first}, evidence});
  }
  return given;
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
    std::vector<MemberPath> members;
    bool VisitDeclRefExpr(clang::DeclRefExpr* use) {
      if (auto* variable = llvm::dyn_cast<clang::VarDecl>(use->getDecl()))
        if (variable->getType()->isPointerType() || isContainerReference(variable)) used.insert(variable);
      return true;
    }
    bool VisitVarDecl(clang::VarDecl* variable) {
      declaredInside.insert(variable);
      return true;
    }
    bool VisitMemberExpr(clang::MemberExpr* member) {
      std::string reason;
      if (member->getType()->isPointerType() || member->getType()->isArrayType() ||
          !containerElementType(member->getType()).isNull())
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
    if (candidate.shape.restrictQualified) return;
    for (const Candidate& known : candidates)
      if (known.name == candidate.name) return;
    candidates.push_back(std::move(candidate));
  };
  for (const clang::VarDecl* variable : finder.used) {
    if (finder.declaredInside.count(variable) || spellings[variable->getName().str()] != 1) continue;
    PointerShape shape =
        isContainerReference(variable) ? containerShape(variable->getType()) : shapeOf(variable->getType(), context);
    admit({variable->getName().str(), shape, "", variable->getLocation(), variable, isContainerReference(variable)});
  }
  for (const MemberPath& member : finder.members) {
    if (finder.declaredInside.count(member.root)) continue;
    std::string name = member.root->getName().str() + member.path;
    clang::SourceLocation at = member.outermost->getMemberDecl()->getLocation();
    if (member.memberIsPointer()) {
      admit({name, shapeOf(member.memberType, context), "", at, member.root});
    } else if (member.throughPointer) {
      // A container member (`std::vector<double> u;`) holds its elements as an array member does.
      PointerShape shape = containerElementType(member.memberType).isNull()
                               ? shapeOf(context.getPointerType(member.memberType), context)
                               : containerShape(member.memberType);
      shape.restrictQualified = false;
      // The struct type the path starts from, without qualifiers: `const Mesh *src` and `Mesh *dst`
      // may point to one Mesh.
      clang::QualType rootType = member.root->getType();
      if (rootType->isPointerType()) rootType = rootType->getPointeeType();
      if (const clang::ArrayType* array = context.getAsArrayType(rootType))
        rootType = context.getBaseElementType(array);
      std::string structType = rootType.getCanonicalType().getUnqualifiedType().getAsString();
      admit({name, shape, structType + " " + member.path, at, member.root,
             !containerElementType(member.memberType).isNull()});
    }
  }
  // In declaration order, so that reports read "p and q" as the parameters are listed.
  std::stable_sort(candidates.begin(), candidates.end(), [&](const Candidate& a, const Candidate& b) {
    return context.getSourceManager().isBeforeInTranslationUnit(a.declaredAt, b.declaredAt);
  });
  // Parameters that calls in the file give one array, by function.
  std::map<const clang::FunctionDecl*, std::map<ParameterPair, std::string>> givenOneArray;
  auto evidenceFor = [&](const Candidate& a, const Candidate& b) -> std::string {
    auto* first = llvm::dyn_cast_or_null<clang::ParmVarDecl>(a.root);
    auto* second = llvm::dyn_cast_or_null<clang::ParmVarDecl>(b.root);
    if (!first || !second || a.name != first->getName() || b.name != second->getName()) return "";
    auto* function = llvm::dyn_cast<clang::FunctionDecl>(first->getDeclContext());
    if (!function || function != second->getDeclContext()) return "";
    if (!givenOneArray.count(function)) givenOneArray[function] = parametersGivenOneArray(*function, context);
    auto found = givenOneArray[function].find({first, second});
    return found == givenOneArray[function].end() ? "" : found->second;
  };
  std::vector<MayAlias> pairs;
  for (size_t a = 0; a < candidates.size(); ++a)
    for (size_t b = a + 1; b < candidates.size(); ++b) {
      const Candidate& first = candidates[a];
      const Candidate& second = candidates[b];
      if (first.shape.element != second.shape.element || first.shape.arrayLevels != second.shape.arrayLevels) continue;
      // Member arrays: only the same path from two different roots (one root's paths are disjoint).
      if (first.sameMemoryAs != second.sameMemoryAs || (!first.sameMemoryAs.empty() && first.root == second.root))
        continue;
      std::string evidence = evidenceFor(first, second);
      bool constInput = first.shape.constElement || second.shape.constElement;
      if (constInput && !constPointeesMayAlias && evidence.empty()) continue;
      pairs.push_back({first.name, second.name, evidence, first.container || second.container});
    }
  return pairs;
}

}  // namespace adrace::analyzer
