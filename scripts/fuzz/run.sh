#!/usr/bin/env bash
# Fuzzes one target of vitrine-fuzz (docs/testing.md, "Fuzzing"):
#
#   scripts/fuzz/run.sh TARGET [SECONDS] [LIBFUZZER-ARGS...]     default 1200 s
#
# Starts from the committed corpus, Fuzz/corpus/TARGET, which it only reads; what the run
# finds goes outside the tree's tracked files, under $VITRINE_FUZZ_OUT (default
# .build-fuzz/runs, ignored by git): TARGET/corpus (new inputs), TARGET/artifacts (crash-*,
# timeout-*, oom-* inputs), TARGET/log. Builds the fuzzer first when it is missing. Exits
# non-zero when libFuzzer found a crash, a timeout or an out-of-memory; prints the run's
# executions and executions per second last.
set -euo pipefail
cd "$(dirname "$0")/../.."
target=${1:?usage: scripts/fuzz/run.sh TARGET [SECONDS] [LIBFUZZER-ARGS...]}
seconds=${2:-1200}
shift $(( $# >= 2 ? 2 : 1 ))

program=.build-fuzz/release/vitrine-fuzz
[ -x "$program" ] || program=$(scripts/fuzz/build.sh)
"$program" --list | cut -f1 | grep -qx -- "$target" || { echo "run.sh: no target $target" >&2; exit 64; }

out=${VITRINE_FUZZ_OUT:-.build-fuzz/runs}/$target
mkdir -p "$out/corpus" "$out/artifacts"
options=(-max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1
    -artifact_prefix="$out/artifacts/")
case "$target" in
    # TOMLKit (0.6.0) never frees a parsed document, so one process grows by about 1 GB in
    # a few minutes and would stop at the RSS limit: fork mode fuzzes in short-lived child
    # processes instead (each finding still stops the run, out-of-memory included).
    config) options+=(-dict=Fuzz/dict/config.dict -fork=1 -ignore_ooms=0) ;;
    interface | nib) options+=(-dict=Fuzz/dict/xml.dict -max_len=65536) ;;
esac

# Swift's backtracer would catch the crash's signal before libFuzzer writes the input.
status=0
SWIFT_BACKTRACE=enable=no "$program" "$target" "${options[@]}" "$@" "$out/corpus" "Fuzz/corpus/$target" \
    >"$out/log" 2>&1 || status=$?
grep -E '^(==[0-9]+==|SUMMARY|artifact_prefix|Test unit written|Fatal error|.*: Fatal error)' "$out/log" | head -n 20 || true
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/log")
speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$out/log")
if [ -z "$runs" ]; then
    # Fork mode prints no final stats; its last "#RUNS: ... exec/s: N ..." line has them.
    last=$(grep -E '^#[0-9]+: ' "$out/log" | tail -n 1)
    runs=$(sed -E 's/^#([0-9]+):.*/\1/' <<<"$last")
    speed=$(sed -nE 's/.* exec\/s: ([0-9]+).*/\1/p' <<<"$last")
fi
echo "$target: ${runs:-?} executions in ${seconds} s, ${speed:-?}/s, corpus $(ls "$out/corpus" | wc -l) new inputs, exit $status"
exit "$status"
