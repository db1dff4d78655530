#!/usr/bin/env bash
# Starts a throwaway OpenStack Swift with its S3 API on 127.0.0.1, for the tests of STORAGE=s3 and
# for trying it by hand: one device under the folder given (default $CHOPCHOP_SWIFT_DIR, else
# /tmp/chopchop-swift), rings of one replica, tempauth with one user whose signatures s3api checks,
# memcached, every server on a free port. Already running: it is left as it is. Prints the settings
# that reach it (S3_ENDPOINT=..., one per line; bucket "chopchop" is made); stop.sh stops it.
# Needs Debian's swift-proxy, swift-account, swift-container, swift-object and memcached.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/swift/servers.sh
. "$here/servers.sh"
# Debian's python3, whatever else comes first on PATH: Swift's modules are installed for it.
python=/usr/bin/python3
user=$(id -un)
started=$SECONDS

# A server takes connections once it listens, and answers them when loaded.
listening() { (: <>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
healthy() {
  "$python" -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=10)' \
    "http://127.0.0.1:$1/healthcheck" 2>/dev/null
}

running() {
  [ -f "$SWIFT_DIR/env" ] || return 1
  local file
  for file in "$SWIFT_DIR"/run/*.pid; do kill -0 "$(cat "$file")" 2>/dev/null || return 1; done
  healthy "$(cat "$SWIFT_DIR/run/proxy-server.port")"
}

# Runs a command in its own session, detached from this script's output and from the lock.
spawn() {
  local name=$1
  shift
  setsid "$@" >"$SWIFT_DIR/log/$name.log" 2>&1 </dev/null 9>&- &
  echo $! >"$SWIFT_DIR/run/$name.pid"
}

if ! command -v swift-proxy-server >/dev/null || ! command -v memcached >/dev/null; then
  echo "OpenStack Swift is not installed: apt-get install swift-proxy swift-account swift-container swift-object memcached" >&2
  exit 1
fi
lock_store
if running; then
  cat "$SWIFT_DIR/env"
  exit 0
fi
stop_store
mkdir -p "$SWIFT_DIR"/{etc,devices/sdb1,run,log}

read -r -a ports <<<"$("$python" -c '
import socket
sockets = [socket.socket() for _ in range(5)]
for s in sockets: s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in sockets))')"
declare -A port=(
  [proxy-server]=${ports[0]} [account-server]=${ports[1]} [container-server]=${ports[2]}
  [object-server]=${ports[3]} [memcached]=${ports[4]}
)
for server in "${SERVERS[@]}"; do echo "${port[$server]}" >"$SWIFT_DIR/run/$server.port"; done

cp "$here/swift.conf" "$SWIFT_DIR/etc/"
for server in "${SERVERS[@]}"; do
  sed -e "s|@DIR@|$SWIFT_DIR|g" -e "s|@USER@|$user|g" \
    -e "s|@PROXY_PORT@|${port[proxy-server]}|g" -e "s|@ACCOUNT_PORT@|${port[account-server]}|g" \
    -e "s|@CONTAINER_PORT@|${port[container-server]}|g" -e "s|@OBJECT_PORT@|${port[object-server]}|g" \
    -e "s|@MEMCACHED_PORT@|${port[memcached]}|g" \
    "$here/$server.conf" >"$SWIFT_DIR/etc/$server.conf"
done
# One run of Python builds the three rings with swift-ring-builder's library: its command line
# takes nine runs, three seconds on a busy machine. 2^6 partitions, 1 replica: the smallest that works.
"$python" - "$SWIFT_DIR/etc" "${port[account-server]}" "${port[container-server]}" "${port[object-server]}" <<'PYTHON'
import sys
from swift.common.ring import RingBuilder
folder, *ports = sys.argv[1:]
for ring, port in zip(['account', 'container', 'object'], ports):
    builder = RingBuilder(6, 1, 1)
    builder.add_dev({'region': 1, 'zone': 1, 'ip': '127.0.0.1', 'port': int(port), 'device': 'sdb1', 'weight': 100})
    builder.rebalance()
    builder.get_ring().save(f'{folder}/{ring}.ring.gz')
PYTHON

spawn memcached memcached -l 127.0.0.1 -p "${port[memcached]}" -U 0 -m 16 -u "$user"
for server in "${SERVERS[@]}"; do
  spawn "$server" "$python" "$here/serve.py" "$SWIFT_DIR/etc" "$SWIFT_DIR/etc/$server.conf" "$server"
done

for server in "${SERVERS[@]}"; do
  for _ in $(seq 1 300); do
    listening "${port[$server]}" && healthy "${port[$server]}" && break
    if ! kill -0 "$(cat "$SWIFT_DIR/run/$server.pid")" 2>/dev/null; then
      echo "Swift's $server stopped while starting; its log:" >&2
      cat "$SWIFT_DIR/log/$server.log" >&2
      exit 1
    fi
    sleep 0.1
  done
  healthy "${port[$server]}" || { echo "Swift's $server did not answer within 30 seconds" >&2; exit 1; }
done

endpoint="http://127.0.0.1:${port[proxy-server]}"
# Swift's own API signs in to tempauth and makes the bucket (a container): proof that every server works.
"$python" - "$endpoint" <<'PYTHON'
import sys, urllib.request
endpoint = sys.argv[1]
credentials = {'X-Auth-User': 'test:tester', 'X-Auth-Key': 'testing'}
with urllib.request.urlopen(urllib.request.Request(f'{endpoint}/auth/v1.0', headers=credentials)) as answer:
    storage_url, token = answer.headers['X-Storage-Url'], answer.headers['X-Auth-Token']
bucket = urllib.request.Request(f'{storage_url}/chopchop', method='PUT', headers={'X-Auth-Token': token})
urllib.request.urlopen(bucket).close()
PYTHON

cat >"$SWIFT_DIR/env" <<SETTINGS
S3_ENDPOINT=$endpoint
S3_REGION=us-east-1
S3_BUCKET=chopchop
S3_ACCESS_KEY_ID=test:tester
S3_SECRET_ACCESS_KEY=testing
SETTINGS
echo "Swift started in $((SECONDS - started)) s in $SWIFT_DIR" >&2
cat "$SWIFT_DIR/env"
