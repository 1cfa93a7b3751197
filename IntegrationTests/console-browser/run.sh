#!/usr/bin/env bash
# LocalOrg's console in headless Chromium (Debian's chromium-headless-shell): `forcekit serve`
# and `forcekit login --local`, then Node drives the browser over DevTools.
# Usage: IntegrationTests/console-browser/run.sh PATH/TO/forcekit [SCREENSHOT-FOLDER]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
forcekit="$(cd "$(dirname "${1:?give the path to forcekit}")" && pwd)/$(basename "$1")"
FORCEKIT="$forcekit" CHROMIUM="${CHROMIUM:-chromium-headless-shell}" SCREENSHOTS="${2:-}" \
    node --experimental-websocket --test --test-timeout=180000 "$here/"
