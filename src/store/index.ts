/**
 * The reading history store, and the one entry the rest of the extension
 * imports: History (IndexedDB through idb), the Page type, and the pure
 * export file format. Layers: codec/ (page ↔ bytes) < blocks/ (block index)
 * < page-table (every page read and write), pages-store (a page with its
 * bucket entries), open (+ migrations/) < history, import, export
 * (docs/decisions/0017-store-layers.md).
 */
export { openHistory, History, type Match, type OpenHistoryOptions, type QueryOptions, type ListOptions, type ImportFileOptions } from './history';
export type { ImportReport, ImportRejection, ImportOptions, ImportProgress } from './import';
export { ImportIncompleteError, IMPORT_BATCH, MAX_REPORTED_REJECTIONS } from './import';
export { HistoryQuotaError } from './errors';
export { textChunks } from './file-text';
export { fileDigest } from './file-digest';
export { signatureQueries, type QueriedSignature, type SignatureQueries } from './signature-queries';
export * from './page';
export * from './export-format';
export { toCsv, csvCell, CSV_COLUMNS } from './export-csv';
export { DB_NAME, DB_VERSION } from './schema';
