#!/usr/bin/env bash
# Kills `forcekit sync up` with SIGKILL at many points of a run (as the OS kills a background
# app), runs it again as a user would, and checks that the org holds each record exactly once
# and the store has every record clean with its server id. Every target kind, several moments,
# and a parent-children target (Accounts with three Contacts each, created offline together).
# Then Ctrl-C: the sync says it stopped and how to continue, and that command finishes it.
# Usage: IntegrationTests/sync-up-kill/run.sh [path-to-forcekit]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
forcekit="${1:-$root/.build/debug/forcekit}"
records=${RECORDS:-1000}

# shellcheck source=../serve.sh
. "$here/../serve.sh"
work="$(mktemp -d)"
export FORCEKIT_HOME="$work/home"
start_localorg "$forcekit" "$work"
"$forcekit" login --local >/dev/null

count() {
    local q
    q=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "SELECT COUNT() FROM ${2:-Account} WHERE ${3:-Name} LIKE '$1 %'")
    "$forcekit" api GET "query?q=$q" | python3 -c 'import json,sys; print(json.load(sys.stdin)["totalSize"])'
}

# A new store at $1 holding $records Accounts named "$2 N", created offline (dirty).
offline_accounts() {
    "$forcekit" store register accounts --path "$1" --plaintext --index Id:string --index __local__:string >/dev/null
    python3 -c "import json,sys; [print(json.dumps({'attributes': {'type': 'Account'}, 'Name': '$2 %d' % i})) for i in range($records)]" \
        >"$work/new.ndjson"
    "$forcekit" store upsert accounts "$work/new.ndjson" --path "$1" --plaintext --local --type Account >/dev/null
}

# Whether the org holds each of the Accounts named "$2 N" once and the store at $1 has none dirty;
# says which with $3 (what was done) and $4 (what went right), and counts a failure.
check_once() {
    local on_server dirty
    on_server=$(count "$2")
    dirty=$("$forcekit" store count accounts --path "$1" --plaintext --spec '{"queryType": "exact", "indexPath": "__local__", "matchKey": "true"}')
    if [ "$on_server" != "$records" ] || [ "$dirty" != "0" ]; then
        echo "FAIL $3: $on_server records on the server for $records, $dirty still dirty" >&2
        failures=$((failures + 1))
    else
        echo "ok   $3: $4"
    fi
}

failures=0
runs=0
# Moments spread over each kind's run (a collection run is the shortest, one by one the longest).
declare -A delays=([collection]="0.1 0.2 0.3 0.45 0.6 0.8" [batch]="0.15 0.3 0.5 0.7 0.9 1.2" [single]="0.3 0.8 1.5 2.2 3.0 4.0")
for target in collection batch single; do
    for delay in ${delays[$target]}; do
        prefix="K-$target-$delay"
        db="$work/$prefix.sqlite"
        offline_accounts "$db" "$prefix"
        "$forcekit" sync up accounts --path "$db" --plaintext --fields Name --target "$target" >/dev/null 2>&1 &
        sync=$!
        sleep "$delay"
        kill -9 $sync 2>/dev/null || true
        wait $sync 2>/dev/null || true
        "$forcekit" sync up accounts --path "$db" --plaintext --fields Name --target "$target" >"$work/state.json" 2>/dev/null || true
        runs=$((runs + 1))
        reconciled=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("recordsReconciled", 0))' "$work/state.json")
        check_once "$db" "$prefix" "$target killed after ${delay}s" "$records records once each, $reconciled reconciled on resume"
    done
done
# Parent-children: each Account and its Contacts go up in one composite request, the Contacts
# naming their new parent by reference; a resume must find both and keep each child under its parent.
parents=$((records / 4))
cat >"$work/tree.json" <<'JSON'
{"type": "parentChildren",
 "parent": {"sobjectType": "Account", "soupName": "accounts"},
 "parentFieldlist": ["Name"], "parentCreateFieldlist": ["Name"], "parentUpdateFieldlist": ["Name"],
 "children": {"sobjectType": "Contact", "sobjectTypePlural": "Contacts", "soupName": "contacts", "parentIdFieldName": "AccountId"},
 "childrenFieldlist": ["LastName"], "childrenCreateFieldlist": ["LastName"], "childrenUpdateFieldlist": ["LastName"],
 "relationshipType": "LOOKUP"}
