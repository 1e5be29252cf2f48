#!/usr/bin/env bash
# The FormAD analysis' cost per corpus case beside docs/design.md [FormAD] Table 1 (time, Z3 size, queries,
# exprs, loc). Builds adrace if needed; arguments go to scripts/bench_analysis.py
# (--repeat N, --markdown FILE, --adrace PATH).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x build/adrace ] || ./scripts/setup.sh
exec python3 scripts/bench_analysis.py "$@"
