#!/usr/bin/env bash
# Puts forcekit on your PATH: builds it (release) and copies it, with the resources it reads at
# run time (its templates and cordova.js, in ForceKit_ForceKitCLI.resources), into a bin folder.
# Usage: Scripts/install-forcekit.sh [BIN_FOLDER]        (default: ~/.local/bin)
#        CONFIGURATION=debug Scripts/install-forcekit.sh  (a faster build, for trying it)
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-$HOME/.local/bin}"
configuration="${CONFIGURATION:-release}"
swift build -c "$configuration" --product forcekit
built="$(swift build -c "$configuration" --show-bin-path)"
mkdir -p "$bin"
rm -rf "$bin/ForceKit_ForceKitCLI.resources"
cp -R "$built/ForceKit_ForceKitCLI.resources" "$bin/"
install -m 0755 "$built/forcekit" "$bin/forcekit"
echo "Installed $bin/forcekit ($("$bin/forcekit" --version))."
case ":$PATH:" in
    *":$bin:"*) ;;
    *) echo "Add $bin to your PATH, for example: echo 'export PATH=\"$bin:\$PATH\"' >> ~/.profile" ;;
esac
