#include "ad/FilePrelude.h"

#include <clang/AST/Decl.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

#include <map>
#include <set>
#include <vector>
#include <memory>

namespace adrace::ad {
namespace {

// A directive's text: from its '#' to the end of its logical line (backslash continuations, and a
// block comment that runs past the line end, included). A continuation's backslash may be followed
// by a carriage return (files with DOS line ends, Rodinia's) or blanks before its newline, as
// compilers accept.
size_t directiveEnd(llvm::StringRef buffer, size_t hash) {
  size_t at = hash;
  bool inComment = false;
  while (at < buffer.size()) {
    char ch = buffer[at];
    if (inComment) {
      if (ch == '*' && at + 1 < buffer.size() && buffer[at + 1] == '/') {
        inComment = false;
        ++at;
      }
    } else if (ch == '/' && at + 1 < buffer.size() && buffer[at + 1] == '*') {
      inComment = true;
      ++at;
    } else if (ch == '\\') {
      size_t next = at + 1;
      while (next < buffer.size() && (buffer[next] == ' ' || buffer[next] == '\t' || buffer[next] == '\r')) ++next;
      if (next < buffer.size() && buffer[next] == '\n') at = next;
    } else if (ch == '\n') {
      return at;
    }
    ++at;
  }
  return at;
}

// The file-scope constants (C++: `constexpr int N = 64;`) that the file's type declarations name,
// in an array size (`double u[N];`) or a member function's body: they are repeated before them.
std::set<const clang::VarDecl*> constantsNamedByTypes(const clang::ASTContext& ast) {
  struct Named : clang::RecursiveASTVisitor<Named> {
    bool VisitDeclRefExpr(clang::DeclRefExpr* ref) {
      if (auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
          var && var->getDeclContext()->isFileContext() && var->getType().isConstQualified() && var->hasInit() &&
          !var->hasExternalFormalLinkage())  // (an `extern const` one is defined once, in the input's file)
        found.insert(var);
      return true;
    }
    std::set<const clang::VarDecl*> found;
  } named;
  for (clang::Decl* decl : ast.getTranslationUnitDecl()->decls())
    if (llvm::isa<clang::TypedefNameDecl, clang::TagDecl>(decl)) named.TraverseDecl(decl);
  return named.found;
}

// The constants of a namespace that holds nothing else (`namespace grid { constexpr double kTiny =
// 1e-12; }`), when a type declaration names one of them: the namespace is repeated as written.
std::vector<const clang::VarDecl*> namedConstantNamespace(const clang::Decl* decl,
                                                          const std::set<const clang::VarDecl*>& named) {
  auto* space = llvm::dyn_cast<clang::NamespaceDecl>(decl);
  std::vector<const clang::VarDecl*> constants;
  bool anyNamed = false;
  if (!space) return {};
  for (const clang::Decl* member : space->decls()) {
    auto* var = llvm::dyn_cast<clang::VarDecl>(member);
    if (!var || !var->getType().isConstQualified() || !var->hasInit() || var->hasExternalFormalLinkage()) return {};
    anyNamed |= named.count(var) > 0;
    constants.push_back(var);
  }
  return anyNamed ? constants : std::vector<const clang::VarDecl*>{};
}

bool isTypeDeclaration(const clang::Decl* decl) {
  if (auto* tag = llvm::dyn_cast<clang::TagDecl>(decl); tag && tag->isEmbeddedInDeclarator()) return false;
  return llvm::isa<clang::TypedefNameDecl, clang::TagDecl, clang::ClassTemplateDecl, clang::TypeAliasTemplateDecl>(
      decl);
}

bool isRepeatedConstant(const clang::Decl* decl) {
  auto* var = llvm::dyn_cast<clang::VarDecl>(decl);
  return var && var->getType().isConstQualified() && var->hasInit() && !var->hasExternalFormalLinkage();
}

// Whether a named namespace declares a type (the parameters or the body may name it: `fv::Mesh`).
bool declaresType(const clang::NamespaceDecl* space) {
  for (const clang::Decl* member : space->decls())
    if (isTypeDeclaration(member) ||
        (llvm::isa<clang::NamespaceDecl>(member) && declaresType(llvm::cast<clang::NamespaceDecl>(member))))
      return true;
  return false;
}

// A declaration's text as written.
std::string sourceText(const clang::ASTContext& ast, const clang::Decl* decl) {
  const clang::SourceManager& sources = ast.getSourceManager();
  clang::SourceLocation begin = sources.getExpansionLoc(decl->getSourceRange().getBegin());
  clang::SourceLocation end = sources.getExpansionLoc(decl->getSourceRange().getEnd());
  return clang::Lexer::getSourceText(clang::CharSourceRange::getTokenRange(begin, end), sources, ast.getLangOpts())
      .str();
}

// A named namespace that declares types, repeated with what those types may need: its types, its
// constants (then not declared again with the file-scope variables), its inline functions (a
// member function's body may call one), and its namespaces of the same kind. Other functions are
// the primal's file's own: defined again, they would be defined twice in the program.
c::StmtRef namespaceWithTypes(const clang::ASTContext& ast, const clang::NamespaceDecl* space, FilePrelude& prelude) {
  c::StmtList members;
  for (const clang::Decl* member : space->decls()) {
    if (auto* inner = llvm::dyn_cast<clang::NamespaceDecl>(member)) {
      if (!inner->isAnonymousNamespace() && declaresType(inner))
        members.push_back(namespaceWithTypes(ast, inner, prelude));
      continue;
    }
    auto* function = llvm::dyn_cast<clang::FunctionDecl>(member);
    if (auto* generic = llvm::dyn_cast<clang::FunctionTemplateDecl>(member)) function = generic->getTemplatedDecl();
    bool inlineFunction = function && function->doesThisDeclarationHaveABody() && function->isInlineSpecified();
    if (isRepeatedConstant(member)) prelude.constants.insert(llvm::cast<clang::VarDecl>(member));
    if (isTypeDeclaration(member) || isRepeatedConstant(member))
      members.push_back(c::verbatim(sourceText(ast, member) + ";"));
    else if (inlineFunction)
      members.push_back(c::verbatim(sourceText(ast, member)));
  }
  return c::namespaceBlock(space->getNameAsString(), std::move(members));
}

}  // namespace

FilePrelude filePrelude(const clang::ASTContext& ast) {
  const clang::SourceManager& sources = ast.getSourceManager();
  const clang::LangOptions& language = ast.getLangOpts();
  clang::FileID file = sources.getMainFileID();
  llvm::StringRef buffer = sources.getBufferData(file);

  FilePrelude prelude;
  // Top-level declarations of the main file: ranges (offsets) that directives inside belong to,
  // and the type declarations to repeat.
  std::vector<std::pair<size_t, size_t>> declarationRanges;
  std::map<size_t, c::StmtRef> items;  // by offset
  const std::set<const clang::VarDecl*> sizes = constantsNamedByTypes(ast);
  for (const clang::Decl* decl : ast.getTranslationUnitDecl()->decls()) {
    clang::SourceRange range = decl->getSourceRange();
    clang::SourceLocation begin = sources.getExpansionLoc(range.getBegin());
    clang::SourceLocation end = sources.getExpansionLoc(range.getEnd());
    if (!sources.isWrittenInMainFile(begin) || !sources.isWrittenInMainFile(end)) continue;
    size_t from = sources.getFileOffset(begin), to = sources.getFileOffset(end);
    declarationRanges.push_back({from, to});
    if (auto* space = llvm::dyn_cast<clang::NamespaceDecl>(decl);
        space && !space->isAnonymousNamespace() && declaresType(space)) {
      items[from] = namespaceWithTypes(ast, space, prelude);
      continue;
    }
    bool type = llvm::isa<clang::TypedefNameDecl>(decl) || llvm::isa<clang::TagDecl>(decl);
    if (auto* tag = llvm::dyn_cast<clang::TagDecl>(decl); tag && tag->isEmbeddedInDeclarator()) type = false;
    auto* constant = llvm::dyn_cast<clang::VarDecl>(decl);
    const std::vector<const clang::VarDecl*> namespaced = namedConstantNamespace(decl, sizes);
    if (constant && sizes.count(constant))
      prelude.constants.insert(constant);
    else if (!namespaced.empty())
      prelude.constants.insert(namespaced.begin(), namespaced.end());
    else if (!type)
      continue;
    std::string text =
        clang::Lexer::getSourceText(clang::CharSourceRange::getTokenRange(begin, end), sources, language).str();
    if (!text.empty()) items[from] = c::verbatim(text + (llvm::isa<clang::NamespaceDecl>(decl) ? "" : ";"));
  }
  auto insideDeclaration = [&](size_t offset) {
    for (auto& [from, to] : declarationRanges)
      if (offset > from && offset < to) return true;
    return false;
  };

  // Raw lexing restarts after each directive's line, so a directive's own tokens are never taken
  // for the next one's.
  auto lexerAt = [&](size_t offset) {
    return std::make_unique<clang::Lexer>(sources.getLocForStartOfFile(file), language, buffer.begin(),
                                          buffer.begin() + offset, buffer.end());
  };
  std::unique_ptr<clang::Lexer> lexer = lexerAt(0);
  auto offsetOf = [&](const clang::Token& t) { return sources.getFileOffset(t.getLocation()); };
  clang::Token token;
  for (;;) {
    lexer->LexFromRawLexer(token);
    if (token.is(clang::tok::eof)) break;
    if (!token.is(clang::tok::hash) || !token.isAtStartOfLine()) continue;
    size_t hash = offsetOf(token);
    size_t end = directiveEnd(buffer, hash);
    clang::Token keyword, macro, next;
    lexer->LexFromRawLexer(keyword);
    std::string directive =
        keyword.is(clang::tok::raw_identifier) && offsetOf(keyword) < end ? keyword.getRawIdentifier().str() : "";
    if (directive == "define") {
      lexer->LexFromRawLexer(macro);
      lexer->LexFromRawLexer(next);
      // object-like unless '(' follows the name with no space between
      bool functionLike = next.is(clang::tok::l_paren) && offsetOf(next) < end && !next.hasLeadingSpace();
      if (macro.is(clang::tok::raw_identifier) && offsetOf(macro) < end && !functionLike)
        prelude.macros.insert(macro.getRawIdentifier().str());
    }
    if (directive != "pragma" && !directive.empty() && !insideDeclaration(hash))
      items[hash] = c::verbatim(buffer.substr(hash, end - hash).str());
    if (end >= buffer.size()) break;
    lexer = lexerAt(end);
  }
  for (auto& [offset, item] : items) prelude.lines.push_back(item);
  return prelude;
}

}  // namespace adrace::ad
