import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { hashFeatures } from '../../src/core/feature-table';
import { featureStreamByParagraph } from '../../src/core/features';
import { fingerprintFromHex } from '../../src/core/fingerprint64';
import { chunkSketch, SKETCH_SHINGLE } from '../../src/core/passage-sketch';
import { chunkBoundaries, passagesMatch, rangeFingerprints } from '../../src/core/passages';
import { FINGERPRINT_SCHEME } from '../../src/core/scheme';
import { sketchDistance } from '../../src/core/sketch-distance';
import { foldText } from '../../src/core/tokenize';

const PRACTICE = resolve(import.meta.dirname, '../../../shared/data/neardup-practice');

/** The practice set's source articles of a script (its docs.tsv). */
function practice(script: string): string[] {
  const rows = readFileSync(resolve(PRACTICE, 'docs.tsv'), 'utf8').trim().split('\n').slice(1).map((line) => line.split('\t'));
  return rows.filter((row) => row[2] === 'orig' && row[5] === script).map(([id]) => readFileSync(resolve(PRACTICE, 'docs', `${id}.txt`), 'utf8'));
}

/** Each content-defined chunk of a text, as its feature strings (scheme 6 cuts as 5 did). */
function chunks(text: string): string[][] {
  const { features, paragraphs } = featureStreamByParagraph(foldText(text, FINGERPRINT_SCHEME));
  return chunkBoundaries(hashFeatures(features, paragraphs)).map(([start, end]) => features.slice(start, end));
}

const sketch = (chunk: readonly string[]) => chunkSketch(hashFeatures(chunk), 0, chunk.length);
const simhash = (chunk: readonly string[]) => rangeFingerprints(hashFeatures(chunk), [[0, chunk.length]], true)[0]!;

/**
 * The light edits of eval/short-answers.ts, one per chunk, in its middle,
 * with the share of chunks whose sketch at least stays within k = 3 of the
 * chunk's, and the share of SimHashes that do at most. Measured on the
 * practice chunks (2,488 Latin, 1,222 Chinese): a dropped word keeps 0.75
 * (Latin) and 0.79 (Chinese) of the sketches and 0.20–0.24 of the SimHashes;
 * a doubled one 0.91–0.95 and 0.12–0.14; a swap 0.51–0.60 of the sketches
 * (three pairs change) and every SimHash, which ignores order.
 */
const EDITS: Array<[string, (chunk: string[]) => string[], number, number]> = [
  ['a word dropped', (c) => [...c.slice(0, c.length >> 1), ...c.slice((c.length >> 1) + 1)], 0.7, 0.3],
  ['a word doubled', (c) => [...c.slice(0, c.length >> 1), c[c.length >> 1]!, ...c.slice(c.length >> 1)], 0.85, 0.2],
  ['two words swapped', (c) => [...c.slice(0, c.length >> 1), c[(c.length >> 1) + 1]!, c[c.length >> 1]!, ...c.slice((c.length >> 1) + 2)], 0.5, 1],
];

describe('sketchDistance: bytes that differ, not bits', () => {
  test.each([
    ['the same sketch', '0123456789abcdef', '0123456789abcdef', 0],
    ['one bit in each of three bytes', '0123456789abcdef', '0122456689abcdee', 3],
    ['every bit of one byte', '0123456789abcdef', 'fe23456789abcdef', 1],
    ['every byte', '0123456789abcdef', '1032547698badcfe', 8],
  ])('%s → %i', (_name, a, b, distance) => {
    expect(sketchDistance(fingerprintFromHex(a), fingerprintFromHex(b))).toBe(distance);
  });
});

describe('chunkSketch', () => {
  test('depends on the set of feature pairs: not on how often a pair occurs, but on the order within one', () => {
    const pairs = ['reposts', 'copies', 'reposts', 'copies'];
    expect(SKETCH_SHINGLE).toBe(2);
    expect(sketch([...pairs, 'reposts', 'copies'])).toEqual(sketch(pairs));
    expect(sketch(['reposts', 'keep', 'words', 'article'])).not.toEqual(sketch(['article', 'words', 'keep', 'reposts']));
  });

  test('a chunk shorter than a shingle is one element', () => {
    expect(sketch(['reposts'])).toEqual(sketch(['reposts']));
    expect(sketch(['reposts'])).not.toEqual(sketch(['copies']));
  });

  describe.each([['Latn'], ['Hans']])('%s practice chunks of 16 features or more', (script) => {
    const all = practice(script).flatMap(chunks).filter((c) => c.length >= 16);

    test.each(EDITS)('%s: sketches within k = 3 of the chunk’s ≥ %f, SimHashes ≤ %f', (_name, edit, sketches, simhashes) => {
      const kept = (of: (c: readonly string[]) => { hi: number; lo: number }, measure: 'simhash' | 'sketch') =>
        all.filter((c) => passagesMatch(of(c), of(edit(c)), 3, measure)).length / all.length;
      expect(kept(sketch, 'sketch')).toBeGreaterThanOrEqual(sketches);
      expect(kept(simhash, 'simhash')).toBeLessThanOrEqual(simhashes);
    });
  });

  test('chunks of different articles do not match', () => {
    const articles = practice('Latn').slice(0, 30).map((text) => chunks(text).map(sketch));
    let matches = 0;
    articles.forEach((a, i) => articles.forEach((b, j) => {
      if (i < j) for (const x of a) for (const y of b) if (passagesMatch(x, y, 3, 'sketch')) matches++;
    }));
    expect(matches).toBe(0);
  });
});
