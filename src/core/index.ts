/** The engine's public surface: pure functions, no browser, storage or DOM APIs. */
export * from './fingerprint64';
export * from './hamming';
export * from './normalize';
export * from './tokenize';
export * from './segment/chinese-lexicon';
export { unpackDictionary, type ChineseLexicon } from './segment/packed-dictionary';
export * from './features';
export * from './simhash';
export * from './sign-document';
export * from './scheme';
export * from './text-length';
export * from './verdict';
export * from './url';
export * from './near-pairs';
export * from './disjoint-sets';
export * from './corpus';
export * from './candidate-pairs';
export * from './quote-sources';
