import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { hashFeature, hashRange } from '../../src/core/feature-hash';
import { hashFeatures } from '../../src/core/feature-table';
import { joinHardWraps } from '../../src/core/hard-wraps';
import { featureStream, featureStreamByParagraph, weightedFeatures, type FeatureDeps } from '../../src/core/features';
import type { Fingerprint } from '../../src/core/fingerprint64';
import {
  isAnchorHash, passageKey, PARAGRAPH_MIN_FEATURES, PASSAGE_MAX_FEATURES, PASSAGE_MIN_FEATURES,
} from '../../src/core/passages';
import { CHUNK_HEAD_FEATURES, hasChunkHeads } from '../../src/core/chunk-heads';
import { chunkSketch } from '../../src/core/passage-sketch';
import { FINGERPRINT_SCHEME, PARAGRAPH_SCHEME, passageMeasure, passageSampleSize, probedPassages, type FingerprintScheme } from '../../src/core/scheme';
import { signDocument } from '../../src/core/sign-document';
import { simhash } from '../../src/core/simhash';
import { measureText } from '../../src/core/text-length';
import { foldText, measureFolded, tokenize } from '../../src/core/tokenize';
import { lengthUnits, type DocumentSignature } from '../../src/core/verdict';

/**
 * What signDocument computes, written the plain way (docs/detection.md):
 * tokens, the feature stream and its weights (tf^1.5, rounded) as strings and Maps,
 * SimHash by simhash(); passages cut, paragraph by paragraph (a blank line
 * ends one; one of fewer than PARAGRAPH_MIN_FEATURES features gives none),
 * where an anchor feature ends a chunk of at least PASSAGE_MIN_FEATURES (or
 * at PASSAGE_MAX_FEATURES), a short tail joined to the paragraph's chunk
 * before; the scheme's passageSampleSize distinct passages of smallest key, and
 * the next ones up to probedPassages as the unsampled ones; with sketches,
 * the prose total: the length of every line of PARAGRAPH_MIN_FEATURES
 * features or more, once lines wrapped at a width are joined (the
 * paragraphs of one sentence each below are such lines); with sketches, in a
 * text of more words than CJK characters, the heads of the sampled chunks
 * longer than CHUNK_HEAD_FEATURES (the sketch of their first features).
 * signDocument gets there in one pass without a string
 * per word, and must give exactly this (the prose total to rounding).
 */
function specification(text: string, scheme: FingerprintScheme = FINGERPRINT_SCHEME): DocumentSignature {
  const tokens = tokenize(text);
  const { features, paragraphs } = featureStreamByParagraph(foldText(text));
  const starts = [0, ...paragraphs, features.length];
  const byParagraph = starts.slice(1).map((end, p) => features.slice(starts[p], end));
  const sketches = passageMeasure(scheme) === 'sketch';
  const chunks = specifiedChunks(byParagraph, sketches, scheme);
  const probed = chunks.map((c) => c.fp);
  const length = measureText(text);
  const sample = passageSampleSize(scheme);
  // Chunk heads: the sketch of the first CHUNK_HEAD_FEATURES features of each sampled chunk longer than that, where features are words.
  const heads = sketches && hasChunkHeads(length) ? chunks.slice(0, sample).filter((c) => c.features.length > CHUNK_HEAD_FEATURES).map((c) => chunkPassage(c.features.slice(0, CHUNK_HEAD_FEATURES), true)) : [];
  return {
    fingerprint: simhash(waterFill(weightedFeatures(tokens))),
    passages: probed.slice(0, sample),
    ...(heads.length > 0 ? { heads } : {}),
    unsampled: probed.slice(sample),
    sampleSize: sample,
    measure: passageMeasure(scheme),
    length,
    ...(sketches ? { proseTotal: expect.closeTo(proseTotal(foldText(text)), 6) as number } : {}),
  };
}

/** The length of the lines of `folded` with PARAGRAPH_MIN_FEATURES features or more, wrapped lines read joined (hard-wraps.ts). */
function proseTotal(folded: string): number {
  const lines = (joinHardWraps(folded) ?? folded).split('\n').filter((line) => line.trim() !== '');
  const { features, paragraphs } = featureStreamByParagraph(lines.join('\n\n'));
  const starts = [0, ...paragraphs, features.length];
  return lines.reduce((total, line, i) => (starts[i + 1]! - starts[i]! >= PARAGRAPH_MIN_FEATURES ? total + lengthUnits(measureFolded(line)) : total), 0);
}

/**
 * Scheme 3's cap by its definition: the largest integer level T (at least 1)
 * at which the two heaviest of min(w, T) hold at most half of Σ min(w, T)²,
 * found by trying every level from the heaviest weight down.
 */
