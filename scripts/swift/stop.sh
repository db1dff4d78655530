#!/usr/bin/env bash
# Stops the throwaway Swift store that start.sh started in the folder given (default
# $CHOPCHOP_SWIFT_DIR, else /tmp/chopchop-swift) and deletes its data and its lock. Nothing running:
# nothing to do.
set -euo pipefail
# shellcheck source=scripts/swift/servers.sh
. "$(dirname "$0")/servers.sh"
lock_store
stop_store
rm -f "$SWIFT_DIR.lock"
