/**
 * Article extraction shared by the content script and the CLI. DOM-only: the
 * Node parser (parse-html.ts, linkedom) is imported separately so that the
 * extension bundle never includes it.
 */
export * from './extract-article';
export * from './article-text';
