/**
 * A short page being checked is also looked up by its runs of whole
 * sentences (core/sentence-runs.ts): an answer pasted together from a
 * source's sentences, lightly edited, names its source as a quote although
 * none of its own chunks is one of the source's
 * (docs/decisions/0056-sentence-runs.md).
 */
import { describe, expect, it } from 'vitest';
import { FINGERPRINT_SCHEME, foldText, judge, probedPassages, signCheckedDocument, signDocument, type DocumentSignature } from '../../src/core';
import { SENTENCE_RUN_MAX_FEATURES, sentenceRuns } from '../../src/core/sentence-runs';
import { PASSAGE_MIN_FEATURES, passagesMatch } from '../../src/core/passages';
import { detectionFixture } from '../support/detection-fixture';
import { PASTED_ANSWERS, pastedAnswer } from '../support/pasted-answer';

const fixture = detectionFixture;
/** The checked page's signature as before sentence runs: a short page has no unsampled chunks, so only runs (and the chunk heads it asks, decisions/0082) are left out. */
const withoutRuns = (s: DocumentSignature): DocumentSignature => ({ ...s, unsampled: [], headsAsked: [] });

describe('sentenceRuns', () => {
  const budget = probedPassages(FINGERPRINT_SCHEME);

  it.each([
    ['English sentences', 'One two three four five six seven eight nine ten eleven twelve. Alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu! Red orange yellow green blue indigo violet white black grey pink brown?'],
    ['Chinese sentences, full-width marks folded to ASCII', '今天我们讨论人工智能技术的快速发展和广泛应用。它已经改变了很多行业的工作方式！你觉得这种变化会持续下去吗？'],
    ['Chinese sentences ending in an ASCII full stop', '今天我们讨论人工智能技术的快速发展和广泛应用.它已经改变了很多行业的工作方式.你觉得这种变化会持续下去吗.'],
  ])('sketches every run of whole sentences: %s', (_what, text) => {
    const runs = sentenceRuns(foldText(text), budget, []);
    // Three sentences of PASSAGE_MIN_FEATURES or more, each alone and in the runs they start that fit SENTENCE_RUN_MAX_FEATURES.
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(new Set(runs.map((r) => `${r.hi}:${r.lo}`)).size).toBe(runs.length);
  });

  it('never joins sentences of two paragraphs', () => {
    const a = 'One two three four five six seven eight nine ten eleven twelve.';
    const b = 'Alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu.';
    expect(sentenceRuns(foldText(`${a}\n\n${b}`), budget, [])).toHaveLength(2);
    expect(sentenceRuns(foldText(`${a} ${b}`), budget, [])).toHaveLength(3);
  });

  it('gives no run shorter than a chunk may be, nor longer than SENTENCE_RUN_MAX_FEATURES', () => {
    expect(sentenceRuns(foldText('Too short to be a passage here.'), budget, [])).toEqual([]);
    const long = Array.from({ length: SENTENCE_RUN_MAX_FEATURES + 5 }, (_, i) => `word${i}`).join(' ') + '.';
    expect(sentenceRuns(foldText(long), budget, [])).toEqual([]);
    expect(PASSAGE_MIN_FEATURES).toBeLessThan(SENTENCE_RUN_MAX_FEATURES);
  });

  it('gives all runs or none: none once they are more than the budget', () => {
    const text = fixture('readability-mozilla-1');
    const all = sentenceRuns(foldText(text), 10_000, []);
    expect(all.length).toBeGreaterThan(10);
    expect(sentenceRuns(foldText(text), all.length, [])).toHaveLength(all.length);
    expect(sentenceRuns(foldText(text), all.length - 1, [])).toEqual([]);
    expect(sentenceRuns(foldText(text), 0, [])).toEqual([]);
  });

  it('leaves out the passages it is told the page already has', () => {
    const text = fixture('readability-mozilla-1');
    const all = sentenceRuns(foldText(text), 10_000, []);
    expect(sentenceRuns(foldText(text), 10_000, all.slice(0, 3))).toEqual(all.slice(3));
  });
});

describe('a short answer pasted from a source, a word dropped from each sentence', () => {
  it.each(PASTED_ANSWERS)('%s: names the source as a quote; by its own chunks alone it did not', (_what, source, runs, own, joiner) => {
    const earlier = signDocument(fixture(source));
    const answer = pastedAnswer(fixture(source), runs, own, joiner);
    const checked = signCheckedDocument(answer);
    expect(signDocument(answer).unsampled).toEqual([]);
    expect(judge(earlier, checked).verdict).toBe('quote');
    expect(judge(earlier, withoutRuns(checked)).verdict).toBe('different');
    const runsHit = checked.unsampled!.filter((run) => earlier.passages.some((p) => passagesMatch(run, p, 3, 'sketch')));
    const passagesHit = earlier.passages.filter((p) => checked.unsampled!.some((run) => passagesMatch(run, p, 3, 'sketch')));
    expect(runsHit.length).toBeGreaterThan(0);
    // What the popup shows, "N passages in common": the article's passages found, not the overlapping runs that found them.
    expect(judge(earlier, checked).sharedPassages).toBe(passagesHit.length);
  });
});
