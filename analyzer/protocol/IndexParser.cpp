// A tokenizer and a recursive-descent parser over the usual precedence levels:
//   relation := sum [relop sum]        sum := product {(+|-) product}
//   product  := unary {(*|/|%) unary}  unary := (-|+) unary | primary
//   primary  := integer | ( sum ) | name [#instance] [subscripts] | mod ( sum , sum )
//   subscripts := [ sum ] {[ sum ]} | ( sum {, sum} )
#include "analyzer/protocol/IndexParser.h"

#include <cctype>
#include <limits>
#include <vector>

namespace adrace::analyzer {
namespace {

using Relation = smt::KnowledgeBase::Relation;

struct Token {
  enum class Kind { Integer, Name, Punctuation, Relation, End };
  Kind kind = Kind::End;
  std::string text;
  unsigned column = 1;
  std::int64_t value = 0;               // Integer
  Relation relation = Relation::Equal;  // Relation
};

// Relational operators in both spellings; Fortran's dotted forms are case-insensitive.
const std::vector<std::pair<std::string_view, Relation>>& relationSpellings() {
  static const std::vector<std::pair<std::string_view, Relation>> spellings = {
      {"==", Relation::Equal},          {"!=", Relation::NotEqual},     {"/=", Relation::NotEqual},
      {"<=", Relation::LessEqual},      {">=", Relation::GreaterEqual}, {"<", Relation::Less},
      {">", Relation::Greater},         {".eq.", Relation::Equal},      {".ne.", Relation::NotEqual},
      {".lt.", Relation::Less},         {".le.", Relation::LessEqual},  {".gt.", Relation::Greater},
      {".ge.", Relation::GreaterEqual},
  };
  return spellings;
}

bool startsWithIgnoringCase(std::string_view text, std::string_view prefix) {
  if (text.size() < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(text[i])) != prefix[i]) return false;
  return true;
}

bool isNameStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool isNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool isDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// Deep enough for any real subscript, shallow enough that hostile input cannot overflow the stack.
constexpr int kMaximumNesting = 200;
// A flat chain (i+i+...+i) is not nested in the text but is a left-deep tree in the IR, which every
// later pass walks recursively: bound the operators of one expression too.
constexpr int kMaximumOperators = 1000;

class Parser {
 public:
  Parser(std::string_view text, const IndexSymbols& symbols) : text_(text), symbols_(symbols) { tokenize(); }

  ParsedExpression expression() {
    smt::ExprRef expr = sum();
    expectEnd();
    if (error_) return {nullptr, error_};
    return {expr, std::nullopt};
  }

  ParsedRelation relation() {
    ParsedRelation result;
    result.lhs = sum();
    if (!error_ && current().kind != Token::Kind::Relation)
      fail("expected a comparison (==, !=, <, <=, >, >=) after the left-hand side", current().column);
    if (!error_) {
      result.relation = current().relation;
      advance();
      result.rhs = sum();
    }
    expectEnd();
    if (error_) return {nullptr, Relation::Equal, nullptr, error_};
    return result;
  }

 private:
  void tokenize();
  bool tokenizeRelation(size_t& at);

  const Token& current() const { return tokens_[position_]; }
  void advance() {
    if (position_ + 1 < tokens_.size()) ++position_;
  }
  bool isPunctuation(std::string_view text) const {
    return current().kind == Token::Kind::Punctuation && current().text == text;
  }
  bool accept(std::string_view punctuation) {
    if (!isPunctuation(punctuation)) return false;
    advance();
    return true;
  }
  void expect(std::string_view punctuation) {
    if (!accept(punctuation)) fail("expected '" + std::string(punctuation) + "' " + found(), current().column);
  }
  void expectEnd() {
    if (!error_ && current().kind != Token::Kind::End) fail("unexpected " + describe(current()), current().column);
  }
  std::string found() const { return "but found " + describe(current()); }
  static std::string describe(const Token& token) {
    return token.kind == Token::Kind::End ? "end of text" : "'" + token.text + "'";
  }
  // Counts one binary operator; false (with an error) past kMaximumOperators.
  bool countOperator() {
    if (++operators_ <= kMaximumOperators) return true;
    fail("expression too long: more than " + std::to_string(kMaximumOperators) + " operators", current().column);
    return false;
  }
  smt::ExprRef fail(std::string message, unsigned column) {
    if (!error_) error_ = IndexParseError{std::move(message), column};
    return nullptr;
  }

