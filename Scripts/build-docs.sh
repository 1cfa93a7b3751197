#!/usr/bin/env bash
# Builds the DocC documentation of every library module (or those named) into OUTPUT/<Module>,
# ready to serve as static files: `python3 -m http.server -d OUTPUT 8000`, then open
# http://localhost:8000/<Module>/documentation/<module>/ (the module name in lower case).
# Works on Linux and macOS; CI runs it so the articles cannot break unnoticed.
#
#   Scripts/build-docs.sh [--output DIR] [MODULE...]
set -euo pipefail
cd "$(dirname "$0")/.."

output=.build/docs
if [ "${1:-}" = "--output" ]; then output="$2"; shift 2; fi
modules=("$@")
if [ ${#modules[@]} -eq 0 ]; then
    modules=(SalesforceCore SalesforceKeys DeepLinking SalesforceLinks SalesforceAuth SalesforceREST SmartStore SmartStoreMigration SOQL MobileSync SalesforceApp
        IdentityProvider LocalOrgEngine LocalOrg ForceKitTesting HybridBridge)
fi
mkdir -p "$output"
for module in "${modules[@]}"; do
    echo "== $module"
    log="$(mktemp)"
    if ! swift package --allow-writing-to-directory "$output" generate-documentation --target "$module" \
        --output-path "$output/$module" --transform-for-static-hosting --hosting-base-path "$module" --include-extended-types >"$log" 2>&1; then
        cat "$log"
        echo "error: the documentation of $module did not build" >&2
        exit 1
    fi
    # DocC reports broken links and unknown symbols as warnings: they are errors here.
    # (Package warnings about dependencies' files are not the documentation's.)
    if grep -E "^(warning|error):|: (warning|error):" "$log" | grep -vE "which are unhandled; explicitly declare them"; then
        echo "error: the documentation of $module has the warnings above" >&2
        exit 1
    fi
    rm -f "$log"
done
echo "Built into $output. View: python3 -m http.server -d $output 8000, then http://localhost:8000/<Module>/documentation/<module>/"
