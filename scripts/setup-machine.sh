#!/usr/bin/env bash
# Installs what the end-to-end tests need beyond npm: Debian's Chromium (Playwright's own
# browser download does not work offline), Debian's Firefox ESR with its Simplified Chinese
# language pack (the Firefox tests drive it through puppeteer-core, which downloads no browser;
# the pack lets Firefox run in Chinese), a CJK font so Chinese renders in screenshots, and unzip
# (the tests check the store zips against the build they load; npm run check:sources-zip).
# The Firefox tests need firefox-esr 153 or later: bookworm-security has it (Debian's default
# sources list that suite); bookworm's own 140esr lacks WebDriver BiDi features they use.
set -euo pipefail
packages=(chromium firefox-esr firefox-esr-l10n-zh-cn fonts-noto-cjk unzip)
min_firefox=153
firefox_version() { dpkg-query -W -f='${Version}' firefox-esr 2>/dev/null || true; }
firefox_major() { local v; v=$(firefox_version); echo "${v%%.*}"; }

missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
major=$(firefox_major)
if [ -n "$major" ] && [ "$major" -lt "$min_firefox" ]; then
  # Installed but too old: ask apt for the newer one (it upgrades on install).
  for p in firefox-esr firefox-esr-l10n-zh-cn; do
    [[ " ${missing[*]} " == *" $p "* ]] || missing+=("$p")
  done
fi
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup-machine: ${packages[*]} already installed"
  exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q "${missing[@]}"

major=$(firefox_major)
if [ "${major:-0}" -lt "$min_firefox" ]; then
  installed=$(firefox_version)
  echo "setup-machine: firefox-esr ${installed:-(not installed)} is too old for the Firefox end-to-end tests" \
    "(they need $min_firefox or later): add Debian's bookworm-security suite to the apt sources" \
    "(deb http://deb.debian.org/debian-security bookworm-security main) and run this again" >&2
  exit 1
fi
