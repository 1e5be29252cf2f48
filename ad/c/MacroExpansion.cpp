#include "ad/c/MacroExpansion.h"

#include <clang/AST/Decl.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

namespace adrace::ad::c {

bool wholeMacroBody(clang::SourceLocation first, clang::SourceLocation last, const clang::SourceManager& sources,
                    const clang::LangOptions& language, bool& objectLike) {
  if (!first.isFileID() || !last.isFileID()) return false;
  auto [file, offset] = sources.getDecomposedLoc(first);
  auto [lastFile, lastOffset] = sources.getDecomposedLoc(last);
  if (file != lastFile) return false;
  llvm::StringRef buffer = sources.getBufferData(file);
  // The directive's '#': back to the start of the logical line (continuations included).
  size_t start = offset;
  while (start > 0 && !(buffer[start - 1] == '\n' && !(start >= 2 && buffer[start - 2] == '\\'))) --start;
  clang::Lexer lexer(sources.getLocForStartOfFile(file), language, buffer.begin(), buffer.begin() + start,
                     buffer.end());
  clang::Token token;
  auto next = [&]() {
    lexer.LexFromRawLexer(token);
    return !token.is(clang::tok::eof);
  };
  if (!next() || !token.is(clang::tok::hash)) return false;
  if (!next() || !token.is(clang::tok::raw_identifier) || token.getRawIdentifier() != "define") return false;
  if (!next() || !token.is(clang::tok::raw_identifier)) return false;
  if (!next()) return false;
  objectLike = !(token.is(clang::tok::l_paren) && !token.hasLeadingSpace());
  if (!objectLike) {
    while (!token.is(clang::tok::r_paren))
      if (!next() || token.isAtStartOfLine()) return false;
    if (!next()) return false;
  }
  if (token.isAtStartOfLine() || sources.getFileOffset(token.getLocation()) != offset) return false;
  unsigned lastBody = offset;
  while (next() && !token.isAtStartOfLine()) lastBody = sources.getFileOffset(token.getLocation());
  return lastBody == lastOffset;
}

namespace {

struct TokenSpan {
  unsigned first = 0, last = 0;  // file offsets of the first and the last token
};

// The arguments of the call whose name starts at `callStart`: the tokens between its parentheses,
// split at the commas outside nested parentheses. Nothing for an empty argument or a call that is
// not one run of tokens in the file.
std::optional<std::vector<TokenSpan>> callArguments(clang::SourceLocation callStart,
                                                    const clang::SourceManager& sources,
                                                    const clang::LangOptions& language) {
  auto [file, offset] = sources.getDecomposedLoc(callStart);
  llvm::StringRef buffer = sources.getBufferData(file);
  clang::Lexer lexer(sources.getLocForStartOfFile(file), language, buffer.begin(), buffer.begin() + offset,
                     buffer.end());
  clang::Token token;
  auto next = [&]() {
    lexer.LexFromRawLexer(token);
    return !token.is(clang::tok::eof);
  };
  if (!next() || !token.is(clang::tok::raw_identifier) || !next() || !token.is(clang::tok::l_paren))
    return std::nullopt;
  std::vector<TokenSpan> arguments;
  std::optional<TokenSpan> current;
  int depth = 0;
  while (next()) {
    unsigned at = sources.getFileOffset(token.getLocation());
    bool closes = token.is(clang::tok::r_paren) && depth == 0;
    if (closes || (token.is(clang::tok::comma) && depth == 0)) {
      if (!current) return std::nullopt;
      arguments.push_back(*current);
      current.reset();
      if (closes) return arguments;
      continue;
    }
    if (token.is(clang::tok::l_paren)) ++depth;
    if (token.is(clang::tok::r_paren)) --depth;
    if (!current) current = TokenSpan{at, at};
    current->last = at;
  }
  return std::nullopt;
}

bool spans(const clang::Expr* expr, const TokenSpan& span, const clang::SourceManager& sources) {
  clang::SourceLocation begin = expr->getBeginLoc(), end = expr->getEndLoc();
  if (!begin.isMacroID() || !end.isMacroID() || !sources.isMacroArgExpansion(begin) ||
      !sources.isMacroArgExpansion(end))
    return false;
  return sources.getFileOffset(sources.getFileLoc(begin)) == span.first &&
         sources.getFileOffset(sources.getFileLoc(end)) == span.last;
}

// The outermost sub-expressions of `expr` that are the arguments; whether anything else of the
// expansion (the macro's body) names a variable.
void matchArguments(const clang::Expr* expr, const std::vector<TokenSpan>& spansOfArguments,
                    const clang::SourceManager& sources, std::vector<const clang::Expr*>& found,
                    bool& bodyNamesVariable) {
  if (!expr) return;
  for (size_t k = 0; k < spansOfArguments.size(); ++k)
    if (spans(expr, spansOfArguments[k], sources)) {
      if (!found[k]) found[k] = expr;
      return;
    }
  if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(expr); ref && llvm::isa<clang::VarDecl>(ref->getDecl()))
    bodyNamesVariable = true;
  for (const clang::Stmt* child : expr->children())
    matchArguments(llvm::dyn_cast_or_null<clang::Expr>(child), spansOfArguments, sources, found, bodyNamesVariable);
}

}  // namespace

std::optional<MacroCall> functionLikeMacroCall(const clang::Expr* expr, const clang::SourceManager& sources,
                                               const clang::LangOptions& language) {
  clang::SourceLocation begin = expr->getBeginLoc(), end = expr->getEndLoc();
  if (!begin.isMacroID() || !end.isMacroID() || !sources.isMacroBodyExpansion(begin) ||
      !sources.isMacroBodyExpansion(end))
    return std::nullopt;
  clang::CharSourceRange first = sources.getImmediateExpansionRange(begin);
  clang::CharSourceRange last = sources.getImmediateExpansionRange(end);
  if (first.getBegin() != last.getBegin() || first.getEnd() != last.getEnd()) return std::nullopt;
  if (!first.getBegin().isFileID() || !first.getEnd().isFileID()) return std::nullopt;  // inside another macro
  bool objectLike = true;
  if (!wholeMacroBody(sources.getImmediateSpellingLoc(begin), sources.getImmediateSpellingLoc(end), sources, language,
                      objectLike) ||
      objectLike)
    return std::nullopt;
  std::optional<std::vector<TokenSpan>> arguments = callArguments(first.getBegin(), sources, language);
  if (!arguments) return std::nullopt;
  MacroCall call{clang::Lexer::getImmediateMacroName(begin, sources, language).str(), {}};
  call.arguments.assign(arguments->size(), nullptr);
  bool bodyNamesVariable = false;
  matchArguments(expr, *arguments, sources, call.arguments, bodyNamesVariable);
  if (bodyNamesVariable) return std::nullopt;
  for (const clang::Expr* argument : call.arguments)
    if (!argument) return std::nullopt;  // pasted (x##f), stringised, or unused: printed from the expansion
  return call;
}

}  // namespace adrace::ad::c
