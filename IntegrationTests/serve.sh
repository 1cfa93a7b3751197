# Sourced by the integration tests: start_localorg FORCEKIT FOLDER [SERVE-OPTION...] starts
# `forcekit serve` with its files in FOLDER, waits for its first line (the org's JSON, then in
# $LOCALORG) and stops it, and removes FOLDER, when the script exits.
start_localorg() {
    local forcekit="$1" folder="$2"
    shift 2
    "$forcekit" serve "$@" >"$folder/serve.out" 2>"$folder/serve.err" &
    localorg_pid=$!
    trap 'kill $localorg_pid 2>/dev/null || true; wait $localorg_pid 2>/dev/null || true; rm -rf "'"$folder"'"' EXIT
    for _ in $(seq 1 100); do
        [ -s "$folder/serve.out" ] && break
        kill -0 $localorg_pid 2>/dev/null || { cat "$folder/serve.err" >&2; exit 1; }
        sleep 0.1
    done
    [ -s "$folder/serve.out" ] || { echo "forcekit serve printed nothing in 10 s" >&2; exit 1; }
    LOCALORG="$(head -n 1 "$folder/serve.out")"
    export LOCALORG
}
