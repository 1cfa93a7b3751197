#!/usr/bin/env bash
# A hybrid app's data layer against LocalOrg, headless: Node's built-in test runner drives
# `forcekit bridge` through a cordova.exec of ours (no npm packages, no device, no org).
# Usage: IntegrationTests/hybrid-js/run.sh PATH/TO/forcekit
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
forcekit="$(cd "$(dirname "${1:?give the path to forcekit}")" && pwd)/$(basename "$1")"
FORCEKIT="$forcekit" node --test --test-timeout=180000 "$here/"
