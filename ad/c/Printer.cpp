#include "ad/c/Printer.h"

#include <optional>

namespace adrace::ad::c {
namespace {

constexpr int kComma = 1, kAssign = 2, kConditional = 3, kLogicalOr = 4, kLogicalAnd = 5, kUnary = 15, kPostfix = 16,
              kPrimary = 17;

int binaryPrecedence(Op op) {
  switch (op) {
    case Op::LogicalOr: return kLogicalOr;
    case Op::LogicalAnd: return kLogicalAnd;
    case Op::BitOr: return 6;
    case Op::BitXor: return 7;
    case Op::BitAnd: return 8;
    case Op::Equal:
    case Op::NotEqual: return 9;
    case Op::Less:
    case Op::LessEqual:
    case Op::Greater:
    case Op::GreaterEqual: return 10;
    case Op::ShiftLeft:
    case Op::ShiftRight: return 11;
    case Op::Add:
    case Op::Subtract: return 12;
    case Op::Multiply:
    case Op::Divide:
    case Op::Remainder: return 13;
    default: return kComma;
  }
}

int precedence(const Expr& expr) {
  switch (expr.kind) {
    case Expr::Kind::Name:
    case Expr::Kind::InitList:
    case Expr::Kind::Paren: return kPrimary;
    case Expr::Kind::Literal:
      return !expr.text.empty() && (expr.text[0] == '-' || expr.text[0] == '+') ? kUnary : kPrimary;
    case Expr::Kind::Call:
    case Expr::Kind::Subscript:
    case Expr::Kind::ArraySection:
    case Expr::Kind::Member:
    case Expr::Kind::Postfix: return kPostfix;
    case Expr::Kind::Cast: return expr.staticCast ? kPostfix : kUnary;
    case Expr::Kind::Prefix:
    case Expr::Kind::SizeofType:
    case Expr::Kind::SizeofExpr: return kUnary;
    case Expr::Kind::Binary: return binaryPrecedence(expr.op);
    case Expr::Kind::Conditional: return kConditional;
    case Expr::Kind::Assign: return kAssign;
  }
  return kPrimary;
}

// Operators whose operands gcc and clang ask to parenthesise (-Wparentheses, -Wbitwise-op-parentheses,
// -Wshift-op-parentheses, -Wlogical-op-parentheses).
bool compilersWarn(Op op, const Expr& operand) {
  if (operand.kind != Expr::Kind::Binary) return false;
  int inner = binaryPrecedence(operand.op);
  if (op == Op::LogicalOr) return operand.op == Op::LogicalAnd;
  if (op == Op::BitAnd || op == Op::BitXor || op == Op::BitOr) return inner >= 9 || (inner >= 6 && operand.op != op);
  if (op == Op::ShiftLeft || op == Op::ShiftRight) return inner == 12;
  return false;
}

std::string printAt(const ExprRef& expr, int minimum);

std::string operand(const ExprRef& expr, int minimum, std::optional<Op> parentOp = std::nullopt) {
  bool parenthesise = precedence(*expr) < minimum || (parentOp && compilersWarn(*parentOp, *expr));
  return parenthesise ? "(" + printAt(expr, 0) + ")" : printAt(expr, minimum);
}

std::string printAt(const ExprRef& expr, int minimum) {
  (void)minimum;
  const auto& ops = expr->operands;
  switch (expr->kind) {
    case Expr::Kind::Name:
    case Expr::Kind::Literal: return expr->text;
    case Expr::Kind::Prefix: {
      std::string inner = operand(ops[0], kUnary);
      // `- -x` and `& &x` would lex as other tokens: `-(-x)`
      const std::string op = spelling(expr->op);
      if (!inner.empty() && inner[0] == op.back() && inner[0] != '(') inner = "(" + inner + ")";
      return op + inner;
    }
    case Expr::Kind::Postfix: return operand(ops[0], kPostfix) + spelling(expr->op);
    case Expr::Kind::Binary: {
      int p = binaryPrecedence(expr->op);
      const std::string op = spelling(expr->op);
      std::string separator = expr->op == Op::Comma ? ", " : " " + op + " ";
      return operand(ops[0], p, expr->op) + separator + operand(ops[1], p + 1, expr->op);
    }
    case Expr::Kind::Assign: return operand(ops[0], kUnary) + " " + spelling(expr->op) + " " + operand(ops[1], kAssign);
    case Expr::Kind::Conditional:
      return operand(ops[0], kLogicalOr) + " ? " + operand(ops[1], kComma) + " : " + operand(ops[2], kConditional);
    case Expr::Kind::Call: {
      std::string text = operand(ops[0], kPostfix) + "(";
      for (size_t k = 1; k < ops.size(); ++k) text += (k > 1 ? ", " : "") + operand(ops[k], kAssign);
      return text + ")";
    }
    case Expr::Kind::Subscript: return operand(ops[0], kPostfix) + "[" + operand(ops[1], kComma) + "]";
    case Expr::Kind::ArraySection:
      return operand(ops[0], kPostfix) + "[" + (ops[1] ? operand(ops[1], kAssign) : std::string()) + ":" +
             operand(ops[2], kAssign) + "]";
    case Expr::Kind::Member: return operand(ops[0], kPostfix) + (expr->arrow ? "->" : ".") + expr->text;
    case Expr::Kind::Cast:
      if (expr->staticCast) return "static_cast<" + print(expr->type) + ">(" + operand(ops[0], kComma) + ")";
      return "(" + print(expr->type) + ")" + operand(ops[0], kUnary);
    case Expr::Kind::SizeofType: return "sizeof(" + print(expr->type) + ")";
    case Expr::Kind::SizeofExpr: {
      std::string inner = operand(ops[0], kUnary);
      return inner[0] == '(' ? "sizeof" + inner : "sizeof " + inner;
    }
    case Expr::Kind::Paren: return "(" + printAt(ops[0], 0) + ")";
    case Expr::Kind::InitList: {
      std::string text = "{";
      for (size_t k = 0; k < ops.size(); ++k) text += (k ? ", " : "") + operand(ops[k], kAssign);
      return text + "}";
    }
  }
  return "";
}

std::string indentation(int indent) { return std::string(4 * indent, ' '); }

// The statement without its final ';' or newline (for-loop headers).
std::string inlineStatement(const StmtRef& statement) {
  if (!statement) return "";
  if (statement->kind == Stmt::Kind::Declaration) {
    std::string text =
        (statement->storage.empty() ? "" : statement->storage + " ") + print(statement->type, statement->name);
    if (statement->value) text += " = " + operand(statement->value, kAssign);
    for (const std::string& name : statement->moreNames) text += ", " + name;
    return text;
  }
  if (statement->kind == Stmt::Kind::Expression) return print(statement->value);
  return "";
}

void printInto(const StmtRef& statement, int indent, std::string& out);

void printBody(const StmtList& body, int indent, std::string& out) {
  for (const StmtRef& statement : body) printInto(statement, indent, out);
}

const char* directiveName(Directive::Kind kind) {
  switch (kind) {
    case Directive::Kind::Parallel: return "omp parallel";
    case Directive::Kind::For: return "omp for";
    case Directive::Kind::Single: return "omp single";
    case Directive::Kind::Master: return "omp master";
    case Directive::Kind::Barrier: return "omp barrier";
    case Directive::Kind::Atomic: return "omp atomic";
    case Directive::Kind::Critical: return "omp critical";
    case Directive::Kind::Simd: return "omp simd";
  }
  return "";
}

const char* scheduleName(Schedule kind) {
  switch (kind) {
    case Schedule::Static: return "static";
    case Schedule::Dynamic: return "dynamic";
    case Schedule::Guided: return "guided";
    case Schedule::Auto: return "auto";
    case Schedule::Runtime: return "runtime";
  }
  return "";
}

// `schedule(dynamic, chunk)`, `firstprivate(n, m)`, `reduction(+: s, x_b[:1])`, `nowait`.
std::string printClause(const Clause& clause) {
  std::string text;
  switch (clause.kind) {
    case Clause::Kind::NoWait: return "nowait";
    case Clause::Kind::Schedule:
      text = std::string("schedule(") + scheduleName(clause.schedule) + (clause.arguments.empty() ? "" : ", ");
      break;
    case Clause::Kind::FirstPrivate: text = "firstprivate("; break;
    case Clause::Kind::Reduction: text = std::string("reduction(") + spelling(clause.combiner) + ": "; break;
  }
  for (size_t k = 0; k < clause.arguments.size(); ++k) text += (k ? ", " : "") + operand(clause.arguments[k], kAssign);
  return text + ")";
}

std::string printDirective(const Directive& directive) {
  std::string text = std::string("#pragma ") + directiveName(directive.kind);
  for (const Clause& clause : directive.clauses) text += " " + printClause(clause);
  return text + "\n";
}

void printInto(const StmtRef& statement, int indent, std::string& out) {
  const std::string pad = indentation(indent);
  if (statement->directive) out += printDirective(*statement->directive);  // column 0, as clang-format puts pragmas
  const std::string trailing = statement->trailingComment.empty() ? "" : " /* " + statement->trailingComment + " */";
  switch (statement->kind) {
    case Stmt::Kind::Block:
      out += pad + "{\n";
      printBody(statement->body, indent + 1, out);
      out += pad + "}" + trailing + "\n";
      return;
    case Stmt::Kind::Declaration:
    case Stmt::Kind::Expression: out += pad + inlineStatement(statement) + ";" + trailing + "\n"; return;
    case Stmt::Kind::If: {
      if (statement->oneLine) {
        out += pad + "if (" + print(statement->value) + ") " + inlineStatement(statement->body.front()) + ";" +
               trailing + "\n";
        return;
      }
      out += pad + "if (" + print(statement->value) + ") {\n";
      const Stmt* branch = statement.get();
      for (;;) {
        printBody(branch->body, indent + 1, out);
        if (branch->otherwise.empty()) break;
        if (branch->otherwise.size() == 1 && branch->otherwise[0]->kind == Stmt::Kind::If &&
            branch->otherwise[0]->trailingComment.empty()) {
          branch = branch->otherwise[0].get();
          out += pad + "} else if (" + print(branch->value) + ") {\n";
          continue;
        }
        out += pad + "} else {\n";
        printBody(branch->otherwise, indent + 1, out);
        break;
      }
      out += pad + "}" + trailing + "\n";
      return;
    }
    case Stmt::Kind::For:
      out += pad + "for (" + inlineStatement(statement->init) + ";" +
             (statement->value ? " " + print(statement->value) : std::string()) + ";" +
             (statement->step ? " " + print(statement->step) : std::string()) + ") {\n";
      printBody(statement->body, indent + 1, out);
      out += pad + "}" + trailing + "\n";
      return;
    case Stmt::Kind::While:
      out += pad + "while (" + print(statement->value) + ") {\n";
      printBody(statement->body, indent + 1, out);
      out += pad + "}" + trailing + "\n";
      return;
    case Stmt::Kind::Do:
      out += pad + "do {\n";
      printBody(statement->body, indent + 1, out);
      out += pad + "} while (" + print(statement->value) + ");" + trailing + "\n";
      return;
    case Stmt::Kind::Pragma: return;  // the directive alone, printed above
    case Stmt::Kind::Comment: {
      std::string text = statement->text;  // a line break continues the comment on a ` * ` line
      for (size_t at = text.find('\n'); at != std::string::npos; at = text.find('\n', at + 1))
        text.insert(at + 1, pad + " * ");
      out += pad + "/* " + text + " */\n";
      return;
    }
    case Stmt::Kind::Return:
      out += pad + (statement->value ? "return " + print(statement->value) + ";" : std::string("return;")) + trailing +
             "\n";
      return;
    case Stmt::Kind::Break: out += pad + "break;" + trailing + "\n"; return;
    case Stmt::Kind::Line: {
      std::string line;
      for (const StmtRef& part : statement->body) line += (line.empty() ? "" : " ") + inlineStatement(part) + ";";
      out += pad + line + trailing + "\n";
      return;
    }
    case Stmt::Kind::Continue: out += pad + "continue;" + trailing + "\n"; return;
    case Stmt::Kind::Function: {
      std::string parameters;
      for (const StmtRef& parameter : statement->parameters)
        parameters += (parameters.empty() ? "" : ", ") + inlineStatement(parameter);
      std::string head =
          (statement->storage.empty() ? "" : statement->storage + " ") +
          print(statement->type, statement->name + "(" + (parameters.empty() ? "void" : parameters) + ")");
      if (statement->oneLine) {
        std::string body;
        for (const StmtRef& part : statement->body) {
          std::string line = print(part, 0);
          line.pop_back();  // its newline
          body += line + " ";
        }
        out += pad + head + " { " + body + "}\n";
        return;
      }
      out += pad + head + "\n" + pad + "{\n";
      printBody(statement->body, indent + 1, out);
      out += pad + "}\n";
      return;
    }
    case Stmt::Kind::Preprocessor:
      out += "#" + statement->name + (statement->text.empty() ? "" : " " + statement->text) + "\n";
      return;
    case Stmt::Kind::Verbatim: out += statement->text + "\n"; return;
    case Stmt::Kind::Blank: out += "\n"; return;
    case Stmt::Kind::Namespace:
      out += pad + "namespace " + statement->name + " {\n";
      printBody(statement->body, indent, out);
      out += pad + "}  // namespace " + statement->name + "\n";
      return;
  }
}

}  // namespace

std::string print(const ExprRef& expr) { return expr ? printAt(expr, kComma) : ""; }

std::string print(const Type& type, const std::string& name) {
  std::string declarator = name;
  bool pointerLast = false;
  for (const Type::Derivation& derivation : type.derivations) {
    if (derivation.kind == Type::Derivation::Kind::Reference) {  // C++: `std::vector<double> &u_b`
      declarator = "&" + declarator;
      pointerLast = true;
    } else if (derivation.kind == Type::Derivation::Kind::Pointer) {
      declarator =
          "*" + (derivation.qualifiers.empty() ? "" : " " + derivation.qualifiers + (declarator.empty() ? "" : " ")) +
          declarator;
      pointerLast = true;
    } else {
      if (pointerLast) declarator = "(" + declarator + ")";
      declarator += "[" + (derivation.size ? print(derivation.size) : std::string()) + "]";
      pointerLast = false;
    }
  }
  return declarator.empty() ? type.specifiers : type.specifiers + " " + declarator;
}

std::string print(const StmtRef& statement, int indent) {
  std::string out;
  printInto(statement, indent, out);
  return out;
}

std::string print(const StmtList& statements, int indent) {
  std::string out;
  printBody(statements, indent, out);
  return out;
}

}  // namespace adrace::ad::c
