#!/usr/bin/env bash
# CI's fuzzing step: builds vitrine-fuzz with libFuzzer and fuzzes every target briefly
# (SECONDS each, default 20), from the committed corpus into a fresh folder. Prints each
# target's executions per second; exits non-zero if any target found a crash, a timeout or an
# out-of-memory, after showing the input's path and libFuzzer's report.
#
#   scripts/fuzz/ci.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-20}
program=$(scripts/fuzz/build.sh)
VITRINE_FUZZ_OUT=$(mktemp -d "${TMPDIR:-/tmp}/vitrine-fuzz.XXXXXX")
export VITRINE_FUZZ_OUT
failed=()
for target in $("$program" --list | cut -f1); do
    scripts/fuzz/run.sh "$target" "$seconds" | tail -n 1 || {
        failed+=("$target")
        tail -n 40 "$VITRINE_FUZZ_OUT/$target/log"
        ls "$VITRINE_FUZZ_OUT/$target/artifacts"
    }
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzzing found something in: ${failed[*]} (inputs under $VITRINE_FUZZ_OUT)" >&2
    exit 1
fi
rm -rf "$VITRINE_FUZZ_OUT"
