#!/usr/bin/env bash
# The window backend under a real Wayland compositor: Weston 10's headless backend (pixman
# renderer: its default renders nothing, so there is nothing to screenshoot) with its desktop
# shell (its kiosk shell sends a fullscreen surface one frame callback only, in Weston 10, even
# to weston-simple-shm). Checks that
#   1. an app connects, opens its window, draws, and its display link runs on frame callbacks;
#   2. the pixels Weston composites (weston-screenshooter, allowed by --debug) are exactly the
#      app's own screenshot (--screenshot through its control socket);
#   3. the compositor going away ends the app with a log line and status 69, no hang, and
#      applicationWillTerminate runs.
# No silent skip: a missing weston fails. Usage: scripts/wayland/weston-check.sh [APP]
set -euo pipefail
cd "$(dirname "$0")/../.."
app=${1:-.build/debug/vitrine-runloop-app}
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

# No animations: the desktop shell fades the screen in at start and zooms a new window in
# (its alpha was 0.98 when a busy machine took the screenshot), so the pixels would depend on
# when it is taken.
cat >"$work/weston.ini" <<'INI'
[shell]
startup-animation=none
animation=none
close-animation=none
focus-animation=none
INI
weston --config="$work/weston.ini" --backend=headless-backend.so --use-pixman --socket="$WAYLAND_DISPLAY" \
    --width=1024 --height=768 --idle-time=0 --debug >"$work/weston.log" 2>&1 &
weston_pid=$!
for _ in $(seq 100); do [ -S "$XDG_RUNTIME_DIR/$WAYLAND_DISPLAY" ] && break; sleep 0.1; done
[ -S "$XDG_RUNTIME_DIR/$WAYLAND_DISPLAY" ] || fail "weston did not start"

# 1. An app on the window backend: vitrine-runloop-app (through UIApplicationMain, as a user's
#    app), whose screen is still once it printed "check: done" (a white window, a label).
socket="$work/control"
"$app" --backend window --window-screen 640x400 --control-socket "$socket" >"$work/app.out" 2>"$work/app.log" &
app_pid=$!
for _ in $(seq 600); do
    grep -q "^check: done" "$work/app.out" 2>/dev/null && break
    kill -0 "$app_pid" 2>/dev/null || fail "the app exited early"
    sleep 0.1
done
grep -q "^check: done" "$work/app.out" || fail "the app never finished its checks: $(cat "$work/app.out")"
grep -q "^check: first-frame-screen WINDOW-1$" "$work/app.out" || fail "no first frame on WINDOW-1"
callbacks=$(sed -n 's/^check: link-callbacks //p' "$work/app.out")
[ "${callbacks:-0}" -gt 0 ] || fail "the display link never fired on frame callbacks"
echo "window backend under Weston: first frame on WINDOW-1, display link fired $callbacks times on frame callbacks"

# 2. What Weston composites against what the app drew, exactly. The desktop shell places the
#    window where it likes: pngdiff.py finds it by its rows.
"$app" --screenshot "$work/app.png" --control-socket "$socket" >/dev/null || fail "no screenshot from the app"
(cd "$work" && weston-screenshooter >/dev/null 2>&1) || fail "weston-screenshooter failed"
shot=$(ls "$work"/wayland-screenshot-*.png | head -n 1)
scripts/wayland/pngdiff.py --within "$work/app.png" "$shot" 0 >"$work/diff.txt" ||
    fail "Weston's screen is not the app's screenshot: $(cat "$work/diff.txt")"
echo "window backend under Weston: the window on Weston's screen is the app's screenshot ($(cat "$work/diff.txt"))"

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
grep -q "^check: willTerminate 1$" "$work/app.out" || fail "applicationWillTerminate did not run"
echo "window backend under Weston: compositor gone -> '$(grep -m1 'went away' "$work/app.log")', status 69"
rm -rf "$work"
echo "weston-check: 3 passed, 0 failed"
