#!/usr/bin/env bash
# Every forcekit-bench suite at tiny sizes, in whatever build is given: checks that the harness
# runs each suite to its last line, one JSON object naming the suite. The figures of such a run
# mean nothing (a debug build, tiny sizes) and its goals are false by design.
# Usage: Scripts/bench-smoke.sh [path/to/forcekit-bench]
set -euo pipefail
bench=${1:-"$(swift build --show-bin-path)/forcekit-bench"}
quick=(--rounds 1 --warmup 0 --json)
run() {
    local suite=$1
    shift
    local line
    line=$("$bench" "$@" 2>/dev/null | tail -n 1) || true
    python3 -c 'import json, sys; record = json.loads(sys.argv[1]); assert record["suite"] == sys.argv[2], record["suite"]' "$line" "$suite" \
        || { echo "bench smoke: $suite did not end with its JSON record: $line" >&2; exit 1; }
    echo "ok   $suite"
}
run router router --routes 30 --links 500 --linear-sample 50 "${quick[@]}"
run smartstore smartstore --entries 500 --exact-queries 20 "${quick[@]}"
run smartstore-encrypted smartstore --encrypted --entries 300 --exact-queries 10 --skip-queries "${quick[@]}"
run localorg localorg --accounts 200 --clients 2 --cycles 3 "${quick[@]}"
run rest rest --accounts 200 --requests 40 --tasks 2 "${quick[@]}"
run load load --clients 2 --seconds 2 --accounts 100 "${quick[@]}"
run sync sync --accounts 200 --changes 40 --latency-changes 20 --latencies 5 "${quick[@]}"
run sync-prime sync --prime --prime-accounts 200 --tree-accounts 10 --contacts-per-account 2 --prime-latency 5 "${quick[@]}"
run scale scale --entries 300 --accounts 100 --contacts-per-account 1 --queries 20 "${quick[@]}"
