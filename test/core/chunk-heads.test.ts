import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judge, signCheckedDocument, signDocument } from '../../src/core';
import { CHUNK_HEAD_FEATURES, chunkHeads, paragraphEndHeads } from '../../src/core/chunk-heads';
import { documentFeatures } from '../../src/core/features';
import { chunkBoundaries, passagesMatch } from '../../src/core/passages';
import { chunkSketch } from '../../src/core/passage-sketch';
import { foldText } from '../../src/core/tokenize';
import { inMiddleOf, sentencesOf } from '../../eval/quoted-passages';
import { useDictionaryFile } from '../../src/cli/dictionary-file';

useDictionaryFile();
const fixture = (name: string): string => readFileSync(join(__dirname, '../fixtures/detection', `${name}.txt`), 'utf8');
const featuresOf = (text: string) => documentFeatures(foldText(text), {}, true).features;

describe('chunk heads (chunk-heads.ts)', () => {
  it('are the sketch of the first CHUNK_HEAD_FEATURES features of each chunk longer than that', () => {
    const f = featuresOf(fixture('readability-cnet'));
    const ranges = chunkBoundaries(f);
    const long = ranges.filter(([start, end]) => end - start > CHUNK_HEAD_FEATURES);
    expect(long.length).toBeGreaterThan(0);
    expect(chunkHeads(f, ranges)).toEqual(long.map(([start]) => chunkSketch(f, start, start + CHUNK_HEAD_FEATURES)));
  });

  it('are asked by a page for its chunks that end where their paragraph ends', () => {
    const text = `${'Reposts copy articles word for word, and a fingerprint of their text finds them again later. '.repeat(3)}\n\n${'Short answers quote a sentence or two of a source between the words of their own writer. '.repeat(3)}`;
    const f = featuresOf(text);
    const ranges = chunkBoundaries(f);
    const ends = new Set([f.ids.length, ...(f.paragraphs ?? [])]);
    const asked = ranges.filter(([start, end]) => end - start >= CHUNK_HEAD_FEATURES && ends.has(end));
    expect(asked.length).toBe(2);
    expect(paragraphEndHeads(f, ranges)).toEqual(asked.map(([start]) => chunkSketch(f, start, start + CHUNK_HEAD_FEATURES)));
  });

  it.each([
    ['English', 'readability-cnet', true],
    ['Chinese: a chunk of 32 characters is shorter than a quote of a few hundred', 'cwc-bbdf5079', false],
  ])('are kept for a text whose features are words: %s', (_what, name, kept) => {
    expect(signDocument(fixture(name)).heads !== undefined).toBe(kept);
    expect(signCheckedDocument(fixture(name)).headsAsked !== undefined).toBe(kept);
  });

  it('find a quote of a few sentences from inside a paragraph, which holds no whole chunk of the article (was different)', () => {
    const article = signDocument(fixture('readability-cnet'));
    const page = signCheckedDocument(inMiddleOf(fixture('readability-dropbox-blog'), sentencesOf(fixture('readability-cnet'), 300) as string));
    expect(judge({ ...article, heads: undefined }, page).verdict).toBe('different');
    expect(judge(article, page)).toMatchObject({ verdict: 'quote', sharedPassages: 1 });
  });

  it('at the sentences of a short answer find a paragraph\'s opening sentences copied between its own (was different)', () => {
    const sentences = (text: string): string[] => text.split(/(?<=[.!?])\s+/).filter((sentence) => sentence.trim() !== '');
    const own = sentences(fixture('readability-mozilla-2').replace(/\n+/g, ' ')).slice(10, 16);
    const source = fixture('readability-herald-sun-1');
    const copied = sentences(source.split(/\n\s*\n/)[5] as string).slice(0, 2);
    const text = [...own.slice(0, 3), ...copied, ...own.slice(3)].join(' ');
    const answer = signCheckedDocument(text);
    const article = signDocument(source);
    // Its one paragraph's chunks end at anchors of its own sentences: only the last one's head is asked there.
    const f = featuresOf(text);
    expect(judge(article, { ...answer, headsAsked: paragraphEndHeads(f, chunkBoundaries(f)) }).verdict).toBe('different');
    expect(judge(article, answer).verdict).toBe('quote');
  });

  it('of two different articles match none of each other', () => {
    const names = ['readability-cnet', 'readability-dropbox-blog', 'readability-herald-sun-1', 'readability-mozilla-1', 'readability-mozilla-2', 'readability-nytimes-5', 'readability-quanta-1'];
    const heads = names.map((name) => signDocument(fixture(name)).heads ?? []);
    heads.forEach((a, i) => heads.forEach((b, j) => {
      if (i !== j) expect(a.some((p) => b.some((q) => passagesMatch(p, q, 3, 'sketch')))).toBe(false);
    }));
  });
});
