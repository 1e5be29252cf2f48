#include "ad/c/Type.h"

namespace adrace::ad::c {

Type plainType(std::string specifiers) {
  Type type;
  type.specifiers = std::move(specifiers);
  return type;
}

Type pointerTo(Type pointee) {
  Type::Derivation pointer;
  pointer.kind = Type::Derivation::Kind::Pointer;
  pointee.derivations.insert(pointee.derivations.begin(), pointer);
  return pointee;
}

Type arrayOf(Type element, std::shared_ptr<const Expr> size) {
  Type::Derivation array;
  array.kind = Type::Derivation::Kind::Array;
  array.size = std::move(size);
  element.derivations.insert(element.derivations.begin(), array);
  return element;
}

}  // namespace adrace::ad::c
