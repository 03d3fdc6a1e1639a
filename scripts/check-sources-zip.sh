#!/usr/bin/env bash
# Rebuilds the Firefox add-on from the sources zip as addons.mozilla.org's reviewers do (unzip
# into an empty folder, npm ci, wxt build -b firefox) and checks that the result is the Firefox
# zip made with it, byte for byte. Not part of npm test: npm ci takes most of its minute, and
# needs the npm registry or npm's cache.
set -euo pipefail
cd "$(dirname "$0")/.."
npx wxt zip -b firefox
package=$(node -p "const p = require('./package.json'); p.name + '-' + p.version")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
unzip -q ".output/$package-sources.zip" -d "$work/sources"
unzip -q ".output/$package-firefox.zip" -d "$work/firefox"
(cd "$work/sources" && npm ci --no-audit --no-fund && npx wxt build -b firefox)
diff -r "$work/firefox" "$work/sources/.output/firefox-mv2"
echo "check:sources-zip: the sources zip rebuilds the Firefox zip exactly"
