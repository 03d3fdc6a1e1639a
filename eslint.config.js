import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['.output/', '.wxt/', 'node_modules/', '.tmp/', 'coverage/', 'test-results/', 'dist/'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // The engine runs unchanged in the service worker, Node and tests.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['wxt', 'wxt/*', '#imports', 'idb', 'webextension-polyfill', '@mozilla/readability', 'linkedom', 'node:*'], message: 'src/core must stay pure: no browser, storage, DOM or Node APIs.' },
        ],
      }],
      'no-restricted-globals': ['error', 'window', 'document', 'chrome', 'browser', 'indexedDB', 'navigator', 'localStorage', 'fetch', 'process'],
    },
  },
  {
    // Extraction takes the Document it works on (like Readability): the real
    // DOM in the content script, linkedom in the CLI.
    files: ['src/extract/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', 'window', 'document', 'chrome', 'browser', 'indexedDB', 'navigator', 'localStorage', 'fetch', 'location'],
    },
  },
);
