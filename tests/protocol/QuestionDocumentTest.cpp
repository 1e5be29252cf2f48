// Question documents through the library entry (adrace/Protocol.h): the answers a loop description
// gets, derived and explicit adjoint references, and the error a malformed document gets.
#include "adrace/Protocol.h"

#include <gtest/gtest.h>

namespace adrace {
namespace question_document_test {

using nlohmann::json;

// y(c(i)) = x(c(i) + 7): docs/design.md [FormAD] figure 2, questions derived from the primal.
json figure2() {
  return json::parse(R"json({
    "loop": {"counter": "i", "first": "1", "bound": "n", "comparison": "<=", "step": "1"},
    "variables": [{"name": "n", "type": "integer"}, {"name": "c", "type": "integer", "dimensions": 1},
                  {"name": "x", "type": "real", "dimensions": 1}, {"name": "y", "type": "real", "dimensions": 1}],
    "references": [{"array": "y", "kind": "write", "index": ["c(i)"]},
                   {"array": "x", "kind": "read", "index": ["c(i)+7"]}]
  })json");
}

// y(i) = x(c(i)): an indirect gather, whose x_b increments may meet.
json gather() {
  json document = figure2();
  document["references"] = json::parse(R"json([{"array": "y", "kind": "write", "index": ["i"]},
                                                {"array": "x", "kind": "read", "index": ["c(i)"]}])json");
  return document;
}

json answerFor(const json& document, const std::string& array) {
  ProtocolAnswer answer = answerQuestions(document, {});
  EXPECT_FALSE(answer.error) << answer.document.dump();
  for (const json& entry : answer.document.value("answers", json::array()))
    if (entry["array"] == array) return entry;
  ADD_FAILURE() << "no answer for " << array << " in " << answer.document.dump();
  return json::object();
}

TEST(Protocol, DerivedQuestionsForEveryActiveArray) {
  ProtocolAnswer answer = answerQuestions(figure2(), {});
  ASSERT_FALSE(answer.error);
  EXPECT_EQ(answer.document["format"], "adrace-answers/1");
  ASSERT_EQ(answer.document["answers"].size(), 2u) << "x and y: c and n are integers";
  json x = answerFor(figure2(), "x");
  EXPECT_EQ(x["verdict"], "shared");
  EXPECT_EQ(x["adjoint"], "x_b");
  ASSERT_EQ(x["references"].size(), 1u);
  EXPECT_EQ(x["references"][0]["kind"], "increment");
  EXPECT_EQ(x["references"][0]["primal"], 1);
  EXPECT_EQ(x["references"][0]["index"][0], "c[i] + 7");
  json y = answerFor(figure2(), "y");
  EXPECT_EQ(y["verdict"], "shared");
  EXPECT_EQ(y["references"][0]["kind"], "reset");
}

TEST(Protocol, GuardedReferencesCarryAWitness) {
  json x = answerFor(gather(), "x");
  EXPECT_EQ(x["verdict"], "atomic") << "no extent: a reduction is not possible";
  EXPECT_FALSE(x["proven"]);
  EXPECT_TRUE(x["references"][0]["guarded"]);
  ASSERT_EQ(x["unproven_pairs"].size(), 1u);
  const json& pair = x["unproven_pairs"][0];
  EXPECT_EQ(pair["first"], 0);
  EXPECT_EQ(pair["second"], 0);
  EXPECT_TRUE(pair["witness"].contains("i"));
  EXPECT_TRUE(pair["witness"].contains("i'"));
  EXPECT_TRUE(pair["through_array_read"]);

  json withExtent = gather();
  withExtent["variables"][2]["extent"] = "m";
  json reduction = answerFor(withExtent, "x");
  EXPECT_EQ(reduction["verdict"], "reduction");
  EXPECT_EQ(reduction["extent"], "m");
}

TEST(Protocol, ExplicitAdjointReferencesAreAnsweredExactly) {
  json document = figure2();
  document["questions"] = json::parse(R"json([
    {"array": "x", "adjoint": "xb", "references": [{"kind": "increment", "index": ["c(i)+7"]}]},
    {"array": "x", "adjoint": "xb", "references": [{"kind": "increment", "index": ["c(i)+7"]},
                                                   {"kind": "increment", "index": ["c(i)+8"]}]}
  ])json");
  ProtocolAnswer answer = answerQuestions(document, {});
  ASSERT_FALSE(answer.error);
  const json& answers = answer.document["answers"];
  ASSERT_EQ(answers.size(), 2u) << "exactly the questions, in order";
  EXPECT_EQ(answers[0]["verdict"], "shared");
  EXPECT_FALSE(answers[0]["references"][0].contains("primal"));
  EXPECT_EQ(answers[1]["verdict"], "atomic") << "c(i)+8 on one iteration may be c(i')+7 on another";
  EXPECT_EQ(answers[1]["adjoint"], "xb");
  const json& pair = answers[1]["unproven_pairs"][0];
  EXPECT_EQ(pair["first"], 0);
  EXPECT_EQ(pair["second"], 1);
}

