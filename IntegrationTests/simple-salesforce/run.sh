#!/usr/bin/env bash
# Runs simple-salesforce (from PyPI, in a venv) against `forcekit serve --tls`.
# Usage: IntegrationTests/simple-salesforce/run.sh [path-to-forcekit]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
forcekit="${1:-$root/.build/debug/forcekit}"
venv="${SIMPLE_SALESFORCE_VENV:-$root/.build/simple-salesforce-venv}"

if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"

data="$(mktemp -d)"
output="$data/serve.out"
"$forcekit" serve --tls --data "$data/org" >"$output" 2>"$data/serve.err" &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$data"' EXIT

for _ in $(seq 1 100); do
    [ -s "$output" ] && break
    kill -0 $server 2>/dev/null || { cat "$data/serve.err" >&2; exit 1; }
    sleep 0.1
done
LOCALORG="$(head -n 1 "$output")"
export LOCALORG
"$venv/bin/python" "$here/test_localorg.py"