function waterFill(weights: Map<string, number>): Map<string, number> {
  const sorted = [...weights.values()].filter((w) => w > 0).sort((a, b) => b - a);
  const holds = (level: number): boolean => {
    const cut = sorted.map((w) => Math.min(w, level));
    const squares = cut.reduce((sum, w) => sum + w * w, 0);
    return (cut[0] ?? 0) ** 2 + (cut[1] ?? 0) ** 2 <= squares / 2;
  };
  if (holds(Infinity)) return weights;
  let level = sorted[0] as number;
  while (level > 1 && !holds(level)) level--;
  return new Map([...weights].map(([feature, w]) => [feature, Math.min(w, level)]));
}

function paragraphChunks(features: readonly string[]): string[][] {
  const hash = new Uint32Array(2);
  const chunks: string[][] = [];
  let chunk: string[] = [];
  for (const feature of features) {
    chunk.push(feature);
    hashFeature(feature, hash);
    const anchor = isAnchorHash(hash[0] as number, hash[1] as number);
    if ((anchor && chunk.length >= PASSAGE_MIN_FEATURES) || chunk.length >= PASSAGE_MAX_FEATURES) {
      chunks.push(chunk);
      chunk = [];
    }
  }
  if (chunk.length > 0) {
    const last = chunks[chunks.length - 1];
    if (last && chunk.length < PASSAGE_MIN_FEATURES) last.push(...chunk);
    else chunks.push(chunk);
  }
  return chunks;
}

/** A chunk's SimHash (scheme 5), or its sketch (scheme 6: chunkSketch of the chunk's features alone, its own tests in passage-sketch.test.ts). */
function chunkPassage(chunk: readonly string[], sketches: boolean): Fingerprint {
  if (sketches) return chunkSketch(hashFeatures(chunk), 0, chunk.length);
  const counts = new Map<string, number>();
  for (const feature of chunk) counts.set(feature, (counts.get(feature) ?? 0) + 1);
  return simhash(waterFill(new Map([...counts].map(([feature, tf]) => [feature, Math.round(tf ** 1.5)] as const))));
}

/** Scheme 5 keeps no passage of a one-chunk text (its whole fingerprint stands for it); scheme 6 keeps its one sketch. The passages kept, with their chunks' features. */
function specifiedChunks(paragraphs: ReadonlyArray<readonly string[]>, sketches: boolean, scheme: FingerprintScheme): Array<{ fp: Fingerprint; features: readonly string[] }> {
  const chunks = paragraphs.filter((p) => p.length >= PARAGRAPH_MIN_FEATURES).flatMap(paragraphChunks);
  if (chunks.length === 0 || (chunks.length === 1 && !sketches)) return [];
  const keyed = chunks.map((c) => {
    const fp = chunkPassage(c, sketches);
    return { fp, key: passageKey(fp), features: c };
  });
  keyed.sort((a, b) => a.key - b.key || a.fp.hi - b.fp.hi || a.fp.lo - b.fp.lo);
  const distinct = keyed.filter((k, i) => i === 0 || k.key !== (keyed[i - 1] as (typeof keyed)[number]).key);
  return distinct.slice(0, probedPassages(scheme));
}

const paragraph = (words: string, times: number): string => Array.from({ length: times }, (_, i) => `${words} ${i}`).join('\n\n');
/** `times` paragraphs of `words` said three times, each long enough for passages of its own. */
const longParagraphs = (words: string, times: number): string => Array.from({ length: times }, (_, i) => `${words} ${i} ${words} ${words}`).join('\n\n');

/** Both engines of documentFeatures: the WebAssembly one (the default where it runs) and the JavaScript FeatureTable. */
const ENGINES: [string, FeatureDeps][] = [['WebAssembly', {}], ['JavaScript', { webAssembly: undefined }]];

