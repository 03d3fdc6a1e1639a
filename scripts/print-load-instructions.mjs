// Printed after `npm start` builds the extension: how to load it into a browser.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const chrome = resolve('.output/chrome-mv3');
const firefox = resolve('.output/firefox-mv2');
if (!existsSync(resolve(chrome, 'manifest.json'))) {
  console.error(`No build found at ${chrome}; run "npm run build" first.`);
  process.exit(1);
}
console.log(`
Déjà Lu is built.

Chrome, Chromium, Edge, Brave:
  1. Open chrome://extensions
  2. Turn on "Developer mode" (top right)
  3. Click "Load unpacked" and choose:
       ${chrome}

Firefox (after "npm run build:firefox"${existsSync(firefox) ? ', already built' : ''}):
  1. Open about:debugging#/runtime/this-firefox
  2. Click "Load Temporary Add-on…" and choose:
       ${resolve(firefox, 'manifest.json')}

Or launch a throwaway Chromium profile with it loaded:
  chromium --user-data-dir="$(mktemp -d)" --load-extension="${chrome}"
`);
