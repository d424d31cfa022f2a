#!/bin/bash
# Instruction counts of one `hookrun run`, steadier than wall time (docs/perf.md, "Sixth round").
#   node scripts/bench.js --only 2 --runs 10 --keep      # prints the kept $SANDBOX
#   SANDBOX=/tmp/hookrun-bench-XXXX scripts/callgrind-net.sh <package dir> <runs> [nomatch] [one] [e0]
# For each kind it prints the median of callgrind's "Collected" and of the net count: Collected minus
# V8's hash-seed set-up (HashSeed::InitializeRoots), which searches for random primes and alone moves the
# total by 2–5 % between identical runs. The build's code cache is deleted and rebuilt by one run of each
# kind first, so that every build compared holds the same cache. Needs valgrind (callgrind_annotate).
set -eu
build=$(cd "$1" && pwd); runs=$2; shift 2
kinds=${*:-nomatch one}
: "${SANDBOX:?set SANDBOX to a sandbox kept by node scripts/bench.js --keep}"
. "$SANDBOX/env.sh"; unset NODE_EXTRA_CA_CERTS
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

event() {
  case $1 in
    nomatch) echo '{"tool_name":"read_file","tool_input":{"file_path":"README.md"}}' ;;
    one) echo '{"tool_name":"run_shell_command","tool_input":{"command":"ls"}}' ;;
  esac
}
run() { # run KIND [wrapper...]
  local kind=$1; shift
  if [ "$kind" = e0 ]; then (cd /tmp && "$@" node -e 0); return; fi
  (cd "$SANDBOX/one" && "$@" node "$build/bin/hookrun.js" run BeforeTool -q <<< "$(event "$kind")")
}
median() { sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)] / 1e6}'; }

rm -f "$build"/dist/*.v8cache
for kind in one nomatch; do run $kind > /dev/null 2>&1 || true; done
for kind in $kinds; do
  totals=(); nets=()
  for i in $(seq "$runs"); do
    out="$work/$kind.$i"
    run "$kind" valgrind --tool=callgrind --callgrind-out-file="$out" > /dev/null 2>&1 || true
    total=$(callgrind_annotate "$out" | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
    seed=$(callgrind_annotate --inclusive=yes "$out" | awk '/HashSeed::InitializeRoots/ {gsub(",", "", $1); print $1; exit}')
    totals+=("$total"); nets+=($((total - ${seed:-0})))
  done
  printf '%-8s Collected %7s M   net %7s M   (net of each run: %s)\n' "$kind" \
    "$(printf '%s\n' "${totals[@]}" | median)" "$(printf '%s\n' "${nets[@]}" | median)" \
    "$(printf '%s\n' "${nets[@]}" | awk '{printf "%.1f ", $1 / 1e6}')"
done
