import type { History } from '../store';

/** The part of the history (src/store) that checking a page needs; tests pass a fake. */
export type HistoryPort = Pick<History, 'recordVisit' | 'queryMany' | 'getByUrl' | 'olderSchemes' | 'setSource'>;
