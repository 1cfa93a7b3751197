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

# shellcheck source=../serve.sh
. "$here/../serve.sh"
data="$(mktemp -d)"
start_localorg "$forcekit" "$data" --tls --data "$data/org"
"$venv/bin/python" "$here/test_localorg.py"
