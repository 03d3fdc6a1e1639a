import { defineConfig } from 'wxt';

export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  manifest: {
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    permissions: ['storage', 'activeTab'],
    browser_specific_settings: {
      gecko: { id: 'deja-lu@example.org' },
    },
  },
});
