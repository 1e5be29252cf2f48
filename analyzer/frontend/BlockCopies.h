// memcpy, memmove and memset as application codes use them inside loops, to copy or clear a row:
//     memcpy(&dst[i * n], &src[i * n], n * sizeof(double));     memset(a + k, 0, sizeof(float) * m);
// Each pointer argument is a block of one array: its base variable, the first element's offset and
// the number of elements, when the byte count is a multiple of the element's size that the source
// spells (`count * sizeof(T)`, `sizeof(T) * count`, or a constant). One-dimensional arrays and
// pointers only: a block of a row-major 2-D array may run into the next row, which the model's
// per-dimension indices would not see.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>

#include <optional>
#include <string>
#include <vector>

namespace adrace::analyzer {

struct Block {
  const clang::Expr* argument = nullptr;  // as written
  bool written = false;                   // the destination (memset's only block)
  const clang::VarDecl* array = nullptr;  // null when the argument is not understood
  const clang::Expr* offset = nullptr;    // null: the array's first element
  const clang::Expr* count = nullptr;     // elements; null with `constantCount` set instead
  long long constantCount = -1;
  std::string whyNot;  // when `array` is null or the count is unknown
};

// Whether `call` is memcpy, memmove or memset (also as __builtin_ calls).
bool isBlockCopy(const clang::CallExpr& call);
// The blocks a block-copy call reads and writes.
std::vector<Block> blocksOf(const clang::CallExpr& call, clang::ASTContext& context);
// Whether `argument` is one of the pointer arguments of a block-copy call.
bool isBlockArgument(const clang::Expr& argument, const clang::CallExpr& call);

}  // namespace adrace::analyzer
