// Index expressions as text, in C and Fortran spelling: the same IR either way, the usual
// precedence, instances, and errors that say where.
#include "analyzer/protocol/IndexParser.h"

#include <gtest/gtest.h>

namespace adrace::analyzer {
namespace index_parser_test {

using smt::Scope;

const IndexSymbols kSymbols = {
    {"i", {Scope::Counter, true, 0}}, {"j", {Scope::Private, true, 0}}, {"k", {Scope::Private, true, 0}},
    {"n", {Scope::Shared, true, 0}},  {"c", {Scope::Shared, true, 1}},  {"a", {Scope::Shared, true, 2}},
    {"x", {Scope::Shared, false, 1}}, {"w", {Scope::Shared, false, 0}},
};

smt::ExprRef parse(const std::string& text) {
  ParsedExpression parsed = parseIndexExpression(text, kSymbols);
  EXPECT_FALSE(parsed.error) << text << ": " << parsed.error->message << " at column " << parsed.error->column;
  return parsed.expr;
}

std::string printed(const std::string& text) {
  smt::ExprRef expr = parse(text);
  return expr ? smt::toString(expr) : "<error>";
}

IndexParseError errorOf(const std::string& text) {
  ParsedExpression parsed = parseIndexExpression(text, kSymbols);
  EXPECT_TRUE(parsed.error) << text << " parsed as " << (parsed.expr ? smt::toString(parsed.expr) : "");
  return parsed.error.value_or(IndexParseError{});
}

TEST(IndexParser, CAndFortranSpellingsGiveTheSameExpression) {
  EXPECT_EQ(printed("c[i] + 7"), "c[i] + 7");
  EXPECT_TRUE(smt::sameExpr(parse("c(i)+7"), parse("c[i] + 7")));
  EXPECT_TRUE(smt::sameExpr(parse("a(i, j+1)"), parse("a[i][j + 1]")));
  EXPECT_TRUE(smt::sameExpr(parse("mod(k, 2)"), parse("k % 2")));
  EXPECT_TRUE(smt::sameExpr(parse("MOD(k,2)"), parse("k % 2")));
}

TEST(IndexParser, PrecedenceAndAssociativity) {
  EXPECT_EQ(printed("1 + 2 * i"), "1 + 2 * i");
  EXPECT_EQ(printed("(1 + i) * 2"), "(1 + i) * 2");
  EXPECT_EQ(printed("i - j - k"), "i - j - k");
  EXPECT_EQ(printed("i - (j - k)"), "i - (j - k)");
  EXPECT_EQ(printed("n / 2 * 2 + i % 3"), "n / 2 * 2 + i % 3");
  EXPECT_EQ(printed("-i + 3"), "-i + 3");
  EXPECT_EQ(printed("+i - -2"), "i + 2");
  EXPECT_EQ(printed("2 + 3 * 4"), "14") << "constants fold as the front-end's do";
  EXPECT_EQ(printed("c[c[i] - 1]"), "c[c[i] - 1]");
}

TEST(IndexParser, ScopesComeFromTheSymbolTable) {
  smt::ExprRef expr = parse("c(i) + j + n");
  std::map<std::string, Scope> scopes;
  smt::forEachSymbol(expr, [&](const smt::Expr& symbol) { scopes[symbol.name] = symbol.scope; });
  EXPECT_EQ(scopes.at("i"), Scope::Counter);
  EXPECT_EQ(scopes.at("j"), Scope::Private);
  EXPECT_EQ(scopes.at("n"), Scope::Shared);
  EXPECT_EQ(scopes.at("c"), Scope::Shared);
  EXPECT_EQ(parse("c(i)")->op, smt::Expr::Op::Read);
}

TEST(IndexParser, Instances) {
  smt::ExprRef k1 = parse("k#1");
  ASSERT_EQ(k1->op, smt::Expr::Op::Var);
  EXPECT_EQ(k1->instance, 1);
  EXPECT_EQ(printed("2 * k#1 + 1"), "2 * k#1 + 1");
  smt::ExprRef read = parse("c#2(i)");
  EXPECT_EQ(read->instance, 2);
  EXPECT_FALSE(smt::sameExpr(parse("k#1"), parse("k")));
}

TEST(IndexParser, RelationsInBothSpellings) {
  using Relation = smt::KnowledgeBase::Relation;
  const std::vector<std::pair<std::string, Relation>> cases = {
      {"j != k", Relation::NotEqual},     {"j .ne. k", Relation::NotEqual},     {"j /= k", Relation::NotEqual},
      {"j .NE. k", Relation::NotEqual},   {"j == k", Relation::Equal},          {"j .eq. k", Relation::Equal},
      {"j < k", Relation::Less},          {"j .lt. k", Relation::Less},         {"j <= k", Relation::LessEqual},
      {"j .le. k", Relation::LessEqual},  {"j > k", Relation::Greater},         {"j .gt. k", Relation::Greater},
      {"j >= k", Relation::GreaterEqual}, {"j .ge. k", Relation::GreaterEqual},
  };
  for (const auto& [text, relation] : cases) {
    ParsedRelation parsed = parseIndexRelation(text, kSymbols);
    ASSERT_FALSE(parsed.error) << text;
    EXPECT_EQ(parsed.relation, relation) << text;
    EXPECT_EQ(smt::toString(parsed.lhs), "j");
    EXPECT_EQ(smt::toString(parsed.rhs), "k");
  }
  ParsedRelation definition = parseIndexRelation("k#1 == 2*i + 1", kSymbols);
  ASSERT_FALSE(definition.error);
  EXPECT_EQ(smt::toString(definition.rhs), "2 * i + 1");
}

TEST(IndexParser, ErrorsSayWhatAndWhere) {
  struct Case {
    std::string text;
    unsigned column;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"c(i", 4, "expected ')' but found end of text"},
      {"c[i", 4, "expected ']'"},
      {"i + ", 5, "expected an operand but found end of text"},
      {"foo + 1", 1, "'foo' is not a declared variable"},
      {"i + x(i)", 5, "'x' is not an integer"},
      {"c(i, j)", 1, "'c' takes 1 subscript(s), not 2"},
      {"a[i]", 1, "'a' takes 2 subscript(s), not 1"},
      {"n(i)", 1, "'n' is a scalar, not an array"},
      {"c + 1", 1, "'c' is an array: give its subscripts"},
      {"i $ 2", 3, "unexpected character '$'"},
      {"i j", 3, "unexpected 'j'"},
      {"2i", 2, "unexpected 'i' after a number"},
      {"k#", 3, "expected an instance number after '#'"},
      {"99999999999999999999", 1, "integer literal too large"},
      {"mod(i)", 1, "mod takes 2 arguments, not 1"},
      {"()", 2, "expected an operand but found ')'"},
  };
  for (const Case& c : cases) {
    IndexParseError error = errorOf(c.text);
    EXPECT_EQ(error.column, c.column) << c.text << ": " << error.message;
    EXPECT_NE(error.message.find(c.message), std::string::npos) << c.text << ": " << error.message;
  }
}

TEST(IndexParser, RelationErrors) {
  ParsedRelation assignment = parseIndexRelation("j = k", kSymbols);
  ASSERT_TRUE(assignment.error);
  EXPECT_EQ(assignment.error->column, 3u);
  EXPECT_NE(assignment.error->message.find("write '=='"), std::string::npos);
  ParsedRelation missing = parseIndexRelation("j", kSymbols);
  ASSERT_TRUE(missing.error);
  EXPECT_EQ(missing.error->column, 2u);
  ParsedExpression comparison = parseIndexExpression("j < k", kSymbols);
  ASSERT_TRUE(comparison.error) << "an index is not a comparison";
  EXPECT_EQ(comparison.error->column, 3u);
}

TEST(IndexParser, HostileNestingIsAnErrorNotACrash) {
  std::string deep = std::string(100000, '(') + "i" + std::string(100000, ')');
  EXPECT_NE(errorOf(deep).message.find("nested too deeply"), std::string::npos);
  std::string negations = std::string(100000, '-') + "i";
  EXPECT_NE(errorOf(negations).message.find("nested too deeply"), std::string::npos);
}

// A flat chain is a left-deep tree that later passes walk recursively: 24,000 terms once
// overflowed the stack. Bounded by operators, whatever the nesting.
TEST(IndexParser, FlatChainOfTermsIsBounded) {
  std::string sum = "i", product = "i";
  for (int term = 1; term < 24000; ++term) {
    sum += term % 2 ? "-i" : "+i";
    product += "*k";
  }
  IndexParseError tooLong = errorOf(sum);
  EXPECT_NE(tooLong.message.find("expression too long: more than 1000 operators"), std::string::npos)
      << tooLong.message;
  EXPECT_NE(errorOf(product).message.find("expression too long"), std::string::npos);
  std::string fine = "i";
  for (int term = 1; term < 1000; ++term) fine += "+k";
  EXPECT_TRUE(parse(fine));
}

}  // namespace index_parser_test
}  // namespace adrace::analyzer
