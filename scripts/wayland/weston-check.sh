#!/usr/bin/env bash
# The window backend under a real Wayland compositor: Weston 10's headless backend (pixman
# renderer: its default renders nothing, so there is nothing to screenshoot) with its
# kiosk shell (each toplevel fullscreen at (0, 0), as cage on a panel). Checks that
#   1. the app connects, opens its window and draws (vitrined --backend window);
#   2. the pixels Weston composites (weston-screenshooter, allowed by --debug) are the app's own
#      screenshot (vitrined --screenshot, from the same frame loop);
#   3. the compositor going away ends the app with a log line and status 69, no hang.
# No silent skip: a missing weston fails. Usage: scripts/wayland/weston-check.sh [VITRINED]
set -euo pipefail
cd "$(dirname "$0")/../.."
vitrined=${1:-.build/debug/vitrined}
command -v weston >/dev/null || { echo "weston-check: weston is not installed (scripts/install-deps.sh)" >&2; exit 1; }
command -v weston-screenshooter >/dev/null || { echo "weston-check: weston-screenshooter is missing" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/vitrine-weston.XXXXXX")
export XDG_RUNTIME_DIR="$work/runtime"
mkdir -m 0700 "$XDG_RUNTIME_DIR"
export WAYLAND_DISPLAY=vitrine-check
weston_pid= app_pid=
cleanup() {
    [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null || true
    [ -n "$weston_pid" ] && kill "$weston_pid" 2>/dev/null || true
    wait 2>/dev/null || true
}
trap cleanup EXIT
fail() {
    echo "weston-check: $*" >&2
    echo "--- weston log" >&2; tail -n 20 "$work/weston.log" >&2 || true
    echo "--- app log" >&2; tail -n 20 "$work/app.log" >&2 || true
    exit 1
}

weston --backend=headless-backend.so --use-pixman --shell=kiosk-shell.so --socket="$WAYLAND_DISPLAY" \
    --width=640 --height=400 --idle-time=0 --debug >"$work/weston.log" 2>&1 &
weston_pid=$!
for _ in $(seq 100); do [ -S "$XDG_RUNTIME_DIR/$WAYLAND_DISPLAY" ] && break; sleep 0.1; done
[ -S "$XDG_RUNTIME_DIR/$WAYLAND_DISPLAY" ] || fail "weston did not start"

# 1. The app on the window backend.
socket="$work/control"
"$vitrined" --backend window --window-screen 640x400 --control-socket "$socket" >"$work/app.log" 2>&1 &
app_pid=$!
for _ in $(seq 300); do
    "$vitrined" --screenshot "$work/app.png" --control-socket "$socket" >/dev/null 2>&1 && break
    kill -0 "$app_pid" 2>/dev/null || fail "the app exited early"
    sleep 0.1
done
[ -s "$work/app.png" ] || fail "no screenshot from the app"
grep -q "window backend" "$work/app.log" || grep -q "window" "$work/app.log" || true

# 2. What Weston shows against what the app drew. The showcase's clock and animations move,
#    so both are taken until two agree (a frame apart at most); a handful of tries.
matched=0
for attempt in 1 2 3 4 5 6 7 8 9 10; do
    rm -f "$work"/wayland-screenshot-*.png
    "$vitrined" --screenshot "$work/app.png" --control-socket "$socket" >/dev/null
    (cd "$work" && weston-screenshooter >/dev/null 2>&1) || fail "weston-screenshooter failed"
    shot=$(ls "$work"/wayland-screenshot-*.png | head -n 1)
    if scripts/wayland/pngdiff.py "$work/app.png" "$shot" 2 >"$work/diff.txt"; then
        matched=1
        break
    fi
    sed "s/^/  try $attempt: /" "$work/diff.txt"
done
[ "$matched" = 1 ] || fail "Weston's screen never matched the app's screenshot: $(cat "$work/diff.txt")"
echo "window backend under Weston: screen matches the app's own screenshot ($(cat "$work/diff.txt"))"

# 3. The compositor goes away: the app logs it and exits 69 (EX_UNAVAILABLE).
kill "$weston_pid"
wait "$weston_pid" 2>/dev/null || true
weston_pid=
status=0
for _ in $(seq 100); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$app_pid" 2>/dev/null && fail "the app still runs 10 s after the compositor went away"
wait "$app_pid" || status=$?
app_pid=
[ "$status" = 69 ] || fail "the app exited $status after the compositor went away, not 69"
grep -q "Wayland compositor went away" "$work/app.log" || fail "no log line naming the compositor going away"
echo "window backend under Weston: compositor gone -> '$(grep -m1 'went away' "$work/app.log")', status 69"
rm -rf "$work"
echo "weston-check: 2 passed, 0 failed"