JSON
for delay in 0.2 0.4 0.6 0.9 1.2 1.6; do
    prefix="T-$delay"
    db="$work/$prefix.sqlite"
    "$forcekit" store register accounts --path "$db" --plaintext --index Id:string --index __local__:string >/dev/null
    "$forcekit" store register contacts --path "$db" --plaintext --index Id:string --index AccountId:string --index __local__:string >/dev/null
    python3 -c "import json; [print(json.dumps({'attributes': {'type': 'Account'}, 'Id': 'local_$prefix-%d' % i, 'Name': '$prefix %d' % i})) for i in range($parents)]" \
        >"$work/parents.ndjson"
    # The same three names under every parent: only the parent tells the children apart.
    python3 -c "import json; [print(json.dumps({'attributes': {'type': 'Contact'}, 'AccountId': 'local_$prefix-%d' % i, 'LastName': '$prefix child %d' % c})) for i in range($parents) for c in range(3)]" \
        >"$work/children.ndjson"
    "$forcekit" store upsert accounts "$work/parents.ndjson" --path "$db" --plaintext --local --external-id Id >/dev/null
    "$forcekit" store upsert contacts "$work/children.ndjson" --path "$db" --plaintext --local >/dev/null
    "$forcekit" sync up accounts --path "$db" --plaintext --parent-children "$work/tree.json" >/dev/null 2>&1 &
    sync=$!
    sleep "$delay"
    kill -9 $sync 2>/dev/null || true
    wait $sync 2>/dev/null || true
    "$forcekit" sync up accounts --path "$db" --plaintext --parent-children "$work/tree.json" >"$work/state.json" 2>/dev/null || true
    runs=$((runs + 1))
    accounts=$(count "$prefix")
    contacts=$(count "$prefix child" Contact LastName)
    dirty=0
    for soup in accounts contacts; do
        n=$("$forcekit" store count $soup --path "$db" --plaintext --spec '{"queryType": "exact", "indexPath": "__local__", "matchKey": "true"}')
        dirty=$((dirty + n))
    done
    orphans=$("$forcekit" store count contacts --path "$db" --plaintext --spec '{"queryType": "like", "indexPath": "AccountId", "likeKey": "local_%"}')
    reconciled=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("recordsReconciled", 0))' "$work/state.json")
    if [ "$accounts" != "$parents" ] || [ "$contacts" != "$((parents * 3))" ] || [ "$dirty" != "0" ] || [ "$orphans" != "0" ]; then
        echo "FAIL parent-children killed after ${delay}s: $accounts Accounts for $parents, $contacts Contacts for $((parents * 3)), $dirty dirty, $orphans under a local parent" >&2
        failures=$((failures + 1))
    else
        echo "ok   parent-children killed after ${delay}s: every Account and Contact once, $reconciled reconciled on resume"
    fi
done
# Ctrl-C (SIGINT) as a user presses it: the sync stops between records, says that it stopped and
# the command that continues it, and exits 130; that command, run as printed, finishes the job.
for delay in 0.6 1.6; do
    prefix="I-$delay"
    db="$work/$prefix.sqlite"
    offline_accounts "$db" "$prefix"
    "$forcekit" sync up accounts --path "$db" --plaintext --fields Name --target single --name "up-$prefix" >/dev/null 2>"$work/interrupted.err" &
    sync=$!
    sleep "$delay"
    kill -INT $sync 2>/dev/null || true
    status=0
    wait $sync || status=$?
    runs=$((runs + 1))
    resume=$(sed -n 's/^  Run forcekit \(sync resync .*\) to continue it\.$/\1/p' "$work/interrupted.err")
    if [ "$status" != 130 ] || ! grep -q "^Stopped: sync" "$work/interrupted.err" || [ -z "$resume" ]; then
        echo "FAIL interrupted after ${delay}s: exit $status, it said: $(tail -2 "$work/interrupted.err")" >&2
        failures=$((failures + 1))
        continue
    fi
    eval "\"\$forcekit\" $resume" >/dev/null 2>&1 || true
    check_once "$db" "$prefix" "interrupted after ${delay}s, then $resume" "exit 130, and forcekit $resume finished it"
done
echo "$((runs - failures)) passed, $failures failed"
[ "$failures" -eq 0 ]
