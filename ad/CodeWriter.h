// Indented C code: the sweeps' structure (blocks, loops, branches) line by line with explicit
// nesting, and statements of the C tree (ad/c) that stay nodes until the text is printed, so that a
// later increment of the same adjoint element can be joined into an earlier one on the tree.
#pragma once

#include "ad/c/Statement.h"

#include <string>
#include <vector>

namespace adrace::ad {

class CodeWriter {
 public:
  explicit CodeWriter(int indent = 0) : indent_(indent) {}

  void line(const std::string& text);          // one line at the current indentation
  void statement(const c::StmtRef& statement);  // a tree statement at the current indentation
  void statements(const c::StmtList& statements);
  void pragma(const std::string& text);        // "#pragma ..." at column 0 (as clang-format does)
  void open(const std::string& head);          // "head {" and indent
  void close(const std::string& tail = "");    // dedent and "}" + tail
  void reopen(const std::string& head);        // "} head {" at the outer indentation (e.g. "else")
  void append(const CodeWriter& nested);       // entries written by another writer at its own indentation
  // Replaces the tree statement written as entry `index` (before anything is printed).
  void replaceStatement(size_t index, const c::StmtRef& statement);
  // Drops the entries that only write `name` (`T name = ...;`, `name = ...;`, `name += ...;`, `name -= ...;`) when
  // no other entry reads it: a value whose readers moved elsewhere (a gathered term recomputes it).
  void dropWriteOnly(const std::string& name);
  bool empty() const { return entries_.empty(); }
  size_t size() const { return entries_.size(); }
  int indent() const { return indent_; }
  int id() const { return id_; }               // distinct for every writer of a run
  std::string text() const;

 private:
  struct Entry {
    std::string line;       // a line of text, indented
    c::StmtRef statement;   // or a statement, printed at `indent`
    int indent = 0;
  };
  static int nextId();
  int indent_;
  int id_ = nextId();
  std::vector<Entry> entries_;
};

}  // namespace adrace::ad
