#!/usr/bin/env python3
"""Summarises a Z3 query log (ADRACE_Z3_QUERY_LOG=FILE, smt/QueryLog.h): the distribution of the steps
(Z3's resource count) and wall time of the queries adrace sent, the steps per second, and what a
resource limit would decide. Used to calibrate --z3-rlimit (docs/design.md, "Limits of a Z3 query").

  ADRACE_Z3_QUERY_LOG=/tmp/q.log build/adrace check ...   # any command, any number of runs
  python3 scripts/query_limits_report.py /tmp/q.log [--limit N ...]

Each log line: steps ms outcome rlimit timeout_ms reason...
"""
import argparse
import math


def percentile(sorted_values, fraction):
    if not sorted_values:
        return 0
    return sorted_values[min(len(sorted_values) - 1, int(math.ceil(fraction * len(sorted_values))) - 1)]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("logs", nargs="+", help="query logs")
    parser.add_argument("--limit", type=int, action="append", default=[],
                        help="a resource limit to evaluate (repeatable)")
    args = parser.parse_args()
    queries = []
    for path in args.logs:
        with open(path) as log:
            for line in log:
                parts = line.rstrip("\n").split(" ", 5)
                if len(parts) < 5:
                    continue
                queries.append({"steps": int(parts[0]), "ms": float(parts[1]), "outcome": parts[2],
                                "rlimit": int(parts[3]), "timeout": int(parts[4]),
                                "reason": parts[5] if len(parts) > 5 else ""})
    decided = [q for q in queries if q["outcome"] != "unknown"]
    undecided = [q for q in queries if q["outcome"] == "unknown"]
    print(f"queries: {len(queries)}, decided {len(decided)}, undecided {len(undecided)}")
    reasons = {}
    for q in undecided:
        reasons[q["reason"]] = reasons.get(q["reason"], 0) + 1
    for reason, count in sorted(reasons.items(), key=lambda item: -item[1]):
        print(f"  undecided, {reason or '(no reason)'}: {count}")

    def table(title, values, unit):
        values = sorted(values)
        cells = " ".join(f"p{int(f * 100)}={percentile(values, f):,.0f}" for f in (0.5, 0.9, 0.99, 0.999))
        print(f"{title}: {cells} max={values[-1] if values else 0:,.0f} {unit}")

    table("steps of decided queries", [q["steps"] for q in decided], "steps")
    table("wall time of decided queries", [q["ms"] for q in decided], "ms")
    # The rate only means something for queries long enough to time: at least 50 ms.
    rates = [q["steps"] / q["ms"] * 1000 for q in queries if q["ms"] >= 50]
    table(f"steps per second (queries of 50 ms or more: {len(rates)})", rates, "steps/s")
    slow = sorted(decided, key=lambda q: -q["steps"])[:10]
    print("the ten decided queries with the most steps (steps, ms, outcome):")
    for q in slow:
        print(f"  {q['steps']:>12,} {q['ms']:>10.1f} ms  {q['outcome']}")
    cut = sorted(undecided, key=lambda q: -q["ms"])[:10]
    if cut:
        print("the ten longest undecided queries (steps, ms, reason):")
        for q in cut:
            print(f"  {q['steps']:>12,} {q['ms']:>10.1f} ms  {q['reason']}")
    buckets = [10 ** k for k in range(2, 11)]
    print("decided queries by steps:")
    previous = 0
    for bound in buckets:
        inside = [q for q in decided if previous <= q["steps"] < bound]
        if inside:
            print(f"  [{previous:,}, {bound:,}): {len(inside)} queries, slowest {max(q['ms'] for q in inside):.1f} ms")
        previous = bound
    for limit in args.limit:
        lost = [q for q in decided if q["steps"] >= limit]
        print(f"--limit {limit:,}: decided queries it would cut: {len(lost)};"
              f" largest decided query is {max(q['steps'] for q in decided) / limit:.3f} of it" if decided else "")


if __name__ == "__main__":
    main()
