import { defineConfig } from 'wxt';

export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  zip: {
    // The sources zip (made with the Firefox one) is what addons.mozilla.org's reviewers rebuild
    // the add-on from: the repository's files, without tests, benchmarks, evaluation or build
    // output (test/e2e/firefox/package.e2e.test.ts; npm run check:sources-zip rebuilds from it).
    excludeSources: ['test/**', 'bench/**', 'eval/**', 'dist/**', 'coverage/**', 'test-results/**', 'web-ext-artifacts/**'],
  },
  manifest: ({ browser }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    action: {
      default_title: '__MSG_actionTitle__',
    },
    // Nothing else: the content script's match patterns (http and https pages) give it the pages
    // (in Chromium as host permissions, since the background injects it); no "tabs" (tab ids
    // come with messages, the popup asks for the active tab).
    permissions: [
      // Settings (storage.local) and the per-tab verdicts the popup shows (storage.session).
      'storage',
      // "Check this page": lets the popup's request reach the current tab only, when the user asks.
      'activeTab',
      // Injects the content script into a tab opened before the extension was installed, when
      // the user asks to check it, and (Chromium) into each page once it has loaded.
      'scripting',
      // "Check this page with Déjà Lu" and "Check selected text with Déjà Lu" in the page's
      // context menu (src/background/shortcuts.ts). No install warning.
      'contextMenus',
      // Chromium only:
      ...(browser === 'firefox'
        ? []
        : [
            // The article is extracted in an offscreen document (DOMParser), off the page's
            // main thread (src/background/html-reader.ts). No install warning.
            'offscreen',
            // Tells the background when a page has loaded, to inject the content script then
            // (src/background/content-injection.ts). No warning beside access to all sites.
            'webNavigation',
          ]),
    ],
    // Checks the current page from the keyboard, as the popup's "Check this page" does
    // (src/background/shortcuts.ts, CHECK_PAGE_COMMAND). Alt+Shift+D is none of Chrome's or
    // Firefox's own shortcuts; users change it at chrome://extensions/shortcuts or in Firefox's
    // add-on shortcut settings.
    commands: {
      'check-page': {
        suggested_key: { default: 'Alt+Shift+D' },
        description: '__MSG_commandCheckPage__',
      },
    },
    // Chrome's default policy for extension pages and the service worker refuses WebAssembly;
    // the engine's ASCII work runs in it (src/core/wasm, 2× faster than JavaScript) and falls
    // back to the same features in JavaScript where it is refused. Nothing else is loosened.
    content_security_policy: {
      extension_pages: "script-src 'self' 'wasm-unsafe-eval'; object-src 'self';",
    },
    // Each browser's own keys only (each warns about the other's).
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'deja-lu@deja-lu.app',
              // data_collection_permissions needs Firefox 140 (the APIs alone, storage.session, need 115).
              strict_min_version: '140.0',
              // Everything stays on the device: nothing is collected or transmitted.
              data_collection_permissions: { required: ['none'] },
            },
            // data_collection_permissions needs Firefox for Android 142.
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {
          // The offscreen document's DOM_PARSER reason needs Chrome 109 (storage.session: 102).
          minimum_chrome_version: '109',
        }),
  }),
});
