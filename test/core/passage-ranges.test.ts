import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { hashFeatures } from '../../src/core/feature-table';
import { featureStream, featureStreamByParagraph, withDocumentFeatures } from '../../src/core/features';
import { fingerprintToHex, type Fingerprint } from '../../src/core/fingerprint64';
import { passageRanges } from '../../src/core/passage-ranges';
import { chunkBoundaries, keepPassages } from '../../src/core/passages';
import { chunkSketches } from '../../src/core/passage-sketch';
import { FINGERPRINT_SCHEME, FINGERPRINT_SCHEMES, PARAGRAPH_SCHEME, passageMeasure, passageSampleSize, WEIGHT_CAP_SCHEME, type FingerprintScheme } from '../../src/core/scheme';
import { signDocument } from '../../src/core/sign-document';
import { foldText, tokenizeFolded } from '../../src/core/tokenize';

const PRACTICE = resolve(import.meta.dirname, '../../../shared/data/neardup-practice');

/** The practice set's source articles of one script (Latn, Hans, Hant, Jpan), from its docs.tsv. */
function practice(script: string): Array<[string, string]> {
  const rows = readFileSync(resolve(PRACTICE, 'docs.tsv'), 'utf8').trim().split('\n').slice(1).map((line) => line.split('\t'));
  return rows.filter((row) => row[2] === 'orig' && row[5] === script).map(([id]) => [id as string, readFileSync(resolve(PRACTICE, 'docs', `${id}.txt`), 'utf8')]);
}

const hex = (fingerprints: readonly Fingerprint[]) => fingerprints.map(fingerprintToHex);

/** Each chunk's features, as signDocument cuts the stream. */
function chunkFeatures(text: string, scheme: FingerprintScheme = FINGERPRINT_SCHEME): string[][] {
  const folded = foldText(text, scheme);
  const { features, paragraphs } = scheme >= PARAGRAPH_SCHEME ? featureStreamByParagraph(folded) : { features: featureStream(tokenizeFolded(folded)), paragraphs: undefined };
  return chunkBoundaries(hashFeatures(features, paragraphs)).map(([start, end]) => features.slice(start, end));
}

const SCRIPTS = ['Latn', 'Hans', 'Hant', 'Jpan'];

describe('passageRanges: the fingerprints are the passages signDocument computes', () => {
  describe.each(SCRIPTS)('%s practice texts', (script) => {
    const texts = practice(script);

    test.each(FINGERPRINT_SCHEMES)('scheme %i: every chunk as both feature engines give it, the kept passages among them', (scheme) => {
      for (const [id, text] of texts) {
        const ranges = hex(passageRanges(text, {}, scheme).map((range) => range.fingerprint));
        const capped = scheme >= WEIGHT_CAP_SCHEME;
        for (const webAssembly of [WebAssembly, undefined]) {
          const sketches = passageMeasure(scheme) === 'sketch';
          const chunks = withDocumentFeatures(foldText(text, scheme), { webAssembly }, (features) => hex(sketches ? chunkSketches(features.hashed()) : features.chunks(capped)), scheme >= PARAGRAPH_SCHEME);
          expect(ranges, `${id}, ${webAssembly ? 'WebAssembly' : 'JavaScript'}`).toEqual(chunks);
        }
        const all = passageRanges(text, {}, scheme).map((range) => range.fingerprint);
        // A one-chunk text keeps its sketch (sign-document.ts keptSketches); a SimHash one keeps none.
        const kept = all.length === 1 && passageMeasure(scheme) === 'sketch' ? all : keepPassages(all, passageSampleSize(scheme));
        expect(hex(kept), id).toEqual(hex(signDocument(text, {}, scheme).passages));
      }
    });
  });
});

describe('passageRanges: each range is the text its chunk was read from', () => {
  test.each(['Latn'])('%s: the text of each range, read alone, is exactly its chunk\'s features', (script) => {
    for (const [id, text] of practice(script)) {
      const expected = chunkFeatures(text);
      passageRanges(text).forEach(({ start, end }, index) => {
        expect(featureStream(tokenizeFolded(foldText(text.slice(start, end)))), `${id} chunk ${index}`).toEqual(expected[index]);
      });
    }
  });

  // Segmentation and phrase folding look past a cut, so the texts are compared in scheme 1, without script folding.
  test.each(['Hans', 'Hant', 'Jpan'])('%s: each range starts at its chunk\'s first feature and ends with its last', (script) => {
    for (const [id, text] of practice(script)) {
      const expected = chunkFeatures(text, 1);
      passageRanges(text, {}, 1).forEach(({ start, end }, index) => {
        const features = expected[index] as string[];
        const folded = foldText(text.slice(start, end), 1);
        expect(folded.startsWith(features[0] as string) && folded.endsWith(features[features.length - 1] as string), `${id} chunk ${index}: ${folded}`).toBe(true);
      });
    }
  });

  const LATIN = 'Reposting tools copy whole articles from one site to another, wrap them in their own header and footer, and hope nobody notices. ';
  test.each([
    ['full-width letters map back to the characters shown', LATIN.replace('Reposting', 'Ｒｅｐｏｓｔｉｎｇ'), 'Ｒｅｐｏｓｔｉｎｇ'],
    ['a ligature NFKC expands maps back to the one character', LATIN.replace('whole', 'who\uFB02e'), 'Reposting'],
    ['a combining accent stays with its letter', LATIN.replace('Reposting', 'Re\u0301posting'), 'Re\u0301posting'],
  ])('%s', (_name, paragraph, begins) => {
    const text = paragraph.repeat(12);
    const ranges = passageRanges(text);
    expect(ranges.length).toBeGreaterThan(1);
    expect(text.slice(ranges[0]!.start).startsWith(begins)).toBe(true);
    expect(ranges[ranges.length - 1]!.end).toBe(text.trimEnd().length - 1);
    for (let k = 1; k < ranges.length; k++) expect(ranges[k]!.start).toBeGreaterThanOrEqual(ranges[k - 1]!.end);
  });

  test('Traditional Chinese folded by phrase ("通訊" → "通信") keeps its place in the text', () => {
    const paragraph = '我們公司的通訊網路在去年完成了全面升級，用戶數量增加了一倍，服務品質也有明顯的提升。';
    const text = paragraph.repeat(8);
    const ranges = passageRanges(text);
    expect(ranges.length).toBeGreaterThan(1);
    for (const { start, end } of ranges) expect(text.slice(start, end)).not.toBe('');
    expect(ranges[ranges.length - 1]!.end).toBe(text.length - 1);
  });
});
