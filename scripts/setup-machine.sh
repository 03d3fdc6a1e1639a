#!/usr/bin/env bash
# Installs what the end-to-end tests need beyond npm: Debian's Chromium (Playwright's own
# browser download does not work offline), Debian's Firefox ESR with its Simplified Chinese
# language pack (the Firefox tests drive it through puppeteer-core, which downloads no browser;
# the pack lets Firefox run in Chinese) and a CJK font so Chinese renders in screenshots.
# Firefox ESR comes from bookworm-security when the machine's sources list it (Debian's
# default; 153esr there, 140esr in bookworm main).
set -euo pipefail
packages=(chromium firefox-esr firefox-esr-l10n-zh-cn fonts-noto-cjk)
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
