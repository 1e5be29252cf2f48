// Arrays and scalars kept in structs: `d->m_xd[i]`, `s.x[i]`, `(*d).x[i]`, `d->mesh.x[i]`, `p[i].x`,
// `p[i].v[k]`, `points->p[i].cost`, `s.cells[i].v`. Such an access names memory by a root variable
// and a member path; the loop model calls it the array (or scalar) "d->m_xd", "s.x", "d->mesh.x" or,
// through an array of structs, "p[].x", "points->p[].cost", "s.cells[].v".
//
// Why a path is an array of its own: the fields of one struct object are disjoint memory, so two
// different paths from one root never overlap, and one path's elements are indexed as any array's.
// An array of structs `p` gives each field its own array "p[].x" indexed by the element: field x of
// element i and field y of element j never overlap, field x of i and j overlap only when i == j
// (the field is part of the array's identity rather than an index dimension, which would give a
// whole element `p[i]` and a field `p[i].v[k]` tuples of different lengths; a whole element used
// beside its fields is refused, see ReferenceCollector).
//
// An array of structs may itself be a member (`points->p`, a pointer member; `s.cells`, an array
// member): its elements' fields are arrays of their own as a variable's are, indexed by the element.
// What is not a path (an element of an array of pointers `p[e]->x`, or a pointer member of an element
// followed further, `p[i].q->x`, `s.cells[i].next[k].v`, whose elements may point to one struct; a
// root that is not a variable) is refused with a reason.
#pragma once

#include <clang/AST/Expr.h>

#include <optional>
#include <string>
#include <vector>

namespace adrace::analyzer {

struct MemberPath {
  const clang::VarDecl* root = nullptr;  // `d` in d->m_xd[i], `p` in p[i].x
  std::string path;                      // appended to the root's name: "->m_xd", ".mesh.x", "[].x"
  // p[i].x → {i}, points->p[i].cost → {i}, s.cells[i].v[k] → {i}: the elements of the arrays of
  // structs the path goes through, root first; empty when it goes through none.
  std::vector<const clang::Expr*> rootSubscripts;
  // The member's storage is reached through a pointer (`->`, `(*d).`, an element of `struct P *p`):
  // it is shared memory whatever the root pointer's own data sharing.
  bool throughPointer = false;
  clang::QualType memberType;  // the outermost member's type: double *, double [8], float
  const clang::MemberExpr* outermost = nullptr;

  // The root itself is the array of structs (`p[i].x`, not `points->p[i].cost`).
  bool rootIsArray() const { return path.rfind("[]", 0) == 0; }
  // The member is a pointer (`double *m_xd`): another pointer of its element type may point into
  // the same array, as two pointer variables may.
  bool memberIsPointer() const { return memberType->isPointerType(); }
  // Whether an access with `subscripts` subscripts (the root's first) reaches memory through a
  // pointer (`d->`, `(*d).`, an element of `struct P *p`, what a pointer member points to): shared
  // whatever the root's own sharing, where the fields of a struct variable share as the variable.
  bool reachesPointee(size_t subscripts) const {
    return throughPointer || (memberIsPointer() && subscripts > rootSubscripts.size());
  }
};

// The path of `expression` when it is a chain of member accesses from a variable; nullopt with
// `reason` otherwise (or when `expression` is no member access at all).
//
// In the body of a member function called on an object (`out.idx(i, j)`, `g->idx(i, j)`), `this`
// is that object: given as `object` (the call's implicit object argument, written where the call
// is made), `nx` (`this->nx`) is the path of `out.nx` or `g->nx`. Without it, a chain that ends
// in `this` starts from the implicit parameter of the function whose body holds it (ThisObject.h).
std::optional<MemberPath> memberPathOf(const clang::Expr* expression, std::string* reason,
                                       const clang::Expr* object = nullptr);

}  // namespace adrace::analyzer
