#!/usr/bin/env bash
# Installs what the end-to-end tests need beyond npm: Debian's Chromium (Playwright's own
# browser download does not work offline) and a CJK font so Chinese renders in screenshots.
set -euo pipefail
packages=(chromium fonts-noto-cjk)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup-machine: ${packages[*]} already installed"
  exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q "${missing[@]}"
