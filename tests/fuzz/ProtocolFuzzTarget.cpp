// libFuzzer target: one question document (docs/protocol.md) as `adrace answer` reads it. Whatever
// the bytes, the answer is a JSON object that can be printed: an answer document, or an error
// object naming the field. A crash, a sanitizer report, or a broken invariant is a finding.
#include "adrace/Protocol.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  adrace::analyzer::AnalysisOptions options;
  options.z3TimeoutMs = 50;  // the fuzzer wants many documents, not hard proofs
  options.budgetMs = 300;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  adrace::ProtocolAnswer answer = adrace::answerQuestionText(text, options);
  if (!answer.document.is_object()) std::abort();
  if (answer.error.has_value() != answer.document.contains("error")) std::abort();
  if (!answer.error && !answer.document.contains("answers")) std::abort();
  // Printing must not throw, whatever bytes the document quotes back.
  (void)answer.document.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return 0;
}
