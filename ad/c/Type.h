// A C type as a declaration needs it: the specifiers as Clang's type printer spells them ("double",
// "const float", "struct point", "real") and the derivations a declarator adds around the name
// (pointers, arrays and C++ references, whose sizes are expressions of the tree: `double x_b[N][M]` keeps the macro
// names the source wrote). ad/c/Printer.h prints `double (*x_b)[M]` and, without a name, casts.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace adrace::ad::c {

struct Expr;

struct Type {
  struct Derivation {
    enum class Kind { Pointer, Array, Reference } kind = Kind::Pointer;  // Reference: C++ `&`
    std::string qualifiers;  // Pointer: "const", "restrict", "const restrict" (`* const p`); C++: "__restrict"
    std::shared_ptr<const Expr> size;  // Array: the element count, null for []
  };
  std::string specifiers;
  std::vector<Derivation> derivations;  // from the name outwards: `double (*p)[M]` is {Pointer, Array M}

  bool valid() const { return !specifiers.empty(); }
};

Type plainType(std::string specifiers);  // "double", "long", "adrace_replay"
Type pointerTo(Type pointee);            // adds a pointer between the name and the pointee
Type arrayOf(Type element, std::shared_ptr<const Expr> size);

}  // namespace adrace::ad::c
