# Shared by start.sh and stop.sh: where the throwaway store lives, its lock, and stopping it.
# shellcheck shell=bash

SERVERS=(proxy-server account-server container-server object-server)
SWIFT_DIR=${1:-${CHOPCHOP_SWIFT_DIR:-/tmp/chopchop-swift}}

# One start or stop at a time: test files in parallel workers may each ask for the store.
lock_store() {
  exec 9>"$SWIFT_DIR.lock"
  flock 9
}

# Stops the processes whose ids the store recorded (and only those), then removes its folder.
stop_store() {
  local pids=() file pid
  for file in "$SWIFT_DIR"/run/*.pid; do
    [ -f "$file" ] || continue
    pid=$(cat "$file")
    kill -0 "$pid" 2>/dev/null && pids+=("$pid")
  done
  if [ ${#pids[@]} -gt 0 ]; then
    kill "${pids[@]}" 2>/dev/null || true
    for _ in $(seq 1 50); do
      kill -0 "${pids[@]}" 2>/dev/null || break
      sleep 0.1
    done
    kill -9 "${pids[@]}" 2>/dev/null || true
  fi
  rm -rf "$SWIFT_DIR"
}
