/**
 * Import boundaries of src/ and entrypoints/, checked by `npm run lint`
 * (docs/decisions/0009-import-boundaries.md). Paths are relative to the repository.
 */

/** The page's shape and size limits: pure, no IndexedDB, shared with the messages that carry pages. */
const PAGE = 'src/store/page.ts';
/** Top-level modules every context shares: wording, the message protocol and its validators, settings, the page's limits, what one site is. */
const SHARED = ['src/i18n.ts', 'src/messaging.ts', 'src/protocol.ts', 'src/validators.ts', 'src/settings.ts', 'src/same-site.ts', PAGE];
/** The store's public entry; its other files (but PAGE) are internals, whatever their layout. */
const STORE = 'src/store/index.ts';

/**
 * What each part may import from src/ and entrypoints/ besides its own files:
 * core ← extract ← page-reading, core ← store, background on those, entrypoints on top.
 */
const LAYERS = [
  { layer: 'src/core', allow: [] },
  { layer: 'src/extract', allow: ['src/core'] },
  { layer: 'src/page-reading', allow: ['src/core', 'src/extract', 'src/messaging.ts', 'src/protocol.ts', PAGE] },
  { layer: 'src/store', allow: ['src/core'] },
  { layer: 'src/ui', allow: ['src/core', 'src/i18n.ts', 'src/messaging.ts', 'src/protocol.ts', 'src/settings.ts', PAGE] },
  // The toolbar tooltip is worded like the popup and the notice: the DOM-free wording is shared.
  { layer: 'src/background', allow: ['src/core', 'src/extract', 'src/page-reading', STORE, ...SHARED, 'src/ui/match-text.ts', 'src/ui/bidi.ts', 'src/watch/watched-urls.ts', 'src/reposts/part-options.ts', 'src/reposts/one-text.ts'] },
  // The user's own articles: the sitemap's addresses, feeds read into pages, the copies found and their page.
  { layer: 'src/watch', allow: ['src/core', 'src/extract', 'src/ui', STORE, ...SHARED, 'src/reposts/one-text.ts'] },
  { layer: 'src/cli', allow: ['src/core', 'src/extract', STORE] },
  // The Reposts view's logic: pure over pages; the store only for its CSV cell.
  { layer: 'src/reposts', allow: ['src/core', STORE, PAGE] },
  { layer: 'src/types', allow: [] },
  { layer: 'src/i18n.ts', allow: [] },
  { layer: 'src/same-site.ts', allow: [] },
  { layer: 'src/settings.ts', allow: ['src/core'] },
  // messaging.ts (limits, page shapes, senders) ← validators.ts ← protocol.ts (the definition).
  { layer: 'src/messaging.ts', allow: ['src/core', PAGE] },
  { layer: 'src/validators.ts', allow: ['src/core', 'src/messaging.ts', PAGE] },
  { layer: 'src/protocol.ts', allow: ['src/core', 'src/messaging.ts', 'src/validators.ts', PAGE] },
  { layer: 'entrypoints/background.ts', allow: ['src/background', ...SHARED] },
  { layer: 'entrypoints/content', allow: ['src/core', 'src/extract', 'src/page-reading', 'src/ui', ...SHARED] },
  { layer: 'entrypoints/offscreen', allow: ['src/core', 'src/extract', 'src/page-reading', ...SHARED] },
  { layer: 'entrypoints/popup', allow: ['src/core', 'src/ui', ...SHARED] },
  { layer: 'entrypoints/options', allow: ['src/core', 'src/ui', 'src/reposts', 'src/watch', STORE, ...SHARED] },
  { layer: 'entrypoints/welcome', allow: ['src/ui', ...SHARED] },
];

const PROJECT = '^(src|entrypoints)/';

/** A file, or a folder and everything under it. */
function under(path) {
  return `^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${path.endsWith('.ts') ? '$' : '(/|$)'}`;
}

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'Modules form no cycle, type-only imports included: each one can be read, tested and moved on its own.',
      severity: 'error',
      from: { path: PROJECT },
      to: { circular: true },
    },
    ...LAYERS.map(({ layer, allow }) => ({
      name: `layer ${layer}`,
      comment: `${layer} may import only ${allow.join(', ') || 'its own files'} (.dependency-cruiser.mjs, LAYERS).`,
      severity: 'error',
      from: { path: under(layer) },
      to: { path: PROJECT, pathNot: [layer, ...allow].map(under) },
    })),
    {
      name: 'no-layer',
      comment: 'Every part of src/ and entrypoints/ that imports another has a layer in LAYERS.',
      severity: 'error',
      from: { path: PROJECT, pathNot: LAYERS.map(({ layer }) => under(layer)) },
      to: { path: PROJECT },
    },
  ],
  options: {
    includeOnly: PROJECT,
    // Type-only imports are dependencies too: a cycle through them is still a cycle to untangle.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
