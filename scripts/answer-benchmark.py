#!/usr/bin/env python3
"""Throughput of `adrace answer --stdio` on the corpus, and a cross-check of the protocol.

Every parallel loop of corpus/*/*.c is analysed with `adrace analyze`; its model is rewritten as a
question document (docs/protocol.md) and all documents are answered by one `adrace answer --stdio`
process, repeated --rounds times. Each answer's verdicts must equal the ones `analyze` gave for the
same loop: the JSON entry and the Clang entry are one analysis.

usage: scripts/answer-benchmark.py [--adrace build/adrace] [--rounds 20] [--keep FILE.jsonl]
"""
import argparse
import json
import pathlib
import re
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent


def question_document(loop, name):
    """The question document that describes an analysed loop's model."""
    nest = []
    for dimension in loop["nest"]:
        entry = {"counter": dimension["counter"]}
        for member in ("first", "bound", "step"):
            if dimension[member + "_ir"] is not None:
                entry[member] = dimension[member + "_ir"]
        if "bound" in entry:
            entry["comparison"] = dimension["comparison"]
        nest.append(entry)
    counters = {dimension["counter"] for dimension in loop["nest"]}
    variables = []
    for variable in loop["variables"]:
        if variable["sharing"] == "loop counter":
            continue
        entry = {
            "name": variable["name"],
            "type": "integer" if variable["integer"] else "real" if variable["floating"] else "other",
            "dimensions": variable["dimensions"] if variable["array"] else 0,
            "sharing": variable["sharing"],
        }
        if variable["sharing"] == "reduction":
            entry["reduction_operator"] = variable["reduction_operator"]
        if variable["array"] and variable.get("extent"):
            entry["extent"] = variable["extent"]
        variables.append(entry)
    declared = {variable["name"] for variable in variables} | counters
    # The front-end's own symbols (an inner loop's trip count) appear in facts only.
    for fact in loop["facts"]:
        for symbol in re.findall(r"[A-Za-z_]\w*", fact["text"]):
            if symbol not in declared:
                variables.append({"name": symbol, "type": "integer", "sharing": "private"})
                declared.add(symbol)
    references = []
    for reference in loop["references"]:
        entry = {"array": reference["variable"], "kind": reference["kind"], "context": reference["context"]}
        if reference["opaque"]:
            entry["opaque"] = reference["opaque_reason"]
        else:
            entry["index"] = reference["index"]
        if reference["protection"] != "none":
            entry["protection"] = reference["protection"]
        references.append(entry)
    document = {
        "format": "adrace-questions/1",
        "id": name,
        "loop": nest if len(nest) > 1 else nest[0],
        "variables": variables,
        "contexts": [{"parent": context["parent"], "kind": context["kind"]} for context in loop["contexts"]],
        "facts": [{"context": f["context"], "text": f["text"], "origin": f["origin"]} for f in loop["facts"]],
        "references": references,
        "limitations": [limitation["message"] for limitation in loop["limitations"] if limitation["unsafe"]],
    }
    if loop.get("safelen") is not None:
        document["safelen"] = loop["safelen"]
    return document


def verdicts(arrays):
    return {array["array"]: (array["verdict"], array["proven"]) for array in arrays}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--adrace", default=str(ROOT / "build" / "adrace"))
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--keep", help="also write the question documents to this file")
    options = parser.parse_args()

    documents, expected = [], {}
    for source in sorted(ROOT.glob("corpus/*/*.c")):
        if source.name.endswith("_b_reference.c") or source.name == "driver.c":
            continue
        run = subprocess.run([options.adrace, "analyze", str(source), "--", f"-I{ROOT / 'corpus' / 'common'}"],
                             capture_output=True, text=True)
        if run.returncode != 0:
            print(f"skipped {source.relative_to(ROOT)}: analyze exit {run.returncode}", file=sys.stderr)
            continue
        for loop in json.loads(run.stdout)["files"][0]["loops"]:
            name = f"{source.relative_to(ROOT)}#{loop['id']}"
            # A question names arrays by declared variables; an array reached through a call
            # (LULESH's `*vnew(domain, k)` accessor) has no such name, so the loop cannot be asked.
            unnamed = sorted({r["variable"] for r in loop["references"] if not re.fullmatch(r"[A-Za-z_]\w*", r["variable"])})
            if unnamed:
                print(f"skipped {name}: no question can name the array {unnamed[0]}", file=sys.stderr)
                continue
            documents.append(json.dumps(question_document(loop, name)))
            expected[name] = verdicts(loop["analysis"]["arrays"])
    if options.keep:
        pathlib.Path(options.keep).write_text("".join(line + "\n" for line in documents))

    text = "".join(line + "\n" for line in documents) * options.rounds
    start = time.perf_counter()
    run = subprocess.run([options.adrace, "answer", "--stdio"], input=text, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    answers = [json.loads(line) for line in run.stdout.splitlines()]

    mismatches = 0
    questions = 0
    for answer in answers[: len(documents)]:
        if "error" in answer:
            print(f"malformed: {answer['error']}", file=sys.stderr)
            mismatches += 1
            continue
        if verdicts(answer["answers"]) != expected[answer["id"]]:
            print(f"{answer['id']}: answer {verdicts(answer['answers'])} != analyze {expected[answer['id']]}",
                  file=sys.stderr)
            mismatches += 1
    for answer in answers:
        questions += len(answer.get("answers", []))
    print(f"{len(documents)} corpus loops x {options.rounds} rounds = {len(answers)} documents, "
          f"{questions} adjoint-array questions in {elapsed:.2f} s (one process, start-up included)")
    times = sorted(answer["statistics"]["time_ms"] for answer in answers if "statistics" in answer)
    print(f"{len(answers) / elapsed:.1f} documents/s, {questions / elapsed:.1f} questions/s; "
          f"analysis per document: median {times[len(times) // 2]:.1f} ms, max {times[-1]:.0f} ms")
    print(f"verdicts equal to analyze: {len(documents) - mismatches}/{len(documents)}")
    return 1 if mismatches or run.returncode != 0 else 0


if __name__ == "__main__":
    sys.exit(main())