describe.each(ENGINES)('signDocument gives exactly the specified signature (%s)', (_engine, deps) => {
  test.each([
    ['English', paragraph('The quick brown fox jumps over the lazy dog; simhash fingerprints find reposts of articles.', 40)],
    ['French with elisions and accents', paragraph("L'assemblée a voté d'urgence la loi, qu'elle même avait été préparée à Paris.", 40)],
    ['Chinese', paragraph('我们今天讨论交换机的安装工作和技术性器件，这项工作需要大量的准备。', 30)],
    ['Chinese and English mixed', paragraph('微软 Windows 更新了系统，用户可以在 settings 里面找到新的功能。', 30)],
    ['Japanese', paragraph('これは日本語の文章です。東京都の経済対策を決定した。', 30)],
    ['English words before the first Japanese character', `${'Reposts and fingerprints, '.repeat(20)}${paragraph('これは日本語の文章です。東京都の経済対策を決定した。', 30)}`],
    ['Japanese with a kanji-only stretch', paragraph('ひらがなのぶんしょう 経済対策決定 カタカナ', 30)],
    ['Japanese in kana alone (no token mixes Han and kana, so Chinese-looking tokens would split)', paragraph('ひらがなのぶんしょう カタカナ です', 30)],
    ['an English article with one Japanese paragraph, which makes the text Japanese', `${longParagraphs('The quick brown fox jumps over the lazy dog; simhash fingerprints find reposts.', 8)}\n\nこれは日本語の文章です。東京都の経済対策を決定した。`],
    ['Thai', paragraph('ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรคระหว่างคำ', 30)],
    ['Korean and Cyrillic', paragraph('안녕하세요 세계 Привет мир большой текст', 30)],
    ['emoji and astral letters', paragraph('😀 reposts 𝐁𝐨𝐥𝐝 text 𠀀𠀁 and 🎉 more words here', 30)],
    ['invisible characters inside words', paragraph('sim\u200bhash dup\u00adlicate re\u200dpost \u202Ebidi\u202C text \ufeffbom', 30)],
    ['full-width forms and ligatures', paragraph('ＳｉｍＨａｓｈ　１２３ ﬁnding ＡＢＣ ｶﾀｶﾅ', 30)],
    ['surrogate halves that removing invisible characters joins', 'x \ud835\u200b\udc01a \u3099\ud835\u202e\ude00\ufeff11 \ud835\ufeff\udc01 1'],
    ['English, paragraphs with passages of their own', longParagraphs('The quick brown fox jumps over the lazy dog; simhash fingerprints find reposts of articles.', 20)],
    ['more chunks than a sample: the next ones by key are the unsampled ones', longParagraphs('Each paragraph of a long page is a chunk the index may be asked for.', 150)],
    ['Chinese, paragraphs with passages of their own', longParagraphs('我们今天讨论交换机的安装工作和技术性器件，这项工作需要大量的准备。', 15)],
    ['paragraphs between blank lines of spaces and tabs, and lines of one word', longParagraphs('Reposts keep the words of an article and change the frame around them.', 12).replaceAll('\n\n', '\n \t\nAdvertisement\n\n\n')],
    ['one chunk', 'A short note about passages and fingerprints.'],
    ['empty', ''],
  ])('%s', (_name, text) => {
    expect(signDocument(text, deps)).toEqual(specification(text));
    expect(signDocument(text, deps, PARAGRAPH_SCHEME)).toEqual(specification(text, PARAGRAPH_SCHEME));
  });

  const piece = fc.oneof(
    fc.constantFrom('the', 'The', 'and', 'même', 'été', 'a', 'l\'', 'd', '3', 'x', 'repost', 'ÉTÉ', 'Σ', 'ﬁ', 'a\u0301', '\u3099'),
    fc.constantFrom('中文', '交换机的安装工作', '的', '的确是我们的', '起源𠀀的', 'ไทย', 'ภาษา', 'かな', 'これは日本語です', '한국어', '😀', '𠀀', '\ud800', '\udc00'),
    fc.constantFrom('\u200B', '\u00AD', '\u202E', '\ufeff', ' ', '\n\n', '\t', '.', ', ', '—', '<p>'),
    fc.lorem({ maxCount: 6 }),
    fc.string({ unit: 'binary', maxLength: 6 }),
  );
  const text = fc.array(piece, { maxLength: 600 }).map((parts) => parts.join(''));

  test('on random mixes of scripts, stopwords, invisible characters and lone surrogates', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(signDocument(t, deps)).toEqual(specification(t));
        // Reading by paragraph gives the features of the whole text.
        expect(featureStreamByParagraph(foldText(t)).features).toEqual(featureStream(tokenize(t)));
      }),
      { numRuns: 300, interruptAfterTimeLimit: 8_000 },
    );
  });

  // Short strings over the characters where tokens and length counts part
  // ways: surrogate halves that invisible characters separate (removing them
  // joins the halves), marks, and ASCII around them.
  const tricky = fc
    .array(fc.constantFrom('a', '1', ' ', '’', '\u0301', '\u200b', '\ufeff', '\ud835', '\udc01', '中', 'ก'), { minLength: 3, maxLength: 12 })
    .map((units) => units.join(''));

  test('on short strings of surrogate halves, invisible characters, marks and ASCII', () => {
    fc.assert(
      fc.property(tricky, (t) => {
        expect(signDocument(t, deps)).toEqual(specification(t));
      }),
      { numRuns: 5_000, interruptAfterTimeLimit: 8_000 },
    );
  });
});

describe('hashFeatures', () => {
  test('one id per distinct feature, in order of first appearance, with its count and hash', () => {
    const f = hashFeatures(['b', 'a', 'b', '中', 'b']);
    expect([...f.ids]).toEqual([0, 1, 0, 2, 0]);
    expect([...f.counts]).toEqual([3, 1, 1]);
    const h = new Uint32Array(2);
    hashFeature('中', h);
    expect([f.hi[2], f.lo[2]]).toEqual([h[0], h[1]]);
  });
});

describe('hashRange', () => {
  test('hashes a slice where it lies, as hashFeature hashes the slice', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.nat(), fc.nat(), (s, a, b) => {
        const start = Math.min(a, b) % (s.length + 1);
        const end = start + ((Math.max(a, b) - Math.min(a, b)) % (s.length - start + 1));
        const whole = new Uint32Array(2);
        const ranged = new Uint32Array(2);
        hashFeature(s.slice(start, end), whole);
        hashRange(s, start, end, ranged);
        expect(ranged).toEqual(whole);
      }),
    );
  });
});
