/**
 * The Reposts view's logic, pure of any browser API: which pages of the
 * history are copies of which (the checker's rules over the whole history at
 * once), grouped by the page read first, filtered, ranked by site, as CSV.
 */
export { findReposts, type RepostsSource, type RepostsProgress } from './find-reposts';
export { type CopyKind, type CopyPair } from './copy-pairs';
export { groupReposts, type RepostGroup, type RepostCopy } from './groups';
export { filterGroups, rankSites, NO_FILTER, type RepostFilter, type RepostingSite } from './view-filter';
export { repostsCsv, REPOSTS_CSV_COLUMNS } from './reposts-csv';
