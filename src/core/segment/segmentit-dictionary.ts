import * as segmentit from 'segmentit';
import { parseDictionary, type Dictionary } from './dictionary';

interface SegmentitDicts {
  pangu: string;
  panguExtend1: string;
  panguExtend2: string;
  stopword: string;
}

// Bundlers resolve segmentit's ES build (named exports); Node resolves its
// CommonJS build, whose exports arrive on `default`.
const lib = ('pangu' in segmentit ? segmentit : (segmentit as unknown as { default: SegmentitDicts }).default) as SegmentitDicts;

let cached: Dictionary | undefined;

/**
 * segmentit's general dictionaries, parsed on first use and kept for the life
 * of the process (or service worker): pages without Han text never pay for it.
 */
export function segmentitDictionary(): Dictionary {
  cached ??= parseDictionary([lib.pangu, lib.panguExtend1, lib.panguExtend2]);
  return cached;
}

/** segmentit's Chinese stopword list, one word per line. */
export function segmentitStopwords(): string[] {
  return lib.stopword.split('\n').map((w) => w.trim()).filter(Boolean);
}