TEST(Protocol, ContextsFactsAndInstances) {
  // Green-Gauss as the front-end models it: knowledge only inside the branch.
  json document = json::parse(R"json({
    "loop": {"counter": "ie", "first": "lo", "bound": "hi", "comparison": "<", "step": "1"},
    "variables": [{"name": "lo", "type": "integer"}, {"name": "hi", "type": "integer"},
                  {"name": "e2n", "type": "integer", "dimensions": 1},
                  {"name": "i", "type": "integer", "sharing": "private"},
                  {"name": "j", "type": "integer", "sharing": "private"},
                  {"name": "dv", "type": "real", "dimensions": 1}, {"name": "grad", "type": "real", "dimensions": 1},
                  {"name": "out", "type": "real", "dimensions": 1, "active": false}],
    "contexts": [{"parent": -1}, {"parent": 0, "kind": "branch"}],
    "facts": [{"text": "i#1 == e2n[2*ie]"}, {"text": "j#1 == e2n[2*ie+1]"}, {"context": 1, "text": "i#1 != j#1"}],
    "references": [{"array": "dv", "kind": "read", "index": ["i#1"], "context": 1},
                   {"array": "dv", "kind": "read", "index": ["j#1"], "context": 1},
                   {"array": "grad", "kind": "increment", "index": ["i#1"], "context": 1},
                   {"array": "grad", "kind": "increment", "index": ["j#1"], "context": 1}]
  })json");
  EXPECT_EQ(answerFor(document, "dv")["verdict"], "shared");
  ProtocolAnswer answer = answerQuestions(document, {});
  EXPECT_EQ(answer.document["answers"].size(), 2u) << "out is inactive";
  // The same reads outside the branch have no knowledge to lean on.
  document["references"][0]["context"] = 0;
  EXPECT_EQ(answerFor(document, "dv")["verdict"], "atomic");
}

TEST(Protocol, SynchronisedAndOpaqueReferencesAndLimitations) {
  json atomic = figure2();
  atomic["references"][0]["protection"] = "atomic";
  EXPECT_EQ(answerFor(atomic, "x")["verdict"], "atomic") << "an atomic write guarantees no disjointness";
  json opaque = figure2();
  opaque["references"][1] = json::parse(R"json({"array": "x", "kind": "read", "opaque": "pointer arithmetic"})json");
  json x = answerFor(opaque, "x");
  EXPECT_EQ(x["verdict"], "atomic");
  EXPECT_EQ(x["references"][0]["opaque"], "pointer arithmetic");
  json limited = figure2();
  limited["limitations"] = {"call to unknown function touch(x)"};
  json guarded = answerFor(limited, "x");
  EXPECT_EQ(guarded["verdict"], "atomic");
  EXPECT_EQ(guarded["unproven_pairs"][0]["reason"], "call to unknown function touch(x)");
}

TEST(Protocol, ScalarsFollowTheirSharing) {
  json document = figure2();
  document["variables"].push_back({{"name", "s"}, {"type", "real"}, {"sharing", "reduction"}});
  document["variables"].push_back({{"name", "t"}, {"type", "real"}, {"sharing", "private"}});
  EXPECT_EQ(answerFor(document, "s")["verdict"], "firstprivate");
  EXPECT_EQ(answerFor(document, "t")["verdict"], "private");
}

TEST(Protocol, IdIsEchoed) {
  json document = figure2();
  document["id"] = {{"loop", 3}};
  EXPECT_EQ(answerQuestions(document, {}).document["id"], document["id"]);
}

struct Malformed {
  std::string pointer;  // where to change figure2(), "" for the whole document
  json value;           // what to put there (null: remove it)
  std::string field;    // the field the error must name
  std::string message;  // part of its message
  unsigned column = 0;
};

