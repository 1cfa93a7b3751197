#!/usr/bin/env bash
# Fuzzes ForceKit's parsers and servers with libFuzzer and AddressSanitizer.
#
#   Fuzz/run.sh [SECONDS] [TARGET...]
#
# Builds `forcekit-fuzz` with the fuzzer into .build-fuzz (a release build: the first one takes a
# while), then runs each target (all when none is named) for SECONDS (60 by default), starting
# from Fuzz/corpus/TARGET and keeping what it finds in .build-fuzz/corpus/TARGET. A crash,
# a trap, a leak, a timeout or running out of memory is saved in .build-fuzz/findings/TARGET/;
# replay one with `swift run forcekit-fuzz TARGET FILE`, fix it, and commit the file into
# Fuzz/corpus/TARGET so the tests replay it from then on. Prints one line per target and exits
# non-zero when any target found something.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"

all_targets=(soql sosl json deeplink-config deeplink-route salesforce-link smart-sql query-engine localorg-http sync-input idp-message bulk-csv)
seconds=${1:-60}
[ $# -gt 0 ] && shift
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all_targets[@]}")

# One -sanitize=fuzzer,address: given as two flags (as `--sanitize` does), the compiler keeps
# only the last and the code gets no coverage instrumentation, so the fuzzer would run blind.
swift build -c release --scratch-path .build-fuzz --product forcekit-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING 2>&1 | grep -Ev "warning: (Cannot export|'swift-)" || true
binary=.build-fuzz/release/forcekit-fuzz
[ -x "$binary" ] || { echo "The fuzzer did not build." >&2; exit 1; }

failed=0
for target in "${targets[@]}"; do
    mkdir -p ".build-fuzz/corpus/$target" ".build-fuzz/findings/$target"
    log=".build-fuzz/$target.log"
    status=0
    # Leaks are not findings here: the targets keep their org and store for the whole process.
    FORCEKIT_FUZZ_TARGET="$target" ASAN_OPTIONS=detect_leaks=0 "$binary" \
        -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
        -artifact_prefix=".build-fuzz/findings/$target/" \
        ".build-fuzz/corpus/$target" "Fuzz/corpus/$target" >"$log" 2>&1 || status=$?
    runs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || echo 0)
    findings=$(find ".build-fuzz/findings/$target" -type f | wc -l)
    echo "$target: $runs executions in ${seconds}s, $findings findings (exit $status)"
    if [ "$status" -ne 0 ] || [ "$findings" -ne 0 ]; then
        failed=1
        grep -E "ERROR|Fatal error|runtime failure|==[0-9]+==|SUMMARY" "$log" | head -20 >&2 || true
    fi
done
exit $failed
