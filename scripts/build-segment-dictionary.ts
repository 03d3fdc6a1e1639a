/**
 * Writes public/zh-dictionary.bin: segmentit's general dictionary reduced to
 * what the segmenter uses (the distinct words of 2 to MAX_WORD_CHARS
 * characters, exactly the set parseDictionary keeps) as a packed word trie,
 * with segmentit's Chinese stopwords (src/core/segment/packed-dictionary.ts).
 *
 *   npm run build:segment-dictionary                          # write
 *   npx tsx scripts/build-segment-dictionary.ts --check       # exit 1 if out of date
 *
 * Why: the extension fetches the file the first time a page has Chinese text
 * and lets it go when idle, instead of carrying the words in the service
 * worker's bundle (docs/decisions/0025-chinese-dictionary-asset.md). It also
 * pins the dictionary: Chinese fingerprints depend on it, so a segmentit
 * upgrade must not change it silently — regenerating is a deliberate,
 * reviewable change (test/core/packed-dictionary.test.ts checks the file).
 */
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDictionary } from '../src/core/segment/dictionary';
import { packDictionary } from '../src/core/segment/packed-dictionary';

interface SegmentitDicts {
  pangu: string;
  panguExtend1: string;
  panguExtend2: string;
  stopword: string;
}

export const TARGET = join(import.meta.dirname, '../public/zh-dictionary.bin');

function segmentit(): SegmentitDicts {
  return createRequire(import.meta.url)('segmentit') as SegmentitDicts;
}

/** The words segmentation uses, in parseDictionary's order (first occurrence in segmentit's files). */
export function segmentitWords(): string[] {
  const lib = segmentit();
  return parseDictionary([lib.pangu, lib.panguExtend1, lib.panguExtend2]);
}

/** segmentit's Chinese stopwords, trimmed. */
export function segmentitStopwords(): string[] {
  const stopwords = segmentit().stopword.split('\n').map((w) => w.trim()).filter(Boolean);
  for (const w of stopwords) if (w.includes('\n')) throw new Error('a stopword contains a newline');
  return stopwords;
}

export function generate(): Uint8Array {
  return packDictionary(segmentitWords(), segmentitStopwords());
}

if (process.argv[1] && process.argv[1].endsWith('build-segment-dictionary.ts')) {
  const bytes = generate();
  if (process.argv.includes('--check')) {
    if (!Buffer.from(bytes).equals(readFileSync(TARGET))) {
      console.error(`${TARGET} is out of date with node_modules/segmentit: regenerate it (and expect Chinese fingerprints to change).`);
      process.exit(1);
    }
    console.log('zh-dictionary.bin is up to date');
  } else {
    writeFileSync(TARGET, bytes);
    console.log(`wrote ${TARGET} (${(bytes.length / 1e6).toFixed(2)} MB)`);
  }
}
