#!/usr/bin/env bash
# A hybrid page in headless Chromium (Debian's chromium-headless-shell), served by
# `forcekit hybrid serve` and run against LocalOrg; Node drives the browser over DevTools.
# Usage: IntegrationTests/hybrid-browser/run.sh PATH/TO/forcekit [SCREENSHOT.png]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
forcekit="$(cd "$(dirname "${1:?give the path to forcekit}")" && pwd)/$(basename "$1")"
FORCEKIT="$forcekit" CHROMIUM="${CHROMIUM:-chromium-headless-shell}" SCREENSHOT="${2:-}" \
    node --experimental-websocket --test --test-timeout=180000 "$here/"
