// A struct used as a whole beside accesses to its members: one memory under two names ("p" and
// "p[].x", "d->mesh" and "d->mesh.x"), which the model compares only by name. An element of an
// array of structs read or written as a whole (`Cell c = cells[i];`, `u[i] = z;`, `f(cells[i])`)
// is an access of each of its fields the loop names: a scalar field at the element's indices, an
// array field at any of its elements (possible races only). A pointer field's value is what a copy
// reads, not what it points to, which no field access of the loop then changes (the loop assigns
// no pointer member); a write of a whole element whose pointer field is followed changes what the
// accesses through it reach, and is refused, as any other shape: never clean.
#include "analyzer/frontend/ReferenceCollector.h"

namespace adrace::analyzer {

// The field accesses `whole` (an access of element(s) of the array of structs `root`) stands for,
// appended to `fields`; false when one cannot be said.
bool ReferenceCollector::addFieldsOfWholeStruct(const Reference& whole, const std::string& root,
                                                std::vector<Reference>& fields) {
  for (const MemberVariable& member : memberVariables_) {
    const std::string& name = member.variable.name;
    if (name.rfind(root + "[]", 0) != 0) continue;
    if (member.memberType->isPointerType()) {
      if (whole.kind != AccessKind::Read) return false;  // the pointer changes under its field accesses
      continue;
    }
    if (!whole.opaque && member.rootDimensions != whole.indices.size()) return false;
    Reference field = whole;
    field.variable = name;
    field.isScalar = false;
    if (!member.memberType->isScalarType() && !field.opaque) {
      // An array or struct field: the whole element covers every one of its elements.
      field.opaque = true;
      field.indices.clear();
      field.opaqueReason = "the whole struct " + whole.text + " covers every element of its field";
    }
    fields.push_back(std::move(field));
  }
  return true;
}

void ReferenceCollector::limitWholeStructs() {
  std::vector<Reference> fields;
  for (const auto& [root, at] : memberRoots_)
    for (const Reference& reference : references_) {
      if (reference.variable != root || reference.isScalar) continue;
      if (rootsAsArray_.count(root) && !rootsAsStruct_.count(root) && addFieldsOfWholeStruct(reference, root, fields))
        continue;
      limit("'" + root + "' is accessed as whole structs (" + reference.text +
                ") and through its members: the two are not compared",
            at);
      break;
    }
  for (Reference& field : fields) {
    field.id = static_cast<int>(references_.size());
    references_.push_back(std::move(field));
  }
  // d->n and d[0].n are one field under two names.
  for (const auto& [root, at] : memberRoots_)
    if (rootsAsStruct_.count(root) && rootsAsArray_.count(root))
      limit("'" + root + "' is used both as one struct and as an array of structs: the two are not compared", at);
  for (const auto& [whole, at] : wholeStructMembers_)
    for (const Reference& reference : references_)
      if (reference.kind != AccessKind::Read && reference.variable.rfind(whole + ".", 0) == 0) {
        limit("struct member '" + whole + "' is used as a whole while its field " + reference.variable +
                  " is written: the two are not compared",
              at);
        break;
      }
}

}  // namespace adrace::analyzer
