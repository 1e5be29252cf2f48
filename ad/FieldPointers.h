// Pointer locals into an array field of a struct, as codes that reach their fields through accessors
// write them (LULESH's `const Index_t *const elemToNode = domain.nodelist(k);`, an accessor returning
// `&d->m_nodelist[8 * k]`, inlined by HelperInlining): `T *p = &s->m[e];` or `T *p = s->m + e;`.
// Such a pointer names one element of the field for as long as it is in scope, so every `p[k]` is
// replaced by `s->m[e + k]` and `*p` by `s->m[e]`, and the declaration is dropped: the derivative
// rules, the tape plan and the analysis then see the field's subscripts, as if written in place.
// Substituted only when that is the same program: the pointer is used only as `p[k]` or `*p` (never
// assigned, moved, passed or its address taken), and no variable that the offset or the object reads
// is written while it is in scope (the counter of a loop enclosing the declaration aside), nor the
// field assigned as a whole. Anything else is left as written, for PointerAliases to accept (a
// pointer into a parameter or file-scope array) or refuse with its reason.
#pragma once

#include "ad/AdjointContext.h"

namespace adrace::ad {

// Substitutes the field pointers of context.function's body (after helper inlining).
void substituteFieldPointers(AdjointContext& context);

}  // namespace adrace::ad