  smt::ExprRef sum();
  smt::ExprRef product();
  smt::ExprRef unary();
  smt::ExprRef primary();
  smt::ExprRef name();
  std::vector<smt::ExprRef> subscripts();

  std::string_view text_;
  const IndexSymbols& symbols_;
  std::vector<Token> tokens_;
  size_t position_ = 0;
  int nesting_ = 0;
  int operators_ = 0;
  std::optional<IndexParseError> error_;
};

void Parser::tokenize() {
  size_t at = 0;
  while (at < text_.size() && !error_) {
    char c = text_[at];
    unsigned column = static_cast<unsigned>(at + 1);
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++at;
    } else if (isDigit(c)) {
      Token token{Token::Kind::Integer, {}, column};
      while (at < text_.size() && isDigit(text_[at])) {
        int digit = text_[at] - '0';
        if (token.value > (std::numeric_limits<std::int64_t>::max() - digit) / 10) {
          fail("integer literal too large", column);
          break;
        }
        token.value = token.value * 10 + digit;
        token.text += text_[at++];
      }
      if (at < text_.size() && isNameStart(text_[at]))
        fail("unexpected '" + std::string(1, text_[at]) + "' after a number", static_cast<unsigned>(at + 1));
      tokens_.push_back(token);
    } else if (isNameStart(c)) {
      size_t end = at;
      while (end < text_.size() && isNameChar(text_[end])) ++end;
      tokens_.push_back({Token::Kind::Name, std::string(text_.substr(at, end - at)), column});
      at = end;
    } else if (tokenizeRelation(at)) {
      continue;
    } else if (std::string_view("+-*/%()[],#").find(c) != std::string_view::npos) {
      tokens_.push_back({Token::Kind::Punctuation, std::string(1, c), column});
      ++at;
    } else if (c == '=') {
      fail("'=' is an assignment: write '==' for equality", column);
    } else {
      fail("unexpected character '" + std::string(1, c) + "'", column);
    }
  }
  tokens_.push_back({Token::Kind::End, {}, static_cast<unsigned>(text_.size() + 1)});
}

bool Parser::tokenizeRelation(size_t& at) {
  std::string_view rest = text_.substr(at);
  for (const auto& [spelling, relation] : relationSpellings()) {
    if (!startsWithIgnoringCase(rest, spelling)) continue;
    Token token{Token::Kind::Relation, std::string(rest.substr(0, spelling.size())), static_cast<unsigned>(at + 1)};
    token.relation = relation;
    tokens_.push_back(token);
    at += spelling.size();
    return true;
  }
  return false;
}

smt::ExprRef Parser::sum() {
  smt::ExprRef result = product();
  while (result) {
    if ((isPunctuation("+") || isPunctuation("-")) && !countOperator()) return nullptr;
    if (accept("+")) {
      smt::ExprRef rhs = product();
      result = rhs ? smt::add(result, rhs) : nullptr;
    } else if (accept("-")) {
      smt::ExprRef rhs = product();
      result = rhs ? smt::sub(result, rhs) : nullptr;
    } else {
      break;
    }
  }
  return result;
}

smt::ExprRef Parser::product() {
  smt::ExprRef result = unary();
  while (result) {
    smt::ExprRef (*combine)(smt::ExprRef, smt::ExprRef) = nullptr;
    if (accept("*"))
      combine = smt::mul;
    else if (accept("/"))
      combine = smt::div;
    else if (accept("%"))
      combine = smt::mod;
    else
      break;
    if (!countOperator()) return nullptr;
    smt::ExprRef rhs = unary();
    result = rhs ? combine(result, rhs) : nullptr;
  }
  return result;
}

