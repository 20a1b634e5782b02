#!/usr/bin/env bash
# Which leaked objects keep each other: runs the unit tests (optionally filtered) from the
# AddressSanitizer build under LeakSanitizer and, once its report is written, attaches gdb to
# the still-living process and prints every retain cycle among the leaked chunks, edge by edge
# ("A +offset -> B": the word at that offset in A points into B), allocation sites demangled.
# LeakSanitizer itself says only what leaked, not what keeps it. docs/testing.md, "Sanitizers".
#   scripts/sanitizers/leak-cycles.sh [swift-testing --filter pattern...]
# Build first with scripts/sanitizers/run.sh address (or set SCRATCH to another ASan build).
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
here="$(pwd)"
scratch="${SCRATCH:-.build-address}"
out="$(mktemp -d /tmp/leak-cycles.XXXXXX)"
# sleep_before_dying keeps the process alive after the report (LeakSanitizer cannot run under
# ptrace, so gdb attaches afterwards); report_objects lists each leaked chunk's address.
export ASAN_OPTIONS="detect_stack_use_after_return=0:log_path=$out/lsan:sleep_before_dying=300"
export LSAN_OPTIONS="suppressions=$here/scripts/sanitizers/lsan.supp:print_suppressions=0:report_objects=1"
arguments=(--testing-library swift-testing)
for pattern in "$@"; do arguments+=(--filter "$pattern"); done
"$scratch/debug/VitrinePackageTests.xctest" "${arguments[@]}" >"$out/tests.log" 2>&1 &
pid=$!
report="$out/lsan.$pid"
until grep -qs "^SUMMARY" "$report"; do
    if ! kill -0 "$pid" 2>/dev/null; then
        echo "no leak reported (test output: $out/tests.log)"
        exit 0
    fi
    sleep 1
done
LSAN_REPORT="$report" CYCLES="$out/cycles.txt" gdb -q -batch -p "$pid" \
    -ex "source scripts/sanitizers/leak-cycles.py" -ex detach >"$out/gdb.log" 2>&1 || true
kill -9 "$pid" 2>/dev/null || true
grep "^SUMMARY" "$report"
swift demangle --simplified <"$out/cycles.txt"
echo "(report: $report)"