TEST(Protocol, MalformedDocumentsNameTheField) {
  const std::vector<Malformed> cases = {
      {"", json::array(), "", "expected an object"},
      {"/loop", nullptr, "", "missing member \"loop\""},
      {"/format", "adrace-questions/9", "/format", "expected \"adrace-questions/1\""},
      {"/references/0/contxt", 1, "/references/0/contxt", "unknown member"},
      {"/odd~1name", 1, "/odd~1name", "unknown member"},
      {"/references/1/index/0", "c(i)+", "/references/1/index/0", "expected an operand", 6},
      {"/references/1/index/0", "c(k)", "/references/1/index/0", "'k' is not a declared variable", 3},
      {"/references/1/array", "z", "/references/1/array", "\"z\" is not a declared variable"},
      {"/references/1/index", json::array({"i", "i"}), "/references/1/index", "takes 1 subscript(s), not 2"},
      {"/references/1/kind", "modify", "/references/1/kind", "expected one of \"read\", \"write\", \"increment\""},
      {"/references/1/context", 1, "/references/1/context", "expected an integer from 0 to 0"},
      {"/references/1/context", "0", "/references/1/context", "expected an integer"},
      {"/variables/2/dimensions", "1", "/variables/2/dimensions", "expected an integer"},
      {"/variables/2/type", "double", "/variables/2/type", "expected one of"},
      {"/variables/3/name", "x", "/variables/3/name", "declared twice"},
      {"/variables/3/name", "y 2", "/variables/3/name", "is not a name"},
      {"/variables/0/active", true, "/variables/0/active", "only a real variable can be active"},
      {"/variables/0/extent", "4", "/variables/0/extent", "only an array has an extent"},
      {"/variables/3/sharing", "global", "/variables/3/sharing", "expected one of"},
      {"/loop/comparison", nullptr, "/loop", "missing member \"comparison\""},
      {"/loop/counter", "n", "/loop/counter", "also declared in /variables"},
      {"/loop/bound", "n +", "/loop/bound", "expected an operand", 4},
      {"/loop", json::array(), "/loop", "expected an object, or an array of objects"},
      {"/contexts", json::array({{{"parent", -1}}, {{"parent", 1}}}), "/contexts/1/parent", "from 0 to 0"},
      {"/contexts", json::array({{{"parent", 0}}}), "/contexts/0/parent", "from -1 to -1"},
      {"/facts", json::array({{{"text", "i = n"}}}), "/facts/0/text", "write '=='", 3},
      {"/questions", json::array({{{"array", "q"}}}), "/questions/0/array", "not a declared variable"},
      {"/questions", json::array({{{"array", "x"}, {"references", json::array({{{"kind", "write"}}})}}}),
       "/questions/0/references/0/kind", "expected one of \"increment\", \"reset\", \"read\""},
      {"/questions", json::array({{{"array", "x"}, {"references", json::array({{{"kind", "read"}}})}}}),
       "/questions/0/references/0", "missing member \"index\""},
  };
  for (const Malformed& c : cases) {
    json document = figure2();
    if (c.pointer.empty()) {
      document = c.value;
    } else if (c.value.is_null()) {
      json::json_pointer pointer(c.pointer);
      document[pointer.parent_pointer()].erase(pointer.back());
    } else {
      document[json::json_pointer(c.pointer)] = c.value;
    }
    ProtocolAnswer answer = answerQuestions(document, {});
    ASSERT_TRUE(answer.error) << c.pointer << " = " << c.value.dump() << " was answered";
    EXPECT_EQ(answer.error->field, c.field) << answer.error->message;
    EXPECT_NE(answer.error->message.find(c.message), std::string::npos) << c.field << ": " << answer.error->message;
    EXPECT_EQ(answer.error->column, c.column) << c.field << ": " << answer.error->message;
    EXPECT_EQ(answer.document["error"]["field"], c.field);
    EXPECT_EQ(answer.document.size(), 1u) << "an error document holds only the error";
  }
}

TEST(Protocol, SyntaxErrorsAreMalformedToo) {
  ProtocolAnswer answer = answerQuestionText("{\"loop\": [1, }", {});
  ASSERT_TRUE(answer.error);
  EXPECT_EQ(answer.error->field, "");
  EXPECT_NE(answer.error->message.find("parse error at line 1"), std::string::npos) << answer.error->message;
  EXPECT_EQ(answer.document["error"]["message"], answer.error->message);
  EXPECT_TRUE(answerQuestionText("", {}).error);
}

}  // namespace question_document_test
}  // namespace adrace
