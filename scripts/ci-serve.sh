#!/usr/bin/env bash
# CI: the player's table (mists serve) in a real browser: scripts/serve_browser.py plays a whole
# level-1 game by clicks, enters three draws of a game at a real table, asks for advice, reviews the
# unfinished game and saves its record (mists replay must accept it); no page error; screenshots at
# 1024x700 and 1600x1000 to DIR. The server listens on 127.0.0.1 only and is stopped at the end.
#   scripts/ci-serve.sh [DIR]       DIR default ${TMPDIR:-/tmp}/mists-ci-serve (replaced)
#   MISTS=path/to/mists             the binary (default build/mists)
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
fail() { echo "ci-serve: FAIL: $*" >&2; exit 1; }
py=/usr/bin/python3
[[ -x $py ]] || py=python3
for p in chromium python3-websocket; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || fail "$p is missing (scripts/ci-browser.sh installs it)"
done
mists=${MISTS:-build/mists}
[[ -x $mists ]] || fail "no $mists (build it with scripts/setup.sh)"
out=${1:-${TMPDIR:-/tmp}/mists-ci-serve}
rm -rf "$out"
mkdir -p "$out"
timeout 300 "$py" scripts/serve_browser.py "$mists" "$out" --seconds 240 || fail "scripts/serve_browser.py"
echo "ci-serve: ok in $((SECONDS - start)) s (screenshots in $out)"
