/** The reading history store: IndexedDB through idb, plus the pure export file format. */
export { openHistory, History, type Match, type OpenHistoryOptions, type QueryOptions, type ListOptions } from './history';
export type { ImportReport, ImportRejection, ImportOptions, ImportProgress } from './import';
export { ImportIncompleteError, IMPORT_BATCH, MAX_REPORTED_REJECTIONS } from './import';
export { HistoryQuotaError } from './errors';
export { textChunks } from './file-text';
export * from './page';
export * from './export-format';
export { toCsv, csvCell, CSV_COLUMNS } from './export-csv';
export { DB_NAME, DB_VERSION } from './schema';
