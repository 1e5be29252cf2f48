// Collects every memory reference of a loop body: array elements (a[e], a[e1][e2], p[e], *(p+e))
// and shared scalars that the loop writes, the same through struct members (MemberPath.h), each with its access kind,
// index tuple, control context and synchronisation. A reference the IR cannot express is kept as opaque, with why.
#pragma once

#include "analyzer/frontend/AddressInArray.h"
#include "analyzer/frontend/CalleeAccesses.h"
#include "analyzer/frontend/CalleeLoops.h"
#include "analyzer/frontend/ContextBuilder.h"
#include "analyzer/frontend/IndexTranslator.h"
#include "analyzer/frontend/LibraryCalls.h"
#include "analyzer/model/LoopModel.h"
#include "analyzer/frontend/DerivedPointers.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/ParentMap.h>

#include <map>
#include <set>
#include <string>
#include <vector>

namespace adrace::analyzer {

// Variables a statement writes: array bases of assigned elements and assigned scalars.
struct WrittenVariables {
  std::set<const clang::VarDecl*> arrays;
  std::set<const clang::VarDecl*> scalars;
  // Struct members assigned as a whole: (root, path) of `d->count = 0`, `p[i].x = e`, `d->m_xd = q`.
  std::set<std::pair<const clang::VarDecl*, std::string>> members;
};
WrittenVariables findWrittenVariables(const clang::Stmt& body);

// Accessors: the element or field E of a function whose body is only `return &E;` (null otherwise),
// and the call of `*f(args)` to such a function.
const clang::Expr* returnedAddressTarget(const clang::CallExpr& call);
const clang::CallExpr* accessorCall(const clang::Expr* access);

class ReferenceCollector {
 public:
  ReferenceCollector(clang::ASTContext& context, DataSharing& sharing, IndexTranslator& translator,
                     const ContextBuilder& contexts, const LoopCfg& cfg, const WrittenVariables& written,
                     const DerivedPointers& aliases);

  void collect(const clang::Stmt& body);
  // A directive of the body that is part of the model itself (the task of tasks created in a
  // loop), not a construct nested in the loop.
  void allowConstruct(const clang::OMPExecutableDirective* directive) { allowed_.insert(directive); }
  // The references an allowed construct's body made: [first, end) of references().
  std::pair<size_t, size_t> referencesOf(const clang::OMPExecutableDirective* directive) const {
    auto found = madeIn_.find(directive);
    return found == madeIn_.end() ? std::pair<size_t, size_t>{0, 0} : found->second;
  }
  // See LoopModelRequest::partlyKnownSubscripts.
  void followPartlyKnownSubscripts() { partlyKnownSubscripts_ = true; }
  // The loop is a worksharing loop of `region` in `function`: a private pointer of the region that
  // holds a block its thread allocated (RegionOwnedMemory.h) reaches memory no other thread does.
  void insideRegion(const clang::OMPExecutableDirective* region, const clang::FunctionDecl* function) {
    region_ = region;
    function_ = function;
  }
  std::vector<Reference>& references() { return references_; }
  std::vector<Limitation>& limitations() { return limitations_; }
  // Contexts and facts of the called functions' loops around the references made in them, to add
  // after the body's own contexts.
  const CalleeLoops& calleeLoops() const { return calleeLoops_; }
  // The arrays and scalars the references name through struct members ("d->m_xd", "p[].x"), with
  // their type facts still to describe (LoopModelBuilder): the type of the member and the number
  // of subscripts the root takes before it (1 for p[i].x).
  struct MemberVariable {
    Variable variable;
    clang::QualType memberType;
    unsigned rootDimensions = 0;
  };
  const std::vector<MemberVariable>& memberVariables() const { return memberVariables_; }

 private:
  friend class ReferenceVisitor;
  void addAccess(const clang::Expr* access, AccessKind kind);
  bool translatePartly(const IndexTranslator::Access& split, Reference& reference);
  void addScalar(const clang::DeclRefExpr* use, AccessKind kind);
  // `leading`: indices of an array-of-structs element passed by address to the callee making the access.
  void addMemberAccess(Reference reference, const IndexTranslator::Access& split,
                       std::vector<smt::ExprRef> leading = {});
  void noteStructBases(const std::string& root, const std::string& path, const clang::Stmt* at);
  void noteMemberVariable(const Reference& reference, const MemberPath& member, Sharing sharing, std::string reason,
                          size_t leadingDimensions);
  void classifyMember(const clang::MemberExpr* member);
  const DerivedPointers::Alias* elementOfStructArray(const MemberPath& member) const;
  bool initialisesDerivedPointer(const clang::UnaryOperator& address, const clang::ParentMap& parents) const;
  void limitWholeStructs();
  bool addFieldsOfWholeStruct(const Reference& whole, const std::string& root, std::vector<Reference>& fields);
  void classify(const clang::Expr* access, bool isScalar);
  void limit(const std::string& message, const clang::Stmt* at);
  void addCall(const clang::CallExpr* call);
  void addBlockCopy(const clang::CallExpr& call);
  void addLibraryCall(const clang::CallExpr& call, const LibraryFunction& function);
  void addLibraryElement(const LibraryAccess& access, const std::string& function);
  void addCalleeAccess(const CalleeAccess& access);
  bool addSubscriptsFrom(const AddressInArray& address, const CalleeAccess& access,
                         const IndexTranslator::Access& split, Reference& reference);
  void addCalleeMemberAccess(const CalleeAccess& access, IndexTranslator::Access split);

  clang::ASTContext& context_;
  DataSharing& sharing_;
  IndexTranslator& translator_;
  const ContextBuilder& contexts_;
  const LoopCfg& cfg_;
  const WrittenVariables& written_;
  const DerivedPointers& aliases_;
  std::set<const clang::Expr*> absorbed_;  // the a[k] read of `a[k] = a[k] + e`, part of the increment
  std::vector<Reference> references_;
  std::vector<Limitation> limitations_;
  CalleeLoops calleeLoops_;
  std::vector<MemberVariable> memberVariables_;
  // root name, or the name of a struct or array of structs a path goes through → first access through it
  std::map<std::string, const clang::Stmt*> memberRoots_;
  std::set<std::string> rootsAsStruct_, rootsAsArray_;  // bases of d->x (points->p->x) and of p[i].x (points->p[i].x)
  std::vector<std::pair<std::string, const clang::Stmt*>> wholeStructMembers_;  // "d->mesh" read as a whole
  std::set<const clang::OMPExecutableDirective*> allowed_;
  std::map<const clang::OMPExecutableDirective*, std::pair<size_t, size_t>> madeIn_;
  bool partlyKnownSubscripts_ = false;
  const clang::OMPExecutableDirective* region_ = nullptr;
  const clang::FunctionDecl* function_ = nullptr;
};

}  // namespace adrace::analyzer
