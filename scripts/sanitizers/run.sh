#!/usr/bin/env bash
# Builds and runs the unit tests under a sanitizer, in a build folder of its own:
#   scripts/sanitizers/run.sh address [swift test arguments...]   # AddressSanitizer + LeakSanitizer
#   scripts/sanitizers/run.sh thread  [swift test arguments...]   # ThreadSanitizer
# The build folder is .build-address or .build-thread (VITRINE_SANITIZER_SCRATCH overrides it).
# About 20 to 30 minutes to build on 2 cores, then the tests (docs/testing.md, "Sanitizers").
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
sanitizer="${1:?usage: $0 address|thread [swift test arguments...]}"
shift
case "$sanitizer" in
address | thread) ;;
*)
    echo "usage: $0 address|thread [swift test arguments...]" >&2
    exit 64
    ;;
esac
scratch="${VITRINE_SANITIZER_SCRATCH:-.build-$sanitizer}"
here="$(pwd)"
# AddressSanitizer stops the run at its first report; the suppressions name only what system
# libraries keep on purpose. Child processes the tests start (the daemon, the run-loop app) inherit them.
export ASAN_OPTIONS="halt_on_error=1:detect_stack_use_after_return=0"
export LSAN_OPTIONS="suppressions=$here/scripts/sanitizers/lsan.supp:print_suppressions=0"
# ThreadSanitizer goes on after a report (a run costs most of an hour: every race in one run)
# and writes each process's reports to a file of its own, so that the reports of the apps the
# tests start, whose output goes to a log the test reads, are seen too; the end of this script
# prints them and fails. A process with reports also exits 66.
reports="$here/$scratch/tsan-reports"
export TSAN_OPTIONS="halt_on_error=0:second_deadlock_stack=1:log_path=$reports/report:suppressions=$here/scripts/sanitizers/tsan.supp"
swift build --build-tests --scratch-path "$scratch" -Xswiftc "-sanitize=$sanitizer"
# The apps the tests start (ChildProcess) also accept their live objects' side tables
# (lsan-app.supp says why).
cat scripts/sanitizers/lsan.supp scripts/sanitizers/lsan-app.supp >"$scratch/lsan-app.supp"
export VITRINE_CHILD_LSAN_OPTIONS="suppressions=$here/$scratch/lsan-app.supp:print_suppressions=0"
if [ "$sanitizer" = thread ]; then
    rm -rf "$reports"
    mkdir -p "$reports"
fi
status=0
swift test --skip-build --scratch-path "$scratch" -Xswiftc "-sanitize=$sanitizer" "$@" || status=$?
if [ "$sanitizer" = thread ]; then
    # The control socket's queue, the screenshot encoder thread and the main queue under load:
    # the kiosk service in one process with 50 idle, 50 slowloris and 50 screenshot clients
    # (its timings mean nothing here; ThreadSanitizer slows everything 5 to 40 times).
    echo "== vitrine-socket-bench under ThreadSanitizer (the control socket and screenshots)"
    "$scratch/debug/vitrine-socket-bench" --clients 50 --runs 1 || status=$?
    if [ -n "$(ls -A "$reports")" ]; then
        for report in "$reports"/*; do
            echo "== $report"
            cat "$report"
        done
        echo "ThreadSanitizer reported races in $(ls "$reports" | wc -l) process(es): see above" >&2
        [ "$status" -ne 0 ] || status=1
    else
        echo "ThreadSanitizer: no reports"
    fi
fi
exit "$status"
