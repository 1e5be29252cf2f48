#include "analyzer/frontend/TaskDependences.h"

#include "analyzer/frontend/ClangSource.h"

#include <algorithm>

namespace adrace::analyzer {
namespace {

// An item split into its variable and, outermost first, the first element and the length of each
// subscript (a subscript `a[i]` is the section `a[i:1]`); null variable when the base is not a
// plain variable.
struct SplitItem {
  const clang::VarDecl* variable = nullptr;
  std::vector<const clang::Expr*> first;
  std::vector<const clang::Expr*> length;  // null for one element
  std::string refused;                     // why the item is not modelled, "" when it is
};

SplitItem split(const clang::Expr* item) {
  SplitItem result;
  const clang::Expr* e = item->IgnoreParenImpCasts();
  while (true) {
    if (auto* section = llvm::dyn_cast<clang::ArraySectionExpr>(e)) {
      if (section->getStride()) result.refused = "an array section with a stride";
      if (!section->getLength() || !section->getLowerBound())
        result.refused = "an array section without its lower bound or length";
      result.first.insert(result.first.begin(), section->getLowerBound());
      result.length.insert(result.length.begin(), section->getLength());
      e = section->getBase()->IgnoreParenImpCasts();
    } else if (auto* element = llvm::dyn_cast<clang::ArraySubscriptExpr>(e)) {
      result.first.insert(result.first.begin(), element->getIdx());
      result.length.insert(result.length.begin(), nullptr);
      e = element->getBase()->IgnoreParenImpCasts();
    } else {
      break;
    }
  }
  if (auto* reference = llvm::dyn_cast<clang::DeclRefExpr>(e))
    result.variable = llvm::dyn_cast<clang::VarDecl>(reference->getDecl());
  if (!result.variable && result.refused.empty())
    result.refused = "a depend item that is not a variable, an element or an array section";
  // A whole array names all its elements, which the model would have to bound: not read.
  if (result.variable && result.first.empty() && result.variable->getType()->isArrayType())
    result.refused = "a depend item naming a whole array";
  return result;
}

TaskDependence::Type typeOf(clang::OpenMPDependClauseKind kind) {
  switch (kind) {
    case clang::OMPC_DEPEND_out: return TaskDependence::Type::Out;
    case clang::OMPC_DEPEND_inout: return TaskDependence::Type::InOut;
    default: return TaskDependence::Type::In;
  }
}

}  // namespace

bool dependencesModelled(const clang::OMPTaskDirective& task, std::string& reason) {
  for (const auto* clause : task.getClausesOfKind<clang::OMPDependClause>()) {
    clang::OpenMPDependClauseKind kind = clause->getDependencyKind();
    if ((kind != clang::OMPC_DEPEND_in && kind != clang::OMPC_DEPEND_out && kind != clang::OMPC_DEPEND_inout) ||
        clause->getModifier()) {
      reason = "a depend clause other than in, out or inout on a task created in a loop";
      return false;
    }
    for (const clang::Expr* item : clause->varlists())
      if (SplitItem parts = split(item); !parts.refused.empty()) {
        reason = parts.refused;
        return false;
      }
  }
  return true;
}

std::vector<TaskDependence> dependencesOf(const clang::OMPTaskDirective& task, IndexTranslator& translator,
                                          DataSharing& sharing, const DerivedPointers& aliases,
                                          clang::ASTContext& context) {
  std::vector<TaskDependence> result;
  for (const auto* clause : task.getClausesOfKind<clang::OMPDependClause>())
    for (const clang::Expr* item : clause->varlists()) {
      SplitItem parts = split(item);
      TaskDependence dependence;
      dependence.type = typeOf(clause->getDependencyKind());
      dependence.text = sourceText(item, context);
      dependence.at = positionOf(item->getBeginLoc(), context.getSourceManager());
      if (!parts.variable) continue;  // dependencesModelled refused it
      IndexTranslator::Access access;
      access.variable = parts.variable;
      access.subscripts = parts.first;
      size_t before = access.subscripts.size();
      aliases.follow(access);
      dependence.variable = sharing.of(access.variable).name;
      dependence.throughPointer =
          access.variable == parts.variable && parts.variable->getType()->isPointerType() && !parts.first.empty();
      if (!access.subscripts.empty() && !translator.translateSubscripts(access, dependence.first, dependence.opaque))
        dependence.opaque = "its subscripts are not modelled: " + dependence.opaque;
      // Rows a derived pointer adds in front are one element long.
      for (size_t k = before; k < access.subscripts.size(); ++k) dependence.length.push_back(smt::constant(1));
      for (const clang::Expr* length : parts.length) {
        if (!length) {
          dependence.length.push_back(smt::constant(1));
          continue;
        }
        IndexTranslator::Result translated = translator.translate(length);
        if (!translated.expr && dependence.opaque.empty())
          dependence.opaque = "its length is not modelled: " + translated.reason;
        dependence.length.push_back(translated.expr ? translated.expr : smt::constant(1));
      }
      if (!dependence.opaque.empty()) {
        dependence.first.clear();
        dependence.length.clear();
      }
      result.push_back(std::move(dependence));
    }
  return result;
}

}  // namespace adrace::analyzer
