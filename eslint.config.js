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
    // Page records are read and written through PageTable alone, so the
    // pages' layout (a record a page today, groups in decisions/0068) is one file's business.
    files: ['src/**/*.ts'],
    ignores: ['src/store/page-table.ts', 'src/store/migrations/**'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "CallExpression[callee.property.name=/^(objectStore|transaction|get|getAll|getAllKeys|getKey|count|put|add|delete|clear|openCursor)$/] > Literal.arguments[value='pages']",
        message: 'Read and write pages through PageTable (src/store/page-table.ts), in a transaction opened on PAGE_STORES.',
      }],
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
