#!/usr/bin/env bash
# Builds and runs the unit tests under a sanitizer, in a build folder of its own:
#   scripts/sanitizers/run.sh address [swift test arguments...]   # AddressSanitizer + LeakSanitizer
#   scripts/sanitizers/run.sh thread  [swift test arguments...]   # ThreadSanitizer
# About 20 minutes to build on 2 cores, then the tests (docs/testing.md, "Sanitizers").
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
scratch=".build-$sanitizer"
here="$(pwd)"
# Findings stop the run at the first report; the suppressions name only what system libraries
# keep on purpose. Child processes the tests start (the daemon, the run-loop app) inherit them.
export ASAN_OPTIONS="halt_on_error=1:detect_stack_use_after_return=0"
export LSAN_OPTIONS="suppressions=$here/scripts/sanitizers/lsan.supp:print_suppressions=0"
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$here/scripts/sanitizers/tsan.supp"
swift build --build-tests --scratch-path "$scratch" -Xswiftc "-sanitize=$sanitizer"
# The apps the tests start (ChildProcess) also accept their live objects' side tables
# (lsan-app.supp says why).
cat scripts/sanitizers/lsan.supp scripts/sanitizers/lsan-app.supp >"$scratch/lsan-app.supp"
export VITRINE_CHILD_LSAN_OPTIONS="suppressions=$here/$scratch/lsan-app.supp:print_suppressions=0"
swift test --skip-build --scratch-path "$scratch" -Xswiftc "-sanitize=$sanitizer" "$@"
