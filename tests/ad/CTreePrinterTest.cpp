// Unit tests of the C tree (ad/c): the builders' constant folding, the printer's precedence,
// associativity, token separation, statements and pragmas, and the conversion from Clang's AST
// (no source text copied: comments vanish; object-like macros keep their names).
#include "ad/c/Expr.h"
#include "ad/c/FromClang.h"
#include "ad/c/Printer.h"
#include "ad/c/Uses.h"
#include "ad/c/Statement.h"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Tooling/Tooling.h>
#include <gtest/gtest.h>

namespace adrace::ad::c {
namespace c_tree_printer_test {

ExprRef x() { return name("x"); }
ExprRef y() { return name("y"); }
ExprRef z() { return name("z"); }

TEST(CTreeBuilders, FoldTrivialConstants) {
  EXPECT_EQ(print(mul(x(), literal("1.0"))), "x");
  EXPECT_EQ(print(mul(literal("1"), x())), "x");
  EXPECT_EQ(print(add(literal("0.0"), x())), "x");
  EXPECT_EQ(print(sub(x(), literal("0"))), "x");
  EXPECT_EQ(print(sub(literal("0.0"), x())), "-x");
  EXPECT_EQ(print(div(x(), literal("1.0"))), "x");
  EXPECT_EQ(print(negate(negate(x()))), "x");
  EXPECT_EQ(print(mul(x(), literal("N"))), "x * N");  // a macro is not a known one
  EXPECT_EQ(print(mul(x(), literal("10"))), "x * 10");
  EXPECT_EQ(print(mul(x(), literal("1e0"))), "x");
}

TEST(CTreePrinter, ParenthesesOnlyWhereNeeded) {
  EXPECT_EQ(print(mul(add(x(), y()), z())), "(x + y) * z");
  EXPECT_EQ(print(add(mul(x(), y()), z())), "x * y + z");
  EXPECT_EQ(print(add(x(), mul(y(), z()))), "x + y * z");
  EXPECT_EQ(print(subscript(name("a"), add(x(), integer(1)))), "a[x + 1]");
  EXPECT_EQ(print(call("sin", {add(x(), y())})), "sin(x + y)");
  EXPECT_EQ(print(cast(plainType("double"), add(x(), y()))), "(double)(x + y)");
  EXPECT_EQ(print(cast(pointerTo(plainType("double")), x())), "(double *)x");
  EXPECT_EQ(print(member(subscript(name("p"), x()), "v", false)), "p[x].v");
  EXPECT_EQ(print(member(prefix(Op::Dereference, name("p")), "v", false)), "(*p).v");
  EXPECT_EQ(print(assign(Op::AddAssign, subscript(name("x_b"), name("i")), mul(name("a"), name("adj")))),
            "x_b[i] += a * adj");
}

TEST(CTreePrinter, LeftAssociativityOfMinusAndDivide) {
  EXPECT_EQ(print(sub(sub(x(), y()), z())), "x - y - z");
  EXPECT_EQ(print(sub(x(), sub(y(), z()))), "x - (y - z)");
  EXPECT_EQ(print(div(div(x(), y()), z())), "x / y / z");
  EXPECT_EQ(print(div(x(), div(y(), z()))), "x / (y / z)");
  EXPECT_EQ(print(div(x(), mul(y(), z()))), "x / (y * z)");
  EXPECT_EQ(print(add(x(), add(y(), z()))), "x + (y + z)");  // floating-point addition does not associate
}

TEST(CTreePrinter, UnaryMinusOfANegativeValue) {
  EXPECT_EQ(print(negate(literal("-1"))), "-(-1)");
  EXPECT_EQ(print(negate(integer(-2))), "2");  // -(-2) folds
  EXPECT_EQ(print(integer(-2)), "-2");
  auto asWritten = std::make_shared<Expr>();
  asWritten->kind = Expr::Kind::Prefix;
  asWritten->op = Op::Minus;
  asWritten->operands = {negate(x())};
  EXPECT_EQ(print(ExprRef(asWritten)), "-(-x)");
  EXPECT_EQ(print(sub(x(), negate(y()))), "x - -y");
  EXPECT_EQ(print(negate(add(x(), y()))), "-(x + y)");
  EXPECT_EQ(print(mul(negate(x()), y())), "-x * y");
}

TEST(CTreePrinter, NestedTernaries) {
  ExprRef inner = conditional(name("b"), x(), y());
  EXPECT_EQ(print(conditional(name("a"), inner, z())), "a ? b ? x : y : z");
  EXPECT_EQ(print(conditional(name("a"), z(), inner)), "a ? z : b ? x : y");
  EXPECT_EQ(print(conditional(inner, x(), y())), "(b ? x : y) ? x : y");
  EXPECT_EQ(print(mul(inner, z())), "(b ? x : y) * z");
  EXPECT_EQ(print(conditional(binary(Op::GreaterEqual, x(), literal("0.0")), name("s"), negate(name("s")))),
            "x >= 0.0 ? s : -s");
}

TEST(CTreePrinter, ParenthesesCompilersAskFor) {
  EXPECT_EQ(print(binary(Op::LogicalOr, binary(Op::LogicalAnd, x(), y()), z())), "(x && y) || z");
  EXPECT_EQ(print(binary(Op::BitAnd, x(), binary(Op::Equal, y(), z()))), "x & (y == z)");
}

TEST(CTreePrinter, Declarators) {
  Type matrix = arrayOf(arrayOf(plainType("double"), name("M")), name("N"));
  EXPECT_EQ(print(matrix, "a_b"), "double a_b[N][M]");
  EXPECT_EQ(print(pointerTo(arrayOf(plainType("float"), literal("64"))), "x_b"), "float (*x_b)[64]");
  EXPECT_EQ(print(pointerTo(arrayOf(plainType("float"), literal("64")))), "float (*)[64]");
  EXPECT_EQ(print(arrayOf(pointerTo(plainType("double")), literal("4")), "rows"), "double *rows[4]");
}

TEST(CTreePrinter, SimdOverALoop) {
  StmtRef loop = forLoop(declaration(plainType("int"), "i", name("n")), binary(Op::GreaterEqual, name("i"), integer(1)),
                         postfix(Op::Decrement, name("i")),
                         {expression(assign(Op::Assign, subscript(name("x_b"), name("i")), integer(0)))});
  EXPECT_EQ(print(block({governed(directive(Omp::Simd), loop)}), 0),
            "{\n"
            "#pragma omp simd\n"
            "    for (int i = n; i >= 1; i--) {\n"
            "        x_b[i] = 0;\n"
            "    }\n"
            "}\n");
}

TEST(CTreePrinter, StatementsAndPragmasInsideBlocks) {
  StmtList body = {
      governed(directive(Omp::Atomic),
               expression(assign(Op::AddAssign, subscript(name("x_b"), name("i")), name("adj")))),
  };
  StmtRef loop = forLoop(declaration(plainType("int"), "i", integer(0)), binary(Op::Less, name("i"), name("n")),
                         postfix(Op::Increment, name("i")), body);
  StmtRef code =
      block({comment("backward sweep"), governed(directive(Omp::Parallel), block({loop})),
             ifElse(name("c"), {expression(assign(Op::Assign, x(), integer(1)))},
                    {ifElse(name("d"), {breakStatement()}, {withComment(returnStatement(), "done")})}),
             doWhile({expression(postfix(Op::Decrement, name("k")))}, binary(Op::Greater, name("k"), integer(0))),
             declaration(pointerTo(plainType("double")), "p", name("q"))});
  EXPECT_EQ(print(code, 1),
            "    {\n"
            "        /* backward sweep */\n"
            "#pragma omp parallel\n"
            "        {\n"
            "            for (int i = 0; i < n; i++) {\n"
            "#pragma omp atomic\n"
            "                x_b[i] += adj;\n"
            "            }\n"
            "        }\n"
            "        if (c) {\n"
            "            x = 1;\n"
            "        } else if (d) {\n"
            "            break;\n"
            "        } else {\n"
            "            return; /* done */\n"
            "        }\n"
            "        do {\n"
            "            k--;\n"
            "        } while (k > 0);\n"
            "        double *p = q;\n"
            "    }\n");
}

TEST(CTreeExpr, IdentityAndNames) {
  EXPECT_TRUE(
      sameExpr(subscript(name("x_b"), add(name("i"), integer(1))), subscript(name("x_b"), add(name("i"), integer(1)))));
  EXPECT_FALSE(sameExpr(subscript(name("x_b"), name("i")), subscript(name("x_b"), name("j"))));
  EXPECT_TRUE(namesIdentifier(mul(name("a"), subscript(name("x_b"), name("i"))), "x_b"));
  EXPECT_FALSE(namesIdentifier(mul(name("a"), subscript(name("x_bb"), name("i"))), "x_b"));
}

// The initializer of the variable `probe` in `code`, converted.
class ProbeFinder : public clang::RecursiveASTVisitor<ProbeFinder> {
 public:
  bool VisitVarDecl(clang::VarDecl* var) {
    if (var->getName() == "probe") found = var;
    return true;
  }
  clang::VarDecl* found = nullptr;
};

std::string converted(const std::string& code) {
  std::unique_ptr<clang::ASTUnit> unit = clang::tooling::buildASTFromCodeWithArgs(code, {"-std=c99"}, "probe.c");
  ProbeFinder finder;
  finder.TraverseDecl(unit->getASTContext().getTranslationUnitDecl());
  if (!finder.found || !finder.found->getInit()) return "<no probe>";
  FromClang from(unit->getASTContext());
  ExprRef expr = from.expr(finder.found->getInit());
  return expr ? print(expr) : "<unsupported: " + from.unsupportedWhat + ">";
}

TEST(CTreeFromClang, CommentsAndLineBreaksInsideExpressionsVanish) {
  EXPECT_EQ(converted("double f(double a, double b) { double probe = a // first\n"
                      "  * /* times */ b\n"
                      "  + 2.50; return probe; }"),
            "a * b + 2.50");
}

TEST(CTreeFromClang, ObjectLikeMacrosKeepTheirNames) {
  EXPECT_EQ(converted("#define N 64\n#define NX 8\n#define NY 4\n#define SIZE (NX*NY)\n"
                      "int f(int i) { int probe = i * N + SIZE - NX * NY; return probe; }"),
            "i * N + SIZE - NX * NY");
  EXPECT_EQ(converted("#define N 64\n#define M N\nint f(void) { int probe = M; return probe; }"), "M");
}

TEST(CTreePrinter, DirectivesPrintTheirClausesAboveTheStatementTheyGovern) {
  Directive parallel =
      directive(Omp::Parallel, {firstprivateClause({name("n"), name("m")}),
                                reductionClause(Op::Add, {name("s"), arraySection(name("x_b"), nullptr, integer(1))})});
  StmtRef loop = governed(directive(Omp::For, {scheduleClause(Schedule::Dynamic, literal("4"))}),
                          forLoop(expression(assign(Op::Assign, name("k"), integer(0))),
                                  binary(Op::Less, name("k"), name("n")), postfix(Op::Increment, name("k")), {}));
  EXPECT_EQ(print(governed(parallel, block({loop, pragma(directive(Omp::Barrier))})), 1),
            "#pragma omp parallel firstprivate(n, m) reduction(+: s, x_b[:1])\n"
            "    {\n"
            "#pragma omp for schedule(dynamic, 4)\n"
            "        for (k = 0; k < n; k++) {\n"
            "        }\n"
            "#pragma omp barrier\n"
            "    }\n");
}

TEST(CTreePrinter, ClausesWithoutArgumentsAndEveryScheduleKind) {
  EXPECT_EQ(print(governed(directive(Omp::Single, {nowaitClause()}), block({})), 1),
            "#pragma omp single nowait\n    {\n    }\n");
  EXPECT_EQ(print(pragma(directive(Omp::For, {scheduleClause(Schedule::Static)})), 0),
            "#pragma omp for schedule(static)\n");
  EXPECT_EQ(print(pragma(directive(Omp::For, {scheduleClause(Schedule::Guided, mul(name("c"), integer(2)))})), 0),
            "#pragma omp for schedule(guided, c * 2)\n");
  EXPECT_EQ(print(pragma(directive(Omp::For, {scheduleClause(Schedule::Auto)})), 0),
            "#pragma omp for schedule(auto)\n");
  EXPECT_EQ(print(pragma(directive(Omp::For, {scheduleClause(Schedule::Runtime)})), 0),
            "#pragma omp for schedule(runtime)\n");
}

TEST(CTreePrinter, EveryOperatorAsCWritesIt) {
  EXPECT_EQ(print(binary(Op::ShiftLeft, x(), binary(Op::Remainder, y(), z()))), "x << y % z");
  EXPECT_EQ(print(binary(Op::BitXor, x(), binary(Op::BitOr, y(), z()))), "x ^ (y | z)");
  EXPECT_EQ(print(assign(Op::ShiftRightAssign, x(), prefix(Op::Complement, y()))), "x >>= ~y");
  EXPECT_EQ(print(prefix(Op::Increment, postfix(Op::Decrement, x()))), "++x--");
  EXPECT_EQ(print(binaryAsWritten(Op::Comma, x(), prefix(Op::Not, y()))), "x, !y");
  EXPECT_EQ(print(comma(postIncrement(x()), addAssign(dereference(y()), remainder(z(), integer(2))))),
            "x++, *y += z % 2");
  EXPECT_EQ(print(logicalAnd(lessEqual(x(), y()), logicalNot(equal(addressOf(z()), x())))), "x <= y && !(&z == x)");
}

TEST(CTreePrinter, GroupsDeclaratorListsAndOneLineGuards) {
  EXPECT_EQ(print(cast(plainType("int"), add(parenthesized(add(literal("2"), name("o"))), name("k")))),
            "(int)((2 + o) + k)");
  EXPECT_EQ(print(declarations(plainType("long"), {"k", "begin", "end"})), "long k, begin, end;\n");
  EXPECT_EQ(
      print(withComment(
          guarded(name("last"), expression(assign(Op::Assign, prefix(Op::Dereference, name("p")), name("i")))), "why")),
      "if (last) *p = i; /* why */\n");
}

TEST(CTreePrinter, AFileOfPreprocessorLinesAndFunctionDefinitions) {
  StmtList parameters = {declaration(pointerTo(plainType("const double")), "x"),
                         declaration(pointerTo(plainType("double")), "x_b"), declaration(plainType("int"), "n")};
  StmtList file = {
      comment("Generated:\nsecond line"),
      verbatim("#define N 10 /* the user's own line */"),
      preprocessor("include", "<stdlib.h>"),
      blankLine(),
      preprocessor("ifndef", "_OPENMP"),
      withStorage(
          onOneLine(functionDefinition(plainType("int"), "omp_get_thread_num", {}, {returnStatement(integer(0))})),
          "static inline"),
      preprocessor("endif"),
      blankLine(),
      functionDefinition(
          plainType("void"), "f_b", parameters,
          {governed(directive(Omp::Atomic),
                    expression(assign(Op::AddAssign, prefix(Op::Dereference, name("x_b")), name("n"))))}),
  };
  EXPECT_EQ(print(file),
            "/* Generated:\n"
            " * second line */\n"
            "#define N 10 /* the user's own line */\n"
            "#include <stdlib.h>\n"
            "\n"
            "#ifndef _OPENMP\n"
            "static inline int omp_get_thread_num(void) { return 0; }\n"
            "#endif\n"
            "\n"
            "void f_b(const double *x, double *x_b, int n)\n"
            "{\n"
            "#pragma omp atomic\n"
            "    *x_b += n;\n"
            "}\n");
  EXPECT_TRUE(mentions(file.back(), "n"));  // a parameter's declaration is a use
  EXPECT_FALSE(sameStatement(file.back(), functionDefinition(plainType("void"), "f_b", {}, file.back()->body)));
}

TEST(CTreeUses, MentionsLooksAtCodeOnlyAtEveryDepth) {
  StmtRef loop = forLoop(declaration(plainType("int"), "i", integer(0)), binary(Op::Less, name("i"), name("n")),
                         postfix(Op::Increment, name("i")),
                         {withComment(expression(assign(Op::AddAssign, name("s"), name("x"))), "adds y")});
  EXPECT_TRUE(mentions(loop, "n"));
  EXPECT_TRUE(mentions(loop, "x"));
  EXPECT_TRUE(mentions(loop, "i"));
  EXPECT_FALSE(mentions(loop, "y"));    // only in a comment
  EXPECT_FALSE(mentions(loop, "s_b"));  // an identifier, not a prefix of one
  EXPECT_TRUE(mentions(governed(directive(Omp::Parallel, {reductionClause(Op::Add, {name("r")})}), block({})), "r"));
  EXPECT_TRUE(mentions(declaration(arrayOf(plainType("double"), name("m")), "a"), "m"));
  EXPECT_TRUE(mentions(declarations(plainType("long"), {"k", "e"}), "e"));
}

TEST(CTreeUses, DropWriteOnlyRemovesWritesOfAVariableNobodyReads) {
  StmtList code = {declaration(plainType("double"), "t_b", literal("0.0")),
                   ifElse(name("c"), {expression(assign(Op::AddAssign, name("t_b"), name("adj")))}),
                   expression(assign(Op::AddAssign, name("x_b"), name("adj")))};
  StmtList kept = code;
  dropWriteOnly(kept, "t_b");
  EXPECT_EQ(print(kept), "if (c) {\n}\nx_b += adj;\n");
  StmtList read = code;
  read.push_back(expression(assign(Op::AddAssign, name("y_b"), name("t_b"))));
  dropWriteOnly(read, "t_b");
  EXPECT_EQ(read.size(), 4u);  // read at the end: nothing dropped
  StmtList self = {expression(assign(Op::Assign, name("t"), mul(name("t"), name("t"))))};
  dropWriteOnly(self, "t");
  EXPECT_EQ(self.size(), 1u);  // its right side reads it
}

TEST(CTreeFromClang, FunctionLikeMacroCallsAreKept) {
  EXPECT_EQ(converted("#define N 3\n#define SQ(v) ((v) * (v))\n"
                      "double f(double x) { double probe = SQ(x + N /* shifted */); return probe; }"),
            "SQ(x + N)");
  EXPECT_EQ(converted("#define MIN(a, b) ((a) < (b) ? (a) : (b))\n"
                      "int g(int a, int b);\nint f(int n, int ib) { int probe = MIN(g(ib, 2), (n)); return probe; }"),
            "MIN(g(ib, 2), n)");
}

// A pasted argument is no sub-expression, and a body naming a variable would name it wherever the
// call is printed: both are printed from their expansion.
TEST(CTreeFromClang, FunctionLikeMacrosThatAreNotCallsOfTheirArgumentsAreExpanded) {
  EXPECT_EQ(converted("#define LIT(x) x##f\nfloat f(float y) { float probe = LIT(0.5) * y; return probe; }"),
            "0.5f * y");
  EXPECT_EQ(converted("#define AT(i) ((i) * nx)\nint f(int nx, int i) { int probe = AT(i + 1); return probe; }"),
            "(i + 1) * nx");
}

TEST(CTreeFromClang, LiteralsKeepTheirSpelling) {
  EXPECT_EQ(converted("float f(float x) { float probe = 1.5e-3f * x + 0x10 - 'a'; return probe; }"),
            "1.5e-3f * x + 0x10 - 'a'");
}

TEST(CTreeFromClang, MacroNamingALocalIsExpanded) {
  EXPECT_EQ(converted("#define TWICE_K (2 * k)\nint f(void) { int k = 3; int probe = TWICE_K; return probe; }"),
            "2 * k");
}

}  // namespace c_tree_printer_test
}  // namespace adrace::ad::c