smt::ExprRef Parser::unary() {
  if (++nesting_ > kMaximumNesting) return fail("expression nested too deeply", current().column);
  smt::ExprRef result;
  if (accept("-")) {
    smt::ExprRef operand = unary();
    if (operand) result = smt::neg(operand);
  } else if (accept("+")) {
    result = unary();
  } else {
    result = primary();
  }
  --nesting_;
  return result;
}

smt::ExprRef Parser::primary() {
  const Token& token = current();
  switch (token.kind) {
    case Token::Kind::Integer: {
      smt::ExprRef value = smt::constant(token.value);
      advance();
      return value;
    }
    case Token::Kind::Name: return name();
    case Token::Kind::Punctuation:
      if (accept("(")) {
        smt::ExprRef inner = sum();
        if (inner) expect(")");
        return error_ ? nullptr : inner;
      }
      break;
    default: break;
  }
  return fail("expected an operand " + found(), token.column);
}

std::vector<smt::ExprRef> Parser::subscripts() {
  std::vector<smt::ExprRef> result;
  if (accept("(")) {  // Fortran: a(i, j)
    do {
      result.push_back(sum());
      if (error_) return {};
    } while (accept(","));
    expect(")");
  } else {  // C: a[i][j]
    while (accept("[")) {
      result.push_back(sum());
      if (error_) return {};
      expect("]");
      if (error_) return {};
    }
  }
  return error_ ? std::vector<smt::ExprRef>{} : result;
}

smt::ExprRef Parser::name() {
  const Token token = current();
  advance();
  int instance = 0;
  if (accept("#")) {
    if (current().kind != Token::Kind::Integer || current().value > std::numeric_limits<int>::max())
      return fail("expected an instance number after '#' " + found(), current().column);
    instance = static_cast<int>(current().value);
    advance();
  }
  bool subscripted = isPunctuation("(") || isPunctuation("[");
  auto symbol = symbols_.find(token.text);
  if (symbol == symbols_.end()) {
    // Fortran's MOD intrinsic, unless the program declares a variable of that name.
    if (startsWithIgnoringCase(token.text, "mod") && token.text.size() == 3 && instance == 0 && isPunctuation("(")) {
      std::vector<smt::ExprRef> operands = subscripts();
      if (error_) return nullptr;
      if (operands.size() != 2)
        return fail("mod takes 2 arguments, not " + std::to_string(operands.size()), token.column);
      return smt::mod(operands[0], operands[1]);
    }
    return fail("'" + token.text + "' is not a declared variable", token.column);
  }
  const IndexSymbol& declared = symbol->second;
  if (!declared.integer)
    return fail("'" + token.text + "' is not an integer: an index can only use integers", token.column);
  if (declared.dimensions == 0) {
    if (subscripted) return fail("'" + token.text + "' is a scalar, not an array", token.column);
    return smt::variable(token.text, instance, declared.scope);
  }
  if (!subscripted) return fail("'" + token.text + "' is an array: give its subscripts", token.column);
  std::vector<smt::ExprRef> indices = subscripts();
  if (error_) return nullptr;
  if (indices.size() != declared.dimensions)
    return fail("'" + token.text + "' takes " + std::to_string(declared.dimensions) + " subscript(s), not " +
                    std::to_string(indices.size()),
                token.column);
  return smt::arrayRead(token.text, std::move(indices), instance, declared.scope);
}

}  // namespace

ParsedExpression parseIndexExpression(std::string_view text, const IndexSymbols& symbols) {
  return Parser(text, symbols).expression();
}

ParsedRelation parseIndexRelation(std::string_view text, const IndexSymbols& symbols) {
  return Parser(text, symbols).relation();
}

}  // namespace adrace::analyzer
