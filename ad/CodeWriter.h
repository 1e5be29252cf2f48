// The sweeps' code as it is built: statements of the C tree (ad/c) appended in order, and compound
// statements (blocks, loops, branches) opened and closed around what is written in between, so that
// a sweep can emit nested code in the order it walks the primal. Everything is a tree node; the
// printer (ad/c/Printer.h) owns indentation and pragma placement. A later increment of the same
// adjoint element can still be joined into an earlier one (replaceStatement) while its list is open.
#pragma once

#include "ad/c/Statement.h"

#include <string>
#include <vector>

namespace adrace::ad {

class CodeWriter {
 public:
  CodeWriter();

  void statement(const c::StmtRef& statement);  // appended to the innermost open list
  void statements(const c::StmtList& statements);
  // Opens a compound statement (c::block, c::forLoop, c::whileLoop, c::doWhile or c::ifElse with an
  // empty body, possibly governed by a directive): what is written until the matching close() is its body.
  void open(c::StmtRef compound);
  void openElse();  // the `if` opened innermost: what is written until close() is its else branch
  void close();
  void append(const CodeWriter& nested);  // the statements of another (closed) writer
  // Replaces statement `index` of the innermost open list.
  void replaceStatement(size_t index, const c::StmtRef& statement);
  // Drops the statements that only write `name` when nothing else reads it (c::dropWriteOnly).
  void dropWriteOnly(const std::string& name);
  bool mentions(const std::string& name) const;  // c::mentions over everything written
  bool empty() const { return frames_.front().body.empty(); }
  size_t size() const { return frames_.back().list().size(); }  // of the innermost open list
  int id() const { return frames_.back().id; }                  // distinct for every open list of a run
  const c::StmtList& statements() const;                        // everything written (every compound closed)

 private:
  struct Frame {
    c::StmtRef compound;  // null for the writer's own list
    c::StmtList body, otherwise;
    bool inElse = false;
    int id = 0;
    c::StmtList& list() { return inElse ? otherwise : body; }
    const c::StmtList& list() const { return inElse ? otherwise : body; }
  };
  static int nextId();
  std::vector<Frame> frames_;
};

}  // namespace adrace::ad
