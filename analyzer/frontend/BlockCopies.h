// memcpy, memmove and memset as application codes use them inside loops, to copy or clear a row:
//     memcpy(&dst[i * n], &src[i * n], n * sizeof(double));     memset(a + k, 0, sizeof(float) * m);
// Each pointer argument is a block of one array: its base variable, the first element's offset and
// the number of elements, when the byte count is a multiple of the element's size that the source
// spells (`count * sizeof(T)`, `sizeof(T) * count`, or a constant). A block of a row of a
// multi-dimensional array (`memcpy(dst[r], src[r], sizeof dst[r])`, `&a[r][1]`, `a[r] + 1`, of
// `double a[N][M]` or a parameter `double (*a)[M]`) has the row's subscripts too; it is exact only
// when the source shows that it stays in its row (its first element and its length constants whose
// sum is at most the row's length): a block that may run into the next row would be missed by the
// model's per-dimension indices, so it is not understood then.
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
  std::vector<const clang::Expr*> rows;   // the row's subscripts, outermost first (none: 1-D)
  long long rowLength = -1;               // elements in the row, when `rows` is not empty
  const clang::Expr* offset = nullptr;    // null: the array's (or the row's) first element
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
